"""`boyi.solve` on a game written in Python with about 10^6 reachable
positions, beside (a) a Python loop that only calls the game's `moves` and
`play` once per position (the floor no solver driving Python callbacks can
beat) and (b) the memoised recursive solver a user would write. Prints the
median of RUNS runs each, interleaved, and the ratios.

    python crates/boyi-py/bench/solve_bench.py [SIDE] [RUNS]

The game: two heaps of SIDE - 1 (so SIDE^2 positions); a move takes 1 or 2
from one heap, or 1 from both; whoever cannot move loses.
"""

import resource
import statistics
import sys
import threading
import time

import boyi


class TwoHeaps:
    def __init__(self, side):
        self.side = side

    def start(self):
        return (self.side - 1, self.side - 1)

    def moves(self, pos):
        x, y = pos
        out = []
        if x >= 1:
            out.append((1, 0))
        if x >= 2:
            out.append((2, 0))
        if y >= 1:
            out.append((0, 1))
        if y >= 2:
            out.append((0, 2))
        if x >= 1 and y >= 1:
            out.append((1, 1))
        return out

    def play(self, pos, move):
        return (pos[0] - move[0], pos[1] - move[1])


def floor(game):
    """Only the callbacks, once per position, and the set any solver needs."""
    start = game.start()
    seen = {start}
    queue = [start]
    for pos in queue:
        for move in game.moves(pos):
            child = game.play(pos, move)
            if child not in seen:
                seen.add(child)
                queue.append(child)
    return len(queue)


def memoised(game):
    """Win / lose with remoteness by memoised recursion, as a user writes it."""
    memo = {}

    def value(pos):
        if pos in memo:
            return memo[pos]
        best = None
        for move in game.moves(pos):
            won, r = value(game.play(pos, move))
            mine = (not won, r + 1)
            # the winner hurries, the loser delays
            if best is None or (mine[0] and (not best[0] or mine[1] < best[1])) or (
                not mine[0] and not best[0] and mine[1] > best[1]
            ):
                best = mine
        memo[pos] = best if best is not None else (False, 0)
        return memo[pos]

    result = []
    sys.setrecursionlimit(100_000)
    threading.stack_size(512 << 20)
    worker = threading.Thread(target=lambda: result.append(value(game.start())))
    worker.start()
    worker.join()
    return len(memo), result[0]


def with_boyi(game):
    solution = boyi.solve(game)
    return len(solution), solution.value()


def timed(f, game):
    started = time.perf_counter()
    answer = f(game)
    return time.perf_counter() - started, answer


def main():
    side = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    game = TwoHeaps(side)
    times = {"boyi.solve": [], "(a) callbacks only": [], "(b) memoised recursion": []}
    answers = {}
    for _ in range(runs):
        for name, f in (("boyi.solve", with_boyi), ("(a) callbacks only", floor), ("(b) memoised recursion", memoised)):
            seconds, answer = timed(f, game)
            times[name].append(seconds)
            answers[name] = answer
    positions, value = answers["boyi.solve"]
    won, r = answers["(b) memoised recursion"][1]
    assert positions == answers["(a) callbacks only"] == answers["(b) memoised recursion"][0]
    assert (value.kind, value.remoteness) == ("win" if won else "lose", r), (value, won, r)
    print(f"two heaps, side {side}: {positions} positions, start {value}; median of {runs} runs, interleaved")
    base = statistics.median(times["(a) callbacks only"])
    for name, ts in times.items():
        m = statistics.median(ts)
        print(f"  {name:24} {m:7.3f} s  (min {min(ts):.3f}, max {max(ts):.3f})  {m / base:.2f}x the callbacks alone")


def peak_of_solve():
    """Peak memory of one `boyi.solve` in a fresh process (ru_maxrss, KiB on Linux)."""
    side = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    solution = boyi.solve(TwoHeaps(side))
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"peak {after / 1024:.0f} MiB ({(after - before) * 1024 / len(solution):.0f} bytes a position over the interpreter's {before / 1024:.0f} MiB)")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--memory":
        peak_of_solve()
    else:
        main()

"""`boyi.solve` for every kind of value on games written in Python with
about 10^6 reachable positions, beside a Python loop that only calls each
position's `moves` and `play` once (the floor a solver driving Python
callbacks cannot beat). Prints the median of RUNS runs each, interleaved,
the ratio to the floor, positions a second, and (with --memory KIND) the
peak memory of one solve in a fresh process.

    python crates/boyi-py/bench/kinds_bench.py [SIDE] [RUNS]
    python crates/boyi-py/bench/kinds_bench.py --memory KIND [SIDE]

The games: two heaps of SIDE - 1 (SIDE^2 positions); a move takes 1 or 2
from one heap, or 1 from both. As a scored game each move earns what it
takes, and taking 2 gives a bonus turn.
"""

import resource
import statistics
import sys
import time

import boyi

MOVES = ((1, 0), (2, 0), (0, 1), (0, 2), (1, 1))


class TwoHeaps:
    def __init__(self, side):
        self.side = side

    def start(self):
        return (self.side - 1, self.side - 1)

    def moves(self, pos):
        x, y = pos
        return [m for m in MOVES if m[0] <= x and m[1] <= y]

    def play(self, pos, move):
        return (pos[0] - move[0], pos[1] - move[1])


class ScoredHeaps(TwoHeaps):
    def play(self, pos, move):
        taken = move[0] + move[1]
        return boyi.Step((pos[0] - move[0], pos[1] - move[1]), reward=taken, again=taken == 2 and move != (1, 1))


def floor(game):
    """Only the callbacks, once per position, and the set any solver needs."""
    start = game.start()
    seen = {start}
    queue = [start]
    for pos in queue:
        for move in game.moves(pos):
            child = game.play(pos, move)
            if isinstance(child, boyi.Step):
                child = child.position
            if child not in seen:
                seen.add(child)
                queue.append(child)
    return len(queue)


KINDS = {"outcome": TwoHeaps, "score": ScoredHeaps, "nimber": TwoHeaps, "misere": TwoHeaps}


def main():
    side = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    rows = []
    for kind, make in KINDS.items():
        game = make(side)
        solved, floors = [], []
        for _ in range(runs):
            started = time.perf_counter()
            solution = boyi.solve(game, values=kind)
            solved.append(time.perf_counter() - started)
            started = time.perf_counter()
            positions = floor(game)
            floors.append(time.perf_counter() - started)
            assert positions == len(solution)
        s, f = statistics.median(solved), statistics.median(floors)
        rows.append((kind, positions, s, f, solution.value()))
    print(f"two heaps, side {side}; median of {runs} runs each, interleaved with the floor")
    print("| values | positions | boyi.solve | callbacks only | ratio | positions/s | start |")
    print("|---|---|---|---|---|---|---|")
    for kind, n, s, f, v in rows:
        print(f"| {kind} | {n:,} | {s:.2f} s | {f:.2f} s | {s / f:.2f} | {n / s:,.0f} | {v} |")


def peak(kind, side):
    """Peak memory of one solve in this fresh process (ru_maxrss, KiB on Linux)."""
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    solution = boyi.solve(KINDS[kind](side), values=kind)
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    extra = (after - before) * 1024 / len(solution)
    print(f"{kind}: peak {after / 1024:.0f} MiB, {extra:.0f} bytes a position over the interpreter's {before / 1024:.0f} MiB")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--memory":
        peak(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 1000)
    else:
        main()

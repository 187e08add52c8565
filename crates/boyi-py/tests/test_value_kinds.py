"""Every kind of value from Python (issue 36), each against a plain Python
reference on random games: margins of scored DAGs with bonus turns,
nimbers of impartial DAGs with and without components, misère sums; and
two of the seeds' scored games written in a few lines each, against the
judge answers of `boyi solve`."""

import random

import pytest

import boyi

# ---------- scores ----------


class ScoredDag:
    """Positions 0..n-1, moves only to larger numbers; each move a reward
    and maybe a bonus turn; some positions ended by the rules with points
    still to come."""

    def __init__(self, rng, n):
        self.edges = []
        for v in range(n):
            out = []
            for _ in range(rng.randrange(4)):
                if v + 1 < n:
                    out.append((rng.randrange(v + 1, n), rng.randint(-3, 3), rng.random() < 0.3))
            self.edges.append(out)
        self.ended = {v: rng.randint(-4, 4) for v in range(n) if rng.random() < 0.15}

    def start(self):
        return 0

    def moves(self, pos):
        return list(range(len(self.edges[pos])))

    def play(self, pos, move):
        child, reward, again = self.edges[pos][move]
        return boyi.Step(child, reward=reward, again=again)

    def outcome(self, pos):
        return self.ended.get(pos)


def better(a, b):
    """Margin first; at an equal margin the winner hurries, the loser delays."""
    if a[0] != b[0]:
        return a[0] > b[0]
    return a[1] > b[1] if a[0] < 0 else a[1] < b[1]


def score_reference(game, pos, memo=None):
    memo = {} if memo is None else memo
    if pos in memo:
        return memo[pos]
    ended = game.outcome(pos)
    moves = game.moves(pos)
    if ended is not None or not moves:
        value = (ended or 0, 0)
    else:
        value = None
        for m in moves:
            step = game.play(pos, m)
            margin, length = score_reference(game, step.position, memo)
            v = (step.reward + margin if step.again else step.reward - margin, length + 1)
            if value is None or better(v, value):
                value = v
    memo[pos] = value
    return value


@pytest.mark.parametrize("seed", range(60))
def test_scores_with_bonus_turns_match_plain_negamax(seed):
    rng = random.Random(seed)
    game = ScoredDag(rng, rng.randrange(1, 40))
    solution = boyi.solve(game, values="score")
    assert solution.kind == "score"
    for pos in solution.positions():
        value = solution.value(pos)
        assert value.kind == "score"
        assert (value.score, value.remoteness) == score_reference(game, pos), pos
        moves = solution.moves(pos)
        if moves:
            # every move's value is its reward and the child's, best first
            listed = [(v.score, v.remoteness) for _, v in moves]
            assert listed[0] == (value.score, value.remoteness)
            assert all(not better(b, a) for a, b in zip(listed, listed[1:]))
    margins, lengths = solution.to_numpy()
    assert margins.dtype.name == "int64" and lengths.dtype.name == "int32"
    assert list(margins) == [solution.value(p).score for p in solution.positions()]


def test_a_scored_cycle_names_a_position():
    class Loop:
        def start(self):
            return "a"

        def moves(self, pos):
            return ["go"]

        def play(self, pos, move):
            return boyi.Step("b" if pos == "a" else "a", reward=1)

    with pytest.raises(ValueError, match="repeats"):
        boyi.solve(Loop(), values="score")


def test_steps_need_scores_and_scores_need_numbers():
    game = ScoredDag(random.Random(1), 10)
    with pytest.raises(ValueError, match='values="score"'):
        boyi.solve(game, values="outcome")
    with pytest.raises(ValueError, match="outcome, score, nimber|\"outcome\""):
        boyi.solve(game, values="points")

    class Worded:
        def start(self):
            return 0

        def moves(self, pos):
            return [1] if pos == 0 else []

        def play(self, pos, move):
            return move

        def outcome(self, pos):
            return "win" if pos == 1 else None

    with pytest.raises(ValueError, match="points still to come"):
        boyi.solve(Worded(), values="score")


# ---------- nimbers ----------


class ImpartialDag:
    """Atoms 0..n-1 with moves to larger atoms; a sum is a sorted tuple of
    atoms, a move moves one of them (a sum of one atom is that atom)."""

    def __init__(self, rng, n, parts=True):
        self.edges = [[c for c in {rng.randrange(v + 1, n) for _ in range(rng.randrange(4))}] if v + 1 < n else [] for v in range(n)]
        self.parts = parts
        if not parts:
            self.components = None

    def start(self):
        return (0, 0, 1)

    def moves(self, pos):
        if isinstance(pos, int):
            return list(self.edges[pos])
        return [(i, c) for i, a in enumerate(pos) for c in self.edges[a]]

    def play(self, pos, move):
        if isinstance(pos, int):
            return move
        i, c = move
        rest = list(pos)
        rest[i] = c
        return tuple(sorted(rest))

    def components(self, pos):
        return list(pos) if isinstance(pos, tuple) else None


def grundy_reference(game, pos, memo):
    if pos not in memo:
        seen = {grundy_reference(game, game.play(pos, m), memo) for m in game.moves(pos)}
        memo[pos] = next(g for g in range(len(seen) + 1) if g not in seen)
    return memo[pos]


@pytest.mark.parametrize("seed", range(40))
def test_nimbers_with_and_without_components_match_mex(seed):
    rng = random.Random(seed)
    n = rng.randrange(2, 12)
    with_parts = ImpartialDag(random.Random(seed), n)
    without = ImpartialDag(random.Random(seed), n, parts=False)
    memo = {}
    by_parts = boyi.solve(with_parts, values="nimber")
    whole = boyi.solve(without, values="nimber")
    # the sum is solved part by part: its positions are the start and atoms
    assert all(isinstance(p, int) for p in by_parts.positions()[1:])
    for pos in whole.positions():
        want = grundy_reference(without, pos, memo)
        assert whole.value(pos).nimber == want
        assert by_parts.value(pos).nimber == want, pos
        assert by_parts.value(pos).result == ("win" if want else "lose")
        # a sum's moves are its parts' moves, valued by the XOR of the parts
        got = sorted((str(m), v.nimber) for m, v in by_parts.moves(pos))
        assert got == sorted((str(m), v.nimber) for m, v in whole.moves(pos))
        for m, v in by_parts.moves(pos):
            assert v.nimber == grundy_reference(without, without.play(pos, m), memo)
            assert v.result == ("win" if v.nimber == 0 else "lose")
    nimbers, kinds = whole.to_numpy()
    assert list(nimbers) == [whole.value(p).nimber for p in whole.positions()]


def test_many_parts_cost_their_sum_not_their_product():
    class Heaps:
        """Nim on 40 heaps of up to 30: 31^40 whole positions, 31 parts."""

        def start(self):
            return tuple((7 * i) % 31 for i in range(40))

        def moves(self, pos):
            if isinstance(pos, int):
                return list(range(pos))
            return [(i, k) for i, h in enumerate(pos) for k in range(h)]

        def play(self, pos, move):
            if isinstance(pos, int):
                return move
            i, k = move
            return pos[:i] + (k,) + pos[i + 1 :]

        def components(self, pos):
            return list(pos) if isinstance(pos, tuple) else None

    game = Heaps()
    solution = boyi.solve(game, values="nimber", max_positions=1000)
    xor = 0
    for h in game.start():
        xor ^= h
    assert solution.value().nimber == xor
    assert len(solution) <= 32


def test_a_loopy_impartial_game_is_refused_by_nimbers():
    class Loop:
        def start(self):
            return 0

        def moves(self, pos):
            return [1 - pos]

        def play(self, pos, move):
            return move

    with pytest.raises(ValueError, match="repeat"):
        boyi.solve(Loop(), values="nimber")


# ---------- misère ----------


def misere_reference(game, pos, memo):
    if pos not in memo:
        moves = game.moves(pos)
        # no move left: the opponent made the last move, and lost
        memo[pos] = not moves or any(not misere_reference(game, game.play(pos, m), memo) for m in moves)
    return memo[pos]


@pytest.mark.parametrize("seed", range(30))
def test_misere_sums_match_plain_search(seed):
    rng = random.Random(seed)
    game = ImpartialDag(rng, rng.randrange(2, 9), parts=False)
    solution = boyi.solve(game, values="misere")
    memo = {}
    for pos in solution.positions():
        assert (solution.value(pos).result == "win") == misere_reference(game, pos, memo), pos


def test_misere_nim_follows_the_sj_rule():
    class Nim:
        def __init__(self, heaps):
            self.heaps = heaps

        def start(self):
            return self.heaps

        def moves(self, pos):
            return [(i, k) for i, h in enumerate(pos) for k in range(h)]

        def play(self, pos, move):
            i, k = move
            return tuple(sorted(pos[:i] + (k,) + pos[i + 1 :]))

    for heaps in [(1, 1), (1, 1, 1), (2, 2), (1, 2, 3), (3, 4, 5), (1, 1, 2)]:
        x = 0
        for h in heaps:
            x ^= h
        big = any(h > 1 for h in heaps)
        wins = (x != 0) if big else (x == 0)
        assert (boyi.solve(Nim(heaps), values="misere").value().result == "win") == wins, heaps


# ---------- the seeds' scored games, written in Python ----------


class GemsFight:
    """HDU 4778: take a bag into the shared cooker; every S gems of a colour
    melt into a stone for the mover, who then moves again."""

    def __init__(self, g, s, bags):
        self.g, self.s, self.bags = g, s, bags

    def start(self):
        return 0

    def moves(self, taken):
        return [b for b in range(len(self.bags)) if not taken >> b & 1]

    def cooker(self, taken):
        count = [0] * (self.g + 1)
        for b, bag in enumerate(self.bags):
            if taken >> b & 1:
                for c in bag:
                    count[c] += 1
        return [c % self.s for c in count]

    def play(self, taken, b):
        count = self.cooker(taken)
        for c in self.bags[b]:
            count[c] += 1
        stones = sum(c // self.s for c in count)
        return boyi.Step(taken | 1 << b, reward=stones, again=stones > 0)


class YoungChess:
    """BZOJ 5248: fill a staircase; black scores A, white B."""

    def __init__(self, a, b):
        self.a, self.b = a, b

    def start(self):
        return (tuple(0 for _ in self.a), 0)

    def moves(self, pos):
        rows, _ = pos
        m = len(self.a[0])
        return [i for i, r in enumerate(rows) if r < m and (i == 0 or rows[i - 1] > r)]

    def play(self, pos, i):
        rows, mover = pos
        j = rows[i]
        earned = (self.a if mover == 0 else self.b)[i][j]
        return boyi.Step((rows[:i] + (j + 1,) + rows[i + 1 :], 1 - mover), reward=earned)


def test_gems_fight_in_python_equals_the_judge(cli):
    rng = random.Random(36)
    cases, games = [], []
    for _ in range(12):
        g, b, s = rng.randint(1, 4), rng.randint(0, 9), rng.randint(2, 4)
        bags = [[rng.randint(1, g) for _ in range(rng.randint(1, 4))] for _ in range(b)]
        cases.append(f"{g} {b} {s}\n" + "".join(f"{len(bag)} {' '.join(map(str, bag))}\n" for bag in bags))
        games.append(GemsFight(g, s, bags))
    judge = cli("solve", "gems-fight", stdin="".join(cases) + "0 0 0\n").split()
    ours = [str(boyi.solve(game, values="score").value().score) for game in games]
    assert ours == judge


def test_young_chess_in_python_equals_the_judge(cli):
    rng = random.Random(5248)
    for _ in range(8):
        n, m = rng.randint(1, 4), rng.randint(1, 4)
        a = [[rng.randint(0, 20) for _ in range(m)] for _ in range(n)]
        b = [[rng.randint(0, 20) for _ in range(m)] for _ in range(n)]
        text = f"{n} {m}\n" + "".join(" ".join(map(str, r)) + "\n" for r in a + b)
        solution = boyi.solve(YoungChess(a, b), values="score")
        assert str(solution.value().score) == cli("solve", "young-chess", stdin=text).strip()
        # the game lasts n·m moves, every line of play
        assert solution.value().remoteness == n * m

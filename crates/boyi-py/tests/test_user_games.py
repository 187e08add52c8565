"""Games written in Python, solved by `boyi.solve`, against a plain Python
reference on hundreds of random small graphs (loopy ones with draws
included), and the mistakes a new definition makes."""

import random
import _thread
import threading
import time

import pytest

import boyi


class GraphGame:
    """A game on an explicit graph: positions are vertices, moves are edges
    (named by their index in the vertex's list); `ruled` ends the game by
    the rules at some vertices."""

    def __init__(self, edges, ruled, wrap=lambda v: v):
        self.edges, self.ruled, self.wrap = edges, ruled, wrap

    def start(self):
        return self.wrap(0)

    def vertex(self, pos):
        return pos if isinstance(pos, int) else pos.v

    def moves(self, pos):
        return list(range(len(self.edges[self.vertex(pos)])))

    def play(self, pos, move):
        return self.wrap(self.edges[self.vertex(pos)][move])

    def outcome(self, pos):
        return self.ruled.get(self.vertex(pos))


def reference(edges, ruled):
    """Round by round from the ends: round r settles exactly the positions
    of remoteness r (a win by the nearest loss, a loss once every move is a
    win, by the farthest); whatever no round settles is a draw. Every
    vertex, reachable or not, as `(kind, remoteness)`."""
    n = len(edges)
    value = {}
    for v in range(n):
        if v in ruled:
            value[v] = (ruled[v], None if ruled[v] == "draw" else 0)
        elif not edges[v]:
            value[v] = ("lose", 0)
    r = 0
    while True:
        r += 1
        new = {}
        for v in range(n):
            if v in value:
                continue
            children = [value.get(c) for c in edges[v]]
            if ("lose", r - 1) in children:
                new[v] = ("win", r)
            elif all(c is not None and c[0] == "win" for c in children):
                new[v] = ("lose", r)
        if not new and r > n + 1:
            break
        value.update(new)
    return {v: value.get(v, ("draw", None)) for v in range(n)}


def random_graph(rng, n, acyclic):
    edges = []
    for v in range(n):
        k = rng.randrange(4)
        if acyclic:
            edges.append([rng.randrange(v + 1, n) for _ in range(k)] if v + 1 < n else [])
        else:
            edges.append([rng.randrange(n) for _ in range(k)])
    ruled = {v: rng.choice(["win", "lose", "draw"]) for v in range(n) if rng.random() < 0.1}
    return edges, ruled


def reachable(edges, ruled):
    seen, stack = {0}, [0]
    while stack:
        v = stack.pop()
        if v in ruled:
            continue
        for c in edges[v]:
            if c not in seen:
                seen.add(c)
                stack.append(c)
    return seen


@pytest.mark.parametrize("acyclic", [False, True])
def test_random_graphs_equal_the_reference(acyclic):
    rng = random.Random(2026 + acyclic)
    methods = set()
    for trial in range(300):
        edges, ruled = random_graph(rng, rng.randrange(1, 25), acyclic)
        game = GraphGame(edges, ruled)
        solution = boyi.solve(game)
        methods.add(solution.method)
        expected = reference(edges, ruled)
        seen = reachable(edges, ruled)
        assert len(solution) == len(seen)
        for v in seen:
            value = solution.value(v)
            assert (value.kind, value.remoteness) == expected[v], (trial, v, edges, ruled)
            moves = solution.moves(v)
            assert [m for m, _ in sorted(moves, key=lambda mv: mv[0])] == (list(range(len(edges[v]))) if v not in ruled else [])
            assert [value for _, value in moves] == sorted((value for _, value in moves), reverse=True)
            if moves:
                assert moves[0][1] == value and solution.best(v) == moves[0][0]
            else:
                assert solution.best(v) is None
        counts = solution.counts
        assert sum(counts) == len(seen)
        assert counts[2] == sum(1 for v in seen if expected[v][0] == "draw")
    assert methods == ({"backward"} if acyclic else {"backward", "retrograde"})


class Cell:
    """A position as an object: equal cells are one position however many
    times they are built."""

    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return isinstance(other, Cell) and other.v == self.v

    def __hash__(self):
        return hash(("cell", self.v))


def test_positions_are_told_apart_by_equality_not_identity_or_text():
    edges = [[1, 2], [0, 3], [3], []]
    by_int = boyi.solve(GraphGame(edges, {}))
    by_object = boyi.solve(GraphGame(edges, {}, wrap=Cell))
    assert len(by_object) == 4
    assert by_object.value(Cell(0)) == by_int.value(0)
    # two positions with the same text are still two positions
    class Twin:
        def __init__(self, v):
            self.v = v

        def __eq__(self, other):
            return isinstance(other, Twin) and other.v == self.v

        def __hash__(self):
            return hash(self.v)

        def __repr__(self):
            return "same"

    twins = boyi.solve(GraphGame(edges, {}, wrap=lambda v: Twin(v)))
    assert len(twins) == 4


def test_a_long_game_needs_no_recursion_and_numpy_follows_positions():
    class Countdown:
        def start(self):
            return 200_000

        def moves(self, n):
            return [1] if n else []

        def play(self, n, take):
            return n - take

    solution = boyi.solve(Countdown())
    assert str(solution.value()) == "lose in 200000" and solution.method == "backward"
    kinds, remoteness = solution.to_numpy()
    assert kinds.shape == (200_001,) and kinds.dtype.name == "int8"
    assert list(kinds[:3]) == [-1, 1, -1] and remoteness[0] == 200_000
    by_heap, far = solution.to_numpy(index=lambda n: n)
    assert by_heap[0] == -1 and by_heap[1] == 1 and far[7] == 7


def test_a_two_coordinate_map_with_cells_never_reached():
    # Wythoff's game from (6, 6): the losing cells are its cold pairs
    class Wythoff:
        def start(self):
            return (6, 6)

        def moves(self, pos):
            x, y = pos
            return [(x - k, y) for k in range(1, x + 1)] + [(x, y - k) for k in range(1, y + 1)] + [
                (x - k, y - k) for k in range(1, min(x, y) + 1)
            ]

        def play(self, pos, move):
            return move

    solution = boyi.solve(Wythoff())
    kinds, _ = solution.to_numpy(index=lambda p: p, shape=(8, 8))
    lost = sorted((x, y) for x in range(7) for y in range(7) if kinds[x, y] == -1)
    assert lost == [(0, 0), (1, 2), (2, 1), (3, 5), (5, 3)]
    assert kinds[7, 7] == -2


def test_loopy_game_with_draws():
    # a token on a cycle 0 -> 1 -> 2 -> 0, with an exit from 2 to a lost end
    game = GraphGame([[1], [2], [0, 3], []], {})
    solution = boyi.solve(game)
    assert [str(solution.value(v)) for v in range(4)] == ["win in 3", "lose in 2", "win in 1", "lost"]
    game = GraphGame([[1], [2], [0], []], {})
    solution = boyi.solve(game)
    assert solution.counts == (0, 0, 3) and solution.method == "retrograde"
    assert solution.value(0).kind == "draw" and solution.value(0).remoteness is None


def test_a_callback_that_raises_surfaces_unchanged():
    class Oops(Exception):
        pass

    error = Oops("no moves here")

    class Broken(GraphGame):
        def moves(self, pos):
            if pos == 2:
                raise error
            return super().moves(pos)

    with pytest.raises(Oops) as caught:
        boyi.solve(Broken([[1], [2], []], {}))
    assert caught.value is error


def test_bad_definitions_are_value_errors_that_name_them():
    class ReturnsNone(GraphGame):
        def play(self, pos, move):
            return None

    with pytest.raises(ValueError, match=r"play\(0, 0\) returned None"):
        boyi.solve(ReturnsNone([[1], []], {}))
    with pytest.raises(ValueError, match=r"position \[0\] is not hashable"):
        boyi.solve(GraphGame([[1], []], {}, wrap=lambda v: [v]))
    with pytest.raises(ValueError, match="outcome"):
        boyi.solve(GraphGame([[1], []], {1: "won"}))
    with pytest.raises(ValueError, match="no `start` method"):
        boyi.solve(object())
    with pytest.raises(MemoryError, match="max_positions=10"):
        boyi.solve(GraphGame([[v + 1] for v in range(20)] + [[]], {}), max_positions=10)
    solution = boyi.solve(GraphGame([[1], []], {}))
    with pytest.raises(ValueError, match="not reachable"):
        solution.value(5)


def test_validate_reports_the_usual_mistakes_one_line_each():
    assert boyi.validate(GraphGame([[1, 2], [2], []], {})) == []
    assert boyi.validate(object()) == [
        "the game has no `start` method",
        "the game has no `moves` method",
        "the game has no `play` method",
    ]

    class Many(GraphGame):
        def moves(self, pos):
            return [0, 0] if pos == 0 else []

    class Mutating:
        def start(self):
            return [0]

        def moves(self, pos):
            return [1]

        def play(self, pos, move):
            pos.append(move)
            return pos

    class Identity:
        class P:
            pass

        def start(self):
            return 0

        def moves(self, pos):
            return [1] if pos == 0 else []

        def play(self, pos, move):
            return Identity.P()

    found = boyi.validate(Many([[1], []], {}))
    assert found == ["moves(0) lists the move 0 twice"]
    found = boyi.validate(GraphGame([[1], []], {1: "won"}))
    assert len(found) == 1 and "outcome(1) returned 'won'" in found[0]
    found = boyi.validate(Mutating())
    assert found and "not hashable" in found[0]
    found = boyi.validate(Identity())
    assert found and "define __eq__ and __hash__" in found[0]
    found = boyi.validate(GraphGame([[1], []], {}, wrap=lambda v: None if v else 0))
    assert found == ["play(0, 0) returned None"]


def test_ctrl_c_stops_a_long_solve_cleanly():
    timer = threading.Timer(0.5, _thread.interrupt_main)
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        boyi.solve_judge("chase", "100 1 1 100 100\n")
    assert time.monotonic() - started < 5
    # and the next question is answered as usual
    assert boyi.solve_judge("chase", "2 1 1 2 2\n") == "BLACK 2\n"


def test_what_is_not_a_mistake_goes_through_unchanged():
    class Touchy:
        def __init__(self, v, raising):
            self.v, self.raising = v, raising

        def __eq__(self, other):
            return isinstance(other, Touchy) and other.v == self.v

        def __hash__(self):
            if self.v == 2:
                raise self.raising
            return hash(self.v)

    for raising in (KeyboardInterrupt(), RuntimeError("mine")):
        game = GraphGame([[1], [2], []], {}, wrap=lambda v, r=raising: Touchy(v, r))
        with pytest.raises(type(raising)) as caught:
            boyi.solve(game)
        assert caught.value is raising
    # validate reports mistakes but lets Ctrl-C through
    class Interrupted(GraphGame):
        def play(self, pos, move):
            if pos == 1:
                raise KeyboardInterrupt
            return super().play(pos, move)

    with pytest.raises(KeyboardInterrupt):
        boyi.validate(Interrupted([[1], [2], []], {}))


def test_a_callbacks_error_is_noted_with_the_call():
    class Broken(GraphGame):
        def play(self, pos, move):
            if pos == 1:
                raise KeyError("boom")
            return super().play(pos, move)

    with pytest.raises(KeyError) as caught:
        boyi.solve(Broken([[1], [2], []], {}))
    if hasattr(caught.value, "__notes__"):
        assert any("play(1, 0)" in note for note in caught.value.__notes__)

    class NoMoves(GraphGame):
        def moves(self, pos):
            return None

    with pytest.raises(ValueError, match=r"moves\(0\) returned None"):
        boyi.solve(NoMoves([[1], []], {}))


def test_the_collector_is_left_as_it_was():
    import gc

    boyi.solve(GraphGame([[1], [0, 2], []], {}))
    assert gc.isenabled() and gc.get_freeze_count() == 0


def test_a_loopy_game_longer_than_sixteen_thousand_moves():
    n = 20_000
    edges = [[0, 1]] + [[v + 1] for v in range(1, n - 1)] + [[]]
    solution = boyi.solve(GraphGame(edges, {}))
    assert solution.method == "retrograde"
    assert solution.value(1).remoteness == n - 2


def test_maps_refuse_absurd_shapes_and_shared_cells():
    solution = boyi.solve(GraphGame([[1, 2], [2], []], {}))
    with pytest.raises(ValueError, match="too many cells"):
        solution.to_numpy(index=lambda p: (p, p), shape=(2**32, 2**32))
    with pytest.raises(ValueError, match="same cell"):
        solution.to_numpy(index=lambda p: 0)

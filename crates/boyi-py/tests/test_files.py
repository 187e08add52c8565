"""Keeping a solve (issue 36): `solution.save` then `boyi.load` answers by
lookup, with no callback for a position in the file; `boyi db info` reads
the file's header; `boyi.open_db` reads a catalogue database as `boyi
analyze --db` does."""

import json
import random
import subprocess

import numpy as np
import pytest

import boyi
from test_value_kinds import ImpartialDag, ScoredDag


class Counted:
    """Wraps a game and counts every call of its methods but `key`."""

    def __init__(self, game):
        self.game, self.calls = game, 0

    def __getattr__(self, name):
        attr = getattr(self.game, name)
        if not callable(attr) or name == "key":
            return attr

        def counted(*args):
            self.calls += 1
            return attr(*args)

        return counted


class Nim:
    """Two heaps; positions are tuples (the file encodes them itself)."""

    name = "two-heap nim"

    def start(self):
        return (3, 5)

    def moves(self, pos):
        return [(i, k) for i, h in enumerate(pos) for k in range(h)]

    def play(self, pos, move):
        i, k = move
        return tuple(k if j == i else h for j, h in enumerate(pos))


@pytest.mark.parametrize("values", ["outcome", "misere", "nimber"])
def test_save_and_load_answer_alike_without_callbacks(tmp_path, values):
    solution = boyi.solve(Nim(), values=values)
    path = tmp_path / "nim.db"
    solution.save(path)
    game = Counted(Nim())
    loaded = boyi.load(path, game)
    assert loaded.kind == values and len(loaded) == len(solution)
    for pos in solution.positions():
        assert loaded.value(pos) == solution.value(pos)
        assert loaded.moves(pos) == solution.moves(pos)
        assert pos in loaded
    assert loaded.positions() == solution.positions()
    assert loaded.start == (3, 5) and loaded.counts == solution.counts
    for a, b in zip(loaded.to_numpy(), solution.to_numpy()):
        assert (a == b).all()
    assert game.calls == 0, "every answer came from the file"
    assert (9, 9) not in loaded
    with pytest.raises(ValueError, match="not reachable"):
        loaded.value((9, 9))


def test_scores_with_bonus_turns_round_trip(tmp_path):
    for seed in range(10):
        game = ScoredDag(random.Random(seed), 30)
        solution = boyi.solve(game, values="score")
        path = tmp_path / f"scored-{seed}.db"
        solution.save(path)
        loaded = boyi.load(path, game)
        for pos in solution.positions():
            assert loaded.value(pos) == solution.value(pos)
            assert [(m, v.score, v.remoteness) for m, v in loaded.moves(pos)] == [
                (m, v.score, v.remoteness) for m, v in solution.moves(pos)
            ]


def test_sums_of_parts_round_trip(tmp_path):
    game = ImpartialDag(random.Random(4), 9)
    solution = boyi.solve(game, values="nimber")
    path = tmp_path / "sums.db"
    solution.save(path)
    loaded = boyi.load(path, game)
    assert loaded.value() == solution.value()
    assert loaded.moves(game.start()) == solution.moves(game.start())


def test_positions_by_key(tmp_path):
    class Keyed(Nim):
        """Positions as lists in a wrapper: not encodable, so a key says them."""

        name = "keyed nim"

        def key(self, pos):
            return pos[0] * 100 + pos[1]

    solution = boyi.solve(Keyed())
    solution.save(tmp_path / "keyed.db")
    loaded = boyi.load(tmp_path / "keyed.db", Keyed())
    assert loaded.value((2, 2)) == solution.value((2, 2))
    with pytest.raises(ValueError, match="key"):
        loaded.positions()


def test_what_cannot_be_kept_is_named(tmp_path):
    class Boxed(Nim):
        name = "boxed"

        def start(self):
            return Box(3)

        def moves(self, pos):
            return list(range(pos.n))

        def play(self, pos, k):
            return Box(k)

    with pytest.raises(TypeError, match="key\\(pos\\)"):
        boyi.solve(Boxed()).save(tmp_path / "boxed.db")
    with pytest.raises(ValueError, match="not of this game"):
        boyi.solve(Nim()).save(tmp_path / "nim.db") or boyi.load(tmp_path / "nim.db", Boxed())


class Box:
    def __init__(self, n):
        self.n = n

    def __eq__(self, other):
        return isinstance(other, Box) and other.n == self.n

    def __hash__(self):
        return self.n


def test_db_info_reads_the_header(tmp_path, cli):
    path = tmp_path / "nim.db"
    boyi.solve(Nim()).save(path)
    info = json.loads(cli("db", "info", str(path), "--json"))
    text = json.dumps(info)
    assert "python:two-heap-nim" in text and "values=outcome" in text, text


def test_open_db_answers_as_analyze_db(tmp_path, cli):
    path = tmp_path / "chase6.db"
    cli("db", "build", "chase", "n=6", "--out", str(path))
    db = boyi.open_db(path)
    assert db.header["game"] == "chase" and len(db) == db.header["positions"]
    for position in ["6:1,1:6,6:w", "6:3,3:4,4:b", "6:1,2:1,4:w"]:
        want = json.loads(cli("analyze", "chase", position, "--db", str(path), "--json"))["value"]
        assert db.value(position).to_dict() == want
    slots = db.values()
    assert isinstance(slots, np.memmap) and slots.dtype == np.uint8 and len(slots) == len(db)
    kinds, remoteness = db.outcomes()
    # the one-byte encoding, decoded by hand, is what outcomes() gives
    wins = (slots >= 1) & (slots < 128)
    assert (kinds[wins] == 1).all() and (remoteness[wins] == 2 * slots[wins].astype(np.int32) - 1).all()
    losses = slots >= 128
    assert (kinds[losses] == -1).all() and (remoteness[losses] == 2 * (slots[losses].astype(np.int32) - 128)).all()
    packed = tmp_path / "chase6-z.db"
    cli("db", "compress", str(path), "--out", str(packed))
    compressed = boyi.open_db(packed)
    with pytest.raises(ValueError, match="inflate=True"):
        compressed.values()
    assert (compressed.values(inflate=True) == slots).all()

"""boyi.cgt: partizan values from Python, for the catalogue's games and a
game written here, checked against values worked out by hand."""

import _thread
import ast
import subprocess
import sys
import threading
import time
from fractions import Fraction

import pytest

import boyi
from boyi import cgt


def test_values_add_compare_and_name_themselves():
    pm, up, star = cgt.parse("{1|-1}"), cgt.parse("^"), cgt.parse("*")
    assert pm.canonical == "±1" and pm.outcome == "N"
    assert up + up == cgt.parse("^^")
    assert star + star == 0
    assert not up > star and up.confused_with(star)
    assert up > 0 and -up < 0
    assert cgt.parse("1/2") + cgt.parse("1/2") == 1
    assert cgt.parse("{2|0||-1}").braces() == "{{2|0}|-1}"
    assert cgt.game([0], [0]) == star
    assert cgt.game([0, "*"], [0]).canonical == "^*"
    assert len({up, cgt.parse("{0|*}")}) == 1
    with pytest.raises(ValueError):
        cgt.parse("{1|")


def test_stops_mean_temperature_and_thermograph():
    g = cgt.parse("{3|1/2}")
    assert (g.left_stop, g.right_stop) == (3, Fraction(1, 2))
    assert g.mean == Fraction(7, 4) and g.temperature == Fraction(5, 4)
    th = cgt.parse("±1").thermograph()
    assert th["left"] == [(-1, 2), (1, 0)] and th["right"] == [(-1, -2), (1, 0)]
    assert cgt.parse("3/4").temperature == Fraction(-1, 4)
    assert cgt.parse("±1").cool(1) == cgt.parse("*")
    assert cgt.parse("{3|1/2}").cool(Fraction(1, 2)).canonical == "7/4±3/4"
    with pytest.raises(ValueError):
        cgt.parse("±1").cool(-1)


def test_reduced_canonical_forms():
    # Calistrate's reduced canonical form: the value with its infinitesimals set aside
    assert cgt.parse("1 + ^*").reduced == 1
    assert cgt.parse("{2|^||-1} + *").reduced == cgt.parse("{2|0||-1}")
    assert cgt.parse("^").inf_le(cgt.parse("v")) and not cgt.parse("^").inf_le(cgt.parse("-1/64"))


def test_atomic_weights():
    assert cgt.parse("^^^*").atomic_weight == 3
    assert cgt.parse("*7").atomic_weight == 0
    assert cgt.parse("{1|-1}").atomic_weight is None


def test_catalogue_games():
    assert cgt.value("domineering", "2x2").canonical == "±1"
    assert cgt.value("domineering", "3x7").braces() == "{-3/4|-3}"
    assert cgt.value("clobber", "xo") == cgt.parse("*")
    # Berlekamp: LRL is 1 - 1/2 + 1/4
    assert cgt.value("hackenbush", "LRL").number() == Fraction(3, 4)
    ids = [g[0] for g in cgt.games()]
    assert {"domineering", "toads-and-frogs", "clobber", "cutcake"} <= set(ids)
    with pytest.raises(ValueError):
        cgt.value("domineering", "..|.")
    with pytest.raises(ValueError):
        cgt.value("chess", "2x2")


class Domineering:
    """Domineering written here: a position is a frozenset of empty cells."""

    def left_options(self, cells):
        return [cells - {(r, c), (r + 1, c)} for (r, c) in cells if (r + 1, c) in cells]

    def right_options(self, cells):
        return [cells - {(r, c), (r, c + 1)} for (r, c) in cells if (r, c + 1) in cells]


def test_a_game_of_ones_own_equals_the_catalogues():
    for h, w in [(2, 2), (3, 3), (2, 5), (3, 4)]:
        cells = frozenset((r, c) for r in range(h) for c in range(w))
        assert cgt.value(Domineering(), cells) == cgt.value("domineering", f"{h}x{w}"), (h, w)


class Loop:
    def left_options(self, pos):
        return [1 - pos]

    def right_options(self, pos):
        return []


def test_a_cycle_is_refused():
    with pytest.raises(ValueError, match="again"):
        cgt.value(Loop(), 0)


def test_ctrl_c_stops_a_catalogue_value_and_the_values_made_before_stay():
    four = cgt.value("domineering", "4x4")
    timer = threading.Timer(0.5, _thread.interrupt_main)
    started = time.monotonic()
    timer.start()
    # 6x6 is the largest board a canonical form is tried on: far longer than 0.5 s
    with pytest.raises(KeyboardInterrupt):
        cgt.value("domineering", "6x6")
    timer.cancel()
    assert time.monotonic() - started < 5
    # the stopped work is thrown away, not the values already given
    assert cgt.value("domineering", "4x4") == four
    assert cgt.value("domineering", "2x2") == cgt.parse("{1|-1}")
    apart = cgt.value("domineering", "|".join(["....#..."] * 4))
    assert four + cgt.value("domineering", "4x3") == apart
    # parts the stopped work had begun value as in a process never stopped
    boards = ["4x6", "6x4", "5x5", "3x6", "5x4", ".....|.....|....#|...##|.####"]
    code = f"from boyi import cgt; print([cgt.value('domineering', b).braces() for b in {boards!r}])"
    fresh = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    # (read back, not compared as text: options are written in the order each process made them)
    for board, text in zip(boards, ast.literal_eval(fresh)):
        assert cgt.value("domineering", board) == cgt.parse(text), board


def _random_hot_values(seed, count):
    """Games four deep over small numbers, switches, ups and stars: their
    sums' canonical forms grow fast."""
    import random

    rng = random.Random(seed)
    base = [cgt.parse(x) for x in ["0", "*", "^", "v", "1", "-1", "1/2", "{1|-1}", "*2", "{2|0}", "{0|-2}", "^*", "3", "-3", "{3|1}", "{-1|-3}"]]

    def made(depth):
        if depth == 0:
            return rng.choice(base)
        left = [made(depth - 1) for _ in range(rng.randint(1, 3))]
        right = [made(depth - 1) for _ in range(rng.randint(1, 3))]
        return cgt.game(left, right)

    return [made(4) for _ in range(count)]


def test_ctrl_c_stops_a_long_sum_and_the_values_made_before_stay():
    games = _random_hot_values(6, 8)
    # the first seven add up in about 1 s here; the eighth sum takes
    # about 5 s more
    total = sum(games[1:7], games[0])
    timer = threading.Timer(0.5, _thread.interrupt_main)
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        total + games[7]
    timer.cancel()
    assert time.monotonic() - started < 2
    # the stopped sum's work is thrown away, not the values already made
    assert total == sum(games[1:7], games[0])
    assert games[0] + games[1] == games[1] + games[0]


def test_a_value_too_long_to_write_says_so_at_once():
    # a sum of n switches: Left and Right each play the hottest, so its
    # text writes out about 2^n forms, of far fewer parts
    total = cgt.parse("0")
    for k in range(1, 23):
        total = total + cgt.parse(f"{{{k}|-{k}}}")
    assert total.parts() < 10_000
    started = time.monotonic()
    with pytest.raises(ValueError, match="text would write out more than"):
        total.canonical
    assert "too long to write" in repr(total) and "too long to write" in str(total)
    assert time.monotonic() - started < 2
    # it is still a value like any other
    assert total.outcome == "N"
    assert (-total).parts() == total.parts()

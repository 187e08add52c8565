"""Grundy values of rules written in Python against the engine's own
solver for octal and subtraction codes, and periods."""

import pytest

import boyi


def octal_moves(code):
    """The options of a heap under an octal code, written plainly in Python."""
    digits = [int(d) for d in code.split(".")[1]]

    def moves(k):
        for take, digit in enumerate(digits, start=1):
            if take > k:
                break
            rest = k - take
            if digit & 1 and rest == 0:
                yield ()
            if digit & 2 and rest > 0:
                yield rest
            if digit & 4:
                for a in range(1, rest // 2 + 1):
                    yield (a, rest - a)

    return moves


@pytest.mark.parametrize("code,name", [("0.07", "Dawson's Kayles"), ("0.77", "Kayles"), ("0.137", "Dawson's chess"), ("0.6", "")])
def test_grundy_of_a_python_rule_equals_the_octal_solver(code, name):
    n = 300
    assert boyi.grundy(octal_moves(code), n) == boyi.octal(code, n).values


def test_a_subtraction_game_and_lasker_nim():
    subtract = lambda k: [k - s for s in (1, 3, 4) if s <= k]
    assert boyi.grundy(subtract, 200) == boyi.octal("sub:1,3,4", 200).values
    period = boyi.period(boyi.grundy(subtract, 200))
    assert (period.period, period.preperiod, period.saltus, period.status) == (7, 0, 0, "observed")
    # Lasker's Nim: take any number from a heap, or split it in two
    lasker = lambda k: list(range(k)) + [(a, k - a) for a in range(1, k // 2 + 1)]
    g = boyi.grundy(lasker, 40)
    assert g[1:9] == [1, 2, 4, 3, 5, 6, 8, 7]


def test_periods():
    dawson = boyi.octal("0.07", 400)
    assert str(dawson.period) == "period 34, preperiod 53 (proved)"
    assert dawson.period.status == "proved" and len(dawson) == 401 and dawson[2] == 1
    # the same values from Python are only observed: the rule is not known to be octal
    observed = boyi.period(dawson.values)
    assert (observed.period, observed.status) == (34, "observed")
    # said to be 0.07's values, the same values prove it
    proved = boyi.period(boyi.grundy(octal_moves("0.07"), 400), rule="0.07")
    assert (proved.period, proved.preperiod, proved.status) == (34, 53, "proved")
    assert boyi.period(dawson.values[:150], rule="0.07").status != "proved"
    arithmetic = boyi.period([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
    assert arithmetic.saltus == 1 and arithmetic.period == 1
    none = boyi.period([0, 1, 0, 2, 0, 3])
    assert not none and none.status == "none" and str(none) == "no period seen"


def test_bad_rules_are_value_errors_that_name_them():
    with pytest.raises(ValueError, match="n must be 0 or more"):
        boyi.grundy(lambda k: [], -1)
    with pytest.raises(ValueError, match=r"moves\(3\) leaves a heap of 3"):
        boyi.grundy(lambda k: [k] if k == 3 else list(range(k)), 5)
    with pytest.raises(ValueError, match="leaves a heap of -1"):
        boyi.grundy(lambda k: [k - 2] if k == 1 else [], 5)
    with pytest.raises(ValueError, match="neither a heap"):
        boyi.grundy(lambda k: ["x"] if k else [], 5)
    with pytest.raises(ValueError, match="period"):
        boyi.period([0, -1])
    with pytest.raises(ValueError):
        boyi.octal("0.x9", 10)


def test_a_callback_that_raises_surfaces_unchanged():
    class Oops(Exception):
        pass

    error = Oops("heap 7")

    def moves(k):
        if k == 7:
            raise error
        return range(k)

    with pytest.raises(Oops) as caught:
        boyi.grundy(moves, 10)
    assert caught.value is error


def test_numpy_integers_are_heaps_and_periods_check_their_rule():
    import numpy as np

    assert boyi.grundy(lambda k: np.arange(k), 20) == list(range(21))
    with pytest.raises(ValueError, match="not 0.07's Grundy values"):
        boyi.period([0] * 400, rule="0.07")
    assert boyi.period(iter([0, 1] * 10)).period == 2
    assert boyi.octal("0.07", 10)[-1] == boyi.octal("0.07", 10)[10]

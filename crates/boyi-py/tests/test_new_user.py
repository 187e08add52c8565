"""What a new user met in the package (issue 35): moves as Python gives
them, errors in Python's words, help and signatures, type stubs a checker
reads, `validate` saying when it stopped short, and `solve` from starts of
the user's choosing."""

import inspect
import os
import pathlib
import shutil
import subprocess
import sys
import warnings

import pytest

import boyi

PACKAGE = pathlib.Path(boyi.__file__).parent


def test_moves_may_be_ints_or_one_string():
    by_words = boyi.analyze("connect4", moves=["4", "4"])
    assert boyi.analyze("connect4", moves=[4, 4])["notation"] == by_words["notation"]
    assert boyi.analyze("connect4", moves="4 4")["notation"] == by_words["notation"]
    assert boyi.analyze("nim", "1:3,4,5", moves=("1-1",))["notation"] == "2:2,4,5"


def test_moves_of_the_wrong_type_are_named_in_pythons_words():
    with pytest.raises(TypeError, match=r"moves\[1\] is a float, not a move"):
        boyi.analyze("connect4", moves=[4, 4.5])
    with pytest.raises(TypeError, match="moves must be a list of moves"):
        boyi.analyze("connect4", moves=44)
    with pytest.raises(ValueError, match="move 2"):
        boyi.analyze("connect4", moves=[4, 9])


def test_errors_name_no_command_line_flag():
    with pytest.raises(ValueError) as caught:
        boyi.octal("0.77", 10**12)
    assert "--" not in str(caught.value), caught.value
    assert "..=" not in str(caught.value), caught.value


def test_help_and_signatures_read_as_python():
    for f in [boyi.octal, boyi.grundy, boyi.period, boyi.analyze, boyi.solve, boyi.validate, boyi.solve_judge]:
        assert f.__doc__ and len(f.__doc__) > 40, f
    signature = str(inspect.signature(boyi.analyze))
    assert "Ellipsis" not in signature and "moves=()" in signature, signature
    assert "start=None" in str(inspect.signature(boyi.solve))


def test_the_package_says_it_is_typed():
    assert (PACKAGE / "py.typed").exists()
    assert (PACKAGE / "_boyi.pyi").exists()


def mypy_or_skip():
    try:
        import mypy  # noqa: F401
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("CI is set but mypy is missing (.ci/run installs it into the test venv)")
        pytest.skip("mypy is not installed (pip install mypy)")


def test_the_stubs_match_the_module():
    mypy_or_skip()
    done = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "boyi._boyi", "--ignore-missing-stub"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_type_checker_reads_a_users_program(tmp_path):
    mypy_or_skip()
    program = tmp_path / "user.py"
    program.write_text(
        "import boyi\n"
        "report = boyi.analyze('nim', '1:3,4,5', moves=[1])\n"
        "seq = boyi.octal('0.07', 100)\n"
        "p: int | None = seq.period.period\n"
        "v: boyi.Value = boyi.solve(object()).value()\n"
        "best = max(v for _, v in boyi.solve(object()).moves(0))\n"
        "wrong: str = boyi.octal('0.07').values\n"
    )
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "--cache-dir", str(tmp_path / "cache"), str(program)],
        capture_output=True,
        text=True,
    )
    out = done.stdout + done.stderr
    # Everything type-checks but the planted mistake, which the stubs catch.
    assert "user.py:7: error" in out and out.count("error:") == 1, out


class Counter:
    """A game that never ends: a counter going up forever."""

    def start(self):
        return 0

    def moves(self, pos):
        return [1]

    def play(self, pos, move):
        return pos + move


def test_validate_says_when_it_stopped_short():
    with pytest.warns(RuntimeWarning, match="checked the first 100 positions"):
        assert boyi.validate(Counter(), max_positions=100) == []
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert boyi.validate(Subtraction(), max_positions=100) == []


class Subtraction:
    """Take 1 or 2 from a heap; who cannot move loses. Starts at 5."""

    def start(self):
        return 5

    def moves(self, pos):
        return [k for k in (1, 2) if k <= pos]

    def play(self, pos, move):
        return pos - move


def test_solve_from_positions_the_start_cannot_reach():
    game = Subtraction()
    with pytest.raises(ValueError, match="start=") as caught:
        boyi.solve(game).value(9)
    assert "not reachable" in str(caught.value)
    one = boyi.solve(game, start=9)
    assert one.start == 9 and one.value(9).result == "lose" and one.value(6).result == "lose"
    several = boyi.solve(game, start=[9, 20, 9])
    assert several.starts == [9, 20]
    assert several.value(20).result == "win" and several.value(20).remoteness == 13
    assert several.value().result == "lose"
    with pytest.raises(ValueError):
        boyi.solve(game, start=[])

"""The catalogue from Python answers exactly what the command line does:
`analyze` as `boyi analyze --json`, `solve_judge` as `boyi solve`."""

import json

import pytest

import boyi
from conftest import ROOT


def small_params(game):
    """Each game's defaults, seeded, on boards small enough to solve in a test."""
    info = next(g for g in boyi.games() if g["id"] == game)
    params = {}
    if any(p["name"] == "seed" for p in info["params"]):
        params["seed"] = 11
    if game == "connect4":
        params.update(width=5, height=4)
    if game == "dobutsu":
        params.update(elephants=1, giraffes=0, chicks=2)
    if game in ("morris", "lasker-morris", "morabaraba"):
        params.update(board="six", white=3, black=3)
    return params


def plain(report):
    """A report with its `boyi.Value`s in their JSON form."""
    report = dict(report)
    report["value"] = report["value"].to_dict()
    report["moves"] = [{**m, "value": m["value"].to_dict()} for m in report["moves"]]
    return report


def test_the_catalogue_lists_every_game_once():
    ids = boyi.catalogue()
    assert len(ids) == len(set(ids)) and "chase" in ids and "dobutsu" in ids
    assert [g["id"] for g in boyi.games()] == ids
    assert "young-chess" in boyi.problems()


@pytest.mark.parametrize("game", boyi.catalogue())
def test_analyze_equals_the_command_line(game, cli):
    params = small_params(game)
    words = [f"{k}={v}" for k, v in params.items()]
    ours = boyi.analyze(game, **params)
    assert plain(ours) == json.loads(cli("analyze", game, *words, "--json"))
    if ours["moves"]:
        # one move on, named as the command line names it, and from the notation
        move = ours["moves"][-1]["move"]
        after = boyi.analyze(game, moves=[move], **params)
        # (the start's notation first: a bare move word could read as a position)
        assert plain(after) == json.loads(cli("analyze", game, ours["notation"], move, "--json"))
        again = boyi.analyze(game, after["notation"])
        assert plain(again) == json.loads(cli("analyze", game, after["notation"], "--json"))


def test_values_order_as_the_engine_orders_them():
    report = boyi.analyze("chase", n=5)
    values = [m["value"] for m in report["moves"]]
    assert values == sorted(values, reverse=True)
    assert report["value"] == max(values)
    assert str(report["value"]) in {"win in 11", "lose in 12"} or report["value"].kind in {"win", "lose"}
    assert report["value"].remoteness is not None
    assert repr(report["value"]).startswith("<boyi.Value ")


def examples():
    for problem in sorted((ROOT / "examples").iterdir()):
        for case in sorted(problem.glob("*.in")):
            yield pytest.param(problem.name, case, id=f"{problem.name}/{case.name}")


@pytest.mark.parametrize("problem,case", list(examples()))
def test_solve_judge_equals_the_command_line_byte_for_byte(problem, case, cli):
    text = case.read_text()
    ours = boyi.solve_judge(problem, text)
    assert ours == case.with_suffix(".out").read_text()
    assert ours == cli("solve", problem, str(case))


def test_bad_questions_are_value_errors_that_name_them():
    with pytest.raises(ValueError, match="unknown game `no-such-game`"):
        boyi.analyze("no-such-game")
    with pytest.raises(ValueError, match="unknown judge problem"):
        boyi.solve_judge("no-such-problem", "")
    with pytest.raises(ValueError, match="young-chess"):
        boyi.solve_judge("young-chess", "2 2\n1 x\n")
    with pytest.raises(ValueError, match="move 1"):
        boyi.analyze("chase", n=4, moves=["9,9"])
    with pytest.raises(ValueError):
        boyi.analyze("chase", n=1000000)
    with pytest.raises(ValueError, match="not both"):
        boyi.analyze("chase", "4:1,1:4,4:w", n=4)

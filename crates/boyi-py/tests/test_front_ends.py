"""A user's game in the terminal and on the page (issue 36): `boyi.play`
driven through a pseudo-terminal, `boyi.serve` answered over HTTP with the
page's own JSON API, and the example scripts."""

import json
import os
import pty
import select
import subprocess
import sys
import time
import urllib.request

import pytest

import boyi
from conftest import ROOT

sys.path.insert(0, str(ROOT / "examples" / "python"))
from tictactoe import TicTacToe  # noqa: E402


def post(url, path, body):
    request = urllib.request.Request(
        url + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as r:
        return json.loads(r.read())


def test_serve_answers_the_pages_api():
    game = TicTacToe()
    solution = boyi.solve(game)
    with boyi.serve(game, solution) as server:
        base = server.url.split("/#")[0]
        assert server.url.endswith("/#tic-tac-toe")
        with urllib.request.urlopen(base + "/api/games", timeout=30) as r:
            games = json.loads(r.read())
        ours = next(g for g in games if g["id"] == "tic-tac-toe")
        assert ours["players"] == ["X", "O"] and ours["values"] == "outcome"
        assert "connect4" in [g["id"] for g in games], "the catalogue's games stay beside it"
        start = post(base, "/api/start", {"game": "tic-tac-toe", "params": {}})["position"]
        assert start == "0:........."
        state = post(base, "/api/analyze", {"game": "tic-tac-toe", "position": start})
        # a game that always ends: the draw is a tie by the rules
        assert state["value"]["result"] == "tie"
        assert state["diagram"]["kind"] == "grid" and len(state["diagram"]["cells"]) == 9
        moves = {m["move"]: m for m in state["moves"]}
        assert set(moves) == {"a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1"}
        assert moves["b2"]["at"] == {"cell": [1, 1]}
        assert all(m["value"]["result"] == "tie" for m in state["moves"]), "every first move keeps the tie"
        # X in a corner, O on an edge: X wins, and the page's values say so
        after = post(base, "/api/play", {"game": "tic-tac-toe", "position": start, "move": "a3"})["position"]
        after = post(base, "/api/play", {"game": "tic-tac-toe", "position": after, "move": "b3"})["position"]
        state = post(base, "/api/analyze", {"game": "tic-tac-toe", "position": after})
        assert state["to_move"] == 0 and state["value"]["result"] == "win"
        # every move's value is the solution's, move by move
        board = after[2:]
        tie = {"kind": "outcome", "result": "tie"}
        want = {game.move_name(board, i): v.to_dict() if v.result != "draw" else tie for i, v in solution.moves(board)}
        assert {m["move"]: m["value"] for m in state["moves"]} == want
        best = state["moves"][0]
        assert best["value"]["result"] == "win"
        # the computer plays a move for O
        reply = post(base, "/api/computer", {"game": "tic-tac-toe", "position": best["position"], "skill": 1})
        assert reply["position"].startswith("0:")
        # positions are bookmarks: the address's text opens the same position
        again = post(base, "/api/analyze", {"game": "tic-tac-toe", "position": best["position"]})
        assert again["position"] == best["position"]
    with pytest.raises(OSError):
        urllib.request.urlopen(base + "/api/games", timeout=5)


def test_a_game_without_a_look_is_listed_on_the_page():
    class Subtraction:
        """Take 1 or 2 from a heap; who takes the last wins."""

        def start(self):
            return 7

        def moves(self, pos):
            return [k for k in (1, 2) if k <= pos]

        def play(self, pos, k):
            return pos - k

    with boyi.serve(Subtraction()) as server:
        base = server.url.split("/#")[0]
        start = post(base, "/api/start", {"game": "subtraction", "params": {}})["position"]
        assert start == "0:#0", "positions without write() are numbered"
        state = post(base, "/api/analyze", {"game": "subtraction", "position": start})
        assert state["value"] == {"kind": "outcome", "result": "win", "remoteness": 5}
        assert [m["move"] for m in state["moves"]] == ["1", "2"]
        assert state["diagram"]["notes"] == ["position 7"]


def run_in_pty(script, keys, timeout=60):
    """Runs `script` with a pseudo-terminal as its stdin and stdout, typing
    `keys` one line at a time whenever it waits at a prompt."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(sys.executable, [sys.executable, "-c", script])
    out = b""
    keys = list(keys)
    deadline = time.time() + timeout
    while time.time() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
            if keys and (out.rstrip().endswith(b"your move>") or out.rstrip().endswith(b"quits)")):
                os.write(fd, (keys.pop(0) + "\n").encode())
    _, status = os.waitpid(pid, 0)
    return out.decode(errors="replace"), os.waitstatus_to_exitcode(status)


def test_play_in_a_pseudo_terminal():
    script = (
        f"import sys; sys.path.insert(0, {str(ROOT / 'examples' / 'python')!r})\n"
        "import boyi\nfrom tictactoe import TicTacToe\n"
        "boyi.play(TicTacToe())\n"
    )
    out, code = run_in_pty(script, ["?", "b2", "u", "m", "q"])
    assert code == 0, out
    assert "tic-tac-toe: you are X and move first." in out, out
    assert "b2       tie" in out, "the values of every move: " + out
    assert "The computer plays" in out, out
    assert "legal moves: a3 b3 c3 a2 b2 c2 a1 b1 c1" in out, "undo went back to the start: " + out


def test_play_and_serve_refuse_what_they_cannot_do():
    with pytest.raises(ValueError, match="first="):
        boyi.play(TicTacToe(), first="nobody")
    with pytest.raises(ValueError, match="skill="):
        boyi.play(TicTacToe(), skill=2.0)

    class Connect4Again(TicTacToe):
        name = "connect4"

    with pytest.raises(ValueError, match="boyi ships"):
        boyi.serve(Connect4Again())


@pytest.mark.parametrize(
    "script,says",
    [
        ("scored_bonus.py", "start: +9 in 8 moves"),
        ("impartial_components.py", "nimbers of rows 0-12: [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]"),
        ("tictactoe.py", "start: draw"),
    ],
)
def test_examples_of_each_kind_run(script, says):
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "python" / script)], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert says in done.stdout.splitlines(), done.stdout

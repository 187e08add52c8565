"""Tic-tac-toe written in a few lines, with a look of its own: a grid
diagram, moves named and drawn on their cells, a notation for addresses.
Run it to play in the terminal (`python tictactoe.py`), or serve it on the
page (`python tictactoe.py --serve`)."""

import sys

import boyi

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class TicTacToe:
    """Three in a row wins. X moves first; a full board without a line is a draw."""

    name = "tic-tac-toe"
    players = ("X", "O")

    def start(self):
        return "........."

    def mover(self, pos):
        return "X" if pos.count("X") == pos.count("O") else "O"

    def outcome(self, pos):
        if any(pos[a] != "." and pos[a] == pos[b] == pos[c] for a, b, c in LINES):
            return "lose"  # the last mover made a line
        return "draw" if "." not in pos else None

    def moves(self, pos):
        return [i for i, c in enumerate(pos) if c == "."]

    def play(self, pos, i):
        return pos[:i] + self.mover(pos) + pos[i + 1 :]

    # How it looks and reads: optional.
    def diagram(self, pos):
        cells = [{"piece": "XO".index(c), "label": c} if c != "." else {} for c in pos]
        return {"kind": "grid", "rows": 3, "cols": 3, "cells": cells}

    def move_target(self, pos, i):
        return {"cell": [i // 3, i % 3]}

    def move_name(self, pos, i):
        return "abc"[i % 3] + str(3 - i // 3)

    def write(self, pos):
        return pos

    def parse(self, text):
        if len(text) != 9 or set(text) - set("XO."):
            raise ValueError(f"{text!r} is not a board: nine of X, O and .")
        return text


if __name__ == "__main__":
    game = TicTacToe()
    solution = boyi.solve(game)
    print("start:", solution.value())
    if "--serve" in sys.argv:
        with boyi.serve(game, solution) as server:
            print("open", server.url, "(Enter stops)", flush=True)
            try:
                input()
            except EOFError:
                pass
    elif "--play" in sys.argv:
        boyi.play(game, solution)

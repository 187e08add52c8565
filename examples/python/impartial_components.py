"""An impartial game with components: Kayles (knock down one pin or two
neighbours from a row; who cannot move loses). A row broken into pieces
is the sum of its pieces, so boyi solves each length once and XORs: the
30 rows below (lengths 1 to 30) cost under 500 positions (each length
and the pairs of pieces a move leaves it), not the product of theirs."""

import boyi


class Kayles:
    def __init__(self, rows):
        self.rows = tuple(sorted(rows))

    def start(self):
        return self.rows

    def components(self, pos):
        return list(pos) if isinstance(pos, tuple) else None

    def moves(self, pos):
        if isinstance(pos, tuple):
            return [(i, a, w) for i, n in enumerate(pos) for a in range(n) for w in (1, 2) if a + w <= n]
        return [(a, w) for a in range(pos) for w in (1, 2) if a + w <= pos]

    def play(self, pos, move):
        if isinstance(pos, tuple):
            i, a, w = move
            n = pos[i]
            return tuple(sorted(pos[:i] + pos[i + 1 :] + tuple(x for x in (a, n - a - w) if x)))
        a, w = move
        return tuple(x for x in (a, pos - a - w) if x)


if __name__ == "__main__":
    game = Kayles(range(1, 31))
    solution = boyi.solve(game, values="nimber")
    print("start:", solution.value())
    print("positions solved:", len(solution))
    print("nimbers of rows 0-12:", [solution.value(n).nimber if n else 0 for n in range(13)])

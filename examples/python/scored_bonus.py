"""A scored game with bonus turns: a row of coins worth their numbers;
a player takes the coin at either end, and taking a coin worth more than
the one left beside it earns another turn. Each plays for the larger
total; boyi gives the best margin from every position and how long the
game then lasts."""

import boyi


class Coins:
    def __init__(self, coins):
        self.coins = tuple(coins)

    def start(self):
        return self.coins

    def moves(self, row):
        return ["left", "right"] if len(row) > 1 else (["left"] if row else [])

    def play(self, row, end):
        coin, rest = (row[0], row[1:]) if end == "left" else (row[-1], row[:-1])
        neighbour = (rest[0] if end == "left" else rest[-1]) if rest else 0
        return boyi.Step(rest, reward=coin, again=coin > neighbour)


if __name__ == "__main__":
    game = Coins([3, 9, 1, 2, 8, 5, 4, 7])
    solution = boyi.solve(game, values="score")
    value = solution.value()
    print("start:", value, "in", value.remoteness, "moves")
    for move, v in solution.moves(game.start()):
        print(f"  take the {move} coin: {v}")

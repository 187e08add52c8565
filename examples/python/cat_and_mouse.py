"""A small loopy game of your own, with draws: a cat chases a mouse on a
4 x 4 grid. They move in turn, one step along a row or column, or stay
put. The cat wins by stepping onto the mouse; the
mouse wins by reaching the hole in the corner. Play can go on forever,
and then it is a draw: boyi finds that too."""

import boyi

SIZE, HOLE = 4, (3, 3)


def steps(cell):
    x, y = cell
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if 0 <= x + dx < SIZE and 0 <= y + dy < SIZE:
            yield (x + dx, y + dy)


class CatAndMouse:
    """A position is (cat, mouse, who moves): plain tuples, so equal
    positions are equal and hashable."""

    def start(self):
        return ((2, 2), (0, 0), "mouse")

    def outcome(self, pos):
        cat, mouse, mover = pos
        if cat == mouse:
            return "lose" if mover == "mouse" else "win"
        if mouse == HOLE:
            return "lose" if mover == "cat" else "win"
        return None

    def moves(self, pos):
        cat, mouse, mover = pos
        if mover == "mouse":
            return [mouse] + list(steps(mouse))
        return [cat] + list(steps(cat))

    def play(self, pos, move):
        cat, mouse, mover = pos
        if mover == "mouse":
            return (cat, move, "cat")
        return (move, mouse, "mouse")


game = CatAndMouse()
assert boyi.validate(game) == []
solution = boyi.solve(game)
print(solution)
start = game.start()
print("start:", solution.value(start))
for move, value in solution.moves(start):
    print(f"  mouse to {move}: {value}")
won, lost, drawn = solution.counts
print(f"{won} won, {lost} lost, {drawn} drawn for the side to move")
# where may the mouse start against a cat beside the hole, and how does it end?
for y in range(SIZE):
    row = []
    for x in range(SIZE):
        pos = ((2, 2), (x, y), "mouse")
        row.append(str(solution.value(pos)).ljust(10) if pos in solution else "?".ljust(10))
    print(" ".join(row))

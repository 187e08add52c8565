"""Pictures: the SVG the command line draws, from Python, and objects
that Jupyter draws by themselves."""

import boyi


def test_a_grundy_sequence_with_its_period(tmp_path, cli):
    sequence = boyi.octal("0.07", 200)
    svg = sequence._repr_svg_()
    assert svg.startswith("<svg") and "period 34, preperiod 53 (proved)" in svg
    assert svg.count("<circle") == 201
    # the command line draws the same picture
    out = tmp_path / "cli.svg"
    cli("grundy", "0.07", "--to", "200", "--plot", str(out))
    assert out.read_text() == sequence.plot().svg
    picture = boyi.plot_grundy(boyi.grundy(lambda k: [k - t for t in (1, 3, 4) if t <= k], 100))
    assert "period 7, preperiod 0" in picture.svg
    picture.save(tmp_path / "s.svg")
    assert (tmp_path / "s.svg").read_text() == picture.svg


class Wythoff:
    def start(self):
        return (9, 9)

    def moves(self, pos):
        x, y = pos
        return (
            [(x - k, y) for k in range(1, x + 1)]
            + [(x, y - k) for k in range(1, y + 1)]
            + [(x - k, y - k) for k in range(1, min(x, y) + 1)]
        )

    def play(self, pos, move):
        return move


def test_a_win_lose_map_and_a_remoteness_histogram():
    solution = boyi.solve(Wythoff())
    picture = solution.plot_map(lambda p: p, title="Wythoff")
    # one square a position: P-positions (0,0) (1,2) (2,1) (3,5) (5,3) (4,7) (7,4) in red, the rest green
    assert picture.svg.count('fill="#C83C32"') == 7 + 1  # and the legend's
    assert picture.svg.count('fill="#2E8B57"') == 100 - 7 + 1
    assert "positions by remoteness" in solution._repr_svg_()
    try:
        solution.plot_map(lambda p: p[0] * 100 + p[1])
    except ValueError as e:
        assert "two coordinates" in str(e)
    else:
        raise AssertionError("a one-coordinate map was drawn")

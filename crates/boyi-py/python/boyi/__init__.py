"""boyi (博弈): exact answers for two-player games of perfect information.

- ``catalogue()``, ``analyze(game, position=None, moves=(), **params)`` and
  ``solve_judge(problem, text)``: the games boyi ships, as ``boyi analyze
  --json`` and ``boyi solve`` answer them.
- ``grundy(moves, n)``, ``period(values)`` and ``octal(code, n)``: Grundy
  values of an impartial heap rule of your own, its period, and the engine's
  own solver for octal, hexadecimal and subtraction codes.
- ``solve(game, values=...)`` and ``validate(game)``: a two-player game
  written in Python (``start()``, ``moves(pos)``, ``play(pos, move)``,
  optionally ``outcome(pos)``) solved exactly: win, lose or draw with the
  number of moves to the end (positions that repeat included), the margin of
  a scored game with bonus turns (``play`` returns ``Step(position, reward,
  again)``), nimbers of impartial games (sums by their ``components``), or
  misère play. ``play(game)`` plays it in the terminal and ``serve(game)``
  on the page, as ``boyi play`` and ``boyi serve`` do the catalogue's;
  ``solution.save(path)`` keeps it in a file and ``load(path, game)`` answers
  from the file by lookup.
- ``find_rule(moves, dims=1, values="outcome")`` and ``check_rule(f, moves)``:
  the table of an impartial game of integer positions and the rule it
  follows (打表找规律), with Python and C++ for it; a rule of your own
  checked against the table.
- ``open_db(path)``: a catalogue database (``boyi db build``): its slots as
  a numpy array over the file's memory map, and any position's value.
- ``boyi.cgt``: partizan games' values in canonical form (``cgt.parse``,
  ``cgt.value(game, position)`` for the catalogue's or your own game with
  ``left_options`` and ``right_options``), with sums, comparisons, stops,
  mean, temperature and thermographs.
- Pictures (SVG, drawn in Rust like the command line's): ``Sequence`` and
  ``Solution`` objects draw themselves in Jupyter; ``plot_grundy(values)``,
  ``solution.plot()`` (remoteness histogram) and ``solution.plot_map(index)``
  (a win / lose map over two coordinates) return a ``Picture``.
"""

from ._boyi import (
    Database,
    Period,
    Picture,
    Rule,
    Sequence,
    Server,
    Solution,
    Step,
    Value,
    __version__,
    analyze,
    catalogue,
    check_rule,
    find_rule,
    games,
    grundy,
    load,
    octal,
    open_db,
    period,
    play,
    plot_grundy,
    problems,
    serve,
    solve,
    solve_judge,
    validate,
)

from . import cgt  # noqa: E402  (partizan values)

__all__ = [
    "Database",
    "Period",
    "Picture",
    "Rule",
    "Sequence",
    "Server",
    "Solution",
    "Step",
    "Value",
    "__version__",
    "analyze",
    "catalogue",
    "cgt",
    "check_rule",
    "find_rule",
    "games",
    "grundy",
    "load",
    "octal",
    "open_db",
    "period",
    "play",
    "plot_grundy",
    "problems",
    "serve",
    "solve",
    "solve_judge",
    "validate",
]

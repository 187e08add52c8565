"""Partizan games: values in canonical form (CGSuite's core, from Python).

- ``parse(text)``: a value in CGSuite's notation (``"{1|-1} + ^ + *"``,
  ``"3/4"``, ``"{2|0||-1}"``).
- ``value(game, position)``: the value of a position of a catalogue game
  (``"domineering"``, ``"toads-and-frogs"``, ``"clobber"``, ``"cutcake"``,
  see ``games()``), or of a game of your own: an object with
  ``left_options(pos)`` and ``right_options(pos)`` (positions hashable),
  each position valued once.
- ``game(left, right)``: ``{left | right}`` from values.

A value (``CgtValue``) adds, subtracts and compares as the game does
(``a.confused_with(b)`` when neither ``a <= b`` nor ``a >= b``), and has
``.canonical``, ``.braces()``, ``.outcome`` (L, R, P, N), ``.left_stop``,
``.right_stop``, ``.mean``, ``.temperature`` (``Fraction``s),
``.thermograph()`` and ``.cool(t)``.
"""

from typing import Any, Dict, Hashable, List, Tuple

from ._boyi import CgtValue, cgt_catalogue_value, cgt_game, cgt_games, cgt_parse

__all__ = ["CgtValue", "parse", "value", "game", "games"]


def parse(text: str) -> CgtValue:
    """A value written in CGSuite's notation."""
    return cgt_parse(text)


def game(left: List[Any], right: List[Any]) -> CgtValue:
    """``{left | right}``: options given as values, ints or notation."""
    return cgt_game([_as_value(x) for x in left], [_as_value(x) for x in right])


def games() -> List[Tuple[str, str, str]]:
    """The catalogue's partizan games: (id, rules, an example position)."""
    return cgt_games()


def value(game_: Any, position: Any) -> CgtValue:
    """The value of ``position``: in a catalogue game named by its id (the
    position as ``boyi cgt`` reads it), or in a game object with
    ``left_options(pos)`` and ``right_options(pos)``."""
    if isinstance(game_, str):
        return cgt_catalogue_value(game_, str(position))
    if not (hasattr(game_, "left_options") and hasattr(game_, "right_options")):
        raise TypeError("a partizan game is a catalogue id or an object with left_options and right_options")
    known: Dict[Hashable, CgtValue] = {}
    options: Dict[Hashable, Tuple[list, list]] = {}
    on_path = set()
    # depth first without Python's recursion limit: a position is valued
    # once all its options are
    stack = [(position, False)]
    while stack:
        pos, expanded = stack.pop()
        if pos in known:
            continue
        if expanded:
            on_path.discard(pos)
            left, right = options.pop(pos)
            known[pos] = cgt_game([known[o] for o in left], [known[o] for o in right])
            continue
        left = list(game_.left_options(pos))
        right = list(game_.right_options(pos))
        options[pos] = (left, right)
        on_path.add(pos)
        stack.append((pos, True))
        for o in left + right:
            if o in on_path:
                raise ValueError(f"position {o!r} is reached again from itself: a short game has no cycle")
            if o not in known:
                stack.append((o, False))
    return known[position]


def _as_value(x: Any) -> CgtValue:
    if isinstance(x, CgtValue):
        return x
    if isinstance(x, int):
        return cgt_parse(str(x))
    if isinstance(x, str):
        return cgt_parse(x)
    raise TypeError(f"{x!r} is not a game value")

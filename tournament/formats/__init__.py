"""The tournament formats beyond round robin and knockout, as pure functions (no ORM).

One module per format: ``swiss`` (two-player Swiss), ``double_elimination``, ``table_swiss``
(multi-table Swiss for 3–4 player games) and ``table_advancement`` (heats, semi-final tables,
a final table). Each is built the same way as ``tournament/brackets.py``: entrants are
numbered by seed (0 is the top seed), a game is a :class:`~tournament.brackets.Pairing`
(round, slot, game number, entrants in seat order) and a finished one a
:class:`~tournament.brackets.GameResult`. A format's ``event(...)`` rebuilds the whole event
from the finished games of each (round, slot) and answers three questions: which games should
exist now (``wanted``), whether it is over (``complete``) and the standings (``places``). It
is deterministic, so ``tournament/tournaments.py`` can rebuild it after every result and
create only the games that are missing.

The common pieces live here: :class:`Place` (a standings row), the registry
:data:`EVENTS` and :func:`planned_games` (the upper bound the size caps check).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Place:
    """One standings row: the entrant, its place (None while it is still in play), the
    format's own columns in order (``points``: "Points" 2.5, "Buchholz" 6.0…) and a note
    (the round an eliminated entrant reached: "Losers' round 2")."""

    entrant: int
    place: int | None
    columns: tuple[tuple[str, float], ...] = ()
    note: str = ""
    extra: dict[str, object] = field(default_factory=dict, compare=False)


def shared_places(keys: list[tuple[object, ...]]) -> list[int]:
    """Places for rows already sorted best first: equal keys share the better place."""
    places: list[int] = []
    for index, key in enumerate(keys):
        if index and key == keys[index - 1]:
            places.append(places[-1])
        else:
            places.append(index + 1)
    return places

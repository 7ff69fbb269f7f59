"""Harbours laid during the game, not printed on the map: New World's harbours laid by the players
before the founding (SF-NW-03) and the Forgotten Tribe's harbour gifts (SF-FT-05).

The board's geometry knows only the printed harbours (``board.harbor_edges``), so a laid harbour
is kept in the state's ``placed_harbours`` (``[[path, type], ...]``, in the order laid) and joined
to the core's maritime rates: its two intersections enter ``state.harbor_rate_vertices`` and a
building already standing there takes the rate at once (the core's ``_note_building``, the one
place rates are set). :func:`rebuild` does the same after ``from_dict``.

Rules: SF-GE-03 (a harbour serves the two intersections of its side), SF-NW-03, SF-FT-05.
"""

from __future__ import annotations

from typing import Any

from games.catan.board_memo import BoardMemo

SEA = "sea"


def harbour_vertices(state: Any) -> set[int]:
    """Intersections of every harbour, printed or laid."""
    ev = state.board.edge_vertices
    taken = {v for pair in state.board.harbor_vertices for v in pair}
    for e, _ in state.placed_harbours:
        taken.update(ev[e])
    return taken


def is_coast(state: Any, e: int) -> bool:
    """A side between a land hex and a sea hex (the frame is sea)."""
    return _on_coast(state.board.edge_hexes[e], state.terrains)


def free_sides(state: Any, owner: int | None = None) -> list[int]:
    """Coastal sides where a harbour may go: not on or beside another harbour (no shared
    intersection); with ``owner``, only beside one of that seat's buildings (SF-FT-05). In path
    order; with ``owner`` only the paths at his buildings are looked at, not every path."""
    taken = harbour_vertices(state)
    board, terrains = state.board, state.terrains
    ev, edge_hexes = board.edge_vertices, board.edge_hexes
    if owner is None:
        candidates: Any = coast(board, terrains)
    else:
        vertex_edges = board.vertex_edges
        candidates = sorted(
            {e for v, o in enumerate(state.vertex_owner) if o == owner for e in vertex_edges[v]}
        )
        candidates = [e for e in candidates if _on_coast(edge_hexes[e], terrains)]
    sides = []
    for e in candidates:
        if taken.isdisjoint(ev[e]):
            sides.append(e)
    return sides


def _on_coast(hexes: Any, terrains: Any) -> bool:
    """:func:`is_coast` from the path's hexes (the one test of a coastal side)."""
    return len(hexes) == 2 and (terrains[hexes[0]] == SEA) != (terrains[hexes[1]] == SEA)


def coast(board: Any, terrains: list[str]) -> list[int]:
    """Every coastal side of ``board`` with ``terrains`` (:func:`is_coast`), in path order.

    Kept per board and terrains (New World lays its 9 harbours on one drawn map, so the board's
    paths are read once a game, not once a harbour); the list is shared: never change it."""
    kept, key = _COAST.of(board), tuple(terrains)
    found = kept.get(key)
    if found is None:
        edge_hexes = board.edge_hexes
        found = kept[key] = [
            e for e in range(board.num_edges) if _on_coast(edge_hexes[e], terrains)
        ]
    return found


_COAST = BoardMemo(64)
"""Per board: its coastal sides per terrains (64 terrain layouts at most)."""


def _join(state: Any, e: int, kind: str) -> None:
    for v in state.board.edge_vertices[e]:
        state.harbor_rate_vertices[v] = kind
        owner = state.vertex_owner[v]
        if owner != -1:
            state._note_building(owner, v)  # the building takes the harbour's rate


def place(state: Any, e: int, kind: str) -> None:
    """Lay a harbour of ``kind`` (``any`` or a resource) on path ``e``; usable at once."""
    state.placed_harbours.append([e, kind])
    _join(state, e, kind)


def rebuild(state: Any) -> None:
    """After the core rebuilt its caches (``from_dict``): join the laid harbours again."""
    for e, kind in state.placed_harbours:
        _join(state, e, kind)


def public(state: Any) -> list[dict[str, Any]]:
    """The laid harbours as everybody sees them (observation, picture)."""
    ev = state.board.edge_vertices
    return [{"edge": e, "type": kind, "vertices": list(ev[e])} for e, kind in state.placed_harbours]

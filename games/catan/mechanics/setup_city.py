"""The set-up city: a seat's second founding placement is a city, not a settlement.

Used by Barbarian Attack (BA-SU-08), Traders & Barbarians and Cities & Knights. The founding
itself is the core's (the seat places a settlement and a road, and the second placement pays
1 resource per adjacent hex, as the city's founding income does); once the seat's last founding
road is down, :func:`found_city` turns that second settlement into a city. A plug-in joins it as
its ``founding_done`` hook (or calls it from its own)::

    founding_done = staticmethod(setup_city.found_city)

Rules: BA-SU-08 (and the same rule of T&B and C&K).
"""

from __future__ import annotations

from typing import Any

EVENT = "setup_city"
"""The event logged when a founding settlement becomes a city."""
SENTENCES = {EVENT: "{who} makes the second settlement, at {vertex}, a city."}
"""Its words (a plug-in passes these on in its ``sentences``; the same dict for every user)."""


def second_settlement(state: Any, p: int) -> int:
    """The intersection of seat ``p``'s second founding settlement.

    Founding placement: the settlement just placed (``founding_done`` follows its road). The
    beginner placement: the starred settlement of the layout's starting position, the one that
    pays the founding income (BG-SETUP-BEG-02).
    """
    if state.options["placement"] == "beginner":
        for entry in state.board.layout["starting_positions"]:
            if entry["seat"] == p:
                return int(entry["income_from"])
        raise ValueError(f"layout {state.board.name} has no starting position for seat {p}")
    return int(state.last_settlement)


def found_city(state: Any, p: int) -> None:
    """BA-SU-08: the second founding settlement of ``p`` becomes a city (its founding income,
    1 resource per adjacent hex, is already paid). The settlement piece returns to the supply."""
    v = second_settlement(state, p)
    if state.vertex_owner[v] != p or state.vertex_level[v] != 1:
        raise ValueError(f"seat {p} has no founding settlement at intersection {v}")
    state.vertex_level[v] = 2
    state.settlements_left[p] += 1
    state.cities_left[p] -= 1
    state.income.clear()
    state.spot_cache.clear()
    state.vp_dirty = True
    state.events.append({"type": EVENT, "seat": p, "vertex": v, "visible_to": "all"})

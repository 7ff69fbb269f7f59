"""Which of the base game's main-phase actions Cities & Knights keeps, and where.

The core offers its actions (settlements, roads, cities, development cards) by its own rules;
C&K takes some back: no development cards (CK-CO-11), no settlement on a knight and no road out
of an intersection an opponent's knight holds (CK-KN-05), and a pillaged city is the next one
upgraded (A-CK-09). The plug-in's ``build_actions`` hook filters the core's build actions with
:func:`core_action_allowed` (once per placement of pieces: the core keeps them in
``spot_cache``); the progress cards that build (Medicine, Road Building, the Diplomat's relaid
road) ask it too, so one rule judges both.
"""

from __future__ import annotations

from typing import Any

Action = dict[str, Any]

DEVELOPMENT_ACTIONS = frozenset(
    ("buy_development", "play_knight", "play_road_building", "play_year_of_plenty", "play_monopoly")
)
"""CK-CO-11: no development cards (none are ever in a hand or the deck; kept out anyway)."""


def core_action_allowed(state: Any, p: int, action: Action) -> bool:
    """The core's main-phase actions C&K keeps: no development cards (CK-CO-11); no settlement
    on a knight, no road out of an opponent's knight's intersection (CK-KN-05); a fallen city
    is the next one upgraded (A-CK-09)."""
    kind = action["type"]
    if kind in DEVELOPMENT_ACTIONS:
        return False
    ko = state.ck_knight_owner
    if kind == "build_settlement":
        return ko[action["vertex"]] == -1
    if kind == "build_road":
        vo, net = state.vertex_owner, state.network[p]
        # (a loop, not ``any`` over a generator, which makes one per road judged)
        for x in state.board.edge_vertices[action["edge"]]:
            if x in net and vo[x] in (-1, p) and ko[x] in (-1, p):
                return True
        return False
    if kind == "build_city" and state.ck_fallen:
        # (a loop, not a comprehension: one reading ``state`` and ``p`` makes cells of them for
        # every call, and this judges every road and settlement of a placement)
        vo, city, fallen_of_p = state.vertex_owner, action["vertex"], False
        for v in state.ck_fallen:
            if vo[v] == p:
                if v == city:
                    return True
                fallen_of_p = True
        return not fallen_of_p
    return True

"""The neutral colours: their start settlements and the free piece a real player builds for them.

Rules: C2-CO-02, C2-SU-02, C2-SU-04, C2-NB-01..08 (A-C2-01, A-C2-02).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from games.catan.expansions.catan_for_two.data import NEUTRALS, RULES, neutral_owners

Action = dict[str, Any]


@cache
def neutral_road(owner: int, edge: int) -> Action:
    """One shared, read-only action per neutral colour and path."""
    return {"type": "neutral_road", "owner": owner, "edge": edge}


@cache
def neutral_settlement(owner: int, vertex: int) -> Action:
    return {"type": "neutral_settlement", "owner": owner, "vertex": vertex}


def start_corners(hex_vertices: Any, board_name: str) -> list[int]:
    """C2-SU-02, A-C2-01: the intersection common to each hex triple of the data file."""
    corners = []
    for hexes in RULES["neutral_start"]["corners"]:
        common = set.intersection(*(set(hex_vertices[h]) for h in hexes))
        if len(common) != 1:
            raise ValueError(f"hexes {hexes} share no single corner on board {board_name}")
        corners.append(common.pop())
    return corners


class NeutralBuilding:
    """Mixin of the plug-in: the phase ``neutral_build`` and its two actions."""

    neutral_colours = NEUTRALS["count"]

    def place_neutral_start(self, state: Any) -> None:
        """C2-CO-02, C2-SU-02: each neutral colour gets its supply (5 settlements, 15 roads, no
        city) and one settlement without a road, before the real players place anything (the
        derived tables are built from these fields right after ``init``)."""
        corners = start_corners(state.board.hex_vertices, state.board.name)
        for owner, v in zip(neutral_owners(state), corners, strict=True):
            state.settlements_left.append(NEUTRALS["settlements"])
            state.roads_left.append(NEUTRALS["roads"])
            state.cities_left.append(NEUTRALS["cities"])
            state.vertex_owner[v] = owner
            state.vertex_level[v] = 1
            state.settlements_left[owner] -= 1
            state.events.append(
                {"type": "neutral_start", "owner": owner, "vertex": v, "visible_to": "all"}
            )

    def neutral_choices(self, state: Any, piece: str) -> list[Action]:
        """C2-NB-02, C2-NB-04, C2-NB-05: every legal piece of the kind owed, for either neutral
        colour (its own distance and connection rules); a settlement owed where none fits is a
        road; none at all: nothing."""
        owners = neutral_owners(state)
        if piece == "settlement":
            choices = [
                neutral_settlement(q, v)
                for q in owners
                if state.settlements_left[q]
                for v in state.settlement_spots(q)
            ]
            if choices:
                return choices
        return [
            neutral_road(q, e) for q in owners if state.roads_left[q] for e in state.road_spots(q)
        ]

    def static(self, options: dict[str, Any], static: dict[str, Any]) -> None:
        """For bots, once: the neutral colours' owner ids and start intersections."""
        static["neutral_owners"] = list(range(2, 2 + NEUTRALS["count"]))  # 2 seats first
        static["neutral_start"] = start_corners(static["hex_vertices"], static["layout"])

    def demand_neutral_piece(self, state: Any, p: int, piece: str) -> None:
        """C2-NB-01/02: a real player's road owes a neutral road, his settlement a neutral
        settlement; the builder chooses the colour and the place before the turn goes on
        (the phase he was in is kept to come back to)."""
        if not self.neutral_choices(state, piece):
            state.events.append(
                {"type": "neutral_none", "seat": p, "piece": piece, "visible_to": "all"}
            )
            return  # C2-NB-05
        state.c2_neutral = piece
        state.c2_return = [state.phase, state.actor]
        state._set_phase("neutral_build", p)

    def legal_neutral_build(self, state: Any) -> list[Action]:
        return self.neutral_choices(state, state.c2_neutral)

    def apply_neutral_road(self, state: Any, action: Action) -> None:
        """C2-NB-01, C2-NB-04, C2-NB-08: the road counts for that colour's Longest Road."""
        q, e = action["owner"], action["edge"]
        state._put_road(q, e)
        state.events.append(
            {
                "type": "neutral_road",
                "seat": state.actor,
                "owner": q,
                "edge": e,
                "visible_to": "all",
            }
        )
        state.after_road(q, e)
        self._neutral_done(state)

    def apply_neutral_settlement(self, state: Any, action: Action) -> None:
        """C2-NB-02, C2-NB-07: a neutral settlement blocks and breaks roads like any other."""
        q, v = action["owner"], action["vertex"]
        state._put_settlement(q, v)
        state.events.append(
            {
                "type": "neutral_settlement",
                "seat": state.actor,
                "owner": q,
                "vertex": v,
                "visible_to": "all",
            }
        )
        state.after_settlement(q, v)
        self._neutral_done(state)

    def _neutral_done(self, state: Any) -> None:
        """Back to the phase the real build left; a Road Building card whose roads the neutral
        piece used up ends (A-BG-11)."""
        phase, actor = state.c2_return
        state.c2_neutral = None
        state.c2_return = None
        if phase == "road_building" and not (
            state.free_roads > 0 and state.roads_left[actor] and state.road_spots(actor)
        ):
            state.free_roads = 0
            state.resume_turn()
        else:
            state._set_phase(phase, actor)

"""New World (``{"seafarers": "new_world"}``; frame SF-MAP-NW, 3-4 players).

A map drawn at random for each game (``new_world_map``: terrains by the core's ``board`` chance
nodes, then the number tokens with no two red numbers side by side, then the harbours laid by the
players in turn order after the first-player roll). Founding anywhere; the islands of a seat's
founding settlements are its home, and its first settlement on each other island earns 1 special
victory point (the general rules' island markers, ``foreign = "not_home"``). Robber and pirate
start beside the board (the layout names no start for either). 12 VP win.

Rules: SF-NW-01..05 (reference/expansions/seafarers.md §18).
"""

from __future__ import annotations

from typing import Any, ClassVar

from games.catan.expansions.seafarers.scenarios import Scenario, new_world_map, placed_harbours
from games.catan.expansions.seafarers.scenarios.words import HARBOUR_SENTENCES, draw_harbours

Action = dict[str, Any]
TARGET = new_world_map.DATA["victory_points"]


class NewWorld(Scenario):
    name = "new_world"
    title = "New World"
    targets: ClassVar[dict[int, int]] = {3: TARGET, 4: TARGET}  # SF-NW-01
    layouts: ClassVar[dict[int, str]] = {
        3: new_world_map.LAYOUT_NAME,
        4: new_world_map.LAYOUT_NAME,
    }  # SF-NW-02
    setup_zones = None  # SF-NW-04: any island
    island_svp = 1  # SF-NW-04
    foreign = "not_home"  # SF-NW-04
    stored_fields = ("placed_harbours", "harbour_tile")
    chance_kinds: ClassVar[dict[str, str]] = {
        "nw_tokens": "board",
        "nw_order_roll": "dice",
        "nw_harbour_tile": "board",
    }
    sentences = HARBOUR_SENTENCES

    # hooks --------------------------------------------------------------------------
    def init(self, state: Any) -> None:
        state.placed_harbours = []
        state.harbour_tile = None

    def board_laid(self, state: Any) -> bool:
        return new_world_map.start_tokens(state)  # SF-NW-02

    def rebuild(self, state: Any) -> None:
        placed_harbours.rebuild(state)

    def observe(self, state: Any, seat: int, obs: dict[str, Any]) -> None:
        obs["placed_harbours"] = placed_harbours.public(state)
        obs["harbour_tile"] = state.harbour_tile

    def view(self, state: Any, view: dict[str, Any]) -> None:
        view["placed_harbours"] = placed_harbours.public(state)
        view["harbour_tile"] = state.harbour_tile

    def draw_board(self, view: dict[str, Any], geometry: Any) -> list[str]:
        return draw_harbours(view, geometry)

    # chance nodes and decisions of the map ------------------------------------------
    def outcomes_nw_tokens(self, state: Any) -> list[tuple[Action, float]]:
        return new_world_map.token_outcomes(state)

    def chance_nw_tokens(self, state: Any, action: Action) -> None:
        new_world_map.lay_token(state, action)

    def outcomes_nw_order_roll(self, state: Any) -> list[tuple[Action, float]]:
        return new_world_map.order_roll_outcomes(state)

    def chance_nw_order_roll(self, state: Any, action: Action) -> None:
        new_world_map.order_roll(state, action)

    def outcomes_nw_harbour_tile(self, state: Any) -> list[tuple[Action, float]]:
        return new_world_map.tile_outcomes(state)

    def chance_nw_harbour_tile(self, state: Any, action: Action) -> None:
        new_world_map.take_tile(state, action)

    def legal_nw_harbour(self, state: Any) -> list[Action]:
        return new_world_map.harbour_choices(state)

    def apply_place_harbour(self, state: Any, action: Action) -> None:
        new_world_map.place_harbour(state, action)


SCENARIO = NewWorld()

"""The Rivers of Catan (``{"scenario": "rivers"}``, 3-4 players) as a plug-in of the board game.

Two rivers cross the island (``layouts/rivers.json``); building by them earns gold coins
(``river_gold``), bridges span them (``bridges``), and gold buys resources and carries the
Wealthiest / Poor Settler tiles. Gold itself is the shared mechanic
``games/catan/mechanics/gold.py``. Where the sources are silent: ``README.md`` here.

Rules: RI-CO-01..06, RI-SU-01..06, RI-VP-01 (call sites; the rules are in the modules named).
"""

from __future__ import annotations

from typing import Any

from games.catan.expansions.rivers import bridges, river_gold
from games.catan.expansions.rivers.picture import draw_rivers, rivers_words
from games.catan.hooks import Expansion
from games.catan.mechanics import gold


class Rivers(gold.GoldCoins, Expansion):
    name = "rivers"
    option = "scenario"
    values = ("rivers",)
    players = (3, 4)
    combines_with = ("catan_for_two",)  # C2-RI-01 (catan_for_two/with_rivers.py)
    stored_fields = (*gold.FIELDS, "bridges_left")
    sentences = {
        **gold.SENTENCES,
        "build_bridge": "{who} builds a bridge {edge}.",
    }

    def layout(self, options: dict[str, Any]) -> str:
        return "rivers"  # RI-SU-01..04

    def validate(self, options: dict[str, Any], num_players: int) -> None:
        super().validate(options, num_players)
        if options.get("placement") == "beginner":
            raise ValueError(
                "rivers is played with placement 'founding' (the beginner pieces are for the "
                "base board)"
            )

    def init(self, state: Any) -> None:
        gold.init(state, start=0)  # RI-SU-05
        state.bridges_left = [bridges.BRIDGES_PER_SEAT] * state.n

    def start_turn(self, state: Any, p: int) -> None:
        gold.start_turn(state, p)

    def built(self, state: Any, p: int, kind: str, where: int) -> None:
        river_gold.pay_river_gold(state, p, kind, where)

    def actions(self, state: Any, p: int, legal: list[dict[str, Any]]) -> None:
        gold.add_actions(state, p, legal)
        bridges.add_bridge_builds(state, p, legal)

    def vp(self, state: Any, p: int) -> int:
        return river_gold.settler_vp(state, p)

    def may_progress(self, state: Any, p: int) -> bool:
        """With every piece placed, gold can still win: leaving the Poor Settlers (+2) and
        taking the Wealthiest Settler (+1) while the box has gold."""
        return river_gold.tiles_may_win(state, p)

    def apply_build_bridge(self, state: Any, action: dict[str, Any]) -> None:
        bridges.build_bridge(state, action)

    def observe(self, state: Any, seat: int, obs: dict[str, Any]) -> None:
        gold.observe(state, seat, obs)
        obs["rivers"] = public_rivers(state)

    def view(self, state: Any, view: dict[str, Any]) -> None:
        gold.view(state, view)
        view["rivers"] = public_rivers(state)

    def draw_board(self, view: dict[str, Any], geometry: Any) -> list[str]:
        return draw_rivers(view, geometry)

    def seat_words(self, view: dict[str, Any], seat: int) -> str | None:
        return rivers_words(view, seat)


def public_rivers(state: Any) -> dict[str, Any]:
    """Bridges, bridges left and who holds the settler tiles (all public)."""
    eo = state.edge_owner
    return {
        "bridges": [[e, eo[e]] for e in state.board.sites["bridge_sites"] if eo[e] != -1],
        "bridges_left": list(state.bridges_left),
        "wealthiest": river_gold.wealthiest_settler(state),
        "poor": river_gold.poor_settlers(state),
        "river_hexes": list(state.board.sites["river_hexes"]),
        "swamps": list(state.board.sites["swamps"]),
        "bridge_sites": list(state.board.sites["bridge_sites"]),
        "rivers": [list(r) for r in state.board.sites["rivers"]],
    }


EXPANSION = Rivers()

"""Catan for Two with the Rivers of Catan (``{"catan_for_two": true, "scenario": "rivers"}``,
2 players): the glue of the pair.

* A settlement next to a swamp earns 2 trade tokens (founding ones too, as every settlement
  reward of Catan for Two, C2-TT-04), on top of its river gold and of the coast's token.
* The token action "robber to the desert" (the island has no desert) sends the robber to a swamp
  of the player's choice instead (``robber_to_swamp`` {hex}); it is offered only while the robber
  stands on no swamp (C2-TA-06: a swamp produces nothing, so a robber there blocks nothing).

Rules: C2-RI-01.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from games.catan.expansions.catan_for_two import EXPANSION as C2
from games.catan.expansions.catan_for_two.data import COMBINED
from games.catan.hooks import Combination

Action = dict[str, Any]
RULES = COMBINED["rivers"]


@cache
def robber_to_swamp(h: int) -> Action:
    return {"type": "robber_to_swamp", "hex": h}


def swamps(state: Any) -> list[int]:
    return state.board.sites["swamps"]


class WithRivers(Combination):
    name = "catan_for_two+rivers"
    pair = ("catan_for_two", "rivers")
    replaces = {"catan_for_two": ("actions",)}
    sentences = {"robber_to_swamp": "{who} sends the robber from {freed} to the swamp {hex}."}

    def built(self, state: Any, p: int, piece: str, where: int) -> None:
        """C2-RI-01: 2 tokens for a settlement next to a swamp."""
        if piece == "settlement" and set(state.board.vertex_hexes[where]) & set(swamps(state)):
            C2.earn(state, p, RULES["swamp_tokens"], "swamp")

    def actions(self, state: Any, p: int, legal: list[Action]) -> None:
        C2.token_actions(state, p, legal, self.robber_actions)

    def robber_actions(self, state: Any) -> list[Action]:
        """C2-RI-01, C2-TA-06: to either swamp, unless the robber stands on one."""
        if state.robber in swamps(state):
            return []
        return [robber_to_swamp(h) for h in swamps(state)]

    def apply_robber_to_swamp(self, state: Any, action: Action) -> None:
        p = state.actor
        C2.pay_tokens(state, p, "robber_to_swamp")
        freed, state.robber = state.robber, action["hex"]
        state._legal = None
        state.events.append(
            {
                "type": "robber_to_swamp",
                "seat": p,
                "freed": freed,
                "hex": state.robber,
                "visible_to": "all",
            }
        )


GLUE = WithRivers()

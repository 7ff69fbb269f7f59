"""The baggage train: the active card's values and the upgrade to the next card.

Rules: TB-SU-06, TB-BG-01..04.
"""

from __future__ import annotations

from typing import Any

from .data import BaggageCard, baggage_cards

Action = dict[str, Any]

UPGRADE: Action = {"type": "upgrade_baggage"}
"""Pay the cost on the back of the next card; it becomes the active card (TB-BG-02)."""


class BaggageRules:
    """Mixin of the plug-in: the active card of each seat (``state.tb_baggage``, 1..5)."""

    def card(self, state: Any, p: int) -> BaggageCard:
        """TB-BG-01: the active baggage card of seat ``p``."""
        return baggage_cards()[state.tb_baggage[p] - 1]

    def add_upgrade(self, state: Any, p: int, legal: list[Action]) -> None:
        """TB-BG-02: during trading and building, while a face-down card is left."""
        number = state.tb_baggage[p]
        cards = baggage_cards()
        if number >= len(cards):
            return
        cost = cards[number].cost
        hand = state.hand[p]
        # each resource spelled out: this runs on every main-phase legal list
        if (
            hand[0] >= cost[0]
            and hand[1] >= cost[1]
            and hand[2] >= cost[2]
            and hand[3] >= cost[3]
            and hand[4] >= cost[4]
        ):
            legal.append(UPGRADE)

    def apply_upgrade_baggage(self, state: Any, action: Action) -> None:
        p = state.actor
        new = baggage_cards()[state.tb_baggage[p]]
        state.pay(p, new.cost)
        state.tb_baggage[p] = new.number
        state.built_this_turn = True
        state.vp_dirty = True  # TB-BG-03: card 5 is worth 1 VP
        state.events.append(
            {"type": "upgrade_baggage", "seat": p, "card": new.number, "visible_to": "all"}
        )

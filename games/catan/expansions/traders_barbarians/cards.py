"""The scenario's development cards (its own deck of 25, the shared scenario-deck mechanic):
what each does when played.

Rules: TB-CO-08, TB-DC-01..04, A-TB-01.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from games.catan.mechanics import scenario_deck

Action = dict[str, Any]

PLAY = {
    card: {"type": "play_scenario_card", "card": card}
    for card in ("knight", "road_building", "swift_journey")
}
"""The cards that are played (victory point cards stay hidden until they make their owner win,
TB-DC-04)."""


class CardRules:
    """Mixin of the plug-in: playing Knight, Road Building and Swift Journey."""

    @cached_property
    def card_plays(self) -> tuple[tuple[int, str, Action], ...]:
        """(index in the deck, card, action) of each played card, in the order of ``PLAY``."""
        return tuple((self.deck.index(card), card, action) for card, action in PLAY.items())

    @cached_property
    def victory_point_index(self) -> int:
        return self.deck.index("victory_point")

    def add_card_plays(self, state: Any, p: int, legal: list[Action]) -> None:
        """Base-game timing (one card a turn, not the turn it was bought): Knight and Road
        Building before the wagon moves (TB-TU-04), Swift Journey at any time of the turn.

        Called on every legal list of the turn player, so it reads the held and new counts
        itself (``scenario_deck.playable``'s test) instead of calling per card."""
        if p != state.turn_player or state.dev_played:
            return
        held, new = state.deck_hand[p], state.deck_new[p]
        moving = state.phase == "tb_wagon"
        for i, card, action in self.card_plays:
            if held[i] <= new[i] or (moving and card != "swift_journey"):
                continue  # none held from before this turn; or not during the movement
            if card == "road_building" and not (state.roads_left[p] and state.road_spots(p)):
                continue
            legal.append(action)

    def apply_play_scenario_card(self, state: Any, action: Action) -> None:
        p = state.actor
        card = action["card"]
        scenario_deck.play_card(state, p, card, keep=card == "knight")
        if card == "knight":
            # TB-DC-01: move a barbarian as on a 7 (no discards); knights count for Largest Army
            state.knights[p] += 1
            state.update_largest_army()
            state._set_phase("tb_move_barbarian", p)
        elif card == "road_building":
            state.free_roads = 2  # TB-DC-02: the core's Road Building phase
            state._set_phase("road_building", p)
        else:
            state.tb_journeys += 1  # TB-DC-03: a second movement after the normal one

    def hidden_vp(self, state: Any, p: int) -> int:
        """TB-DC-04: victory point cards count, hidden, until they make their owner win."""
        return state.deck_hand[p][self.victory_point_index]  # scenario_deck.held, inlined

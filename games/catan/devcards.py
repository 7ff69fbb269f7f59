"""Development cards: buying (a chance draw), playing, Largest Army.

Rules: BG-DEV-01..07, BG-PROG-RB-01, BG-PROG-YOP-01, BG-PROG-MONO-01, BG-KNIGHT-01..03,
BG-LA-01..03, BG-TURN-02.
"""

from __future__ import annotations

from typing import Any

from games.catan import actions as A
from games.catan.constants import (
    DEV_CARDS,
    DEV_COST,
    DEV_INDEX,
    GRAIN,
    KNIGHT,
    LARGEST_ARMY_MIN,
    MONOPOLY,
    ORE,
    RESOURCE_INDEX,
    ROAD_BUILDING,
    WOOL,
    YEAR_OF_PLENTY,
)
from games.common.api import CHANCE

Action = dict[str, Any]


class DevelopmentRules:
    """Mixin of :class:`games.catan.state.CatanState` for development cards."""

    def add_development_purchase(self, p: int, legal: list[Action]) -> None:
        h = self.hand[p]
        if h[ORE] and h[WOOL] and h[GRAIN] and any(self.dev_deck):
            legal.append(A.BUY_DEVELOPMENT)

    def _apply_buy_development(self, action: Action) -> None:
        """BG-BUILD-05, BG-DEV-01, BG-DEV-07: pay, then the top card is drawn (a chance node)."""
        p = self.actor
        self.pay(p, self.development_cost_for(p))
        self.built_this_turn = True
        self.draws_left = 1
        self.draw_keep = 1
        self._set_phase("draw_development", CHANCE)

    def development_cost_for(self, p: int) -> tuple[int, ...]:
        return self.cost_override or DEV_COST

    def _outcomes_draw_development(self) -> list[tuple[Action, float]]:
        deck = self.dev_deck
        total = sum(deck)
        return [(A.DRAW_DEVELOPMENT[c], deck[c] / total) for c in range(5) if deck[c]]

    def _chance_draw_development(self, action: Action) -> None:
        p = self.turn_player
        c = DEV_INDEX[action["card"]]
        self.dev_deck[c] -= 1
        if self.kandamir_cards is not None:
            self.kandamir_drew(c)
            return
        self.draw_development_card(p, c)

    def draw_development_card(self, p: int, c: int) -> None:
        """The bought card joins the hand, unplayable this turn (BG-DEV-03); hidden (BG-DEV-01)."""
        self.dev_hand[p][c] += 1
        self.dev_new[p][c] += 1
        self.vp_dirty = True
        self.emit_secret(
            {"type": "buy_development", "seat": p, "card": DEV_CARDS[c]}, [p], {"card": "hidden"}
        )
        self.after_development_draw(p)

    def after_development_draw(self, p: int) -> None:
        self.resume_turn()

    # ------------------------------------------------------------------ playing
    def add_development_plays(self, p: int, legal: list[Action]) -> None:
        """BG-DEV-02/03, BG-TURN-02: one card per turn, not one bought this turn, any time."""
        if self.dev_played:
            return
        held, new = self.dev_hand[p], self.dev_new[p]
        if held == new:
            return  # no card, or only cards bought this turn (the usual case)
        if held[KNIGHT] > new[KNIGHT]:
            legal.append(A.PLAY_KNIGHT)
        if held[ROAD_BUILDING] > new[ROAD_BUILDING] and self.roads_left[p] and self.road_spots(p):
            legal.append(A.PLAY_ROAD_BUILDING)
        if held[YEAR_OF_PLENTY] > new[YEAR_OF_PLENTY] and any(self.bank):
            legal.append(A.PLAY_YEAR_OF_PLENTY)
        if held[MONOPOLY] > new[MONOPOLY]:
            legal.extend(A.PLAY_MONOPOLY)

    def _use_card(self, p: int, c: int) -> None:
        self.dev_hand[p][c] -= 1
        if c != KNIGHT:
            self.dev_spent[c] += 1  # BG-DEV-05: a progress card leaves the game
        self.dev_played = True
        self.events.append(
            {"type": "play_development", "seat": p, "card": DEV_CARDS[c], "visible_to": "all"}
        )

    def _apply_play_knight(self, action: Action) -> None:
        """BG-KNIGHT-01..03, BG-ROBBER-09: move the robber and rob, never a discard."""
        p = self.actor
        self._use_card(p, KNIGHT)
        self.knights[p] += 1
        self.update_largest_army()
        self.start_robber_move()

    def update_largest_army(self) -> None:
        """BG-LA-01..03: 3+ knights; a challenger must beat the holder (A-BG-10, A-MA-04)."""
        holder = self.largest_army
        best = max(self.knights)
        leaders = [p for p, k in enumerate(self.knights) if k == best]
        if (
            holder != -1
            and self.knights[holder] == best
            and self.knights[holder] >= LARGEST_ARMY_MIN
        ):
            new = holder
        elif best >= LARGEST_ARMY_MIN and len(leaders) == 1:
            new = leaders[0]
        else:
            new = -1
        if new != holder:
            self.largest_army = new
            self.vp_dirty = True
            self.events.append(
                {
                    "type": "largest_army",
                    "seat": new,
                    "previous": holder,
                    "knights": list(self.knights),
                    "visible_to": "all",
                }
            )

    def _apply_play_road_building(self, action: Action) -> None:
        """BG-PROG-RB-01, A-BG-11: up to two free roads under the normal rules."""
        p = self.actor
        self._use_card(p, ROAD_BUILDING)
        self.free_roads = 2
        self._set_phase("road_building", p)

    def _legal_road_building(self) -> list[Action]:
        legal = [A.BUILD_ROAD[e] for e in self.road_spots(self.actor)]
        if self.plugged:
            for hook in self.hooks.road_building:
                hook(self, self.actor, legal)  # other free pieces (Seafarers: ships, SF-DC-01)
        return legal

    def _apply_play_year_of_plenty(self, action: Action) -> None:
        """BG-PROG-YOP-01: take any 2 cards from the bank (as many as it holds, M-BG-05)."""
        p = self.actor
        self._use_card(p, YEAR_OF_PLENTY)
        self.free_resources = min(2, sum(self.bank))
        self.gain_return = "resume"
        self._set_phase("take_resource", p)

    def _legal_take_resource(self) -> list[Action]:
        bank = self.bank
        return [A.TAKE_RESOURCE[r] for r in range(5) if bank[r]]

    def _apply_take_resource(self, action: Action) -> None:
        p = self.actor
        r = RESOURCE_INDEX[action["resource"]]
        self.bank[r] -= 1
        self.hand[p][r] += 1
        self.events.append(
            {
                "type": "take_resource",
                "seat": p,
                "resource": action["resource"],
                "visible_to": "all",
            }
        )
        self.free_resources -= 1
        if self.free_resources > 0 and any(self.bank):
            return
        self.free_resources = 0
        self.after_gain()

    def after_gain(self) -> None:
        """Where a sequence of free picks returns to (Year of Plenty or a Masters gain)."""
        self.resume_turn()

    def _apply_play_monopoly(self, action: Action) -> None:
        """BG-PROG-MONO-01: every opponent hands over all cards of the named resource."""
        p = self.actor
        self._use_card(p, MONOPOLY)
        r = RESOURCE_INDEX[action["resource"]]
        taken = [0] * self.n
        for q in range(self.n):
            if q != p:
                taken[q] = self.hand[q][r]
                self.hand[q][r] = 0
                self.hand[p][r] += taken[q]
        self.events.append(
            {
                "type": "monopoly",
                "seat": p,
                "resource": action["resource"],
                "taken": taken,
                "visible_to": "all",
            }
        )
        self.resume_turn()

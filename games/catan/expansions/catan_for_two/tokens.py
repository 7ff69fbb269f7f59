"""Trade tokens: a supply outside the hand, earned by settlements and knights, spent on one
token action a turn (Forced Trade, the robber to the desert).

Rules: C2-CO-03/04, C2-SU-05, C2-TT-01..07, C2-TA-01..06 (A-C2-04).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.catan.constants import KNIGHT, RESOURCES
from games.catan.expansions.catan_for_two.data import FORCED, TOKENS, opponent
from games.common.api import CHANCE

Action = dict[str, Any]

TRADE_KNIGHT: Action = {"type": "trade_knight"}
FORCED_TRADE: Action = {"type": "forced_trade"}
ROBBER_TO_DESERT: Action = {"type": "robber_to_desert"}
FORCED_DRAW = tuple({"type": "forced_draw", "resource": r} for r in RESOURCES)
FORCED_GIVE = tuple({"type": "forced_give", "resource": r} for r in RESOURCES)
TOKEN_PHASES = ("pre_roll", "main")
"""C2-TA-01, A-C2-03: a token action before the first roll or after the second."""


class TradeTokens:
    """Mixin of the plug-in: earning, the actions and the phases ``forced_draw`` (chance) and
    ``forced_give``."""

    def deal_tokens(self, state: Any) -> None:
        """C2-CO-03/04: 20 tokens, 5 to each real player, the rest in the supply."""
        state.c2_tokens = [TOKENS["each_player"]] * state.n
        state.c2_supply = TOKENS["supply"] - TOKENS["each_player"] * state.n

    def earn(self, state: Any, p: int, amount: int, reason: str) -> None:
        """C2-TT-07: no more than the supply holds."""
        taken = min(amount, state.c2_supply)
        if not taken:
            return
        state.c2_supply -= taken
        state.c2_tokens[p] += taken
        state.events.append(
            {
                "type": "trade_tokens",
                "seat": p,
                "tokens": taken,
                "reason": reason,
                "visible_to": "all",
            }
        )

    def settlement_tokens(self, state: Any, v: int) -> int:
        """C2-TT-01..03: 2 next to the desert, 1 on the coast (fewer than 3 land hexes), 3 for
        both."""
        hexes = state.board.vertex_hexes[v]
        earned = TOKENS["desert"] if any(state.terrains[h] == "desert" for h in hexes) else 0
        if len(hexes) < 3:
            earned += TOKENS["coast"]
        return earned

    def price(self, state: Any, p: int) -> int:
        """C2-TA-02: 1 token while your public VP do not exceed the opponent's, else 2."""
        behind = state.public_vp(p) <= state.public_vp(opponent(state, p))
        return TOKENS["price_behind_or_level"] if behind else TOKENS["price_ahead"]

    def desert(self, state: Any) -> int:
        return state.terrains.index("desert") if "desert" in state.terrains else -1

    def actions(self, state: Any, p: int, legal: list[Action]) -> None:
        """C2-TT-05, C2-TA-01, C2-TA-06: what the player whose turn it is may do with tokens."""
        self.token_actions(state, p, legal, self.robber_token_actions)

    def robber_token_actions(self, state: Any) -> list[Action]:
        """C2-TA-05/06: the robber back to the desert, unless it stands there (or none is)."""
        desert = self.desert(state)
        return [ROBBER_TO_DESERT] if desert >= 0 and state.robber != desert else []

    def token_actions(
        self,
        state: Any,
        p: int,
        legal: list[Action],
        robber_actions: Callable[[Any], list[Action]],
    ) -> None:
        """The knight for tokens and the token actions, with ``robber_actions`` the second
        token action of this game (a scenario played with Catan for Two replaces the robber
        to the desert: C2-RI/CA/BA/TB)."""
        if state.phase not in TOKEN_PHASES:
            return
        if not state.c2_knight_traded and state.knights[p] and state.c2_supply:
            legal.append(TRADE_KNIGHT)
        tokens = state.c2_tokens[p]
        if state.c2_token_action or not tokens:
            return
        if tokens < TOKENS["price_ahead"] and self.price(state, p) > tokens:
            return
        if sum(state.hand[opponent(state, p)]):
            legal.append(FORCED_TRADE)
        legal.extend(robber_actions(state))

    def pay_tokens(self, state: Any, p: int, action: str) -> None:
        """C2-TA-03: spent tokens go back to the supply; one token action a turn (C2-TA-01)."""
        cost = self.price(state, p)
        state.c2_tokens[p] -= cost
        state.c2_supply += cost
        state.c2_token_action = True
        state.events.append(
            {
                "type": "token_action",
                "seat": p,
                "action": action,
                "tokens": cost,
                "visible_to": "all",
            }
        )

    # ------------------------------------------------------------------ a knight for tokens
    def apply_trade_knight(self, state: Any, action: Action) -> None:
        """C2-TT-05/06: a played knight leaves the game for 2 tokens; Largest Army is judged
        again, and a holder left below 3 knights or no longer ahead loses it to the one with
        the most (at least 3), or to nobody."""
        p = state.actor
        state.knights[p] -= 1
        state.dev_spent[KNIGHT] += 1
        state.c2_knight_traded = True
        state.events.append({"type": "trade_knight", "seat": p, "visible_to": "all"})
        self.earn(state, p, TOKENS["knight"], "knight")
        holder = state.largest_army
        if holder == p and (
            state.knights[p] < 3 or state.knights[p] <= state.knights[opponent(state, p)]
        ):
            state.largest_army = -1
            state.vp_dirty = True
            state.events.append(
                {
                    "type": "largest_army",
                    "seat": -1,
                    "previous": p,
                    "knights": list(state.knights),
                    "visible_to": "all",
                }
            )
        state.update_largest_army()

    # ------------------------------------------------------------------ the robber to the desert
    def apply_robber_to_desert(self, state: Any, action: Action) -> None:
        """C2-TA-05: the robber goes back to the desert; nobody is robbed."""
        p = state.actor
        self.pay_tokens(state, p, "robber_to_desert")
        freed, state.robber = state.robber, self.desert(state)
        state.events.append(
            {
                "type": "robber_to_desert",
                "seat": p,
                "freed": freed,
                "hex": state.robber,
                "visible_to": "all",
            }
        )

    # ------------------------------------------------------------------ Forced Trade
    def apply_forced_trade(self, state: Any, action: Action) -> None:
        """C2-TA-04: draw 2 random cards of the opponent's hand (1 if he holds 1)."""
        p = state.actor
        self.pay_tokens(state, p, "forced_trade")
        held = sum(state.hand[opponent(state, p)])
        state.c2_forced = {"draw": min(FORCED["draw"], held), "give": 0}
        state._set_phase("forced_draw", CHANCE)

    def outcomes_forced_draw(self, state: Any) -> list[tuple[Action, float]]:
        hand = state.hand[opponent(state, state.turn_player)]
        total = sum(hand)
        return [(FORCED_DRAW[r], hand[r] / total) for r in range(5) if hand[r]]

    def chance_forced_draw(self, state: Any, action: Action) -> None:
        p = state.turn_player
        q = opponent(state, p)
        state.pass_card(q, p, action["resource"], {"type": "forced_draw", "seat": p, "victim": q})
        state.c2_forced["draw"] -= 1
        if state.c2_forced["draw"]:
            return
        # C2-TA-04, A-C2-04: then 2 cards of his choice from the hand he holds now (all he
        # holds, should that be fewer).
        state.c2_forced["give"] = min(FORCED["give"], sum(state.hand[p]))
        state._set_phase("forced_give", p)

    def legal_forced_give(self, state: Any) -> list[Action]:
        hand = state.hand[state.actor]
        return [FORCED_GIVE[r] for r in range(5) if hand[r]]

    def apply_forced_give(self, state: Any, action: Action) -> None:
        p = state.actor
        q = opponent(state, p)
        state.pass_card(p, q, action["resource"], {"type": "forced_give", "seat": p, "to": q})
        state.c2_forced["give"] -= 1
        if not state.c2_forced["give"]:
            state.c2_forced = None
            state.resume_turn()

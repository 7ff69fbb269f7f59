"""Catan for Two (``{"catan_for_two": true}``, exactly 2 players) as a plug-in.

Two real players share the base island with two neutral colours (owner ids 2 and 3) that never
produce; every road or settlement a player builds in his turn gives a neutral colour a free piece
of the same kind; each turn has two production rolls with different totals; trade tokens (a
supply outside the hand) buy one token action a turn. The rules live in ``neutrals.py``,
``rolls.py`` and ``tokens.py``, their numbers in ``catan_for_two.json``; this module joins them
to the core's hooks. See README.md here for the readings taken where the sources are silent.

Rules: C2-CO-01, C2-CO-05, C2-SU-01, C2-SU-03, C2-RO-04/05, C2-VP-01 (all unchanged base rules
around the plug-in's own).
"""

from __future__ import annotations

from typing import Any

from games.catan.expansions.catan_for_two.data import neutral_owners
from games.catan.expansions.catan_for_two.neutrals import NeutralBuilding
from games.catan.expansions.catan_for_two.pictures import Pictures
from games.catan.expansions.catan_for_two.rolls import DoubleRoll
from games.catan.expansions.catan_for_two.tokens import TradeTokens
from games.catan.hooks import Expansion


class CatanForTwo(NeutralBuilding, DoubleRoll, TradeTokens, Pictures, Expansion):
    name = "catan_for_two"
    option = "catan_for_two"
    players = (2,)  # C2-CO-01
    two_player_game = True
    stored_fields = (
        "c2_tokens",
        "c2_supply",
        "c2_rolls",
        "c2_token_action",
        "c2_knight_traded",
        "c2_neutral",
        "c2_return",
        "c2_forced",
    )
    chance_kinds = {"second_dice": "dice", "forced_draw": "steal"}

    def validate(self, options: dict[str, Any], num_players: int) -> None:
        super().validate(options, num_players)
        if options.get("placement") != "founding":
            raise ValueError(
                "catan_for_two is played with placement 'founding' (C2-SU-03: the real players "
                "place in snake order around the neutral settlements)"
            )

    def init(self, state: Any) -> None:
        self.deal_tokens(state)
        state.c2_rolls = []
        state.c2_token_action = False
        state.c2_knight_traded = False
        state.c2_neutral = None
        state.c2_return = None
        state.c2_forced = None
        self.place_neutral_start(state)

    def start_turn(self, state: Any, p: int) -> None:
        state.c2_rolls = []
        state.c2_token_action = False
        state.c2_knight_traded = False

    def built(self, state: Any, p: int, piece: str, where: int) -> None:
        """C2-TT-01..04 and C2-SU-05: a settlement earns tokens, founding ones too, a city
        nothing; C2-SU-04: founding pieces owe the neutrals nothing; C2-NB-01..03, C2-NB-06:
        a road (Road Building's too) or a settlement built in the turn owes one."""
        if piece == "settlement":
            self.earn(state, p, self.settlement_tokens(state, where), "settlement")
        if state.turn and piece != "city":
            self.demand_neutral_piece(state, p, piece)

    def observe(self, state: Any, seat: int, obs: dict[str, Any]) -> None:
        part = self.public_part(state)
        part["token_price"] = self.price(state, seat)
        obs["catan_for_two"] = part

    def public_part(self, state: Any) -> dict[str, Any]:
        """Everything of the scenario every seat sees: tokens are laid in the open."""
        return {
            "trade_tokens": list(state.c2_tokens),
            "token_supply": state.c2_supply,
            "rolls": list(state.c2_rolls),
            "token_action_used": state.c2_token_action,
            "knight_traded": state.c2_knight_traded,
            "neutral_build": state.c2_neutral,
            "forced_trade": dict(state.c2_forced) if state.c2_forced else None,
            "neutrals": [
                {
                    "owner": q,
                    "roads_left": state.roads_left[q],
                    "settlements_left": state.settlements_left[q],
                    "road_length": state.road_length[q],
                }
                for q in neutral_owners(state)
            ],
        }

    def view(self, state: Any, view: dict[str, Any]) -> None:
        view["catan_for_two"] = self.public_part(state)


EXPANSION = CatanForTwo()

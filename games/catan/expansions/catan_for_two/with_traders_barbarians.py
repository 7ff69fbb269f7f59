"""Catan for Two with the Traders & Barbarians main scenario (``{"catan_for_two": true,
"scenario": "traders_barbarians"}``, 2 players): the glue of the pair.

* A wagon's toll on a neutral road (C2-TB-01): half of the gold, rounded up, goes to the bank
  (the scenario's gold supply), half, rounded down, to the opponent; with the 1-gold toll of
  TB-WM-01 that is 1 to the bank.
* The token action (C2-TB-02) moves one barbarian to a path with no road and no barbarian
  (``c2_move_tb_barbarian`` {barbarian, edge}; nobody is robbed); it replaces the robber to the
  desert (the island has none). A settlement next to a trade hex earns 1 token, founding ones
  too, on top of the coast's.
* A played knight given up for tokens (C2-TT-05) is a card of the scenario's deck: it goes
  to that deck's discards.
* Both production rolls keep the scenario's reroll of a 2 or a 12 (TB-TU-01): the first roll is
  rolled again as any roll, the second again under Catan for Two's rule (never the first
  total, C2-RO-03).

Rules: C2-TB-01, C2-TB-02.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from games.catan.constants import KNIGHT
from games.catan.expansions.catan_for_two import EXPANSION as C2
from games.catan.expansions.catan_for_two.data import COMBINED, opponent
from games.catan.expansions.traders_barbarians import EXPANSION as TB
from games.catan.expansions.traders_barbarians import REROLLED
from games.catan.hooks import Combination
from games.catan.mechanics import gold
from games.common.api import CHANCE

Action = dict[str, Any]
RULES = COMBINED["traders_barbarians"]


@cache
def move_barbarian(barbarian: int, edge: int) -> Action:
    return {"type": "c2_move_tb_barbarian", "barbarian": barbarian, "edge": edge}


def trade_hex_ids(state: Any) -> set[int]:
    return {site["hex"] for site in state.board.sites["trade_hexes"].values()}


class WithTradersBarbarians(Combination):
    name = "catan_for_two+traders_barbarians"
    pair = ("catan_for_two", "traders_barbarians")
    replaces = {"catan_for_two": ("actions", "produced"), "traders_barbarians": ("produced",)}
    wraps = ("apply_trade_knight",)
    sentences = {
        "c2_move_tb_barbarian": "{who} moves barbarian {barbarian}: now {edge}.",
        "neutral_toll": "{who} pays {gold} gold for a neutral road: {bank} to the bank, "
        "{opponent_gold} to the opponent.",
    }

    def produced(self, state: Any, total: int) -> bool:
        """TB-TU-01 within C2-RO-01..03: a 2 or 12 is rolled again; otherwise the roll counts."""
        if total in REROLLED:
            state.events.append(
                {"type": "reroll", "seat": state.turn_player, "total": total, "visible_to": "all"}
            )
            state._set_phase("second_dice" if state.c2_rolls else "dice", CHANCE)
            return True
        state.c2_rolls.append(total)
        return C2.first_roll_resolved(state)

    def apply_trade_knight(self, state: Any, action: Action) -> None:
        """C2-TT-05 with the scenario's deck: the knight given up is a card of that deck, so it
        goes to its discards (the base deck is not played)."""
        C2.apply_trade_knight(state, action)
        state.dev_spent[KNIGHT] -= 1
        state.deck_discards[TB.deck.cards.index("knight")] += 1

    def built(self, state: Any, p: int, piece: str, where: int) -> None:
        """C2-TB-02: 1 token for a settlement next to a trade hex (founding included)."""
        if piece == "settlement" and trade_hex_ids(state) & set(state.board.vertex_hexes[where]):
            C2.earn(state, p, RULES["trade_hex_tokens"], "trade_hex")

    def neutral_toll(self, state: Any, p: int, toll: int) -> None:
        """C2-TB-01: half (rounded up) to the bank, half (rounded down) to the opponent."""
        to_opponent = toll // 2
        to_bank = toll - to_opponent
        gold.spend(state, p, to_bank, "toll")
        if to_opponent:
            gold.transfer(state, p, opponent(state, p), to_opponent, "toll")
        state.events.append(
            {
                "type": "neutral_toll",
                "seat": p,
                "gold": toll,
                "bank": to_bank,
                "opponent_gold": to_opponent,
                "visible_to": "all",
            }
        )

    def actions(self, state: Any, p: int, legal: list[Action]) -> None:
        C2.token_actions(state, p, legal, self.barbarian_moves)

    def barbarian_moves(self, state: Any) -> list[Action]:
        """C2-TB-02: any barbarian to a path without a road or another barbarian."""
        taken = set(state.tb_barbarians)
        closed = state.board.road_closed
        owner = state.edge_owner
        free = [
            e
            for e in range(state.board.num_edges)
            if owner[e] == -1 and e not in taken and e not in closed
        ]
        return [move_barbarian(i, e) for i in range(len(state.tb_barbarians)) for e in free]

    def apply_c2_move_tb_barbarian(self, state: Any, action: Action) -> None:
        p, i, e = state.actor, action["barbarian"], action["edge"]
        C2.pay_tokens(state, p, "move_barbarian")
        state.events.append(
            {
                "type": "c2_move_tb_barbarian",
                "seat": p,
                "barbarian": i,
                "edge": e,
                "previous": state.tb_barbarians[i],
                "visible_to": "all",
            }
        )
        state.tb_barbarians[i] = e


GLUE = WithTradersBarbarians()

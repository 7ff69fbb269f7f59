"""Catan for Two with the Fishermen of Catan (``{"catan_for_two": true, "scenario":
"fishermen"}``, 2 players): the glue of the pair, calling both plug-ins' rules.

* No trade tokens at all: the supply and both seats hold none, so no token is earned and no
  token action or knight trade is ever offered (Catan for Two's own rules, with 0 tokens).
* Each player starts with 5 fish tokens (two 1-fish, two 2-fish, one 3-fish) taken out of the
  face-down supply; fish come only from production, so no setup fish (FI-SU-06 is off).
* The player with fewer public VP than the opponent pays 1 fish less for every fish action.
* Each of the two rolls is resolved with its fish draws before the second roll (C2-RO-02).

Rules: C2-FI-01.
"""

from __future__ import annotations

from typing import Any

from games.catan.expansions.catan_for_two import EXPANSION as C2
from games.catan.expansions.catan_for_two.data import COMBINED, opponent
from games.catan.expansions.fishermen import grounds, spending, supply
from games.catan.hooks import Combination

RULES = COMBINED["fishermen"]
SECOND_ROLL = "catan_for_two:second_roll"
"""The fish draws' continuation after the first roll: the second roll (or the main phase)."""


def _second_roll(state: Any) -> None:
    if not C2.first_roll_resolved(state):
        state.to_main()


supply.CONTINUE[SECOND_ROLL] = _second_roll


class WithFishermen(Combination):
    name = "catan_for_two+fishermen"
    pair = ("catan_for_two", "fishermen")
    replaces = {
        "catan_for_two": ("produced",),
        "fishermen": ("produced", "founding_done", "actions"),
    }

    def init(self, state: Any) -> None:
        """C2-FI-01: no tokens anywhere; 5 fish each, from the face-down supply."""
        state.c2_supply = RULES["trade_tokens"]
        state.c2_tokens = [RULES["trade_tokens"]] * state.n
        start = RULES["start_fish"]
        for seat in range(state.n):
            state.fish_held[seat] = list(start)
        for i, count in enumerate(start):
            state.fish_supply[i] -= count * state.n

    def produced(self, state: Any, total: int) -> bool:
        """C2-RO-02 with FI-PR-01..03: the roll's fish are drawn before the second roll."""
        state.c2_rolls.append(total)
        then = SECOND_ROLL if len(state.c2_rolls) == 1 else "main"
        if supply.deal(state, grounds.fish_owed(state, total), then):
            return True
        return C2.first_roll_resolved(state)

    def discount(self, state: Any, p: int) -> int:
        """C2-FI-01: 1 fish off for the player with fewer public VP."""
        behind = state.public_vp(p) < state.public_vp(opponent(state, p))
        return RULES["behind_discount"] if behind else 0

    def actions(self, state: Any, p: int, legal: list[dict[str, Any]]) -> None:
        spending.add_fish_actions(state, p, legal, self.discount(state, p))


GLUE = WithFishermen()

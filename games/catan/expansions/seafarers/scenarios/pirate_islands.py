"""The Pirate Islands (``{"seafarers": "pirate_islands"}``; map SF-MAP-PI, 3-4 players).

A main island in the east, the pirate islands in the west with one pirate fortress per seat
colour. No robber, no Longest Trade Route, no Largest Army (SF-PR-04): on a 7 the roller steals
one card from any player (SF-PR-11); a knight card leaves the game.

State: ``pi_knights_gone`` (per seat: knight cards that left the game, SF-PR-08).

Rules: SF-PR-01..14 (reference/expansions/seafarers.md §16, §19 SF-MAP-PI; A-SF-06; §22).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, ClassVar, Final

from games.catan.constants import KNIGHT
from games.catan.expansions.seafarers.scenarios import Scenario

Action = dict[str, Any]

DATA: Final = json.loads(
    (Path(__file__).parent / "data" / "pirate_islands.json").read_text(encoding="utf-8")
)


def knight_leaves(state: Any) -> None:
    """SF-PR-04/08: the knight just played leaves the game; nobody counts toward an army."""
    p = state.turn_player
    state.knights[p] -= 1
    state.dev_spent[KNIGHT] += 1


def steal_from_anyone(state: Any) -> None:
    """SF-PR-11: on a 7, after the discards, the roller steals 1 card from any player."""
    victims = [q for q in range(state.n) if q != state.turn_player and any(state.hand[q])]
    if len(victims) > 1:
        state.robber_victims = victims
        state._set_phase("choose_victim", state.turn_player)
    elif victims:
        state._rob(victims[0])
    else:
        state.finish_robber()


class PirateIslands(Scenario):
    name = "pirate_islands"
    title = "The Pirate Islands"
    targets: ClassVar[dict[int, int]] = {3: DATA["victory_points"], 4: DATA["victory_points"]}
    layouts: ClassVar[dict[int, str]] = {
        3: "seafarers_pirate_islands",
        4: "seafarers_pirate_islands",
    }
    setup_zones = ("main",)  # SF-PR-03
    foreign = "outside_setup_zones"
    longest_route = DATA["longest_route"]  # SF-PR-04
    robber = not DATA["no_robber"]
    pirate = False  # the pirate fleet replaces the pirate (SF-PR-09)

    def robber_move(self, state: Any) -> bool:
        """SF-PR-04: no robber. A 7 steals from anyone (SF-PR-11); a knight leaves the game."""
        if state.phase in ("pre_roll", "main"):  # a knight card, not a 7
            knight_leaves(state)
            state.finish_robber()
        else:
            steal_from_anyone(state)
        return True


SCENARIO = PirateIslands()

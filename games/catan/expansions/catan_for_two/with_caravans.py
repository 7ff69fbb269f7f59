"""Catan for Two with the Caravans (``{"catan_for_two": true, "scenario": "caravans"}``,
2 players): the glue of the pair.

* A turn with a settlement built or upgraded ends with a vote as in the Caravans (both seats
  bid wool and grain, the bids go to the bank), but the round places **2 camels**: a seat with
  more votes than the opponent places both, the second in a caravan other than the first's
  (none left: the second camel stays beside the board); on a tie (nobody bidding included) each
  places one, first the player whose turn just ended. Each camel is the decision
  ``c2_place_camel`` {edge, toward} of the seat placing it (phase ``c2_camel``). The Caravans'
  own shortcut (one spot, no vote) is not taken: the second camel may have more spots.
* The token action "robber to the desert" (the oasis stands there) puts the robber beside the
  board instead (``robber_aside``); it re-enters on the next 7 or knight (the shared mechanic
  ``robber_off``). Offered only while the robber is on the board (C2-TA-06).

Rules: C2-CA-01.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from games.catan.expansions.caravans import EXPANSION as CARAVANS
from games.catan.expansions.caravans import vote
from games.catan.expansions.caravans.camels import caravan_starts, other_end
from games.catan.expansions.catan_for_two import EXPANSION as C2
from games.catan.expansions.catan_for_two.data import COMBINED, opponent
from games.catan.hooks import Combination
from games.catan.mechanics import robber_off

Action = dict[str, Any]
RULES = COMBINED["caravans"]
RULE = "catan_for_two"
"""The vote's ``rule``: the Caravans' vote counts with :func:`count_two_camels`."""
ROBBER_ASIDE: Action = {"type": "robber_aside"}


@cache
def place_action(edge: int, toward: int) -> Action:
    return {"type": "c2_place_camel", "edge": edge, "toward": toward}


def spot_caravans(state: Any, spot: tuple[int, int]) -> set[int]:
    """The caravans a camel on ``spot`` would continue (or start)."""
    edge, head = spot
    tail = other_end(state.board, edge, head)
    fronts = state.caravan_fronts
    found = {i for i, front in enumerate(fronts) if front == tail}
    if not found:
        starts = caravan_starts(state.board)
        found = {i for i, front in enumerate(fronts) if front == -1 and starts[i][0] == edge}
    return found


def count_two_camels(state: Any) -> None:
    """C2-CA-01: more votes place both camels; a tie, one each from the turn player on."""
    ballot = state.caravan_vote
    votes = CARAVANS.votes(state)
    p = state.turn_player
    q = opponent(state, p)
    if votes[p] != votes[q]:
        leader = p if votes[p] > votes[q] else q
        ballot["placers"] = [leader] * RULES["camels_per_vote"]
        ballot["how"] = "most_votes"
    else:
        ballot["placers"] = [p, q]
        ballot["how"] = "turn_player"
    ballot["placed"] = []
    ask_next(state)


vote.COUNTS[RULE] = count_two_camels


def free_spots(state: Any) -> list[tuple[int, int]]:
    """Where the next camel of the round may go: every spot, but for the second camel of one
    seat only caravans the first did not continue."""
    ballot = state.caravan_vote
    spots = CARAVANS.camel_spots(state)
    placed = ballot["placed"]
    if placed and ballot["placers"][0] == ballot["placers"][1]:
        used = set(placed[0])
        spots = [spot for spot in spots if not spot_caravans(state, spot) & used]
    return spots


def ask_next(state: Any) -> None:
    ballot = state.caravan_vote
    done = len(ballot["placed"])
    if done < len(ballot["placers"]) and state.camels_left:
        spots = free_spots(state)
        if spots:
            ballot["spots"] = [list(spot) for spot in spots]
            ballot["chooser"] = ballot["placers"][done]
            state._set_phase("c2_camel", ballot["chooser"])
            return
    CARAVANS.close_vote(state)


class WithCaravans(Combination):
    name = "catan_for_two+caravans"
    pair = ("catan_for_two", "caravans")
    replaces = {"catan_for_two": ("actions",), "caravans": ("end_turn",)}
    sentences = {
        "robber_aside": "{who} sends the robber from {freed} beside the board.",
    }

    def end_turn(self, state: Any, p: int) -> bool:
        """CA-TR-01/02 as in the Caravans; then the 2-camel round (C2-CA-01)."""
        if vote.building_marker(state, p) >= state.camel_marker or not state.camels_left:
            return False
        spots = CARAVANS.camel_spots(state)
        if not spots:
            return False
        state.caravan_vote = {
            "spots": [list(spot) for spot in spots],
            "bids": [None] * state.n,
            "order": [(p + i) % state.n for i in range(state.n)],
            "named": [],
            "chooser": -1,
            "how": "",
            "rule": RULE,
        }
        state.events.append(
            {"type": "caravan_vote", "seat": p, "spots": len(spots), "visible_to": "all"}
        )
        CARAVANS.next_bidder(state)
        return True

    def legal_c2_camel(self, state: Any) -> list[Action]:
        return [place_action(e, head) for e, head in state.caravan_vote["spots"]]

    def apply_c2_place_camel(self, state: Any, action: Action) -> None:
        ballot = state.caravan_vote
        spot = (action["edge"], action["toward"])
        moved = spot_caravans(state, spot)
        CARAVANS.place(state, spot, chooser=state.actor, how=ballot["how"])
        ballot["placed"].append(sorted(moved))
        ask_next(state)

    def observe(self, state: Any, seat: int, obs: dict[str, Any]) -> None:
        if state.phase == "c2_camel" and seat == state.actor:
            obs["pending"] = {"camel_vote": "choose"}

    def actions(self, state: Any, p: int, legal: list[Action]) -> None:
        C2.token_actions(state, p, legal, self.robber_actions)

    def robber_actions(self, state: Any) -> list[Action]:
        """C2-CA-01, C2-TA-06: beside the board, while it is on it."""
        return [] if robber_off.is_off(state) else [ROBBER_ASIDE]

    def apply_robber_aside(self, state: Any, action: Action) -> None:
        p = state.actor
        C2.pay_tokens(state, p, "robber_aside")
        freed = robber_off.take_off(state)
        state.events.append(
            {"type": "robber_aside", "seat": p, "freed": freed, "visible_to": "all"}
        )


GLUE = WithCaravans()

"""When a camel is due, and the vote of every seat that decides where it goes.

The vote is a sequence of small decisions of each seat in turn (contracts §1: reactions are
decisions of the other seats), every one with a finite legal list:

1. ``caravan_bid`` (phase ``caravan_bid``): every seat once, clockwise from the player whose turn
   just ended, bids ``{"wool": w, "grain": g}`` from its hand (0..held of each; ``0, 0`` is
   passing). Bids are public as they are made (A-CA-05). A seat holding neither wool nor grain
   can only bid nothing: it is recorded without asking it.
2. A seat whose votes exceed all the others' together places the camel alone
   (``place_camel``, phase ``caravan_choose``).
3. Otherwise every seat that bid names a spot (``propose_camel``, phase ``caravan_name``), in the
   same order, seeing the earlier names; as soon as the seats naming one spot hold more than
   half of all votes, the camel goes there. This is the checklist's reading of the negotiation
   (caravans.md §10): an agreement of bidders who together hold a majority.
4. Without such an agreement the single seat with the most votes places it; if several tie (or
   nobody bid) the player whose turn ended does, even if he bid nothing.
5. Every bid card goes to the bank, winners' and losers'; then the next turn starts.

The bid cards stay in their owners' hands until the camel is placed (nothing else happens
meanwhile), so the count of cards in a hand includes them.

Rules: CA-TR-01..03, CA-VO-01..05, A-CA-05.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.catan.constants import GRAIN, WOOL
from games.catan.expansions.caravans.camels import Spot

Action = dict[str, Any]

COUNTS: dict[str, Callable[[Any], None]] = {}
"""Other ways to go on once every seat has bid, by the vote's ``rule`` (absent: this module's
CA-VO-02..04); a combination adds its own (Catan for Two: two camels, C2-CA-01)."""


def building_marker(state: Any, p: int) -> int:
    """A number every settlement built and every city upgrade of ``p`` lowers by exactly one
    (a city returns its settlement: -2 + 1), so a turn's building shows as a lower marker."""
    return 2 * state.cities_left[p] + state.settlements_left[p]


class VoteRules:
    """The vote's part of the Caravans plug-in (phases ``caravan_*``, called with the state)."""

    # ------------------------------------------------------------------ when
    def start_turn(self, state: Any, p: int) -> None:
        state.camel_marker = building_marker(state, p)

    def end_turn(self, state: Any, p: int) -> bool:
        """CA-TR-01/02/03: a turn with a settlement built or upgraded ends with one camel,
        however many were built; none once the 22 are placed or every caravan has ended.

        With a single spot left there is nothing to vote on: the camel goes there without a
        vote (and nobody pays). True: the hook took over (a vote is pending, or the camel is
        placed and the turn passed).
        """
        if building_marker(state, p) >= state.camel_marker or not state.camels_left:
            return False
        spots = self.camel_spots(state)
        if not spots:
            return False
        if len(spots) == 1:
            state.caravan_vote = None
            self.place(state, spots[0], chooser=-1, how="only_spot")
            self.close_vote(state)
            return True
        order = [(p + i) % state.n for i in range(state.n)]
        state.caravan_vote = {
            "spots": [list(spot) for spot in spots],
            "bids": [None] * state.n,
            "order": order,
            "named": [],
            "chooser": -1,
            "how": "",
        }
        state.events.append(
            {"type": "caravan_vote", "seat": p, "spots": len(spots), "visible_to": "all"}
        )
        self.next_bidder(state)
        return True

    # ------------------------------------------------------------------ bids
    def next_bidder(self, state: Any) -> None:
        vote = state.caravan_vote
        for seat in vote["order"]:
            if vote["bids"][seat] is None:
                hand = state.hand[seat]
                if hand[WOOL] or hand[GRAIN]:
                    state._set_phase("caravan_bid", seat)
                    return
                vote["bids"][seat] = [0, 0]  # nothing to bid with: no decision to ask for
        self.count_votes(state)

    def legal_caravan_bid(self, state: Any) -> list[Action]:
        """CA-VO-01: any number of wool and/or grain cards from the hand, once."""
        hand = state.hand[state.actor]
        return [
            {"type": "caravan_bid", "wool": w, "grain": g}
            for w in range(hand[WOOL] + 1)
            for g in range(hand[GRAIN] + 1)
        ]

    def apply_caravan_bid(self, state: Any, action: Action) -> None:
        seat = state.actor
        state.caravan_vote["bids"][seat] = [action["wool"], action["grain"]]
        state.events.append(
            {
                "type": "caravan_bid",
                "seat": seat,
                "wool": action["wool"],
                "grain": action["grain"],
                "visible_to": "all",
            }
        )
        self.next_bidder(state)

    # ------------------------------------------------------------------ who decides
    def count_votes(self, state: Any) -> None:
        """CA-VO-02: a seat with more votes than all others together chooses alone; else the
        bidders name spots (CA-VO-03); nobody bidding leaves it to the turn player (CA-VO-04)."""
        vote = state.caravan_vote
        if "rule" in vote:
            COUNTS[vote["rule"]](state)
            return
        votes = self.votes(state)
        total = sum(votes)
        for seat in vote["order"]:
            if 2 * votes[seat] > total:
                self.ask_chooser(state, seat, "alone")
                return
        if total == 0:
            self.ask_chooser(state, state.turn_player, "turn_player")
            return
        self.next_namer(state)

    def votes(self, state: Any) -> list[int]:
        return [wool + grain for wool, grain in state.caravan_vote["bids"]]

    def next_namer(self, state: Any) -> None:
        vote = state.caravan_vote
        votes = self.votes(state)
        named = {seat for seat, _, _ in vote["named"]}
        for seat in vote["order"]:
            if votes[seat] and seat not in named:
                state._set_phase("caravan_name", seat)
                return
        self.no_agreement(state, votes)

    def no_agreement(self, state: Any, votes: list[int]) -> None:
        """CA-VO-04: the single seat with the most votes chooses, even with a minority; on a
        tie the player whose turn just ended chooses, even if he bid nothing."""
        most = max(votes)
        leaders = [seat for seat, count in enumerate(votes) if count == most]
        if len(leaders) == 1:
            self.ask_chooser(state, leaders[0], "most_votes")
        else:
            self.ask_chooser(state, state.turn_player, "turn_player")

    def ask_chooser(self, state: Any, seat: int, how: str) -> None:
        state.caravan_vote["chooser"] = seat
        state.caravan_vote["how"] = how
        state._set_phase("caravan_choose", seat)

    def spot_actions(self, state: Any, kind: str) -> list[Action]:
        return [
            {"type": kind, "edge": e, "toward": head} for e, head in state.caravan_vote["spots"]
        ]

    # ------------------------------------------------------------------ agreement
    def legal_caravan_name(self, state: Any) -> list[Action]:
        """CA-VO-03: a bidder names the spot he agrees to."""
        return self.spot_actions(state, "propose_camel")

    def apply_propose_camel(self, state: Any, action: Action) -> None:
        """CA-VO-03: bidders naming one spot with more than half of all votes agree on it."""
        seat = state.actor
        vote = state.caravan_vote
        spot = (action["edge"], action["toward"])
        vote["named"].append([seat, *spot])
        state.events.append(
            {
                "type": "propose_camel",
                "seat": seat,
                "edge": spot[0],
                "toward": spot[1],
                "visible_to": "all",
            }
        )
        votes = self.votes(state)
        agreeing = sum(votes[s] for s, e, head in vote["named"] if (e, head) == spot)
        if 2 * agreeing > sum(votes):
            self.place(state, spot, chooser=-1, how="agreement")
            self.close_vote(state)
        else:
            self.next_namer(state)

    # ------------------------------------------------------------------ placing
    def legal_caravan_choose(self, state: Any) -> list[Action]:
        return self.spot_actions(state, "place_camel")

    def apply_place_camel(self, state: Any, action: Action) -> None:
        vote = state.caravan_vote
        spot = (action["edge"], action["toward"])
        self.place(state, spot, chooser=vote["chooser"], how=vote["how"])
        self.close_vote(state)

    def place(self, state: Any, spot: Spot, chooser: int, how: str) -> None:
        caravans = self.put_camel(state, *spot)
        state.events.append(
            {
                "type": "place_camel",
                "seat": chooser if chooser >= 0 else state.turn_player,  # who placed it
                "chooser": chooser,
                "how": how,
                "edge": spot[0],
                "toward": spot[1],
                "caravans": caravans,
                "camels_left": state.camels_left,
                "visible_to": "all",
            }
        )

    def close_vote(self, state: Any) -> None:
        """CA-VO-05: every bid card goes to the bank; then the turn player may have won (the
        camel ends his turn, BG-WIN-01) and otherwise the next turn starts."""
        paid = []
        bids = state.caravan_vote["bids"] if state.caravan_vote else ()
        for seat, (wool, grain) in enumerate(bids):
            if wool or grain:
                state.pay(seat, (0, 0, wool, grain, 0))
                paid.append([seat, wool, grain])
        if paid:
            state.events.append({"type": "caravan_pay", "paid": paid, "visible_to": "all"})
        state.caravan_vote = None
        state._check_victory()
        if not state.is_terminal():
            state.pass_turn()

"""The Caravans (``{"scenario": "caravans"}``, 3-4 players) as a plug-in of the board game.

Nomads at the oasis in the centre send three caravans of camels across the island. At the end
of a turn in which its player built a settlement or a city, one camel joins a caravan; every
seat votes with wool and grain on where it goes (``vote.py``). Buildings between two camels gain
a VP and roads beside camels count double for Longest Road (``camels.py``). 12 VP win.

Where the core calls it: ``layout`` (the oasis boards in ``layouts/``), ``init`` (supply,
target), ``start_turn``/``end_turn`` (is a camel due, the vote), ``rebuild`` (road weights and
crossings from the stored camels), ``vp``, ``observe``/``static``/``view`` (public camels and the
vote), and its phases ``caravan_bid``, ``caravan_name``, ``caravan_choose``.

Rules: CA-SU-01..04, CA-VP-01 (and those of camels.py, vote.py).
"""

from __future__ import annotations

from typing import Any, ClassVar

from games.catan.expansions.caravans import words
from games.catan.expansions.caravans.camels import CAMELS, DATA, CamelRules, caravan_starts
from games.catan.expansions.caravans.vote import VoteRules
from games.catan.hooks import Expansion

VOTE_PHASES = {"caravan_bid": "bid", "caravan_name": "name", "caravan_choose": "choose"}
"""The vote's phases -> what ``pending`` says the deciding seat is asked."""
BASE_VICTORY_POINTS = 10
"""The base game's default target, which the scenario's 12 replaces (CA-VP-01)."""


class Caravans(CamelRules, VoteRules, Expansion):
    name = "caravans"
    option = "scenario"
    values = ("caravans",)
    players = (3, 4)
    combines_with = ("catan_for_two",)  # C2-CA-01 (catan_for_two/with_caravans.py)
    rules_checklist = "caravans.md"
    stored_fields = (
        "camel_head",
        "caravan_fronts",
        "camels_left",
        "camel_marker",
        "caravan_vote",
    )
    sentences: ClassVar[dict[str, Any]] = words.SENTENCES

    def layout(self, options: dict[str, Any]) -> str | None:
        """CA-SU-01: the oasis in the centre, on the beginner or a variable board."""
        return f"caravans_{options['layout']}"

    def init(self, state: Any) -> None:
        """CA-SU-02: the camels beside the board; CA-VP-01: 12 VP (an explicit other
        ``victory_points`` option is kept). CA-SU-03 and CA-SU-04: the layout's robber starts
        beside the board, the founding is the base game's."""
        if state.victory_target == BASE_VICTORY_POINTS:
            state.victory_target = DATA["victory_points"]
        state.camel_head = [-1] * state.board.num_edges
        state.caravan_fronts = [-1] * len(caravan_starts(state.board))
        state.camels_left = CAMELS
        state.camel_marker = 0
        state.caravan_vote = None

    def observe(self, state: Any, seat: int, obs: dict[str, Any]) -> None:
        """Everything about the camels and the vote is public (bids are laid face up)."""
        obs["caravans"] = self.public(state)
        asked = VOTE_PHASES.get(state.phase)
        if asked and seat == state.actor:
            obs["pending"] = {"camel_vote": asked}  # what the deciding seat is asked

    def view(self, state: Any, view: dict[str, Any]) -> None:
        view["caravans"] = self.public(state)

    def public(self, state: Any) -> dict[str, Any]:
        vote = state.caravan_vote
        public = self.camels_view(state)
        public["vote"] = None
        if vote is not None:
            public["vote"] = {
                "spots": [list(spot) for spot in vote["spots"]],
                "bids": [list(bid) if bid else None for bid in vote["bids"]],
                "order": list(vote["order"]),
                "named": [list(name) for name in vote["named"]],
                "chooser": vote["chooser"],
            }
        return public

    def static(self, options: dict[str, Any], static: dict[str, Any]) -> None:
        from games.catan.state import board_of

        board = board_of(options)
        static["caravans"] = {
            "oasis": board.sites["oasis"]["hex"],
            "starts": [list(spot) for spot in caravan_starts(board)],
            "camels": CAMELS,
        }

    def draw_board(self, view: dict[str, Any], geometry: Any) -> list[str]:
        return words.draw(view, geometry)

    def seat_words(self, view: dict[str, Any], seat: int) -> str | None:
        return words.seat_words(view, seat)


EXPANSION = Caravans()

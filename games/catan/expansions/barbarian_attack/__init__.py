"""Barbarian Attack (``{"scenario": "barbarian_attack"}``), the fourth scenario of Traders &
Barbarians, as a plug-in of the board game.

Barbarians land on the coastal hexes whenever someone builds (``barbarians.py``); three on a hex
conquer it and the buildings it isolates. Players train knights at the castle with the
scenario's own development cards (``cards.py``, the deck in ``deck.json`` through the shared
``mechanics/scenario_deck.py``), march them along paths and expel barbarians for prisoners and
gold at the end of their turn (``knights.py``). No robber: a 7 means discards and a card stolen
from a player of the roller's choice. The second founding placement is a city
(``mechanics/setup_city.py``); gold coins are ``mechanics/gold.py``. 12 VP.

Rules: BA-CO-01..06, BA-SU-01..08, BA-TU-01..03, BA-VP-01 (call sites; the rules are in the
modules named above).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from games.catan.actions import END_TURN
from games.catan.hooks import Expansion
from games.catan.mechanics import gold, scenario_deck, setup_city
from games.catan.mechanics.scenario_deck import ScenarioDeckRules

from . import barbarians as B
from . import cards as C
from . import knights as K
from .words import SENTENCES, draw_board, seat_words

Action = dict[str, Any]
HERE = Path(__file__).parent

VICTORY_POINTS = 12
"""BA-VP-01."""
PRISONERS_PER_VP = 2
"""BA-EX-04."""


class BarbarianAttack(ScenarioDeckRules, gold.GoldCoins, Expansion):
    name = "barbarian_attack"
    option = "scenario"
    values = ("barbarian_attack",)
    players = (3, 4)
    combines_with = ("catan_for_two",)  # C2-BA-01..03 (catan_for_two/with_barbarian_attack.py)
    robber = False
    deck = scenario_deck.load_deck(HERE / "deck.json")
    stored_fields = (
        *scenario_deck.DECK_FIELDS,
        *gold.FIELDS,
        "ba_barbarians",
        "ba_supply",
        "ba_landing",
        "ba_conquered",
        "ba_knight",
        "ba_knights_left",
        "ba_prisoners",
        "ba_moved",
        "ba_spurred",
        "ba_battle",
        "ba_place",
        "ba_treason",
    )
    chance_kinds = {
        **scenario_deck.DECK_CHANCE_KINDS,
        "barbarian_landing": "dice:landing",
        "battle_contest": "dice:contest",
        "battle_losses": "die:losses",
    }
    sentences = {**setup_city.SENTENCES, **scenario_deck.SENTENCES, **SENTENCES}
    draw_board = staticmethod(draw_board)
    seat_words = staticmethod(seat_words)

    def layout(self, options: dict[str, Any]) -> str:
        return "barbarian_attack"  # BA-SU-01..05

    # ------------------------------------------------------------------ hooks
    def init(self, state: Any) -> None:
        """BA-SU-06/07, BA-CO-06, BA-VP-01: barbarians, knights, the scenario deck, gold."""
        if state.options["victory_points"] == 10:  # the base game's default: the scenario's 12
            state.victory_target = VICTORY_POINTS
        scenario_deck.init_deck(state, self.deck)
        gold.init(state)
        B.init_barbarians(state)
        K.init_knights(state)
        state.ba_place = ""
        state.ba_treason = []

    founding_done = staticmethod(setup_city.found_city)  # BA-SU-08

    def start_turn(self, state: Any, p: int) -> None:
        gold.start_turn(state, p)
        lost = state.ba_conquered
        if lost and "_ba_rates" not in vars(state):  # from_dict's rates count every harbour
            B.refresh_rates(state, lost)

    def built(self, state: Any, p: int, kind: str, where: int) -> None:
        """BA-LA-01: building a settlement or a city (not in the founding) brings a landing."""
        if state.turn and kind in ("settlement", "city"):
            B.start_landing(state)

    def actions(self, state: Any, p: int, legal: list[Action]) -> None:
        if state.phase != "main":
            return
        lost = state.ba_conquered
        if lost:  # BA-CQ-02: no road or settlement next to a conquered hex
            edges, vertices = B.closed_spots(state.board, frozenset(lost))
            legal[:] = [
                a
                for a in legal
                if (a.get("edge", -1) not in edges and a.get("vertex", -1) not in vertices)
                or a["type"] not in ("build_road", "build_settlement")
            ]
        scenario_deck.add_deck_purchase(state, p, legal)
        gold.add_actions(state, p, legal)
        if legal[0] is END_TURN and K.knights_on_board(state):  # BA-TU-03
            legal[0] = K.FINISH_TURN

    def robber_move(self, state: Any) -> bool:
        """BA-TU-01: no robber; the roller draws a card from a player of his choice."""
        victims = [q for q in range(state.n) if q != state.turn_player and any(state.hand[q])]
        if len(victims) > 1:
            state.robber_victims = victims
            state._set_phase("choose_victim", state.turn_player)
        elif victims:
            state._rob(victims[0])
        else:
            state.finish_robber()
        return True

    def vp(self, state: Any, p: int) -> int:
        """BA-EX-04, BA-CQ-03: prisoners (2 = 1 VP); conquered buildings count nothing."""
        return state.ba_prisoners[p] // PRISONERS_PER_VP - B.lost_vp(state, p)

    def may_progress(self, state: Any, p: int) -> bool:
        return scenario_deck.may_progress(state) or K.knights_on_board(state)

    def observe(self, state: Any, seat: int, obs: dict[str, Any]) -> None:
        gold.observe(state, seat, obs)
        obs["barbarian_attack"] = public(state)

    def view(self, state: Any, view: dict[str, Any]) -> None:
        gold.view(state, view)
        view["barbarian_attack"] = public(state)

    # ------------------------------------------------------------------ card effects
    def resolve_card(self, state: Any, p: int, card: str) -> None:
        C.resolve(state, p, card)

    # ------------------------------------------------------------------ phases
    @staticmethod
    def outcomes_barbarian_landing(state: Any) -> list[tuple[Action, float]]:
        return B.landing_outcomes(state)

    @staticmethod
    def chance_barbarian_landing(state: Any, action: Action) -> None:
        B.land(state, action["total"])

    @staticmethod
    def legal_place_knight(state: Any) -> list[Action]:
        return C.legal_place(state)

    @staticmethod
    def apply_place_knight(state: Any, action: Action) -> None:
        C.place(state, action["edge"])

    @staticmethod
    def legal_treason(state: Any) -> list[Action]:
        return C.treason_moves(state)

    @staticmethod
    def apply_treason_move(state: Any, action: Action) -> None:
        C.move_barbarian(state, action["from"], action["to"])

    @staticmethod
    def legal_intrigue(state: Any) -> list[Action]:
        return C.legal_intrigue(state)

    @staticmethod
    def apply_capture_barbarian(state: Any, action: Action) -> None:
        C.capture(state, action["hex"])

    @staticmethod
    def apply_finish_turn(state: Any, action: Action) -> None:
        K.start_moves(state)

    @staticmethod
    def legal_move_knights(state: Any) -> list[Action]:
        return K.legal_moves(state)

    @staticmethod
    def apply_spur_knight(state: Any, action: Action) -> None:
        K.spur(state, action["edge"])

    @staticmethod
    def apply_move_knight(state: Any, action: Action) -> None:
        K.move(state, action["edge"], action["to"])

    @staticmethod
    def apply_end_knight_moves(state: Any, action: Action) -> None:
        K.start_battles(state)

    @staticmethod
    def outcomes_battle_contest(state: Any) -> list[tuple[Action, float]]:
        return K.contest_outcomes(state)

    @staticmethod
    def chance_battle_contest(state: Any, action: Action) -> None:
        K.settle_contest(state, action["winners"])

    @staticmethod
    def outcomes_battle_losses(state: Any) -> list[tuple[Action, float]]:
        return [(a, 1 / 6) for a in K.LOSS]

    @staticmethod
    def chance_battle_losses(state: Any, action: Action) -> None:
        K.losses(state, action["die"])


def public(state: Any) -> dict[str, Any]:
    """Everything of the scenario lies open on the table (nothing here is hidden)."""
    knights = state.ba_knight
    return {
        "castle": state.board.sites["castle"],
        "barbarians": {str(h): n for h, n in enumerate(state.ba_barbarians) if n},
        "barbarian_supply": state.ba_supply,
        "conquered_hexes": sorted(state.ba_conquered),
        "conquered_buildings": B.conquered_buildings(state),
        "knights": [[e, o] for e, o in enumerate(knights) if o != -1],
        "knights_left": list(state.ba_knights_left),
        "prisoners": list(state.ba_prisoners),
        "moved_knights": list(state.ba_moved),
        "spurred_knights": list(state.ba_spurred),
        "landing_rolls": list(state.ba_landing),
        "deck": scenario_deck.public_deck(state),
    }


EXPANSION = BarbarianAttack()

"""Traders & Barbarians, the main scenario (``{"scenario": "traders_barbarians"}``, 3-4 players).

Three trade hexes (castle, quarry, glassworks) with a plaza each; every seat drives a wagon that
picks up a commodity token at one trade hex and delivers it to the one that needs it for 1 VP and
gold; three barbarians on paths slow the wagons and rob the roads they stand on. No robber, no
Longest Road, no desert, no 2 or 12; the second founding settlement is a city; 5 gold to start;
the scenario's own deck of 25 cards; 13 VP.

This module joins the rules (``wagons``, ``barbarians``, ``deliveries``, ``baggage``, ``cards``)
and the shared mechanics (gold coins, the set-up city, the scenario deck) to the core's hooks.
The board is ``layouts/traders_barbarians.json``; the numbers the sources leave open are data
with their source (README.md of this package).

Rules: TB-CO-01..09, TB-SU-01..07, TB-TH-01..05, TB-TU-01..04, TB-VP-01 (call sites).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from games.catan import actions as A
from games.catan.board import board as board_named
from games.catan.hooks import Expansion
from games.catan.mechanics import gold, scenario_deck, setup_city
from games.common.api import CHANCE

from .baggage import BaggageRules
from .barbarians import BarbarianRules
from .cards import CardRules
from .data import DECK_FILE, baggage_cards, trade_hexes
from .deliveries import DeliveryRules
from .pictures import PictureRules
from .wagons import END_BUILDING, WagonRules

Action = dict[str, Any]

LAYOUT = "traders_barbarians"
EXTRA_VICTORY_POINTS = 3
"""TB-VP-01: 13 VP, three more than the base game's 10 (the ``victory_points`` option)."""
REROLLED = (2, 12)
"""TB-TU-01: no hex carries a 2 or a 12, so those rolls are rolled again."""
START_GOLD = 5
"""TB-SU-06."""

FIELDS = (
    "tb_wagons",
    "tb_barbarians",
    "tb_baggage",
    "tb_cargo",
    "tb_delivered",
    "tb_stacks",
    "tb_mp",
    "tb_grain_used",
    "tb_stopped",
    "tb_journeys",
    "tb_tried",
    "tb_driving",
)
"""The scenario's own state fields (wagon positions, barbarian paths, baggage cards, cargo,
deliveries, token stacks, and the turn player's movement: points left, grain used, stopped on a
plaza, second journeys, barbarians tried, the one being driven off)."""


@cache
def plazas(board: Any) -> dict[int, str]:
    """Plaza intersection -> trade hex name, from the layout's sites."""
    return {site["plaza"]: name for name, site in board.sites["trade_hexes"].items()}


class TradersBarbarians(
    WagonRules,
    BarbarianRules,
    DeliveryRules,
    BaggageRules,
    CardRules,
    PictureRules,
    scenario_deck.ScenarioDeckRules,
    gold.GoldCoins,
    Expansion,
):
    name = "traders_barbarians"
    option = "scenario"
    values = ("traders_barbarians",)
    players = (3, 4)
    combines_with = ("catan_for_two",)  # C2-TB-01/02 (catan_for_two/with_traders_barbarians.py)
    longest_road = False  # TB-CO-09
    robber = False
    deck = scenario_deck.load_deck(DECK_FILE)
    stored_fields = (*gold.FIELDS, *scenario_deck.DECK_FIELDS, *FIELDS)
    chance_kinds = {
        **scenario_deck.DECK_CHANCE_KINDS,
        "tb_drive_off": "die",
        "tb_draw_commodity": "commodity",
    }

    def validate(self, options: dict[str, Any], num_players: int) -> None:
        super().validate(options, num_players)
        if options.get("placement") == "beginner":
            raise ValueError(
                "traders_barbarians is played with placement 'founding' (its board has no "
                "beginner set-up), not 'beginner'"
            )

    def layout(self, options: dict[str, Any]) -> str:
        return LAYOUT  # TB-SU-01..03

    def plaza_at(self, state: Any, vertex: int) -> str | None:
        return plazas(state.board).get(vertex)

    # ------------------------------------------------------------------ set-up
    def init(self, state: Any) -> None:
        """TB-SU-04..06: barbarians on their printed paths, stacks by trade hex, baggage card 1
        active, 5 gold each, the scenario deck instead of the base deck; 13 VP."""
        n = state.n
        state.victory_target += EXTRA_VICTORY_POINTS
        gold.init(state, START_GOLD)
        scenario_deck.init_deck(state, self.deck)
        state.tb_wagons = [-1] * n
        state.tb_barbarians = list(state.board.sites["barbarians"])
        state.tb_baggage = [1] * n
        state.tb_cargo = [None] * n
        state.tb_delivered = [0] * n
        state.tb_stacks = {name: dict(t.stack) for name, t in trade_hexes().items()}
        state.tb_driving = -1
        self.start_turn(state, 0)

    def founding_done(self, state: Any, p: int) -> None:
        """TB-SU-07: the second founding settlement is a city, and the wagon stands on it."""
        setup_city.found_city(state, p)
        state.tb_wagons[p] = setup_city.second_settlement(state, p)

    # ------------------------------------------------------------------ turns
    def start_turn(self, state: Any, p: int) -> None:
        gold.start_turn(state, p)
        scenario_deck.clear_new(state, p)
        state.tb_mp = 0
        state.tb_grain_used = False
        state.tb_stopped = False
        state.tb_journeys = 0
        state.tb_tried = []

    def actions(self, state: Any, p: int, legal: list[Action]) -> None:
        """Before the roll: cards. After it: cards, the baggage upgrade, gold, the deck; the
        turn ends through the wagon's movement (TB-TU-04), so ``end_turn`` becomes
        ``end_building``."""
        self.add_card_plays(state, p, legal)
        if state.phase != "main":
            return
        if legal and legal[0] is A.END_TURN:
            legal[0] = END_BUILDING
        self.add_upgrade(state, p, legal)
        gold.add_actions(state, p, legal)
        scenario_deck.add_deck_purchase(state, p, legal)

    def produced(self, state: Any, total: int) -> bool:
        """TB-TU-01: a 2 or a 12 is rolled again."""
        if total not in REROLLED:
            return False
        state.events.append(
            {"type": "reroll", "seat": state.turn_player, "total": total, "visible_to": "all"}
        )
        state._set_phase("dice", CHANCE)
        return True

    # ------------------------------------------------------------------ scoring
    def vp(self, state: Any, p: int) -> int:
        """TB-DL-03, TB-BG-03: 1 VP per delivered token, 1 for baggage card 5."""
        return state.tb_delivered[p] + self.card(state, p).victory_points

    def may_progress(self, state: Any, p: int) -> bool:
        """Deliveries and upgrades go on while a token is left or carried, or a card left."""
        return (
            state.tb_cargo[p] is not None
            or any(any(s.values()) for s in state.tb_stacks.values())
            or state.tb_baggage[p] < len(baggage_cards())
            or scenario_deck.may_progress(state)
        )

    # ------------------------------------------------------------------ views
    def observe(self, state: Any, seat: int, obs: dict[str, Any]) -> None:
        """Everything of the scenario is public (tokens lie face up, baggage cards are open)
        except the order of the stacks (only their sizes are shown) and the seat's own
        development cards."""
        gold.observe(state, seat, obs)
        obs["scenario_deck"] = scenario_deck.public_deck(state)
        obs["you"]["scenario_cards"] = scenario_deck.own_cards(state, seat)
        obs["traders_barbarians"] = self.public(state)

    def public(self, state: Any) -> dict[str, Any]:
        return {
            "wagons": list(state.tb_wagons),
            "barbarians": list(state.tb_barbarians),
            "baggage": list(state.tb_baggage),
            "cargo": list(state.tb_cargo),
            "delivered": list(state.tb_delivered),
            "stacks": {name: sum(s.values()) for name, s in state.tb_stacks.items()},
            "movement_points": state.tb_mp,
            "grain_used": state.tb_grain_used,
            "stopped": state.tb_stopped,
            "second_journeys": state.tb_journeys,
            "tried": list(state.tb_tried),
        }

    def static(self, options: dict[str, Any], static: dict[str, Any]) -> None:
        static["traders_barbarians"] = {
            "baggage_cards": [
                {
                    "card": c.number,
                    "movement_points": c.movement_points,
                    "gold": c.gold,
                    "drive_off": sorted(c.drive_off),
                    "victory_points": c.victory_points,
                    "cost": list(c.cost),
                }
                for c in baggage_cards()
            ],
            "trade_hexes": {
                name: {"stack": dict(t.stack), "accepts": sorted(t.accepts)}
                for name, t in trade_hexes().items()
            },
            "path_costs": {"bare": 2, "own_road": 1, "other_road": 1, "toll": 1, "barbarian": 2},
            "closed_paths": sorted(board_named(LAYOUT).road_closed),
        }

    def view(self, state: Any, view: dict[str, Any]) -> None:
        gold.view(state, view)
        view["scenario_deck"] = scenario_deck.public_deck(state)
        view["traders_barbarians"] = self.public(state)

    def hand_view(self, state: Any, seat: int, hand: dict[str, Any]) -> None:
        hand["scenario_cards"] = scenario_deck.own_cards(state, seat)


EXPANSION = TradersBarbarians()

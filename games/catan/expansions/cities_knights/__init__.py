"""Cities & Knights (``{"cities_and_knights": true}``, 3-4 players) as a plug-in of the board game.

Commodities from cities, three tracks of city improvements with metropolises, knights on
intersections, city walls, the barbarian ship and the progress cards' decks, 13 VP. The rules
live in the modules beside this one, each with its rule IDs:

- ``flow.py``: the three dice (event die first), production with commodities, the 7, the
  Aqueduct, the queue of steps a roll sets off (CK-TU, CK-PR, CK-SE, CK-CI-03);
- ``barbarians.py``: the ship and its attack (CK-BA);
- ``improvements.py``: improvements, metropolises, city walls (CK-CI, CK-WA);
- ``knights.py``: knights (CK-KN); ``trading.py``: bank trades with commodities (CK-TR);
- ``cards.py``: commodities as hand cards, the progress decks, draws, the hand limit
  (CK-PC-01..05);
- ``progress/``: the cards' effects, one module per colour (see ``progress/__init__.py``);
- ``words.py``: the picture and the sentences; ``data/``: cards and improvements; ``layouts/``:
  the beginners' map (§13).

Rules: CK-SU-01..04, CK-VP-01, CK-CO-11 (no development cards) here.
"""

from __future__ import annotations

from typing import Any

from games.catan.constants import MAX_CITIES
from games.catan.hooks import Expansion
from games.catan.mechanics import setup_city

from . import barbarians, cards, flow, improvements, knights, progress, trading
from .core_actions import core_action_allowed
from .data import (
    COMMODITIES,
    COMMODITY_CARDS,
    DEFENDER_CARDS,
    KEPT_OWED,
    PROGRESS_DECKS,
    TRACKS,
    VICTORY_POINTS,
)
from .improvements import add_city_actions
from .knights import add_knight_actions
from .progress import ProgressRules, add_playable
from .progress import table as progress_table
from .trading import add_bank_trades
from .words import SENTENCES, draw_board, seat_words

Action = dict[str, Any]

STORED_FIELDS = (
    "ck_commodities",  # per seat [paper, cloth, coin]
    "ck_commodity_bank",  # [paper, cloth, coin] left in the bank
    "ck_levels",  # per seat [trade, politics, science] improvement levels 0..5
    "ck_knight_owner",  # per intersection: -1 or the knight's owner
    "ck_knight_strength",  # per intersection: 1 basic, 2 strong, 3 mighty
    "ck_knight_active",  # per intersection: 0/1
    "ck_knight_flags",  # per intersection, this turn: 1 acted, 2 activated, 4 promoted
    "ck_barbarian",  # the ship's space, 0 (start) .. 7 (attack)
    "ck_attacks",  # attacks so far (the robber is awake after the first)
    "ck_walls",  # per intersection: 0/1 a city wall (owner: the city's)
    "ck_metropolis",  # per track [trade, politics, science]: the city's intersection or -1
    "ck_pending_metropolis",  # the track whose metropolis the actor places, or -1
    "ck_defenders",  # per seat: Defender of Catan cards (1 VP each)
    "ck_progress",  # per seat: progress card names in hand (hidden)
    "ck_progress_vp",  # per seat: revealed VP progress cards (Printer, Constitution)
    "ck_decks",  # track -> card names still in the deck (a multiset; order never stored)
    "ck_under",  # track -> cards put under the deck (drawn once the deck runs out)
    "ck_merchant",  # [hex, owner] of the merchant, [-1, -1] before any Merchant card
    "ck_event",  # the event die's last face ("ship", "trade", "politics", "science") or None
    "ck_queue",  # steps still to run after a roll or at a turn's end (flow.py)
    "ck_effects",  # this turn's card effects the core consults (progress/__init__.py)
    "ck_fallen",  # pillaged cities kept as settlements with no piece left (A-CK-09)
    "ck_displaced",  # [from, owner, strength, active, flags] of a knight retreating, or []
)
"""The plug-in's stored state (``to_dict()["expansions"]["cities_and_knights"]``); the names are
fixed (the progress cards' effects read and write them)."""


NO_METROPOLIS = [-1] * len(TRACKS)
"""``ck_metropolis`` before the first metropolis is placed (none is ever removed)."""


def _actions(state: Any, p: int, legal: list[Action]) -> None:
    """CK-TU-04: everything after the roll, in any order; the Alchemist before it."""
    # The core's builds come filtered (``build_actions``), and it offers no development
    # card: the deck is empty from the start and no hand ever holds one (CK-CO-11).
    phase = state.phase
    if phase == "main":  # (first: the core asks here far more often than before a roll)
        # Added to the core's list in place: the core keeps the whole list (``kept_main``,
        # ``keeps_main_list``) for the state's version and the proposals still open, so a
        # memo of this part of its own was never read (0 of 10,310 fresh lists in the
        # bench's seeds 0-1 x 3/4; docs/PERFORMANCE.md, ck-speed24). (The parts by their
        # own names, not as module attributes: one look-up less each, at every fresh list.)
        add_knight_actions(state, p, legal)
        if state.cities_left[p] != MAX_CITIES:  # walls and improvements need a city
            add_city_actions(state, p, legal)
        add_bank_trades(state, p, legal)
        if state.ck_progress[p]:
            add_playable(state, p, legal)
    elif phase == "pre_roll" and state.ck_progress[p]:  # (most seats hold no card)
        add_playable(state, p, legal)


class CitiesKnights(ProgressRules, Expansion):
    name = "cities_and_knights"
    option = "cities_and_knights"
    values = (True,)
    players = (3, 4)
    family_title = "Cities & Knights"
    stored_fields = STORED_FIELDS
    # Its fields and the decks' memos (``cards.py``) as slots of the state class: 25 names in the
    # instance dict kept its shared keys (< 30), but slots still count ~26 instructions fewer a
    # decision (docs/PERFORMANCE.md, ck-speed33), and a memo added later cannot pass the limit
    state_slots = (*STORED_FIELDS, "_ck_draw", "_ck_deck_counts")
    chance_kinds = {
        "ck_dice": "dice",
        "ck_draw": "deck:progress",
        "ck_steal": "steal",
        **ProgressRules.CHANCE_KINDS,
    }
    fixed_outcomes = {"ck_dice": frozenset(id(a) for a, _ in flow.DICE_OUTCOMES)}
    fixed_draws = {"ck_dice": flow.DICE_OUTCOMES}
    never_stuck = True  # ``may_progress``: always True
    no_development_cards = True  # CK-CO-11: the deck is out of the game from the start
    keeps_main_list = True  # the plug-in's part is long to build (``actions``)
    vp_stamped = True  # its VP moves the stamp: ``progress.table.seat_vp`` relies on it too
    sentences = {**setup_city.SENTENCES, **SENTENCES, **progress.SENTENCES}
    draw_board = staticmethod(draw_board)
    seat_words = staticmethod(seat_words)

    def layout(self, options: dict[str, Any]) -> str | None:
        """CK-SU-01: the variable board, or the beginners' map (§13) for ``layout=beginner``."""
        return "cities_knights_beginner" if options.get("layout") == "beginner" else None

    def validate(self, options: dict[str, Any], num_players: int) -> None:
        super().validate(options, num_players)
        if options.get("placement") == "beginner":
            raise ValueError(
                "cities_and_knights has no printed starting positions: placement must be 'founding'"
            )

    # ------------------------------------------------------------------ hooks
    def init(self, state: Any) -> None:
        """CK-SU-01, CK-VP-01, CK-CO-11: supplies, decks, the ship at its start, 13 VP."""
        n = state.n
        if state.options["victory_points"] == 10:  # the base game's default: C&K's 13
            state.victory_target = VICTORY_POINTS
        # CK-CO-11: no development cards: the whole deck is out of the game from the start.
        state.dev_spent = [a + b for a, b in zip(state.dev_spent, state.dev_deck, strict=True)]
        state.dev_deck = [0] * len(state.dev_deck)
        state.ck_commodities = [[0] * len(COMMODITIES) for _ in range(n)]
        state.ck_commodity_bank = [COMMODITY_CARDS] * len(COMMODITIES)
        state.ck_levels = [[0] * len(TRACKS) for _ in range(n)]
        knights.init(state)
        state.ck_barbarian = 0
        state.ck_attacks = 0
        state.ck_walls = [0] * state.board.num_vertices
        state.ck_metropolis = [-1] * len(TRACKS)
        state.ck_pending_metropolis = -1
        state.ck_defenders = [0] * n
        cards.init_decks(state, PROGRESS_DECKS)
        state.ck_merchant = [-1, -1]
        state.ck_event = None
        state.ck_queue = []
        state.ck_effects = {}
        state.ck_fallen = []
        state.ck_displaced = []

    def founding_done(self, state: Any, p: int) -> None:
        """CK-SU-02/03 (A-CK-01): the second founding settlement becomes a city (what is kept
        owed per total is dropped: ``flow.owed_for``)."""
        setup_city.found_city(state, p)
        state.kept.pop(KEPT_OWED, None)

    def built(self, state: Any, p: int, kind: str, where: int) -> None:
        """A-CK-09: a fallen city upgraded again takes no settlement piece back. A settlement
        (founding ones too) drops the hexes kept beside ``p``'s buildings. A settlement or
        city drops what is kept owed on the totals of its hexes (``flow.owed_for``)."""
        if kind == "city":
            flow.forget_owed(state, where)
            if where in state.ck_fallen:
                state.ck_fallen.remove(where)
                state.settlements_left[p] -= 1
        elif kind == "settlement":
            flow.forget_owed(state, where)
            progress_table.forget_building_hexes(state, p)

    # The hooks that only pass the call on are the rule's own functions (no call of their own
    # on every roll, turn's end, 7 and steal).
    start_turn = staticmethod(flow.start_turn)
    roll = staticmethod(flow.roll)
    end_turn = staticmethod(flow.end_turn)
    seven = staticmethod(flow.seven)
    rob = staticmethod(cards.rob)
    trail_owners = staticmethod(knights.trail_owners)

    # A plain function, not a method: the core calls it at every fresh main and pre-roll list,
    # and a bound method's call costs more (the plug-in passed as well, unused).
    actions = staticmethod(_actions)

    def build_actions(self, state: Any, p: int, piece: str, actions: list[Action]) -> list[Action]:
        """CK-KN-05, A-CK-09: the core's roads, settlements and cities C&K keeps; judged once
        per placement of pieces (the core keeps them in ``spot_cache``), not per list."""
        # (a loop: a comprehension reading ``state`` and ``p`` would make cells of them per call)
        kept = []
        for a in actions:
            if core_action_allowed(state, p, a):
                kept.append(a)
        return kept

    def vp(self, state: Any, p: int) -> int:
        """CK-VP-01, CK-CI-05, CK-BA-04, CK-PC-03, CK-ME-01, A-CK-09."""
        vp = state.ck_defenders[p] + len(state.ck_progress_vp[p])
        # (loops, not generators: this runs for every seat's VP; and none at all while nobody
        # holds a metropolis nor a fallen city, as for most of a game)
        metropolis = state.ck_metropolis
        if metropolis != NO_METROPOLIS:
            vo = state.vertex_owner
            for v in metropolis:
                if v != -1 and vo[v] == p:
                    vp += 2
        if state.ck_fallen:
            vo = state.vertex_owner
            for v in state.ck_fallen:
                if vo[v] == p:
                    vp += 1
        if state.ck_merchant[1] == p:
            vp += 1
        return vp

    def may_progress(self, state: Any, p: int) -> bool:
        """Improvements, knights and the barbarians keep a C&K game moving: never stuck."""
        return True

    def observe(self, state: Any, seat: int, obs: dict[str, Any]) -> None:
        obs["cities_and_knights"] = public(state)
        if state.phase == "ck_discard" and state.discards:
            # CK-SE-01: the core's ``pending`` for its own 7 (phase ``discard``), same shape:
            # after a card or two the hand no longer tells how many are still due
            who, remaining = state.discards[0]
            obs["pending"] = {"discard": {"seat": who, "remaining": remaining}}
        if 0 <= seat < state.n:
            obs["cities_and_knights"]["my_commodities"] = dict(
                zip(COMMODITIES, state.ck_commodities[seat], strict=True)
            )
            obs["cities_and_knights"]["my_progress_cards"] = sorted(state.ck_progress[seat])
            pending = progress.pending_view(state, seat)
            if pending is not None:  # only while a card's decision is pending
                obs["cities_and_knights"]["progress_pending"] = pending

    def view(self, state: Any, view: dict[str, Any]) -> None:
        view["cities_and_knights"] = public(state)

    def hand_view(self, state: Any, seat: int, hand: dict[str, Any]) -> None:
        hand["commodities"] = dict(zip(COMMODITIES, state.ck_commodities[seat], strict=True))
        hand["progress_cards"] = sorted(state.ck_progress[seat])

    # ------------------------------------------------------------------ phases and actions
    @staticmethod
    def outcomes_ck_dice(state: Any) -> list[tuple[Action, float]]:
        return list(flow.DICE_OUTCOMES)

    chance_ck_dice = staticmethod(flow.rolled)
    outcomes_ck_draw = staticmethod(flow.draw_outcomes)
    chance_ck_draw = staticmethod(flow.drawn)
    legal_ck_progress_discard = staticmethod(cards.legal_progress_discard)

    @staticmethod
    def apply_discard_progress(state: Any, action: Action) -> None:
        flow.progress_discarded(state, action["card"])

    legal_ck_discard = staticmethod(cards.legal_discard)

    @staticmethod
    def apply_discard_card(state: Any, action: Action) -> None:
        flow.discard_card(state, action["card"])

    outcomes_ck_steal = staticmethod(cards.steal_outcomes)

    @staticmethod
    def chance_ck_steal(state: Any, action: Action) -> None:
        cards.steal(state, action["card"])

    @staticmethod
    def legal_ck_aqueduct(state: Any) -> list[Action]:
        return flow.legal_aqueduct(state)

    @staticmethod
    def apply_aqueduct_take(state: Any, action: Action) -> None:
        flow.aqueduct_take(state, action["resource"])

    @staticmethod
    def legal_ck_pillage(state: Any) -> list[Action]:
        return barbarians.legal_pillage(state)

    @staticmethod
    def apply_lose_city(state: Any, action: Action) -> None:
        barbarians.pillage(state, state.actor, action["vertex"])
        flow.advance(state)

    @staticmethod
    def legal_ck_defender_deck(state: Any) -> list[Action]:
        return barbarians.legal_defender_deck(state)

    @staticmethod
    def apply_choose_deck(state: Any, action: Action) -> None:
        barbarians.deck_chosen(state, action["track"])
        flow.advance(state)

    @staticmethod
    def legal_ck_metropolis(state: Any) -> list[Action]:
        return improvements.legal_metropolis(state)

    @staticmethod
    def apply_place_metropolis(state: Any, action: Action) -> None:
        improvements.place_metropolis(
            state, state.actor, state.ck_pending_metropolis, action["vertex"]
        )
        state.resume_turn()

    @staticmethod
    def legal_ck_retreat(state: Any) -> list[Action]:
        return knights.legal_retreat(state)

    @staticmethod
    def apply_retreat_knight(state: Any, action: Action) -> None:
        knights.retreat(state, action["to"])
        knights.judge_roads(state, {action["to"]: -1})
        state.resume_turn()

    @staticmethod
    def apply_build_knight(state: Any, action: Action) -> None:
        knights.build(state, state.actor, action["vertex"])
        knights.judge_roads(state, {action["vertex"]: -1})

    @staticmethod
    def apply_activate_knight(state: Any, action: Action) -> None:
        knights.activate(state, state.actor, action["vertex"])

    @staticmethod
    def apply_promote_knight(state: Any, action: Action) -> None:
        knights.promote(state, state.actor, action["vertex"])

    @staticmethod
    def apply_march_knight(state: Any, action: Action) -> None:
        knights.move(state, state.actor, action["from"], action["to"])
        knights.judge_roads(state, {action["from"]: state.actor, action["to"]: -1})

    @staticmethod
    def apply_displace_knight(state: Any, action: Action) -> None:
        p, loser = state.actor, state.ck_knight_owner[action["to"]]
        knights.displace(state, p, action["from"], action["to"])
        knights.judge_roads(state, {action["from"]: p, action["to"]: loser})

    @staticmethod
    def apply_chase_robber(state: Any, action: Action) -> None:
        knights.chase(state, state.actor, action["vertex"])

    @staticmethod
    def apply_build_wall(state: Any, action: Action) -> None:
        improvements.build_wall(state, state.actor, action["vertex"])

    @staticmethod
    def apply_improve_city(state: Any, action: Action) -> None:
        improvements.improve(state, state.actor, action["track"])

    @staticmethod
    def apply_bank_trade(state: Any, action: Action) -> None:
        trading.bank_trade(state, state.actor, action["give"], action["get"])

    @staticmethod
    def apply_play_progress(state: Any, action: Action) -> None:
        """CK-PC-02: the card leaves the hand (under its deck), then its effect."""
        p = state.actor
        cards.play(state, p, action["card"])
        before = state.ck_knight_owner.copy()  # (lists compared: no tuple made of either)
        progress.apply_play(state, p, action)
        after = state.ck_knight_owner
        if after != before:  # a card moved knights (CK-KN-05)
            # (a loop: a comprehension would make ``after`` a cell at every play)
            moved: dict[int, int] = {}
            for v, b in enumerate(before):
                if after[v] != b:
                    moved[v] = b
            knights.judge_roads(state, moved)


def public(state: Any) -> dict[str, Any]:
    """What lies open on the table: levels, knights, walls, metropolises, the ship, the
    Defender cards, revealed VP cards, the merchant, deck sizes and hand sizes; and, only while
    it is pending, the decision everyone saw coming: the knight that must retreat
    (``retreating_knight``, phase ``ck_retreat``) and the track whose metropolis is placed
    (``pending_metropolis``, phase ``ck_metropolis``)."""
    owner = state.ck_knight_owner
    seen = {
        "levels": [dict(zip(TRACKS, lv, strict=True)) for lv in state.ck_levels],
        "knights": [
            {
                "vertex": v,
                "owner": o,
                "strength": state.ck_knight_strength[v],
                "active": bool(state.ck_knight_active[v]),
                "acted": bool(state.ck_knight_flags[v] & knights.ACTED),
            }
            for v, o in enumerate(owner)
            if o != -1
        ],
        "walls": [v for v, w in enumerate(state.ck_walls) if w],
        "metropolises": {t: v for t, v in zip(TRACKS, state.ck_metropolis, strict=True)},
        "barbarian_position": state.ck_barbarian,
        "barbarian_spaces": 7,
        "barbarian_strength": barbarians.cities_on_board(state),
        "knight_strength": [barbarians.knight_strength(state, p) for p in range(state.n)],
        "attacks": state.ck_attacks,
        "robber_active": bool(state.ck_attacks),
        "event_die": state.ck_event,
        "defenders": list(state.ck_defenders),
        "defenders_left": DEFENDER_CARDS - sum(state.ck_defenders),
        "progress_vp": [list(x) for x in state.ck_progress_vp],
        "progress_cards": [len(x) for x in state.ck_progress],
        "commodities": [sum(x) for x in state.ck_commodities],
        "commodity_bank": dict(zip(COMMODITIES, state.ck_commodity_bank, strict=True)),
        "decks": {t: cards.deck_size(state, t) for t in TRACKS},
        "merchant": {"hex": state.ck_merchant[0], "owner": state.ck_merchant[1]},
        "cities_on_board": [MAX_CITIES - state.cities_left[p] for p in range(state.n)],
    }
    if state.ck_displaced:  # CK-KN-06: lifted off the board, so not in ``knights``
        w, q, strength, active, flags = state.ck_displaced
        seen["retreating_knight"] = {
            "from": w,
            "owner": q,
            "strength": strength,
            "active": bool(active),
            "acted": bool(flags & knights.ACTED),
        }
    if state.ck_pending_metropolis != -1:
        seen["pending_metropolis"] = TRACKS[state.ck_pending_metropolis]
    return seen


EXPANSION = CitiesKnights()

"""The board game state: phases, the decision/chance dispatch, production and turn flow.

Rule families live in mixins (``build``, ``trade``, ``robber``, ``devcards``, ``masters``); this
module owns the flow between them. ``apply()`` always checks the action against the node's legal
list (cached per node) and then dispatches to ``_apply_<type>``.

Rules: BG-SETUP-01..09, BG-SETUP-BEG-01..04, BG-TURN-01..04, BG-PROD-01..04, BG-VP-01,
BG-WIN-01..03.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from typing import Any

from games.catan import actions as A
from games.catan import expansions
from games.catan.board import BASE_LAYOUTS, board, load_data
from games.catan.build import BuildRules
from games.catan.constants import (
    CARDS_PER_RESOURCE,
    DEV_COUNTS,
    MAX_CITIES,
    MAX_ROADS,
    MAX_SETTLEMENTS,
    RESOURCES,
    TERRAIN_RESOURCE,
    UNREACHABLE_TARGET,
    VICTORY_POINT,
)
from games.catan.devcards import DevelopmentRules
from games.catan.longest_road import unit_weights
from games.catan.masters import MastersRules
from games.catan.robber import RobberRules
from games.catan.serialize import FIELDS as STORED_FIELDS
from games.catan.trade import TradeRules
from games.common import chance
from games.common.api import CHANCE, TERMINAL
from games.errors import IllegalAction

Action = dict[str, Any]

CHANCE_PHASES = {
    "board_terrain": "board",
    "board_tokens": "board",
    "order_roll": "dice",
    "dice": "dice",
    "steal": "steal",
    "draw_development": "deck:development",
}
FIXED_OUTCOMES: dict[str, frozenset[int]] = {}
"""Plug-in chance phases with fixed outcome objects -> their ids (``Expansion.fixed_outcomes``)."""
FIXED_DRAWS: dict[str, tuple[list[float], list[Action]]] = {}
"""Plug-in chance phases with a fixed outcome list (``Expansion.fixed_draws``) -> (the running
sums of its probabilities, added in list order as ``chance.draw`` adds them; the outcomes)."""
for _x in expansions.plugins():
    CHANCE_PHASES.update(_x.chance_kinds)
    FIXED_OUTCOMES.update(_x.fixed_outcomes)
    for _phase, _outcomes in _x.fixed_draws.items():
        _sums, _total = [], 0.0
        for _, _probability in _outcomes:
            _total += _probability
            _sums.append(_total)
        FIXED_DRAWS[_phase] = (_sums, [o for o, _ in _outcomes])

TRADE_TALK = frozenset(("propose_trade", "accept_trade", "reject_trade", "cancel_trade"))
"""Decisions that change only the open offer (``trade``, ``proposals``), the phase and the log.
Every other ``apply`` adds 1 to ``state.version``, so a cache kept for one version (Cities &
Knights' part of the main list) stays right across a proposal that came to nothing; code that
edits a state by hand calls ``touch()``."""

TURN_START = "turn_start"
"""``vp_dirty`` at a turn's start when nothing else raised it: the new turn player's victory
check is due (BG-WIN-01), but no VP moved, so ``apply`` leaves the VP stamp ``vp_changes``
where it is (C&K keeps every seat's VP under it). Everything that may change a VP sets
``vp_dirty = True``, which alone moves the stamp."""


class Income:
    """What one dice total pays from the buildings on the board, before robber and bank.

    ``by_hex``: (hex, seat * 5 + resource, cards) in hex and corner order; ``owed``: the same
    summed over the hexes (seat * 5 + resource -> cards, in that order); ``payouts``: ``owed``
    as (seat, resource, cards); ``demand``: (resource, cards) over all seats.
    """

    __slots__ = ("by_hex", "demand", "gainers", "hexes", "owed", "payouts")

    def __init__(self, hexes: tuple[int, ...], by_hex: list[tuple[int, int, int]]) -> None:
        self.hexes = hexes
        self.by_hex = by_hex
        owed: dict[int, int] = {}
        for _, key, amount in by_hex:
            owed[key] = owed.get(key, 0) + amount
        self.owed = owed
        self.payouts = tuple((key // 5, key % 5, amount) for key, amount in owed.items())
        demand: dict[int, int] = {}
        for _, r, amount in self.payouts:
            demand[r] = demand.get(r, 0) + amount
        self.demand = tuple(demand.items())
        self.gainers = frozenset(p for p, _, _ in self.payouts)


_DERIVED_FIELDS = (
    "_legal",
    "board",
    "hooks",
    "plugged",
    "owners",
    "extra_vp",
    "own_targets",
    "may_stall",
    "keeps_main",
    "kept_main",
    "dev_in_play",
    "proposal_limit",
    "trade_after_build",
    "turn_cap",
    "vp_dirty",
    "vp_changes",
    "vp_known",
    "vp_stamped",
    "vp_seat",
    "vp_seen",
    "masters_on",
    "hex_resource",
    "number_hexes",
    "harbor_rate_vertices",
    "income",
    "spot_cache",
    "kept",
    "robber_moves",
    "network",
    "road_vertices",
    "blocked",
    "rates",
    "_road_length",
    "lengths_owed",
    "path_weight",
    "last_gainers",
    "road_closed",
    "version",
)
"""Caches rebuilt from the stored fields (``_rebuild_derived``) or kept up to date by play."""


def _plugin_slots(core: tuple[str, ...]) -> tuple[str, ...]:
    """The registered plug-ins' ``state_slots`` not already the core's, once each, in order."""
    names: dict[str, None] = {}
    for x in expansions.registry():
        for name in x.state_slots:
            if name not in core:
                names[name] = None
    return tuple(names)


class CatanState(BuildRules, TradeRules, RobberRules, DevelopmentRules, MastersRules):
    """One position of a board game; mutated in place by :meth:`apply`."""

    # Every attribute in a slot: a state has ~80 of them, too many for CPython's shared-key
    # instance dicts, and a slot is read at a fixed offset. The mixins have no __slots__, so a
    # __dict__ remains for anything else (tests attach their own notes), and a plug-in's fields
    # live there unless it names them in ``state_slots`` (Seafarers' 44: past 30 the dict loses
    # its shared keys, and every method call on the state pays for it).
    __slots__ = (
        STORED_FIELDS
        + MastersRules._FIELDS
        + _DERIVED_FIELDS
        + _plugin_slots(STORED_FIELDS + MastersRules._FIELDS + _DERIVED_FIELDS)
    )

    def __init__(self) -> None:
        # Every field is set by new_state() or serialize.state_from_dict(); derived caches by
        # _rebuild_derived().
        self.events: list[dict[str, Any]] = []
        self._legal: list[Action] | None = None
        self.vp_dirty: bool | str = True  # True, False or TURN_START
        self.vp_changes = 0
        # Every seat's total VP as a plug-in counted them at a VP stamp (``vp_changes``, C&K's seat
        # VP), or None: the victory check reads it while the stamp stands (a turn's start).
        self.vp_known: tuple[int, list[int]] | None = None
        self.version = 0
        self.lengths_owed: dict[int, tuple[int, int]] = {}

    # ------------------------------------------------------------------ construction
    @classmethod
    def new_state(cls, num_players: int, seed: int, options: dict[str, Any]) -> CatanState:
        s = cls()
        n = num_players
        s.options = options
        s.seed = seed
        s.n = n
        s.victory_target = options["victory_points"]
        s.attach(options)
        b = s.board
        s.terrains = []
        s.numbers = [0] * b.num_hexes
        s.harbors = list(b.harbor_types)
        s.robber = -1
        s.vertex_owner = [-1] * b.num_vertices
        s.vertex_level = [0] * b.num_vertices
        s.edge_owner = [-1] * b.num_edges
        s.hand = [[0] * 5 for _ in range(n)]
        s.bank = [CARDS_PER_RESOURCE] * 5
        s.dev_hand = [[0] * 5 for _ in range(n)]
        s.dev_new = [[0] * 5 for _ in range(n)]
        s.dev_deck = list(load_data("development_deck")["cards"].values())
        assert tuple(s.dev_deck) == DEV_COUNTS
        s.knights = [0] * n
        s.dev_spent = [0] * 5  # progress cards played and knights discarded (left the game)
        s.dev_drawn = [0] * 5  # drawn but not yet kept or returned (Kandamir)
        s.roads_left = [MAX_ROADS] * n
        s.settlements_left = [MAX_SETTLEMENTS] * n
        s.cities_left = [MAX_CITIES] * n
        s.longest_road = -1
        s.largest_army = -1
        s.turn_player = 0
        s.turn = 0
        s.rolled = False
        s.dev_played = False
        s.built_this_turn = False
        s.dice = None
        s.phase = ""
        s.actor = CHANCE
        s.discards = []  # [[seat, cards still to discard], ...]
        s.victim = -1
        s.free_roads = 0
        s.free_resources = 0
        s.trade = None
        s.proposals = 0
        s.order_contenders = list(range(n))
        s.order_rolls = []
        s.setup_order = []
        s.setup_index = 0
        s.last_settlement = -1
        s.robber_victims = []
        s.gain_return = "resume"
        s.draws_left = 0
        s.draw_keep = 0
        s.first_player = 0
        s.result_data = None
        s.init_masters()
        for hook in s.hooks.init:
            hook(s)
        s._rebuild_derived()
        if b.fixed_terrains is None:
            b.lay_presets(s.terrains)
            s._set_phase("board_terrain", CHANCE)
        else:
            s.terrains = list(b.fixed_terrains)
            if b.fixed_numbers is None:
                s._set_phase("board_tokens", CHANCE)
            else:
                s.numbers = list(b.fixed_numbers)
                s._after_board()
        return s

    def attach(self, options: dict[str, Any]) -> None:
        """Take the board and the expansions' hooks of ``options`` (validated); not stored."""
        self.board = board_of(options, self.n)
        self.hooks = expansions.hooks_for(options)
        # Any expansion on: the hot paths test this one bool, so the base game pays nothing.
        self.plugged = bool(self.hooks.expansions)
        # Piece owners: the seats, then any neutral colours (Catan for Two) after them.
        self.owners = self.n + sum(x.neutral_colours for x in self.hooks.expansions)
        self.extra_vp = bool(self.hooks.vp)  # read on every victory check, so a bool of its own
        self.own_targets = bool(self.hooks.target)
        # Every plug-in moves the VP stamp wherever its VP may change: the victory check keeps
        # each seat's count at the stamp (``vp_seat``, ``vp_seen``).
        self.vp_stamped = all(x.vp_stamped for x in self.hooks.plugins)
        self.may_stall = not any(x.never_stuck for x in self.hooks.expansions)
        self.keeps_main = any(x.keeps_main_list for x in self.hooks.expansions)
        self.kept_main: tuple[int, int, bool, list[Action]] | None = None
        # No development card ever in play (C&K): the lists do not ask for their purchase or play.
        self.dev_in_play = not any(x.no_development_cards for x in self.hooks.expansions)
        # Options read on every decision, kept in slots (a slot is read faster than a dict).
        self.proposal_limit = options["trade_proposals_per_turn"]
        self.trade_after_build = options["combined_trade_build"]
        self.turn_cap = options["max_turns"]

    def _after_board(self) -> None:
        self.robber = self.board.robber_start(self.terrains)  # BG-SETUP-01, BG-BOARD-08
        self._rebuild_board_tables()
        self.events.append(
            {
                "type": "board",
                "terrains": list(self.terrains),
                "numbers": list(self.numbers),
                "harbors": list(self.harbors),
                "visible_to": "all",
            }
        )
        if self.plugged:
            for hook in self.hooks.board_laid:
                if hook(self):
                    return  # the hook's chance nodes come first; it calls begin_placement()
        self.begin_placement()

    def begin_placement(self) -> None:
        """The board is laid: the beginner pieces, or the first-player roll of the founding."""
        if self.options["placement"] == "beginner":
            self._place_beginner_positions()
        else:
            self._set_phase("order_roll", CHANCE)

    def _place_beginner_positions(self) -> None:
        """Fixed starting pieces, income from the starred settlement, oldest (seat 0) starts.

        Rules: BG-SETUP-BEG-01..04.
        """
        for entry in self.board.layout["starting_positions"][: self.n]:
            p = entry["seat"]
            for v in entry["settlements"]:
                self._put_settlement(p, v)
            for e in entry["roads"]:
                self._put_road(p, e)
                self.after_road(p, e)
            self._collect_founding_income(p, entry["income_from"])
        for hook in self.hooks.founding_done:
            for p in reversed(range(self.n)):
                hook(self, p)  # as in snake order (Masters: the last seat receives A1)
        for hook in self.hooks.setup_done:
            hook(self)
        self.first_player = 0
        self.setup_order = []
        self._start_turn(0)

    def _rebuild_board_tables(self) -> None:
        self.hex_resource = [TERRAIN_RESOURCE.get(t, -1) for t in self.terrains]
        by_number: dict[int, list[int]] = {}
        for h, number in enumerate(self.numbers):
            if number:
                by_number.setdefault(number, []).append(h)
        for number, other in self.board.also_numbers:  # Rivers: the 12's hex produces on 2
            by_number[number] = by_number.get(number, []) + by_number.get(other, [])
        self.number_hexes = {k: tuple(v) for k, v in by_number.items()}
        # A roll's total -> the core's Income; plug-ins keep what they derive from the buildings
        # under tuple keys of their own (C&K: ``("ck_owed", ...)``), emptied with it.
        self.income: dict[int | tuple[Any, ...], Any] = {}
        self.harbor_rate_vertices = {}
        harbor_vertices = self.board.harbor_vertices
        for i, kind in enumerate(self.harbors):
            for v in harbor_vertices[i]:
                self.harbor_rate_vertices[v] = kind

    def _rebuild_derived(self) -> None:
        """Caches that follow from the stored fields (also rebuilt by from_dict)."""
        self._legal = None
        self.version += 1
        self.vp_changes += 1
        # Each seat's total VP as the victory check last counted it, and the VP stamp it was
        # counted at (-1: none; ``vp_changes`` only grows): read while the stamp stands.
        self.vp_seat = [0] * self.n
        self.vp_seen = [-1] * self.n
        if self.terrains and len(self.terrains) == self.board.num_hexes:
            self._rebuild_board_tables()
        else:
            self.hex_resource, self.number_hexes, self.harbor_rate_vertices = [], {}, {}
            self.income = {}
        # The core's build actions (int keys); plug-ins' placement facts under tuple keys.
        self.spot_cache: dict[int | tuple[Any, ...], Any] = {}
        # Plug-ins' facts that only their own moves change (C&K: each seat's knights), so that a
        # road or building (which empties spot_cache) keeps them; their owner renews or drops
        # them when its pieces move, and touch() empties it after an edit by hand.
        self.kept: dict[tuple[Any, ...], Any] = {}
        self.robber_moves: dict[int, list[Action]] = {}
        owners = range(self.owners)
        self.network = [set() for _ in owners]
        self.road_vertices = [set() for _ in owners]
        self.blocked = [False] * self.board.num_vertices
        for v in self.board.building_closed:  # a scenario's places that take no building
            self.blocked[v] = True
        self.rates = [[4] * 5 for _ in owners]
        for v, owner in enumerate(self.vertex_owner):
            if owner != -1:
                self._note_building(owner, v)
        edge_vertices = self.board.edge_vertices
        for e, owner in enumerate(self.edge_owner):
            if owner != -1:
                a, b = edge_vertices[e]
                self.network[owner].update((a, b))
                self.road_vertices[owner].update((a, b))
        self.path_weight = list(unit_weights(self.board.num_edges))  # each road counts 1
        # Paths that take no road: the layout's; a plug-in may put its own set here (Seafarers:
        # the sea, and paths holding a ship).
        self.road_closed = self.board.road_closed
        if self.plugged:
            for hook in self.hooks.rebuild:
                hook(self)  # plug-ins rebuild their caches (Caravans: paths counting 2)
        self.lengths_owed = {}
        # An owner with no road or ship (no end in ``road_vertices``) has no trail: not searched
        # (a new game rebuilds three times on Seafarers maps, before any piece is laid).
        vertices = self.road_vertices
        self.road_length = [self.trail_length(p) if vertices[p] else 0 for p in owners]

    # ------------------------------------------------------------------ protocol
    def current_player(self) -> int:
        return self.actor

    def is_terminal(self) -> bool:
        return self.actor == TERMINAL

    def chance_kind(self) -> str:
        """The chance stream of the current node ("dice", "deck:development", "steal", "board")."""
        if self.actor != CHANCE:
            raise IllegalAction(f"not a chance node (phase {self.phase})")
        return CHANCE_PHASES[self.phase]

    def legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            legal = [] if self.actor < 0 else _LEGAL[self.phase](self)
            self._legal = legal
        return list(legal)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.actor != CHANCE:
            raise IllegalAction(f"not a chance node (phase {self.phase})")
        return _OUTCOMES[self.phase](self)

    def sample_chance(self, rng: random.Random) -> Action:
        if self.actor != CHANCE:
            raise IllegalAction(f"not a chance node (phase {self.phase})")
        if self.phase == "dice" or self.phase == "order_roll":
            x = int(rng.random() * 36)
            return A.DICE[x // 6][x % 6]
        if self.plugged:
            fixed = FIXED_DRAWS.get(self.phase)
            if fixed is not None:  # chance.draw's pick: the first running sum above x
                sums, outcomes = fixed
                return outcomes[min(bisect_right(sums, rng.random()), len(outcomes) - 1)]
        return chance.draw(_OUTCOMES[self.phase](self), rng)

    def apply(self, action: Action) -> None:
        actor = self.actor
        if actor == TERMINAL:
            raise IllegalAction(f"{_describe(action)}: the game is over")
        if actor == CHANCE:
            phase = self.phase
            if (
                not (id(action) in A.DICE_IDS and (phase == "dice" or phase == "order_roll"))
                and not (self.plugged and id(action) in FIXED_OUTCOMES.get(phase, ()))
                and not _among(action, self.chance_outcomes())
            ):
                raise IllegalAction(
                    f"{_describe(action)}: not an outcome of this chance node (phase {phase})"
                )
            _CHANCE[phase](self, action)
            self.version += 1
        else:
            legal = self._legal
            if legal is None:
                self.legal_actions()
                legal = self._legal
            if action not in legal:  # type: ignore[operator]
                if not isinstance(action, dict):
                    raise IllegalAction(f"an action must be a dict, got {type(action).__name__}")
                if action.get("type") == "propose_trade":
                    self.validate_proposal(actor, action)
                else:
                    raise IllegalAction(self._why_illegal(actor, action))
            kind = action["type"]
            _APPLY[kind](self, action)
            if kind not in TRADE_TALK:
                self.version += 1
        self._legal = None
        if self.vp_dirty:  # (no local: this test runs at every step, the rest seldom)
            if self.vp_dirty is True:  # not TURN_START: a VP may have moved
                self.vp_changes += 1  # what a VP cache is kept for (C&K's seat VP; touch() too)
            self.vp_dirty = False
            if self.actor != TERMINAL and self.turn:
                self._check_victory()

    def touch(self) -> None:
        """After editing a state by hand (tests, tools): drop the legal list, the placement
        caches and everything kept for the current ``version``."""
        self._legal = None
        self.spot_cache.clear()
        self.kept.clear()
        self.version += 1
        self.vp_changes += 1

    def _why_illegal(self, seat: int, action: Action) -> str:
        kind = action.get("type")
        if not isinstance(kind, str) or kind not in _APPLY:  # a list is no key: no TypeError
            return f"seat {seat}: unknown action type {kind!r}"
        rule = _RULE_HINTS.get(kind, "")
        legal_kinds = sorted({a["type"] for a in self._legal or ()})
        return (
            f"seat {seat}: {_describe(action)}: not legal now (phase {self.phase}; legal types: "
            f"{', '.join(legal_kinds)}){' (' + rule + ')' if rule else ''}"
        )

    # ------------------------------------------------------------------ events
    def emit_secret(
        self, event: dict[str, Any], seen_by: list[int], hidden: dict[str, Any]
    ) -> None:
        """Log ``event`` for the seats in ``seen_by``, and for every other seat a copy with the
        ``hidden`` fields in place of the secret ones: the table sees that it happened, not what."""
        self.events.append({**event, "visible_to": list(seen_by)})
        others = [s for s in range(self.n) if s not in seen_by]
        if others:
            self.events.append({**event, **hidden, "visible_to": others})

    # ------------------------------------------------------------------ phases
    def _set_phase(self, phase: str, actor: int) -> None:
        self.phase = phase
        self.actor = actor

    # board (variable layout) --------------------------------------------
    def _outcomes_board_terrain(self) -> list[tuple[Action, float]]:
        return [(A.TERRAIN[t], p) for t, p in self.board.terrain_chances(self.terrains)]

    def _chance_board_terrain(self, action: Action) -> None:
        """BG-BOARD-03: the next hex (in id order) receives the top tile of the shuffled stack."""
        self.terrains.append(action["terrain"])
        self.board.lay_presets(self.terrains)
        if len(self.terrains) == self.board.num_hexes:
            if self.board.fixed_numbers is None:
                self._set_phase("board_tokens", CHANCE)
            else:
                self.numbers = list(self.board.fixed_numbers)
                self._after_board()

    def _outcomes_board_tokens(self) -> list[tuple[Action, float]]:
        corners = self.board.corner_hexes
        return [(A.TOKEN_START[h], 1 / len(corners)) for h in corners]

    def _chance_board_tokens(self, action: Action) -> None:
        """BG-BOARD-04: tokens A–R spiral counter-clockwise from a random corner."""
        self.numbers = self.board.tokens_from_corner(self.terrains, action["hex"])
        self._after_board()

    # first player ------------------------------------------------------------
    def _outcomes_order_roll(self) -> list[tuple[Action, float]]:
        return list(A.DICE_OUTCOMES)

    def _chance_order_roll(self, action: Action) -> None:
        """BG-SETUP-02: every contender rolls; the highest places first; ties roll again."""
        seat = self.order_contenders[len(self.order_rolls)]
        total = action["die1"] + action["die2"]
        self.order_rolls.append(total)
        self.events.append(
            {"type": "order_roll", "seat": seat, "total": total, "visible_to": "all"}
        )
        if len(self.order_rolls) < len(self.order_contenders):
            return
        best = max(self.order_rolls)
        tied = [
            s for s, t in zip(self.order_contenders, self.order_rolls, strict=True) if t == best
        ]
        self.order_rolls = []
        if len(tied) > 1:
            self.order_contenders = tied
            return
        first = tied[0]
        self.first_player = first
        clockwise = [(first + i) % self.n for i in range(self.n)]
        self.setup_order = clockwise + clockwise[::-1]  # BG-SETUP-03, BG-SETUP-05
        self.setup_index = 0
        self._set_phase("setup_settlement", first)

    # founding ----------------------------------------------------------------
    def _legal_setup_settlement(self) -> list[Action]:
        blocked = self.blocked
        return [A.PLACE_SETTLEMENT[v] for v in range(len(blocked)) if not blocked[v]]

    def _apply_place_settlement(self, action: Action) -> None:
        """BG-SETUP-03/04/06/07: distance rule from the first settlement; 2nd one pays income."""
        p = self.actor
        v = action["vertex"]
        self._put_settlement(p, v)
        self.after_settlement(p, v)
        self.last_settlement = v
        self.events.append(
            {"type": "place_settlement", "seat": p, "vertex": v, "visible_to": "all"}
        )
        if self.last_founding_round():
            self._collect_founding_income(p, v)
        self._set_phase("setup_road", p)
        if self.plugged:
            self.tell_built(p, "settlement", v)

    def _collect_founding_income(self, p: int, v: int) -> None:
        gains = [0] * 5
        for h in self.board.vertex_hexes[v]:
            r = self.hex_resource[h]
            if r >= 0 and self.bank[r] > 0:
                gains[r] += 1
                self.bank[r] -= 1
                self.hand[p][r] += 1
        self.events.append(
            {"type": "founding_income", "seat": p, "gains": gains, "visible_to": "all"}
        )

    def _legal_setup_road(self) -> list[Action]:
        eo = self.edge_owner
        edges = self.board.vertex_edges[self.last_settlement]
        closed = self.road_closed
        return [A.PLACE_ROAD[e] for e in edges if eo[e] == -1 and e not in closed]

    def _apply_place_road(self, action: Action) -> None:
        p = self.actor
        self._put_road(p, action["edge"])
        self.after_road(p, action["edge"])
        self.events.append(
            {"type": "place_road", "seat": p, "edge": action["edge"], "visible_to": "all"}
        )
        if self.plugged:
            self.tell_built(p, "road", action["edge"])
        last_road = self.last_founding_round()
        self.setup_index += 1
        if last_road:
            for hook in self.hooks.founding_done:
                if hook(self, p):
                    return  # the hook's chance node comes first; it calls next_founding()
        self.next_founding()

    def last_founding_round(self) -> bool:
        """The founding placement under way is of the last round: its settlement pays the
        founding income and its road ends the seat's founding (the last ``n`` places of
        ``setup_order``; the second round of the snake order, or a scenario's third, Cloth for
        Catan's SF-CL-02)."""
        return self.setup_index >= len(self.setup_order) - self.n

    def next_founding(self) -> None:
        """The next seat's founding settlement, or the first turn once every seat has placed."""
        if self.setup_index < len(self.setup_order):
            self._set_phase("setup_settlement", self.setup_order[self.setup_index])
        else:
            for hook in self.hooks.setup_done:
                hook(self)
            self._start_turn(self.first_player)  # BG-SETUP-08

    # turns ---------------------------------------------------------------------
    def _start_turn(self, p: int) -> None:
        self.turn += 1
        self.turn_player = p
        self.rolled = False
        self.dev_played = False
        self.built_this_turn = False
        self.proposals = 0
        self.dice = None
        if self.plugged:
            for hook in self.hooks.start_turn:
                hook(self, p)
        if not self.vp_dirty:  # (a VP change earlier in this step keeps its True)
            self.vp_dirty = TURN_START
        self.phase, self.actor = "pre_roll", p  # _set_phase, inlined on the hottest path
        if self.turn > self.turn_cap:
            self._finish("turn_limit")
        elif self.may_stall and not any(self.dev_deck) and self._nobody_can_win():
            self._finish("no_progress")

    def _nobody_can_win(self) -> bool:
        """True when no seat can ever reach the target: the game would never end.

        Random play can use up every piece and spot (all roads laid, no free intersection in
        reach, every city built) with the development deck empty. The seeds have no rule for
        this; the engine then ends the game (reason ``"no_progress"``, ranking by VP). The test is
        conservative: any seat that might still build a VP piece, or gain Largest Army while
        knights remain in hands, keeps the game going.
        """
        army_may_move = any(self.dev_hand[p][0] for p in range(self.n))
        may_progress = self.hooks.may_progress
        for p in range(self.n):
            target = self.target_of(p)
            # A seat whose scenario condition is unmet (no VP total reaches its target) can only
            # win once its scenario moves on, which the scenario's own may_progress tells below.
            if target < UNREACHABLE_TARGET:
                bound = self.total_vp(p)
                if army_may_move and self.largest_army != p:
                    bound += 2
                if bound >= target or self.may_build_points(p):
                    return False
            if self.plugged:
                for hook in may_progress:
                    if hook(self, p):
                        return False  # an expansion's way forward (Masters: Vincent, Louis)
        return True

    def may_build_points(self, p: int) -> bool:
        """Whether ``p`` may still build a VP piece: a city on one of his settlements on the
        board, or a settlement on a spot he holds that the plug-ins allow (``allowed_builds``:
        Seafarers' Pirate Islands closes its pirate islands, SF-PR-07) or on one a road may
        still reach.

        A settlement piece out of the supply is a settlement on the board in the base game, but
        a plug-in may hold one off the board (a standing pirate fortress, SF-PR-02), so with
        plug-ins the board is asked (``city_spots``: his settlements among his ``network``); the
        base game keeps the supply's count (the no-progress check runs at every turn's start
        once the development deck is empty)."""
        if (
            self.cities_left[p]
            and self.settlements_left[p] < MAX_SETTLEMENTS
            and (not self.plugged or self.city_spots(p))
        ):
            return True  # a settlement of his on the board can still become a city
        if not self.settlements_left[p]:
            return False
        spots = self.settlement_spots(p)
        if spots and self.plugged:
            spots = self.allowed_builds(p, "settlement", [A.BUILD_SETTLEMENT[v] for v in spots])
        return bool(spots) or bool(self.roads_left[p] and self.road_spots(p))

    def _legal_pre_roll(self) -> list[Action]:
        legal = [A.ROLL]
        if self.dev_in_play:
            self.add_development_plays(self.actor, legal)
        if self.plugged:
            for hook in self.hooks.actions:
                hook(self, self.actor, legal)
        return legal

    def _apply_roll(self, action: Action) -> None:
        if self.plugged:
            for hook in self.hooks.roll:
                if hook(self):
                    return  # the plug-in's own dice (Cities & Knights: the event die too)
        self.phase, self.actor = "dice", CHANCE  # _set_phase, inlined on the hottest path

    def _outcomes_dice(self) -> list[tuple[Action, float]]:
        return list(A.DICE_OUTCOMES)

    def _chance_dice(self, action: Action) -> None:
        """BG-PROD-01: the roll's total selects the producing hexes; 7 triggers the robber."""
        total = action["die1"] + action["die2"]
        self.dice = [action["die1"], action["die2"]]
        self.rolled = True
        self.events.append(
            {"type": "dice", "seat": self.turn_player, "dice": self.dice, "visible_to": "all"}
        )
        if total == 7:
            self.start_seven()
        else:
            self._produce(total)
            if self.plugged:
                for hook in self.hooks.produced:
                    if hook(self, total):
                        return  # a decision is pending (Masters: Marianne)
            self.to_main()

    def _produce(self, total: int) -> None:
        """Pay every building next to a producing hex; the robber blocks its hex; bank shortage.

        Rules: BG-PROD-01..04, BG-CITY-02, BG-SETTL-03 (bank shortage: rulings.md, M-BG-05).
        """
        income = self.income.get(total)
        if income is None:
            income = self._income_of(total)
        bank = self.bank
        if self.robber in income.hexes:
            owed: dict[int, int] = {}  # seat * 5 + resource -> cards
            for h, key, amount in income.by_hex:
                if h != self.robber:
                    owed[key] = owed.get(key, 0) + amount
            gains, gainers = self._pay(owed)
        else:
            for r, need in income.demand:
                if need > bank[r]:
                    gains, gainers = self._pay(income.owed)  # the bank runs short
                    break
            else:  # the usual roll: the whole income, paid in full
                hand = self.hand
                gains = []  # [seat, resource, cards], public
                for p, r, amount in income.payouts:
                    hand[p][r] += amount
                    bank[r] -= amount
                    gains.append([p, RESOURCES[r], amount])
                gainers = income.gainers
        self.last_gainers = gainers
        self.events.append(
            {"type": "production", "total": total, "gains": gains, "visible_to": "all"}
        )

    def _pay(self, owed: dict[int, int]) -> tuple[list[list[Any]], set[int] | frozenset[int]]:
        """Pay ``owed`` (seat * 5 + resource -> cards) as far as the bank allows (M-BG-05)."""
        bank, hand = self.bank, self.hand
        demand = [0] * 5
        takers = [0] * 5
        for key, amount in owed.items():
            demand[key % 5] += amount
            takers[key % 5] += 1
        stock = bank.copy()  # shortages are judged before anything is paid
        gains: list[list[Any]] = []
        gainers = set()
        for key, amount in owed.items():
            p, r = key // 5, key % 5
            if demand[r] > stock[r]:
                if takers[r] > 1:
                    continue  # nobody gets a resource the bank cannot pay in full
                amount = bank[r]  # a single taker gets what is left
                if not amount:
                    continue
            hand[p][r] += amount
            bank[r] -= amount
            gainers.add(p)
            gains.append([p, RESOURCES[r], amount])
        return gains, gainers

    def _income_of(self, total: int) -> Income:
        """What a roll of ``total`` pays, cached in ``self.income`` until a building is placed
        or upgraded (the robber and the bank are looked at on each roll)."""
        vo, lv, res, n = self.vertex_owner, self.vertex_level, self.hex_resource, self.n
        hexes = self.number_hexes.get(total, ())
        by_hex = []
        hex_vertices = self.board.hex_vertices
        for h in hexes:
            owed: dict[int, int] = {}
            for v in hex_vertices[h]:
                o = vo[v]
                if 0 <= o < n:  # a neutral colour (owner >= n) never produces
                    key = o * 5 + res[h]
                    owed[key] = owed.get(key, 0) + lv[v]
            by_hex.extend((h, key, amount) for key, amount in owed.items())
        income = Income(hexes, by_hex)
        self.income[total] = income
        return income

    def to_main(self) -> None:
        """Continue the turn after a roll (or after a robber/card sequence that followed it)."""
        self.phase, self.actor = "main", self.turn_player  # _set_phase, inlined (hot path)

    def resume_turn(self) -> None:
        """Back to the turn's current stage: before the roll or the main phase."""
        if self.rolled:
            self.to_main()
        else:
            self._set_phase("pre_roll", self.turn_player)

    def _legal_main(self) -> list[Action]:
        p = self.actor
        if self.keeps_main:  # a plug-in's long list, the same across the trade talk
            kept = self.kept_main
            if kept is not None and kept[0] == self.version and kept[1] == p:
                if kept[2] == (self.proposals < self.proposal_limit):
                    return kept[3]
                if kept[2]:  # the turn's last proposal was made: the same list without proposals
                    legal = self.without_proposals(p, kept[3])
                    self.kept_main = (self.version, p, False, legal)
                    return legal
        legal = [A.END_TURN]
        self.add_builds(p, legal)
        if self.dev_in_play:
            self.add_development_purchase(p, legal)
            self.add_development_plays(p, legal)
        if self.trade_after_build or not self.built_this_turn:
            self.add_trades(p, legal)
        if self.plugged:
            for hook in self.hooks.actions:
                hook(self, p, legal)
            if self.keeps_main:
                self.kept_main = (self.version, p, self.proposals < self.proposal_limit, legal)
        return legal

    def _apply_end_turn(self, action: Action) -> None:
        """BG-TURN-01: play passes to the left (the next seat)."""
        p = self.turn_player
        if any(self.dev_new[p]):
            self.dev_new[p] = [0] * 5
        self.events.append({"type": "end_turn", "seat": p, "visible_to": "all"})
        if self.plugged:
            for hook in self.hooks.end_turn:
                if hook(self, p):
                    return  # an end-of-turn decision is pending; the hook calls pass_turn()
        self._start_turn((p + 1) % self.n)  # pass_turn(), inlined on the base game's path

    def pass_turn(self) -> None:
        """BG-TURN-01: play passes to the left (the next seat)."""
        self._start_turn((self.turn_player + 1) % self.n)

    # ------------------------------------------------------------------ scoring
    def public_vp(self, p: int) -> int:
        """Visible victory points: buildings, Longest Road, Largest Army (BG-VP-01)."""
        vp = (MAX_SETTLEMENTS - self.settlements_left[p]) + 2 * (MAX_CITIES - self.cities_left[p])
        if self.longest_road == p:
            vp += 2
        if self.largest_army == p:
            vp += 2
        if self.extra_vp:
            for hook in self.hooks.vp:
                vp += hook(self, p)
        return vp

    def total_vp(self, p: int) -> int:
        """Public VP plus hidden VP cards (BG-VP-01, BG-VP-02)."""
        vp = self.public_vp(p) + self.dev_hand[p][VICTORY_POINT]
        if self.plugged:
            for hook in self.hooks.hidden_vp:
                vp += hook(self, p)  # a scenario deck's VP cards (T&B)
        return vp

    def target_of(self, p: int) -> int:
        """The VP seat ``p`` needs to win now (BG-WIN-01): the game's target, or its scenario's
        (SF-WO-01, SF-PR-01), which is ``UNREACHABLE_TARGET`` while the scenario's condition is
        unmet."""
        target = self.victory_target
        if self.own_targets:
            for hook in self.hooks.target:
                target = hook(self, p, target)
        return target

    def _check_victory(self) -> None:
        """BG-WIN-01/03: only the player whose turn it is can win, at any moment of his turn."""
        p = self.turn_player
        target = self.target_of(p) if self.own_targets else self.victory_target
        if target >= UNREACHABLE_TARGET:  # a scenario's condition unmet: no VP count needed
            return
        stamp = self.vp_changes
        if self.vp_dirty is True:  # called inside a step that moved a VP: the stamp is behind
            vp = self.total_vp(p)
        else:  # (a turn's start that finds a count at the stamp counts nobody's VP again)
            known = self.vp_known  # C&K's every seat's VP
            if known is not None and known[0] == stamp:
                vp = known[1][p]
            elif self.vp_seen[p] == stamp:
                vp = self.vp_seat[p]
            else:
                vp = self.total_vp(p)
                if self.vp_stamped:
                    self.vp_seat[p] = vp
                    self.vp_seen[p] = stamp
        if vp >= target:
            self.events.append(
                {
                    "type": "reveal_victory_points",
                    "seat": p,
                    "cards": self.dev_hand[p][VICTORY_POINT],
                    "visible_to": "all",
                }
            )
            self._finish("victory")

    def _finish(self, reason: str) -> None:
        scores = [self.total_vp(p) for p in range(self.n)]
        winner = self.turn_player if reason == "victory" else -1
        ranking = sorted(range(self.n), key=lambda p: (p != winner, -scores[p], p))
        self.result_data = {"ranking": ranking, "scores": scores, "reason": reason}
        self.events.append({"type": "game_over", **self.result_data, "visible_to": "all"})
        self._set_phase("terminal", TERMINAL)

    def result(self) -> dict[str, Any]:
        if self.result_data is None:
            raise IllegalAction("the game is not over")
        return {k: list(v) if isinstance(v, list) else v for k, v in self.result_data.items()}

    # ------------------------------------------------------------------ views
    def observation(self, seat: int) -> dict[str, Any]:
        from games.catan.observation import observe

        return observe(self, seat)

    def to_dict(self) -> dict[str, Any]:
        from games.catan.serialize import state_to_dict

        return state_to_dict(self)


def board_of(options: dict[str, Any], players: int = 4) -> Any:
    """The board of a game with these (validated) options and ``players`` players: an
    expansion's layout or the base game's beginner or variable board."""
    base = BASE_LAYOUTS.get(options.get("layout"))  # type: ignore[arg-type]
    if base is None:
        raise ValueError(f"option layout must be one of {tuple(BASE_LAYOUTS)}")
    return board(expansions.layout_name(options, base, players))


def _methods(prefix: str) -> dict[str, Any]:
    """The core's ``_<prefix>...`` methods, then the plug-ins' ``<prefix>...`` methods (each
    called as ``fn(state, ...)``); a name defined twice is an error, unless several plug-ins
    inherit the very same method from a shared mechanic (``games/catan/mechanics``)."""
    table: dict[str, Any] = {}
    for klass in reversed(CatanState.__mro__):
        for name, fn in vars(klass).items():
            if name.startswith(prefix):
                table[name[len(prefix) :]] = fn
    shared: dict[str, Any] = {}  # key -> the function a plug-in took it from
    wrapped: list[tuple[str, Any, Any]] = []
    for x in expansions.plugins():
        for name in dir(type(x)):
            if name in getattr(x, "wraps", ()) and name.startswith(prefix[1:]):
                wrapped.append((name[len(prefix) - 1 :], x, getattr(x, name)))
                continue
            if name.startswith(prefix[1:]) and callable(getattr(type(x), name)):
                key = name[len(prefix) - 1 :]  # (not ``chance_kinds``, a plug-in's data)
                fn = getattr(type(x), name)
                if key in table and shared.get(key) is not fn:
                    raise RuntimeError(f"{x.name}: {name} is defined twice")
                # A shared mechanic's method (gold coins) inherited by several plug-ins: once.
                shared[key] = fn
                table[key] = getattr(x, name)
    for key, glue, method in wrapped:
        if key in table:
            table[key] = _where_on(glue, method, table[key])
    return table


def _where_on(glue: Any, method: Any, partner: Any) -> Any:
    """A combination's phase method in the games where it is on, the partner's elsewhere."""

    def call(state: CatanState, *args: Any) -> Any:
        if glue in state.hooks.glue:
            return method(state, *args)
        return partner(state, *args)

    return call


_APPLY = _methods("_apply_")
_RULE_HINTS = {
    "roll": "BG-TURN-01",
    "end_turn": "BG-TURN-01",
    "build_road": "BG-BUILD-02, BG-ROAD-01..03, BG-PIECE-01",
    "build_settlement": "BG-BUILD-03, BG-SETTL-01..02, BG-PIECE-01",
    "build_city": "BG-BUILD-04, BG-CITY-01",
    "buy_development": "BG-BUILD-05, BG-DEV-07",
    "place_settlement": "BG-SETUP-03..04",
    "place_road": "BG-SETUP-03",
    "discard": "BG-ROBBER-02",
    "move_robber": "BG-ROBBER-04",
    "rob": "BG-ROBBER-05",
    "maritime_trade": "BG-MAR-01..05",
    "accept_trade": "BG-TRADE-02",
    "play_knight": "BG-DEV-02..03",
    "play_road_building": "BG-DEV-02..03",
    "play_year_of_plenty": "BG-DEV-02..03",
    "play_monopoly": "BG-DEV-02..03",
}
_LEGAL = _methods("_legal_")
_CHANCE = _methods("_chance_")
_OUTCOMES = _methods("_outcomes_")


def _among(action: Any, outcomes: list[tuple[Action, float]]) -> bool:
    """Whether ``action`` is one of a chance node's ``outcomes`` (as ``in`` a list of them
    finds it: the same object, or an equal one), without making that list at every draw."""
    for outcome, _ in outcomes:  # noqa: SIM110 (``any`` of a generator: a cell, a frame)
        if outcome is action or outcome == action:
            return True
    return False


def _describe(action: Any) -> str:
    if not isinstance(action, dict):
        return repr(action)[:80]
    kind = action.get("type", "?")
    rest = ", ".join(f"{k}={v!r}" for k, v in action.items() if k != "type")
    return f"{kind}({rest})"[:160]


__all__ = ["RESOURCES", "CatanState"]

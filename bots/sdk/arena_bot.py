"""The Catan Arena bot SDK: one module, standard library only.

A bot is a function that gets a :class:`Turn` and returns the index of a legal action (or the
action object itself); :func:`run` does the protocol (``docs/protocol.md``)::

    import arena_bot

    def decide(turn: arena_bot.Turn) -> int:
        return 0  # the first legal action

    arena_bot.run(decide)

The sandbox puts this module on the bot's ``sys.path``; for local experiments copy it next to
your bot. Write logs to stderr (``arena_bot.log``); stdout belongs to the protocol.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

PROTOCOL_VERSION = 1

Action = dict[str, Any]


@dataclass
class Match:
    """What the ``start`` message says: the game, your seat, the options and the clock."""

    game: str
    seat: int
    num_players: int
    options: dict[str, Any]
    time_control: dict[str, float]
    engine_version: str = ""
    static: dict[str, Any] = field(default_factory=dict)
    """Facts that never change in this game (the board game's geometry)."""
    memory: dict[str, Any] = field(default_factory=dict)
    """Yours to keep anything across turns."""
    bot_seed: int | None = None
    rng: random.Random = field(default_factory=random.Random)
    """Draw your randomness from this: seeded from ``start``'s ``bot_seed``, so a replay of
    the same match (``play --seed``) plays the same game again."""

    def __post_init__(self) -> None:
        if self.bot_seed is not None:
            self.rng.seed(self.bot_seed)


@dataclass
class Turn:
    """One decision: what you see, what you may do, and how much time you have."""

    match: Match
    step: int
    observation: dict[str, Any]
    legal_actions: list[Action]
    clock: dict[str, float]

    def index_of(self, action: Action) -> int:
        return self.legal_actions.index(action)

    def actions_of_type(self, *types: str) -> list[int]:
        """Indices of the legal actions whose ``"type"`` is one of ``types``."""
        return [i for i, a in enumerate(self.legal_actions) if a.get("type") in types]

    def progress_plays(self, card: str | None = None) -> list[int]:
        """Cities & Knights: indices of the legal ``play_progress`` actions (of ``card`` only,
        e.g. ``"Merchant Fleet"``, when named); each carries the card's first choice."""
        return [
            i
            for i, a in enumerate(self.legal_actions)
            if a.get("type") == "play_progress" and (card is None or a.get("card") == card)
        ]

    def matching(self, action_type: str, **fields: Any) -> list[int]:
        """Indices of the legal actions of ``action_type`` whose fields equal ``fields``, e.g.
        ``turn.matching("bank_trade", give="paper")`` or ``turn.matching("improve_city",
        track="science")`` (a field named like a Python keyword: ``**{"from": 14}``)."""
        return [
            i
            for i, a in enumerate(self.legal_actions)
            if a.get("type") == action_type and all(a.get(k) == v for k, v in fields.items())
        ]

    def knight_actions(self, vertex: int) -> list[int]:
        """Cities & Knights: indices of the legal actions of the knight on ``vertex``: activate,
        promote (``vertex``), march, displace (``from``), chase the robber (``vertex``)."""
        return [
            i
            for i, a in enumerate(self.legal_actions)
            if a.get("type") in KNIGHT_ACTIONS
            and a.get("from" if a["type"] in KNIGHT_MOVES else "vertex") == vertex
        ]

    def progress_answers(self) -> list[int]:
        """Cities & Knights: indices of the answers to a pending progress card decision (phase
        ``ck_progress``: the cards you give, the knight you lose, the card you take...)."""
        return self.actions_of_type(*PROGRESS_ANSWERS)


@dataclass
class End:
    """The ``end`` message: the engine's result (``ranking``, ``scores``, ``reason``)."""

    result: dict[str, Any]
    observation: dict[str, Any]
    rank: int


Decide = Callable[[Turn], "int | Action"]

KNIGHT_MOVES = ("march_knight", "displace_knight")
"""Cities & Knights: the knight actions that name the knight by ``from`` (and ``to``)."""
KNIGHT_ACTIONS = ("activate_knight", "promote_knight", "chase_robber", *KNIGHT_MOVES)
"""Cities & Knights: the actions of a knight already on the board (``build_knight`` places one)."""

PROGRESS_ANSWERS = (
    "choose_hex",
    "choose_vertex",
    "choose_edge",
    "give_card",
    "pick_card",
    "offer_resource",
    "progress_done",
)
"""Cities & Knights: the action types of the ``ck_progress`` phase (docs/protocol.md)."""


def log(*parts: object) -> None:
    """Print to stderr, which the arena keeps (capped) for the bot's owner."""
    print(*parts, file=sys.stderr, flush=True)


def answer_line(choice: int | Action) -> str:
    """The protocol line for ``choice`` (an index into the legal list, or an action object)."""
    if isinstance(choice, bool) or not isinstance(choice, int | dict):
        raise TypeError(f"decide() must return an int index or an action dict, not {choice!r}")
    return json.dumps({"action": choice}, separators=(",", ":"))


def run(
    decide: Decide,
    *,
    on_start: Callable[[Match], None] | None = None,
    on_end: Callable[[Match, End], None] | None = None,
    stdin: Any = None,
    stdout: Any = None,
) -> None:
    """Serve the protocol until ``end`` (or the end of input)."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    match: Match | None = None
    for line in stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "start":
            if message.get("protocol") != PROTOCOL_VERSION:
                log(f"warning: protocol {message.get('protocol')}, SDK speaks {PROTOCOL_VERSION}")
            match = Match(
                game=message["game"],
                seat=message["seat"],
                num_players=message["num_players"],
                options=message.get("options", {}),
                time_control=message.get("time_control", {}),
                engine_version=message.get("engine_version", ""),
                static=message.get("static") or {},
                bot_seed=message.get("bot_seed"),
            )
            if on_start is not None:
                on_start(match)
        elif kind == "act":
            if match is None:
                raise RuntimeError("got an act message before start")
            turn = Turn(
                match=match,
                step=message["step"],
                observation=message["observation"],
                legal_actions=message["legal_actions"],
                clock=message.get("clock", {}),
            )
            stdout.write(answer_line(decide(turn)) + "\n")
            stdout.flush()
        elif kind == "end":
            if on_end is not None and match is not None:
                end = End(message["result"], message.get("observation", {}), message["you"]["rank"])
                on_end(match, end)
            return


# ---------------------------------------------------------------------------------------------
# Typed helpers for each game's observation (the fields are documented in docs/protocol.md).


@dataclass
class CardRegion:
    col: int
    side: int
    resource: str
    number: int
    amount: int


class CardGameView:
    """The card game's observation (``cardgame``), with the fields a bot usually needs."""

    def __init__(self, observation: dict[str, Any]) -> None:
        self.raw = observation

    @property
    def decision(self) -> str:
        """What is being decided: ``main``, ``refill``, ``pay``, ``gain``, ``trade_answer``…"""
        return self.raw["decision"]

    @property
    def hand(self) -> list[str]:
        return list(self.raw["hand"])

    def regions(self, whose: str = "you") -> list[CardRegion]:
        return [CardRegion(*r) for r in self.raw[whose]["regions"]]

    def region_amount(self, col: int, side: int, whose: str = "you") -> int:
        for region in self.regions(whose):
            if (region.col, region.side) == (col, side):
                return region.amount
        raise KeyError((col, side))

    def vp(self, whose: str = "you") -> int:
        return self.raw[whose]["vp"]

    def resources(self, whose: str = "you") -> dict[str, int]:
        totals: dict[str, int] = {}
        for region in self.regions(whose):
            totals[region.resource] = totals.get(region.resource, 0) + region.amount
        return totals


DISCARD_LIMIT = 7
"""A 7 makes every seat holding more hand cards than this discard half (BG-ROBBER-02)."""
WALL_HAND_BONUS = 2
"""Cities & Knights: each city wall raises our 7-limit by 2 (CK-WA-01)."""
MAX_IMPROVEMENT = 5
"""Cities & Knights: the top level of a city improvement track (CK-CI-01)."""

PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
"""How many of the 36 dice outcomes roll each number (7 and the desert's 0 produce nothing)."""


class CatanView:
    """The board game's observation (``catan``) joined with the static geometry of ``start``.

    The geometry is the board of this game's options (``layout``): read sizes from it, never
    assume the base island's 19 hexes, 54 intersections and 72 paths."""

    def __init__(self, observation: dict[str, Any], static: dict[str, Any]) -> None:
        self.raw = observation
        self.static = static

    @property
    def layout(self) -> str:
        """The board's layout name (``base_beginner``, ``base_variable``, a scenario's map…)."""
        return self.static.get("layout", "base_beginner")

    @property
    def sites(self) -> dict[str, Any]:
        """The layout's special places by id (a scenario's castle hex, fishing grounds…)."""
        return dict(self.static.get("sites", {}))

    @property
    def num_hexes(self) -> int:
        return len(self.static["hex_coords"])

    @property
    def num_vertices(self) -> int:
        return len(self.static["vertex_points"])

    @property
    def num_edges(self) -> int:
        return len(self.static["edge_vertices"])

    @property
    def phase(self) -> str:
        """``setup_settlement``, ``setup_road``, ``pre_roll``, ``main``, ``discard``…"""
        return self.raw["phase"]

    @property
    def seat(self) -> int:
        return self.raw["seat"]

    @property
    def resources(self) -> dict[str, int]:
        return dict(self.raw["you"]["resources"])

    @property
    def victory_points(self) -> int:
        return self.raw["you"]["victory_points"]

    def buildings(self, owner: int | None = None) -> list[tuple[int, int, int]]:
        """``(vertex, owner, level)``: level 1 is a settlement, 2 a city."""
        found = [tuple(b) for b in self.raw["board"]["buildings"]]
        return [b for b in found if owner is None or b[1] == owner]  # type: ignore[misc]

    def hex_pips(self, hex_id: int) -> int:
        """Dice outcomes (of 36) that make ``hex_id`` produce; a scenario's ``also_numbers``
        site (Rivers: ``{"2": 12}``, the 12's hex produces on 2 too) adds its numbers."""
        number = self.raw["board"]["numbers"][hex_id]
        pips = PIPS.get(number, 0)
        for extra, host in self.sites.get("also_numbers", {}).items():
            if number == host:
                pips += PIPS.get(int(extra), 0)
        return pips

    def gold(self, seat: int | None = None) -> int:
        """Gold coins of ``seat`` (default: ours) in a scenario with gold, else 0."""
        gold = self.raw.get("gold")
        return gold["seats"][self.seat if seat is None else seat] if gold else 0

    def vertex_hexes(self, vertex: int) -> list[int]:
        return list(self.static["vertex_hexes"][vertex])

    # Cities & Knights (``{"cities_and_knights": true}``; docs/protocol.md): None/empty otherwise.
    @property
    def cities_and_knights(self) -> dict[str, Any] | None:
        """The public C&K table (levels, knights, walls, metropolises, the ship, counts)."""
        return self.raw.get("cities_and_knights")

    @property
    def commodities(self) -> dict[str, int]:
        """Our paper, cloth and coin (C&K), else empty."""
        ck = self.cities_and_knights
        return dict(ck["my_commodities"]) if ck else {}

    @property
    def progress_cards(self) -> list[str]:
        """Our progress cards' names (C&K; hidden from the others), else empty."""
        ck = self.cities_and_knights
        return list(ck["my_progress_cards"]) if ck else []

    def improvement_levels(self, seat: int | None = None) -> dict[str, int]:
        """``{"trade": n, "politics": n, "science": n}`` of ``seat`` (default: ours) in C&K."""
        ck = self.cities_and_knights
        return dict(ck["levels"][self.seat if seat is None else seat]) if ck else {}

    def ck_knights(self, owner: int | None = None) -> list[dict[str, Any]]:
        """C&K knights: ``{"vertex", "owner", "strength", "active", "acted"}``."""
        ck = self.cities_and_knights
        found = ck["knights"] if ck else []
        return [k for k in found if owner is None or k["owner"] == owner]

    @property
    def retreating_knight(self) -> dict[str, Any] | None:
        """C&K, phase ``ck_retreat``: the displaced knight its owner must move (``from``,
        ``owner``, ``strength``, ``active``, ``acted``; off the board, so not in
        :meth:`ck_knights`), else None."""
        ck = self.cities_and_knights
        return ck.get("retreating_knight") if ck else None

    @property
    def pending_metropolis(self) -> str | None:
        """C&K, phase ``ck_metropolis``: the track (``"trade"``, ``"politics"``,
        ``"science"``) whose metropolis we place now, else None."""
        ck = self.cities_and_knights
        return ck.get("pending_metropolis") if ck else None

    @property
    def barbarian_position(self) -> int:
        """The C&K barbarian ship's space (0 start .. 7 attack), 0 without C&K."""
        ck = self.cities_and_knights
        return ck["barbarian_position"] if ck else 0

    def vertex_value(self, vertex: int) -> int:
        """Pips of the producing hexes around ``vertex`` (robbed hex excluded)."""
        robber = self.raw["board"]["robber"]
        return sum(self.hex_pips(h) for h in self.vertex_hexes(vertex) if h != robber)

    def edge_vertices(self, edge: int) -> tuple[int, int]:
        a, b = self.static["edge_vertices"][edge]
        return a, b

    @property
    def progress_pending(self) -> dict[str, Any] | None:
        """Cities & Knights: the progress card decision pending now (``card``, ``player``,
        ``step``, ``actor``; the Spy's ``progress_cards``, the Master Merchant's ``hand``...),
        or None."""
        ck = self.cities_and_knights
        return ck.get("progress_pending") if ck else None

    @property
    def hand(self) -> dict[str, int]:
        """Our hand cards by name: the resources, and in C&K the commodities too (what a 7, the
        Saboteur, the Wedding or a steal counts)."""
        return {**self.resources, **self.commodities}

    @property
    def hand_limit(self) -> int:
        """The most cards we may hold when a 7 is rolled: 7, and in C&K 2 more per city wall
        under our cities (CK-WA-01)."""
        ck = self.cities_and_knights
        if not ck:
            return DISCARD_LIMIT
        ours = {v for v, owner, _ in self.buildings(self.seat)}
        return DISCARD_LIMIT + WALL_HAND_BONUS * sum(1 for v in ck["walls"] if v in ours)

    def improvement_cost(self, track: str) -> int | None:
        """C&K: the commodities (cloth for ``trade``, coin for ``politics``, paper for
        ``science``) our next level of ``track`` costs: level n costs n (CK-CI-01; a Crane
        played this turn takes 1 off). None at the top level, 5, or without C&K."""
        level = self.improvement_levels().get(track)
        return None if level is None or level >= MAX_IMPROVEMENT else level + 1

    def roll_income(self, total: int) -> int:
        """The cards our buildings take on a roll of ``total`` (2-12): 1 per settlement, 2 per
        city (in C&K a city by forest, pasture or mountains takes 1 resource + 1 commodity),
        the robbed hex excluded; 0 for a 7. What the Alchemist's chosen dice would pay us."""
        if total == 7:
            return 0
        board = self.raw["board"]
        numbers, robber = board["numbers"], board["robber"]
        return sum(
            level
            for vertex, _, level in self.buildings(self.seat)
            for h in self.vertex_hexes(vertex)
            if numbers[h] == total and h != robber
        )

    @property
    def barbarian_gap(self) -> int:
        """C&K: the barbarians' strength (every city on the board) less the strength of all
        active knights (CK-BA-02). Above 0 the next attack wins and pillages the weakest
        defenders' cities; 0 or below, the defence holds. 0 without C&K."""
        ck = self.cities_and_knights
        return ck["barbarian_strength"] - sum(ck["knight_strength"]) if ck else 0


class SeafarersView(CatanView):
    """A Seafarers game's observation (option ``{"seafarers": MAP}``): the sea, ships and the
    pirate besides the board game's view (docs/scenarios/seafarers.md)."""

    @property
    def sea(self) -> dict[str, Any]:
        """``observation["seafarers"]``: ``ships``, ``ships_left``, ``pirate``, ``ship_moved``,
        ``island_marks``, ``fog_left``, ``victory_target``."""
        return dict(self.raw.get("seafarers", {}))

    def ships(self, owner: int | None = None) -> list[tuple[int, int]]:
        """``(path, owner)`` of every ship (of ``owner`` only, if given)."""
        found = [(e, o) for e, o in self.sea.get("ships", ())]
        return [s for s in found if owner is None or s[1] == owner]

    def is_sea(self, hex_id: int) -> bool:
        return self.raw["board"]["terrains"][hex_id] == "sea"

    def path_hexes(self, edge: int) -> list[int]:
        """The hexes on either side of a path."""
        a, b = self.edge_vertices(edge)
        return sorted(set(self.vertex_hexes(a)) & set(self.vertex_hexes(b)))

    def is_ship_path(self, edge: int) -> bool:
        """A path a ship may lie on: a sea hex beside it, inside the frame (SF-SH-01)."""
        hexes = self.path_hexes(edge)
        frame = set(self.sites.get("frame", ()))
        return len(hexes) == 2 and not set(hexes) <= frame and any(self.is_sea(h) for h in hexes)


def seafarers_view(turn: Turn) -> SeafarersView | None:
    """The Seafarers view of a turn, or None when the game has no sea."""
    if "seafarers" not in turn.observation:
        return None
    return SeafarersView(turn.observation, turn.match.static)


# ---------------------------------------------------------------------------------------------
# Catan for Two with a Traders & Barbarians scenario (``{"catan_for_two": true, "scenario": S}``;
# docs/scenarios/catan_for_two.md). Each function builds the action object the engine lists, so
# ``decide`` may return it as it is (``return arena_bot.robber_aside()``) once it is legal.

TOKEN_ACTIONS = (
    "forced_trade",
    "robber_to_desert",
    "robber_to_swamp",
    "robber_aside",
    "c2_move_barbarian",
    "c2_move_tb_barbarian",
)
"""Catan for Two: the actions that cost trade tokens (``token_price`` each); a scenario's pair
replaces ``robber_to_desert`` by its own (Rivers: to a swamp; Caravans: beside the board;
Barbarian Attack and T&B: move a barbarian)."""

FOREIGN_KNIGHT_OWNER = 2
"""Barbarian Attack for two: the foreign knight's owner in ``barbarian_attack.knights``."""


def c2_place_camel(edge: int, toward: int) -> Action:
    """Caravans for two (phase ``c2_camel``): a camel on path ``edge``, heading to ``toward``."""
    return {"type": "c2_place_camel", "edge": edge, "toward": toward}


def robber_to_swamp(hex_id: int) -> Action:
    """Rivers for two (token action): send the robber to the swamp ``hex_id``; nobody is robbed."""
    return {"type": "robber_to_swamp", "hex": hex_id}


def robber_aside() -> Action:
    """Caravans for two (token action): put the robber beside the board."""
    return {"type": "robber_aside"}


def move_foreign_knight(to: int) -> Action:
    """Barbarian Attack for two (phase ``foreign_knight``): march it to path ``to`` (<= 3 paths)."""
    return {"type": "move_foreign_knight", "to": to}


def keep_foreign_knight() -> Action:
    """Barbarian Attack for two (phase ``foreign_knight``): leave the foreign knight where it is."""
    return {"type": "keep_foreign_knight"}


def c2_move_barbarian(from_hex: int, to_hex: int) -> Action:
    """Barbarian Attack for two (token action): one barbarian from a coastal hex to another."""
    return {"type": "c2_move_barbarian", "from": from_hex, "to": to_hex}


def c2_move_tb_barbarian(barbarian: int, edge: int) -> Action:
    """Traders & Barbarians for two (token action): barbarian number ``barbarian`` (its index in
    ``traders_barbarians.barbarians``) to path ``edge`` (no road, no other barbarian there)."""
    return {"type": "c2_move_tb_barbarian", "barbarian": barbarian, "edge": edge}


def token_actions(turn: Turn) -> list[int]:
    """Catan for Two: indices of the legal actions that cost trade tokens (``TOKEN_ACTIONS``)."""
    return turn.actions_of_type(*TOKEN_ACTIONS)


def trade_tokens(view: CatanView, seat: int | None = None) -> int:
    """Catan for Two: trade tokens of ``seat`` (default: ours); 0 in other games."""
    two = view.raw.get("catan_for_two")
    return two["trade_tokens"][view.seat if seat is None else seat] if two else 0


def token_price(view: CatanView) -> int | None:
    """Catan for Two: what a token action costs us now (1 or 2); None in other games."""
    two = view.raw.get("catan_for_two")
    return two["token_price"] if two else None


def foreign_knight_path(view: CatanView) -> int:
    """Barbarian Attack for two: the foreign knight's path, -1 before the first real knight
    (or in other games)."""
    ba = view.raw.get("barbarian_attack") or {}
    for edge, owner in ba.get("knights", []):
        if owner == FOREIGN_KNIGHT_OWNER:
            return edge
    return -1


def choosing_camel(view: CatanView) -> bool:
    """Caravans for two: True while we are asked where a camel of the 2-camel round goes."""
    return (view.raw.get("pending") or {}).get("camel_vote") == "choose"

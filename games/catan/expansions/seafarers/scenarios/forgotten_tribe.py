"""The Forgotten Tribe (``{"seafarers": "forgotten_tribe"}``; map SF-MAP-FT, 3-4 players).

A big main island, and around it the small islands of the forgotten tribe, which nobody may ever
settle (their corners are closed to buildings for the whole game) and which never take the
robber. On marked coast paths of the tribe islands lie the tribe's gifts (``data/
forgotten_tribe.json``, spots in the layout's ``sites``): 8 Catan chits (1 VP each), the 6
harbours (one 2:1 of each resource and one 3:1, shuffled and turned face up at set-up: a
``board`` chance node per harbour spot) and 4 development cards (the top of the shuffled deck,
revealed: a ``deck:development`` chance node per card spot). A seat that builds or moves a ship
onto a marked path takes its gift at once: a chit, a development card (played like a bought one,
not in the turn it was taken) or a harbour, which the seat lays at once beside one of its coastal
buildings (phase ``ft_harbour``), or keeps until such a side exists. There are no printed
harbours. 13 VP win.

State: ``ft_gifts`` (per marked path, in site order: ``[path, kind, value, taker]``, taker -1
while it lies there), ``ft_chits`` (chits per seat), ``ft_waiting`` (harbour tiles each seat
holds for lack of a side), ``ft_return`` (the phase and actor a harbour placement interrupted),
and the laid harbours (``placed_harbours``).

Rules: SF-FT-01..07 (reference/expansions/seafarers.md §14, §19 SF-MAP-FT).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Final

from games.catan.constants import DEV_INDEX
from games.catan.expansions.seafarers.scenarios import Scenario, placed_harbours
from games.catan.expansions.seafarers.scenarios.words import draw_harbours
from games.common.api import CHANCE
from games.common.narration import counted

Action = dict[str, Any]

DATA: Final = json.loads(
    (Path(__file__).parent / "data" / "forgotten_tribe.json").read_text(encoding="utf-8")
)
GIFTS: Final = DATA["gifts"]
HARBOUR_TILES: Final = dict(GIFTS["harbour"]["tiles"])
KINDS: Final = ("vp", "harbour", "development")
"""The gift kinds, in the order their spots are listed in ``ft_gifts``."""


# ---------------------------------------------------------------------------- places
def gift_paths(state: Any) -> list[tuple[str, int]]:
    """Every marked path with the kind of gift printed there, in ``ft_gifts`` order."""
    board = state.board
    paths = []
    for kind in KINDS:
        for mark in board.sites[GIFTS[kind]["spots"]]:
            corners = board.hex_vertices[mark["hex"]]
            pair = (corners[mark["side"]], corners[(mark["side"] + 1) % 6])
            paths.append((kind, board.edge_of_pair[pair]))
    return paths


def tribe_vertices(board: Any) -> set[int]:
    """The corners of the tribe's islands: closed to settlements for the whole game (SF-FT-02)."""
    hexes = board.sites["zones"][DATA["tribe_zone"]]
    return {v for h in hexes for v in board.hex_vertices[h]}


def tribe_hexes(board: Any) -> frozenset[int]:
    return frozenset(board.sites["zones"][DATA["tribe_zone"]])


# ---------------------------------------------------------------------------- set-up
def start_gifts(state: Any) -> bool:
    """SF-FT-03: the gifts go on their paths; chits at once, harbours and cards drawn."""
    state.ft_gifts = [[e, kind, None, -1] for kind, e in gift_paths(state)]
    state._set_phase("ft_harbour_gifts", CHANCE)
    return True


def _next_open(state: Any, kind: str) -> list[Any] | None:
    return next((g for g in state.ft_gifts if g[1] == kind and g[2] is None), None)


@cache
def harbour_gift_action(kind: str) -> Action:
    return {"type": "gift_harbour_tile", "harbour": kind}


def harbour_gift_outcomes(state: Any) -> list[tuple[Action, float]]:
    """The next harbour spot's tile: one of the shuffled tiles not yet laid."""
    left = dict(HARBOUR_TILES)
    for g in state.ft_gifts:
        if g[1] == "harbour" and g[2] is not None:
            left[g[2]] -= 1
    total = sum(left.values())
    return [(harbour_gift_action(k), c / total) for k, c in left.items() if c]


def lay_harbour_gift(state: Any, action: Action) -> None:
    _next_open(state, "harbour")[2] = action["harbour"]  # type: ignore[index]
    if _next_open(state, "harbour") is None:
        state._set_phase("ft_card_gifts", CHANCE)


def card_gift_outcomes(state: Any) -> list[tuple[Action, float]]:
    """The next card spot's card: the top of the shuffled development deck."""
    return state._outcomes_draw_development()


def lay_card_gift(state: Any, action: Action) -> None:
    """The card leaves the deck face up: drawn, in no hand yet (``dev_drawn``)."""
    c = DEV_INDEX[action["card"]]
    state.dev_deck[c] -= 1
    state.dev_drawn[c] += 1
    _next_open(state, "development")[2] = action["card"]  # type: ignore[index]
    if _next_open(state, "development") is None:
        for g in state.ft_gifts:
            if g[1] == "vp":
                g[2] = 1
        state.events.append(
            {"type": "tribe_gifts", "gifts": public_gifts(state), "visible_to": "all"}
        )
        state.begin_placement()


# ---------------------------------------------------------------------------- taking gifts
def take_gift(state: Any, p: int, e: int) -> None:
    """SF-FT-04: a ship built or moved onto a marked path takes the gift lying there."""
    for gift in state.ft_gifts:  # a loop, not a generator: asked at every ship laid or moved
        if gift[0] == e and gift[3] == -1:
            break
    else:
        return
    gift[3] = p
    _, kind, value, _ = gift
    state.events.append(
        {
            "type": "tribe_gift",
            "seat": p,
            "edge": e,
            "gift": kind,
            "value": value,
            "visible_to": "all",
        }
    )
    if kind == "vp":
        state.ft_chits[p] += value
        state.vp_dirty = True
    elif kind == "development":
        c = DEV_INDEX[value]
        state.dev_drawn[c] -= 1
        state.dev_hand[p][c] += 1
        state.dev_new[p][c] += 1  # played like a bought card: not in this turn
        state.vp_dirty = True
    else:
        state.ft_waiting[p].append(value)
        offer_harbour(state, p)


def offer_harbour(state: Any, p: int) -> None:
    """SF-FT-05: a held harbour tile is laid at once if a side beside one of the seat's
    coastal buildings is free; the seat chooses where (phase ``ft_harbour``)."""
    if not state.ft_waiting[p] or not placed_harbours.free_sides(state, owner=p):
        return
    if state.ft_return is None:
        state.ft_return = [state.phase, state.actor]
    state._set_phase("ft_harbour", p)


@cache
def place_action(edge: int) -> Action:
    return {"type": "place_gift_harbour", "edge": edge}


def harbour_choices(state: Any) -> list[Action]:
    return [place_action(e) for e in placed_harbours.free_sides(state, owner=state.actor)]


def place_harbour(state: Any, action: Action) -> None:
    p = state.actor
    kind = state.ft_waiting[p].pop(0)
    placed_harbours.place(state, action["edge"], kind)
    state.events.append(
        {
            "type": "gift_harbour",
            "seat": p,
            "edge": action["edge"],
            "harbour": kind,
            "visible_to": "all",
        }
    )
    if state.ft_waiting[p] and placed_harbours.free_sides(state, owner=p):
        return  # the next held tile, still in phase ft_harbour
    phase, actor = state.ft_return
    state.ft_return = None
    state._set_phase(phase, actor)


# ---------------------------------------------------------------------------- what is seen
def public_gifts(state: Any) -> list[dict[str, Any]]:
    return [
        {"edge": e, "gift": kind, "value": value, "taken_by": taker}
        for e, kind, value, taker in state.ft_gifts
    ]


def public(state: Any) -> dict[str, Any]:
    return {
        "gifts": public_gifts(state),
        "chits": list(state.ft_chits),
        "waiting": [list(w) for w in state.ft_waiting],
    }


GIFT_INK = {"vp": "#b8860b", "harbour": "#1f5f8b", "development": "#6b3fa0"}


def draw_gifts(view: dict[str, Any], geometry: Any) -> list[str]:
    """A small marker on every gift still lying on its path (colour by kind)."""
    from games.catan import picture  # drawn only for a picture, never in play

    tribe = view.get("forgotten_tribe")
    if not tribe:
        return []
    parts = []
    for gift in tribe["gifts"]:
        if gift["taken_by"] != -1:
            continue
        a, b = (picture._point(geometry, v) for v in geometry.edge_vertices[gift["edge"]])
        x, y = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        label = {"vp": "1", "harbour": "H", "development": "D"}[gift["gift"]]
        parts.append(
            f'<g class="tribe-gift" data-edge="{gift["edge"]}" data-gift="{gift["gift"]}">'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="9" fill="{GIFT_INK[gift["gift"]]}" '
            f'stroke="#fff" stroke-width="1.5"/><text x="{x:.1f}" y="{y + 4:.1f}" '
            f'text-anchor="middle" font-size="12" font-weight="700" fill="#fff">{label}</text>'
            f"<title>tribe gift: {gift['gift']} {gift['value']}"
            "</title></g>"
        )
    return parts


def _gift_words(told: Any) -> str:
    event = told.event
    kind, value = event["gift"], event["value"]
    what = {
        "vp": counted(value, "victory point"),
        "development": f"a development card ({value})",
        "harbour": "a 3:1 harbour" if value == "any" else f"a 2:1 {value} harbour",
    }[kind]
    return f"{told.words['who']}'s ship reaches the forgotten tribe, who give {what}."


SENTENCES: dict[str, Any] = {
    "tribe_gifts": "The forgotten tribe's gifts lie on their islands' coasts.",
    "tribe_gift": _gift_words,
    "gift_harbour": lambda told: (
        f"{told.words['who']} lays the tribe's "
        f"{'3:1' if told.event['harbour'] == 'any' else '2:1 ' + told.event['harbour']} harbour "
        f"{told.words['edge']}."
    ),
}


# ---------------------------------------------------------------------------- the scenario
class ForgottenTribe(Scenario):
    name = "forgotten_tribe"
    title = "The Forgotten Tribe"
    targets: ClassVar[dict[int, int]] = {3: DATA["victory_points"], 4: DATA["victory_points"]}
    layouts: ClassVar[dict[int, str]] = {
        3: "seafarers_forgotten_tribe",
        4: "seafarers_forgotten_tribe",
    }
    setup_zones = None  # SF-FT-02: the tribe's corners are closed, so the main island only
    island_svp = 0
    stored_fields = ("ft_gifts", "ft_chits", "ft_waiting", "ft_return", "placed_harbours")
    chance_kinds: ClassVar[dict[str, str]] = {
        "ft_harbour_gifts": "board",
        "ft_card_gifts": "deck:development",
    }
    sentences = SENTENCES

    def init(self, state: Any) -> None:
        state.ft_gifts = []
        state.ft_chits = [0] * state.n
        state.ft_waiting = [[] for _ in range(state.n)]
        state.ft_return = None
        state.placed_harbours = []

    def rebuild(self, state: Any) -> None:
        for v in tribe_vertices(state.board):  # SF-FT-02
            state.blocked[v] = True
        placed_harbours.rebuild(state)

    def board_laid(self, state: Any) -> bool:
        return start_gifts(state)

    def built(self, state: Any, p: int, piece: str, where: int) -> None:
        if piece == "ship":
            take_gift(state, p, where)  # SF-FT-04
        elif piece == "settlement" and state.ft_waiting[p]:
            offer_harbour(state, p)  # SF-FT-05: a held harbour once a side exists

    def vp(self, state: Any, p: int) -> int:
        return state.ft_chits[p]

    def robber_barred(self, board: Any) -> frozenset[int]:
        """SF-FT-07: the robber never enters the tribe's islands."""
        return tribe_hexes(board)

    def observe(self, state: Any, seat: int, obs: dict[str, Any]) -> None:
        obs["forgotten_tribe"] = public(state)
        obs["placed_harbours"] = placed_harbours.public(state)

    def view(self, state: Any, view: dict[str, Any]) -> None:
        view["forgotten_tribe"] = public(state)
        view["placed_harbours"] = placed_harbours.public(state)

    def draw_board(self, view: dict[str, Any], geometry: Any) -> list[str]:
        return draw_harbours(view, geometry) + draw_gifts(view, geometry)

    def seat_words(self, view: dict[str, Any], seat: int) -> str | None:
        tribe = view.get("forgotten_tribe")
        if not tribe or not tribe["chits"][seat]:
            return None
        return f"tribe: {counted(tribe['chits'][seat], 'victory point')}"

    # chance nodes and decisions ------------------------------------------------------
    def outcomes_ft_harbour_gifts(self, state: Any) -> list[tuple[Action, float]]:
        return harbour_gift_outcomes(state)

    def chance_ft_harbour_gifts(self, state: Any, action: Action) -> None:
        lay_harbour_gift(state, action)

    def outcomes_ft_card_gifts(self, state: Any) -> list[tuple[Action, float]]:
        return card_gift_outcomes(state)

    def chance_ft_card_gifts(self, state: Any, action: Action) -> None:
        lay_card_gift(state, action)

    def legal_ft_harbour(self, state: Any) -> list[Action]:
        return harbour_choices(state)

    def apply_place_gift_harbour(self, state: Any, action: Action) -> None:
        place_harbour(state, action)


SCENARIO = ForgottenTribe()

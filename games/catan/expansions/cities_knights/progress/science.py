"""Science progress cards (green, 18): when each can be played and what it does.

Per card (``progress/__init__.py``): ``playable_<slug>(state, seat)`` lists its
``play_progress`` actions (with the player's first choice in the action: which vertex, which
hex), ``play_<slug>(state, seat, action)`` does the effect; True when it set a phase of its own.

Rules: CK-PC-S01..S10 (S08 Printer: a victory point card, the core's).
"""

from __future__ import annotations

from typing import Any

from games.catan.constants import MAX_CITIES
from games.common.api import CHANCE

from ..data import KEPT_OWED
from . import steps, table
from .steps import DONE, PLAY, PLAYS, Pending, finish, step

Action = dict[str, Any]

UNSWAPPABLE = frozenset({0, 2, 12, 6, 8})
"""CK-PC-S04: the Inventor never moves a 2, 12, 6 or 8 (nor the desert's missing token)."""
HARVEST = 2
"""CK-PC-S05/S07: cards per matching hex next to the player's buildings."""
MEDICINE_COST = (0, 0, 0, 1, 2)
"""CK-PC-S06: 2 ore + 1 grain (lumber, brick, wool, grain, ore)."""
_MEDICINE_NEEDS = tuple((r, number) for r, number in enumerate(MEDICINE_COST) if number)
"""The resources Medicine asks for, with how many (the kinds it costs none of left out)."""
SMITH_PROMOTIONS = 2


# ---------------------------------------------------------------------- Alchemist
def playable_alchemist(state: Any, p: int) -> list[Action]:
    """CK-PC-S01, CK-TU-01: before the roll, both production dice of the player's choice
    (a 7 too): one action per pair. Always the same 36: one shared list, read only."""
    return _ALCHEMIST_PLAYS


_ALCHEMIST_PLAYS = [
    {"type": PLAY, "card": "Alchemist", "yellow": y, "red": r}
    for y in range(1, 7)
    for r in range(1, 7)
]


def play_alchemist(state: Any, p: int, action: Action) -> bool:
    """The event die is still rolled (chance node ``ck_alchemist``) and resolved first."""
    state.ck_effects["alchemist"] = [action["yellow"], action["red"]]
    state._set_phase("ck_alchemist", CHANCE)
    return True


def alchemist_event_outcomes(state: Any) -> list[tuple[Action, float]]:
    from ..data import EVENT_ODDS

    return [({"type": "alchemist_event", "event": face}, odds) for face, odds in EVENT_ODDS.items()]


def alchemist_event(state: Any, action: Action) -> None:
    from .. import flow

    yellow, red = state.ck_effects.pop("alchemist")
    flow.rolled(state, {"type": "ck_dice", "event": action["event"], "die1": yellow, "die2": red})


# ---------------------------------------------------------------------- Crane
def playable_crane(state: Any, p: int) -> list[Action]:
    """CK-PC-S02: only while no Crane is pending this turn (not two on one improvement) and
    some improvement is within reach with the discount."""
    if state.cities_left[p] == MAX_CITIES:
        return []  # no city on the board (most calls): no improvement (CK-CI-01)
    if state.ck_effects.get("crane") or not table.improvable(state, p, discount=1):
        return []
    return [PLAYS["Crane"]]


def play_crane(state: Any, p: int, action: Action) -> bool:
    """The next improvement bought this turn costs 1 commodity less (level 1 free)."""
    state.ck_effects["crane"] = True
    return False


# ---------------------------------------------------------------------- Engineer
def playable_engineer(state: Any, p: int) -> list[Action]:
    if state.cities_left[p] == MAX_CITIES:
        return []  # no city on the board (most calls): no wall spot (CK-WA-01)
    spots = table.wall_spots(state, p)
    # (no list comprehension, which makes a function, for the usual empty answer)
    return [PLAYS["Engineer", "vertex", v] for v in spots] if spots else []


def play_engineer(state: Any, p: int, action: Action) -> bool:
    """CK-PC-S03: one city wall for free, under the normal limits."""
    table.build_wall(state, p, action["vertex"])
    return False


# ---------------------------------------------------------------------- Inventor
def _swappable(state: Any) -> list[int]:
    return [h for h, number in enumerate(state.numbers) if number not in UNSWAPPABLE]


def playable_inventor(state: Any, p: int) -> list[Action]:
    """CK-PC-S04: the first token to swap; only tokens with a partner of another number."""
    hexes = _swappable(state)
    numbers = state.numbers
    # A token has a partner of another number exactly when the tokens are not all of one
    # number: then every token has one. (One set, not a search of partners per token.)
    if len({numbers[h] for h in hexes}) < 2:
        return []
    return [PLAYS["Inventor", "hex", h] for h in hexes]


def play_inventor(state: Any, p: int, action: Action) -> bool:
    steps.ask(state, "Inventor", p, "inventor_second", p, first=action["hex"])
    return True


def _legal_inventor_second(state: Any, pending: Pending) -> list[Action]:
    numbers = state.numbers
    first = numbers[pending["first"]]
    return [{"type": "choose_hex", "hex": h} for h in _swappable(state) if numbers[h] != first]


@step("inventor_second", _legal_inventor_second)
def _inventor_second(state: Any, pending: Pending, action: Action) -> None:
    """CK-PC-S04: the two tokens change places; production follows the new numbers."""
    a, b = pending["first"], action["hex"]
    numbers = state.numbers
    numbers[a], numbers[b] = numbers[b], numbers[a]
    state._rebuild_board_tables()  # which hexes produce on each total, and the income cache
    state.kept.pop(KEPT_OWED, None)  # (the owed per total: ``flow.owed_for``)
    state.events.append(
        {
            "type": "swap_numbers",
            "seat": pending["player"],
            "hexes": [a, b],
            "numbers": [numbers[a], numbers[b]],
            "visible_to": "all",
        }
    )
    finish(state)


# ---------------------------------------------------------------------- Irrigation, Mining
def harvest_hexes(state: Any, p: int, terrain: str) -> list[int]:
    """Hexes of ``terrain`` next to at least one building of ``p`` (each counted once). Read
    only (shared): kept in the core's ``kept`` until ``p`` places a settlement
    (``table.forget_building_hexes``; roads and knights, which empty ``spot_cache``, leave it);
    Irrigation and Mining ask it at every main list."""
    key = table.HARVEST_KEY[p][terrain]
    found = state.kept.get(key)
    if found is None:
        found = state.kept[key] = _harvest_hexes_afresh(state, p, terrain)
    return found


def _harvest_hexes_afresh(state: Any, p: int, terrain: str) -> list[int]:
    """:func:`harvest_hexes` found (a function of its own: its comprehension makes the names
    it reads cells, which a kept answer should not pay for)."""
    vertex_hexes = state.board.vertex_hexes
    terrains = state.terrains
    return sorted(
        {h for v in table.buildings_of(state, p) for h in vertex_hexes[v] if terrains[h] == terrain}
    )


def _harvest(card: str, terrain: str, resource: str) -> tuple[Any, Any]:
    """One shape, two cards: 2 of ``resource`` per ``terrain`` hex next to your buildings
    (as many as the bank holds). Not playable without such a hex (CK-PC-04)."""

    def playable(state: Any, p: int) -> list[Action]:
        if not harvest_hexes(state, p, terrain) or not table.bank_count(state, resource):
            return []
        return [PLAYS[card]]

    def play(state: Any, p: int, action: Action) -> bool:
        hexes = harvest_hexes(state, p, terrain)
        amount = min(HARVEST * len(hexes), table.bank_count(state, resource))
        table.from_bank(state, p, resource, amount)
        state.events.append(
            {
                "type": "progress_harvest",
                "seat": p,
                "card": card,
                "hexes": hexes,
                "resource": resource,
                "amount": amount,
                "visible_to": "all",
            }
        )
        return False

    return playable, play


playable_irrigation, play_irrigation = _harvest("Irrigation", "fields", "grain")  # CK-PC-S05
playable_mining, play_mining = _harvest("Mining", "mountains", "ore")  # CK-PC-S07


# ---------------------------------------------------------------------- Medicine
def playable_medicine(state: Any, p: int) -> list[Action]:
    """CK-PC-S06: a settlement of yours, a city piece left, 2 ore + 1 grain in hand."""
    hand = state.hand[p]
    if not state.cities_left[p]:
        return []
    for r, number in _MEDICINE_NEEDS:  # (a loop: this runs at every list of a Medicine hand)
        if hand[r] < number:
            return []
    return [PLAYS["Medicine", "vertex", v] for v in table.city_spots(state, p)]


def play_medicine(state: Any, p: int, action: Action) -> bool:
    table.upgrade_to_city(state, p, action["vertex"], MEDICINE_COST)
    return False


# ---------------------------------------------------------------------- Road Building
FREE_ROADS = 2


def playable_road_building(state: Any, p: int) -> list[Action]:
    if not state.roads_left[p] or not table.road_spots(state, p):
        return []
    return [PLAYS["Road Building"]]


def play_road_building(state: Any, p: int, action: Action) -> bool:
    """CK-PC-S09: two free roads under the normal rules, each a ``choose_edge`` (one if only
    one can be built: no piece or no spot left after the first, A-BG-11)."""
    steps.ask(state, "Road Building", p, "free_road", p, left=FREE_ROADS)
    return True


def _legal_free_road(state: Any, pending: Pending) -> list[Action]:
    return [{"type": "choose_edge", "edge": e} for e in table.road_spots(state, pending["player"])]


@step("free_road", _legal_free_road)
def _free_road(state: Any, pending: Pending, action: Action) -> None:
    p = pending["player"]
    table.put_free_road(state, p, action["edge"])
    pending["left"] -= 1
    if not pending["left"] or not state.roads_left[p] or not table.road_spots(state, p):
        finish(state)


# ---------------------------------------------------------------------- Smith
def playable_smith(state: Any, p: int) -> list[Action]:
    """CK-PC-S10: the first knight to promote (strong -> mighty only with the Fortress)."""
    up = table.promotable(state, p)
    return [PLAYS["Smith", "vertex", v] for v in up] if up else []  # (as the Engineer's)


def play_smith(state: Any, p: int, action: Action) -> bool:
    """Promote it for free; a second knight may follow (``choose_vertex``) or not
    (``progress_done``)."""
    table.promote_free(state, p, action["vertex"])
    more = [v for v in table.promotable(state, p) if v != action["vertex"]]
    if not more:
        return False
    steps.ask(state, "Smith", p, "smith_second", p, promoted=action["vertex"])
    return True


def _legal_smith(state: Any, pending: Pending) -> list[Action]:
    return [
        {"type": "choose_vertex", "vertex": v}
        for v in table.promotable(state, pending["player"])
        if v != pending["promoted"]
    ] + [DONE]


@step("smith_second", _legal_smith)
def _smith_second(state: Any, pending: Pending, action: Action) -> None:
    if action["type"] != DONE["type"]:
        table.promote_free(state, pending["player"], action["vertex"])
    finish(state)

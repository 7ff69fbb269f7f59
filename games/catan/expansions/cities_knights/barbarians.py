"""The barbarian ship and its attack on Catan.

Rules: CK-BA-01..05, CK-SE-02 (the first attack wakes the robber), A-CK-07..10.
"""

from __future__ import annotations

from typing import Any

from games.catan.constants import MAX_CITIES

from . import cards, improvements, knights
from .data import BARBARIAN_SPACES, DEFENDER_CARDS, KEPT_OWED, TRACKS

Action = dict[str, Any]


def advance_ship(state: Any) -> bool:
    """CK-BA-01: a ship face moves the ship one space; the 7th move attacks at once, before
    anything else of the turn."""
    state.ck_barbarian += 1
    state.events.append(
        {"type": "barbarians_sail", "position": state.ck_barbarian, "visible_to": "all"}
    )
    if state.ck_barbarian >= BARBARIAN_SPACES:
        state.ck_queue.insert(0, ["attack"])
    return False


def cities_on_board(state: Any) -> int:
    """CK-BA-02: the barbarians' strength, every city (metropolises included)."""
    return MAX_CITIES * state.n - sum(state.cities_left)


def knight_strength(state: Any, p: int) -> int:
    """CK-BA-02: the levels of ``p``'s active knights (found by ``knights.knights_of``, kept:
    no scan of the board per seat)."""
    strength, active = state.ck_knight_strength, state.ck_knight_active
    total = 0
    for v in knights.knights_of(state, p):
        if active[v]:
            total += strength[v]
    return total


def pillageable(state: Any, p: int) -> list[int]:
    """``p``'s cities that the barbarians can take: not a metropolis (CK-CI-05); in
    intersection order, from the kept cities (``improvements.free_cities``)."""
    return improvements.free_cities(state, p)


def attack(state: Any) -> bool:
    """CK-BA-02..05: the barbarians against all active knights. Afterwards the ship goes back,
    every knight is deactivated and the robber is awake; the losers' pillages and the tied
    defenders' draws follow as steps (each a decision of that seat)."""
    barbarians = cities_on_board(state)
    # (loops, not comprehensions: one reading a local makes a cell of it at every call)
    n, first = state.n, state.turn_player
    contribution, order = [], []
    for i in range(n):
        contribution.append(knight_strength(state, i))
        order.append((first + i) % n)
    knights = sum(contribution)
    steps: list[list[Any]] = []
    event: dict[str, Any] = {
        "type": "barbarian_attack",
        "barbarians": barbarians,
        "knights": knights,
        "contribution": contribution,
        "visible_to": "all",
    }
    if barbarians > knights:  # CK-BA-03
        exposed = []
        for p in order:
            if pillageable(state, p):
                exposed.append(p)
        if exposed:
            low = min(map(contribution.__getitem__, exposed))
            losers = []
            for p in exposed:
                if contribution[p] == low:
                    losers.append(p)
            steps = [["pillage", p] for p in losers]
            event["losers"] = losers
    else:  # CK-BA-04, A-CK-07
        best = max(contribution)
        top = []
        for p in order:
            if contribution[p] == best:
                top.append(p)
        if len(top) == 1:
            if sum(state.ck_defenders) < DEFENDER_CARDS:  # A-CK-08
                state.ck_defenders[top[0]] += 1
                state.vp_dirty = True
                event["defender"] = top[0]
        else:
            steps = [["defender_draw", p] for p in top]
            event["tied"] = top
    state.events.append(event)
    # CK-BA-05: the ship returns, the knights are deactivated, the robber wakes up.
    state.ck_barbarian = 0
    state.ck_attacks += 1
    state.ck_knight_active = [0] * len(state.ck_knight_active)
    state.ck_queue[:0] = steps
    return False


def pillage_step(state: Any, p: int) -> bool:
    """CK-BA-03, A-CK-10: the owner chooses which city is pillaged (one choice: at once)."""
    spots = pillageable(state, p)
    if not spots:
        return False
    if len(spots) == 1:
        pillage(state, p, spots[0])
        return False
    state._set_phase("ck_pillage", p)
    return True


def legal_pillage(state: Any) -> list[Action]:
    return [{"type": "lose_city", "vertex": v} for v in pillageable(state, state.actor)]


def pillage(state: Any, p: int, v: int) -> None:
    """CK-BA-03, CK-WA-01, A-CK-09: the city becomes a settlement and loses its wall; with no
    settlement piece left, it stays as a fallen city that counts 1 VP and must be the next one
    upgraded (``state.ck_fallen``)."""
    state.vertex_level[v] = 1
    state.cities_left[p] += 1
    if state.settlements_left[p]:
        state.settlements_left[p] -= 1
    else:
        state.ck_fallen.append(v)
    state.ck_walls[v] = 0
    state.income.clear()
    state.kept.pop(KEPT_OWED, None)  # (rare: every total's owed dropped)
    state.spot_cache.clear()
    state.vp_dirty = True
    state.events.append({"type": "city_pillaged", "seat": p, "vertex": v, "visible_to": "all"})


def defender_draw_step(state: Any, p: int) -> bool:
    """CK-BA-04: a tied defender draws the top card of a deck of his choice."""
    if not legal_defender_deck(state):
        return False
    state.ck_queue.insert(0, ["chosen", p])
    state._set_phase("ck_defender_deck", p)
    return True


def legal_defender_deck(state: Any) -> list[Action]:
    # (loops, not comprehensions: one reading a local makes a cell of it at every call)
    decks = []
    for t in TRACKS:
        if cards.deck_size(state, t):
            decks.append({"type": "choose_deck", "track": t})
    return decks


def deck_chosen(state: Any, track: str) -> None:
    _, p = state.ck_queue.pop(0)
    state.ck_queue.insert(0, ["draw", p, track])

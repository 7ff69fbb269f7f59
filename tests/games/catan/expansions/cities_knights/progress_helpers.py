"""Positions for the progress card tests: a Cities & Knights game at its first main phase,
and small tools to hand out cards and play them through ``legal_actions()`` / ``apply()``."""

from __future__ import annotations

import random
from typing import Any

from games.catan import GAME
from games.catan import actions as A
from games.catan.constants import RESOURCE_INDEX
from games.catan.expansions.cities_knights.data import COMMODITY_INDEX
from tests.games.catan.fixtures import found_at_random

OPTIONS = {"cities_and_knights": True}
QUIET_ROLL = {"type": "ck_dice", "event": "trade", "die1": 3, "die2": 5}
"""A trade gate nobody's level answers, and an 8: nothing but production happens."""


def founded(n: int = 3, seed: int = 1) -> Any:
    """A game whose founding was played at random, before the first turn's roll."""
    state = GAME.new_game(n, seed, dict(OPTIONS))
    rng = random.Random(seed)
    found_at_random(state, rng, by_index=True)
    assert state.phase == "pre_roll", state.phase
    return state


def main_phase(n: int = 3, seed: int = 1) -> Any:
    """The first turn's main phase after a quiet roll, every hand emptied."""
    state = founded(n, seed)
    state.apply(A.ROLL)
    state.apply(QUIET_ROLL)
    assert state.phase == "main", state.phase
    clear_hands(state)
    return state


def clear_hands(state: Any) -> None:
    for p in range(state.n):
        for r in range(5):
            state.bank[r] += state.hand[p][r]
            state.hand[p][r] = 0
        for c in range(3):
            state.ck_commodity_bank[c] += state.ck_commodities[p][c]
            state.ck_commodities[p][c] = 0
    state.touch()


def give(state: Any, p: int, **goods: int) -> None:
    """Move resource or commodity cards from the bank to seat ``p``'s hand."""
    for name, amount in goods.items():
        if name in RESOURCE_INDEX:
            state.bank[RESOURCE_INDEX[name]] -= amount
            state.hand[p][RESOURCE_INDEX[name]] += amount
        else:
            state.ck_commodity_bank[COMMODITY_INDEX[name]] -= amount
            state.ck_commodities[p][COMMODITY_INDEX[name]] += amount
    state.touch()


def hand(state: Any, p: int) -> dict[str, int]:
    """Seat ``p``'s resources and commodities by name (zeros left out)."""
    names = ("lumber", "brick", "wool", "grain", "ore", "paper", "cloth", "coin")
    counts = [*state.hand[p], *state.ck_commodities[p]]
    return {g: c for g, c in zip(names, counts, strict=True) if c}


def deal(state: Any, p: int, card: str) -> None:
    """Put progress card ``card`` in seat ``p``'s hand (taken out of its deck)."""
    for deck in state.ck_decks.values():
        if card in deck:
            deck.remove(card)
            break
    state.ck_progress[p].append(card)
    state.touch()


def plays(state: Any, card: str) -> list[dict[str, Any]]:
    """The legal ``play_progress`` actions of ``card``."""
    return [a for a in state.legal_actions() if a["type"] == "play_progress" and a["card"] == card]


def play(state: Any, card: str, **choice: Any) -> None:
    """Play ``card`` through the legal list (with the first choice, e.g. ``vertex=12``)."""
    for action in plays(state, card):
        if all(action.get(k) == v for k, v in choice.items()):
            state.apply(action)
            return
    raise AssertionError(f"{card} {choice} not legal: {plays(state, card)}")


def answer(state: Any, kind: str, **fields: Any) -> None:
    """Answer the pending decision with the legal action of type ``kind`` and ``fields``."""
    for action in state.legal_actions():
        if action["type"] == kind and all(action.get(k) == v for k, v in fields.items()):
            state.apply(action)
            return
    raise AssertionError(f"{kind} {fields} not legal: {state.legal_actions()}")


def types(state: Any) -> set[str]:
    return {a["type"] for a in state.legal_actions()}

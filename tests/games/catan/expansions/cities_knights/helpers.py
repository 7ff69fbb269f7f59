"""Positions of Cities & Knights for rule tests: the beginners' map, the founding played by a
fixed choice, then pieces and cards set directly."""

from __future__ import annotations

import itertools
import random
from typing import Any

from games.catan import GAME
from games.catan import actions as A
from games.catan.expansions.cities_knights import cards
from games.common.api import CHANCE
from tests.games.catan.fixtures import lift_pieces, put

OPTIONS = {"cities_and_knights": True}


def ck_game(n: int = 4, seed: int = 1, **options: Any) -> Any:
    """Turn 1 before the roll, after a founding where every seat takes its first legal spot."""
    state = GAME.new_game(n, seed, {**OPTIONS, **options})
    rng = random.Random(seed)
    while state.phase != "pre_roll":
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(state.legal_actions()[0])
    return state


def blank(n: int = 4, seed: int = 1) -> Any:
    """Turn 1, seat 0 before the roll, no pieces and empty hands (the beginners' map)."""
    state = ck_game(n, seed)
    assert state.longest_road == -1  # after a founding: lift_pieces' reset changes nothing
    lift_pieces(state)
    state.turn_player = 0
    state.phase, state.actor = "pre_roll", 0
    state._rebuild_derived()
    return state


def give(state: Any, seat: int, **counts: int) -> None:
    """Give ``seat`` exactly these resources and commodities (the rest back to the bank)."""
    for card in cards.CARD_NAMES:
        held = cards.count(state, seat, card)
        if held:
            cards.move(state, card, held, seat, None)
    for card, number in counts.items():
        cards.move(state, card, number, None, seat)
    state.touch()


def hand_of(state: Any, seat: int) -> dict[str, int]:
    return {c: cards.count(state, seat, c) for c in cards.CARD_NAMES if cards.count(state, seat, c)}


def roll(state: Any, event: str, yellow: int, red: int) -> None:
    """The active player rolls; the dice show ``event``, ``yellow`` and ``red``."""
    state.apply(A.ROLL)
    assert state.current_player() == CHANCE and state.phase == "ck_dice"
    state.apply({"type": "ck_dice", "event": event, "die1": yellow, "die2": red})


def in_main(state: Any) -> Any:
    """Roll a quiet 'trade gate, 1+2' (nobody draws at level 0, 3 produces) into the main
    phase."""
    roll(state, "trade", 1, 2)
    while state.phase != "main":
        state.apply(state.legal_actions()[0] if state.actor >= 0 else state.chance_outcomes()[0][0])
    return state


def put_knight(state: Any, seat: int, v: int, strength: int = 1, active: int = 0) -> None:
    state.ck_knight_owner[v] = seat
    state.ck_knight_strength[v] = strength
    state.ck_knight_active[v] = active
    state.ck_knight_flags[v] = 0
    state.touch()


def legal(state: Any, kind: str) -> list[dict[str, Any]]:
    return [a for a in state.legal_actions() if a["type"] == kind]


def events(state: Any, kind: str) -> list[dict[str, Any]]:
    return [e for e in state.events if e["type"] == kind]


def path(state: Any, *vertices: int) -> list[int]:
    """The edges joining consecutive intersections."""
    edges = []
    for a, b in itertools.pairwise(vertices):
        (e,) = [e for e in state.board.vertex_edges[a] if b in state.board.edge_vertices[e]]
        edges.append(e)
    return edges


def hex_with(state: Any, terrain: str, number: int | None = None) -> int:
    for h, t in enumerate(state.terrains):
        if t == terrain and (number is None or state.numbers[h] == number):
            return h
    raise AssertionError(terrain)


def knight_facing_knight(strong: tuple[int, int], weak: tuple[int, int]) -> Any:
    """The CK-KN-06 set-up, in the main phase of turn 1: seat 0's city at 9 with roads
    9-14-19-24 and its knight on 14 (``strong``: strength, active); seat 1's city at 36 with
    roads 36-31 and 36-30-24 and its knight on 24 (``weak``: strength, active)."""
    state = blank()
    put(state, 0, cities=[9], roads=path(state, 9, 14, 19, 24))
    put(state, 1, cities=[36], roads=path(state, 36, 31) + path(state, 36, 30, 24))
    put_knight(state, 0, 14, strength=strong[0], active=strong[1])
    put_knight(state, 1, 24, strength=weak[0], active=weak[1])
    return in_main(state)

"""The scenario's development cards, each resolved the moment it is bought.

Rules: BA-DC-01..06 (the deck itself: ``games/catan/mechanics/scenario_deck.py``).
"""

from __future__ import annotations

from typing import Any

from games.catan.mechanics import gold, scenario_deck

from . import barbarians as B
from . import knights as K

Action = dict[str, Any]

TREASON_GOLD = 2
"""Gold Treason gives (BA-DC-04)."""
TREASON_MOVES = 2
"""Barbarians Treason moves (BA-DC-04)."""
SUPPLY = -1
"""``from`` of a Treason move that takes the barbarian from the supply."""


def resolve(state: Any, p: int, card: str) -> None:
    """BA-DC-01: the bought card acts at once."""
    if card == "knighthood":
        train(state, p, "castle")
    elif card == "swift_knight":
        train(state, p, "any")
    elif card == "treason":
        gold.gain(state, p, TREASON_GOLD, "treason")
        state.ba_treason = []
        next_treason(state)
    else:
        intrigue(state)


# ---------------------------------------------------------------------- knights
def train(state: Any, p: int, where: str) -> None:
    """BA-DC-02/03: a knight onto a free castle path (Knighthood) or any free path (Swift
    Knight); with no knight left or no such path, the card does nothing."""
    state.ba_place = where
    if state.ba_knights_left[p] and knight_spots(state):
        state._set_phase("place_knight", p)
    else:
        state.events.append({"type": "no_knight_placed", "seat": p, "visible_to": "all"})
        done(state)


def knight_spots(state: Any) -> list[int]:
    owner = state.ba_knight
    edges = K.castle_edges(state) if state.ba_place == "castle" else range(len(owner))
    return [e for e in edges if owner[e] == -1]


def legal_place(state: Any) -> list[Action]:
    return [{"type": "place_knight", "edge": e} for e in knight_spots(state)]


def place(state: Any, e: int) -> None:
    K.place_knight(state, state.actor, e, state.ba_place)
    done(state)


def done(state: Any) -> None:
    state.ba_place = ""
    state.resume_turn()


# ---------------------------------------------------------------------- Treason
def treason_moves(state: Any) -> list[Action]:
    """BA-DC-04/06: from 2 different hexes to 2 other unconquered coastal hexes with fewer than
    3; from the supply when fewer than 2 barbarians are on the board."""
    used = state.ba_treason
    bars = state.ba_barbarians
    ring = B.coastal(state)
    sources = [h for h in ring if bars[h] and h not in used]
    if not sources and state.ba_supply:
        sources.append(SUPPLY)  # fewer barbarians on the board than moves: from the supply
    targets = [h for h in ring if bars[h] < B.CONQUER_AT and h not in used]
    return [
        {"type": "treason_move", "from": a, "to": b} for a in sources for b in targets if a != b
    ]


def next_treason(state: Any) -> None:
    if len(state.ba_treason) < 2 * TREASON_MOVES and treason_moves(state):
        state._set_phase("treason", state.turn_player)
    else:
        state.ba_treason = []
        state.resume_turn()


def move_barbarian(state: Any, a: int, b: int) -> None:
    """A Treason move (a hex reaching 3 is conquered, one losing its third is liberated)."""
    if a != SUPPLY:
        B.take_barbarian(state, a)
        state.ba_supply += 1  # back to the supply, from where it lands again
    B.put_barbarian(state, b)
    state.ba_treason += [a, b]
    state.events.append(
        {"type": "treason_move", "seat": state.actor, "from_hex": a, "hex": b, "visible_to": "all"}
    )
    next_treason(state)


# ---------------------------------------------------------------------- Intrigue
def intrigue(state: Any) -> None:
    """BA-DC-05: with no barbarian on the coast the card is discarded and another drawn."""
    bars = state.ba_barbarians
    if any(bars[h] for h in B.coastal(state)):
        state._set_phase("intrigue", state.turn_player)
    else:
        scenario_deck.start_draw(state)


def legal_intrigue(state: Any) -> list[Action]:
    bars = state.ba_barbarians
    return [{"type": "capture_barbarian", "hex": h} for h in B.coastal(state) if bars[h]]


def capture(state: Any, h: int) -> None:
    """BA-DC-05: one barbarian of ``h`` becomes the buyer's prisoner."""
    B.take_barbarian(state, h)
    state.events.append(
        {"type": "capture_barbarian", "seat": state.actor, "hex": h, "visible_to": "all"}
    )
    K.capture(state, state.actor, 1)
    state.resume_turn()

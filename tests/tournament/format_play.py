"""Playing a pure tournament format to its end with random results, as the flow would.

``play_out`` rebuilds the event after every batch of results, like ``tournaments.advance``
after every finished game: it plays every wanted game not played yet and stops when the event
says it is complete. It never decides anything itself, so the tests check what the format did.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from tournament.brackets import GameResult, Pairing


class Event(Protocol):
    def wanted(self) -> list[Pairing]: ...

    @property
    def complete(self) -> bool: ...


Results = dict[tuple[int, int], list[GameResult]]
Stored = dict[int, dict[int, tuple[int, ...]]]


def random_game(seats: Sequence[int], rng: random.Random, draws: bool = True) -> GameResult:
    """A finished game with a random order of places, points falling with the place, now and
    then a two-seat draw or a forfeit."""
    order = list(range(len(seats)))
    rng.shuffle(order)
    ranks = [0] * len(seats)
    for place, seat in enumerate(order, start=1):
        ranks[seat] = place
    scores = [float(12 - 2 * rank + rng.randrange(2)) for rank in ranks]
    forfeits = [False] * len(seats)
    roll = rng.random()
    if draws and len(seats) == 2 and roll < 0.05:
        ranks = [1, 1]
    elif roll < 0.1:
        loser = order[-1]
        forfeits[loser] = True
        scores = [0.0] * len(seats) if len(seats) == 2 else scores
    return GameResult(tuple(seats), tuple(ranks), tuple(scores), tuple(forfeits))


def play_out(
    build: Callable[[Results, Stored], Event],
    rng: random.Random,
    game: Callable[[Pairing, random.Random], GameResult] | None = None,
    limit: int = 10_000,
) -> tuple[Any, Results, list[Pairing]]:
    """Play ``build``'s event to its end; the final event, its results and every game played
    in the order it was played."""
    results: Results = {}
    stored: Stored = {}
    played: list[Pairing] = []
    for _ in range(limit):
        event = build(results, stored)
        if event.complete:
            return event, results, played
        new = [
            pairing
            for pairing in event.wanted()
            if pairing.game >= len(results.get((pairing.round, pairing.slot), []))
        ]
        assert new, "the event is not complete but wants no new game"
        for pairing in new:
            stored.setdefault(pairing.round, {}).setdefault(pairing.slot, pairing.seats)
            key = (pairing.round, pairing.slot)
            assert pairing.game == len(results.get(key, [])), "games of a tie out of order"
            result = (game or (lambda p, r: random_game(p.seats, r)))(pairing, rng)
            results.setdefault(key, []).append(result)
            played.append(pairing)
    raise AssertionError("the event never completed")


def stored_pairs(stored: Mapping[int, Mapping[int, tuple[int, ...]]]) -> dict[int, list]:
    """The stored first-game seats per round, by slot, as the flow reads them back."""
    return {round_: [seats[slot] for slot in sorted(seats)] for round_, seats in stored.items()}

"""Drawing chance outcomes: the only place an engine's randomness is touched.

Engines never call a random generator themselves. A state at a chance node lists its outcomes
with probabilities; the runner draws one with an ``rng`` it owns, one independent stream per
kind of chance (see :func:`stream_rng`), so the same seed gives the same dice and decks whatever
the players do.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Any

Outcome = dict[str, Any]


def draw(outcomes: Sequence[tuple[Outcome, float]], rng: random.Random) -> Outcome:
    """Pick one outcome with its probability, consuming exactly one ``rng.random()``."""
    if not outcomes:
        raise ValueError("no chance outcomes to draw from")
    x = rng.random()
    total = 0.0
    for outcome, probability in outcomes:
        total += probability
        if x < total:
            return outcome
    return outcomes[-1][0]


def uniform(outcomes: Sequence[Outcome], rng: random.Random) -> Outcome:
    """Pick one of equally likely outcomes, consuming exactly one ``rng.random()``."""
    if not outcomes:
        raise ValueError("no chance outcomes to draw from")
    return outcomes[int(rng.random() * len(outcomes))]


def stream_rng(seed: int, kind: str) -> random.Random:
    """An independent generator for one kind of chance (``"dice"``, ``"deck:roads"``, …).

    Derived by hashing so streams never overlap and do not depend on the order in which
    kinds first appear during a game.
    """
    digest = hashlib.sha256(f"{seed}:{kind}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


class ChanceStreams:
    """The runner's chance source: one :func:`stream_rng` per kind, created on first use."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._streams: dict[str, random.Random] = {}

    def rng(self, kind: str) -> random.Random:
        stream = self._streams.get(kind)
        if stream is None:
            stream = self._streams[kind] = stream_rng(self.seed, kind)
        return stream

    def sample(self, state: Any) -> Outcome:
        """Draw the outcome of ``state``'s current chance node from that node's own stream."""
        return state.sample_chance(self.rng(state.chance_kind()))

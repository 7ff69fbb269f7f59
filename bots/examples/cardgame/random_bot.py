"""Card game: a uniformly random legal action. The baseline every bot should beat."""

from __future__ import annotations

import random

import arena_bot

rng = random.Random()


def decide(turn: arena_bot.Turn) -> int:
    return rng.randrange(len(turn.legal_actions))


if __name__ == "__main__":
    arena_bot.run(decide)

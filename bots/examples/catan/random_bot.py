"""Board game: a uniformly random legal action. The baseline every bot should beat."""

from __future__ import annotations

import arena_bot

ARENA_FAMILIES = "*"  # it plays every scenario: seed_example_bots enables them all


def decide(turn: arena_bot.Turn) -> int:
    return turn.match.rng.randrange(len(turn.legal_actions))


if __name__ == "__main__":
    arena_bot.run(decide)

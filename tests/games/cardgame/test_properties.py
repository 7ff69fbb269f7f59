"""Property run: random-vs-random games never raise, always end, and keep the invariants.

``CARDGAME_PROPERTY_GAMES`` sets the number of games (default 300; the issue's full run is 10000).
Invariants checked after every step: 0–3 units per region, all 120 cards in exactly one place,
VP recomputed from the domain equals the VP reported, hand limits respected whenever no effect is
being resolved, tokens held per the strength/trade totals (CG-RES-01, CG-COMP-01, CG-WIN-02,
CG-HAND-08, CG-TOK-01..05).
"""

from __future__ import annotations

import os

import pytest

from tests.games.cardgame.randomplay import property_run

GAMES = int(os.environ.get("CARDGAME_PROPERTY_GAMES", "300"))


@pytest.mark.slow
def test_random_games_never_raise_always_end_and_keep_invariants() -> None:
    stats = property_run(GAMES)
    print(
        f"\nproperty run: {stats['games']} games, {stats['errors']} errors, "
        f"{stats['cap_hits']} turn-cap hits, mean {stats['mean_decisions']:.0f} decisions, "
        f"mean {stats['mean_turns']:.0f} turns"
    )
    assert stats["errors"] == 0, stats["failures"]
    assert stats["cap_hits"] == 0
    assert stats["games"] == GAMES

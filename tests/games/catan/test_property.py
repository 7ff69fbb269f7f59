"""Property runs: random 3- and 4-player games, with and without Masters, keep every invariant.

``CATAN_PROPERTY_GAMES`` sets the number of games (default 200; the issue's run is 10,000).
"""

from __future__ import annotations

import itertools
import os
from collections import Counter

from tests.games.catan.randomplay import random_game

GAMES = int(os.environ.get("CATAN_PROPERTY_GAMES", "200"))
FULL_EVERY = int(os.environ.get("CATAN_PROPERTY_FULL_EVERY", "1"))
"""Every k-th game checks the invariants after every step; the others check the final state
(and observations every 97 steps). 1 by default; the 10,000-game run may use 10 to fit the
shared machine."""
CONFIGS = list(itertools.product((3, 4), (False, True), ("beginner", "variable")))


def test_random_games_end_without_errors_and_keep_invariants() -> None:
    """Random games never raise, always end, never hit the turn cap; invariants after every
    step (95 resource and 25 development cards, piece limits, distance rule, VP, Longest Road
    and Largest Army holders, one master each with Masters)."""
    reasons: Counter[str] = Counter()
    configs: Counter[str] = Counter()
    max_decisions = 0
    decisions = 0
    for i in range(GAMES):
        n, masters, layout = CONFIGS[i % len(CONFIGS)]
        options = {"masters": masters, "layout": layout}
        state, _, d = random_game(
            n,
            seed=10_000 + i,
            options=options,
            check=i % FULL_EVERY == 0,
            observe_every=97,
        )
        assert state.is_terminal()
        result = state.result()
        reasons[result["reason"]] += 1
        configs[f"{n}p{'+masters' if masters else ''}"] += 1
        max_decisions = max(max_decisions, d)
        if GAMES >= 1000 and (i + 1) % 500 == 0:
            print(f"{i + 1} games, reasons {dict(reasons)}", flush=True)
        assert sorted(result["ranking"]) == list(range(n))
        decisions += d
    by_config = dict(configs)
    print(
        f"\n{GAMES} games {by_config}, end reasons {dict(reasons)}, "
        f"mean decisions {decisions / GAMES:.0f}, max {max_decisions}"
    )
    assert reasons["turn_limit"] == 0


def test_two_player_option_games_end() -> None:
    for seed in range(10):
        state, _, _ = random_game(2, seed, {"allow_two_players": True, "layout": "variable"})
        assert state.is_terminal()


def test_option_combinations_keep_invariants() -> None:
    """Strict phases, the Longest Road tie option, no robber in the desert, the beginner
    placement and 2 players, with and without Masters: random games keep every invariant."""
    for i in range(48):
        options = {
            "masters": i % 2 == 0,
            "layout": "variable" if i % 3 else "beginner",
            "allow_two_players": True,
            "combined_trade_build": i % 5 != 0,
            "longest_road_break_tie": "holder_keeps" if i % 7 == 0 else "set_aside",
            "robber_may_enter_desert": i % 11 != 0,
        }
        if options["layout"] == "beginner" and i % 4 == 0:
            options["placement"] = "beginner"
        state, _, _ = random_game(2 + i % 3, 50_000 + i, options, roundtrip_every=503)
        assert state.result()["reason"] in ("victory", "no_progress")

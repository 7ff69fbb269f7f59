"""Random-vs-random play with random chance, checking the engine's invariants after each step.

Reusable: the property test runs a few hundred games by default, ``CARDGAME_PROPERTY_GAMES=10000``
runs the full property run, and ``bench/engine_cardgame.py`` reuses :func:`play_random_game`
without the checks.
"""

from __future__ import annotations

import random
import traceback
from typing import Any

from games.cardgame import GAME
from games.cardgame.cards import CARDS
from games.cardgame.constants import MAX_STORE, OPTION_CHOICES
from games.cardgame.serialize import all_cards
from games.common.api import CHANCE


def random_options(rng: random.Random) -> dict[str, Any]:
    """Half the games use the defaults, the others a random choice of each ruling option."""
    if rng.random() < 0.5:
        return {}
    return {key: rng.choice(values) for key, values in OPTION_CHOICES.items()}


def recount(state: Any, seat: int) -> tuple[int, int, int, bool]:
    """(VP without tokens, strength, trade symbols, has a city) from the laid-out cards, computed
    independently of the engine's cached totals."""
    dom = state.domains[seat]
    vp = 0
    city = False
    for kind, _card, _under in dom.centre.values():
        vp += 2 if kind == "city" else 1 if kind == "settlement" else 0
        city = city or kind == "city"
    strength = trade = knights = fleets = smithies = harbors = 0
    for card in dom.slots.values():
        info = CARDS[card]
        vp += info.vp
        trade += info.trade
        strength += info.strength
        knights += info.role == "knight"
        fleets += info.role == "fleet"
        smithies += info.type == "smithy"
        harbors += info.type == "harbor"
    return vp, strength + smithies * knights, trade + harbors * fleets, city


def _leader(a: int, b: int) -> int | None:
    return 0 if a > b else 1 if b > a else None


def check_invariants(state: Any) -> None:
    """The issue's invariants; raises AssertionError naming the broken one."""
    counts = [recount(state, 0), recount(state, 1)]
    windmill = _leader(counts[0][2], counts[1][2])
    if windmill is not None and not counts[windmill][3]:
        windmill = None  # the Windmill needs a city (CG-TOK-02, A-CG-23)
    tokens = {"knight": _leader(counts[0][1], counts[1][1]), "windmill": windmill}
    assert state.tokens == tokens, f"tokens {state.tokens} != {tokens} (CG-TOK-01..05)"
    for seat, dom in enumerate(state.domains):
        for pos, (_card, amount) in dom.regions.items():
            assert 0 <= amount <= MAX_STORE, f"seat {seat} region {pos} holds {amount} (CG-RES-01)"
        vp = counts[seat][0] + (tokens["knight"] == seat) + (tokens["windmill"] == seat)
        assert state.vp(seat) == vp, f"seat {seat} reports {state.vp(seat)} VP, recount {vp}"
        if not state.tasks and not state.is_terminal():
            assert len(dom.hand) <= dom.hand_limit(), f"seat {seat} over hand limit (CG-HAND-08)"
    cards = all_cards(state)
    assert len(cards) == 120 and len(set(cards)) == 120, "a card is lost or duplicated"


def play_random_game(
    seed: int, options: dict[str, Any] | None = None, check: bool = False
) -> tuple[Any, int, int]:
    """Play one game, both seats picking uniformly from the legal list; return (state, decisions,
    chance outcomes). Chance is drawn from an rng seeded with ``seed``."""
    state = GAME.new_game(2, seed, options or {})
    rng = random.Random(seed)
    decisions = chances = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
            chances += 1
        else:
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
        if check:
            check_invariants(state)
    return state, decisions, chances


def property_run(games: int, first_seed: int = 0, check: bool = True) -> dict[str, Any]:
    """Play ``games`` random games; count errors (with the first tracebacks) and turn-cap hits."""
    stats: dict[str, Any] = {
        "games": 0,
        "errors": 0,
        "cap_hits": 0,
        "decisions": 0,
        "chance": 0,
        "turns": 0,
        "failures": [],
    }
    for seed in range(first_seed, first_seed + games):
        options = random_options(random.Random(seed * 7919 + 1))
        try:
            state, decisions, chances = play_random_game(seed, options, check)
        except Exception:  # counted and reported, never swallowed silently
            stats["errors"] += 1
            if len(stats["failures"]) < 3:
                stats["failures"].append((seed, options, traceback.format_exc()))
            continue
        stats["games"] += 1
        stats["decisions"] += decisions
        stats["chance"] += chances
        stats["turns"] += state.turn
        stats["cap_hits"] += state.result()["reason"] == "turn_cap"
    finished = max(stats["games"], 1)
    stats["mean_decisions"] = stats["decisions"] / finished
    stats["mean_turns"] = stats["turns"] / finished
    return stats

"""The example random bot plays every progress card and answers every card decision.

Seeded games of Cities & Knights in which each decision is the random bot's own ``decide``
(``bots/examples/catan/random_bot.py``: a uniform pick from the legal list; it reads nothing
else, so the observation is left out to keep the test fast).

Rules: CK-PC-02 (cards played in the turn), CK-PC-S01..T06 (each card reached by play).
"""

from __future__ import annotations

import importlib.util
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from games.catan import GAME
from games.catan.expansions.cities_knights.data import PROGRESS_CARDS, VP_CARDS
from games.catan.expansions.cities_knights.progress import steps
from games.common.api import CHANCE

ROOT = Path(__file__).resolve().parents[5]
SEEDS = range(30)
"""Seeded games played until every card and every decision has come up (6 games at the
time of writing; the rest is room for the games to change)."""
MAX_STEPS = 60_000
PLAYABLE = set(PROGRESS_CARDS) - VP_CARDS


def random_bot() -> Any:
    sdk = str(ROOT / "bots" / "sdk")
    if sdk not in sys.path:
        sys.path.insert(0, sdk)
    path = ROOT / "bots" / "examples" / "catan" / "random_bot.py"
    spec = importlib.util.spec_from_file_location("catan_random_bot", path)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def play_games() -> tuple[Counter[str], Counter[str], int, list[str]]:
    bot = random_bot()
    import arena_bot

    played: Counter[str] = Counter()
    answered: Counter[str] = Counter()
    by_others = 0
    endings = []
    for seed in SEEDS:
        n = 3 + seed % 2
        state = GAME.new_game(n, seed, {"cities_and_knights": True})
        chance = random.Random(seed)
        match = arena_bot.Match("catan", 0, n, {"cities_and_knights": True}, {}, bot_seed=seed)
        for step in range(MAX_STEPS):
            if state.is_terminal():
                break
            if state.current_player() == CHANCE:
                state.apply(state.sample_chance(chance))
                continue
            legal = state.legal_actions()
            turn = arena_bot.Turn(match, step, {}, legal, {})
            action = legal[bot.decide(turn)]
            if action["type"] == "play_progress":
                played[action["card"]] += 1
            if state.phase == steps.PHASE:
                answered[steps.pending(state)["step"]] += 1
                by_others += state.current_player() != state.turn_player
            state.apply(action)
        endings.append(state.result()["reason"] if state.is_terminal() else "unfinished")
        if set(played) == PLAYABLE and set(answered) == set(steps.STEPS):
            break
    return played, answered, by_others, endings


def test_ck_pc_random_bot_plays_every_progress_card_and_every_decision() -> None:
    played, answered, by_others, endings = play_games()
    assert "unfinished" not in endings  # every game ended (victory, or the turn cap)
    assert set(played) == PLAYABLE
    assert set(answered) == set(steps.STEPS)
    assert by_others > 0  # the victims' and givers' own decisions

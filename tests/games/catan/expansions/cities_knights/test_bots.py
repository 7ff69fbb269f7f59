"""The example bots play Cities & Knights: the heuristic bot's C&K move function
(bots/examples/catan/heuristic_bot.py ``cities_knights``) answers every decision legally, and
games of heuristic bots end."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import SimpleNamespace

from games.catan import GAME
from games.common.api import CHANCE, TERMINAL
from games.common.chance import ChanceStreams

from .checks import OPTIONS

ROOT = Path(__file__).parents[5]


def load_heuristic():
    sys.path.insert(0, str(ROOT / "bots" / "sdk"))
    try:
        import arena_bot

        path = ROOT / "bots" / "examples" / "catan" / "heuristic_bot.py"
        spec = importlib.util.spec_from_file_location("ck_heuristic_bot", path)
        bot = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(bot)
    finally:
        sys.path.remove(str(ROOT / "bots" / "sdk"))
    return arena_bot, bot


def test_heuristic_bots_play_cities_and_knights_legally_to_the_end() -> None:
    arena_bot, bot = load_heuristic()
    match = SimpleNamespace(static=GAME.static_info(OPTIONS))
    kinds: dict[str, int] = {}
    for seed in (1, 2):
        state = GAME.new_game(4, seed, OPTIONS)
        streams, rng = ChanceStreams(seed), random.Random(seed)
        for step in range(60_000):
            seat = state.current_player()
            if seat == TERMINAL:
                break
            if seat == CHANCE:
                state.apply(streams.sample(state))
                continue
            legal = state.legal_actions()
            if seat == 3:  # one random seat keeps the others' answers varied
                index = rng.randrange(len(legal))
            else:
                turn = arena_bot.Turn(match, step, state.observation(seat), legal, {})
                index = bot.decide(turn)
            assert 0 <= index < len(legal)
            kinds[legal[index]["type"]] = kinds.get(legal[index]["type"], 0) + 1
            state.apply(legal[index])
        assert state.is_terminal()
    assert kinds.get("improve_city", 0) and kinds.get("build_knight", 0)


def test_the_sdk_reads_the_cities_and_knights_observation() -> None:
    arena_bot, _ = load_heuristic()
    from .helpers import blank, in_main, put, put_knight

    state = blank()
    put(state, 0, cities=[0])
    put_knight(state, 1, 40, strength=2, active=1)
    state.ck_levels[0] = [0, 2, 1]
    state.ck_barbarian = 3
    in_main(state)
    view = arena_bot.CatanView(state.observation(0), GAME.static_info(OPTIONS))
    assert view.improvement_levels() == {"trade": 0, "politics": 2, "science": 1}
    assert view.ck_knights(1) == [
        {"vertex": 40, "owner": 1, "strength": 2, "active": True, "acted": False}
    ]
    assert view.barbarian_position == 3
    assert view.commodities == {"paper": 0, "cloth": 0, "coin": 0}
    assert view.progress_cards == sorted(state.ck_progress[0])

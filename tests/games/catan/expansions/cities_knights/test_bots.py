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
    """Every answer legal, the games end; the bots improve, build knights, play progress cards
    and answer the cards' decisions (their own and the other seats')."""
    arena_bot, bot = load_heuristic()
    match = SimpleNamespace(static=GAME.static_info(OPTIONS))
    kinds: dict[str, int] = {}
    cards: set[str] = set()
    steps: set[str] = set()
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
                observation = state.observation(seat)
                turn = arena_bot.Turn(match, step, observation, legal, {})
                index = bot.decide(turn)
                if legal[index]["type"] == "play_progress":
                    cards.add(legal[index]["card"])
                if pending := observation["cities_and_knights"].get("progress_pending"):
                    steps.add(pending["step"])
            assert 0 <= index < len(legal)
            kinds[legal[index]["type"]] = kinds.get(legal[index]["type"], 0) + 1
            state.apply(legal[index])
        assert state.is_terminal()
    assert kinds.get("improve_city", 0) and kinds.get("build_knight", 0)
    assert len(cards) >= 15 and "Inventor" not in cards, cards  # it never swaps numbers
    assert {"give_card", "free_road", "spy_take", "deserter_remove", "harbor_offer"} <= steps


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


def test_the_heuristic_plays_the_alchemist_when_its_dice_pay_and_rolls_otherwise() -> None:
    """CK-PC-S01: with cities on both 8s the bot sets the dice to 8 (4 + 4 cards against a
    roll's average of about 1.1) and is paid them; with one settlement it just rolls."""
    from .helpers import blank, hand_of, hex_with, put
    from .progress_helpers import deal

    arena_bot, bot = load_heuristic()
    match = SimpleNamespace(static=GAME.static_info(OPTIONS))
    for rich in (True, False):
        state = blank()
        eights = [h for h in range(len(state.numbers)) if state.numbers[h] == 8]
        corners = [state.board.hex_vertices[h][0] for h in eights]
        if rich:
            put(state, 0, cities=corners)
        else:
            put(state, 0, settlements=[state.board.hex_vertices[hex_with(state, "desert")][0]])
        deal(state, 0, "Alchemist")
        legal = state.legal_actions()
        turn = arena_bot.Turn(match, 0, state.observation(0), legal, {})
        action = legal[bot.decide(turn)]
        if not rich:
            assert action == {"type": "roll"}
            continue
        assert action["type"] == "play_progress" and action["yellow"] + action["red"] == 8
        view = arena_bot.CatanView(state.observation(0), match.static)
        assert view.roll_income(8) == 2 * len(eights) >= 4
        before = sum(hand_of(state, 0).values())
        state.apply(action)
        state.apply({"type": "alchemist_event", "event": "trade"})
        assert sum(hand_of(state, 0).values()) - before == view.roll_income(8)

"""The SDK's typed helpers for Catan for Two with a T&B scenario, used on real positions.

Each test plays a seeded random game of the pair until the action is legal, builds the action
with the SDK's helper, finds it in the legal list through a :class:`Turn` (as a bot would), plays
it and reads its effect back through the SDK's view."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bots.sdk import arena_bot
from bots.sdk.arena_bot import CatanView, Match, Turn
from games.catan import GAME


def options(scenario: str) -> dict[str, Any]:
    return {"catan_for_two": True, "scenario": scenario}


def play_until(scenario: str, wanted: Callable[[dict], bool], seed: int = 0) -> tuple[Any, Turn]:
    """The first decision of a seeded random game of the pair where an action ``wanted`` is
    legal, as the acting seat's :class:`Turn`."""
    state = GAME.new_game(2, seed, options(scenario))
    rng = random.Random(seed)
    static = GAME.static_info(options(scenario))
    for step in range(5000):
        p = state.current_player()
        if p < 0:
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if any(wanted(a) for a in legal):
            match = Match("catan", p, 2, options(scenario), {}, static=static)
            return state, Turn(match, step, state.observation(p), legal, {})
        state.apply(rng.choice(legal))
    raise AssertionError(f"no position of {scenario} (seed {seed}) offers the action")


def after(state: Any, turn: Turn, action: dict) -> CatanView:
    """Play ``action`` (it must be legal) and the seat's view afterwards."""
    state.apply(turn.legal_actions[turn.index_of(action)])
    return CatanView(state.observation(turn.match.seat), turn.match.static)


def view_of(turn: Turn) -> CatanView:
    return CatanView(turn.observation, turn.match.static)


def test_robber_to_swamp_sends_the_robber_to_the_swamp_for_tokens() -> None:
    """C2-RI-01 through the SDK: ``robber_to_swamp`` is a token action; the robber moves there."""
    state, turn = play_until("rivers", lambda a: a["type"] == "robber_to_swamp")
    view = view_of(turn)
    swamp = view.sites["swamps"][0]
    action = arena_bot.robber_to_swamp(swamp)
    assert turn.index_of(action) in arena_bot.token_actions(turn)
    tokens, price = arena_bot.trade_tokens(view), arena_bot.token_price(view)
    later = after(state, turn, action)
    assert later.raw["board"]["robber"] == swamp
    assert arena_bot.trade_tokens(later) == tokens - price


def test_robber_aside_takes_the_robber_off_the_board() -> None:
    """C2-CA-01 through the SDK: ``robber_aside`` puts the robber beside the board (-1)."""
    state, turn = play_until("caravans", lambda a: a["type"] == "robber_aside")
    view = view_of(turn)
    assert view.raw["board"]["robber"] >= 0
    tokens, price = arena_bot.trade_tokens(view), arena_bot.token_price(view)
    later = after(state, turn, arena_bot.robber_aside())
    assert later.raw["board"]["robber"] == -1
    assert arena_bot.trade_tokens(later) == tokens - price


def test_c2_place_camel_puts_the_chosen_camel_on_its_path() -> None:
    """C2-CA-01 through the SDK: the seat asked in phase ``c2_camel`` places a camel."""
    state, turn = play_until("caravans", lambda a: a["type"] == "c2_place_camel")
    view = view_of(turn)
    assert view.phase == "c2_camel" and arena_bot.choosing_camel(view)
    spot = turn.legal_actions[turn.actions_of_type("c2_place_camel")[-1]]
    action = arena_bot.c2_place_camel(spot["edge"], spot["toward"])
    before = {edge for edge, _ in view.raw["caravans"]["camels"]}
    later = after(state, turn, action)
    placed = {edge for edge, _ in later.raw["caravans"]["camels"]} - before
    assert placed == {spot["edge"]}


def test_move_and_keep_foreign_knight() -> None:
    """C2-BA-01 through the SDK: the foreign knight (owner 2) marches, or stays."""
    state, turn = play_until("barbarian_attack", lambda a: a["type"] == "move_foreign_knight")
    view = view_of(turn)
    start = arena_bot.foreign_knight_path(view)
    assert start >= 0 and view.phase == "foreign_knight"
    to = turn.legal_actions[turn.actions_of_type("move_foreign_knight")[0]]["to"]
    assert to != start
    later = after(state, turn, arena_bot.move_foreign_knight(to))
    assert arena_bot.foreign_knight_path(later) == to

    state, turn = play_until("barbarian_attack", lambda a: a["type"] == "keep_foreign_knight")
    start = arena_bot.foreign_knight_path(view_of(turn))
    later = after(state, turn, arena_bot.keep_foreign_knight())
    assert arena_bot.foreign_knight_path(later) == start
    assert later.phase != "foreign_knight"


def test_c2_move_barbarian_moves_one_barbarian_between_coastal_hexes() -> None:
    """C2-BA-03 through the SDK: one barbarian leaves ``from`` and lands on ``to``."""
    state, turn = play_until("barbarian_attack", lambda a: a["type"] == "c2_move_barbarian")
    view = view_of(turn)
    bars = {int(h): n for h, n in view.raw["barbarian_attack"]["barbarians"].items()}
    move = turn.legal_actions[arena_bot.token_actions(turn)[-1]]
    assert move["type"] == "c2_move_barbarian"
    tokens, price = arena_bot.trade_tokens(view), arena_bot.token_price(view)
    later = after(state, turn, arena_bot.c2_move_barbarian(move["from"], move["to"]))
    now = {int(h): n for h, n in later.raw["barbarian_attack"]["barbarians"].items()}
    assert now.get(move["from"], 0) == bars[move["from"]] - 1
    assert now.get(move["to"], 0) == bars.get(move["to"], 0) + 1
    assert arena_bot.trade_tokens(later) == tokens - price


def test_c2_move_tb_barbarian_puts_that_barbarian_on_the_path() -> None:
    """C2-TB-02 through the SDK: barbarian ``i`` goes to the free path named."""
    state, turn = play_until("traders_barbarians", lambda a: a["type"] == "c2_move_tb_barbarian")
    view = view_of(turn)
    move = turn.legal_actions[arena_bot.token_actions(turn)[-1]]
    assert move["type"] == "c2_move_tb_barbarian"
    tokens, price = arena_bot.trade_tokens(view), arena_bot.token_price(view)
    later = after(state, turn, arena_bot.c2_move_tb_barbarian(move["barbarian"], move["edge"]))
    assert later.raw["traders_barbarians"]["barbarians"][move["barbarian"]] == move["edge"]
    assert arena_bot.trade_tokens(later) == tokens - price


def test_helpers_outside_catan_for_two_say_nothing() -> None:
    view = CatanView(GAME.new_game(3, 4, {}).observation(0), GAME.static_info({}))
    assert arena_bot.trade_tokens(view) == 0 and arena_bot.token_price(view) is None
    assert arena_bot.foreign_knight_path(view) == -1 and not arena_bot.choosing_camel(view)

"""The heuristic example bot plays each Catan for Two + T&B pair legally and chooses in the
pairs' own phases by the position (not the first legal action): seeded games against random
play, in process, with every decision of the heuristic seat checked."""

from __future__ import annotations

import importlib.util
import random
import sys
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from games.catan import GAME

ROOT = Path(__file__).resolve().parents[2]
GAMES = 4


@cache
def modules() -> tuple[ModuleType, ModuleType]:
    """The SDK as a bot imports it (``import arena_bot``) and the heuristic bot."""
    sys.path.insert(0, str(ROOT / "bots" / "sdk"))
    try:
        import arena_bot

        path = ROOT / "bots" / "examples" / "catan" / "heuristic_bot.py"
        spec = importlib.util.spec_from_file_location("c2_pairs_heuristic_bot", path)
        bot = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(bot)
    finally:
        sys.path.remove(str(ROOT / "bots" / "sdk"))
    return arena_bot, bot


@cache
def decisions(scenario: str) -> tuple[list[tuple[dict, list[dict], int]], list[dict]]:
    """Every decision of the heuristic seat (observation, legal list, choice) in ``GAMES``
    seeded games against random play (seats alternate), and the games' results."""
    arena_bot, bot = modules()
    options = {"catan_for_two": True, "scenario": scenario}
    static = GAME.static_info(options)
    seen, results = [], []
    for game in range(GAMES):
        seat = game % 2
        state = GAME.new_game(2, game + 1, options)
        rng = random.Random(game + 1)
        match = arena_bot.Match("catan", seat, 2, options, {}, static=static)
        while not state.is_terminal():
            p = state.current_player()
            if p < 0:
                state.apply(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if p != seat:
                state.apply(rng.choice(legal))
                continue
            observation = state.observation(p)
            choice = bot.decide(arena_bot.Turn(match, 0, observation, legal, {}))
            assert isinstance(choice, int) and 0 <= choice < len(legal)
            seen.append((observation, legal, choice))
            state.apply(legal[choice])
        results.append(state.result())
    return seen, results


def chosen(scenario: str, kind: str) -> list[tuple[dict, list[dict], dict]]:
    return [
        (o, legal, legal[i]) for o, legal, i in decisions(scenario)[0] if legal[i]["type"] == kind
    ]


def view(observation: dict, scenario: str) -> Any:
    arena_bot, _ = modules()
    options = {"catan_for_two": True, "scenario": scenario}
    return arena_bot.CatanView(observation, GAME.static_info(options))


@pytest.mark.parametrize(
    "scenario", ["fishermen", "rivers", "caravans", "barbarian_attack", "traders_barbarians"]
)
def test_the_heuristic_bot_plays_each_pair_legally_to_the_end(scenario: str) -> None:
    _, results = decisions(scenario)
    assert [r["reason"] for r in results] == ["victory"] * GAMES


def robbed_by_robber(v: Any) -> bool:
    _, bot = modules()
    robber = v.raw["board"]["robber"]
    return robber >= 0 and bot.robber_score(v, robber) < 0


@pytest.mark.parametrize(
    ("scenario", "kind"), [("rivers", "robber_to_swamp"), ("caravans", "robber_aside")]
)
def test_the_robber_is_bought_off_only_from_our_own_hex(scenario: str, kind: str) -> None:
    """C2-RI-01 / C2-CA-01: the token action is spent when the robber blocks our production."""
    moves = chosen(scenario, kind)
    assert moves
    assert all(robbed_by_robber(view(o, scenario)) for o, _, _ in moves)


def test_every_camel_of_the_two_camel_round_is_placed_by_the_bot() -> None:
    """C2-CA-01: in phase ``c2_camel`` the bot answers with a camel spot, scored by its worth
    (a spot other than the first listed is chosen at least once)."""
    asked = [(o, legal, i) for o, legal, i in decisions("caravans")[0] if o["phase"] == "c2_camel"]
    assert asked
    assert all(legal[i]["type"] == "c2_place_camel" for _, legal, i in asked)
    assert any(i != 0 for _, _, i in asked)


def test_the_foreign_knight_marches_toward_barbarians_or_stays() -> None:
    """C2-BA-01: both answers are used; a march ends on a path by a hex with barbarians."""
    moves = chosen("barbarian_attack", "move_foreign_knight")
    assert moves and chosen("barbarian_attack", "keep_foreign_knight")
    for observation, _, action in moves:
        v = view(observation, "barbarian_attack")
        bars = {int(h) for h, n in observation["barbarian_attack"]["barbarians"].items() if n}
        a, b = v.edge_vertices(action["to"])
        assert bars & set(v.vertex_hexes(a)) & set(v.vertex_hexes(b))


def worth(v: Any, hex_id: int, seat: int) -> int:
    """Levels of ``seat``'s buildings at the corners of ``hex_id``."""
    corners = set(v.static["hex_vertices"][hex_id])
    return sum(level for vertex, _, level in v.buildings(seat) if vertex in corners)


def test_barbarians_are_moved_off_our_coast_or_onto_the_opponents() -> None:
    """C2-BA-03: a barbarian leaves a hex by more of our buildings than where it lands, or
    lands by the opponent's buildings and none of ours."""
    moves = chosen("barbarian_attack", "c2_move_barbarian")
    assert moves
    for observation, _, action in moves:
        v = view(observation, "barbarian_attack")
        ours_from, ours_to = worth(v, action["from"], v.seat), worth(v, action["to"], v.seat)
        assert ours_from > ours_to or (ours_to == 0 and worth(v, action["to"], 1 - v.seat) > 0)


def test_a_tb_barbarian_goes_on_the_opponent_wagons_way() -> None:
    """C2-TB-02: the barbarian is put on a path at the opponent's wagon."""
    moves = chosen("traders_barbarians", "c2_move_tb_barbarian")
    assert moves
    for observation, _, action in moves:
        v = view(observation, "traders_barbarians")
        wagon = observation["traders_barbarians"]["wagons"][1 - v.seat]
        assert wagon in v.edge_vertices(action["edge"])

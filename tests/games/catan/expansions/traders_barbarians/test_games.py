"""Whole games: seeded random play to the end with the scenario's invariants, the engine
contract (round trips, replay, garbage refused, observations), determinism."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.catan import GAME
from games.common.api import CHANCE, TERMINAL
from games.common.chance import ChanceStreams
from games.common.replay import replay
from tests.games.test_conformance import GARBAGE, check_round_trip

from .helpers import OPTIONS


def check_scenario(state: Any) -> None:
    """Conservation of cards, gold, tokens and deck; pieces where they may stand."""
    n = state.n
    for r in range(5):
        assert state.bank[r] + sum(state.hand[p][r] for p in range(n)) == 19
    assert sum(state.gold) + state.gold_supply == 100 and min(state.gold) >= 0
    tokens = sum(sum(s.values()) for s in state.tb_stacks.values())
    carried = sum(c is not None for c in state.tb_cargo)
    assert tokens + carried + sum(state.tb_delivered) == 36
    in_hands = [sum(h[i] for h in state.deck_hand) for i in range(4)]
    played = [sum(state.knights), 0, 0, 0]  # knights stay face up in front of their owner
    for i, count in enumerate((16, 3, 3, 3)):
        assert state.deck_left[i] + in_hands[i] + state.deck_discards[i] + played[i] == count
    assert len(set(state.tb_barbarians)) == 3
    assert not set(state.tb_barbarians) & state.board.road_closed
    assert sum(state.dev_deck) == 0 and not any(map(any, state.dev_hand))
    assert state.longest_road == -1 and state.robber == -1
    for p in range(n):
        assert 1 <= state.tb_baggage[p] <= 5
        assert state.turn == 0 or 0 <= state.tb_wagons[p] < state.board.num_vertices
    closed = set(state.board.building_closed)
    assert not any(state.vertex_owner[v] != -1 for v in closed)
    assert not any(state.edge_owner[e] != -1 for e in state.board.road_closed)


def play(num_players: int, seed: int, check_every: int = 0) -> tuple[Any, list[Any]]:
    state = GAME.new_game(num_players, seed, dict(OPTIONS))
    streams, choice = ChanceStreams(seed), random.Random(seed)
    applied = []
    for step in range(60_000):
        seat = state.current_player()
        if seat == TERMINAL:
            return state, applied
        if seat == CHANCE:
            outcomes = state.chance_outcomes()
            assert abs(sum(w for _, w in outcomes) - 1) < 1e-9
            action = streams.sample(state)
        else:
            legal = state.legal_actions()
            assert legal, f"no legal action in phase {state.phase}"
            action = legal[int(choice.random() * len(legal))]
        state.apply(action)
        applied.append(action)
        if check_every and step % check_every == 0:
            check_scenario(state)
            check_round_trip(GAME, state)
    raise AssertionError("the game did not end")


def test_fifty_seeded_random_games_end_by_victory() -> None:
    """~50 random games of 3 and 4 players end, with every invariant kept along the way."""
    reasons = []
    for seed in range(50):
        state, _ = play(3 + seed % 2, seed, check_every=997)
        check_scenario(state)
        result = state.result()
        reasons.append(result["reason"])
        if result["reason"] == "victory":
            assert max(result["scores"]) >= 13
    assert reasons.count("victory") >= 45


def test_replay_gives_the_identical_state() -> None:
    state, applied = play(4, 11)
    again = replay(GAME, 4, 11, dict(OPTIONS), applied)
    assert again.to_dict() == state.to_dict()


def test_same_seed_same_chance_whatever_the_decisions() -> None:
    first = GAME.new_game(3, 3, dict(OPTIONS))
    second = GAME.new_game(3, 3, dict(OPTIONS))
    a_streams, b_streams = ChanceStreams(3), ChanceStreams(3)
    while first.current_player() == CHANCE:
        a, b = a_streams.sample(first), b_streams.sample(second)
        assert a == b
        first.apply(a)
        second.apply(b)
    assert first.to_dict() == second.to_dict()


def test_garbage_is_refused_and_observations_hide_other_hands() -> None:
    """Every bad action raises ValueError and leaves the state as it was; no observation
    shows another seat's resources or scenario cards."""
    state = GAME.new_game(4, 4, dict(OPTIONS))
    streams, choice = ChanceStreams(4), random.Random(4)
    bad = [*GARBAGE, {"type": "move_wagon", "vertex": 999}, {"type": "move_barbarian"}]
    for step in range(3000):
        if state.is_terminal():
            break
        if step % 10 == 0:
            before = json.dumps(state.to_dict(), sort_keys=True)
            for junk in bad:
                with pytest.raises(ValueError):
                    state.apply(junk)
            assert json.dumps(state.to_dict(), sort_keys=True) == before
            for seat in range(4):
                obs = state.observation(seat)
                json.dumps(obs)
                assert obs["you"]["scenario_cards"] == {
                    c: n
                    for c, n in zip(
                        ("knight", "road_building", "swift_journey", "victory_point"),
                        state.deck_hand[seat],
                        strict=True,
                    )
                    if n
                }
                for other in obs["players"]:
                    assert "resources" not in other and "scenario_cards" not in other
        if state.current_player() == CHANCE:
            state.apply(streams.sample(state))
        else:
            legal = state.legal_actions()
            state.apply(legal[int(choice.random() * len(legal))])

"""Whole games: seeded random play to the end with the scenario's invariants, the engine
contract (round trips, replay, garbage refused, observations), determinism."""

from __future__ import annotations

import json
from typing import Any

from games.catan import GAME
from games.common.replay import replay
from tests.games.random_game import play_streamed
from tests.games.test_conformance import (
    GARBAGE,
    assert_refused_unchanged,
    check_round_trip,
    twin_openings,
)

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

    def checked(step: int) -> None:
        if check_every and step % check_every == 0:
            check_scenario(state)
            check_round_trip(GAME, state)

    return state, play_streamed(state, num_players, seed, 60_000, after_step=checked)


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
    first, second = twin_openings(GAME, 3, 3, dict(OPTIONS))
    assert first.to_dict() == second.to_dict()


def test_garbage_is_refused_and_observations_hide_other_hands() -> None:
    """Every bad action raises ValueError and leaves the state as it was; no observation
    shows another seat's resources or scenario cards."""
    state = GAME.new_game(4, 4, dict(OPTIONS))
    bad = [*GARBAGE, {"type": "move_wagon", "vertex": 999}, {"type": "move_barbarian"}]

    def refuses_and_hides(step: int) -> None:
        if step % 10 == 0:
            assert_refused_unchanged(state, bad)
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

    play_streamed(state, 4, 4, 3000, before_step=refuses_and_hides, must_end=False)

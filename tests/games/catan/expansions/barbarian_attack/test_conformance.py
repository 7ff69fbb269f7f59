"""The engine contract for Barbarian Attack: the conformance checks of the other engines
(tests/games/test_conformance.py) and the board game's invariants (randomplay.py), run with the
scenario's options; hidden information; seeded random games to the end."""

from __future__ import annotations

import json
import random

import pytest

from games.catan import GAME
from games.common.api import CHANCE
from games.common.chance import ChanceStreams
from games.common.replay import replay
from tests.games.catan.randomplay import check_observation, random_game
from tests.games.random_game import play_streamed
from tests.games.test_conformance import GARBAGE, assert_refused_unchanged, check_round_trip

OPTIONS = {"scenario": "barbarian_attack"}


def playout(n: int, seed: int, every: int = 0, garbage: bool = False):
    """A random game with the scenario's options; the contract checked every ``every`` steps."""
    state = GAME.new_game(n, seed, OPTIONS)

    def refuses_garbage(step: int) -> None:
        if garbage and step % 50 == 0:
            assert_refused_unchanged(state, GARBAGE)

    def checked(step: int) -> None:
        if every and step % every == 0:
            check_round_trip(GAME, state)
            for s in range(n):
                check_observation(state, s)

    applied = play_streamed(state, n, seed, 60_000, refuses_garbage, checked)
    return state, applied


@pytest.mark.parametrize("n", [3, 4])
def test_random_games_end_round_trip_and_refuse_garbage(n: int) -> None:
    for seed in range(2):
        state, _ = playout(n, seed, every=41, garbage=seed == 0)
        result = state.result()
        assert sorted(result["ranking"]) == list(range(n))
        json.dumps(state.events)


def test_seed_and_actions_replay_to_the_identical_state() -> None:
    state, applied = playout(4, 11)
    again = replay(GAME, 4, 11, OPTIONS, applied)
    assert again.to_dict() == state.to_dict()


def test_same_seed_same_game() -> None:
    a, _ = playout(3, 7)
    b, _ = playout(3, 7)
    assert a.to_dict() == b.to_dict()


def test_static_info_names_the_sites() -> None:
    static = GAME.static_info(OPTIONS)
    json.dumps(static)
    assert static["layout"] == "barbarian_attack"
    assert static["sites"]["castle"] == 18 and len(static["sites"]["coastal_ring"]) == 10


def test_hidden_information_stays_with_its_seat() -> None:
    """Another seat's resource cards and a stolen card's kind never reach an observation; the
    scenario's pieces, prisoners, gold and the deck's counts are public (the same for all)."""
    state = GAME.new_game(4, 3, OPTIONS)
    streams, choice = ChanceStreams(3), random.Random(3)
    steals = 0
    for _ in range(6000):
        if state.is_terminal():
            break
        observations = [state.observation(s) for s in range(4)]
        assert len({json.dumps(o["barbarian_attack"], sort_keys=True) for o in observations}) == 1
        assert len({json.dumps(o["gold"]["seats"]) for o in observations}) == 1
        for s, obs in enumerate(observations):
            text = json.dumps(obs)
            assert "deck_left" not in text and "deck_hand" not in text
            assert all("resources" not in info for info in obs["players"])
            assert obs["you"]["resources"] == dict(
                zip(("lumber", "brick", "wool", "grain", "ore"), state.hand[s], strict=True)
            )
        seat = state.current_player()
        action = streams.sample(state) if seat == CHANCE else choice.choice(state.legal_actions())
        state.apply(action)
        if action.get("type") == "steal":
            steals += 1
    stolen = [e for e in state.events if e["type"] == "steal" and e.get("resource")]
    assert steals and stolen
    for e in stolen:
        if e["resource"] != "hidden":
            assert set(e["visible_to"]) == {e["seat"], e["victim"]}


def test_fifty_seeded_random_games_reach_the_end_with_the_invariants() -> None:
    """50 games, every step checked (conservation, pieces, VP sources incl. prisoners and
    conquered buildings, the scenario deck's cards)."""
    reasons = {}
    for seed in range(50):
        state, _, _ = random_game(3 + seed % 2, seed, OPTIONS)
        reason = state.result()["reason"]
        reasons[reason] = reasons.get(reason, 0) + 1
    assert reasons.get("turn_limit", 0) == 0
    assert reasons.get("victory", 0) >= 45

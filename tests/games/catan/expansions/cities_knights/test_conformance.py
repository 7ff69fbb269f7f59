"""The engine contract on the Cities & Knights options: seeded random games with the
invariants at every step, round trips, replays (also in another process), legal lists that
all apply, hidden information, garbage refused."""

from __future__ import annotations

import json
import random

import pytest

from games.catan import GAME
from games.common.api import CHANCE
from games.common.chance import ChanceStreams
from games.common.replay import replay
from tests.games.replay_elsewhere import assert_replays_in_another_process
from tests.games.test_conformance import GARBAGE

from .checks import OPTIONS, check_ck, playout


@pytest.mark.parametrize("n", [3, 4])
def test_seeded_random_games_end_with_the_invariants_checked_on_the_way(n: int) -> None:
    reasons = []
    for seed in range(2):
        state, _ = playout(n, seed, every=997, check=61)
        check_ck(state)
        assert sorted(state.result()["ranking"]) == list(range(n))
        reasons.append(state.result()["reason"])
    assert "victory" in reasons


def test_replay_gives_the_identical_state_in_this_and_another_process(tmp_path) -> None:
    state, applied = playout(4, 11, check=0)
    assert replay(GAME, 4, 11, OPTIONS, applied).to_dict() == state.to_dict()
    assert_replays_in_another_process("catan", 4, 11, OPTIONS, applied, state, tmp_path)


def test_the_same_seed_and_choices_give_the_same_game() -> None:
    assert playout(3, 7, check=0)[0].to_dict() == playout(3, 7, check=0)[0].to_dict()


def test_every_legal_action_applies_and_garbage_is_refused_without_a_change() -> None:
    """Every 40th decision: each legal action applies on a copy (from_dict); garbage and
    near misses raise ValueError and leave the state as it was."""
    state = GAME.new_game(4, 2, OPTIONS)
    streams, choice = ChanceStreams(2), random.Random(2)
    junk = [
        *GARBAGE,
        {"type": "improve_city", "track": "magic"},
        {"type": "march_knight", "from": 0, "to": 999},
        {"type": "bank_trade", "give": "paper", "get": "paper"},
        {"type": "build_knight", "vertex": [1]},
    ]
    kinds = set()
    for step in range(3000):
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            state.apply(streams.sample(state))
            continue
        legal = state.legal_actions()
        if step % 40 == 0:
            data = state.to_dict()
            for action in legal:
                copy = GAME.from_dict(data)
                copy.apply(action)
                check_ck(copy)
                kinds.add(action["type"])
            before = json.dumps(data, sort_keys=True)
            for bad in junk:
                with pytest.raises(ValueError):
                    state.apply(bad)
            assert json.dumps(state.to_dict(), sort_keys=True) == before
        state.apply(legal[int(choice.random() * len(legal))])
    assert {"build_knight", "activate_knight", "bank_trade"} <= kinds


def test_hidden_information_stays_with_its_seat() -> None:
    """Another seat's commodities and progress cards never reach an observation (counts only);
    a drawn card's name is logged for its drawer alone; the public part is the same for all."""
    state, _ = playout(4, 3, check=0)
    observations = [state.observation(s) for s in range(4)]
    public = [
        {k: v for k, v in o["cities_and_knights"].items() if not k.startswith("my_")}
        for o in observations
    ]
    assert all(p == public[0] for p in public)
    for s, obs in enumerate(observations):
        ck = obs["cities_and_knights"]
        assert ck["my_progress_cards"] == sorted(state.ck_progress[s])
        assert ck["progress_cards"] == [len(h) for h in state.ck_progress]
        text = json.dumps(obs)
        assert "ck_decks" not in text and "ck_under" not in text
    draws = [e for e in state.events if e["type"] == "draw_progress"]
    assert draws
    for e in draws:
        if e["card"] != "hidden":
            assert e["visible_to"] == [e["seat"]]

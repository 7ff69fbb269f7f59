"""Engine contract details: serialisation, determinism, observations, errors, options."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from games.catan import GAME
from games.common.replay import replay
from games.errors import IllegalAction
from games.registry import get_game
from tests.games.catan.fixtures import founded
from tests.games.catan.randomplay import random_game

ROOT = __import__("pathlib").Path(__file__).resolve().parents[3]


def test_registered_with_its_description() -> None:
    game = get_game("catan")
    assert game is GAME and game.name == "catan" and isinstance(game.version, str)
    assert (game.min_players, game.max_players) == (2, 4)
    assert game.default_options["masters"] is False


@pytest.mark.parametrize(
    "options",
    [
        {"nope": 1},
        {"masters": "yes"},
        {"layout": "random"},
        {"victory_points": 0},
        {"placement": "beginner", "layout": "variable"},
        {"trade_proposals_per_turn": -1},
    ],
)
def test_bad_options_raise_value_error(options: dict) -> None:
    with pytest.raises(ValueError):
        GAME.new_game(4, 1, options)


@pytest.mark.parametrize("masters", [False, True])
def test_round_trip_at_random_points(masters: bool) -> None:
    for seed in range(3):
        random_game(
            4, seed, {"masters": masters, "layout": "variable"}, check=False, roundtrip_every=211
        )


def test_replay_in_a_new_process_is_identical(tmp_path) -> None:
    options = {"masters": True, "layout": "variable"}
    state, log, _ = random_game(3, 5, options, check=False)
    (tmp_path / "log.json").write_text(json.dumps(log))
    script = (
        "import json,sys; from games.catan import GAME; from games.common.replay import replay;"
        f"s=replay(GAME,3,5,{options!r},json.load(open(sys.argv[1])));"
        "print(json.dumps(s.to_dict(),sort_keys=True))"
    )
    out = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path / "log.json")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert out.strip() == json.dumps(state.to_dict(), sort_keys=True)
    assert replay(GAME, 3, 5, options, log).to_dict() == state.to_dict()


def test_observations_never_leak_hidden_cards() -> None:
    """BG-SETUP-09 BG-DEV-01: opponents' hands and development cards appear only as counts."""
    state, _, _ = random_game(4, 11, {"layout": "variable"}, check=False, observe_every=13)
    state = founded()
    state.dev_hand[1][4] = 1
    for seat in (0, 2, 3):
        text = json.dumps(state.observation(seat))
        assert '"victory_point"' not in text
    assert '"victory_point"' in json.dumps(state.observation(1))


def test_observation_is_compact() -> None:
    state, _, _ = random_game(4, 3, {"masters": True, "layout": "variable"}, check=False)
    assert len(json.dumps(state.observation(0))) < 4000


@pytest.mark.parametrize(
    "garbage",
    [
        None,
        3,
        "roll",
        {},
        {"type": "roll", "x": 1},
        {"type": "build_road", "edge": 999},
        {"type": "build_road", "edge": "1"},
        {"type": "propose_trade", "give": [], "get": 1},
    ],
)
def test_garbage_raises_illegal_action(garbage) -> None:
    state = founded()
    with pytest.raises(IllegalAction):
        state.apply(garbage)


def test_from_dict_rejects_garbage_with_value_error() -> None:
    data = founded().to_dict()
    for bad in (
        {},
        [],
        {"format": "x"},
        {**data, "hand": "x"},
        {**data, "n": 9},
        {**data, "vertex_owner": [7] * 54},
    ):
        with pytest.raises(ValueError):
            GAME.from_dict(bad)


@pytest.mark.parametrize("masters", [False, True])
def test_every_state_attribute_lives_in_a_slot(masters: bool) -> None:
    """The state's fields are declared in ``__slots__`` (read at a fixed offset; a state has too
    many attributes for CPython's shared-key dicts), so none falls back to the instance dict,
    neither when built, nor during play, nor when rebuilt by ``from_dict``."""
    options = {"masters": masters, "layout": "variable"}
    assert GAME.new_game(3, 5, options).__dict__ == {}
    state, _, _ = random_game(3, 5, options, check=False)
    assert set(state.__dict__) <= {"_checked_board"}  # the invariant checker's own note
    assert GAME.from_dict(state.to_dict()).__dict__ == {}

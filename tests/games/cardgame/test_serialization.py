"""Serialisation, determinism across processes, hidden information, options and bad input."""

from __future__ import annotations

import contextlib
import json
import random
import re

import pytest

from games.cardgame import GAME
from games.cardgame.constants import DEFAULT_OPTIONS, EVENT_FACES
from games.common.api import CHANCE
from games.common.replay import replay
from games.errors import IllegalAction
from tests.games.cardgame.positions import lay, main_phase, make_city, rebuild, to_hand
from tests.games.cardgame.randomplay import play_random_game
from tests.games.random_game import play_random
from tests.games.replay_elsewhere import assert_replays_in_another_process


def recorded_game(seed: int, limit: int | None = None):
    """Play randomly, recording every applied action; stop after ``limit`` steps if given."""
    return play_random("cardgame", 2, seed, stop_after=limit)


def test_to_dict_from_dict_round_trip_at_random_points() -> None:
    """CG-COMP-01: the state round-trips exactly at random points of random games."""
    rng = random.Random(99)
    for seed in range(6):
        state, _ = recorded_game(seed, limit=rng.randrange(50, 3000))
        text = json.dumps(state.to_dict(), sort_keys=True)
        again = GAME.from_dict(json.loads(text))
        assert json.dumps(again.to_dict(), sort_keys=True) == text
        assert again.current_player() == state.current_player()
        if state.current_player() >= 0:
            assert again.legal_actions() == state.legal_actions()
        # both copies continue identically
        for _ in range(200):
            if state.is_terminal():
                break
            if state.current_player() == CHANCE:
                action = state.chance_outcomes()[0][0]
            else:
                action = state.legal_actions()[-1]
            state.apply(action)
            again.apply(action)
        assert again.to_dict() == state.to_dict()


def test_replay_in_a_new_process_is_bit_identical(tmp_path) -> None:
    """Seed plus action list reproduces the game exactly in another process."""
    state, applied = recorded_game(21)
    assert_replays_in_another_process("cardgame", 2, 21, {}, applied, state, tmp_path)
    assert replay(GAME, 2, 21, {}, applied).to_dict() == state.to_dict()


def test_same_seed_same_game() -> None:
    """The engine never touches an rng: the same seed and choices give the same game."""
    a, da, ca = play_random_game(5)
    b, db, cb = play_random_game(5)
    assert (da, ca) == (db, cb) and a.to_dict() == b.to_dict()


def test_observations_hide_hands_and_stacks_in_random_games() -> None:
    """Hidden information: a seat never sees the other hand or stack contents outside a search."""
    state = GAME.new_game(2, 8, {})
    rng = random.Random(8)
    steps = 0
    while not state.is_terminal() and steps < 4000:
        for seat in (0, 1):
            obs = state.observation(seat)
            text = json.dumps(obs)
            assert len(text) < 8000
            hidden = set(state.domains[1 - seat].hand)
            for key in ("opponent_hand",):
                hidden -= set(obs.get(key, []))
            for event in obs["events"]:
                hidden -= {event.get("card")}
            hidden -= {face for face, _n in EVENT_FACES}  # "brigands" is a card and a die face
            assert not any(f'"{card}"' in text for card in hidden), (seat, obs)
            if "search" not in obs:
                for stack in state.stacks.values():
                    for card in stack:
                        assert f'"{card}"' not in json.dumps(obs["stacks"])
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        steps += 1


def test_observation_is_compact_and_whitelisted() -> None:
    """The observation names the decision, both domains, own hand and opponent hand size."""
    state = main_phase()
    to_hand(state, 1, "spy", "abbey")
    state = rebuild(state)
    obs = state.observation(0)
    assert obs["decision"] == "main" and obs["to_move"] == 0
    assert obs["opponent"]["hand_size"] == 2 and obs["hand"] == []
    assert obs["you"]["centre"] == [[0, "settlement"], [1, "road"], [2, "settlement"]]
    assert len(json.dumps(obs)) < 4096
    assert "spy" not in json.dumps(obs)


def test_options_are_validated() -> None:
    """Every ruling option is selectable; unknown keys and bad values raise ValueError."""
    assert GAME.default_options == DEFAULT_OPTIONS
    for key, value in (
        ("civil_war_chooser", "opponent"),
        ("spy_takes", "unit_or_action"),
        ("action_threshold", "combined_7"),
        ("brigand_exemption", True),
        ("robbers_steal", 1),
        ("robbers_backfire", "none"),
        ("gold_pays_draw", True),
        ("max_trade_proposals", 0),
        ("vp_target", 8),
    ):
        assert GAME.new_game(2, 1, {key: value}).options[key] == value
    for bad in (
        {"nope": 1},
        {"vp_target": "12"},
        {"civil_war_chooser": "dealer"},
        {"brigand_exemption": 1},
        {"robbers_steal": 0},
    ):
        with pytest.raises(ValueError):
            GAME.new_game(2, 1, bad)
    with pytest.raises(ValueError):
        GAME.new_game(3, 1, {})


def test_garbage_input_raises_only_illegal_action_or_value_error() -> None:
    """Ill-formed or illegal input to apply/from_dict raises IllegalAction/ValueError only."""
    state, _ = recorded_game(4, limit=400)
    garbage = [
        None,
        1,
        "x",
        [],
        {},
        {"type": 3},
        {"type": "build", "card": "nope"},
        {"type": "pay", "col": "a", "side": None},
        {"type": "propose_trade"},
        {"type": "propose_trade", "give": {"ore": -1}, "get": {"grain": 1}},
        {"type": "propose_trade", "give": [], "get": {}},
        {"type": "roll", "event": "sun", "production": 9},
        {"type": "take_card", "card": None},
        {"type": "choose_slot", "col": 99, "row": 1},
    ]
    walk = GAME.new_game(2, 4, {})
    rng = random.Random(4)
    for _ in range(600):  # at every kind of decision of a random game, refused without a change
        before = json.dumps(walk.to_dict(), sort_keys=True)
        for action in garbage:
            with pytest.raises(IllegalAction):
                walk.apply(action)
        assert json.dumps(walk.to_dict(), sort_keys=True) == before
        if walk.current_player() == CHANCE:
            walk.apply(walk.sample_chance(rng))
        else:
            walk.apply(rng.choice(walk.legal_actions()))
    data = state.to_dict()
    broken = [
        None,
        {},
        {**data, "format": "x"},
        {**data, "phase": "lunch"},
        {**data, "stacks": {}},
        {**data, "tasks": [{"t": "nap"}]},
        {**data, "removed": data["removed"] + ["spy#1"]},
        {**data, "active": 7},
    ]
    for bad in broken:
        with pytest.raises(ValueError):
            GAME.from_dict(bad)
    rng = random.Random(3)
    for _ in range(300):  # mutate a real state's data at random
        mutated = json.loads(json.dumps(data))
        key = rng.choice(sorted(mutated))
        mutated[key] = rng.choice([None, 0, "x", [], {}, [[1, 2]], -1])
        with contextlib.suppress(ValueError):
            GAME.from_dict(mutated)


def test_editing_a_returned_action_does_not_change_the_legal_list() -> None:
    """legal_actions() returns copies: mutating one (even a nested trade dict) changes nothing."""
    state = rebuild(main_phase())
    legal = state.legal_actions()
    offer = next(a for a in legal if a["type"] == "propose_trade")
    offer["give"]["ore"] = 3
    legal[0]["type"] = "nothing"
    assert state.legal_actions()[0] == {"type": "end_actions"}
    with pytest.raises(IllegalAction):
        state.apply(offer)  # 3 ore is not held: refused even though it came from the list


def test_from_dict_refuses_a_principality_with_impossible_geometry() -> None:
    """CG-SETUP-04 CG-RES-01: a stored domain whose region sits on a settlement's column, on a
    third row, or whose card is no region, or whose centre row has a gap, is refused."""
    data = rebuild(main_phase()).to_dict()
    regions = data["domains"][0]["regions"]
    centre = data["domains"][0]["centre"]
    assert [r[:2] for r in regions][:1] == [[-1, -1]]
    bad_region = [
        [0, -1, *regions[0][2:]],  # a region on the settlement's column
        [-1, 2, *regions[0][2:]],  # a region on a third row
        [-1, -1, centre[0][2], 0],  # a settlement card as a region
    ]
    for wrong in bad_region:
        broken = json.loads(json.dumps(data))
        broken["domains"][0]["regions"][0] = wrong
        with pytest.raises(ValueError, match="region"):
            GAME.from_dict(broken)
    gap = json.loads(json.dumps(data))
    gap["domains"][0]["centre"] = [gap["domains"][0]["centre"][0]]
    gap["domains"][0]["centre"][0][0] = 0
    gap["domains"][0]["centre"].append([2, *centre[2][1:]])
    with pytest.raises(ValueError, match="gaps"):
        GAME.from_dict(gap)


def _domain_change(path: tuple, value) -> dict:
    """A stored game whose first domain has ``value`` at ``path`` (seat 0: a city at column 0
    with an Aqueduct above it, a settlement at column 2 with an Abbey above it)."""
    state = main_phase()
    make_city(state, 0, 0)
    lay(state, 0, 0, 1, "aqueduct")
    lay(state, 0, 2, 1, "abbey")
    data = rebuild(state).to_dict()
    *inner, last = path
    where = data["domains"][0]
    for key in inner:
        where = where[key]
    where[last] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "why"),
    [
        (("centre", 2, 1), "castle", "centre entry"),
        (("centre", 2, 2), "start_road_A", "centre card start_road_A is not a settlement"),
        (("centre", 2, 0), 3, "settlement at column 3 (CG-SETUP-04)"),
        (("centre", 0, 3), None, "a city lies on a settlement (CG-CITY-01)"),
        (("centre", 2, 0), 4, "centre row has gaps"),
        (("regions", 0, 1), 2, "region"),
        (("regions", 0, 3), 4, "region amount 0..3 (CG-RES-01)"),
        (("slots", 0, 0), 1, "slot at column 1"),
        (("slots", 0, 0), 9, "slot at column 9"),
        (("slots", 0, 2), "start_region_A_lumber_4", "slot card start_region_A_lumber_4"),
        (("slots", 1, 1), 2, "slot row (CG-EXP-01/02)"),
        (("slots", 1, 2), "church#1", "red card (CG-EXP-03)"),
        (("hand",), ["nonsense"], "unknown hand card nonsense"),
    ],
)
def test_from_dict_names_what_is_wrong_with_a_principality(path: tuple, value, why: str) -> None:
    """CG-SETUP-04, CG-CITY-01, CG-RES-01, CG-EXP-01/02/03: a stored domain that breaks the
    principality's geometry is refused, with what is wrong said in full."""
    with pytest.raises(ValueError, match="^" + re.escape(f"bad domain: {why}") + "$"):
        GAME.from_dict(_domain_change(path, value))

"""The engine contract for The Caravans: round trips, replays, hidden hands, garbage, random
games to the end (the conformance checks of tests/games/test_conformance.py, on its options)."""

from __future__ import annotations

import json

import pytest

from games.catan import GAME
from games.catan.picture import draw, full_view, public_view
from games.common.replay import replay
from tests.games.catan.expansions.caravans.positions import bid, caravans, upgrade_and_end
from tests.games.catan.randomplay import check_observation, random_game
from tests.games.random_game import play_streamed
from tests.games.test_conformance import GARBAGE, assert_refused_unchanged, check_round_trip

OPTIONS = [
    {"scenario": "caravans"},
    {"scenario": "caravans", "layout": "variable"},
    {"scenario": "caravans", "placement": "beginner"},
]


@pytest.mark.parametrize("seed", range(50))
def test_seeded_random_games_end_with_every_invariant_kept(seed: int) -> None:
    """50 random games (3 and 4 players, every board) end; conservation, piece limits, trail
    lengths (with camel weights) and VP hold after every step; round trips on the way."""
    options = OPTIONS[seed % 3]
    state, _, _ = random_game(3 + seed % 2, seed, options, roundtrip_every=97, observe_every=89)
    assert state.is_terminal()
    assert state.result()["reason"] in ("victory", "no_progress")


@pytest.mark.parametrize("options", OPTIONS)
def test_seed_and_actions_replay_to_the_identical_state(options: dict) -> None:
    state, log, _ = random_game(4, 21, options, check=False)
    assert replay(GAME, 4, 21, options, log).to_dict() == state.to_dict()


def test_a_vote_in_progress_round_trips_with_its_legal_list() -> None:
    state = caravans()
    upgrade_and_end(state, s0={"wool": 1}, s1={"wool": 2, "grain": 1})
    bid(state, wool=1)
    check_round_trip(GAME, state)
    again = GAME.from_dict(json.loads(json.dumps(state.to_dict())))
    assert again.caravan_vote == state.caravan_vote and again.current_player() == 1
    assert again.legal_actions() == state.legal_actions()


def test_a_broken_camel_field_is_refused_with_a_value_error() -> None:
    data = caravans().to_dict()
    for broken in ([0] * 3, "x", [99] * 72):
        bad = json.loads(json.dumps(data))
        bad["expansions"]["caravans"]["camel_head"] = broken
        with pytest.raises(ValueError):
            GAME.from_dict(bad)


def test_observations_show_hands_as_counts_and_the_vote_to_everyone() -> None:
    """Hidden information: a seat sees its own hand; of the others only counts, while the
    camels and every bid are public and the same for all."""
    state = caravans()
    upgrade_and_end(state, s0={"wool": 1}, s1={"wool": 2, "grain": 1, "ore": 2})
    bid(state, wool=1)
    for seat in range(4):
        check_observation(state, seat)
        obs = state.observation(seat)
        assert obs["caravans"] == state.observation(0)["caravans"]
        assert "ore" not in json.dumps(obs["caravans"]) and "hand" not in obs["caravans"]
    assert state.observation(1)["you"]["resources"]["ore"] == 2
    assert state.observation(2)["players"][1]["resource_cards"] == 5


@pytest.mark.parametrize("options", OPTIONS[:2])
def test_garbage_is_refused_with_value_errors_and_changes_nothing(options: dict) -> None:
    state = GAME.new_game(4, 4, options)
    votes = 0
    junk = [*GARBAGE, {"type": "caravan_bid", "wool": -1, "grain": 0}]

    def refuses(step: int) -> None:
        nonlocal votes
        voting = state.phase.startswith("caravan_")
        votes += voting
        if voting or step % 50 == 0:  # every vote decision, and now and then the others
            assert_refused_unchanged(state, junk)

    play_streamed(state, 4, 4, 1500, before_step=refuses, must_end=False)
    assert votes


def test_the_picture_shows_the_oasis_and_every_camel_facing_its_head() -> None:
    state, _, _ = random_game(4, 7, OPTIONS[0], check=False)
    camels = state.observation(0)["caravans"]["camels"]
    assert camels
    svg = draw(public_view(state))
    assert 'class="oasis"' in svg
    for edge, head in camels:
        assert f'class="camel" data-edge="{edge}" data-toward="{head}"' in svg
    assert draw(full_view(state)).count('class="camel"') == len(camels)


def test_the_vote_is_told_in_words() -> None:
    from games.catan.narrate import tell

    state = caravans()
    upgrade_and_end(state, s0={"wool": 1}, s1={"wool": 2})
    bid(state, wool=1)
    bid(state, wool=2)
    state.apply(state.legal_actions()[0])
    kinds = ("caravan_vote", "caravan_bid", "place_camel", "caravan_pay")
    told = tell([e for e in state.events if e["type"] in kinds], ["A", "B", "C", "D"], state)
    assert told == [
        "A built this turn: the table votes on where the next camel goes.",
        "A bids 1 wool and 0 grain for the camel.",
        "B bids 2 wool and 0 grain for the camel.",
        told[3],
        "The 3 bid cards go to the bank.",
    ]
    assert told[3].startswith("B, who outvoted everyone together, places a camel between")


def test_the_worked_example_of_the_scenario_page_is_what_the_engine_sends() -> None:
    """docs/scenarios/caravans.md: seat 1 of 3 asked to bid, after seat 0's upgrade and bid."""
    from pathlib import Path

    page = Path(__file__).resolve().parents[5] / "docs" / "scenarios" / "caravans.md"
    line = next(x for x in page.read_text().splitlines() if x.startswith('> {"type":'))
    message = json.loads(line[2:])
    state = caravans(3)
    upgrade_and_end(state, s0={"wool": 1}, s1={"wool": 2, "grain": 1, "ore": 1}, s2={"grain": 2})
    bid(state, wool=1)
    obs = state.observation(1)
    shown = {k: v for k, v in message["observation"].items() if k != "…"}
    assert shown == {k: obs[k] for k in shown}
    assert message["legal_actions"] == state.legal_actions()

"""Whole Fishermen games: random play to the end, the conformance checks of every engine on this
scenario's options, hidden fish never in another seat's view, the picture and the words."""

from __future__ import annotations

import json

import pytest

from games.catan import GAME, narrate, picture
from games.catan.expansions.fishermen.supply import TOKEN_COUNTS
from games.common.replay import replay
from tests.games.catan.expansions.fishermen.positions import OPTIONS
from tests.games.catan.randomplay import check_invariants, check_observation, random_game
from tests.games.random_game import play_streamed
from tests.games.replay_elsewhere import assert_replays_in_another_process
from tests.games.test_conformance import GARBAGE, assert_refused_unchanged, check_round_trip

PLAYERS = (3, 4)


def check_fish(state) -> None:
    """Every token is somewhere: supply, spent pile or a hand; the boot in one place."""
    for i, count in enumerate(TOKEN_COUNTS):
        held = sum(h[i] for h in state.fish_held)
        assert state.fish_supply[i] + state.fish_spent[i] + held == count
    assert (state.fish_supply[3] == 1) == (state.fish_boot == -1)
    assert all(sum(h) <= 7 for h in state.fish_held)


def play(num_players: int, seed: int, every: int = 0):
    """A random game on ``ChanceStreams``; each ``every`` steps the conformance checks."""
    state = GAME.new_game(num_players, seed, OPTIONS)

    def checked(step: int) -> None:
        if every and (step + 1) % every == 0:  # counted from the first applied action
            check_round_trip(GAME, state)
            check_fish(state)
            for seat in range(num_players):
                json.dumps(state.observation(seat))

    return state, play_streamed(state, num_players, seed, after_step=checked)


@pytest.mark.parametrize("num_players", PLAYERS)
def test_fifty_seeded_random_games_end_with_a_winner_and_keep_every_invariant(
    num_players: int,
) -> None:
    """25 games per player count (50 in all) to the end, the engine's invariants and the fish
    checked at the end and at round trips on the way (the per-step checks: the next test)."""
    reasons = []
    for seed in range(25):
        state, _ = play(num_players, seed, every=400)
        check_invariants(state)
        check_fish(state)
        reasons.append(state.result()["reason"])
    assert reasons.count("victory") >= 24


def test_every_step_of_two_random_games_keeps_the_engine_invariants() -> None:
    for num_players in PLAYERS:
        state, _, _ = random_game(num_players, 5, OPTIONS, roundtrip_every=97, observe_every=89)
        check_fish(state)


def test_conformance_round_trips_and_replays_on_the_fishermen_options() -> None:
    """The conformance suite's round trip at every 101st step, and a replay of the seed and
    actions to the identical state."""
    for num_players in PLAYERS:
        state, applied = play(num_players, seed=11, every=101)
        again = replay(GAME, num_players, 11, OPTIONS, applied)
        assert again.to_dict() == state.to_dict()
        assert state.to_dict()["expansions"]["fishermen"]["fish_grounds"]


def test_a_replay_in_another_process_gives_the_identical_state(tmp_path) -> None:
    """Determinism across processes (the conformance suite's check, on these options)."""
    state, applied = play(4, seed=5)
    assert_replays_in_another_process("catan", 4, 5, OPTIONS, applied, state, tmp_path)


def test_the_same_seed_and_choices_give_the_same_game() -> None:
    first, _ = play(4, seed=3)
    second, _ = play(4, seed=3)
    assert first.to_dict() == second.to_dict()


def test_garbage_and_near_miss_fish_actions_are_refused_without_a_change() -> None:
    state = GAME.new_game(4, 4, OPTIONS)
    junk = [
        *GARBAGE,
        {"type": "fish_for", "item": "road", "pay": [5]},
        {"type": "fish_for", "item": "steal", "pay": [3], "seat": 9},
        {"type": "fish_for", "item": "resource", "pay": "4", "resource": "gold"},
        {"type": "give_boot", "seat": [1]},
        {"type": "swap_fish", "fish": {}},
    ]

    def refuses(step: int) -> None:
        if step % 10 == 0 or state.phase in ("fish_full", "fish_draw"):
            assert_refused_unchanged(state, junk)

    applied = play_streamed(state, 4, 4, 3000, before_step=refuses, must_end=False)
    assert any(a.get("type") == "fish_for" for a in applied)  # fish were spent on the way


def test_a_seat_never_sees_another_seat_s_fish() -> None:
    """FI-HO-01: at every step, each seat's observation and events show its own tokens' values
    only; the others' appear as counts."""
    state = GAME.new_game(4, 8, OPTIONS)
    mark = seen = 0

    def views(step: int) -> None:
        nonlocal mark
        for seat in range(4):
            obs = state.observation(seat)
            fish = obs["fishermen"]
            held = state.fish_held[seat]
            assert fish["fish"] == {"1": held[0], "2": held[1], "3": held[2]}
            assert fish["tokens"] == [sum(h) for h in state.fish_held]
            check_observation(state, seat)
        mark = len(state.events)

    def events(step: int) -> None:
        nonlocal seen
        for event in state.events[mark:]:
            if event["type"] == "draw_fish" and event["fish"] != "hidden":
                assert event["visible_to"] == [event["seat"]]
                seen += 1

    play_streamed(
        state, 4, 8, before_step=views, after_step=events, stop_when=lambda: state.turn >= 80
    )
    assert seen > 5


def test_the_picture_draws_grounds_lake_supply_and_the_words_tell_every_event(tmp_path) -> None:
    state, _, _ = random_game(4, 2, OPTIONS, check=False)
    view = picture.full_view(state)
    svg = picture.draw(view)
    assert svg.count('class="fishing-ground"') == 6
    assert 'data-terrain="lake"' in svg and 'class="lake-numbers"' in svg
    assert 'class="fish-supply"' in svg and "fish: " in svg
    names = ["Ann", "Bob", "Cy", "Di"]
    told = {e["type"]: narrate.describe(e, names) for e in state.events}
    for kind in ("fishing_grounds", "draw_fish", "fish_for", "old_boot"):
        assert kind in told and ":" not in told[kind].split(" ")[0], (kind, told.get(kind))
    public = picture.draw(picture.public_view(state))
    assert public.count('class="fishing-ground"') == 6 and "fish)" not in public

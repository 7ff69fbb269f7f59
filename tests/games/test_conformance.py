"""One conformance suite over every registered game (``../shared/contracts.md`` §1).

Random playouts with chance drawn from seeded streams check the contract at every step:
legal actions apply, serialisation round-trips, replay reproduces, observations and events are
JSON, garbage is refused with ``IllegalAction``/``ValueError`` only.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.common.api import CHANCE, Game, State
from games.common.chance import ChanceStreams
from games.common.replay import replay
from games.registry import GAMES, get_game
from tests.games.random_game import play_streamed
from tests.games.replay_elsewhere import assert_replays_in_another_process

GAME_IDS = sorted(GAMES)
MAX_STEPS = 20_000

GARBAGE: list[Any] = [
    None,
    0,
    "build",
    [],
    {},
    {"type": None},
    {"type": "no_such_action"},
    {"type": "pass", "extra": object.__name__},
    {"type": 5},
    {"index": -1},
]


def assert_refused_unchanged(state: State, junk: list[Any]) -> None:
    """Each of ``junk`` raises ValueError (``IllegalAction`` is one) and the state stays as it
    was."""
    before = json.dumps(state.to_dict(), sort_keys=True)
    for bad in junk:
        with pytest.raises(ValueError):
            state.apply(bad)
    assert json.dumps(state.to_dict(), sort_keys=True) == before, "a refused action changed state"


def twin_openings(
    game: Game, num_players: int, seed: int, options: dict[str, Any]
) -> tuple[State, State]:
    """Two new games of ``seed`` through their opening chance nodes, each drawing from its own
    ``ChanceStreams(seed)``: both draw the same outcome at every node and leave chance together
    (contracts §1: one stream per kind of chance)."""
    first = game.new_game(num_players=num_players, seed=seed, options=dict(options))
    second = game.new_game(num_players=num_players, seed=seed, options=dict(options))
    streams_a, streams_b = ChanceStreams(seed), ChanceStreams(seed)
    while first.current_player() == CHANCE:
        assert second.current_player() == CHANCE
        a, b = streams_a.sample(first), streams_b.sample(second)
        assert a == b
        first.apply(a)
        second.apply(b)
    assert second.current_player() == first.current_player()
    return first, second


def player_counts(game: Game) -> list[int]:
    counts = []
    for n in range(game.min_players, game.max_players + 1):
        try:
            game.new_game(num_players=n, seed=1, options={})
        except ValueError:
            continue  # e.g. 2 players only as a non-standard option
        counts.append(n)
    return counts


def playout(
    game: Game,
    num_players: int,
    seed: int,
    check_every: int = 0,
    options: dict[str, Any] | None = None,
) -> tuple[State, list]:
    """Play random legal actions; return the final state and the applied list (``options``: an
    expansion's suite reuses this one)."""
    state = game.new_game(num_players=num_players, seed=seed, options=options or {})

    def checked(step: int) -> None:
        if check_every and step % check_every == 0:
            check_round_trip(game, state)

    return state, play_streamed(state, num_players, seed, MAX_STEPS, after_step=checked)


def check_round_trip(game: Game, state: State) -> None:
    data = state.to_dict()
    text = json.dumps(data, sort_keys=True)
    again = game.from_dict(json.loads(text))
    assert json.dumps(again.to_dict(), sort_keys=True) == text
    assert again.current_player() == state.current_player()
    if state.current_player() >= 0:
        assert again.legal_actions() == state.legal_actions()


@pytest.fixture(params=GAME_IDS)
def game(request: pytest.FixtureRequest) -> Game:
    return get_game(request.param)


def test_registry_refuses_unknown_games() -> None:
    with pytest.raises(ValueError, match="unknown game"):
        get_game("chess")


def test_games_describe_themselves(game: Game) -> None:
    assert game.name in GAMES
    assert isinstance(game.version, str) and game.version
    assert isinstance(game.title, str) and game.title and game.title != game.name
    assert [g.title for g in GAMES.values()].count(game.title) == 1  # pages tell games apart
    assert 1 <= game.min_players <= game.max_players
    json.dumps(game.default_options)


def test_static_info_is_json_and_depends_on_options_only(game: Game) -> None:
    """Whatever the runner sends once in ``start`` must not depend on the game's chance."""
    static = game.static_info(dict(game.default_options))
    json.dumps(static)
    again = game.static_info(dict(game.default_options))
    assert static == again


def test_unknown_options_are_refused(game: Game) -> None:
    with pytest.raises(ValueError):
        game.new_game(num_players=game.max_players, seed=1, options={"no_such_option": True})


def test_random_games_end_and_round_trip_everywhere(game: Game) -> None:
    for num_players in player_counts(game):
        for seed in range(3):
            state, _ = playout(game, num_players, seed, check_every=37)
            result = state.result()
            assert sorted(result["ranking"]) == list(range(num_players))
            assert len(result["scores"]) == num_players
            assert isinstance(result["reason"], str) and result["reason"]
            json.dumps(state.events)


def test_seed_and_actions_replay_to_the_identical_state(game: Game) -> None:
    for num_players in player_counts(game):
        state, applied = playout(game, num_players, seed=11)
        again = replay(game, num_players, 11, {}, applied)
        assert again.to_dict() == state.to_dict()


def test_replay_in_another_process_gives_the_identical_state(game: Game, tmp_path) -> None:
    num_players = player_counts(game)[-1]
    state, applied = playout(game, num_players, seed=5)
    assert_replays_in_another_process(game.name, num_players, 5, {}, applied, state, tmp_path)


def test_same_seed_gives_the_same_chance_whatever_the_players_do(game: Game) -> None:
    """Contracts §1: one stream per kind of chance, so dice do not depend on decisions."""
    num_players = player_counts(game)[0]
    twin_openings(game, num_players, 3, {})


def test_observations_are_json_at_every_seat(game: Game) -> None:
    num_players = player_counts(game)[-1]
    state = game.new_game(num_players=num_players, seed=2, options={})
    streams, choice = ChanceStreams(2), random.Random(2)
    for _ in range(400):
        if state.is_terminal():
            break
        for seat in range(num_players):
            json.dumps(state.observation(seat))
        seat = state.current_player()
        if seat == CHANCE:
            state.apply(streams.sample(state))
        else:
            legal = state.legal_actions()
            state.apply(legal[int(choice.random() * len(legal))])


def test_garbage_actions_are_refused_with_value_errors_only(game: Game) -> None:
    num_players = player_counts(game)[-1]
    state = game.new_game(num_players=num_players, seed=4, options={})
    play_streamed(
        state,
        num_players,
        4,
        300,
        before_step=lambda _: assert_refused_unchanged(state, GARBAGE),
        must_end=False,
    )


def test_garbage_dicts_raise_only_value_error_from_from_dict(game: Game) -> None:
    state = game.new_game(num_players=player_counts(game)[-1], seed=6, options={})
    good = state.to_dict()
    broken: list[Any] = [None, [], {}, "x", {**good, "version": "nope"}]
    for key in list(good)[:8]:
        broken.append({k: v for k, v in good.items() if k != key})
        broken.append({**good, key: "garbage"})
    for data in broken:
        try:
            game.from_dict(data)
        except ValueError:
            continue
        except Exception as exc:
            pytest.fail(f"from_dict raised {type(exc).__name__}, not ValueError: {exc}")

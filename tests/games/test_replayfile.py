"""Replay files (docs/replay-format.md): built from a game, read back with every field checked,
re-simulated to the same end; a damaged or hostile file is a clear error, never a crash."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.common import replayfile
from games.registry import get_game
from tests.games.random_game import play_random


def _random_game(name: str, players: int, seed: int) -> dict:
    state, actions = play_random(name, players, seed)
    result = state.result()
    return replayfile.build(
        game=name,
        engine_version=get_game(name).version,
        num_players=players,
        seed=seed,
        options={},
        actions=actions,
        reason=result["reason"],
        ranks=[result["ranking"].index(seat) + 1 for seat in range(players)],
        scores=result["scores"],
        forfeits=[None] * players,
        seats=[{"name": f"bot{seat}"} for seat in range(players)],
        final_state=state.to_dict(),
    )


@pytest.mark.parametrize(("name", "players"), [("cardgame", 2), ("catan", 3)])
def test_a_played_game_round_trips_through_its_file_and_verifies(name: str, players: int) -> None:
    document = _random_game(name, players, seed=17)
    text = replayfile.dumps(document)
    assert "\n" not in text
    read = replayfile.parse(text.encode())
    assert read == json.loads(text)
    verdict = replayfile.verify(read, get_game(name))
    assert verdict.ok, verdict.problems
    assert verdict.terminal and verdict.actions_applied == len(document["actions"])


def test_verify_names_each_way_a_file_can_lie() -> None:
    game = get_game("cardgame")
    honest = _random_game("cardgame", 2, seed=3)

    cut = json.loads(replayfile.dumps(honest))
    cut["actions"] = cut["actions"][:-5]
    problems = replayfile.verify(cut, game).problems
    assert "the final state differs from the one the file was made from" in problems
    assert "the game is not over after the last action, and nobody forfeited" in problems

    scored = json.loads(replayfile.dumps(honest))
    scored["result"]["scores"][0] += 1
    assert any(
        p.startswith("scores: the engine says") for p in replayfile.verify(scored, game).problems
    )

    illegal = json.loads(replayfile.dumps(honest))
    illegal["actions"][100] = {"type": "no_such_action"}
    verdict = replayfile.verify(illegal, game)
    assert verdict.actions_applied == 100
    assert verdict.problems[0].startswith("action 101 cannot be applied: IllegalAction")

    other_engine = json.loads(replayfile.dumps(honest))
    other_engine["engine_version"] = "0.0.1"
    assert (
        "engine version: the file was played with 0.0.1"
        in replayfile.verify(other_engine, game).problems[0]
    )


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (b"not json", "the file is not JSON"),
        (b"[" * 100_000, "the file is not JSON"),
        (b'{"format": "something else"}', "this is not a replay file"),
        (b'{"format": "catan-arena-replay", "format_version": 99}', "format_version 99"),
    ],
)
def test_a_file_that_is_not_a_replay_is_refused_with_the_reason(text: bytes, says: str) -> None:
    with pytest.raises(replayfile.ReplayFileError, match=says):
        replayfile.parse(text)


def test_each_field_is_checked_before_an_engine_sees_it() -> None:
    honest = _random_game("cardgame", 2, seed=4)
    for damage, says in [
        (lambda d: d.update(seed="7"), "seed: expected int"),
        (lambda d: d.update(num_players=True), "num_players: expected int"),
        (lambda d: d["actions"].append([1]), "every action must be an object"),
        (lambda d: d["seats"].pop(), "seats: one object per player"),
        (lambda d: d["result"].update(ranks=[1, "2"]), "result.ranks: one whole number per player"),
        (lambda d: d["result"].update(forfeits=[1, None]), "result.forfeits: one reason or null"),
    ]:
        document = json.loads(replayfile.dumps(honest))
        damage(document)
        with pytest.raises(replayfile.ReplayFileError, match=says):
            replayfile.parse(json.dumps(document))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(
    field=st.sampled_from(["game", "num_players", "seed", "options", "actions", "seats", "result"]),
    value=JSON,
)
def test_any_value_in_any_field_is_a_clear_error_or_a_verdict_never_a_crash(field, value) -> None:
    document = json.loads(replayfile.dumps(_SMALL))
    document[field] = value
    try:
        read = replayfile.parse(json.dumps(document))
    except replayfile.ReplayFileError:
        return
    if read["game"] == "cardgame":
        replayfile.verify(read, get_game("cardgame"))  # findings, not exceptions


_SMALL = _random_game("cardgame", 2, seed=9)
_SMALL["actions"] = _SMALL["actions"][:40]  # the fuzzing is about the fields, not a long game

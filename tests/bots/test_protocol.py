"""Protocol round trips: the SDK, the example bots and the non-Python bot, on every game."""

from __future__ import annotations

import io
import json
import random
import shutil
from pathlib import Path

import pytest

from bots import protocol, sandbox
from bots.outcome import ILLEGAL_ACTION, PROTOCOL_ERROR
from bots.protocol import BotFault, parse_answer
from bots.runner import BotSpec, play_match
from games import registry
from games.common.replay import replay
from tests.bots.conftest import (
    FIRST_LEGAL,
    HOSTILE,
    TEST_LIMITS,
    bot_processes,
    can_sandbox_as_root,
)
from tests.bots.toygame import TOY

EXAMPLES = Path(__file__).resolve().parents[2] / "bots" / "examples"
SHELL_BOT = EXAMPLES / "random_bot.sh"
LEGAL = [{"type": "bank", "points": 1}, {"type": "pass"}]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (b'{"action": 1}', {"type": "pass"}),
        (b"0", {"type": "bank", "points": 1}),
        (b'{"action": {"type": "pass"}}\r', {"type": "pass"}),
        (
            b'{"action": {"type": "offer", "give": {"ore": 1}}}',
            {"type": "offer", "give": {"ore": 1}},
        ),
    ],
)
def test_answers_name_an_index_or_an_object(line: bytes, expected: dict) -> None:
    assert parse_answer(line, LEGAL) == expected


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (b"hello", PROTOCOL_ERROR),
        (b'{"act": 1}', PROTOCOL_ERROR),
        (b'{"action": true}', PROTOCOL_ERROR),
        (b'{"action": "pass"}', PROTOCOL_ERROR),
        (b"\xff\xfe", PROTOCOL_ERROR),
        (b'{"action": 2}', ILLEGAL_ACTION),
        (b"-1", ILLEGAL_ACTION),
    ],
)
def test_bad_answers_are_faults(line: bytes, reason: str) -> None:
    with pytest.raises(BotFault) as caught:
        parse_answer(line, LEGAL)
    assert caught.value.reason == reason


def test_sdk_serves_the_protocol_in_process() -> None:
    import sys

    sys.path.insert(0, str(sandbox.SDK_DIR))
    import arena_bot

    seen = []
    messages = [
        protocol.start_message(
            game="toy",
            engine_version="1",
            seat=1,
            num_players=2,
            options={},
            time_control={},
            bot_seed=protocol.bot_seed(5, 1),
        ),
        protocol.act_message(step=0, observation={"x": 1}, legal_actions=LEGAL, clock={}),
        protocol.end_message(result={"ranking": [1, 0]}, observation={}, you={"rank": 1}),
    ]
    stdin = io.StringIO("".join(protocol.encode(m).decode() for m in messages))
    stdout = io.StringIO()
    arena_bot.run(
        lambda turn: turn.actions_of_type("pass")[0],
        on_end=lambda match, end: seen.append((match.seat, end.rank, match.rng.random())),
        stdin=stdin,
        stdout=stdout,
    )
    assert json.loads(stdout.getvalue()) == {"action": 1}
    # The SDK's rng is seeded from start's bot_seed: the bot's randomness replays.
    assert seen == [(1, 1, random.Random(protocol.bot_seed(5, 1)).random())]


def test_bot_seeds_differ_by_seat_and_match_and_hide_the_match_seed() -> None:
    seeds = {protocol.bot_seed(match, seat) for match in range(50) for seat in range(4)}
    assert len(seeds) == 200
    assert all(0 <= seed < 2**63 for seed in seeds)
    assert protocol.bot_seed(7, 0) == protocol.bot_seed(7, 0)
    assert protocol.bot_seed(7, 0) not in (7, 7 + 0)


def play_and_check_replay(game, specs: list[BotSpec], seed: int) -> None:
    outcome = play_match(game, specs, seed=seed, options={}, time_control=None, limits=TEST_LIMITS)
    assert [s.forfeit for s in outcome.seats] == [None] * len(specs), [
        (s.forfeit_detail, s.stderr[-500:]) for s in outcome.seats
    ]
    assert outcome.reason and outcome.reason.startswith("forfeit") is False
    game_obj = registry.get_game(game) if isinstance(game, str) else game
    final = replay(game_obj, len(specs), seed, outcome.options, outcome.actions)
    assert final.to_dict() == outcome.final_state
    assert sorted(outcome.ranking) == list(range(len(specs)))
    assert all(s.move_times_ms for s in outcome.seats)
    assert bot_processes() == []


@can_sandbox_as_root
@pytest.mark.skipif(shutil.which("jq") is None, reason="the shell example bot needs jq")
def test_round_trip_with_the_non_python_bot() -> None:
    specs = [BotSpec(SHELL_BOT, "shell"), BotSpec(FIRST_LEGAL, "python")]
    outcome = play_match(TOY, specs, seed=2, options={}, time_control=None, limits=TEST_LIMITS)
    assert [s.forfeit for s in outcome.seats] == [None, None], outcome.seats[0].forfeit_detail
    assert "shell bot: game over" in outcome.seats[0].stderr
    assert replay(TOY, 2, 2, {}, outcome.actions).to_dict() == outcome.final_state


@can_sandbox_as_root
def test_the_template_bot_plays() -> None:
    specs = [BotSpec(EXAMPLES / "template_bot.py", "template"), BotSpec(FIRST_LEGAL, "python")]
    outcome = play_match(TOY, specs, seed=4, options={}, time_control=None, limits=TEST_LIMITS)
    assert [s.forfeit for s in outcome.seats] == [None, None], outcome.seats[0].stderr
    assert "playing toy as seat 0 of 2" in outcome.seats[0].stderr
    assert "finished with rank" in outcome.seats[0].stderr


def example(game: str, kind: str) -> Path:
    return EXAMPLES / game / f"{kind}_bot.py"


@can_sandbox_as_root
@pytest.mark.skipif("cardgame" not in registry.GAMES, reason="the card game engine is not merged")
def test_round_trip_cardgame_examples() -> None:
    specs = [
        BotSpec(example("cardgame", "heuristic"), "h"),
        BotSpec(example("cardgame", "random"), "r"),
    ]
    play_and_check_replay("cardgame", specs, seed=11)


@can_sandbox_as_root
@pytest.mark.skipif("catan" not in registry.GAMES, reason="the board game engine is not merged")
@pytest.mark.parametrize("players", [3, 4])
def test_round_trip_catan_examples(players: int) -> None:
    specs = [BotSpec(example("catan", "heuristic"), "h")]
    specs += [BotSpec(example("catan", "random"), f"r{i}") for i in range(1, players)]
    play_and_check_replay("catan", specs, seed=12)


@can_sandbox_as_root
@pytest.mark.skipif("catan" not in registry.GAMES, reason="the board game engine is not merged")
def test_board_game_goes_on_after_a_forfeit_with_the_fallback_policy() -> None:
    specs = [BotSpec(example("catan", "heuristic"), "h1"), BotSpec(HOSTILE / "crash.py", "x")]
    specs += [BotSpec(example("catan", "heuristic"), "h2")]
    outcome = play_match("catan", specs, seed=21, options={}, time_control=None, limits=TEST_LIMITS)
    assert [s.forfeit for s in outcome.seats] == [None, "crash", None]
    assert outcome.seats[1].rank == 3
    assert outcome.reason == "victory" and max(outcome.seats[0].score, outcome.seats[2].score) >= 10
    final = replay(registry.get_game("catan"), 3, 21, {}, outcome.actions)
    assert final.to_dict() == outcome.final_state
    assert bot_processes() == []


@can_sandbox_as_root
def test_no_isolation_is_refused_unless_the_unsafe_flag_is_set(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(sandbox.TIER_ENV, sandbox.TIER_UNSAFE)
    monkeypatch.delenv(sandbox.UNSAFE_ENV, raising=False)
    try:
        with pytest.raises(sandbox.SandboxUnavailable, match=sandbox.UNSAFE_ENV):
            sandbox.probe(refresh=True)
        with pytest.raises(sandbox.SandboxUnavailable):
            play_match(TOY, [BotSpec(FIRST_LEGAL, "a")] * 2, seed=1, options={}, time_control=None)
        monkeypatch.setenv(sandbox.UNSAFE_ENV, "1")
        assert sandbox.probe(refresh=True).tier == sandbox.TIER_UNSAFE
        assert "WITHOUT A SANDBOX" in capsys.readouterr().err
        outcome = play_match(
            TOY, [BotSpec(FIRST_LEGAL, "a")] * 2, seed=1, options={}, time_control=None
        )
        assert [s.forfeit for s in outcome.seats] == [None, None]
    finally:
        monkeypatch.undo()
        sandbox.probe(refresh=True)

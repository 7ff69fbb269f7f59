"""Answers that used to end a match as a platform error, sent by real bots through the sandbox.

Issue 12, item 1: a bot losing a game could void it by answering something the runner or the
engine choked on (a 100 KB ``[[[[…``, ``{"type": []}``): the match ended in ``error`` and was
never scored. Each answer here must end as that bot's forfeit, in both real engines.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from bots.outcome import ILLEGAL_ACTION, PROTOCOL_ERROR, PlatformError
from bots.runner import BotSpec, play_match
from games.errors import IllegalAction
from tests.bots.conftest import (
    FIRST_LEGAL,
    TEST_CLOCK,
    TEST_LIMITS,
    bot_processes,
    needs_root,
    storable,
)
from tests.bots.toygame import ToyGame, ToyState

pytestmark = needs_root  # and the tier fixture: each tier the machine can run


@pytest.fixture(autouse=True)
def _in_every_tier(tier: str) -> None:
    """Like ``test_hostile.py``: each answer in bwrap and in uid-seccomp."""


# The real line limit (1 MiB), so a 100 KB answer reaches the parser.
LIMITS = dataclasses.replace(TEST_LIMITS, line_bytes=1 << 20, output_bytes=4 << 20)

ANSWERS = {
    "nested_lists_100kb": (b"[" * 100_000, PROTOCOL_ERROR),
    "nested_actions": (b'{"action":' * 5000 + b"1" + b"}" * 5000, PROTOCOL_ERROR),
    "type_is_a_list": (b'{"action": {"type": []}}', PROTOCOL_ERROR),
    "type_is_an_object": (b'{"action": {"type": {"a": 1}}}', PROTOCOL_ERROR),
    "nan": (b'{"action": NaN}', PROTOCOL_ERROR),
    "infinite_field": (b'{"action": {"type": "propose_trade", "give": 1e400}}', PROTOCOL_ERROR),
    "huge_index": (b"1" + b"0" * 4000, ILLEGAL_ACTION),
    "huge_field": (b'{"action": {"type": "x", "n": 1' + b"0" * 100 + b"}}", PROTOCOL_ERROR),
    "deep_field": (b'{"action": {"type": "x", "v": [[[[[1]]]]]}}', PROTOCOL_ERROR),
    "nul_and_surrogate_type": (b'{"action": {"type": "\\u0000\\ud800"}}', ILLEGAL_ACTION),
    "unhashable_values": (
        b'{"action": {"type": "place_settlement", "vertex": [], "card": {}}}',
        ILLEGAL_ACTION,
    ),
    "trade_with_lists": (
        b'{"action": {"type": "propose_trade", "give": [1], "get": {"ore": []}}}',
        ILLEGAL_ACTION,
    ),
}


def answering_bot(folder: Path, line: bytes) -> Path:
    """A bot that answers its first ``act`` with ``line`` (and writes a NUL to its stderr)."""
    folder.mkdir()
    (folder / "main.py").write_text(
        "import sys\n"
        "sys.stdin.readline()\n"  # start
        "sys.stdin.readline()\n"  # the first act
        "sys.stderr.write('about to answer \\x00 badly\\n')\n"
        f"sys.stdout.buffer.write({line!r} + b'\\n')\n"
        "sys.stdout.flush()\n"
        "sys.stdin.readline()\n"
    )
    return folder


@pytest.mark.parametrize("game", ["cardgame", "catan"])
@pytest.mark.parametrize("name", sorted(ANSWERS))
def test_a_bad_answer_is_the_bots_forfeit(name: str, game: str, tmp_path: Path) -> None:
    line, reason = ANSWERS[name]
    hostile = BotSpec(answering_bot(tmp_path / "hostile", line), "hostile")
    # The board game needs three seats: two hostile ones end it (fewer than two bots left).
    specs = [hostile, BotSpec(FIRST_LEGAL, "ok")] if game == "cardgame" else [hostile] * 3
    outcome = play_match(game, specs, seed=5, options={}, time_control=TEST_CLOCK, limits=LIMITS)
    assert bot_processes() == []
    hostile_seats = [s for s in outcome.seats if s.forfeit is not None]
    assert hostile_seats, "nobody forfeited"
    for seat in hostile_seats:
        assert seat.forfeit == reason, seat.forfeit_detail
        # Stored as they are: no NUL (PostgreSQL's text refuses it), no lone surrogate.
        assert storable(seat.stderr) and "about to answer \\x00 badly" in seat.stderr
        assert storable(seat.forfeit_detail) and storable(seat.forfeit_evidence)


class CrashingToy(ToyGame):
    """The toy game with an engine bug: banking 1 point in seat 1 raises, though it is legal."""

    def new_game(self, num_players: int, seed: int, options: dict | None = None) -> ToyState:
        state = super().new_game(num_players, seed, options)
        apply = state.apply

        def buggy_apply(action: dict) -> None:
            if action == {"type": "bank", "points": 1} and state.current_player() == 1:
                raise KeyError("engine bug")
            apply(action)

        state.apply = buggy_apply  # type: ignore[method-assign]
        return state


def test_a_platform_error_names_the_seat_whose_answer_came_before_it() -> None:
    specs = [BotSpec(FIRST_LEGAL, "a"), BotSpec(FIRST_LEGAL, "b")]
    with pytest.raises(PlatformError) as caught:
        play_match(CrashingToy(), specs, seed=1, options={}, time_control=TEST_CLOCK, limits=LIMITS)
    assert caught.value.after_answer_of == 1
    assert "engine failed applying its own legal action" in str(caught.value)
    assert bot_processes() == []


class CrashingOnProposals(ToyGame):
    """An engine bug on made-up objects: an unknown ``type`` raises TypeError, not IllegalAction."""

    def new_game(self, num_players: int, seed: int, options: dict | None = None) -> ToyState:
        state = super().new_game(num_players, seed, options)
        apply = state.apply

        def buggy_apply(action: dict) -> None:
            if action.get("type") == "offer":
                state.data["scores"][0] += 100  # changed half-way, then crashed
                raise TypeError("engine bug")
            if action not in state.legal_actions() and state.current_player() >= 0:
                raise IllegalAction("not legal")
            apply(action)

        state.apply = buggy_apply  # type: ignore[method-assign]
        return state


def test_an_engine_crash_on_a_made_up_object_is_the_bots_forfeit_and_undone(
    tmp_path: Path,
) -> None:
    """The bot forfeits (its input, no legal action), and the game goes on from the state
    before its answer: the half-done change is rebuilt away from the seed and the actions."""
    hostile = BotSpec(answering_bot(tmp_path / "hostile", b'{"action": {"type": "offer"}}'), "h")
    specs = [hostile, BotSpec(FIRST_LEGAL, "b"), BotSpec(FIRST_LEGAL, "c")]
    outcome = play_match(
        CrashingOnProposals(), specs, seed=1, options={}, time_control=TEST_CLOCK, limits=LIMITS
    )
    assert outcome.seats[0].forfeit == ILLEGAL_ACTION
    assert "engine cannot read" in outcome.seats[0].forfeit_detail
    assert outcome.final_state["scores"][0] < 100
    assert bot_processes() == []

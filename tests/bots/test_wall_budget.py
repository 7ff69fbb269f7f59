"""The game's wall-clock budget per seat (``TimeControl.game_wall_s``), through the real sandbox.

The bot answers every decision inside the per-decision backstop but sleeps most of it away, so
only the budget for the whole game can stop it from holding the runner for the whole game.
"""

from __future__ import annotations

import dataclasses
import json
import time

from bots.outcome import TIMEOUT
from bots.runner import BotSpec, play_match
from tests.bots.conftest import (
    FIRST_LEGAL,
    HOSTILE,
    TEST_CLOCK,
    TEST_LIMITS,
    bot_processes,
    can_sandbox_as_root,
)
from tests.bots.toygame import TOY

pytestmark = can_sandbox_as_root

SLEEPER = HOSTILE / "sleep_under_backstop.py"
# The sleeper waits 0.8 s of each 1 s backstop; a full toy game (about 15 of its decisions)
# would hold the runner for some 12 s.
BACKSTOP_CLOCK = dataclasses.replace(TEST_CLOCK, wall_backstop_s=1.0)


def clocks_sent(stderr: str) -> list[dict[str, float]]:
    return [json.loads(line[6:]) for line in stderr.splitlines() if line.startswith("clock ")]


def play_sleeper(game_wall_s: float, options: dict[str, int] | None = None):
    clock = dataclasses.replace(BACKSTOP_CLOCK, game_wall_s=game_wall_s)
    specs = [BotSpec(SLEEPER, "sleeper"), BotSpec(FIRST_LEGAL, "ok")]
    started = time.monotonic()
    outcome = play_match(
        TOY, specs, seed=3, options=options or {}, time_control=clock, limits=TEST_LIMITS
    )
    assert bot_processes() == [], "a bot process survived the match"
    return outcome, time.monotonic() - started


def test_a_bot_sleeping_inside_the_backstop_forfeits_when_its_game_budget_runs_out(
    tier: str,
) -> None:
    outcome, elapsed = play_sleeper(game_wall_s=2.0)
    sleeper, other = outcome.seats
    assert sleeper.forfeit == TIMEOUT
    assert "wall-clock budget for the game ran out (2 s" in sleeper.forfeit_detail
    assert sleeper.rank == 2 and other.forfeit is None and outcome.ranking == [1, 0]
    # It answered once or twice (depending on how long its start took) before the budget ran
    # out, and the runner stopped waiting at the budget: long before the game would have ended
    # at its pace.
    asked = clocks_sent(sleeper.stderr)
    assert 2 <= len(asked) <= 3, asked
    assert 2.0 <= elapsed < 8.0


def test_the_clock_tells_the_bot_what_is_left_and_a_bot_within_its_budget_plays_on() -> None:
    # Four turns: two decisions of 0.8 s each against a budget of 4 s.
    outcome, _ = play_sleeper(game_wall_s=4.0, options={"max_turns": 4})
    sleeper = outcome.seats[0]
    assert sleeper.forfeit is None and outcome.reason == "target reached"
    first, second = clocks_sent(sleeper.stderr)
    assert first["game_wall_s"] == 4.0
    # The second decision is told the budget less the first one's wait (its sleep at least).
    assert 0.0 < second["game_wall_s"] <= 4.0 - 0.8

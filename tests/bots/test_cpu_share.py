"""Bots of one match cannot slow each other down (issue 12, item 4).

A bot that fills the machine with spinning children between its turns, each in its own session
(so, outside a cgroup, each its own autogroup with a whole process's weight), took the CPU from
its opponent: the opponent's wall time per decision went from 16 to 57 ms and it lost on time.
With the slot cgroups' CPU share (``bots/cgroups.py``: equal weight, a one-core quota) the
spinner's tree weighs as one process and uses at most a core.

Measured side by side in one test, so the machine's own load (other runners) cancels out: the
``steady`` bot does the same work for every decision and reports its wall and CPU time for it;
their ratio is how much of a CPU it got. Against a quiet bot and against the spinner (each
twice, interleaved) the median ratios must stay close. Without the share, on this 2-core VM
at a load average of about 10, the spinner made it three times worse (11.8 against 3.6, and
12.5 against 4.7); with it, 3.5 against 4.3 and 2.8 against 2.8.
"""

from __future__ import annotations

import dataclasses
import statistics

import pytest

from bots import cgroups
from bots.limits import TimeControl
from bots.outcome import MatchOutcome
from bots.runner import BotSpec, play_match
from tests.bots.conftest import FIRST_LEGAL, HERE, HOSTILE, TEST_LIMITS, bot_processes
from tests.bots.toygame import TOY

STEADY = HERE / "bots" / "steady.py"
SPINNER = HOSTILE / "setsid_spinners.py"
# A move allowance the spinner's children do not exhaust (their CPU is charged to it: it must
# not simply lose on time), and a long game of passes: 60 decisions per seat.
CLOCK = TimeControl(move_cpu_s=1.0, bank_cpu_s=30.0, wall_backstop_s=10.0, startup_wall_s=5.0)
OPTIONS = {"target": 1000, "max_turns": 120}
LIMITS = dataclasses.replace(TEST_LIMITS, processes=24)


def steady_ratios(outcome: MatchOutcome) -> list[float]:
    """The steady bot's wall/CPU ratio of each decision's work."""
    rows = [line.split() for line in outcome.seats[1].stderr.splitlines()]
    return [float(wall) / float(cpu) for _, wall, cpu, _ in rows if float(cpu) > 0]


def play(opponent: BotSpec) -> MatchOutcome:
    outcome = play_match(
        TOY,
        [opponent, BotSpec(STEADY, "steady")],
        seed=1,
        options=OPTIONS,
        time_control=CLOCK,
        limits=LIMITS,
    )
    assert bot_processes() == []
    assert [seat.forfeit for seat in outcome.seats] == [None, None], outcome.seats
    return outcome


@dataclasses.dataclass
class Measured:
    """What :func:`measure` saw: the steady bot's median wall/CPU ratios, and the CPU the
    opponent's clock was charged over its matches, each against the quiet bot and the spinner."""

    quiet_ratio: float
    spun_ratio: float
    quiet_cpu_s: float
    spinner_cpu_s: float


def measure(rounds: int = 2) -> Measured:
    """The steady bot against a quiet bot and against the spinner, ``rounds`` matches each,
    interleaved."""
    quiet: list[float] = []
    spun: list[float] = []
    quiet_cpu_s = spinner_cpu_s = 0.0
    for _round in range(rounds):
        outcome = play(BotSpec(FIRST_LEGAL, "quiet"))
        quiet += steady_ratios(outcome)
        quiet_cpu_s += sum(outcome.seats[0].move_times_ms) / 1000
        outcome = play(BotSpec(SPINNER, "spinner"))
        spun += steady_ratios(outcome)
        spinner_cpu_s += sum(outcome.seats[0].move_times_ms) / 1000
    return Measured(statistics.median(quiet), statistics.median(spun), quiet_cpu_s, spinner_cpu_s)


def has_cpu_share() -> bool:
    """Whether the slot cgroups here can hold a CPU share (CI's VM has the v1 cpu hierarchy)."""
    backend = cgroups.detect()
    return backend is not None and ("cpu" in (backend.v1_roots or {}) or "cpu" in backend.v2_caps)


def test_a_bot_spinning_setsid_children_is_charged_and_both_bots_finish(tier: str) -> None:
    """The spinner's matches end without a forfeit on either side (``play``), its children's CPU
    is its own (charged to its clock, not lost), and the steady bot reports its work.

    "Charged" is judged beside the quiet bot's clock in the same run, so that the machine's load
    cancels out: both answer at once, so without the children's CPU the spinner's clock would
    read what the quiet bot's does (0.007-0.02 s a match here, 2026-11-28), and with it it reads
    far more (0.70-0.83 s a match on a quiet machine; 0.48 s for two matches once beside a loaded
    CI run, which failed the fixed 0.5 s floor this test had before).

    How much the spinner slows its opponent is a timing figure, which depends on the host's
    scheduler: it is measured by ``bench/cpu_share.py`` (the goal: the steady bot's median
    wall/CPU against the spinner at most 1.5x its median against a quiet bot), not asserted here
    (docs/PERFORMANCE.md, "Bots of one match and the CPU share")."""
    if not has_cpu_share():
        pytest.skip("no cpu controller for the slot cgroups here (CI's VM has the v1 one)")
    seen = measure()
    print(f"steady bot's wall/CPU: {seen.quiet_ratio:.2f} quiet, {seen.spun_ratio:.2f} spinner")
    assert seen.quiet_ratio > 0 and seen.spun_ratio > 0
    assert seen.spinner_cpu_s > 5 * seen.quiet_cpu_s, seen

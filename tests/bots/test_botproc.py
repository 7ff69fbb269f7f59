"""One bot process: the seat's clock (each move's CPU is free up to the allowance, the excess
comes from the bank) and sending to a bot that does not read at once."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from bots import protocol, sandbox
from bots.botproc import BotProcess, BotSpec, Clock
from bots.limits import TimeControl
from bots.outcome import TIMEOUT
from bots.protocol import BotFault
from tests.bots.conftest import FIRST_LEGAL, TEST_LIMITS, can_sandbox_as_root

CLOCK = TimeControl(move_cpu_s=0.2, bank_cpu_s=0.5, wall_backstop_s=5.0, startup_wall_s=5.0)


@contextlib.contextmanager
def running(bot: Path, clock: TimeControl = CLOCK) -> Iterator[BotProcess]:
    """The bot started in a sandbox slot, closed afterwards."""
    with sandbox.acquire_slot() as slot:
        proc = BotProcess(slot, BotSpec(bot, bot.stem), TEST_LIMITS, clock)
        proc.start()
        try:
            yield proc
        finally:
            proc.close()


def test_only_the_excess_over_the_allowance_is_drawn_from_the_bank() -> None:
    clock = Clock(CLOCK)
    clock.charge(0.2)
    assert clock.bank_s == 0.5
    clock.charge(0.35)
    assert clock.bank_s == pytest.approx(0.35)
    assert clock.budget_s() == pytest.approx(0.55)
    assert clock.to_dict() == {"move_cpu_s": 0.2, "bank_cpu_s": 0.35, "game_wall_s": 300.0}


def test_the_wall_budget_left_is_reported_and_never_below_zero() -> None:
    clock = Clock(CLOCK)
    clock.wall_left_s -= 1.25
    assert clock.to_dict()["game_wall_s"] == 298.75
    clock.wall_left_s = -0.5
    assert clock.to_dict()["game_wall_s"] == 0.0


@can_sandbox_as_root
def test_each_answer_settles_its_move_from_the_cpu_counter() -> None:
    """Per-move timings and bank charges come from the CPU counter read at each answer."""
    act = protocol.act_message(step=0, observation={}, legal_actions=[{}], clock={})
    with running(FIRST_LEGAL) as proc:
        cpu = {"now": 0.0}  # stands in for the bot's cgroup counter
        proc._cpu_seconds = lambda: cpu["now"]
        for now in (0.05, 0.35):
            cpu["now"] = now
            assert proc.request(act) == b'{"action": 0}'
        assert proc.move_times_ms == [50.0, 300.0]
        assert proc.clock.bank_s == pytest.approx(0.4)
        cpu["now"] = 1.05  # 0.7 s against 0.2 s of allowance and 0.4 s of bank
        with pytest.raises(BotFault) as caught:
            proc.request(act)
        assert caught.value.reason == TIMEOUT
        assert "used 0.700 s CPU, 0.600 s were left" in caught.value.detail


SLOW_READER = """import sys, time
time.sleep(0.3)  # the runner's message fills the pipe meanwhile
for line in sys.stdin:
    print(len(line), flush=True)
"""
NON_READER = "import time\ntime.sleep(60)\n"


@can_sandbox_as_root
def test_a_message_larger_than_the_pipe_waits_until_the_bot_reads(tmp_path: Path) -> None:
    big = b"x" * (1 << 18) + b"\n"  # four times a pipe's 64 KiB
    bot = tmp_path / "slow_reader.py"
    bot.write_text(SLOW_READER)
    with running(bot) as proc:
        assert proc.request_line(big) == str(len(big)).encode()
        assert proc.request_line(b"ok\n") == b"3"


@can_sandbox_as_root
def test_a_bot_that_never_reads_times_out_on_the_wall_clock(tmp_path: Path) -> None:
    clock = TimeControl(move_cpu_s=0.2, bank_cpu_s=0.5, wall_backstop_s=0.5, startup_wall_s=5.0)
    bot = tmp_path / "non_reader.py"
    bot.write_text(NON_READER)
    with running(bot, clock) as proc, pytest.raises(BotFault) as caught:
        proc.notify({"type": "start", "padding": "x" * (1 << 18)})
    assert caught.value.reason == TIMEOUT
    assert "did not read its input" in caught.value.detail


def test_dropped_stderr_is_counted_in_the_units_the_limits_are_given_in() -> None:
    proc = BotProcess(None, BotSpec(FIRST_LEGAL, "first_legal"), TEST_LIMITS, CLOCK)  # type: ignore[arg-type]
    proc._stderr += b"last words"
    proc._stderr_dropped = 3 * 1024 * 1024 + 5
    assert proc.stderr_text == "last words\n[… 3 MiB more of stderr dropped]"

"""Bot protocol costs: per-decision round trip and sandboxed start-up, against plain pipes.

    python bench/protocol.py [--rounds 2000] [--spawns 30]

1. Round trip: the runner's ``BotProcess.request`` (encode, non-blocking write, select, capped
   read, CPU-clock read, answer parsing) to a sandboxed bot, against a plain blocking pipe
   write + readline of the same bytes to the same bot program run as a plain subprocess.
   Target: at most 1.5x the raw echo.
2. Start-up: a sandboxed bot (slot lock, staging, cgroup, bwrap, uid drop) until its first
   answer, against a plain ``subprocess.Popen`` of the same program until its first answer.
   Target: at most +15 ms.

The bot reads a line and answers ``{"action":0}`` without parsing, so only transport is timed.
Messages are real ``act`` messages of both games (observation + legal actions).
Prints figures only; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bots import protocol, sandbox, seccomp_filter
from bots.botproc import BotProcess, BotSpec
from bots.limits import SandboxLimits, TimeControl
from games.common.chance import ChanceStreams
from games.registry import GAMES

ECHO_BOT = """import sys
for line in sys.stdin:
    if line.startswith('{"type":"act"'):
        sys.stdout.write('{"action":0}\\n')
        sys.stdout.flush()
"""
CLOCK = TimeControl(move_cpu_s=10.0, bank_cpu_s=100.0, wall_backstop_s=30.0)


def sample_act_messages(count: int) -> list[dict]:
    """Real act messages from random play of every registered game (mid-game positions)."""
    messages = []
    rng = random.Random(1)
    for name, game in sorted(GAMES.items()):
        players = 4 if game.max_players >= 4 else game.max_players
        state = game.new_game(num_players=players, seed=5, options={})
        chance = ChanceStreams(5)
        step = 0
        while not state.is_terminal() and len(messages) < count * (1 + sorted(GAMES).index(name)):
            seat = state.current_player()
            if seat < 0:
                state.apply(chance.sample(state))
                continue
            legal = state.legal_actions()
            messages.append(
                protocol.act_message(
                    step=step,
                    observation=state.observation(seat),
                    legal_actions=legal,
                    clock={"move_cpu_s": 1.0, "bank_cpu_s": 10.0},
                )
            )
            state.apply(rng.choice(legal))
            step += 1
    return messages


def raw_round_trips(bot: Path, payloads: list[bytes]) -> list[float]:
    process = subprocess.Popen(
        [sandbox.PYTHON, "-s", str(bot)], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert process.stdin is not None and process.stdout is not None
    times = []
    for payload in payloads:
        start = time.perf_counter()
        process.stdin.write(payload)
        process.stdin.flush()
        process.stdout.readline()
        times.append(time.perf_counter() - start)
    process.stdin.close()
    process.wait()
    return times


def runner_round_trips(bot: Path, messages: list[dict]) -> tuple[list[float], list[float]]:
    """Per decision: (transport of pre-encoded bytes, whole decision with encode and parse)."""
    payloads = [protocol.encode(m) for m in messages]
    with sandbox.acquire_slot() as slot:
        proc = BotProcess(slot, BotSpec(bot, "echo"), SandboxLimits(), CLOCK)
        proc.start()
        try:
            proc.request(messages[0])  # start-up is measured separately
            transport = []
            for payload in payloads:
                start = time.perf_counter()
                proc.request_line(payload)
                transport.append(time.perf_counter() - start)
            whole = []
            for message in messages:
                start = time.perf_counter()
                protocol.parse_answer(proc.request(message), message["legal_actions"])
                whole.append(time.perf_counter() - start)
        finally:
            proc.close()
    return transport, whole


def raw_startup(bot: Path, payload: bytes) -> float:
    start = time.perf_counter()
    process = subprocess.Popen(
        [sandbox.PYTHON, "-s", str(bot)], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(payload)
    process.stdin.flush()
    process.stdout.readline()
    elapsed = time.perf_counter() - start
    process.stdin.close()
    process.wait()
    return elapsed


def sandbox_startup(bot: Path, message: dict) -> float:
    start = time.perf_counter()
    with sandbox.acquire_slot() as slot:
        proc = BotProcess(slot, BotSpec(bot, "echo"), SandboxLimits(), CLOCK)
        proc.start()
        try:
            proc.request(message)
            elapsed = time.perf_counter() - start
        finally:
            proc.close()
    return elapsed


def bare_bwrap_startup(bot: Path, payload: bytes) -> float:
    """The same bwrap command line, started directly as the slot uid: bubblewrap's own cost."""
    with sandbox.acquire_slot() as slot:
        entry = slot.stage(bot)
        fd = os.memfd_create("seccomp", 0)
        os.write(fd, seccomp_filter.filter_program())
        os.lseek(fd, 0, os.SEEK_SET)
        env = sandbox._bot_env(slot, sandbox.TIER_BWRAP)
        argv = sandbox._bwrap_argv(slot, SandboxLimits(), env, fd)
        argv += sandbox.bot_command(slot, entry, sandbox.TIER_BWRAP)
        start = time.perf_counter()
        process = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, pass_fds=(fd,),
            user=slot.uid, group=slot.uid, extra_groups=[], env={"PATH": "/usr/bin"},
        )  # fmt: skip
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(payload)
        process.stdin.flush()
        process.stdout.readline()
        elapsed = time.perf_counter() - start
        os.close(fd)
        process.stdin.close()
        process.wait()
    return elapsed


def describe(label: str, seconds: list[float]) -> str:
    us = sorted(s * 1e6 for s in seconds)
    p99 = us[min(len(us) - 1, int(len(us) * 0.99))]
    return f"{label:<34} median {statistics.median(us):8.1f} µs   p99 {p99:8.1f} µs"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--spawns", type=int, default=30)
    args = parser.parse_args()
    info = sandbox.probe()
    print(f"sandbox tier: {info.tier} (cgroups: {info.cgroups}); games: {', '.join(sorted(GAMES))}")
    messages = sample_act_messages(args.rounds // max(len(GAMES), 1))
    payloads = [protocol.encode(m) for m in messages]
    sizes = sorted(len(p) for p in payloads)
    print(
        f"act messages: {len(payloads)}, size median {statistics.median(sizes):.0f} B, "
        f"p90 {sizes[int(len(sizes) * 0.9)]} B, max {sizes[-1]} B"
    )
    with tempfile.TemporaryDirectory() as tmp:
        bot = Path(tmp) / "echo.py"
        bot.write_text(ECHO_BOT)
        bot.chmod(0o644)
        Path(tmp).chmod(0o755)
        raw = raw_round_trips(bot, payloads)
        transport, whole = runner_round_trips(bot, messages)
        print("\nround trip per decision")
        print(describe("raw pipe echo (same bytes)", raw))
        print(describe("runner, same bytes, sandboxed bot", transport))
        print(describe("runner, + JSON encode and parse", whole))
        ratio = statistics.median(transport) / statistics.median(raw)
        print(f"runner/raw, same bytes: {ratio:.2f}x (target <= 1.5x)")
        ratio = statistics.median(whole) / statistics.median(raw)
        print(f"runner/raw, whole decision: {ratio:.2f}x")

        raw_spawn, bare_spawn, our_spawn = [], [], []
        for _ in range(args.spawns):  # interleaved, so load changes hit all three alike
            raw_spawn.append(raw_startup(bot, payloads[0]))
            bare_spawn.append(bare_bwrap_startup(bot, payloads[0]))
            our_spawn.append(sandbox_startup(bot, messages[0]))
        print(f"\nstart-up until the first answer ({args.spawns} spawns each)")
        raw_ms = statistics.median(raw_spawn) * 1e3
        bare_ms = statistics.median(bare_spawn) * 1e3
        our_ms = statistics.median(our_spawn) * 1e3
        print(f"plain subprocess                   median {raw_ms:6.1f} ms")
        print(f"bare bwrap, same command line      median {bare_ms:6.1f} ms")
        print(f"runner (slot, staging, cgroup)     median {our_ms:6.1f} ms")
        extra = (statistics.median(our_spawn) - statistics.median(raw_spawn)) * 1e3
        print(f"overhead: +{extra:.1f} ms (target <= +15 ms)")
        with contextlib.suppress(OSError):
            print(f"load average: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()

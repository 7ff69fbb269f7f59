"""Bot protocol costs: per-decision round trip and sandboxed start-up, against plain pipes.

    python bench/protocol.py [--rounds 20] [--block 100] [--spawns 40] [--options]

1. Round trip of the same bytes to the same echo program, interleaved in blocks so that a
   change of load hits every path alike:

   - raw: blocking pipe write + readline to a plain subprocess (the baseline of the target);
   - raw to a sandboxed bot: the same loop, the bot started by ``sandbox.start`` (what the
     sandbox itself adds per message: the seccomp filter on the bot's system calls, cgroups);
   - runner: ``BotProcess.request_line`` to a sandboxed bot (non-blocking write, capped read,
     a poll with the deadline if the answer was not there yet, the CPU counter that settles
     the move);
   - runner, whole decision: the same plus JSON encoding of the message and parsing of the answer.

   Each is run twice, pinned, because left to the scheduler the figure mostly says on which
   CPU each bot happened to wake (on this VM a cross-CPU wake-up costs tens of microseconds;
   one unpinned run gave the raw echo 8.6 µs and the runner 62 µs, the next 8.6 and 12.7):
   runner and bots on one CPU (a round trip is then two context switches there, so the figure
   is the work done on both sides, which is what the runner can change), and the bots on the
   other CPU (every answer is a cross-CPU wake-up, as on an idle multi-core machine).
   Target: the runner at most 1.5x the raw echo.
2. Start-up: a sandboxed bot (slot lock, staging, cgroup, launcher, bwrap, uid drop) until its
   first answer, against a plain ``subprocess.Popen`` of the same program until its first
   answer, interleaved. Target: at most +15 ms. ``--options`` also times bare bwrap with each
   option group left out in turn, to show what each costs here.

The bot reads a line and answers ``{"action":0}`` without parsing, so only transport is timed.
Messages are real ``act`` messages of both games (observation + legal actions).
Prints figures only; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
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
LIMITS = SandboxLimits()
RUNNER_STARTUP = "runner (slot, staging, cgroup, launcher, bwrap)"


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


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (5 min {five:.2f}) on {os.cpu_count()} cores"


def plain_command(bot: Path) -> list[str]:
    return [sandbox.PYTHON, "-s", str(bot)]


# ---------------------------------------------------------------------------------------------
# Round trip


class RoundTripPaths:
    """The echo bots of every path, started together; each path sends one message and waits."""

    def __init__(self, bot: Path, stack: contextlib.ExitStack) -> None:
        self.raw = stack.enter_context(_popen(plain_command(bot)))
        raw_slot = stack.enter_context(sandbox.acquire_slot())
        entry = raw_slot.stage(bot)
        command = sandbox.bot_command(raw_slot, entry, sandbox.probe().tier)
        self.sandboxed = stack.enter_context(_popen_in_slot(raw_slot, command))
        runner_slot = stack.enter_context(sandbox.acquire_slot())
        self.runner = BotProcess(runner_slot, BotSpec(bot, "echo"), LIMITS, CLOCK)
        self.runner.start()
        stack.callback(self.runner.close)

    def calls(self) -> dict[str, Callable[[dict, bytes], object]]:
        def raw_echo(process: subprocess.Popen[bytes]) -> Callable[[dict, bytes], object]:
            stdin, stdout = process.stdin, process.stdout
            assert stdin is not None and stdout is not None

            def echo(_message: dict, payload: bytes) -> bytes:
                stdin.write(payload)
                stdin.flush()
                return stdout.readline()

            return echo

        runner = self.runner
        return {
            "raw pipe echo, plain subprocess": raw_echo(self.raw),
            "raw pipe echo, sandboxed bot": raw_echo(self.sandboxed),
            "runner, same bytes": lambda _message, payload: runner.request_line(payload),
            "runner, + encode and parse": lambda message, _payload: protocol.parse_answer(
                runner.request(message), message["legal_actions"]
            ),
        }


@contextlib.contextmanager
def _popen(argv: list[str], **kwargs: object) -> Iterator[subprocess.Popen[bytes]]:
    process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, **kwargs)
    try:
        yield process
    finally:
        assert process.stdin is not None
        process.stdin.close()
        process.wait()


@contextlib.contextmanager
def _popen_in_slot(slot: sandbox.Slot, command: list[str]) -> Iterator[subprocess.Popen[bytes]]:
    process = sandbox.start(slot, command, LIMITS)
    try:
        yield process
    finally:
        slot.kill_all(process)
        for stream in (process.stdin, process.stdout, process.stderr):
            if stream is not None:
                stream.close()


def measure_round_trips(
    bot: Path, messages: list[dict], rounds: int, block: int, *, runner_cpu: int, bot_cpu: int
) -> dict[str, tuple[list[float], float]]:
    """Per path: every round-trip time, and the runner process's CPU per message (seconds).

    The bots run on ``bot_cpu`` (they inherit it at start) and this process on ``runner_cpu``.
    """
    payloads = [protocol.encode(m) for m in messages]
    times: dict[str, list[float]] = {}
    cpu: dict[str, float] = {}
    every_cpu = os.sched_getaffinity(0)
    with contextlib.ExitStack() as stack:
        stack.callback(os.sched_setaffinity, 0, every_cpu)
        os.sched_setaffinity(0, {bot_cpu})
        calls = RoundTripPaths(bot, stack).calls()
        os.sched_setaffinity(0, {runner_cpu})
        for call in calls.values():  # warm up; the first request includes start-up
            call(messages[0], payloads[0])
        names = list(calls)
        position = 0
        for round_index in range(rounds):
            order = names[round_index % len(names) :] + names[: round_index % len(names)]
            indexes = [(position + i) % len(messages) for i in range(block)]
            position += block
            for name in order:
                call = calls[name]
                samples = times.setdefault(name, [])
                cpu_before = time.process_time()
                for i in indexes:
                    message, payload = messages[i], payloads[i]
                    started = time.perf_counter()
                    call(message, payload)
                    samples.append(time.perf_counter() - started)
                cpu[name] = cpu.get(name, 0.0) + time.process_time() - cpu_before
    return {name: (samples, cpu[name] / len(samples)) for name, samples in times.items()}


def report_round_trips(title: str, results: dict[str, tuple[list[float], float]]) -> None:
    print(f"\n{title} ({load()})")
    print(f"{'path':<34} {'median':>9} {'p90':>9} {'p99':>9} {'runner CPU':>11}")
    for name, (samples, cpu_s) in results.items():
        us = sorted(s * 1e6 for s in samples)
        print(
            f"{name:<34} {statistics.median(us):7.1f}µs {us[int(len(us) * 0.9)]:7.1f}µs "
            f"{us[int(len(us) * 0.99)]:7.1f}µs {cpu_s * 1e6:9.1f}µs"
        )
    medians = {name: statistics.median(samples) for name, (samples, _) in results.items()}
    raw = medians.pop("raw pipe echo, plain subprocess")
    for name, median in medians.items():
        print(f"{name} / raw: {median / raw:.2f}x")
    print("target: runner, same bytes / raw <= 1.5x")


# ---------------------------------------------------------------------------------------------
# Start-up


def first_answer_time(start: Callable[[], subprocess.Popen[bytes]], payload: bytes) -> float:
    started = time.perf_counter()
    process = start()
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(payload)
    process.stdin.flush()
    answer = process.stdout.readline()
    elapsed = time.perf_counter() - started
    process.stdin.close()
    process.wait()
    if not answer:
        raise RuntimeError(f"no answer from {process.args}")
    return elapsed


def runner_startup(bot: Path, message: dict) -> float:
    """Everything a match does for a seat until the bot's first answer."""
    started = time.perf_counter()
    with sandbox.acquire_slot() as slot:
        proc = BotProcess(slot, BotSpec(bot, "echo"), LIMITS, CLOCK)
        proc.start()
        try:
            proc.request(message)
            elapsed = time.perf_counter() - started
        finally:
            proc.close()
    return elapsed


def _bwrap_variants(argv: list[str]) -> dict[str, list[str]]:
    """The runner's bwrap command line, and the same with one option group left out."""

    def without(*options: tuple[str, int]) -> list[str]:
        trimmed = list(argv)
        for option, values in options:
            at = trimmed.index(option)
            del trimmed[at : at + 1 + values]
        return trimmed

    no_net = without(("--unshare-all", 0))
    at = no_net.index("--die-with-parent")
    no_net[at:at] = ["--unshare-user", "--unshare-ipc", "--unshare-pid", "--unshare-uts"]
    no_dev = without(("--dev", 1))
    at = no_dev.index("/dev")  # the second --remount-ro
    del no_dev[at - 1 : at + 1]
    no_env = list(argv)
    while "--setenv" in no_env:
        at = no_env.index("--setenv")
        del no_env[at : at + 3]
    return {
        "bwrap, full command line": argv,
        "  without network namespace": no_net,
        "  without --proc /proc": without(("--proc", 1)),
        "  without --dev /dev": no_dev,
        "  without --seccomp": without(("--seccomp", 1)),
        "  without --remount-ro /": without(("--remount-ro", 1)),
        "  without tmpfs /tmp": without(("--size", 1), ("--tmpfs", 1), ("--chdir", 1)),
        "  without --die-with-parent": without(("--die-with-parent", 0)),
        "  without --new-session": without(("--new-session", 0)),
        "  without --setenv": no_env,
    }


def cpu_of_self_and_children() -> float:
    """CPU seconds of this process and of every descendant reaped so far."""
    total = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
        usage = resource.getrusage(who)
        total += usage.ru_utime + usage.ru_stime
    return total


def measure_startup(
    bot: Path, message: dict, spawns: int, options: bool
) -> dict[str, tuple[list[float], list[float]]]:
    """Per path, in random order within each round: wall times until the first answer, and
    the CPU the whole start took (ours and the process tree's, once all of it is reaped)."""
    payload = protocol.encode(message)
    times: dict[str, tuple[list[float], list[float]]] = {}
    with sandbox.acquire_slot() as slot:
        entry = slot.stage(bot)
        command = sandbox.bot_command(slot, entry, sandbox.TIER_BWRAP)
        staged = [sandbox.PYTHON, "-s", str(slot.bot_dir / entry)]
        launcher = sandbox._launcher_argv(sandbox._rlimits(LIMITS, slot.uid), slot.uid)
        env = sandbox._bot_env(slot, sandbox.TIER_BWRAP)
        seccomp_fd = os.memfd_create("arena-seccomp", 0)
        os.write(seccomp_fd, seccomp_filter.filter_program())
        bwrap = sandbox._bwrap_argv(slot, LIMITS, env, seccomp_fd)
        as_slot_uid = {"user": slot.uid, "group": slot.uid, "extra_groups": []}
        paths: dict[str, tuple[list[str], dict]] = {
            "plain subprocess": (plain_command(bot), {}),
            "plain, launcher (prlimit + setpriv)": (launcher + staged, {}),
        }
        variants = _bwrap_variants(bwrap) if options else {"bwrap, full command line": bwrap}
        for name, argv in variants.items():
            paths[name] = (argv + command, as_slot_uid)

        def start_path(argv: list[str], extra: dict) -> subprocess.Popen[bytes]:
            os.lseek(seccomp_fd, 0, os.SEEK_SET)  # bwrap reads the filter from the shared fd
            return subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env={"PATH": "/usr/bin"},
                cwd="/", pass_fds=(seccomp_fd,), start_new_session=True, **extra,
            )  # fmt: skip

        runs: list[tuple[str, Callable[[], float]]] = [
            (name, lambda a=argv, e=extra: first_answer_time(lambda: start_path(a, e), payload))
            for name, (argv, extra) in paths.items()
        ]
        runs.append((RUNNER_STARTUP, lambda: runner_startup(bot, message)))
        times.update((name, ([], [])) for name, _run in runs)  # report in this order
        try:
            for _ in range(spawns):
                random.shuffle(runs)  # the previous sandbox's teardown slows whatever comes next
                for name, run in runs:
                    walls, cpus = times[name]
                    cpu_before = cpu_of_self_and_children()
                    walls.append(run())
                    slot.kill_all(None)  # reap what bwrap left to us (we are the subreaper)
                    cpus.append(cpu_of_self_and_children() - cpu_before)
        finally:
            os.close(seccomp_fd)
    return times


def report_startup(times: dict[str, tuple[list[float], list[float]]], spawns: int) -> None:
    print(f"\nstart-up until the first answer, medians of {spawns} ({load()})")
    print(f"{'path':<48} {'wall':>15} {'CPU (all processes)':>26}")
    medians = {
        name: (statistics.median(walls), statistics.median(cpus))
        for name, (walls, cpus) in times.items()
    }
    plain = medians["plain subprocess"]
    bwrap = medians["bwrap, full command line"]
    for name, (wall, cpu) in medians.items():
        against = bwrap if name.startswith("  ") else plain
        print(
            f"{name:<48} {wall * 1e3:5.1f} ms ({(wall - against[0]) * 1e3:+5.1f})"
            f"   {cpu * 1e3:9.1f} ms ({(cpu - against[1]) * 1e3:+5.1f})"
        )
    runner = medians[RUNNER_STARTUP][0]
    print(f"overhead of the runner over the plain subprocess: +{(runner - plain[0]) * 1e3:.1f} ms")
    print("target: <= +15 ms (rows starting with a space are against the full bwrap line)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=20, help="interleaved rounds per mode")
    parser.add_argument("--block", type=int, default=100, help="messages per path per round")
    parser.add_argument("--spawns", type=int, default=40)
    parser.add_argument("--options", action="store_true", help="time each bwrap option group")
    parser.add_argument("--cpu", type=int, default=os.cpu_count() - 1, help="the runner's CPU")
    parser.add_argument("--bot-cpu", type=int, default=0, help="the bots' CPU, 2nd pass")
    args = parser.parse_args()
    info = sandbox.probe()
    print(f"sandbox tier: {info.tier} (cgroups: {info.cgroups}); games: {', '.join(sorted(GAMES))}")
    messages = sample_act_messages(1000 // max(len(GAMES), 1))
    sizes = sorted(len(protocol.encode(m)) for m in messages)
    print(
        f"act messages: {len(sizes)}, size median {statistics.median(sizes):.0f} B, "
        f"p90 {sizes[int(len(sizes) * 0.9)]} B, max {sizes[-1]} B"
    )
    with tempfile.TemporaryDirectory() as tmp:
        bot = Path(tmp) / "echo.py"
        bot.write_text(ECHO_BOT)
        bot.chmod(0o644)
        Path(tmp).chmod(0o755)
        for bot_cpu in (args.cpu, args.bot_cpu):
            results = measure_round_trips(
                bot, messages, args.rounds, args.block, runner_cpu=args.cpu, bot_cpu=bot_cpu
            )
            where = f"runner on CPU {args.cpu}, bots on CPU {bot_cpu}"
            report_round_trips(f"round trip per decision, {where}", results)
        times = measure_startup(bot, messages[0], args.spawns, args.options)
        report_startup(times, args.spawns)


if __name__ == "__main__":
    main()

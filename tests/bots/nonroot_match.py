"""Played by ``test_nonroot.py`` as an unprivileged user: probe the sandbox, play one match per
bot named on the command line (seat 0, against a first-legal bot), print a JSON report.

    python -m tests.bots.nonroot_match first_legal net secrets …
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from bots import sandbox
from bots.runner import BotSpec, play_match
from tests.bots.conftest import CPU_CLOCK, FIRST_LEGAL, HOSTILE, TEST_CLOCK, TEST_LIMITS
from tests.bots.toygame import TOY

MUST_LOSE_ON_CPU = {"fork_bomb", "infinite_loop", "early_spinner"}


def main(names: list[str]) -> None:
    info = sandbox.probe()
    report = {"uid": os.getuid(), "tier": info.tier, "cgroups": info.cgroups, "matches": {}}
    for arg in names:
        # NAME plays tests/bots/hostile/NAME.py; NAME=PATH a bot folder made by the test.
        name, _, folder = arg.partition("=")
        path = FIRST_LEGAL if name == "first_legal" else HOSTILE / f"{name}.py"
        if folder:
            path = Path(folder)
        outcome = play_match(
            TOY,
            [BotSpec(path, name), BotSpec(FIRST_LEGAL, "ok")],
            seed=3,
            options={},
            time_control=CPU_CLOCK if name in MUST_LOSE_ON_CPU else TEST_CLOCK,
            limits=TEST_LIMITS,
        )
        report["matches"][name] = {
            "forfeits": [seat.forfeit for seat in outcome.seats],
            "detail": outcome.seats[0].forfeit_detail,
            "stderr": outcome.seats[0].stderr,
        }
    # Bots run as our own uid here: anything of it but us is a survivor.
    report["left_over"] = [p for p in sandbox.uid_processes(os.getuid()) if p != os.getpid()]
    report["without_bwrap"] = probe_without_bwrap()
    print(json.dumps(report))


def probe_without_bwrap() -> str:
    """What the probe says where bubblewrap is missing: a non-root runner has no other tier."""
    sandbox.BWRAP = "/nonexistent/bwrap"
    try:
        return f"picked {sandbox.probe(refresh=True).tier}"
    except sandbox.SandboxUnavailable as refusal:
        return f"refused: {refusal}"


if __name__ == "__main__":
    main(sys.argv[1:])

"""How much a bot that fills the machine with spinning setsid children slows its opponent.

The measurement of ``tests/bots/test_cpu_share.py`` (issue 12, item 4) as a figure, per sandbox
tier: the steady bot's median wall/CPU ratio per decision against a quiet bot and against the
spinner, matches interleaved, and their quotient (the goal: at most 1.5; without the slot
cgroups' CPU share it was about 3). Needs root and a cpu cgroup controller, as the test does.

    python bench/cpu_share.py [ROUNDS]          # default 4 rounds per tier
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots import sandbox
from tests.bots.test_cpu_share import has_cpu_share, measure


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    if os.geteuid() != 0 or not has_cpu_share():
        sys.exit("needs root and a cpu cgroup controller for the slot cgroups")
    tiers = [sandbox.TIER_BWRAP] if shutil.which("bwrap") else []
    for tier in [*tiers, sandbox.TIER_UID_SECCOMP]:
        os.environ[sandbox.TIER_ENV] = tier
        sandbox.probe(refresh=True)
        seen = measure(rounds)
        print(
            f"{tier}: steady bot's median wall/CPU {seen.quiet_ratio:.2f} quiet, "
            f"{seen.spun_ratio:.2f} spinner, slowdown {seen.spun_ratio / seen.quiet_ratio:.2f}x "
            f"(goal <= 1.5x); spinner charged {seen.spinner_cpu_s:.1f} s CPU "
            f"(the quiet bot {seen.quiet_cpu_s:.2f} s)"
        )


if __name__ == "__main__":
    main()

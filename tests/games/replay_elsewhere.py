"""Determinism across processes (contracts §1): the seed and the applied actions, replayed in a
fresh interpreter, give the identical state. One check for every suite that asks it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from games.common.api import State
from tests.workers import ROOT


def assert_replays_in_another_process(
    game: str,
    num_players: int,
    seed: int,
    options: dict,
    applied: list,
    state: State,
    tmp_path: Path,
) -> None:
    """Replay ``applied`` from ``seed`` on ``options`` in another Python process; its state
    must serialise to exactly ``state``'s JSON."""
    (tmp_path / "actions.json").write_text(json.dumps(applied))
    script = (
        "import json\n"
        "from games.registry import get_game\n"
        "from games.common.replay import replay\n"
        f"actions = json.load(open({str(tmp_path / 'actions.json')!r}))\n"
        f"state = replay(get_game({game!r}), {num_players}, {seed}, {options!r}, actions)\n"
        "print(json.dumps(state.to_dict(), sort_keys=True))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == json.dumps(state.to_dict(), sort_keys=True)

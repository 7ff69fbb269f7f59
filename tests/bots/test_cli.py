"""The local runner: summary table, --json, replays, seat rotation, and manage.py play."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from bots import cli
from games import registry
from games.common.replay import replay
from tests.bots.conftest import FIRST_LEGAL, HOSTILE, TEST_CLOCK, TEST_LIMITS, can_sandbox_as_root
from tests.bots.toygame import TOY

pytestmark = can_sandbox_as_root


def test_run_local_counts_wins_scores_forfeits_and_writes_replays(tmp_path: Path) -> None:
    progress = io.StringIO()
    summary = cli.run_local(
        TOY,
        [FIRST_LEGAL, HOSTILE / "not_json.py"],
        games=4,
        seed=10,
        replays_dir=tmp_path,
        time_control=TEST_CLOCK,
        limits=TEST_LIMITS,
        progress=progress,
    )
    good, bad = summary["bots"]
    assert (good["name"], bad["name"]) == ("first_legal", "not_json")
    assert good["games"] == bad["games"] == 4
    assert good["wins"] == 4 and bad["wins"] == 0
    assert bad["forfeits"] == {"protocol_error": 4}
    assert good["moves"] > 0 and good["max_move_ms"] >= good["mean_move_ms"] > 0
    assert "4/4 games" in progress.getvalue()
    files = sorted(tmp_path.glob("toy-*.json"))
    assert [f.name for f in files] == [f"toy-{s}.json" for s in (10, 11, 12, 13)]
    record = json.loads(files[1].read_text())
    assert record["bots"] == ["not_json", "first_legal"]  # seats rotate every game
    state = replay(TOY, record["num_players"], record["seed"], record["options"], record["actions"])
    assert state.to_dict() == record["final_state"]
    table = cli.format_table(summary)
    assert "protocol_error 4" in table and "first_legal" in table


def test_cli_json_output_through_the_registry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(registry.GAMES, "toy", TOY)
    code = cli.main(
        ["--game", "toy", str(FIRST_LEGAL), str(FIRST_LEGAL), "--games", "2", "--seed", "5",
         "--json", "--replays", str(tmp_path)]
    )  # fmt: skip
    assert code == 0
    out = capsys.readouterr().out
    summary = json.loads(out)
    assert [b["name"] for b in summary["bots"]] == ["first_legal", "first_legal#2"]
    assert sum(b["wins"] for b in summary["bots"]) == 2
    assert set(summary["bots"][0]) >= {
        "games", "wins", "average_score", "forfeits", "mean_move_ms", "max_move_ms"
    }  # fmt: skip


def test_cli_reports_a_missing_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--game", "toy", "nope.py", "--games", "1"]) == 2
    assert "no such bot" in capsys.readouterr().err


def test_manage_py_play_runs_without_a_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from django.core.management import call_command

    monkeypatch.setitem(registry.GAMES, "toy", TOY)
    out, err = io.StringIO(), io.StringIO()
    call_command(
        "play", "--game", "toy", str(FIRST_LEGAL), str(FIRST_LEGAL), "--games", "1",
        "--replays", str(tmp_path), stdout=out, stderr=err,
    )  # fmt: skip
    assert "first_legal#2" in out.getvalue()
    assert "1/1 games" in err.getvalue()


@pytest.mark.skipif("catan" not in registry.GAMES, reason="the board game engine is not merged")
def test_cli_plays_the_board_game_with_four_bots(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    examples = Path(__file__).resolve().parents[2] / "bots" / "examples" / "catan"
    bots = [str(examples / "heuristic_bot.py")] + [str(examples / "random_bot.py")] * 3
    code = cli.main(
        [
            "--game",
            "catan",
            *bots,
            "--games",
            "2",
            "--seed",
            "7",
            "--json",
            "--replays",
            str(tmp_path),
        ]
    )
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    assert [b["games"] for b in summary["bots"]] == [2, 2, 2, 2]
    assert sum(b["wins"] for b in summary["bots"]) == 2
    assert all(b["forfeits"] == {} for b in summary["bots"])
    assert len(list(tmp_path.glob("catan-*.json"))) == 2

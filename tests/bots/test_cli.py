"""The local runner: summary table, --json, replays, seat rotation, and manage.py play."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest

from bots import cli
from games import registry
from games.common import replayfile
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
    # Its opponent forfeits at its first move: first_legal moves at most once a game.
    assert 0 < good["moves"] <= 4 and good["mean_first_move_ms"] > 0
    assert "4/4 games" in progress.getvalue()
    files = sorted(tmp_path.glob("toy-*.json"))
    assert [f.name for f in files] == [f"toy-{s}.json" for s in (10, 11, 12, 13)]
    record = replayfile.parse(files[1].read_text())
    names = [seat["name"] for seat in record["seats"]]
    assert names == ["not_json", "first_legal"]  # seats rotate every game
    assert record["result"]["forfeits"] == ["protocol_error", None]
    verdict = replayfile.verify(record, TOY)
    assert verdict.ok and verdict.actions_applied == len(record["actions"])
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


def _zip(path: Path, members: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in members.items():
            archive.writestr(name, text)
    return path


def test_a_zip_bot_runs_as_the_server_unpacks_it(tmp_path: Path) -> None:
    """main.py imports a module beside it in the archive, as uploads may."""
    strategy = "def choose(legal):\n    return 0\n"
    main = "import strategy\n" + FIRST_LEGAL.read_text()
    bot = _zip(tmp_path / "zipped.zip", {"main.py": main, "strategy.py": strategy})
    summary = cli.run_local(
        TOY, [bot, FIRST_LEGAL], games=2, seed=3, time_control=TEST_CLOCK, limits=TEST_LIMITS
    )
    zipped = summary["bots"][0]
    assert zipped["name"] == "zipped" and zipped["forfeits"] == {}
    assert zipped["moves"] > 0


def test_a_bot_the_server_would_refuse_is_refused_here_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(registry.GAMES, "toy", TOY)
    bot = _zip(tmp_path / "evil.zip", {"../main.py": "print('x')\n"})
    assert cli.main(["--game", "toy", str(bot), str(FIRST_LEGAL), "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "the server would refuse this bot" in err and "evil.zip" in err


def test_a_py_bot_runs_alone_as_on_the_server(tmp_path: Path) -> None:
    """A module beside the .py on the author's disk is not uploaded with it, so it must not
    be importable here either."""
    (tmp_path / "helper.py").write_text("X = 1\n")
    bot = tmp_path / "leans_on_helper.py"
    bot.write_text("import helper\n" + FIRST_LEGAL.read_text())
    summary = cli.run_local(
        TOY, [bot, FIRST_LEGAL], games=1, seed=3, time_control=TEST_CLOCK, limits=TEST_LIMITS
    )
    assert summary["bots"][0]["forfeits"] == {"crash": 1}
    assert "ModuleNotFoundError" in summary["bots"][0]["forfeit_examples"]["crash"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "0"], "--games must be at least 1"),
        (["--options", "{foo"], "--options is not valid JSON"),
        (["--options", "[1]"], "--options must be a JSON object"),
    ],
)
def test_bad_arguments_get_a_clear_error(
    args: list[str],
    message: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setitem(registry.GAMES, "toy", TOY)
    assert cli.main(["--game", "toy", str(FIRST_LEGAL), str(FIRST_LEGAL), *args]) == 2
    assert message in capsys.readouterr().err


def test_first_moves_are_reported_apart_from_the_others(tmp_path: Path) -> None:
    summary = cli.run_local(
        TOY, [FIRST_LEGAL, FIRST_LEGAL], games=2, seed=3, time_control=TEST_CLOCK,
        limits=TEST_LIMITS, replays_dir=tmp_path,
    )  # fmt: skip
    bot = summary["bots"][0]
    records = [json.loads(f.read_text()) for f in sorted(tmp_path.glob("toy-*.json"))]
    assert bot["moves"] == sum(
        len(r["seats"][s]["move_times_ms"]) for r, s in zip(records, (0, 1), strict=True)
    )
    firsts = [
        records[0]["seats"][0]["move_times_ms"][0],
        records[1]["seats"][1]["move_times_ms"][0],
    ]
    assert bot["mean_first_move_ms"] == pytest.approx(sum(firsts) / 2, abs=0.001)
    rest = records[0]["seats"][0]["move_times_ms"][1:] + records[1]["seats"][1]["move_times_ms"][1:]
    assert bot["max_move_ms"] == pytest.approx(max(rest), abs=0.001)
    assert "1st move ms" in cli.format_table(summary)


def test_the_same_seed_replays_the_same_games_with_the_random_example_bots(
    tmp_path: Path,
) -> None:
    """The example random bot draws from the SDK's rng, seeded by start's bot_seed."""
    random_bot = Path(__file__).resolve().parents[2] / "bots" / "examples" / "cardgame"
    bots = [random_bot / "random_bot.py", random_bot / "random_bot.py"]
    runs = []
    for run in ("a", "b", "c"):
        cli.run_local(
            "cardgame", bots, games=1, seed=11 if run != "c" else 12, replays_dir=tmp_path / run
        )
        (record,) = [json.loads(f.read_text()) for f in (tmp_path / run).glob("*.json")]
        runs.append(record["actions"])
    assert runs[0] == runs[1]
    assert runs[0] != runs[2]


def test_the_clock_flags_reach_the_bots_through_manage_py_play(tmp_path: Path) -> None:
    """--move-cpu, --bank-cpu and --game-wall set the clock every bot is sent in ``start``."""
    from django.core.management import call_command

    telltale = tmp_path / "telltale.py"  # writes the clock it was given, then gives up
    telltale.write_text(
        "import json, sys\n"
        "start = json.loads(sys.stdin.readline())\n"
        "print(json.dumps(start['time_control'], sort_keys=True), file=sys.stderr)\n"
        "sys.exit(1)\n"
    )
    out = io.StringIO()
    call_command(
        "play", "--game", "cardgame", str(telltale), str(FIRST_LEGAL), "--games", "1", "--json",
        "--move-cpu", "0.5", "--bank-cpu", "4", "--game-wall", "42.5",
        "--replays", str(tmp_path / "replays"), stdout=out, stderr=io.StringIO(),
    )  # fmt: skip
    crash = json.loads(out.getvalue())["bots"][0]["forfeit_examples"]["crash"]
    assert '"bank_cpu_s": 4.0, "game_wall_s": 42.5, "move_cpu_s": 0.5' in crash
    assert "--game-wall SECONDS" in cli.build_parser().format_help()


def test_a_crash_note_ends_with_the_exception_line_however_long_the_traceback(
    tmp_path: Path,
) -> None:
    """The summary quotes a crash on one line that ends with the exception, not mid-traceback."""
    bot = tmp_path / "deep_crash.py"
    bot.write_text(
        "import sys\n"
        "sys.stdin.readline()\n"
        "def deep(n):\n"
        "    return deep(n - 1) if n else {}['missing key in my strategy table']\n"
        "deep(30)\n"
    )
    summary = cli.run_local(
        TOY, [bot, FIRST_LEGAL], games=1, seed=3, time_control=TEST_CLOCK, limits=TEST_LIMITS
    )
    crash = summary["bots"][0]["forfeit_examples"]["crash"]
    assert crash.endswith("KeyError: 'missing key in my strategy table'")
    assert "\n" not in crash and len(crash) <= cli.EXAMPLE_CHARS


def test_a_short_forfeit_note_is_quoted_whole() -> None:
    assert cli.forfeit_example("timed out", "") == "timed out"
    quoted = cli.forfeit_example("exited", "line one\nValueError: x")
    assert quoted == "exited line one ValueError: x"


def test_a_negative_clock_is_refused_before_any_game(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--game", "cardgame", str(FIRST_LEGAL), str(FIRST_LEGAL), "--move-cpu", "-1"]
    assert cli.main(argv) == 2
    assert (
        "TimeControl move_cpu_s must be a number more than 0, not -1.0" in capsys.readouterr().err
    )


def test_play_replay_checks_a_local_replay_file_and_finds_a_forged_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The local runner writes the site's replay format; ``--replay FILE`` re-simulates it."""
    random_bots = Path(__file__).resolve().parents[2] / "bots" / "examples" / "cardgame"
    bots = [random_bots / "random_bot.py"] * 2
    cli.run_local("cardgame", bots, games=1, seed=5, replays_dir=tmp_path)
    (path,) = tmp_path.glob("cardgame-5.json")
    assert cli.main(["--replay", str(path)]) == 0
    said = capsys.readouterr().out
    assert "cardgame, seed 5, random_bot, random_bot#2" in said and "the result holds" in said

    forged = replayfile.parse(path.read_text())
    forged["result"]["ranks"].reverse()  # claim the loser won
    path.write_text(replayfile.dumps(forged))
    assert cli.main(["--replay", str(path)]) == 1
    assert "problem: ranking: the engine says" in capsys.readouterr().out

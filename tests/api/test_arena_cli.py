"""The ``arena`` CLI end to end against a live test server: sign in, submit, follow, download."""

from __future__ import annotations

import io
import json
import stat
import sys

import pytest

from bots import arena_cli
from games.common import replayfile
from games.registry import get_game
from tests.tournament.conftest import TEST_BOTS
from tests.tournament.replays import finished_match
from tournament.models import Bot, Match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def arena(live_server, tmp_path, monkeypatch):
    """Run ``arena ARGS`` against the live server; return (exit status, stdout, stderr)."""
    monkeypatch.setenv("ARENA_CONFIG", str(tmp_path / "config.json"))
    monkeypatch.delenv("ARENA_TOKEN", raising=False)
    monkeypatch.delenv("ARENA_SERVER", raising=False)

    def run(*args: str, stdin: str = "") -> tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        monkeypatch.setattr(sys, "stderr", err)
        status = arena_cli.main(["--server", live_server.url, *args], out=out)
        return status, out.getvalue(), err.getvalue()

    run.url = live_server.url
    return run


@pytest.fixture
def alice(users):
    users["alice"].set_password("pw-of-alice")
    users["alice"].save()
    return users["alice"]


def test_an_author_signs_in_submits_and_follows_a_bot(arena, alice, house_bots, sent, tmp_path):
    status, said, _ = arena("status")
    assert status == 1
    status, _, err = arena("login", "--username", "alice", "--password-stdin", stdin="wrong\n")
    assert (status, err) == (1, f"arena: wrong username or password for {arena.url}\n")

    status, said, _ = arena(
        "login", "--username", "alice", "--password-stdin", stdin="pw-of-alice\n"
    )
    assert status == 0 and "Signed in to" in said and "as alice" in said
    config = tmp_path / "config.json"
    assert stat.S_IMODE(config.stat().st_mode) == 0o600
    assert json.loads(config.read_text())["token"].startswith("ca_")

    bot = tmp_path / "my_catan_bot.py"
    bot.write_bytes((TEST_BOTS / "random_legal.py").read_bytes())
    status, said, _ = arena("submit", "catan", str(bot))
    assert status == 0 and said.startswith("my_catan_bot v1 is stored (validating)")
    assert Bot.objects.get(name="my_catan_bot").owner == alice

    status, said, _ = arena("status")
    assert status == 0 and "my_catan_bot" in said and "v1 validating" in said

    status, said, _ = arena("matches", "--bot", "my_catan_bot")
    validation = Match.objects.get(
        kind=Match.VALIDATION, participants__version__bot__name="my_catan_bot"
    ).id
    assert status == 0 and said.splitlines()[2].startswith(f"{validation} ")
    assert sent == [validation]  # handed to the workers, as a page upload does
    assert "queued" in said

    status, said, err = arena("submit", "chess", str(bot))
    assert status == 1 and "the server answered 400" in err


def test_a_bot_submitted_for_a_scenario_is_validated_in_it_too(
    arena, alice, house_bots, sent, tmp_path, stand_in_family
):
    arena("login", "--username", "alice", "--password-stdin", stdin="pw-of-alice\n")
    bot = tmp_path / "fisher.py"
    bot.write_bytes((TEST_BOTS / "random_legal.py").read_bytes())
    status, said, _ = arena("submit", "catan", str(bot), "--family", stand_in_family)
    assert status == 0 and f"It plays {stand_in_family} too" in said
    version = Bot.objects.get(name="fisher").versions.get()
    assert version.families == ["base", stand_in_family]
    families = Match.objects.filter(participants__version=version).values_list("family", flat=True)
    assert sorted(families) == ["base", stand_in_family]
    status, said, err = arena("submit", "catan", str(bot), "--family", "nope", "--name", "f2")
    assert status == 1 and "nope" in err
    status, said, _ = arena("leaderboard", "catan", "--family", stand_in_family)
    assert status == 0 and "random_b" not in said  # no house bot plays the stand-in family


def test_replay_logs_and_leaderboard(arena, alice, tmp_path):
    match = finished_match("cardgame", seed=31)
    mine = match.participants.get(seat=1).version.bot
    mine.owner = alice
    mine.save()
    log = match.participants.get(seat=1).log
    log.stderr = "thinking hard\n"
    log.save()
    arena("login", "--username", "alice", "--password-stdin", stdin="pw-of-alice\n")

    target = tmp_path / "game.json"
    status, said, _ = arena("replay", str(match.id), "-o", str(target))
    assert status == 0 and f"written to {target}" in said
    assert replayfile.verify(replayfile.parse(target.read_bytes()), get_game("cardgame")).ok

    status, said, _ = arena("logs", str(match.id))
    assert status == 0 and f"== match {match.id}, seat 1:" in said and "thinking hard" in said
    status, _, err = arena("logs", str(match.id), "--seat", "0")
    assert status == 1 and "only the bot's owner and staff" in err

    status, said, _ = arena("leaderboard", "cardgame")
    assert status == 0 and mine.name in said and said.splitlines()[0].startswith("#")
    status, _, err = arena("leaderboard", "chess")
    assert status == 1 and 'unknown game "chess"' in err


def test_an_unreachable_server_is_said_plainly(tmp_path, monkeypatch):
    monkeypatch.setenv("ARENA_CONFIG", str(tmp_path / "config.json"))
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    assert arena_cli.main(["--server", "http://127.0.0.1:9", "status"], out=io.StringIO()) == 1
    assert err.getvalue().startswith("arena: cannot reach the server at http://127.0.0.1:9")
    assert arena_cli.main(["--server", "ftp://x", "status"], out=io.StringIO()) == 1
    assert "must start with http:// or https://" in err.getvalue()

"""What an author sees of their own bot, in a real browser: timings, chart, logs, the JSON link.

Set ``ARENA_SCREENSHOTS=/some/dir`` to keep PNG screenshots of these pages for a look by eye.
"""

from __future__ import annotations

import json
import random

from bots.outcome import CRASH
from tests.tournament.conftest import FAST_GAME
from tests.tournament.test_browser import page, pytestmark, sign_in  # noqa: F401 (fixture and marks)
from tests.tournament.test_browser_viewer import screenshot
from tests.tournament.test_uploads import TRACEBACK, fail_validation
from tests.tournament.test_views import play_against_alice
from tournament.models import BotVersion
from tournament.versions import upload_bot


def test_an_author_reads_their_bots_timing_and_logs(
    page,  # noqa: F811 (the fixture)
    live_server,
    users,
    house_bots,
    fast_ladder,
) -> None:
    users["alice"].set_password("pw-of-alice")
    users["alice"].save()
    jitter = random.Random(7)
    times = [62.4] + [round(jitter.uniform(0.4, 3.0), 2) for _ in range(235)]
    times[120] = 9.8
    tail = TRACEBACK[-300:].strip()
    match = play_against_alice(
        users,
        house_bots,
        fast_ladder,
        f"stderr ends: {tail}",
        stderr="loading book…\n" + TRACEBACK,
        move_times_ms=times,
    )
    sign_in(page, live_server.url, "alice", "pw-of-alice")

    page.goto(f"{live_server.url}/matches/{match.id}/#seat-{match.alice_seat}-log")
    section = page.locator(f"#seat-{match.alice_seat}-log")
    assert section.locator("svg.move-times").is_visible()
    text = section.inner_text()
    assert "236 moves timed" in text and "first move 62.4 ms (includes start-up)" in text
    assert "max 9.8 ms" in text
    stderr = section.locator("pre.log").inner_text()
    assert stderr.splitlines()[:2] == ["loading book…", "Traceback (most recent call last):"]
    screenshot(page, "owner-match")

    section.locator("text=This seat's log as JSON").click()
    log = json.loads(page.locator("body").inner_text())
    assert log["move_times_ms"] == times and log["seat"] == match.alice_seat


def test_an_author_reads_why_a_version_failed(page, live_server, users, house_bots):  # noqa: F811
    users["alice"].set_password("pw-of-alice")
    users["alice"].save()
    data = b"import sys\nprint('a bot that will crash')\n"
    version = upload_bot(users["alice"], FAST_GAME, "crashy", "crashy.py", data)
    tail = TRACEBACK[-300:].strip()
    fail_validation(
        BotVersion.objects.get(id=version.id),
        CRASH,
        "closed its stdout: exited with code 1",
        TRACEBACK,
        f"stderr ends: {tail}",
    )
    sign_in(page, live_server.url, "alice", "pw-of-alice")

    page.goto(f"{live_server.url}/bots/{version.bot_id}/")
    page.click("text=why it failed")
    log = page.locator("#validation-v1 pre").inner_text()
    assert log.count("ZeroDivisionError") == 1
    assert "\n--- stderr ---\nTraceback (most recent call last):\n" in log
    screenshot(page, "owner-bot")

"""The site in a real browser (Debian's chromium through Playwright) against a live server."""

from __future__ import annotations

import shutil

import pytest
from django.db import connections

from tests.tournament.conftest import FAST_GAME, TEST_BOTS
from tournament.models import Bot, BotVersion, Match

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not shutil.which("chromium"), reason="needs Debian's chromium (make test installs it)"
    ),
]

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


@pytest.fixture
def page(monkeypatch):
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread; the ORM calls of the test itself
    # are still plain synchronous code, so Django's async-context guard does not apply.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
        )
        try:
            yield browser.new_page(viewport={"width": 1100, "height": 800})
        finally:
            browser.close()
            # Inside Playwright's context the test's ORM calls got a connection of their own
            # (Django keeps connections per context); PostgreSQL cannot drop the test database
            # while it stays open.
            connections.close_all()


def sign_in(page, base_url: str, username: str, password: str, next_path: str = "") -> None:
    """Sign in through the login form and wait until the next page has loaded.

    The pages' scripts are deferred: a test that acts on the next page before its ``load`` event
    can race them (CI once read a note the form's script had not written yet).
    """
    page.goto(f"{base_url}/accounts/login/" + (f"?next={next_path}" if next_path else ""))
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("main button[type=submit]")
    page.wait_for_url(lambda url: "/accounts/login/" not in url, wait_until="load")


def test_an_author_signs_up_and_uploads_a_bot(house_bots, live_server, page) -> None:
    page.goto(f"{live_server.url}/bots/")
    assert "/accounts/login/" in page.url
    page.click("text=Sign up")
    page.fill("#id_username", "carol")
    page.fill("#id_password1", "a-long-pass-phrase")
    page.fill("#id_password2", "a-long-pass-phrase")
    page.click("main button[type=submit]")
    assert page.url == f"{live_server.url}/bots/"

    page.select_option("#id_game", FAST_GAME)
    page.fill("#id_name", "carols_bot")
    page.set_input_files("#id_code", str(TEST_BOTS / "random_legal.py"))
    page.click("main button[type=submit]")

    bot = Bot.objects.get(owner__username="carol", name="carols_bot")
    assert page.url == f"{live_server.url}/bots/{bot.id}/"
    assert "carols_bot v1 is stored" in page.inner_text(".notice")
    assert "validating" in page.inner_text("table")

    page.goto(f"{live_server.url}/bots/")
    page.fill("#id_name", "no spaces")
    page.set_input_files("#id_code", str(TEST_BOTS / "random_legal.py"))
    page.click("main button[type=submit]")
    assert "Use letters, digits" in page.inner_text("main form")
    assert Bot.objects.filter(owner__username="carol").count() == 1


def test_the_leaderboard_updates_itself_while_matches_finish(house_bots, live_server, page):
    page.goto(f"{live_server.url}/ladder/{FAST_GAME}/")
    page.evaluate("window.notReloaded = true")
    assert "4,321" not in page.inner_text("#live")

    BotVersion.objects.filter(bot=house_bots[1]).update(games_played=4321, elo=1987.0)

    page.wait_for_function(
        "document.getElementById('live').innerText.includes('4321')", timeout=15_000
    )
    assert page.evaluate("window.notReloaded") is True
    assert "1987" in page.inner_text("#live")


def test_a_live_match_page_follows_the_game_and_reloads_when_it_ends(house_bots, live_server, page):
    from tests.tournament.test_live import played
    from tournament import execution
    from tournament.live import LivePublisher
    from tournament.scheduler import schedule_ladder

    (match_id,) = schedule_ladder(FAST_GAME, 1)
    execution.claim(match_id, "w1")
    page.goto(f"{live_server.url}/matches/{match_id}/")
    page.evaluate("window.notReloaded = true")
    assert "Starting" in page.inner_text("#live-game")

    LivePublisher(match_id, FAST_GAME, interval_s=0)(40, {}, played(FAST_GAME, 3, 40))
    page.wait_for_selector("#live-game svg", timeout=15_000)
    assert "step 40" in page.inner_text("#live-game")
    assert page.evaluate("window.notReloaded") is True

    Match.objects.filter(id=match_id).update(status=Match.FINISHED)
    page.wait_for_function("window.notReloaded === undefined", timeout=15_000)
    assert page.locator("#live-game[data-ended]").count() == 1

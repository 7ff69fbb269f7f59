"""An organiser runs a knockout in a real browser; the page follows it to the champion; then a
round robin half played, which the organiser cancels.

Set ``ARENA_SCREENSHOTS=/some/dir`` to keep PNG screenshots of the pages for a look by eye.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model

from tests.tournament.conftest import finish, queued
from tests.tournament.test_browser import page, pytestmark  # noqa: F401 (fixture and marks)
from tests.tournament.test_browser_viewer import screenshot
from tournament.models import Tournament
from tournament.tournaments import create_tournament


def test_an_organiser_runs_a_knockout_and_watches_it_finish(
    live_server,
    page,  # noqa: F811
    card_versions,
    catan_versions,
    sent,
    django_capture_on_commit_callbacks,
) -> None:
    get_user_model().objects.create_user("org", password="a-long-pass-phrase", is_staff=True)
    page.goto(f"{live_server.url}/accounts/login/?next=/tournaments/new")
    page.fill("#id_username", "org")
    page.fill("#id_password", "a-long-pass-phrase")
    page.click("main button[type=submit]")
    page.fill("#id_name", "Winter Cup")
    page.select_option("#id_game", "cardgame")
    page.select_option("#id_format", "knockout")
    page.fill("#id_games_per_pairing", "3")
    for version in card_versions:
        page.check(f"input[name=entrants][value='{version.id}']")
    screenshot(page, "tournament-new")
    page.click("main button[type=submit]")

    tournament = Tournament.objects.get(name="Winter Cup")
    assert page.url == f"{live_server.url}/tournaments/{tournament.id}/"
    assert "0 of at most 12 games played" in page.inner_text("#tournament-live")
    page.evaluate("window.notReloaded = true")

    # Play three games by hand, the lower seed winning: 4 v 5 ends 2–0, the page follows.
    for game in queued(tournament)[:3]:
        underdog = max(game.participants.all(), key=lambda p: p.version_id).version_id
        finish(game, underdog, django_capture_on_commit_callbacks)
    page.wait_for_function(
        "document.getElementById('tournament-live').innerText.includes('3 of at most 12')",
        timeout=15_000,
    )
    assert page.evaluate("window.notReloaded") is True
    screenshot(page, "tournament-running")

    while games := queued(tournament):
        for game in games:
            underdog = max(game.participants.all(), key=lambda p: p.version_id).version_id
            finish(game, underdog, django_capture_on_commit_callbacks)
    page.wait_for_function(
        "document.getElementById('tournament-live').innerText.includes('8 of 8')",
        timeout=15_000,
    )
    page.reload()
    assert page.locator("svg.bracket .champion").text_content() == "card_4 v1"
    assert page.locator("svg.bracket g.tie").count() == 7
    screenshot(page, "tournament-finished")

    # A round robin of the three-player board game half played: standings without a bracket.
    league = create_tournament(
        tournament.organiser,
        "catan",
        "Board League",
        "round_robin",
        [v.id for v in catan_versions],
        games_per_pairing=3,
    )
    for game in queued(league)[::2]:
        finish(game, game.participants.all()[0].version_id, django_capture_on_commit_callbacks)
    page.goto(f"{live_server.url}/tournaments/{league.id}/")
    assert "6 of 12 games played" in page.inner_text("#tournament-live")
    assert page.locator("svg.bracket").count() == 0
    assert page.locator("table.entrants tbody tr").count() == 4
    screenshot(page, "tournament-round-robin")

    # The organiser calls the league off: its six queued games are dropped.
    page.click("text=Cancel the tournament")
    assert "Board League is cancelled: 6 queued games" in page.inner_text("main")
    assert page.locator(".status-cancelled").inner_text() == "cancelled"
    assert page.locator("text=Cancel the tournament").count() == 0
    assert league.games.filter(match__status="cancelled").count() == 6
    screenshot(page, "tournament-cancelled")
    page.goto(f"{live_server.url}/tournaments/")
    assert page.locator("td.status-cancelled").count() == 1
    screenshot(page, "tournament-list")

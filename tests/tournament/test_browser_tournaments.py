"""An organiser runs a knockout in a real browser (the form shows only the chosen game's bot
versions); the page follows it to the champion; then a round robin half played, which the
organiser cancels after confirming.

Set ``ARENA_SCREENSHOTS=/some/dir`` to keep PNG screenshots of the pages for a look by eye.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.tournament.conftest import finish, queued
from tests.tournament.test_browser import page, pytestmark, sign_in  # noqa: F401 (fixture and marks)
from tests.tournament.test_browser_viewer import screenshot
from tournament.models import Tournament
from tournament.tournaments import create_tournament


def test_an_organiser_runs_a_knockout_and_watches_it_finish(
    fair_share_off,
    live_server,
    page,  # noqa: F811
    card_versions,
    catan_versions,
    sent,
    django_capture_on_commit_callbacks,
) -> None:
    get_user_model().objects.create_user("org", password="a-long-pass-phrase", is_staff=True)
    sign_in(page, live_server.url, "org", "a-long-pass-phrase", "/tournaments/new")
    page.fill("#id_name", "Winter Cup")
    visible = "input[name=entrants]:visible"
    # The form lists only the chosen game's versions (and options); a box ticked under another
    # game is hidden and not sent.
    page.select_option("#id_game", "catan")
    assert page.locator(visible).count() == len(catan_versions)
    assert page.locator("details.options-catan").is_visible()
    assert not page.locator("details.options-cardgame").is_visible()
    page.check(f"input[name=entrants][value='{catan_versions[0].id}']")
    page.select_option("#id_game", "cardgame")
    assert page.locator(visible).count() == len(card_versions)
    assert {box.get_attribute("data-game") for box in page.locator(visible).all()} == {"cardgame"}
    assert page.locator(f"input[value='{catan_versions[0].id}']").is_disabled()
    page.select_option("#id_format", "knockout")
    page.fill("#id_games_per_pairing", "3")
    for version in card_versions:
        page.check(f"input[name=entrants][value='{version.id}']")
    screenshot(page, "tournament-new")
    page.click("main button[type=submit]")

    tournament = Tournament.objects.get(name="Winter Cup")
    assert tournament.entrants.count() == len(card_versions)  # the hidden catan box was not sent
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
    assert page.locator("svg.bracket .champion").text_content() == "alice/card_4 v1"
    standings = page.locator("table.standings tbody tr")
    assert standings.nth(0).inner_text().split("\t")[:4] == [
        "1",
        "alice/card_4 v1",
        "5",
        "Champion",
    ]
    assert standings.nth(2).inner_text().split("\t")[:4] == [
        "3",
        "alice/card_0 v1",
        "1",
        "Semi-finals",
    ]
    assert page.locator("table.games li.winner").count() == 8  # every game was won
    assert page.locator("table.games a:text('replay')").count() == 8
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

    # The organiser calls the league off: its six queued games are dropped, after a confirmation.
    page.click("text=Cancel the tournament")
    assert page.url == f"{live_server.url}/tournaments/{league.id}/cancel"
    assert "6 queued games will not be played" in page.inner_text("main")
    assert league.games.filter(match__status="cancelled").count() == 0
    screenshot(page, "tournament-cancel-confirm")
    page.click("text=Yes, cancel the tournament")
    assert "Board League is cancelled: 6 queued games" in page.inner_text("main")
    assert page.locator(".status-cancelled").inner_text() == "cancelled"
    assert page.locator("text=Cancel the tournament").count() == 0
    assert league.games.filter(match__status="cancelled").count() == 6
    screenshot(page, "tournament-cancelled")
    page.goto(f"{live_server.url}/tournaments/")
    assert page.locator("td.status-cancelled").count() == 1
    screenshot(page, "tournament-list")


def test_the_create_form_says_by_title_when_a_game_has_no_entrant(
    live_server,
    page,  # noqa: F811
    card_versions,
) -> None:
    get_user_model().objects.create_user("org", password="a-long-pass-phrase", is_staff=True)
    sign_in(page, live_server.url, "org", "a-long-pass-phrase", "/tournaments/new")
    # The note's text is the form's script's: expect retries until it is there.
    note = page.locator("[data-no-entrants]")
    page.select_option("#id_game", "catan")  # the form sends the id, the reader sees the title
    expect(note).to_have_text("No Catan board game bot version is active yet.")
    page.select_option("#id_game", "cardgame")
    expect(note).to_be_hidden()

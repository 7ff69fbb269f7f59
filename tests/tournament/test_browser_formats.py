"""The new formats in a real browser: an organiser opens a Swiss to entries, a bot owner
enters his bot from the page, the organiser closes and starts it, and the standings show the
Swiss columns; a double elimination's bracket picture keeps every name clear of its wins.

Set ``ARENA_SCREENSHOTS=/some/dir`` to keep PNG screenshots of the pages for a look by eye.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model

from tests.tournament.conftest import active_version, finish, make_bot, queued
from tests.tournament.test_browser import page, pytestmark, sign_in  # noqa: F401 (fixture and marks)
from tests.tournament.test_browser_viewer import screenshot
from tournament.models import Tournament
from tournament.tournaments import create_tournament

PASSWORD = "a-long-pass-phrase"


def test_an_owner_enters_an_open_swiss_from_its_page_and_it_runs_to_the_end(
    fair_share_off,
    live_server,
    page,  # noqa: F811
    users,
    card_versions,
    sent,
    django_capture_on_commit_callbacks,
) -> None:
    model = get_user_model()
    model.objects.create_user("org", password=PASSWORD, is_staff=True)
    carol = model.objects.create_user("carol", password=PASSWORD)
    carols_bot = active_version(make_bot(carol, "carols_bot", "random_legal.py", game="cardgame"))
    sign_in(page, live_server.url, "org", PASSWORD, "/tournaments/new")
    page.fill("#id_name", "Open Swiss")
    page.select_option("#id_game", "cardgame")
    page.select_option("#id_format", "table_advancement")
    assert page.locator("#id_heats").is_visible() and not page.locator("#id_rounds").is_visible()
    page.select_option("#id_format", "swiss")
    assert page.locator("#id_rounds").is_visible() and not page.locator("#id_heats").is_visible()
    page.check("#id_registration")
    for version in card_versions[:2]:
        page.check(f"input[name=entrants][value='{version.id}']")
    page.click("main button[type=submit]")
    tournament = Tournament.objects.get(name="Open Swiss")
    assert tournament.status == Tournament.DRAFT
    assert "A draft" in page.inner_text("section.registration")
    page.click("button[value=open]")
    assert "Registration is open" in page.inner_text("section.registration")

    owner = page.context.browser.new_page(viewport={"width": 1100, "height": 800})
    sign_in(owner, live_server.url, "carol", PASSWORD, f"/tournaments/{tournament.id}/")
    owner.select_option("#enter-bot", str(carols_bot.bot_id))
    owner.click("button[value=enter]")
    assert "Your bot is entered." in owner.inner_text("main")
    assert "carols_bot" in owner.inner_text("table.entries")
    screenshot(owner, "swiss-registration")

    page.reload()
    page.click("button[value=close]")
    assert "Entries are closed" in page.inner_text("section.registration")
    with django_capture_on_commit_callbacks(execute=True):
        page.click("button[value=start]")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.RUNNING
    while games := queued(tournament):
        for game in games:
            finish(
                game,
                min(p.version_id for p in game.participants.all()),
                django_capture_on_commit_callbacks,
            )
    page.reload()
    headers = page.locator("table.standings thead th").all_inner_texts()
    assert headers[3:6] == ["Points", "Buchholz", "S–B"]
    rows = page.locator("table.standings tbody tr")
    assert rows.count() == 3
    assert "carol/carols_bot v1" in page.inner_text("table.standings")
    assert "Round 3, board 1" in page.inner_text("table.games")
    screenshot(page, "swiss-finished")


def test_the_double_elimination_bracket_keeps_names_clear_of_their_wins(
    fair_share_off,
    live_server,
    page,  # noqa: F811
    users,
    sent,
    django_capture_on_commit_callbacks,
) -> None:
    from tournament.models import GameLadder

    GameLadder.objects.update_or_create(game="cardgame", defaults={"players_per_match": 2})
    long_names = [
        active_version(
            make_bot(
                users["alice"],
                f"a_very_long_bot_name_number_{i}_wide",
                "random_legal.py",
                game="cardgame",
            )
        ).id
        for i in range(5)
    ]
    tournament = create_tournament(
        users["staff"], "cardgame", "Double", "double_elimination", long_names, seeding="manual"
    )
    while games := queued(tournament):
        for game in games:
            finish(
                game,
                max(p.version_id for p in game.participants.all()),
                django_capture_on_commit_callbacks,
            )
    page.goto(f"{live_server.url}/tournaments/{tournament.id}/")
    bracket = page.locator("svg.double-elimination")
    assert bracket.is_visible()
    assert "Grand final" in bracket.inner_html()
    overlaps = page.evaluate(
        """() => {
        const bad = [];
        for (const tie of document.querySelectorAll('svg.double-elimination g.tie')) {
          const texts = [...tie.querySelectorAll('text')];
          const wins = texts.filter(t => t.getAttribute('text-anchor') === 'end');
          const names = texts.filter(t => t.getAttribute('text-anchor') !== 'end');
          for (const w of wins) {
            const wb = w.getBBox();
            for (const n of names) {
              const nb = n.getBBox();
              const sameRow = Math.abs(nb.y - wb.y) < 5;
              if (sameRow && nb.x + nb.width > wb.x - 4) bad.push(n.textContent);
            }
          }
        }
        return bad;
      }"""
    )
    screenshot(page, "double-elimination")
    assert overlaps == []
    assert page.locator("svg.double-elimination .champion").count() == 1
    screenshot(page, "double-elimination")


def test_the_table_formats_and_duplicate_sets_show_their_standings_in_a_browser(
    fair_share_off,
    live_server,
    page,  # noqa: F811
    users,
    catan_versions,
    sent,
    django_capture_on_commit_callbacks,
) -> None:
    ids = [v.id for v in catan_versions]
    tables = create_tournament(
        users["staff"],
        "catan",
        "Tables",
        "table_swiss",
        ids,
        players_per_match=3,
        format_settings={"rounds": 2, "duplicate": True},
    )
    heats = create_tournament(
        users["staff"], "catan", "Heats", "table_advancement", ids, players_per_match=3
    )
    for tournament in (tables, heats):
        while games := queued(tournament):
            for game in games:
                finish(
                    game,
                    min(p.version_id for p in game.participants.all()),
                    django_capture_on_commit_callbacks,
                )
        tournament.refresh_from_db()
        assert tournament.status == Tournament.FINISHED
    page.goto(f"{live_server.url}/tournaments/{tables.id}/")
    headers = page.locator("table.standings thead th").all_inner_texts()
    assert headers[3:5] == ["Points", "VP"]
    sets = page.locator("table.sets tbody")
    assert sets.count() == 2  # two rounds of one table, a set of three rotations each
    assert page.locator("table.sets thead th").all_inner_texts()[2:5] == [
        "Game 1",
        "Game 2",
        "Game 3",
    ]
    assert "won the set" in page.inner_text("table.sets")
    assert "Byes" in page.inner_text("p.byes")
    screenshot(page, "table-swiss-duplicate")
    page.goto(f"{live_server.url}/tournaments/{heats.id}/")
    reached = page.locator("table.standings tbody td.reached").all_inner_texts()
    assert reached[:3] == ["Final table"] * 3 and reached[3] == "Heats"
    assert "Final table · game 1" in page.inner_text("table.games")
    screenshot(page, "table-advancement")

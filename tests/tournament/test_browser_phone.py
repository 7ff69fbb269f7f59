"""The site on a phone (390 px wide) in a real browser: nothing spills out sideways, and a table
that scrolls inside its own box shows it can.

Set ``ARENA_SCREENSHOTS=/some/dir`` to keep PNG screenshots of the pages for a look by eye.
"""

from __future__ import annotations

import base64

import pytest

from tests.tournament.conftest import finish, queued
from tests.tournament.replays import finished_match
from tests.tournament.test_browser import page, pytestmark  # noqa: F401 (fixture and marks)
from tests.tournament.test_browser_viewer import screenshot
from tournament.models import Tournament
from tournament.tournaments import create_tournament

PHONE_WIDTH = 390

# Everything a page lays out sideways, measured in the browser: how wide the document is, where
# the header and each of its links end, and where each table's box ends.
MEASURE = """() => ({
  page: document.documentElement.scrollWidth,
  header: document.querySelector('header.top').getBoundingClientRect().right,
  links: [...document.querySelectorAll('header.top a, header.top button')]
    .map(el => el.getBoundingClientRect().right),
  tables: [...document.querySelectorAll('main table')].map(t => ({
    right: t.getBoundingClientRect().right, scrolls: t.scrollWidth > t.clientWidth,
  })),
})"""


@pytest.fixture
def cup(card_versions, users, sent, django_capture_on_commit_callbacks) -> Tournament:
    """A five-entrant knockout under way: its first tie played, the rest queued or waiting."""
    tournament = create_tournament(
        users["staff"], "cardgame", "Phone Cup", "knockout", [v.id for v in card_versions]
    )
    game = queued(tournament)[0]
    finish(game, game.participants.all()[0].version_id, django_capture_on_commit_callbacks)
    return tournament


@pytest.mark.parametrize(
    ("name", "path"),
    [
        ("home", "/"),
        ("leaderboard", "/ladder/catan/"),
        ("match-list", "/matches/"),
        ("match", "/matches/{match}/"),
        ("tournament", "/tournaments/{cup}/"),
    ],
)
def test_a_page_fits_a_phone_screen(page, live_server, house_bots, cup, name, path):  # noqa: F811
    match = finished_match("catan")
    page.set_viewport_size({"width": PHONE_WIDTH, "height": 844})
    page.goto(live_server.url + path.format(match=match.id, cup=cup.id))
    layout = page.evaluate(MEASURE)
    screenshot(page, f"phone-{name}")
    assert layout["page"] <= PHONE_WIDTH, "the page scrolls sideways"
    assert layout["header"] == PHONE_WIDTH, "the dark header stops short of the screen's edge"
    assert max(layout["links"]) <= PHONE_WIDTH, "a header link spills out"
    for table in layout["tables"]:
        assert table["right"] <= PHONE_WIDTH
    if name in ("leaderboard", "match-list", "match", "tournament"):
        # These tables are wider than a phone: they scroll inside their own box.
        assert any(table["scrolls"] for table in layout["tables"])


# How dark a band of pixels at each edge of an element's screenshot is: the PNG is decoded by
# the browser itself (a canvas), so the test needs no image library.
EDGE_DARKNESS = """async ({png, band}) => {
  const image = new Image();
  image.src = 'data:image/png;base64,' + png;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const darkness = (x) => {
    const data = context.getImageData(x, 0, band, image.height).data;
    let sum = 0;
    for (let i = 0; i < data.length; i += 4) sum += 765 - data[i] - data[i + 1] - data[i + 2];
    return sum / (data.length / 4) / 3;
  };
  return {left: darkness(0), right: darkness(image.width - band)};
}"""
NO_HINT = "table, figure.bracket { background: #fff !important; }"
BAND = 6
"""Pixels of each edge compared; the shadow is about 17 px wide."""


def edges(page, selector: str) -> dict[str, float]:  # noqa: F811 (the fixture is the argument)
    png = base64.b64encode(page.locator(selector).screenshot()).decode()
    return page.evaluate(EDGE_DARKNESS, {"png": png, "band": BAND})


def hint_at_edges(page, selector: str, scroll: str) -> dict[str, float]:  # noqa: F811
    """How much darker each edge of the element is with the scroll hint than without it, the
    element scrolled to ``scroll`` ("start" or "end"); the same content either way."""
    page.locator(selector).evaluate(
        f"el => {{ el.scrollLeft = {'0' if scroll == 'start' else 'el.scrollWidth'}; }}"
    )
    with_hint = edges(page, selector)
    style = page.add_style_tag(content=NO_HINT)
    without = edges(page, selector)
    style.evaluate("el => el.remove()")
    return {side: with_hint[side] - without[side] for side in ("left", "right")}


@pytest.mark.parametrize(
    ("name", "path", "selector"),
    [
        ("match-list", "/matches/", "main table"),
        ("tournament-standings", "/tournaments/{cup}/", "table.standings"),
        ("tournament-bracket", "/tournaments/{cup}/", "figure.bracket"),
    ],
)
def test_a_box_that_scrolls_sideways_shades_the_edge_it_can_scroll_towards(
    page,  # noqa: F811
    live_server,
    house_bots,
    cup,
    name,
    path,
    selector,
):
    finished_match("catan")
    page.set_viewport_size({"width": PHONE_WIDTH, "height": 844})
    page.goto(live_server.url + path.format(cup=cup.id))
    box = page.locator(selector)
    assert box.evaluate("el => el.scrollWidth > el.clientWidth + 20"), "it should scroll"
    box.scroll_into_view_if_needed()
    screenshot(page, f"phone-hint-{name}")
    at_start = hint_at_edges(page, selector, "start")
    assert at_start["right"] > 8, "no shade on the side there is more to see"
    assert abs(at_start["left"]) < 1, "a shade on the side with nothing more"
    at_end = hint_at_edges(page, selector, "end")
    assert at_end["left"] > 8 and abs(at_end["right"]) < 1


def test_a_table_that_fits_shows_no_hint(page, live_server, house_bots):  # noqa: F811
    page.set_viewport_size({"width": PHONE_WIDTH, "height": 844})
    page.goto(live_server.url + "/")
    page.add_style_tag(content="main table.fits { display: block; width: 10rem; }")
    page.evaluate(
        """() => document.querySelector('main').insertAdjacentHTML('afterbegin',
        '<table class="fits"><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>')"""
    )
    assert page.locator("table.fits").evaluate("el => el.scrollWidth <= el.clientWidth")
    assert hint_at_edges(page, "table.fits", "start") == pytest.approx(
        {"left": 0, "right": 0}, abs=1
    )

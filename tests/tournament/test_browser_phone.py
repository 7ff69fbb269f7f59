"""The site on a phone (390 px wide) in a real browser: nothing spills out sideways.

Set ``ARENA_SCREENSHOTS=/some/dir`` to keep PNG screenshots of the pages for a look by eye.
"""

from __future__ import annotations

import pytest

from tests.tournament.replays import finished_match
from tests.tournament.test_browser import page, pytestmark  # noqa: F401 (fixture and marks)
from tests.tournament.test_browser_viewer import screenshot

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


@pytest.mark.parametrize(
    ("name", "path"),
    [
        ("home", "/"),
        ("leaderboard", "/ladder/catan/"),
        ("match-list", "/matches/"),
        ("match", "/matches/{match}/"),
    ],
)
def test_a_page_fits_a_phone_screen(page, live_server, house_bots, name, path):  # noqa: F811
    match = finished_match("catan")
    page.set_viewport_size({"width": PHONE_WIDTH, "height": 844})
    page.goto(live_server.url + path.format(match=match.id))
    layout = page.evaluate(MEASURE)
    screenshot(page, f"phone-{name}")
    assert layout["page"] <= PHONE_WIDTH, "the page scrolls sideways"
    assert layout["header"] == PHONE_WIDTH, "the dark header stops short of the screen's edge"
    assert max(layout["links"]) <= PHONE_WIDTH, "a header link spills out"
    for table in layout["tables"]:
        assert table["right"] <= PHONE_WIDTH
    if name in ("leaderboard", "match-list", "match"):
        # These tables are wider than a phone: they scroll inside their own box.
        assert any(table["scrolls"] for table in layout["tables"])

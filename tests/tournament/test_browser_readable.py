"""On a 390 px phone every word a spectator reads is at least 12 px high: the pages' text and the
pictures' (the replay viewer, the live view, the bracket), which scroll sideways inside their
own box rather than shrink their words. Screenshots: ``ARENA_SCREENSHOTS=/some/dir``."""

from __future__ import annotations

import pytest

from tests.tournament.replays import finished_match
from tests.tournament.test_browser import page, pytestmark  # noqa: F401 (fixture and marks)
from tests.tournament.test_browser_phone import PHONE_WIDTH, cup  # noqa: F401 (fixture)
from tests.tournament.test_browser_viewer import screenshot

MIN_TEXT_PX = 12

# Every visible run of text in <main>: an HTML element's own text at its computed size, and an
# SVG <text> at its size times the picture's scale on screen.
TEXT_SIZES = """() => {
  const sizes = [];
  for (const el of document.querySelectorAll('main *')) {
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(el).visibility === 'hidden') continue;
    if (el instanceof SVGTextElement) {
      const scale = el.getScreenCTM().a;
      const px = parseFloat(getComputedStyle(el).fontSize) * scale;
      sizes.push({what: el.textContent.slice(0, 30), px});
    } else if (!(el instanceof SVGElement)) {
      const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
      const px = parseFloat(getComputedStyle(el).fontSize);
      if (own) sizes.push({what: el.textContent.trim().slice(0, 30), px});
    }
  }
  return {sizes, page: document.documentElement.scrollWidth};
}"""


@pytest.mark.parametrize(
    ("name", "path"),
    [
        ("viewer-catan", "/matches/{catan}/"),
        ("viewer-cardgame", "/matches/{card}/"),
        ("match-list", "/matches/"),
        ("leaderboard", "/ladder/catan/"),
        ("tournament", "/tournaments/{cup}/"),
    ],
)
def test_every_word_is_readable_on_a_phone(page, live_server, house_bots, cup, name, path):  # noqa: F811
    catan, card = finished_match("catan"), finished_match("cardgame", seed=12)
    page.set_viewport_size({"width": PHONE_WIDTH, "height": 844})
    page.goto(live_server.url + path.format(catan=catan.id, card=card.id, cup=cup.id))
    measured = page.evaluate(TEXT_SIZES)
    screenshot(page, f"readable-{name}")
    small = [s for s in measured["sizes"] if s["px"] < MIN_TEXT_PX - 0.01]
    assert not small, f"{len(small)} runs of text under {MIN_TEXT_PX} px, e.g. {small[:5]}"
    assert measured["page"] <= PHONE_WIDTH, "the page scrolls sideways"

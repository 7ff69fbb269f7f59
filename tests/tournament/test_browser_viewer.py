"""Stepping through a replay in a real browser (Debian's chromium through Playwright).

Set ``ARENA_SCREENSHOTS=/some/dir`` to keep PNG screenshots of the viewer for a look by eye.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.tournament.replays import finished_match
from tests.tournament.test_browser import page, pytestmark  # noqa: F401 (fixture and marks)
from tournament.viewer import Timeline


def screenshot(page, name: str) -> None:  # noqa: F811 (the fixture is the page argument)
    folder = os.environ.get("ARENA_SCREENSHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("game_name", ["catan", "cardgame"])
def test_a_spectator_steps_through_a_replay(page, live_server, house_bots, game_name):  # noqa: F811
    match = finished_match(game_name)
    steps = len(match.replay.unpack()["actions"])
    page.goto(f"{live_server.url}/matches/{match.id}/")
    position = page.locator(".viewer-position")
    assert f"Step {steps} of {steps}" in position.inner_text()
    assert page.locator(".viewer-picture svg").count() == 1
    screenshot(page, f"{game_name}-final")
    page.evaluate("window.notReloaded = true")

    page.click("text=|◀ First")
    page.wait_for_function("document.getElementById('viewer').dataset.step === '0'")
    page.click("text=Next ▶")
    page.click("text=Next ▶")
    page.wait_for_function("document.getElementById('viewer').dataset.step === '2'")
    assert f"Step 2 of {steps}" in position.inner_text()
    assert "?step=2" in page.url

    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.getElementById('viewer').dataset.step === '3'")
    page.click("text=◀ Prev")
    page.wait_for_function("document.getElementById('viewer').dataset.step === '2'")

    # The slider and the jump boxes land on steps outside the fetched window.
    page.locator(".viewer-slider").fill(str(steps // 2))
    page.wait_for_function(f"document.getElementById('viewer').dataset.step === '{steps // 2}'")
    page.fill("input[name=turn]", "20")
    page.press("input[name=turn]", "Enter")
    turn_20 = Timeline.from_payload(match.replay.unpack()).step_of_turn(20)
    page.wait_for_function(f"document.getElementById('viewer').dataset.step === '{turn_20}'")
    assert page.inner_text("[data-field=turn]") == "20"
    page.fill("input[name=step]", str(steps - 1))
    page.press("input[name=step]", "Enter")
    page.wait_for_function(f"document.getElementById('viewer').dataset.step === '{steps - 1}'")
    assert page.locator(".viewer-events li").count() >= 1
    assert page.evaluate("window.notReloaded") is True  # all of it without a page load
    screenshot(page, f"{game_name}-stepped")

    # Without script the same controls are links and forms the server answers.
    page.goto(f"{live_server.url}/matches/{match.id}/?step=7")
    assert f"Step 7 of {steps}" in position.inner_text()

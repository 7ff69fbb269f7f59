"""Stepping through a replay in a real browser (Debian's chromium through Playwright).

Set ``ARENA_SCREENSHOTS=/some/dir`` to keep PNG screenshots of the viewer for a look by eye.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from arena.front.viewer import Timeline, seat_names
from tests.tournament.replays import finished_match
from tests.tournament.test_browser import page, pytestmark  # noqa: F401 (fixture and marks)


def screenshot(page, name: str) -> None:  # noqa: F811 (the fixture is the page argument)
    folder = os.environ.get("ARENA_SCREENSHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def at_step(page, step: int) -> None:  # noqa: F811 (the fixture is the page argument)
    page.wait_for_function(f"document.getElementById('viewer').dataset.step === '{step}'")


@pytest.mark.parametrize("game_name", ["catan", "cardgame"])
def test_a_spectator_steps_through_a_replay(page, live_server, house_bots, game_name):  # noqa: F811
    match = finished_match(game_name)
    steps = len(match.replay.unpack()["actions"])
    timeline = Timeline.from_payload(match.replay.unpack(), seat_names(match))
    opening = timeline.opening
    page.goto(f"{live_server.url}/matches/{match.id}/")
    position = page.locator(".viewer-position")
    assert f"Step {steps} of {steps}" in position.inner_text()
    assert page.locator(".viewer-picture svg").count() == 1
    assert "Game over: " in page.locator(".viewer-events li.new").last.inner_text()
    screenshot(page, f"{game_name}-final")
    page.evaluate("window.notReloaded = true")

    # Start is where play starts: after the set-up (the deal, the first-player rolls), all of
    # which is new there; previous goes back over the set-up to step 0 in one go.
    page.click("text=|◀ Start")
    at_step(page, opening)
    new = page.locator(".viewer-events li.new").all_inner_texts()
    assert new and new == page.locator(".viewer-events li").all_inner_texts()[-len(new) :]
    screenshot(page, f"{game_name}-start")
    page.click("text=◀ Prev")
    at_step(page, 0)
    page.click("text=Next ▶")
    at_step(page, opening)
    page.click("text=Next ▶")
    page.click("text=Next ▶")
    at_step(page, opening + 2)
    assert f"Step {opening + 2} of {steps}" in position.inner_text()
    assert f"?step={opening + 2}" in page.url

    page.keyboard.press("ArrowRight")
    at_step(page, opening + 3)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    at_step(page, opening + 1)

    # The slider and the jump boxes land on steps outside the fetched window.
    page.locator(".viewer-slider").fill(str(steps // 2))
    page.wait_for_function(f"document.getElementById('viewer').dataset.step === '{steps // 2}'")
    page.fill("input[name=turn]", "20")
    page.press("input[name=turn]", "Enter")
    turn_20 = timeline.step_of_turn(20)
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


def test_play_runs_at_the_chosen_speed_and_space_pauses(page, live_server, house_bots):  # noqa: F811
    match = finished_match("cardgame")
    timeline = Timeline.from_payload(match.replay.unpack(), seat_names(match))
    page.goto(f"{live_server.url}/matches/{match.id}/?step=0")
    speed = page.locator(".viewer-speed select")
    assert speed.is_visible() and speed.input_value() == "3"

    # From step 0 play goes over the deal in one step, then on at 25 steps a second.
    speed.select_option("25")
    page.click("text=▶ Play")
    page.wait_for_function(
        f"Number(document.getElementById('viewer').dataset.step) >= {timeline.opening + 20}",
        timeout=5000,
    )
    page.keyboard.press("Space")
    assert page.locator("[data-goto=play]").inner_text() == "▶ Play"
    paused = page.evaluate("document.getElementById('viewer').dataset.step")
    page.wait_for_timeout(400)
    assert page.evaluate("document.getElementById('viewer').dataset.step") == paused

    # Space plays again, from where it paused; - slows down one notch, and the choice is kept.
    page.keyboard.press("Space")
    page.wait_for_function(
        f"document.getElementById('viewer').dataset.step !== '{paused}'", timeout=2000
    )
    page.keyboard.press("-")
    assert speed.input_value() == "12"
    page.keyboard.press("Space")
    page.reload()
    assert page.locator(".viewer-speed select").input_value() == "12"


def test_the_watch_link_plays_from_the_start_at_a_step_a_second(page, live_server, house_bots):  # noqa: F811
    """The home page's "worth watching" link: ?play=1 starts playing from where play starts,
    one step a second, and leaves the speed this browser keeps for other replays alone."""
    match = finished_match("cardgame")
    opening = Timeline.from_payload(match.replay.unpack(), seat_names(match)).opening
    page.goto(f"{live_server.url}/matches/{match.id}/?play=1#viewer")
    at_step(page, opening)
    page.wait_for_function("document.getElementById('viewer').dataset.playing === 'yes'")
    started = page.evaluate("performance.now()")
    at_step(page, opening + 2)
    # Two steps at 1 a second take about 2 s (at 3 a second, the next speed, under 0.7 s).
    assert page.evaluate("performance.now()") - started >= 1000
    assert page.locator(".viewer-speed select").input_value() == "1"
    assert page.evaluate("localStorage.getItem('arena.replay.speed')") is None

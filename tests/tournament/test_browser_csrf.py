"""The cross-origin attack through a browser's Basic password, in Debian's chromium: a page on
another origin (``127.0.0.1``, the site being ``localhost``) makes the victim's browser cancel
their tournament and upload a version of their bot. Without the guard of ``arena/api_auth.py``
it works; with it the site refuses both and never asks a browser for a Basic password.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

import pytest

from arena import api_auth
from tests.tournament.conftest import FAST_GAME, basic_auth, make_bot
from tests.tournament.test_browser import page  # noqa: F401 (a fixture)
from tests.tournament.test_browser import pytestmark as browser_marks
from tournament.models import BotVersion, Tournament
from tournament.tournaments import create_tournament

pytestmark = [*browser_marks, pytest.mark.usefixtures("fair_share_off")]

ATTACK_PAGES = {
    # A form with a file that the page fills itself (DataTransfer), posted as multipart.
    "upload": """<!doctype html>
<title>Free Catan strategy guide</title>
<form method="post" enctype="multipart/form-data" action="{site}/api/bots/">
  <input name="game" value="{game}"><input name="name" value="alices_bot">
  <input type="file" name="code">
</form>
<script>
  const code = new DataTransfer();
  code.items.add(new File(["raise SystemExit('forged by another origin')\\n"], "x.py"));
  document.querySelector("input[type=file]").files = code.files;
  document.forms[0].submit();
</script>
""",
    "cancel": """<!doctype html>
<title>Free Catan strategy guide</title>
<form method="post" action="{site}/api/tournaments/{tournament}/cancel"></form>
<script>document.forms[0].submit();</script>
""",
}
"""The attacker's pages (another origin), each submitting a form to the site as it opens."""


@pytest.fixture
def attacker(live_server) -> Iterator[str]:
    """Another origin: pages that attack the site at ``live_server`` (``/upload``,
    ``/cancel?tournament=ID``)."""
    assert urlparse(live_server.url).hostname == "localhost"

    class AttackPage(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            url = urlparse(self.path)
            if url.path.strip("/") not in ATTACK_PAGES:
                self.send_error(404)
                return
            body = (
                ATTACK_PAGES[url.path.strip("/")]
                .format(
                    site=live_server.url,
                    tournament=parse_qs(url.query).get("tournament", [""])[0],
                    game=FAST_GAME,
                )
                .encode()
            )
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), AttackPage)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def victim(users, house_bots, card_versions, sent):
    """alice: a password, a bot with a live version, and the organiser's right."""
    alice = users["alice"]
    alice.set_password("pw-of-alice")
    alice.is_staff = True
    alice.save()
    make_bot(alice, "alices_bot", "random_legal.py")
    return alice


def new_event(victim, card_versions) -> Tournament:
    ids = [v.id for v in card_versions[:3]]
    return create_tournament(victim, "cardgame", "Alice's cup", "round_robin", ids)


def visit_attack(browser_page, attacker: str, site: str, tournament: Tournament) -> dict[str, int]:
    """Open the attacker's pages; return the status of each request they made to the site."""
    answers: dict[str, int] = {}

    def note(response) -> None:
        if response.request.method == "POST" and response.url.startswith(site):
            answers[urlparse(response.url).path] = response.status

    browser_page.on("response", note)
    browser_page.goto(f"{attacker}/upload")
    browser_page.wait_for_url(f"{site}/api/bots/")
    browser_page.goto(f"{attacker}/cancel?tournament={tournament.id}")
    browser_page.wait_for_url(f"{site}/api/tournaments/{tournament.id}/cancel")
    browser_page.remove_listener("response", note)
    return answers


def basic_header(username: str, password: str) -> dict[str, str]:
    return {"Authorization": basic_auth(username, password)["HTTP_AUTHORIZATION"]}


def answering_prompts(any_page, site: str):
    """A fresh browser context that answers the site's Basic prompts with alice's password, as
    she would (credentials cached in it afterwards, as a browser does)."""
    return any_page.context.browser.new_context(
        http_credentials={"username": "alice", "password": "pw-of-alice", "origin": site}
    )


def forged_versions() -> int:
    return BotVersion.objects.filter(bot__name="alices_bot", filename="x.py").count()


def test_a_cached_basic_password_lets_another_origin_act_without_the_guard_and_not_with_it(
    victim,
    card_versions,
    live_server,
    attacker,
    page,  # noqa: F811 (the fixture)
    monkeypatch,
) -> None:
    """alice once answered the API's Basic prompt (Playwright answers for her), so her browser
    sends the password to the site by itself; the attacker's pages are on another origin."""
    site = live_server.url
    context = answering_prompts(page, site)
    browser_page = context.new_page()

    # Without the guard (DRF's plain Basic authentication): the attack works.
    with monkeypatch.context() as unguarded:
        unguarded.setattr(api_auth, "looks_like_a_browser", lambda request: False)
        first = new_event(victim, card_versions)
        answers = visit_attack(browser_page, attacker, site, first)
    first.refresh_from_db()
    assert answers == {"/api/bots/": 201, f"/api/tournaments/{first.id}/cancel": 200}
    assert first.status == Tournament.CANCELLED
    assert forged_versions() == 1

    # With it, the same browser (its password cached for /api/bots/): refused, nothing changes.
    # The upload carries the cached password and fails the CSRF check; the cancel of another
    # event's path gets a 401 whose challenge is not Basic, so the browser sends no password.
    second = new_event(victim, card_versions)
    answers = visit_attack(browser_page, attacker, site, second)
    assert answers == {"/api/bots/": 403, f"/api/tournaments/{second.id}/cancel": 401}
    context.close()

    # The worst case: a browser that sends the password with every request to the site.
    context = page.context.browser.new_context(
        extra_http_headers=basic_header("alice", "pw-of-alice")
    )
    browser_page = context.new_page()
    answers = visit_attack(browser_page, attacker, site, second)
    assert answers == {"/api/bots/": 403, f"/api/tournaments/{second.id}/cancel": 403}
    assert "CSRF Failed: Origin checking failed" in browser_page.inner_text("body")
    second.refresh_from_db()
    assert second.status == Tournament.RUNNING
    assert forged_versions() == 1
    context.close()


def test_the_site_never_leads_a_browser_to_store_a_basic_password(
    victim,
    card_versions,
    live_server,
    attacker,
    page,  # noqa: F811 (the fixture)
    monkeypatch,
) -> None:
    """Playwright answers every Basic prompt with alice's password, as a person would: the
    site's API asks for none, so the browser has nothing to send to the attacker's requests."""
    site = live_server.url
    context = answering_prompts(page, site)
    browser_page = context.new_page()

    with monkeypatch.context() as unguarded:
        unguarded.setattr(api_auth, "looks_like_a_browser", lambda request: False)
        before = browser_page.goto(f"{site}/api/bots/?mine=1")
    assert before.status == 200, "without the guard the prompt is answered and she is signed in"
    context.close()

    context = answering_prompts(page, site)
    browser_page = context.new_page()
    asked = browser_page.goto(f"{site}/api/bots/?mine=1")
    assert asked.status == 401
    assert asked.headers["www-authenticate"] == api_auth.BROWSER_CHALLENGE
    sent_headers = []
    browser_page.on(
        "request",
        lambda r: sent_headers.append(r.all_headers()) if r.url.startswith(site) else None,
    )
    event = new_event(victim, card_versions)
    answers = visit_attack(browser_page, attacker, site, event)
    assert answers == {"/api/bots/": 401, f"/api/tournaments/{event.id}/cancel": 401}
    assert sent_headers and not any("authorization" in h for h in sent_headers)
    event.refresh_from_db()
    assert event.status == Tournament.RUNNING
    assert forged_versions() == 0
    context.close()

"""What users and bots write reaches pages as text, never as markup (SECURITY.md, "XSS"): a
tournament's name (any characters), and what a bot prints, shown to its owner and on the
match page's public forfeit line."""

from __future__ import annotations

import pytest
from django.test import Client

from bots.outcome import CRASH
from tests.tournament.conftest import FAST_GAME, code
from tests.tournament.test_uploads import fail_validation, signed_in
from tournament.models import BotVersion
from tournament.tournaments import create_tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fair_share_off")]

PAYLOAD = "<script>alert('pwned')</script><img src=x onerror=alert(1)>"
ESCAPED = "&lt;script&gt;alert(&#x27;pwned&#x27;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"


def assert_text_only(page: str) -> None:
    assert PAYLOAD not in page and "<script>alert" not in page and "<img src=x" not in page
    assert ESCAPED in page


def test_a_tournament_name_is_text_on_every_page_that_shows_it(card_versions, users, sent):
    ids = [v.id for v in card_versions[:2]]
    cup = create_tournament(users["alice"], "cardgame", PAYLOAD, "knockout", ids)
    for path in ("/", "/tournaments/", f"/tournaments/{cup.id}/", f"/tournaments/{cup.id}/cancel"):
        client = signed_in(users["alice"]) if path.endswith("cancel") else Client()
        response = client.get(path)
        assert response.status_code == 200, path
        assert_text_only(response.content.decode())
    assert Client().get(f"/api/tournaments/{cup.id}/").json()["name"] == PAYLOAD


def test_what_a_bot_printed_is_text_on_its_owners_pages(users, house_bots) -> None:
    client = signed_in(users["alice"])
    client.post("/bots/", {"game": FAST_GAME, "name": "printer", "code": code()})
    version = BotVersion.objects.get(bot__name="printer")
    match = fail_validation(version, CRASH, "exited with code 1", PAYLOAD, f"stderr: {PAYLOAD}")
    assert_text_only(client.get(f"/bots/{version.bot_id}/").content.decode())
    assert_text_only(client.get(f"/matches/{match.id}/").content.decode())

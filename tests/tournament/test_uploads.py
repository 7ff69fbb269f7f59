"""Authors upload bots on the web page and through the API; bad uploads leave nothing behind."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournament.conftest import FAST_GAME, TEST_BOTS, basic_auth, code
from tournament.models import Bot, BotVersion, Match

pytestmark = pytest.mark.django_db

GOOD = (TEST_BOTS / "random_legal.py").read_bytes()


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_upload_page_asks_visitors_to_sign_in(db) -> None:
    response = Client().get("/bots/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=/bots/")
    assert "Sign in" in Client().get("/accounts/login/").content.decode()


def test_signing_up_signs_in_and_leads_to_the_upload_page(db) -> None:
    client = Client()
    response = client.post(
        "/accounts/signup/",
        {"username": "carol", "password1": "a-long-pass-phrase", "password2": "a-long-pass-phrase"},
    )
    assert response.status_code == 302 and response["Location"] == "/bots/"
    page = client.get("/bots/").content.decode()
    assert "No bots yet" in page and "Sign out carol" in page


def test_an_upload_creates_a_validating_version_with_its_validation_game(users, house_bots) -> None:
    client = signed_in(users["alice"])
    response = client.post("/bots/", {"game": FAST_GAME, "name": "builder", "code": code()})
    bot = Bot.objects.get(owner=users["alice"], name="builder")
    assert response.status_code == 302 and response["Location"] == f"/bots/{bot.id}/"
    version = bot.versions.get()
    assert version.status == BotVersion.VALIDATING and bot.current_version is None
    validation = Match.objects.get(kind=Match.VALIDATION, participants__version=version)
    assert validation.status == Match.QUEUED
    page = client.get(response["Location"]).content.decode()
    assert "is stored; it joins the ladder once it has played its validation game" in page
    assert f"match {validation.id}" in page and "validating" in page
    assert "v1 validating" in client.get("/bots/").content.decode()

    again = client.post(
        "/bots/", {"game": FAST_GAME, "name": "builder", "code": code(GOOD + b"#2")}
    )
    assert again.status_code == 302
    assert list(bot.versions.order_by("number").values_list("number", flat=True)) == [1, 2]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"name": "builder", "code": code(b"MZ\x90\x00", "bot.exe")}, "zip"),
        ({"name": "../etc", "code": code()}, "Use letters, digits"),
        ({"name": "builder", "code": code(b"x" * (1024 * 1024 + 1))}, "the limit is 1048576"),
        ({"name": "builder"}, "This field is required"),
    ],
)
def test_a_bad_upload_is_refused_with_a_clear_message_and_stores_nothing(
    users, house_bots, settings, tmp_path, fields, message
) -> None:
    settings.MEDIA_ROOT = str(tmp_path)
    bots_before = Bot.objects.count()
    response = signed_in(users["alice"]).post("/bots/", {"game": FAST_GAME, **fields})
    assert response.status_code == 400
    assert message in response.content.decode()
    assert Bot.objects.count() == bots_before
    assert not (tmp_path / "bots").exists()


def test_a_game_without_a_validation_opponent_is_not_open_for_uploads(users, db) -> None:
    response = signed_in(users["alice"]).post(
        "/bots/", {"game": FAST_GAME, "name": "early", "code": code()}
    )
    assert response.status_code == 400
    assert "ladder is not open yet" in response.content.decode()
    assert not Bot.objects.filter(name="early").exists()


def test_validation_logs_show_to_the_owner_only(users, house_bots) -> None:
    signed_in(users["alice"]).post("/bots/", {"game": FAST_GAME, "name": "b", "code": code()})
    bot = Bot.objects.get(name="b")
    BotVersion.objects.filter(bot=bot).update(validation_log="secret trace of alice's bot")
    assert "secret trace" in signed_in(users["alice"]).get(f"/bots/{bot.id}/").content.decode()
    assert "secret trace" not in signed_in(users["bob"]).get(f"/bots/{bot.id}/").content.decode()
    assert "secret trace" not in Client().get(f"/bots/{bot.id}/").content.decode()
    api_for_bob = signed_in(users["bob"]).get(f"/api/bots/{bot.id}/").json()
    assert "validation_log" not in api_for_bob["versions"][0]
    api_for_alice = signed_in(users["alice"]).get(f"/api/bots/{bot.id}/").json()
    assert api_for_alice["versions"][0]["validation_log"] == "secret trace of alice's bot"


def test_the_api_uploads_with_basic_auth_and_lists_bots(users, house_bots) -> None:
    users["alice"].set_password("pw-of-alice")
    users["alice"].save()
    client = Client()
    anonymous = client.post("/api/bots/", {"game": FAST_GAME, "name": "api_bot", "code": code()})
    assert anonymous.status_code in (401, 403)
    assert not Bot.objects.filter(name="api_bot").exists()

    auth = basic_auth("alice", "pw-of-alice")
    created = client.post(
        "/api/bots/", {"game": FAST_GAME, "name": "api_bot", "code": code()}, **auth
    )
    assert created.status_code == 201, created.content
    body = created.json()
    assert body["number"] == 1 and body["status"] == "validating"
    assert Match.objects.get(id=body["validation_match"]).kind == Match.VALIDATION

    refused = client.post(
        "/api/bots/", {"game": "chess", "name": "api_bot", "code": code()}, **auth
    )
    assert refused.status_code == 400 and "game" in refused.json()["errors"]

    mine = client.get("/api/bots/?mine=1", **auth).json()
    assert [b["name"] for b in mine] == ["api_bot"]
    everyone = client.get(f"/api/bots/?game={FAST_GAME}").json()
    assert {b["name"] for b in everyone} >= {"api_bot", "random_bot"}
    assert client.get("/api/bots/?mine=1").status_code == 403

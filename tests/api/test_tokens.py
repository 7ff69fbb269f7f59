"""Personal API tokens: made with a password once, shown once, stored as a digest, revocable."""

from __future__ import annotations

import pytest
from django.test import Client

from arena.api import tokens
from arena.api.models import ApiToken
from tests.tournament.conftest import FAST_GAME, basic_auth, code
from tournament.models import Bot

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice(users):
    users["alice"].set_password("pw-of-alice")
    users["alice"].save()
    return users["alice"]


def bearer(key: str) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Bearer {key}"}


def test_a_token_is_shown_once_stored_as_a_digest_and_authenticates(alice) -> None:
    client = Client()
    made = client.post("/api/tokens/", {"name": "laptop"}, **basic_auth("alice", "pw-of-alice"))
    assert made.status_code == 201, made.content
    key = made.json()["key"]
    assert key.startswith("ca_") and len(key) > 40
    stored = ApiToken.objects.get()
    assert stored.digest == tokens.digest(key) and key not in (stored.digest, stored.prefix)
    assert key.startswith(stored.prefix)

    listed = client.get("/api/tokens/", **bearer(key)).json()["results"]
    assert [t["name"] for t in listed] == ["laptop"] and "key" not in listed[0]
    me = client.get("/api/me/", **bearer(key)).json()
    assert me == {
        "username": "alice",
        "is_staff": False,
        "organiser": False,
        "bots": 0,
        "authenticated_by": "token",
    }
    assert ApiToken.objects.get().last_used is not None


def test_a_token_uploads_a_bot_without_any_csrf_dance(alice, house_bots) -> None:
    """A script's POST with a token: no cookie, no CSRF token; browsers never send it alone."""
    _, key = tokens.issue(alice, "ci")
    client = Client(enforce_csrf_checks=True)
    made = client.post(
        "/api/bots/", {"game": FAST_GAME, "name": "token_bot", "code": code()}, **bearer(key)
    )
    assert made.status_code == 201, made.content
    assert Bot.objects.get(name="token_bot").owner == alice


def test_a_revoked_or_wrong_token_is_a_401_and_never_falls_through(alice, users) -> None:
    token, key = tokens.issue(alice, "old")
    client = Client()
    assert client.delete(f"/api/tokens/{token.id}/", **bearer(key)).status_code == 204
    refused = client.get("/api/me/", **bearer(key))
    assert refused.status_code == 401
    assert refused.json()["detail"] == "this API token is unknown or was revoked"
    for header in ("Bearer", "Bearer a b", "Token ca_nonsense"):
        assert client.get("/api/me/", HTTP_AUTHORIZATION=header).status_code == 401
    assert client.get("/api/me/", HTTP_AUTHORIZATION="Bearer caf\xe9").status_code == 401


def test_nobody_lists_or_revokes_another_users_tokens(alice, users) -> None:
    token, _ = tokens.issue(alice, "mine")
    _, bobs_key = tokens.issue(users["bob"], "bob's")
    client = Client()
    assert client.delete(f"/api/tokens/{token.id}/", **bearer(bobs_key)).status_code == 404
    assert ApiToken.objects.filter(id=token.id).exists()
    names = [t["name"] for t in client.get("/api/tokens/", **bearer(bobs_key)).json()["results"]]
    assert names == ["bob's"]
    assert client.get("/api/tokens/").status_code == 401
    assert client.post("/api/tokens/", {"name": "x"}).status_code == 401


def test_a_user_holds_at_most_twenty_tokens_and_a_name_is_required(alice) -> None:
    for n in range(tokens.MAX_TOKENS_PER_USER):
        tokens.issue(alice, f"t{n}")
    client = Client()
    auth = basic_auth("alice", "pw-of-alice")
    refused = client.post("/api/tokens/", {"name": "one more"}, **auth)
    assert refused.status_code == 400 and "revoke one" in refused.json()["detail"]
    ApiToken.objects.filter(user=alice).delete()
    assert client.post("/api/tokens/", {}, **auth).status_code == 400

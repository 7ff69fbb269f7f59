"""New accounts are limited per client address (arena/throttle.py ``signup_wait``): past the
limit a sign-up is a 429 with Retry-After that creates nothing; another address is not held up."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

pytestmark = pytest.mark.django_db

LAB = "203.0.113.9"
ELSEWHERE = "198.51.100.20"


@pytest.fixture(autouse=True)
def limits(settings) -> None:
    settings.ARENA_SIGNUP_LIMITS = {"accounts_per_address": 2, "window_s": 3600}
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def sign_up(name: str, address: str):
    return Client(REMOTE_ADDR=address).post(
        "/accounts/signup/",
        {"username": name, "password1": "a-Long-pass-123", "password2": "a-Long-pass-123"},
    )


def test_an_address_past_its_limit_gets_429_and_no_account() -> None:
    assert sign_up("ann", LAB).status_code == 302
    assert sign_up("bob", LAB).status_code == 302
    refused = sign_up("cid", LAB)
    assert refused.status_code == 429
    assert 0 < int(refused["Retry-After"]) <= 3600
    assert "Too many new accounts from your address" in refused.content.decode()
    assert not get_user_model().objects.filter(username="cid").exists()
    assert sign_up("dee", ELSEWHERE).status_code == 302


def test_failed_forms_and_page_views_do_not_count() -> None:
    client = Client(REMOTE_ADDR=LAB)
    for _ in range(3):
        assert client.get("/accounts/signup/").status_code == 200
        bad = client.post(
            "/accounts/signup/", {"username": "x", "password1": "a", "password2": "b"}
        )
        assert bad.status_code == 400
    assert sign_up("ann", LAB).status_code == 302
    assert sign_up("bob", LAB).status_code == 302

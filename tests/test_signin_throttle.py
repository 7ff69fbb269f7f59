"""Failed sign-ins are throttled per client address and per account (arena/throttle.py): a 429
with Retry-After, before any password is hashed, on the API's Basic and the sign-in form alike;
the owner at an address of their own is not locked out by a stranger elsewhere."""

from __future__ import annotations

import base64
import os

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, RequestFactory

from arena import throttle

pytestmark = pytest.mark.django_db

STRANGER = "203.0.113.5"
OWNER = "198.51.100.7"
LIMITS = {
    "failures_per_address": 5,
    "failures_per_account": 8,
    "window_s": 900,
    "known_address_days": 30,
}
REDIS = os.environ.get("CELERY_BROKER_URL", "").startswith("redis://")


@pytest.fixture(params=["memory", "redis"])
def cache_backend(request, settings) -> str:
    """The embedded default (the process's memory) and Redis (when the tests have one)."""
    if request.param == "redis":
        if not REDIS:
            pytest.skip("needs CELERY_BROKER_URL=redis://…; .ci/run sets it")
        settings.CACHES = {
            "default": {
                "BACKEND": "django.core.cache.backends.redis.RedisCache",
                "LOCATION": os.environ["CELERY_BROKER_URL"],
                "KEY_PREFIX": "arena",
            }
        }
    else:
        settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    return request.param


@pytest.fixture
def alice(settings, cache_backend):
    settings.ARENA_SIGNIN_LIMITS = LIMITS
    # A fast hasher for the test; the guard is what is under test, not the hasher's cost.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return get_user_model().objects.create_user("alice", password="right-password")


@pytest.fixture
def hashed(monkeypatch) -> list[str]:
    """Every password the server hashes to check it."""
    checked: list[str] = []
    model = get_user_model()
    original = model.check_password

    def counting(user, raw_password):
        checked.append(raw_password)
        return original(user, raw_password)

    monkeypatch.setattr(model, "check_password", counting)
    return checked


def basic(password: str, username: str = "alice") -> dict[str, str]:
    token = base64.b64encode(f"{username}:{password}".encode()).decode()
    return {"HTTP_AUTHORIZATION": f"Basic {token}"}


def api_as(address: str, password: str, username: str = "alice"):
    return Client(REMOTE_ADDR=address).get("/api/bots/?mine=1", **basic(password, username))


def form_as(address: str, password: str, username: str = "alice"):
    return Client(REMOTE_ADDR=address).post(
        "/accounts/login/", {"username": username, "password": password}
    )


def test_guessing_basic_passwords_from_one_address_ends_in_429_but_not_for_the_owner_elsewhere(
    alice, hashed
) -> None:
    for guess in range(LIMITS["failures_per_address"]):
        assert api_as(STRANGER, f"guess-{guess}").status_code == 401
    assert len(hashed) == LIMITS["failures_per_address"]

    refused = api_as(STRANGER, "right-password")
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= LIMITS["window_s"]
    assert refused.json()["detail"] == (
        "Too many failed sign-ins from your address; try again in 15 minutes."
    )
    assert len(hashed) == LIMITS["failures_per_address"], "a refused guess costs no hashing"
    # Another account from that address: the address is what is throttled.
    assert api_as(STRANGER, "anything", username="bob").status_code == 429

    assert api_as(OWNER, "right-password").status_code == 200


def test_the_sign_in_form_says_plainly_why_and_for_how_long(alice, hashed) -> None:
    for guess in range(LIMITS["failures_per_address"]):
        page = form_as(STRANGER, f"guess-{guess}")
        assert page.status_code == 200 and "Please enter a correct username" in page.text
    refused = form_as(STRANGER, "right-password")
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= LIMITS["window_s"]
    assert "Too many failed sign-ins from your address; try again in 15 minutes." in refused.text
    assert 'name="username"' in refused.text and 'value="alice"' in refused.text
    assert len(hashed) == LIMITS["failures_per_address"]

    signed_in = form_as(OWNER, "right-password")
    assert signed_in.status_code == 302 and signed_in["Location"] == "/bots/"


def test_the_form_and_basic_count_together_and_the_admin_is_throttled_too(alice) -> None:
    for guess in range(LIMITS["failures_per_address"] - 1):
        form_as(STRANGER, f"guess-{guess}")
    assert api_as(STRANGER, "one-more").status_code == 401
    assert api_as(STRANGER, "right-password").status_code == 429
    admin = Client(REMOTE_ADDR=STRANGER).post(
        "/admin/login/", {"username": "alice", "password": "x", "next": "/admin/"}
    )
    assert admin.status_code == 429 and "Too many failed sign-ins" in admin.text


def test_a_stranger_on_many_addresses_cannot_lock_the_owner_out_of_a_known_address(
    alice,
) -> None:
    """Per account: past its limit (all addresses together) only the addresses the account
    signed in from before may try; the owner's own address still works."""
    assert api_as(OWNER, "right-password").status_code == 200
    for n in range(LIMITS["failures_per_account"]):
        assert api_as(f"192.0.2.{n + 1}", "guess").status_code == 401
    fresh = api_as("192.0.2.200", "right-password")
    assert fresh.status_code == 429
    assert fresh.json()["detail"].startswith("Too many failed sign-ins at this account")
    assert api_as(OWNER, "right-password").status_code == 200
    assert form_as(OWNER, "right-password").status_code == 302
    # Other accounts are not affected at a fresh address.
    get_user_model().objects.create_user("bob", password="bobs-password")
    assert api_as("192.0.2.200", "bobs-password", username="bob").status_code == 200


def test_a_block_lasts_a_window_from_the_failure_that_reached_the_limit(alice, monkeypatch):
    now = [1_000_000 * LIMITS["window_s"] + 10.0]
    monkeypatch.setattr(throttle.time, "time", lambda: now[0])
    for _ in range(LIMITS["failures_per_address"]):
        api_as(STRANGER, "guess")
    now[0] += 60
    refused = api_as(STRANGER, "right-password")
    assert refused.status_code == 429 and refused["Retry-After"] == str(LIMITS["window_s"] - 60)
    assert refused.json()["detail"].endswith("try again in 14 minutes.")
    now[0] += LIMITS["window_s"] - 61
    assert api_as(STRANGER, "right-password")["Retry-After"] == "1"
    now[0] += 1
    assert api_as(STRANGER, "right-password").status_code == 200


@pytest.mark.parametrize(
    ("meta", "proxies", "counted_as"),
    [
        ({"REMOTE_ADDR": "203.0.113.5"}, 0, "203.0.113.5"),
        ({"REMOTE_ADDR": "2001:db8:1:2:3:4:5:6"}, 0, "2001:db8:1:2::/64"),
        ({"REMOTE_ADDR": "2001:db8:1:2:ffff::1"}, 0, "2001:db8:1:2::/64"),
        ({"REMOTE_ADDR": "::ffff:203.0.113.5"}, 0, "203.0.113.5"),
        (
            {"REMOTE_ADDR": "10.0.0.2", "HTTP_X_FORWARDED_FOR": "1.2.3.4, 203.0.113.5"},
            0,
            "10.0.0.2",
        ),
        (
            {"REMOTE_ADDR": "10.0.0.2", "HTTP_X_FORWARDED_FOR": "1.2.3.4, 203.0.113.5"},
            1,
            "203.0.113.5",
        ),
    ],
)
def test_the_client_address(settings, meta, proxies, counted_as) -> None:
    """One IPv6 host has a /64; a forged X-Forwarded-For is read only behind trusted proxies,
    and then from the right (the leftmost entries are the client's to write)."""
    settings.ARENA_TRUSTED_PROXIES = proxies
    request = RequestFactory().get("/", **meta)
    assert throttle.client_address(request) == counted_as


def test_with_the_cache_unreachable_sign_in_still_works_and_the_log_says_so(
    alice, settings, caplog
) -> None:
    """Decided: a cache that does not answer (Redis restarting) skips the throttle rather than
    refusing every sign-in."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:9/0",  # the discard port: nothing listens
        }
    }
    assert api_as(OWNER, "right-password").status_code == 200
    assert api_as(STRANGER, "wrong").status_code == 401
    assert "sign-in throttle skipped: the cache does not answer" in caplog.text

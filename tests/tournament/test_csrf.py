"""Cross-site request forgery: every state-changing request that a browser could send with
credentials it keeps by itself (the session cookie, a cached Basic password) is refused unless
it passes the CSRF/Origin check; scripts with ``curl -u`` keep working (SECURITY.md, "CSRF").

The real browser attack, from a page on another origin, is in ``test_browser_csrf.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.middleware.csrf import get_token
from django.test import Client, RequestFactory

from arena.api_auth import BROWSER_CHALLENGE, looks_like_a_browser
from tests.tournament.conftest import FAST_GAME, basic_auth, code, queued
from tests.tournament.test_organiser import fail
from tournament.models import BotVersion, Match, Tournament
from tournament.tournaments import create_tournament

pytestmark = pytest.mark.usefixtures("fair_share_off")

CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0"
CROSS_SITE_FORM = {
    "HTTP_USER_AGENT": CHROME,
    "HTTP_ORIGIN": "http://localhost:8001",
    "HTTP_SEC_FETCH_SITE": "cross-site",
    "HTTP_SEC_FETCH_MODE": "navigate",
    "HTTP_SEC_FETCH_DEST": "document",
}
"""What Chromium sends with a form that a page on another origin submits to the site."""
CURL = {"HTTP_USER_AGENT": "curl/8.14.1", "HTTP_ACCEPT": "*/*"}


@dataclass
class Endpoint:
    path: str
    data: dict[str, object]
    content_type: str | None
    succeeded: int
    changed: Callable[[], bool]


@pytest.fixture
def endpoints(users, house_bots, card_versions, sent, settings, django_capture_on_commit_callbacks):
    """Each kind of state-changing API call, as alice (an organiser here: staff) may make it."""
    settings.ARENA_MATCH_MAX_ATTEMPTS = 1
    alice = users["alice"]
    alice.set_password("pw-of-alice")
    alice.is_staff = True
    alice.save()
    ids = [v.id for v in card_versions[:4]]
    cup = create_tournament(alice, "cardgame", "Cup", "round_robin", ids)
    broken = queued(cup)[0]
    fail(broken, django_capture_on_commit_callbacks)
    versions_before = BotVersion.objects.count()
    tournaments_before = Tournament.objects.count()
    return {
        "upload": Endpoint(
            "/api/bots/",
            {"game": FAST_GAME, "name": "forged", "code": code()},
            None,
            201,
            lambda: BotVersion.objects.count() != versions_before,
        ),
        "create": Endpoint(
            "/api/tournaments/",
            {"name": "Forged", "game": "cardgame", "format": "round_robin", "entrants": ids},
            "application/json",
            201,
            lambda: Tournament.objects.count() != tournaments_before,
        ),
        "cancel": Endpoint(
            f"/api/tournaments/{cup.id}/cancel",
            {},
            None,
            200,
            lambda: Tournament.objects.get(id=cup.id).status == Tournament.CANCELLED,
        ),
        "retry": Endpoint(
            f"/api/tournaments/{cup.id}/games/{broken.id}/retry",
            {},
            None,
            201,
            lambda: Match.objects.filter(retry_of=broken.id).exists(),
        ),
    }


def post(client: Client, endpoint: Endpoint, **headers: str):
    if endpoint.content_type:
        return client.post(endpoint.path, endpoint.data, endpoint.content_type, **headers)
    return client.post(endpoint.path, endpoint.data, **headers)


KINDS = ["upload", "create", "cancel", "retry"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_cross_site_form_with_a_cached_basic_password_is_refused(endpoints, kind) -> None:
    endpoint = endpoints[kind]
    client = Client(enforce_csrf_checks=True)
    response = post(client, endpoint, **basic_auth("alice", "pw-of-alice"), **CROSS_SITE_FORM)
    assert response.status_code == 403, response.content
    assert response.json()["detail"].startswith("CSRF Failed: Origin checking failed")
    assert not endpoint.changed()


@pytest.mark.parametrize("kind", KINDS)
def test_a_script_with_curl_u_needs_no_csrf_token(endpoints, kind) -> None:
    endpoint = endpoints[kind]
    client = Client(enforce_csrf_checks=True)
    response = post(client, endpoint, **basic_auth("alice", "pw-of-alice"), **CURL)
    assert response.status_code == endpoint.succeeded, response.content
    assert endpoint.changed()


@pytest.mark.parametrize("kind", KINDS)
def test_a_signed_in_browser_without_the_token_is_refused(endpoints, users, kind) -> None:
    endpoint = endpoints[kind]
    client = Client(enforce_csrf_checks=True)
    client.force_login(users["alice"])
    response = post(client, endpoint, **CROSS_SITE_FORM)
    assert response.status_code == 403
    assert response.json()["detail"].startswith("CSRF Failed")
    assert not endpoint.changed()


@pytest.mark.parametrize("kind", KINDS)
def test_the_sites_own_page_with_the_token_may_use_a_cached_basic_password(endpoints, kind) -> None:
    """A browser that kept a password from before still works on the site's own pages (the
    browsable API's forms carry the token): the check refuses other origins, not browsers."""
    endpoint = endpoints[kind]
    client = Client(enforce_csrf_checks=True)
    token = get_token(RequestFactory().get("/"))
    client.cookies["csrftoken"] = token
    same_origin = {
        **CROSS_SITE_FORM,
        "HTTP_ORIGIN": "http://testserver",
        "HTTP_SEC_FETCH_SITE": "same-origin",
        "HTTP_X_CSRFTOKEN": token,
    }
    response = post(client, endpoint, **basic_auth("alice", "pw-of-alice"), **same_origin)
    assert response.status_code == endpoint.succeeded, response.content
    assert endpoint.changed()


@pytest.mark.parametrize(
    ("headers", "browser"),
    [
        ({}, False),
        (CURL, False),
        ({"HTTP_USER_AGENT": "python-requests/2.32.3"}, False),
        ({"HTTP_USER_AGENT": "Wget/1.25.0"}, False),
        ({"HTTP_USER_AGENT": CHROME}, True),
        ({"HTTP_USER_AGENT": "Mozilla/5.0 (Macintosh) Safari/605.1.15"}, True),
        ({"HTTP_SEC_FETCH_MODE": "no-cors"}, True),
        ({"HTTP_SEC_FETCH_SITE": "cross-site"}, True),
        ({"HTTP_ORIGIN": "null"}, True),
    ],
)
def test_what_counts_as_a_browser(headers, browser) -> None:
    assert looks_like_a_browser(RequestFactory().get("/api/bots/", **headers)) is browser


@pytest.mark.parametrize(
    ("headers", "challenge"),
    [
        (CURL, 'Basic realm="api"'),
        ({"HTTP_USER_AGENT": CHROME, "HTTP_SEC_FETCH_MODE": "navigate"}, BROWSER_CHALLENGE),
        ({"HTTP_USER_AGENT": CHROME}, BROWSER_CHALLENGE),
    ],
)
@pytest.mark.parametrize(
    ("method", "path"),
    [("get", "/api/bots/?mine=1"), ("post", "/api/bots/"), ("get", "/matches/1/seats/1/log")],
)
def test_only_scripts_are_challenged_with_basic(db, headers, challenge, method, path) -> None:
    response = getattr(Client(), method)(path, **headers)
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == challenge


def test_a_wrong_password_from_a_browser_is_no_basic_prompt_either(users) -> None:
    response = Client().get(
        "/api/bots/?mine=1", **basic_auth("alice", "wrong"), HTTP_USER_AGENT=CHROME
    )
    assert response.status_code == 401
    assert not response["WWW-Authenticate"].startswith("Basic")


def test_pages_take_no_basic_password(users) -> None:
    """The site's pages (Django views) read only the session: a cached Basic password is no
    sign-in there."""
    users["alice"].set_password("pw-of-alice")
    users["alice"].save()
    page = Client().get("/bots/", **basic_auth("alice", "pw-of-alice"), HTTP_USER_AGENT=CHROME)
    assert page.status_code == 302 and page["Location"].startswith("/accounts/login/")


@pytest.mark.parametrize(
    "path",
    ["/bots/", "/tournaments/new", "/tournaments/{cup}/cancel", "/tournaments/{cup}/games/1/retry"],
)
def test_pages_refuse_a_signed_in_browsers_post_from_another_origin(endpoints, users, path):
    cup = Tournament.objects.get(name="Cup")
    client = Client(enforce_csrf_checks=True)
    client.force_login(users["alice"])
    forged = client.post(path.format(cup=cup.id), {"game": FAST_GAME}, **CROSS_SITE_FORM)
    assert forged.status_code == 403
    assert Tournament.objects.get(id=cup.id).status == Tournament.RUNNING


@pytest.mark.parametrize("path", ["/accounts/login/", "/accounts/signup/", "/accounts/logout/"])
def test_the_account_forms_refuse_a_post_from_another_origin(db, path) -> None:
    forged = Client(enforce_csrf_checks=True).post(
        path, {"username": "x", "password": "y"}, **CROSS_SITE_FORM
    )
    assert forged.status_code == 403

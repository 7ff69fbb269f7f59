"""Who may do what through the API: every endpoint × anonymous, the owner, another user, an
organiser and staff, each against a fresh world, with the status each must get."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.test import Client

from arena.api.tokens import issue
from tests.tournament.conftest import code
from tests.tournament.replays import finished_match
from tournament.models import Bot, GameLadder
from tournament.tournaments import create_tournament

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "owner", "other", "organiser", "staff")


@dataclass(frozen=True)
class World:
    bot: int
    version: int
    other_bot: int
    match: int
    seat: int
    tournament: int
    token: int


@pytest.fixture
def world(users, sent, house_bots, django_user_model) -> World:
    """alice owns a bot that played bob's; olga organised a running round robin of them."""
    olga = django_user_model.objects.create_user("olga")
    olga.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    GameLadder.objects.get_or_create(game="cardgame", defaults={"players_per_match": 2})
    match = finished_match("cardgame", seed=44)
    mine, theirs = match.participants.order_by("seat").select_related("version__bot")
    Bot.objects.filter(id=mine.version.bot_id).update(owner=users["alice"])
    Bot.objects.filter(id=theirs.version.bot_id).update(owner=users["bob"])
    cup = create_tournament(
        olga, "cardgame", "Cup", "round_robin", [mine.version_id, theirs.version_id]
    )
    token, _ = issue(users["alice"], "laptop")
    return World(
        mine.version.bot_id,
        mine.version_id,
        theirs.version.bot_id,
        match.id,
        mine.seat,
        cup.id,
        token.id,
    )


def client_of(role: str, users, django_user_model) -> Client:
    client = Client()
    name = {"owner": "alice", "other": "bob", "staff": "staff"}.get(role)
    if role == "organiser":
        client.force_login(django_user_model.objects.get(username="olga"))
    elif name:
        client.force_login(users[name])
    return client


@dataclass(frozen=True)
class Case:
    method: str
    path: Callable[[World], str]
    expect: dict[str, int]
    data: Callable[[World, str], Any] | None = None
    multipart: bool = False


def everyone(status: int) -> dict[str, int]:
    return dict.fromkeys(ROLES, status)


def signed_in(status: int, anonymous: int = 401) -> dict[str, int]:
    return {"anonymous": anonymous, **dict.fromkeys(ROLES[1:], status)}


CASES: dict[str, Case] = {
    "bots": Case("get", lambda w: "/api/bots/", everyone(200)),
    "my bots": Case("get", lambda w: "/api/bots/?mine=1", signed_in(200)),
    "upload": Case(
        "post",
        lambda w: "/api/bots/",
        signed_in(201),
        data=lambda w, role: {"game": "catan", "name": f"new_{role}", "code": code()},
        multipart=True,
    ),
    "bot": Case("get", lambda w: f"/api/bots/{w.bot}/", everyone(200)),
    "bot ratings": Case("get", lambda w: f"/api/bots/{w.bot}/ratings", everyone(200)),
    "version ratings": Case("get", lambda w: f"/api/versions/{w.version}/ratings", everyone(200)),
    "pause": Case(
        "post",
        lambda w: f"/api/bots/{w.bot}/pause",
        {"anonymous": 401, "owner": 200, "other": 403, "organiser": 403, "staff": 200},
    ),
    "resume": Case(
        "post",
        lambda w: f"/api/bots/{w.bot}/resume",
        {"anonymous": 401, "owner": 200, "other": 403, "organiser": 403, "staff": 200},
    ),
    "me": Case("get", lambda w: "/api/me/", signed_in(200)),
    "tokens": Case("get", lambda w: "/api/tokens/", signed_in(200)),
    "new token": Case(
        "post", lambda w: "/api/tokens/", signed_in(201), data=lambda w, role: {"name": "ci"}
    ),
    "revoke token": Case(
        "delete",
        lambda w: f"/api/tokens/{w.token}/",
        {"anonymous": 401, "owner": 204, "other": 404, "organiser": 404, "staff": 404},
    ),
    "matches": Case("get", lambda w: "/api/matches/", everyone(200)),
    "match": Case("get", lambda w: f"/api/matches/{w.match}/", everyone(200)),
    "replay": Case("get", lambda w: f"/api/matches/{w.match}/replay", everyone(200)),
    "seat log": Case(
        "get",
        lambda w: f"/matches/{w.match}/seats/{w.seat}/log",
        {"anonymous": 401, "owner": 200, "other": 403, "organiser": 403, "staff": 200},
    ),
    "leaderboard": Case("get", lambda w: "/api/leaderboards/cardgame/", everyone(200)),
    "head-to-head": Case(
        "get", lambda w: f"/api/head-to-head/?a={w.bot}&b={w.other_bot}", everyone(200)
    ),
    "game options": Case("get", lambda w: "/api/games/catan/options", everyone(200)),
    "tournaments": Case("get", lambda w: "/api/tournaments/", everyone(200)),
    "tournament": Case("get", lambda w: f"/api/tournaments/{w.tournament}/", everyone(200)),
    "new tournament": Case(
        "post",
        lambda w: "/api/tournaments/",
        {"anonymous": 401, "owner": 403, "other": 403, "organiser": 201, "staff": 201},
        data=lambda w, role: {
            "name": "Open",
            "game": "cardgame",
            "format": "round_robin",
            "entrants": [w.version, Bot.objects.get(id=w.other_bot).current_version_id],
        },
    ),
    "cancel": Case(
        "post",
        lambda w: f"/api/tournaments/{w.tournament}/cancel",
        {"anonymous": 401, "owner": 403, "other": 403, "organiser": 200, "staff": 200},
    ),
    "start a running event": Case(
        "post",
        lambda w: f"/api/tournaments/{w.tournament}/start",
        {"anonymous": 401, "owner": 403, "other": 403, "organiser": 409, "staff": 409},
    ),
    "enter a running event": Case(
        "post",
        lambda w: f"/api/tournaments/{w.tournament}/entries",
        {"anonymous": 401, "owner": 409, "other": 409, "organiser": 409, "staff": 409},
        data=lambda w, role: {"bot": w.bot},
    ),
}


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("name", list(CASES))
def test_each_endpoint_answers_each_role_as_it_should(
    name, role, world, users, django_user_model
) -> None:
    case = CASES[name]
    client = client_of(role, users, django_user_model)
    kwargs: dict[str, Any] = {}
    if case.data is not None:
        kwargs["data"] = case.data(world, role)
        if not case.multipart:
            kwargs["content_type"] = "application/json"
    answer = getattr(client, case.method)(case.path(world), **kwargs)
    assert answer.status_code == case.expect[role], answer.content[:300]
    if answer.status_code >= 400:
        assert "detail" in answer.json()  # one error shape everywhere


@pytest.mark.parametrize("role", ROLES)
def test_private_fields_reach_only_the_owner_and_staff(role, world, users, django_user_model):
    """What is public on the same answer: the validation log of a bot's versions."""
    client = client_of(role, users, django_user_model)
    versions = client.get(f"/api/bots/{world.bot}/").json()["versions"]
    assert ("validation_log" in versions[0]) == (role in ("owner", "staff"))

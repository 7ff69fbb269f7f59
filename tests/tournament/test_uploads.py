"""Authors upload bots on the web page and through the API; bad uploads leave nothing behind."""

from __future__ import annotations

import html
import io
import re
import zipfile

import pytest
from django.test import Client
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings

from arena.api.pagination import ApiPagination
from bots.outcome import CRASH, PROTOCOL_ERROR
from tests.bots.odd_archives import odd_archives
from tests.tournament.conftest import FAST_GAME, TEST_BOTS, basic_auth, code
from tests.tournament.test_results import outcome_for
from tournament import execution
from tournament.models import Bot, BotVersion, Match
from tournament.results import record_result

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
        (
            {"name": "builder", "code": code(b"x" * (1024 * 1024 + 1))},
            "The file is 1 MiB + 1 byte; the limit is 1 MiB.",
        ),
        (
            {"name": "builder", "code": code(b"x" * 1126403)},
            "The file is 1.07 MiB; the limit is 1 MiB.",
        ),
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
    BotVersion.objects.filter(bot=bot).update(
        status=BotVersion.FAILED, validation_log="secret trace of alice's bot"
    )
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

    mine = client.get("/api/bots/?mine=1", **auth).json()["results"]
    assert [b["name"] for b in mine] == ["api_bot"]
    everyone = client.get(f"/api/bots/?game={FAST_GAME}").json()["results"]
    assert {b["name"] for b in everyone} >= {"api_bot", "random_bot"}
    anonymous_mine = client.get("/api/bots/?mine=1")
    assert anonymous_mine.status_code == 401
    assert anonymous_mine["WWW-Authenticate"].startswith("Basic")


def test_the_upload_form_states_its_limit_in_the_units_of_its_errors(users) -> None:
    page = signed_in(users["alice"]).get("/bots/").content.decode()
    assert "(at most 1 MiB)" in page


def names(response) -> list[str]:
    assert response.status_code == 200, response.content
    return [bot["name"] for bot in response.json()["results"]]


def test_the_api_filters_parse_their_values_and_refuse_unknown_ones(users, house_bots) -> None:
    Bot.objects.create(owner=users["alice"], game=FAST_GAME, name="alices")
    Bot.objects.create(owner=users["alice"], game="cardgame", name="alices_cards")
    client = signed_in(users["alice"])
    house = {bot.name for bot in house_bots}
    for everyone in ("0", "false", "no", ""):
        assert set(names(client.get(f"/api/bots/?mine={everyone}"))) == house | {
            "alices",
            "alices_cards",
        }, everyone
    for mine in ("1", "true", "yes"):
        assert set(names(client.get(f"/api/bots/?mine={mine}"))) == {"alices", "alices_cards"}
    assert names(client.get("/api/bots/?mine=1&game=cardgame")) == ["alices_cards"]

    nonsense = client.get("/api/bots/?mine=maybe")
    assert nonsense.status_code == 400 and "mine" in nonsense.json()["errors"]
    chess = client.get("/api/bots/?game=chess")
    assert chess.status_code == 400
    assert chess.json()["detail"] == 'unknown game "chess"; choose one of cardgame, catan'
    assert client.get("/api/tournaments/?game=chess").status_code == 400
    assert client.get("/api/tournaments/?status=lost").status_code == 400
    assert client.get("/api/tournaments/?status=running").json()["results"] == []


def test_the_bot_list_comes_a_page_at_a_time(users, db, monkeypatch) -> None:
    Bot.objects.bulk_create(
        Bot(owner=users["alice"], game=FAST_GAME, name=f"bot_{i:03}") for i in range(120)
    )
    client = Client()
    first = client.get("/api/bots/").json()
    assert first["count"] == 120 and len(first["results"]) == 50  # PAGE_SIZE
    second = client.get(first["next"]).json()
    assert len(second["results"]) == 50
    seen = [b["name"] for b in first["results"] + second["results"]]
    assert len(set(seen)) == 100  # no bot twice across pages
    small = client.get("/api/bots/?limit=7&offset=115").json()
    assert len(small["results"]) == 5 and small["next"] is None
    assert len(client.get("/api/bots/?limit=100000").json()["results"]) == 120
    monkeypatch.setattr(ApiPagination, "max_limit", 30)
    assert len(client.get("/api/bots/?limit=100000").json()["results"]) == 30


def test_the_api_gives_each_versions_validation_match(users, house_bots) -> None:
    client = signed_in(users["alice"])
    first = client.post("/bots/", {"game": FAST_GAME, "name": "checked", "code": code()})
    assert first.status_code == 302
    client.post("/bots/", {"game": FAST_GAME, "name": "checked", "code": code(GOOD + b"#2")})
    bot = Bot.objects.get(name="checked")
    expected = {
        v.number: Match.objects.get(kind=Match.VALIDATION, participants__version=v).id
        for v in bot.versions.all()
    }
    body = Client().get(f"/api/bots/{bot.id}/").json()
    assert {v["number"]: v["validation_match"] for v in body["versions"]} == expected
    assert len(set(expected.values())) == 2


def test_uploading_code_the_bot_already_has_is_refused_and_stores_nothing(
    users, house_bots
) -> None:
    """Identical code would be the same program with a fresh rating: page and API refuse it,
    naming the version it repeats, whether that is the latest or an earlier one."""
    users["alice"].set_password("pw-of-alice")
    users["alice"].save()
    client = signed_in(users["alice"])
    for data in (GOOD, GOOD + b"#2"):
        response = client.post("/bots/", {"game": FAST_GAME, "name": "same", "code": code(data)})
        assert response.status_code == 302
    bot = Bot.objects.get(name="same")
    versions_before, matches_before = bot.versions.count(), Match.objects.count()

    again = client.post("/bots/", {"game": FAST_GAME, "name": "same", "code": code(GOOD + b"#2")})
    assert again.status_code == 400
    assert "this code is identical to same v2 (validating)" in again.content.decode()

    earlier = Client().post(
        "/api/bots/",
        {"game": FAST_GAME, "name": "same", "code": code(GOOD, "renamed.py")},
        **basic_auth("alice", "pw-of-alice"),
    )
    assert earlier.status_code == 400
    assert earlier.json()["detail"].startswith("this code is identical to same v1 (validating)")

    assert bot.versions.count() == versions_before and Match.objects.count() == matches_before
    # The same code is still welcome as another bot of hers.
    other = client.post("/bots/", {"game": FAST_GAME, "name": "other", "code": code(GOOD)})
    assert other.status_code == 302


TRACEBACK = (
    "Traceback (most recent call last):\n"
    '  File "main.py", line 9, in <module>\n'
    "    1 / 0\n"
    "ZeroDivisionError: division by zero\n"
)


def fail_validation(version: BotVersion, reason: str, detail: str, stderr: str, evidence: str):
    """Score ``version``'s validation game as its forfeit, as a worker would."""
    match = Match.objects.get(kind=Match.VALIDATION, participants__version=version)
    claimed, _ = execution.claim(match.id, "w")
    seat = claimed.participants.get(version=version).seat
    others = iter(range(1, 10))
    ranks = [3 if s == seat else next(others) for s in range(claimed.participants.count())]
    outcome = outcome_for(claimed, ranks, forfeit_seat=seat)
    outcome.seats[seat].forfeit = reason
    outcome.seats[seat].forfeit_detail = detail
    outcome.seats[seat].stderr = stderr
    outcome.seats[seat].forfeit_evidence = evidence
    assert record_result(claimed.id, claimed.claim_token, outcome)
    version.refresh_from_db()
    assert version.status == BotVersion.FAILED
    return match


def test_a_failed_validation_shows_its_traceback_once_with_its_lines(users, house_bots) -> None:
    client = signed_in(users["alice"])
    client.post("/bots/", {"game": FAST_GAME, "name": "crashy", "code": code()})
    version = BotVersion.objects.get(bot__name="crashy")
    tail = TRACEBACK[-300:].strip()
    match = fail_validation(
        version, CRASH, "closed its stdout: exited with code 1", TRACEBACK, f"stderr ends: {tail}"
    )

    assert version.validation_log == (
        f"Validation match {match.id}: forfeit (crash): closed its stdout: exited with code 1\n"
        f"\n--- stderr ---\n{TRACEBACK.rstrip()}"
    )
    page = client.get(f"/bots/{version.bot_id}/").content.decode()
    assert page.count("ZeroDivisionError") == 1
    shown = re.search(r'<pre class="log"[^>]*>(.*?)</pre>', page, re.S)
    assert shown is not None, "the log is not in a <pre>"
    assert html.unescape(shown.group(1)) == version.validation_log  # every newline kept
    assert 'href="#validation-v1">why it failed</a>' in page
    assert (
        "ZeroDivisionError"
        not in signed_in(users["bob"]).get(f"/bots/{version.bot_id}/").content.decode()
    )


def test_what_the_bot_wrote_stays_in_the_log_when_its_stderr_does_not_hold_it(
    users, house_bots
) -> None:
    signed_in(users["alice"]).post("/bots/", {"game": FAST_GAME, "name": "chatty", "code": code()})
    version = BotVersion.objects.get(bot__name="chatty")
    fail_validation(version, PROTOCOL_ERROR, "answer is not JSON", "", "hello, arena")
    assert "\nWhat it wrote at its forfeit:\nhello, arena\n" in version.validation_log
    assert version.validation_log.endswith("--- stderr ---\n(nothing)")


def zipped(members: list[tuple[str, bytes]]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in members:
            archive.writestr(name, data)
    return buffer.getvalue()


def stored_nothing(tmp_path, bots_before: int, versions_before: int) -> bool:
    media = tmp_path / "bots"
    return (
        Bot.objects.count() == bots_before
        and BotVersion.objects.count() == versions_before
        and (not media.exists() or not any(media.iterdir()))
    )


@pytest.mark.parametrize(
    ("members", "message"),
    [
        ([("main.py", GOOD), ("a", b"x"), ("a/b.py", b"")], "is both a file and a folder"),
        ([("main.py", GOOD), ("a/b.py", b""), ("a", b"x")], "is both a file and a folder"),
        ([("main.py", GOOD), ("m" * 300, b"")], "path is 300 characters long"),
        ([("main.py", GOOD), ("/".join(["d" * 99] * 50), b"")], "path is 4999 characters long"),
    ],
)
@pytest.mark.parametrize("where", ["page", "api"])
def test_archives_that_crashed_the_validator_are_clear_400s_that_store_nothing(
    users, house_bots, settings, tmp_path, members, message, where
) -> None:
    settings.MEDIA_ROOT = str(tmp_path)
    before = Bot.objects.count(), BotVersion.objects.count()
    upload = {"game": FAST_GAME, "name": "odd", "code": code(zipped(members), "bot.zip")}
    response = signed_in(users["alice"]).post("/api/bots/" if where == "api" else "/bots/", upload)
    assert response.status_code == 400
    assert message in html.unescape(response.content.decode())
    assert stored_nothing(tmp_path, *before)


@given(data=odd_archives())
@hypothesis_settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_no_odd_archive_makes_the_upload_api_fail_or_store_a_refused_upload(
    users, house_bots, settings, tmp_path_factory, data
) -> None:
    """The generated corpus of odd archives (tests/bots/odd_archives.py) through the API: a 201
    or a 400 with a message, never a 500, and a 400 leaves no bot, version or file behind."""
    media = tmp_path_factory.mktemp("media")
    settings.MEDIA_ROOT = str(media)
    before = Bot.objects.count(), BotVersion.objects.count()
    client = signed_in(users["alice"])
    client.raise_request_exception = False
    response = client.post(
        "/api/bots/", {"game": FAST_GAME, "name": "odd", "code": code(data, "bot.zip")}
    )
    assert response.status_code in (201, 400), response.content[:500]
    if response.status_code == 400:
        assert response.json()["detail"]
        assert stored_nothing(media, *before)

"""Pages: leaderboard order, match list, and who may read a seat's log."""

from __future__ import annotations

import re

import pytest

from arena.front import views
from tests.tournament.conftest import basic_auth, make_bot
from tests.tournament.test_results import outcome_for
from tournament import execution
from tournament.matches import create_match
from tournament.models import BotVersion, GameLadder, Match, MatchParticipant
from tournament.results import record_result
from tournament.scheduler import schedule_ladder

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(users, house_bots, fast_ladder) -> Match:
    """A finished two-seat match between alice's bot and a house bot."""
    return play_against_alice(users, house_bots, fast_ladder)


def play_against_alice(
    users,
    house_bots,
    fast_ladder,
    alice_forfeits: str = "",
    *,
    stderr: str | None = None,
    move_times_ms: list[float] | None = None,
) -> Match:
    """Play one two-seat match of alice's bot; if ``alice_forfeits``, her bot crashes and
    that is what it wrote. ``stderr`` and ``move_times_ms`` replace her seat's defaults."""
    fast_ladder.players_per_match = 2
    fast_ladder.save()
    alice_bot = make_bot(users["alice"], "alices_bot", "random_legal.py")
    BotVersion.objects.exclude(bot=alice_bot).exclude(bot=house_bots[0]).update(
        status=BotVersion.RETIRED
    )
    (match_id,) = schedule_ladder("catan", 1)
    match = Match.objects.get(id=match_id)
    seats = {p.version.bot.owner.username: p for p in match.participants.all()}
    match.alice_seat = seats["alice"].seat
    claimed, _ = execution.claim(match.id, "w")
    ranks = [1, 2] if match.alice_seat else [2, 1]
    outcome = outcome_for(claimed, ranks, forfeit_seat=match.alice_seat if alice_forfeits else None)
    alice = outcome.seats[match.alice_seat]
    if alice_forfeits:
        alice.forfeit_detail = "closed its stdout: exited with code 3"
        alice.forfeit_evidence = alice_forfeits
    if stderr is not None:
        alice.stderr = stderr
    if move_times_ms is not None:
        alice.move_times_ms = move_times_ms
    record_result(match.id, claimed.claim_token, outcome)
    return match


def log_url(match: Match, seat: int) -> str:
    return f"/matches/{match.id}/seats/{seat}/log"


def test_the_owner_sees_their_bots_log(client, users, played) -> None:
    client.force_login(users["alice"])
    response = client.get(log_url(played, played.alice_seat))
    assert response.status_code == 200
    assert response.json()["stderr"] == f"log of seat {played.alice_seat}"
    assert response.json()["move_times_ms"] == [1.5, 2.5]
    page = client.get(f"/matches/{played.id}/").content.decode()
    assert f"log of seat {played.alice_seat}" in page
    assert f"log of seat {1 - played.alice_seat}" not in page


def test_another_user_does_not(client, users, played) -> None:
    client.force_login(users["bob"])
    assert client.get(log_url(played, played.alice_seat)).status_code == 403
    assert "log of seat" not in client.get(f"/matches/{played.id}/").content.decode()


def test_anonymous_does_not(client, played) -> None:
    """Not signed in: a 401 that asks for credentials, as the API answers."""
    response = client.get(log_url(played, played.alice_seat))
    assert response.status_code == 401
    assert response["WWW-Authenticate"].startswith("Basic")
    assert "log of seat" not in response.content.decode()
    assert "log of seat" not in client.get(f"/matches/{played.id}/").content.decode()


BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"


def test_a_script_reads_its_seat_log_with_http_basic(client, users, played) -> None:
    """``curl -u alice:PASSWORD …/log``: the README's way for scripts, as on the API."""
    for name in ("alice", "bob"):
        users[name].set_password(f"pw-of-{name}")
        users[name].save()
    url = log_url(played, played.alice_seat)

    mine = client.get(url, HTTP_ACCEPT=BROWSER_ACCEPT, **basic_auth("alice", "pw-of-alice"))
    assert mine.status_code == 200
    assert mine["Content-Type"] == "application/json"  # JSON, not the browsable API's HTML
    assert mine.json()["stderr"] == f"log of seat {played.alice_seat}"

    wrong = client.get(url, **basic_auth("alice", "not-her-password"))
    assert wrong.status_code == 401
    assert wrong["WWW-Authenticate"].startswith("Basic")
    assert "log of seat" not in wrong.content.decode()

    theirs = client.get(url, **basic_auth("bob", "pw-of-bob"))
    assert theirs.status_code == 403
    assert theirs.json() == {"detail": "only the bot's owner and staff see its log"}


def test_a_wrong_password_on_the_api_is_a_401_asking_for_credentials(client, users, db) -> None:
    users["alice"].set_password("pw-of-alice")
    users["alice"].save()
    for url in ("/api/bots/", "/api/bots/?mine=1"):
        response = client.get(url, **basic_auth("alice", "wrong"))
        assert response.status_code == 401, url
        assert response["WWW-Authenticate"].startswith("Basic")
    assert client.get("/api/bots/?mine=1", **basic_auth("alice", "pw-of-alice")).status_code == 200


def owner_section(page: str, seat: int) -> str:
    """The owner-only section of a seat on the match page ("" when it is not there)."""
    found = re.search(rf'<section class="seat-log" id="seat-{seat}-log">.*?</section>', page, re.S)
    return found.group(0) if found else ""


def test_the_owner_sees_their_bots_timing_with_a_chart_and_a_link_to_the_json(
    client, users, house_bots, fast_ladder
) -> None:
    times = [84.0, 2.0, 6.5, 1.5]
    match = play_against_alice(users, house_bots, fast_ladder, move_times_ms=times)
    client.force_login(users["alice"])
    section = owner_section(client.get(f"/matches/{match.id}/").content.decode(), match.alice_seat)
    text = re.sub(r"<[^>]+>", "", section)
    assert "4 moves timed" in text
    assert "first move 84.0 ms (includes start-up)" in text
    assert "later moves mean 3.33 ms, max 6.5 ms" in text  # the first move counts apart
    svg = re.search(r"<svg.*?</svg>", section, re.S).group(0)
    assert 'class="move-times"' in svg and 'data-ms="84"' in svg
    assert f'href="{log_url(match, match.alice_seat)}"' in section
    assert "Each move has 1.0 s CPU free, then draws on a 10.0 s bank" in text

    # A time control stored by an older version of the platform does not break the page.
    Match.objects.filter(id=match.id).update(time_control={"retired_setting": 1})
    page = client.get(f"/matches/{match.id}/")
    assert page.status_code == 200
    assert "later moves mean 3.33 ms" in re.sub(r"<[^>]+>", "", page.content.decode())
    assert "CPU free" not in page.content.decode()

    for viewer in (users["bob"], None):
        client.logout()
        if viewer:
            client.force_login(viewer)
        page = client.get(f"/matches/{match.id}/").content.decode()
        assert 'class="seat-log"' not in page and "move-times" not in page
        assert log_url(match, match.alice_seat) not in page


def test_a_crashs_stderr_tail_is_not_shown_twice_on_the_match_page(
    client, users, house_bots, fast_ladder
) -> None:
    stderr = "thinking…\nTraceback (most recent call last):\nZeroDivisionError: division by zero\n"
    match = play_against_alice(
        users,
        house_bots,
        fast_ladder,
        "stderr ends: Traceback (most recent call last):\nZeroDivisionError: division by zero",
        stderr=stderr,
    )
    client.force_login(users["alice"])
    section = owner_section(client.get(f"/matches/{match.id}/").content.decode(), match.alice_seat)
    assert section.count("ZeroDivisionError") == 1
    assert "is the end of its stderr, below" in section
    assert "<pre" in section and "Traceback (most recent call last):\nZeroDivisionError" in section
    assert "closed its stdout: exited with code 3" in section


def test_what_a_bot_wrote_at_its_forfeit_is_for_its_owner_only(
    client, users, house_bots, fast_ladder
) -> None:
    """A crashed bot's stderr tail may hold its owner's secrets: spectators see the reason
    and the platform's words, the owner also sees the bot's own text."""
    match = play_against_alice(users, house_bots, fast_ladder, "stderr ends: api_key=SECRET-123")
    page = client.get(f"/matches/{match.id}/").content.decode()
    assert "closed its stdout: exited with code 3" in page
    assert "SECRET-123" not in page
    client.force_login(users["bob"])
    assert "SECRET-123" not in client.get(f"/matches/{match.id}/").content.decode()
    client.force_login(users["alice"])
    assert "SECRET-123" in client.get(f"/matches/{match.id}/").content.decode()
    log = client.get(log_url(match, match.alice_seat)).json()
    assert log["forfeit_evidence"] == "stderr ends: api_key=SECRET-123"


def test_staff_see_every_log_and_platform_errors(client, users, played) -> None:
    Match.objects.filter(id=played.id).update(error_reason="attempt 1: sandbox on fire")
    client.force_login(users["staff"])
    for seat in (0, 1):
        assert client.get(log_url(played, seat)).status_code == 200
    assert "sandbox on fire" in client.get(f"/matches/{played.id}/").content.decode()
    client.force_login(users["alice"])
    assert "sandbox on fire" not in client.get(f"/matches/{played.id}/").content.decode()


def test_leaderboard_sorts_by_the_chosen_rating(client, house_bots) -> None:
    versions = [b.current_version for b in house_bots]
    for version, (mu, sigma, elo) in zip(
        versions,
        [(30.0, 8.0, 1400.0), (26.0, 1.0, 1600.0), (28.0, 3.0, 1500.0), (20, 5, 1000)],
        strict=True,
    ):
        version.mu, version.sigma, version.elo = mu, sigma, elo
        version.conservative = mu - 3 * sigma
        version.save()

    def order(sort: str | None) -> list[str]:
        page = client.get("/ladder/catan/" + (f"?sort={sort}" if sort else "")).content.decode()
        return sorted(
            (b.name for b in house_bots), key=lambda name: page.index(f">{name}</a></td>")
        )

    assert order(None) == ["random_b", "random_c", "random_bot", "random_d"]
    assert order("mu") == ["random_bot", "random_c", "random_b", "random_d"]
    assert order("elo") == ["random_b", "random_c", "random_bot", "random_d"]


def test_unknown_game_is_404(client, db) -> None:
    assert client.get("/ladder/nosuchgame/").status_code == 404


def test_home_links_leaderboards_and_match_list(client, played) -> None:
    home = client.get("/").content.decode()
    assert "/ladder/catan/" in home and "/ladder/cardgame/" in home and "/matches/" in home
    listing = client.get("/matches/?game=catan").content.decode()
    assert f"/matches/{played.id}/" in listing


def test_every_model_is_in_the_admin(client, users, played) -> None:
    client.force_login(users["staff"])
    users["staff"].is_superuser = True
    users["staff"].save()
    for model in (
        "gameladder",
        "bot",
        "botversion",
        "match",
        "participantlog",
        "replay",
        "scoredresult",
    ):
        assert client.get(f"/admin/tournament/{model}/").status_code == 200, model
    assert client.get(f"/admin/tournament/match/{played.id}/change/").status_code == 200
    ladder = client.get("/admin/tournament/gameladder/").content.decode()
    assert "players_per_match" in ladder


def listed(client, query: str = "") -> list[int]:
    page = client.get(f"/matches/{query}").content.decode()
    return [int(i) for i in re.findall(r'<a href="/matches/(\d+)/">', page)]


@pytest.fixture
def three_matches(played, house_bots) -> dict[str, Match]:
    """alice's finished catan match, a queued catan match of two house bots, and a queued
    cardgame match."""
    ladder = GameLadder.objects.get(game="catan")
    queued = create_match(ladder, [bot.current_version_id for bot in house_bots[1:3]])
    cards = GameLadder.objects.create(game="cardgame", players_per_match=2)
    card_bot = make_bot(house_bots[0].owner, "card_bot", "random_legal.py", game="cardgame")
    card = create_match(cards, [card_bot.versions.get().id] * 2)
    return {"played": played, "queued": queued, "card": card}


def test_the_match_list_filters_by_game_status_and_bot_name(client, three_matches) -> None:
    played, queued, card = (three_matches[k].id for k in ("played", "queued", "card"))
    assert listed(client) == [card, queued, played]
    assert listed(client, "?game=catan") == [queued, played]
    assert listed(client, "?status=queued") == [card, queued]
    assert listed(client, "?game=catan&status=queued") == [queued]
    assert listed(client, "?bot=ALICE") == [played]  # part of the name, any case
    assert listed(client, "?bot=random_c") == [queued]
    assert listed(client, "?bot=nobody") == []
    assert "No match fits these filters." in client.get("/matches/?bot=nobody").content.decode()


def test_the_match_list_filter_form_is_a_get_form_that_keeps_its_choices(
    client, three_matches
) -> None:
    page = client.get("/matches/?game=cardgame&status=queued&bot=card").content.decode()
    form = re.search(r'<form method="get" class="filters".*?</form>', page, flags=re.S).group(0)
    assert '<option value="cardgame" selected>' in form
    assert '<option value="queued" selected>' in form
    assert 'name="bot" value="card"' in form


def test_the_match_list_pages_keep_the_filters(client, three_matches, monkeypatch) -> None:
    monkeypatch.setattr(views, "PAGE_SIZE", 1)
    page = client.get("/matches/?game=catan&bot=random").content.decode()
    assert 'href="?game=catan&amp;bot=random&amp;page=2"' in page


def test_the_finished_column_does_not_wrap(client, played) -> None:
    page = client.get("/matches/").content.decode()
    assert '<th class="nowrap">Finished (UTC)</th>' in page
    played.refresh_from_db()
    finished = played.finished.strftime("%Y-%m-%d %H:%M")
    assert re.search(rf'<td class="nowrap"><time datetime="[^"]+">{finished}</time></td>', page)


def test_a_score_of_zero_shows_as_0_and_no_score_as_blank(client, played) -> None:
    seats = MatchParticipant.objects.filter(match=played).order_by("seat")
    seats.filter(seat=0).update(score=0.0)
    seats.filter(seat=1).update(score=None)
    page = client.get(f"/matches/{played.id}/").content.decode()
    rank_and_score = re.findall(r'<td class="num">(\d*)</td><td class="num">([^<]*)</td>', page)
    assert [score for _, score in rank_and_score] == ["0.0", ""]


def test_the_seed_is_shown_only_once_the_game_is_over(
    client, users, house_bots, fast_ladder
) -> None:
    """The seed decides every die and every deck: shown while a game is queued or running, it
    would reveal the hidden cards and the future rolls."""
    (match_id,) = schedule_ladder("catan", 1)
    match = Match.objects.get(id=match_id)
    for status in (Match.QUEUED, Match.RUNNING):
        Match.objects.filter(id=match_id).update(status=status)
        assert str(match.seed) not in client.get(f"/matches/{match_id}/").content.decode()
    Match.objects.filter(id=match_id).update(status=Match.FINISHED)
    assert str(match.seed) in client.get(f"/matches/{match_id}/").content.decode()

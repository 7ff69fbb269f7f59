"""A bot's record for its author and spectators: its games on its page (filterable), head-to-head
one click away, and "My bots" warning about forfeits."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournament.replays import finished_match
from tournament import records
from tournament.models import Bot, BotVersion, Match, MatchParticipant

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_bot_page_lists_its_games_and_filters_them(client) -> None:
    match = finished_match("cardgame", seed=41)
    winner = match.participants.get(rank=1)
    bot = winner.version.bot
    page = client.get(f"/bots/{bot.id}/").content.decode()
    assert f'href="/matches/{match.id}/"' in page and "<strong>won</strong>" in page
    loser = match.participants.exclude(id=winner.id).get()
    assert f"{loser.version.label}</a> (2)" in page  # the opponent, linked, with its place
    assert f'href="/bots/{bot.id}/vs/{loser.version.bot_id}/"' in page  # head-to-head, one click

    lost = client.get(f"/bots/{bot.id}/?result=loss").content.decode()
    assert f'href="/matches/{match.id}/"' not in lost and "No game fits these filters." in lost
    versus = client.get(f"/bots/{bot.id}/?opponent={loser.version.bot_id}").content.decode()
    assert f'href="/matches/{match.id}/"' in versus


def test_a_forfeit_shows_its_reason_in_the_games_table(client) -> None:
    match = finished_match("cardgame", seed=42)
    seat = match.participants.get(seat=0)
    MatchParticipant.objects.filter(id=seat.id).update(
        forfeit="crash", forfeit_detail="exited with code 1"
    )
    page = client.get(f"/bots/{seat.version.bot_id}/").content.decode()
    assert 'title="exited with code 1">forfeit: crash</span>' in page


def test_head_to_head_page_counts_both_sides(client) -> None:
    match = finished_match("cardgame", seed=43)
    winner = match.participants.get(rank=1).version.bot
    loser = match.participants.exclude(rank=1).get().version.bot
    page = client.get(f"/bots/{winner.id}/vs/{loser.id}/").content.decode()
    assert "<strong>1</strong> – <strong>0</strong>" in page
    assert f'href="/matches/{match.id}/"' in page
    other_side = client.get(f"/bots/{loser.id}/vs/{winner.id}/").content.decode()
    assert "<strong>0</strong> – <strong>1</strong>" in other_side
    assert client.get(f"/bots/{winner.id}/vs/{winner.id}/").status_code == 404


def test_my_bots_counts_the_last_days_forfeits_and_warns_when_a_version_forfeits_often(
    users,
) -> None:
    matches = [finished_match("cardgame", seed=seed) for seed in (50, 51, 52, 53)]
    # One bot of the first game becomes alice's, and sits in the other games too.
    mine = matches[0].participants.get(seat=0)
    Bot.objects.filter(id=mine.version.bot_id).update(owner=users["alice"])
    for match in matches[1:]:
        MatchParticipant.objects.filter(match=match, seat=0).update(version=mine.version)
    client = signed_in(users["alice"])
    calm = client.get("/bots/").content.decode()
    assert 'role="alert"' not in calm

    MatchParticipant.objects.filter(version=mine.version).update(forfeit="timeout", rank=2)
    watch = records.forfeit_watch(mine.version)
    assert (watch.games, watch.count, watch.alarming) == (4, 4, True)
    warned = client.get("/bots/").content.decode()
    assert f"v{mine.version.number} forfeited 4 of its last 4 games (timeout 4)" in warned
    assert '?result=forfeit#games">4</a>' in warned  # forfeits in the last day, linked
    bot_page = client.get(f"/bots/{mine.version.bot_id}/").content.decode()
    assert "forfeited 4 of its last 4 games" in bot_page
    # Spectators see the games, not the owner's warning.
    assert (
        "forfeited 4 of its last"
        not in Client().get(f"/bots/{mine.version.bot_id}/").content.decode()
    )


def test_two_forfeits_are_no_pattern_yet() -> None:
    match = finished_match("cardgame", seed=60)
    seat = match.participants.get(seat=0)
    MatchParticipant.objects.filter(id=seat.id).update(forfeit="crash")
    watch = records.forfeit_watch(seat.version)
    assert watch.count == 1 and not watch.alarming


def test_an_opponent_met_twice_in_one_game_counts_that_game_once() -> None:
    match = finished_match("catan", seed=61)
    me, other, third = match.participants.order_by("seat")
    MatchParticipant.objects.filter(id=third.id).update(version=other.version)
    assert records.frequent_opponents(me.version.bot) == [(other.version.bot, 1)]


def test_the_match_list_shows_options_scores_and_forfeits(client) -> None:
    match = finished_match("catan", seed=70, options={"masters": True, "victory_points": 3})
    loser = match.participants.order_by("-rank").first()
    MatchParticipant.objects.filter(id=loser.id).update(forfeit="timeout")
    winner = match.participants.get(rank=1)
    page = client.get("/matches/").content.decode()
    assert '<span class="muted options">masters, victory points 3</span>' in page
    assert f"<strong>{winner.version.label}</strong> (1, {winner.score:g})" in page
    assert 'class="forfeit" title="">timeout</span>' in page


def test_the_home_page_offers_a_recent_game_between_the_best_rated_bots(client) -> None:
    weak = finished_match("cardgame", seed=80)
    strong = finished_match("cardgame", seed=81)
    newer_but_weak = finished_match("cardgame", seed=82)
    Match.objects.filter(id__in=(weak.id, strong.id, newer_but_weak.id)).update(kind=Match.LADDER)
    BotVersion.objects.filter(participations__match=strong).update(conservative=20.0)
    BotVersion.objects.filter(participations__match__in=(weak, newer_but_weak)).update(
        conservative=1.0
    )
    assert records.worth_watching("cardgame") == strong
    page = client.get("/").content.decode()
    assert f'href="/matches/{strong.id}/?play=1#viewer"' in page
    assert records.worth_watching("catan") is None

"""What the tournament pages say: only the chosen game's versions on the create form, each
game's result, knockout standings by how far each entrant got, bots named with their owner
(pages, bracket, API, match list and match page), and a cancel that asks first."""

from __future__ import annotations

import re

import pytest

from tests.tournament.conftest import active_version, finish, make_bot, queued
from tests.tournament.test_results import outcome_for
from tests.tournament.test_tournament_pages import played_cup
from tournament import execution
from tournament.models import Match, Tournament
from tournament.results import record_result
from tournament.tournaments import create_tournament

# What an event shows and does, with its games queued at once (the fair share has its own tests).
pytestmark = pytest.mark.usefixtures("fair_share_off")


def test_the_create_form_tags_versions_with_their_game_and_refuses_a_mix_saying_why(
    client, users, card_versions, catan_versions, sent
) -> None:
    client.force_login(users["staff"])
    html = client.get("/tournaments/new").content.decode()
    tagged = {
        int(version): game
        for version, game in re.findall(
            r'<input type="checkbox" name="entrants" value="(\d+)"[^>]* data-game="(\w+)"', html
        )
    }
    assert tagged == {v.id: v.game for v in card_versions + catan_versions}
    assert 'data-game="catan"' in re.search(r"<details[^>]*options-catan[^>]*>", html).group(0)
    assert "tournament_form.js" in html  # the script that shows only the chosen game's

    # Without the script every version is listed: a mix is refused after submit, saying why.
    mixed = [card_versions[0], card_versions[1], catan_versions[0]]
    response = client.post(
        "/tournaments/new",
        {
            "name": "Mixed",
            "game": "cardgame",
            "format": "round_robin",
            "games_per_pairing": 1,
            "entrants": [v.id for v in mixed],
        },
    )
    text = response.content.decode()
    assert response.status_code == 400
    assert "A tournament plays one game, and these entrants are not Catan card game bots" in text
    assert f"#{catan_versions[0].id} {catan_versions[0].label} (Catan board game)" in text
    refused = text.split("not Catan card game bots")[1].split("</ul>")[0]
    assert card_versions[0].label not in refused
    assert not Tournament.objects.exists() and sent == []


def play(match: Match, ranks: list[int], capture, forfeit_seat: int | None = None) -> None:
    claimed, _ = execution.claim(match.id, "test-worker")
    with capture(execute=True):
        assert record_result(
            claimed.id, claimed.claim_token, outcome_for(claimed, ranks, forfeit_seat)
        )


def test_the_games_table_gives_each_result_and_links_replay_or_live_game(
    client, users, card_versions, sent, django_capture_on_commit_callbacks
) -> None:
    league = create_tournament(
        users["staff"], "cardgame", "League", "round_robin", [v.id for v in card_versions[:3]]
    )
    won, forfeited, running = queued(league)  # three entrants: three pairs
    play(won, [2, 1], django_capture_on_commit_callbacks)
    play(forfeited, [1, 2], django_capture_on_commit_callbacks, forfeit_seat=1)
    execution.claim(running.id, "busy-worker")
    html = client.get(f"/tournaments/{league.id}/").content.decode()
    rows = {
        int(re.search(r"/matches/(\d+)/", row).group(1)): row
        for row in re.findall(r'<tr class="game-[^"]*">.*?</tr>', html, re.S)
    }
    first, second = [p.version.label for p in won.participants.order_by("seat")]
    assert f'<li>{first} <span class="result">rank 2 · 8 pts</span></li>' in rows[won.id]
    winner = f'<li class="winner">{second} <span class="result">rank 1 · 9 pts</span>'
    assert f'{winner} <span class="won">won</span></li>' in rows[won.id]
    assert f'href="/matches/{won.id}/#viewer">replay</a>' in rows[won.id]
    assert "forfeit: crash" in rows[forfeited.id]
    assert "playing now" in rows[running.id]
    assert f'href="/matches/{running.id}/#live-game">watch live</a>' in rows[running.id]
    assert "replay" not in rows[running.id] and "rank" not in rows[running.id]

    body = client.get(f"/api/tournaments/{league.id}/").json()
    (game,) = [g for g in body["games"] if g["match"] == won.id]
    loser, winner = game["seats"]
    assert winner["won"] and not loser["won"] and game["winner"] == winner["seed"]
    assert (winner["rank"], winner["score"], winner["owner"]) == (1, 9.0, "alice")
    assert winner["version"] == won.participants.get(seat=1).version_id
    (unplayed,) = [g for g in body["games"] if g["match"] == running.id]
    assert unplayed["winner"] is None and {s["rank"] for s in unplayed["seats"]} == {None}


def test_a_queued_game_says_so(client, users, card_versions, sent) -> None:
    duel = create_tournament(
        users["staff"], "cardgame", "Duel", "round_robin", [v.id for v in card_versions[:2]]
    )
    html = client.get(f"/tournaments/{duel.id}/").content.decode()
    assert "queued, waiting for a worker" in html and "rank 1" not in html


def standings_rows(html: str) -> list[list[str]]:
    table = html[html.index('<table class="standings">') : html.index("<h2>Games</h2>")]
    return [
        [
            re.sub(r"<[^>]+>", "", cell).strip()
            for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        ]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S)[1:]
    ]


def test_a_knockouts_standings_go_by_how_far_each_entrant_got(
    client, users, card_versions, sent, django_capture_on_commit_callbacks
) -> None:
    # Five entrants, the lower seed wins every tie: seed 5 beats 4, then the top seed in the
    # semi-finals (which seed 3 reaches past seed 2), then seed 3 in the final.
    cup = played_cup(card_versions, users["staff"], django_capture_on_commit_callbacks)
    html = client.get(f"/tournaments/{cup.id}/").content.decode()
    rows = standings_rows(html)
    assert [(row[0], row[1], row[2], row[3]) for row in rows] == [
        ("1", "alice/card_4 v1", "5", "Champion"),
        ("2", "alice/card_2 v1", "3", "Final"),
        ("3", "alice/card_0 v1", "1", "Semi-finals"),  # the top seed, with the other semi-finalist
        ("3", "alice/card_1 v1", "2", "Semi-finals"),
        ("5", "alice/card_3 v1", "4", "Round 1"),
    ]
    assert "Ordered by how far each entrant got" in html and "Ordered by wins" not in html
    body = client.get(f"/api/tournaments/{cup.id}/").json()
    assert [(r["position"], r["reached"], r["seed"]) for r in body["standings"]] == [
        (1, "Champion", 5),
        (2, "Final", 3),
        (3, "Semi-finals", 1),
        (3, "Semi-finals", 2),
        (5, "Round 1", 4),
    ]


def test_a_running_knockout_shows_who_is_still_in(
    client, users, card_versions, sent, django_capture_on_commit_callbacks
) -> None:
    cup = create_tournament(
        users["staff"], "cardgame", "Cup", "knockout", [v.id for v in card_versions]
    )
    # Seeds 4 v 5 play Round 1 while seeds 1 to 3 have byes (2 v 3 may start their semi).
    round_one = next(game for game in queued(cup) if game.tournament_slot.round == 0)
    underdog = max(p.version_id for p in round_one.participants.all())
    finish(round_one, underdog, django_capture_on_commit_callbacks)
    rows = standings_rows(client.get(f"/tournaments/{cup.id}/").content.decode())
    assert [(row[0], row[2], re.sub(r"\s+", " ", row[3])) for row in rows] == [
        ("–", "1", "Semi-finals · still in"),
        ("–", "2", "Semi-finals · still in"),
        ("–", "3", "Semi-finals · still in"),
        ("–", "5", "Semi-finals · still in"),
        ("5", "4", "Round 1"),
    ]
    body = client.get(f"/api/tournaments/{cup.id}/").json()
    assert [r["position"] for r in body["standings"]] == [None, None, None, None, 5]


def test_a_round_robin_keeps_its_order_by_wins_and_states_the_tie_breaks(
    client, users, card_versions, sent, django_capture_on_commit_callbacks
) -> None:
    league = create_tournament(
        users["staff"], "cardgame", "League", "round_robin", [v.id for v in card_versions[:3]]
    )
    for game in queued(league):
        last = max(p.version_id for p in game.participants.all())
        finish(game, last, django_capture_on_commit_callbacks)
    html = client.get(f"/tournaments/{league.id}/").content.decode()
    assert "Ordered by wins, then average score, then average rank, then seed." in html
    assert "<th>Reached</th>" not in html
    rows = standings_rows(html)
    # The newest version won both its games, the middle one its game against the oldest.
    assert [(row[0], row[1], row[4]) for row in rows] == [
        ("1", "alice/card_2 v1", "2"),
        ("2", "alice/card_1 v1", "1"),
        ("3", "alice/card_0 v1", "0"),
    ]


def test_bots_of_the_same_name_are_told_apart_by_their_owner_everywhere(
    client, users, card_versions, sent, django_capture_on_commit_callbacks
) -> None:
    alices = card_versions[0]  # alice's card_0
    bobs = active_version(make_bot(users["bob"], "card_0", "random_legal.py", game="cardgame"))
    duel = create_tournament(
        users["staff"], "cardgame", "Name Clash", "knockout", [alices.id, bobs.id]
    )
    (game,) = queued(duel)
    finish(game, bobs.id, django_capture_on_commit_callbacks)

    html = client.get(f"/tournaments/{duel.id}/").content.decode()
    bracket = html[html.index("<svg") : html.index("</svg>")]
    for where in (bracket, html[html.index("<h2>Standings</h2>") :]):
        assert "alice/card_0 v1" in where and "bob/card_0 v1" in where
    assert 'class="champion">bob/card_0 v1' in bracket
    entrants = html[html.index("<h2>Entrants</h2>") :]
    assert ">alice/card_0 v1</a>" in entrants and ">bob/card_0 v1</a>" in entrants

    body = client.get(f"/api/tournaments/{duel.id}/").json()
    assert [(e["owner"], e["bot"], e["version"], e["name"]) for e in body["entrants"]] == [
        ("alice", "card_0", alices.id, "alice/card_0 v1"),
        ("bob", "card_0", bobs.id, "bob/card_0 v1"),
    ]
    (final,) = body["bracket"][0]
    assert final["names"] == ["alice/card_0 v1", "bob/card_0 v1"]
    assert final["versions"] == [alices.id, bobs.id]
    assert {(s["owner"], s["version"]) for s in body["games"][0]["seats"]} == {
        ("alice", alices.id),
        ("bob", bobs.id),
    }
    assert body["standings"][0]["owner"] == "bob"

    # The match list and the match page use the same name.
    for page in ("/matches/", f"/matches/{game.id}/"):
        text = client.get(page).content.decode()
        assert "alice/card_0 v1" in text and "bob/card_0 v1" in text, page


def test_cancelling_asks_first_and_says_what_it_drops(
    client, users, card_versions, sent, django_capture_on_commit_callbacks
) -> None:
    league = create_tournament(
        users["staff"], "cardgame", "League", "round_robin", [v.id for v in card_versions[:3]]
    )
    running = queued(league)[0]
    execution.claim(running.id, "busy-worker")
    client.force_login(users["staff"])
    page = f"/tournaments/{league.id}/"
    cancel = f"/tournaments/{league.id}/cancel"
    html = client.get(page).content.decode()
    assert f'href="{cancel}">Cancel the tournament…</a>' in html
    assert f'action="{cancel}"' not in html  # no button that cancels at once

    confirm = client.get(cancel).content.decode()
    assert "Cancel League?" in confirm
    assert "2 queued games</strong> will not be played" in confirm
    assert "1 game running now may finish; its result is kept" in confirm
    assert f'<form method="post" action="{cancel}"' in confirm and f'href="{page}"' in confirm
    assert Tournament.objects.get(id=league.id).status == Tournament.RUNNING

    response = client.post(cancel, follow=True)
    assert "League is cancelled: 2 queued games will not be played" in response.content.decode()
    assert Tournament.objects.get(id=league.id).status == Tournament.CANCELLED
    again = client.get(cancel, follow=True)
    assert again.redirect_chain == [(page, 302)]
    assert "already cancelled" in again.content.decode()


def test_two_ties_of_one_round_read_apart_on_the_page_the_bracket_and_the_match_page(
    client, users, card_versions, sent, django_capture_on_commit_callbacks
) -> None:
    cup = create_tournament(
        users["staff"], "cardgame", "Cup", "knockout", [v.id for v in card_versions[:4]]
    )
    top_half, bottom_half = queued(cup)  # seeds 1 v 4 above, 2 v 3 below, as the bracket draws
    html = client.get(f"/tournaments/{cup.id}/").content.decode()
    rows = {
        int(re.search(r"/matches/(\d+)/", row).group(1)): row
        for row in re.findall(r'<tr class="game-[^"]*">.*?</tr>', html, re.S)
    }
    assert "<td>Semi-final 1 · game 1</td>" in rows[top_half.id]
    assert "<td>Semi-final 2 · game 1</td>" in rows[bottom_half.id]
    assert "Semi-finals · game" not in html
    # The picture names each tie above its box the same way; the final has its column heading.
    assert re.findall(r'class="tie-name">([^<]*)<', html) == ["Semi-final 1", "Semi-final 2"]
    match_page = client.get(f"/matches/{bottom_half.id}/").content.decode()
    assert f'<a href="/tournaments/{cup.id}/">Cup</a> · Semi-final 2 · game 1' in match_page

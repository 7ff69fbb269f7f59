"""Games are named by their titles wherever a person reads them, and by their ids wherever a
program does (URLs, query strings, forms' values, the API's ``game``)."""

from __future__ import annotations

import html
import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.template import Context, Template

from games.registry import GAMES, game_choices, game_title
from tests.tournament.test_views import play_against_alice
from tournament.matches import create_match
from tournament.models import GameLadder, Match, Tournament
from tournament.tournaments import create_tournament

pytestmark = pytest.mark.django_db

TITLES = {"cardgame": "Catan card game", "catan": "Catan board game"}
GAME_ID = re.compile(r"\b(cardgame|catan)\b")
"""A game id in running text (the titles are capitalised: "Catan board game")."""


def visible_text(page: str) -> str:
    """What a reader sees: no tags, attributes, scripts or styles; no command lines or code,
    where an id is what the reader types (``manage.py play --game catan``)."""
    for hidden in ("script", "style", "pre", "code"):
        page = re.sub(rf"<{hidden}\b.*?</{hidden}>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def test_every_game_has_its_own_title_and_an_unknown_id_is_shown_as_it_is() -> None:
    assert {name: game.title for name, game in GAMES.items()} == TITLES
    assert game_choices() == [("cardgame", "Catan card game"), ("catan", "Catan board game")]
    assert game_title("catan") == "Catan board game"
    assert game_title("chess") == "chess"  # an old match of a game no longer installed


def test_one_filter_serves_every_template_without_a_load() -> None:
    template = Template("{{ game|game_title }} · {{ other|game_title }}")
    assert template.render(Context({"game": "cardgame", "other": "gone"})) == (
        "Catan card game · gone"
    )


@pytest.fixture
def site(client, users, house_bots, fast_ladder, sent) -> dict[str, object]:
    """A finished board game match, a queued card game match and a card game tournament."""
    played = play_against_alice(users, house_bots, fast_ladder)
    cards = GameLadder.objects.create(game="cardgame", players_per_match=2)
    from tests.tournament.conftest import active_version, make_bot

    card_bots = [
        active_version(make_bot(users["alice"], f"card_{i}", "random_legal.py", game="cardgame"))
        for i in range(2)
    ]
    card_match = create_match(cards, [v.id for v in card_bots])
    cup = create_tournament(
        users["staff"], "cardgame", "Winter Cup", "round_robin", [v.id for v in card_bots]
    )
    client.force_login(users["staff"])
    return {"played": played, "card_match": card_match, "cup": cup, "bot": card_bots[0].bot}


def pages(site: dict[str, object]) -> dict[str, str]:
    played: Match = site["played"]  # type: ignore[assignment]
    cup: Tournament = site["cup"]  # type: ignore[assignment]
    return {
        "home": "/",
        "leaderboard": "/ladder/cardgame/",
        "matches": "/matches/",
        "matches of a game": "/matches/?game=catan",
        "match": f"/matches/{played.id}/",
        "tournaments": "/tournaments/",
        "tournament": f"/tournaments/{cup.id}/",
        "new tournament": "/tournaments/new",
        "status": "/status/",
        "write a bot": "/write-a-bot/",
        "bot": f"/bots/{site['bot'].id}/",  # type: ignore[attr-defined]
        "my bots": "/bots/",
    }


def test_no_page_shows_a_game_id_to_its_reader(client, site) -> None:
    for name, path in pages(site).items():
        response = client.get(path)
        assert response.status_code in (200, 503), (name, response.status_code)
        text = visible_text(response.content.decode())
        assert not GAME_ID.search(text), (name, GAME_ID.findall(text))
        header = re.search(r'<header class="top">.*?</header>', response.content.decode(), re.S)
        for game, title in TITLES.items():  # every page's nav: the title, linking the id
            assert f'<a href="/ladder/{game}/">{title}</a>' in header.group(0), name


def test_each_page_names_its_game_by_title_and_links_by_id(client, site) -> None:
    played, cup = site["played"], site["cup"]
    home = client.get("/").content.decode()
    assert '<li class="card">Catan board game · <a href="/ladder/catan/">leaderboard</a>' in home
    assert 'href="/matches/?game=cardgame">matches</a>' in home
    assert "Catan card game · round robin" in home  # the tournament

    board = client.get("/ladder/cardgame/").content.decode()
    assert "<title>Catan card game leaderboard · Catan Arena</title>" in board
    assert "<h1>Catan card game leaderboard</h1>" in board

    listing = client.get("/matches/?game=catan").content.decode()
    assert "<title>Matches · Catan board game · Catan Arena</title>" in listing
    assert "<h1>Matches · Catan board game</h1>" in listing
    assert '<option value="catan" selected>Catan board game</option>' in listing
    assert '<option value="cardgame">Catan card game</option>' in listing
    assert (
        '<td>Catan board game<br><span class="muted options">victory points 3</span></td>'
        in listing
    )

    match = client.get(f"/matches/{played.id}/").content.decode()
    assert f"<title>Match {played.id} · Catan board game · Catan Arena</title>" in match
    assert f"<h1>Match {played.id} · Catan board game</h1>" in match

    assert "<td>Catan card game</td>" in client.get("/tournaments/").content.decode()
    detail = client.get(f"/tournaments/{cup.id}/").content.decode()
    assert '<p class="muted">Catan card game · round robin' in detail

    new = client.get("/tournaments/new").content.decode()
    assert '<option value="cardgame">Catan card game</option>' in new
    assert "<summary>Catan board game</summary>" in new
    assert "Catan card game · alice/card_0 v1" in new  # an entrant's checkbox
    assert "Blank: the ladder's (Catan card game 2, Catan board game 2)." in html.unescape(new)

    status = client.get("/status/").content.decode()
    assert '<a href="/matches/?game=catan">Catan board game</a>' in status

    guide = client.get("/write-a-bot/").content.decode()
    assert "<h3>Example bots: Catan board game" in guide
    assert "python manage.py play --game catan my_bot.py" in guide  # what the reader types

    bots = client.get("/bots/").content.decode()
    assert '<option value="cardgame">Catan card game</option>' in bots


def test_the_api_keeps_the_id_and_adds_the_title_beside_it(client, site) -> None:
    bots = client.get("/api/bots/?game=cardgame").json()["results"]
    assert bots and {(b["game"], b["game_title"]) for b in bots} == {
        ("cardgame", "Catan card game")
    }
    cup = client.get(f"/api/tournaments/{site['cup'].id}/").json()
    assert (cup["game"], cup["game_title"]) == ("cardgame", "Catan card game")
    listed = client.get("/api/tournaments/?game=cardgame").json()["results"]
    assert [t["game_title"] for t in listed] == ["Catan card game"]


def test_the_bare_error_pages_name_games_by_title_too(rf) -> None:
    from django.template import loader

    request = rf.get("/nowhere")
    request.user = AnonymousUser()
    page = loader.render_to_string("404.html", {"request_path": "/nowhere"}, request)
    assert '<a href="/ladder/catan/">Catan board game</a>' in page

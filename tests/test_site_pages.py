"""The way in for newcomers: the header and home page, "Write a bot" with its downloads, and
the protocol rendered as a page."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

from arena.front import authoring
from games.registry import GAMES
from tests.workers import ROOT

pytestmark = pytest.mark.django_db

REPOSITORY_FILES = {
    "arena_bot.py": "bots/sdk/arena_bot.py",
    "template_bot.py": "bots/examples/template_bot.py",
    "cardgame/random_bot.py": "bots/examples/cardgame/random_bot.py",
    "cardgame/heuristic_bot.py": "bots/examples/cardgame/heuristic_bot.py",
    "catan/random_bot.py": "bots/examples/catan/random_bot.py",
    "catan/heuristic_bot.py": "bots/examples/catan/heuristic_bot.py",
}


def header(page: str) -> str:
    return re.search(r'<header class="top">.*?</header>', page, flags=re.S).group(0)


def test_an_anonymous_visitor_is_shown_the_way_in(client) -> None:
    home = client.get("/").content.decode()
    hero = re.search(r'<section class="hero">.*?</section>', home, flags=re.S).group(0)
    assert 'href="/accounts/signup/"' in hero
    assert 'href="/accounts/login/"' in hero
    assert 'href="/write-a-bot/"' in hero
    nav = header(home)
    assert 'href="/accounts/signup/"' in nav and 'href="/accounts/login/"' in nav
    assert 'href="/write-a-bot/"' in nav


@pytest.mark.parametrize("path", ["/", "/matches/", "/tournaments/", "/write-a-bot/"])
def test_every_page_links_the_leaderboard_of_every_game(client, path) -> None:
    nav = header(client.get(path).content.decode())
    for game in GAMES:
        assert f'href="/ladder/{game}/"' in nav


def test_a_signed_in_author_is_sent_to_the_upload_page_not_to_sign_up(client) -> None:
    client.force_login(get_user_model().objects.create_user("alice"))
    home = client.get("/").content.decode()
    assert 'href="/accounts/signup/"' not in home
    hero = re.search(r'<section class="hero">.*?</section>', home, flags=re.S).group(0)
    assert 'href="/bots/"' in hero and "Upload a bot" in hero


def test_write_a_bot_links_the_protocol_and_every_download(client) -> None:
    page = client.get("/write-a-bot/").content.decode()
    assert 'href="/write-a-bot/protocol/"' in page
    for name in REPOSITORY_FILES:
        assert f'href="/write-a-bot/files/{name}"' in page
    # Each example bot says what it is in its own docstring's words.
    assert "Board game: a greedy builder that values intersections by their production." in page


def test_write_a_bot_gives_the_runner_command_for_each_game_with_the_ladders_seats(
    client,
) -> None:
    from tournament.scheduler import ladder_for

    page = client.get("/write-a-bot/").content.decode()
    for game in GAMES:
        seats = ladder_for(game).players_per_match
        opponents = " ".join([f"bots/examples/{game}/random_bot.py"] * (seats - 1))
        assert f"python manage.py play --game {game} my_bot.py {opponents} --games 50" in page


@pytest.mark.parametrize(("name", "repo_path"), sorted(REPOSITORY_FILES.items()))
def test_a_download_is_the_repository_file_itself(client, name, repo_path) -> None:
    response = client.get(f"/write-a-bot/files/{name}")
    assert response.status_code == 200
    assert b"".join(response.streaming_content) == (ROOT / repo_path).read_bytes()
    filename = repo_path.rsplit("/", 1)[-1]
    assert response["Content-Disposition"] == f'attachment; filename="{filename}"'


@pytest.mark.parametrize(
    "name", ["../arena/settings.py", "catan/../../../arena/settings.py", "sandbox.py", "x"]
)
def test_nothing_else_is_downloadable(client, name) -> None:
    assert client.get(f"/write-a-bot/files/{name}").status_code == 404


def test_the_protocol_is_a_page_with_linkable_sections(client) -> None:
    page = client.get("/write-a-bot/protocol/").content.decode()
    assert '<h1 id="the-bot-protocol-version-1">The bot protocol (version 1)</h1>' in page
    assert '<h2 id="the-sandbox-a-bot-runs-in">' in page
    assert "<th>forfeit reason</th>" in page  # its tables are tables
    assert '<code class="language-json">' in page  # its schemas are code blocks
    # A file the doc names by its repository path links to its download.
    sdk_link = '<a href="/write-a-bot/files/arena_bot.py"><code>bots/sdk/arena_bot.py</code></a>'
    assert sdk_link in page
    # The anchors "Write a bot" links to exist.
    write = client.get("/write-a-bot/").content.decode()
    for anchor in re.findall(r'href="/write-a-bot/protocol/#([^"]+)"', write):
        assert f'id="{anchor}"' in page


def test_the_markdown_renderer_lets_no_html_or_script_through(monkeypatch, tmp_path) -> None:
    doc = tmp_path / "protocol.md"
    doc.write_text(
        "# Title\n\n<script>alert(1)</script>\n\n[click](javascript:alert(2))\n\n"
        '<img src=x onerror="alert(3)">\n\n## Title\n'
    )
    monkeypatch.setattr(authoring, "PROTOCOL_DOC", doc)
    html = authoring.protocol_html()
    assert "<script" not in html and "<img" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert 'href="javascript' not in html
    assert '<h1 id="title">' in html and '<h2 id="title-2">' in html  # repeated titles stay unique


def test_the_upload_page_links_the_guide_instead_of_printing_repository_paths(client) -> None:
    client.force_login(get_user_model().objects.create_user("alice"))
    page = client.get("/bots/").content.decode()
    assert 'href="/write-a-bot/"' in page and 'href="/write-a-bot/protocol/"' in page
    assert "docs/protocol.md" not in page and "bots/examples/" not in page


def test_the_docker_image_holds_every_file_the_site_serves() -> None:
    dockerfile = (ROOT / "docker" / "Dockerfile").read_text()
    copied = set(re.findall(r"^COPY\s+(\S+)\s", dockerfile, flags=re.MULTILINE))
    served = [authoring.PROTOCOL_DOC, *(d.path for d in authoring.all_downloads().values())]
    for path in served:
        assert path.relative_to(ROOT).parts[0] in copied, path


def test_the_protocol_page_leaves_out_the_worked_examples_test_notes(client) -> None:
    """docs/protocol.md carries each example's replay in an HTML comment for its own test;
    the page (which escapes raw HTML) showed them as a wall of JSON."""
    from arena.front import authoring

    assert "<!-- replay:" in authoring.PROTOCOL_DOC.read_text()
    page = client.get("/write-a-bot/protocol/").content.decode()
    assert "replay:" not in page and "&lt;!--" not in page
    assert "{&quot;type&quot;:&quot;act&quot;" in page  # the exchanges themselves stay


def test_every_repository_file_the_protocol_page_names_is_a_download(client) -> None:
    """The protocol names files (the shell example bot, the card list, the tests that check
    it); each one is a link on the page and downloads as the repository holds it."""
    from arena.front import authoring

    doc = authoring.PROTOCOL_DOC.read_text()
    named = [
        name
        for name in re.findall(r"`([A-Za-z0-9_./-]+\.[A-Za-z0-9]+)`", doc)
        if (authoring.REPO_ROOT / name).is_file()
    ]
    assert {"bots/examples/random_bot.sh", "games/cardgame/data/cards.json"} <= set(named)
    page = client.get("/write-a-bot/protocol/").content.decode()
    urls = {d.repo_path: d.url for d in authoring.all_downloads().values()}
    for name in named:
        url = urls[name]
        assert f'href="{url}"><code>{name}</code>' in page, name
        answer = client.get(url)
        assert answer.status_code == 200, name
        assert b"".join(answer.streaming_content) == (authoring.REPO_ROOT / name).read_bytes()


def test_downloads_are_only_the_listed_files(client) -> None:
    for name in (
        "arena/settings.py",
        "../etc/passwd",
        "bots/../arena/settings.py",
        "var/db.sqlite3",
    ):
        assert client.get(f"/write-a-bot/files/{name}").status_code == 404, name

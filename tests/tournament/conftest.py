"""Fixtures of the match service tests: users, bots made from the test bots, fast ladders."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile

from tournament.models import Bot, BotVersion, GameLadder, Match, Tournament
from tournament.versions import create_version, examples_user

TEST_BOTS = Path(__file__).resolve().parent / "bots"
# The quickest real configuration: three-seat Catan to 3 victory points (about 0.6 s a game
# through the sandbox on the development machine).
FAST_GAME = "catan"
FAST_OPTIONS = {"victory_points": 3}


def make_bot(owner, name: str, code: str, game: str = FAST_GAME, validate: bool = False) -> Bot:
    bot = Bot.objects.create(owner=owner, game=game, name=name)
    path = TEST_BOTS / code
    create_version(bot, path.name, path.read_bytes(), validate=validate)
    bot.refresh_from_db()
    return bot


@pytest.fixture
def fast_ladder(db) -> GameLadder:
    ladder, _ = GameLadder.objects.update_or_create(
        game=FAST_GAME,
        defaults={
            "players_per_match": 3,
            "options": FAST_OPTIONS,
            "option_mix": [],
            "matches_in_flight": 4,
            "max_concurrent_per_bot": 2,
        },
    )
    return ladder


@pytest.fixture
def users(db) -> dict[str, object]:
    model = get_user_model()
    return {
        "alice": model.objects.create_user("alice"),
        "bob": model.objects.create_user("bob"),
        "staff": model.objects.create_user("staff", is_staff=True),
    }


@pytest.fixture
def house_bots(fast_ladder) -> list[Bot]:
    """Four random bots owned by the examples user; the first is every validation's opponent."""
    owner = examples_user()
    return [
        make_bot(owner, name, "random_legal.py")
        for name in ("random_bot", "random_b", "random_c", "random_d")
    ]


def active_version(bot: Bot) -> BotVersion:
    bot.refresh_from_db()
    assert bot.current_version is not None
    return bot.current_version


def code(data: bytes | None = None, name: str = "my_bot.py") -> SimpleUploadedFile:
    """An uploaded file for the upload page or the API; by default a random legal bot."""
    return SimpleUploadedFile(
        name, (TEST_BOTS / "random_legal.py").read_bytes() if data is None else data
    )


def basic_auth(username: str, password: str) -> dict[str, str]:
    token = base64.b64encode(f"{username}:{password}".encode()).decode()
    return {"HTTP_AUTHORIZATION": f"Basic {token}"}


# --- Tournaments ---------------------------------------------------------------------------


@pytest.fixture
def sent(monkeypatch) -> list[int]:
    """Matches handed to the workers (after commit); nothing reaches a broker."""
    sent_ids: list[int] = []
    from tournament import tasks

    monkeypatch.setattr(tasks, "send_match", sent_ids.append)
    return sent_ids


@pytest.fixture
def card_versions(users) -> list[BotVersion]:
    GameLadder.objects.update_or_create(game="cardgame", defaults={"players_per_match": 2})
    return [
        active_version(make_bot(users["alice"], f"card_{i}", "random_legal.py", game="cardgame"))
        for i in range(5)
    ]


@pytest.fixture
def catan_versions(house_bots) -> list[BotVersion]:
    return [active_version(bot) for bot in house_bots]


def queued(tournament: Tournament) -> list[Match]:
    return list(
        Match.objects.filter(tournament_slot__tournament=tournament, status=Match.QUEUED)
        .prefetch_related("participants")
        .order_by("id")
    )


def finish(match: Match, winner_version_id: int, capture) -> None:
    """Score ``match`` as won by ``winner_version_id``, running the after-commit hooks."""
    from tests.tournament.test_results import outcome_for
    from tournament import execution
    from tournament.results import record_result

    claimed, _ = execution.claim(match.id, "test-worker")
    seats = list(claimed.participants.order_by("seat"))
    others = iter(range(2, len(seats) + 1))
    ranks = [1 if p.version_id == winner_version_id else next(others) for p in seats]
    with capture(execute=True):
        assert record_result(claimed.id, claimed.claim_token, outcome_for(claimed, ranks))


@pytest.fixture
def fair_share_off(monkeypatch) -> None:
    """Every game a tournament wants is queued at once, as on an installation with workers to
    spare: for tests of what an event shows and does, not of how it shares the workers
    (``tests/tournament/test_tournament_share.py`` tests that)."""
    from tournament import brackets, tournaments

    monkeypatch.setattr(tournaments, "event_bot_share", lambda ladder, slots: brackets.MAX_MATCHES)

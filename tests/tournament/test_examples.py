"""Seeding the example bots (what ``make run`` does first)."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from tournament.examples import example_files, seed_all
from tournament.models import Bot, BotVersion, GameLadder

pytestmark = pytest.mark.django_db


def test_every_game_gets_its_example_bots_active_and_enough_of_them() -> None:
    out = io.StringIO()
    call_command("seed_example_bots", stdout=out)
    for game in ("cardgame", "catan"):
        assert example_files(game)[0].stem == "random_bot"
        ladder = GameLadder.objects.get(game=game)
        bots = Bot.objects.filter(game=game, owner__username="examples")
        assert {"random_bot", "heuristic_bot"} <= set(bots.values_list("name", flat=True))
        assert bots.count() >= ladder.players_per_match + 1
        assert all(b.current_version.status == BotVersion.ACTIVE for b in bots)
        assert f"{game}: random_bot v1" in out.getvalue()


def test_seeding_twice_changes_nothing() -> None:
    seed_all()
    versions = BotVersion.objects.count()
    seed_all()
    assert BotVersion.objects.count() == versions

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
        ladder = GameLadder.objects.get(game=game, family="base")
        bots = Bot.objects.filter(game=game, owner__username="examples")
        assert {"random_bot", "heuristic_bot"} <= set(bots.values_list("name", flat=True))
        assert bots.count() >= ladder.players_per_match + 1
        # Each match in flight can have bots of its own: a bot stuck in one holds up no other.
        assert bots.count() >= ladder.players_per_match * ladder.matches_in_flight
        assert all(b.current_version.status == BotVersion.ACTIVE for b in bots)
        assert f"{game}: random_bot v1" in out.getvalue()


def test_seeding_twice_changes_nothing() -> None:
    seed_all()
    versions = BotVersion.objects.count()
    seed_all()
    assert BotVersion.objects.count() == versions


def test_the_house_bots_are_the_example_bots_in_turn() -> None:
    catan = [b.name for b in seed_all()["catan"]]
    # Four players, two matches in flight: eight house bots.
    assert catan == [
        "random_bot",
        "heuristic_bot",
        "random_bot_2",
        "heuristic_bot_2",
        "random_bot_3",
        "heuristic_bot_3",
        "random_bot_4",
        "heuristic_bot_4",
    ]
    heuristic = Bot.objects.get(game="catan", name="heuristic_bot")
    copy = Bot.objects.get(game="catan", name="heuristic_bot_3")
    assert copy.current_version.content_hash == heuristic.current_version.content_hash


def test_a_ladder_with_more_matches_in_flight_gets_more_house_bots_and_keeps_the_old_ones() -> None:
    before = [b.id for b in seed_all()["cardgame"]]
    assert len(before) == 4
    GameLadder.objects.filter(game="cardgame").update(matches_in_flight=3)
    after = seed_all()["cardgame"]
    assert [b.id for b in after[:4]] == before
    assert [b.name for b in after] == [
        "random_bot",
        "heuristic_bot",
        "random_bot_2",
        "heuristic_bot_2",
        "random_bot_3",
        "heuristic_bot_3",
    ]

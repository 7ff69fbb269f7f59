"""Data migrations that rewrite stored results."""

from __future__ import annotations

import importlib

import pytest

evidence = importlib.import_module("tournament.migrations.0005_participantlog_forfeit_evidence")


@pytest.mark.parametrize(
    ("reason", "old", "public", "private"),
    [
        (
            "crash",
            "stopped reading its stdin: exited with code 1; stderr ends: key=abc",
            "stopped reading its stdin: exited with code 1",
            "stderr ends: key=abc",
        ),
        ("protocol_error", "answer is not JSON: 'hello'", "answer is not JSON", "'hello'"),
        (
            "protocol_error",
            'answer has no "action" key: \'{"x": 1}\'',
            'answer has no "action" key',
            "'{\"x\": 1}'",
        ),
        (
            "illegal_action",
            "{'type': 'TOY-01'}: not a card",
            "answered with an action the rules do not allow",
            "{'type': 'TOY-01'}: not a card",
        ),
        (
            "timeout",
            "used 1.200 s CPU, 1.100 s were left",
            "used 1.200 s CPU, 1.100 s were left",
            "",
        ),
        (
            "crash",
            "closed its stdout: exited with code 1",
            "closed its stdout: exited with code 1",
            "",
        ),
    ],
)
def test_old_public_details_lose_the_bots_own_text(reason, old, public, private) -> None:
    assert evidence.split_detail(reason, old) == (public, private)


variety = importlib.import_module("tournament.migrations.0007_ladder_option_mix_catan_variety")


@pytest.mark.django_db
def test_the_catan_ladder_gets_the_new_defaults_only_if_it_still_has_the_old_ones() -> None:
    from django.apps import apps

    from tournament.models import GameLadder

    GameLadder.objects.create(game="catan", players_per_match=3, options={}, matches_in_flight=5)
    variety.vary_the_catan_ladder(apps, None)
    catan = GameLadder.objects.get(game="catan")
    assert (catan.players_per_match, catan.options) == (4, {"layout": "variable"})
    assert catan.option_mix == variety.NEW_CATAN["option_mix"]
    assert catan.matches_in_flight == 5  # what the row had of its own stays
    variety.restore_the_old_catan_ladder(apps, None)
    catan.refresh_from_db()
    assert (catan.players_per_match, catan.options, catan.option_mix) == (3, {}, [])
    # An operator's own choice is left alone.
    GameLadder.objects.filter(game="catan").update(options={"victory_points": 8})
    variety.vary_the_catan_ladder(apps, None)
    catan.refresh_from_db()
    assert (catan.players_per_match, catan.options, catan.option_mix) == (
        3,
        {"victory_points": 8},
        [],
    )

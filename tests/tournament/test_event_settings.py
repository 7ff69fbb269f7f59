"""Per-event settings: the ladder's by default, the organiser's merged over them, all checked by
the engine or the clock ranges before anything is stored; seeding by rating or by hand."""

from __future__ import annotations

import pytest

from tests.tournament.conftest import FAST_OPTIONS, queued
from tournament.event_settings import TIME_CONTROL_RANGES
from tournament.models import BotVersion, GameLadder, Match, Tournament, TournamentEntrant
from tournament.tournaments import TournamentRefused, create_tournament

# What an event shows and does, with its games queued at once (the fair share has its own tests).
pytestmark = pytest.mark.usefixtures("fair_share_off")


def test_without_settings_the_event_copies_the_ladder(catan_versions, users, sent) -> None:
    ladder = GameLadder.objects.get(game="catan")
    ladder.time_control = {"move_cpu_s": 0.5, "wall_backstop_s": 20.0}
    ladder.save()
    ids = [v.id for v in catan_versions]
    tournament = create_tournament(users["staff"], "catan", "League", "round_robin", ids)
    assert tournament.players_per_match == 3
    assert tournament.options == FAST_OPTIONS
    assert tournament.time_control == {"move_cpu_s": 0.5, "wall_backstop_s": 20.0}
    assert all(m.participants.count() == 3 for m in queued(tournament))


def test_four_players_masters_and_a_clock_reach_every_game(catan_versions, users, sent) -> None:
    ids = [v.id for v in catan_versions]
    tournament = create_tournament(
        users["staff"],
        "catan",
        "Masters League",
        "round_robin",
        ids,
        games_per_pairing=2,
        players_per_match=4,
        options={"masters": True},
        time_control={"move_cpu_s": 2, "bank_cpu_s": 30.5},
    )
    games = queued(tournament)
    assert len(games) == tournament.planned_matches == 2  # one group of four, twice
    # The organiser's options are merged over the ladder's (victory points 3 stays).
    assert tournament.options == {**FAST_OPTIONS, "masters": True}
    for game in games:
        assert game.participants.count() == 4
        assert game.options == {**FAST_OPTIONS, "masters": True}
        assert game.time_control == {"move_cpu_s": 2.0, "bank_cpu_s": 30.5}


@pytest.mark.parametrize(
    ("settings", "reason"),
    [
        ({"options": {"expansion": True}}, "unknown catan option"),
        ({"options": {"masters": "yes"}}, "masters must be true or false"),
        ({"options": {"victory_points": 99}}, "victory_points must be an integer in 3..20"),
        ({"options": ["masters"]}, "options must be an object"),
        ({"players_per_match": 5}, "3 or 4 players"),
        ({"players_per_match": 2}, "allow_two_players"),
        ({"players_per_match": True}, "whole number"),
        ({"time_control": {"move_cpu_s": 0}}, "move_cpu_s must be between 0.1 and 10"),
        ({"time_control": {"bank_cpu_s": 301}}, "bank_cpu_s must be between 0 and 300"),
        ({"time_control": {"bank_cpu_s": float("nan")}}, "bank_cpu_s must be between"),
        ({"time_control": {"move_cpu_s": True}}, "move_cpu_s must be between"),
        ({"time_control": {"move_cpu_s": "1"}}, "move_cpu_s must be between"),
        ({"time_control": {"wall_backstop_s": 99}}, "wall_backstop_s cannot be set"),
        ({"seeding": "random"}, "unknown seeding"),
    ],
)
def test_bad_settings_are_refused_before_anything_is_stored(
    catan_versions, users, sent, settings, reason
) -> None:
    ids = [v.id for v in catan_versions]
    with pytest.raises(TournamentRefused, match=reason):
        create_tournament(users["staff"], "catan", "Bad", "round_robin", ids, **settings)
    assert not Tournament.objects.exists()
    assert not Match.objects.filter(kind=Match.TOURNAMENT).exists()
    assert sent == []


def test_the_card_game_takes_its_own_options_and_only_two_players(
    card_versions, users, sent
) -> None:
    ids = [v.id for v in card_versions[:2]]
    with pytest.raises(TournamentRefused, match="exactly 2 players"):
        create_tournament(users["staff"], "cardgame", "x", "round_robin", ids, players_per_match=3)
    with pytest.raises(TournamentRefused, match="unknown cardgame option 'masters'"):
        create_tournament(
            users["staff"], "cardgame", "x", "knockout", ids, options={"masters": True}
        )
    duel = create_tournament(
        users["staff"], "cardgame", "Duel", "knockout", ids, options={"vp_target": 7}
    )
    (game,) = queued(duel)
    assert game.options == {"vp_target": 7}


def test_the_clock_ranges_are_sane() -> None:
    """Per move well under the 30 s wall backstop; the bank within the sandbox's CPU cap."""
    from bots.limits import SandboxLimits, TimeControl

    assert TIME_CONTROL_RANGES["move_cpu_s"][1] < TimeControl().wall_backstop_s
    assert TIME_CONTROL_RANGES["bank_cpu_s"][1] <= SandboxLimits().cpu_game_s
    assert TIME_CONTROL_RANGES["move_cpu_s"][0] > 0


def seeds(tournament: Tournament) -> list[int]:
    return list(
        TournamentEntrant.objects.filter(tournament=tournament)
        .order_by("seed")
        .values_list("version_id", flat=True)
    )


def test_seeding_by_rating_or_in_the_organisers_order(card_versions, users, sent) -> None:
    ratings = [10.0, 30.0, 20.0, 30.0, -5.0]
    for version, rating in zip(card_versions, ratings, strict=True):
        BotVersion.objects.filter(id=version.id).update(conservative=rating)
    ids = [v.id for v in card_versions]
    by_rating = create_tournament(users["staff"], "cardgame", "Rated", "knockout", ids[::-1])
    # Best rating first; equal ratings go to the older version (lower id).
    assert seeds(by_rating) == [ids[1], ids[3], ids[2], ids[0], ids[4]]
    assert by_rating.seeding == Tournament.BY_RATING
    order = [ids[4], ids[0], ids[2], ids[3], ids[1]]
    manual = create_tournament(
        users["staff"], "cardgame", "Manual", "knockout", order, seeding="manual"
    )
    assert seeds(manual) == order and manual.seeding == Tournament.MANUAL_SEEDING
    # The top manual seed has the bye: seeds 4 and 5 (ids[3], ids[1]) play the one real tie.
    first = [
        m
        for m in queued(manual)
        if {p.version_id for p in m.participants.all()} == {ids[3], ids[1]}
    ]
    assert len(first) == 1


def test_a_board_game_knockout_needs_the_engines_two_player_option(
    catan_versions, users, sent
) -> None:
    ids = [v.id for v in catan_versions]
    with pytest.raises(TournamentRefused, match="allow_two_players"):
        create_tournament(users["staff"], "catan", "x", "knockout", ids, players_per_match=2)
    cup = create_tournament(
        users["staff"],
        "catan",
        "Duels",
        "knockout",
        ids,
        players_per_match=2,
        options={"allow_two_players": True},
    )
    assert [m.participants.count() for m in queued(cup)] == [2, 2]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("field", "value", "says"),
    [
        ("time_control", {"move_cpu_s": -1}, "move_cpu_s must be a number more than 0"),
        ("time_control", {"bank_cpu_s": float("inf")}, "bank_cpu_s must be a number 0 or more"),
        ("time_control", {"wall_backstop_s": "30"}, "wall_backstop_s must be a number"),
        ("time_control", {"no_such_clock": 1}, "unknown TimeControl settings: no_such_clock"),
        ("time_control", ["move_cpu_s"], ""),
        ("sandbox_limits", {"memory_bytes": 0}, "memory_bytes must be a whole number more than 0"),
        ("sandbox_limits", {"processes": 2.5}, "processes must be a whole number"),
        ("sandbox_limits", {"no_such_limit": 1}, "unknown SandboxLimits settings: no_such_limit"),
    ],
)
def test_the_admin_refuses_a_ladder_clock_or_limit_that_would_break_every_match(
    field: str, value: object, says: str
) -> None:
    """A negative clock forfeited every bot on time and an unknown limit name put every match
    in error: the ladder row's own validation (what the admin form runs) refuses both."""
    from django.core.exceptions import ValidationError

    ladder = GameLadder(game="cardgame", players_per_match=2, **{field: value})
    with pytest.raises(ValidationError) as refused:
        ladder.full_clean()
    assert field in refused.value.message_dict
    assert says in " ".join(refused.value.message_dict[field])


@pytest.mark.django_db
def test_the_admin_keeps_a_sound_ladder_clock() -> None:
    GameLadder(
        game="cardgame", time_control={"move_cpu_s": 0.5, "bank_cpu_s": 0}, sandbox_limits={}
    ).full_clean()

"""Game families around the engine: a bot's upload setting, one validation game per enabled
family, a ladder, ratings and leaderboard per family, fair turns among families, tournaments
of a family, and the house bots' families. The family is the stand-in plug-in of
``tests/families.py`` until a scenario plug-in is merged."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from tests.families import STAND_IN
from tests.tournament.conftest import FAST_OPTIONS, TEST_BOTS, code, finish
from tournament import execution
from tournament.examples import declared_families, house_bot_count, seed_game
from tournament.history import recompute
from tournament.matches import create_match
from tournament.models import Bot, BotVersion, FamilyRating, GameLadder, Match, Tournament
from tournament.results import record_result
from tournament.scheduler import ladder_for, schedule_game, schedule_ladder
from tournament.tournaments import TournamentRefused, create_tournament
from tournament.versions import UploadRejected, create_version, upload_bot

pytestmark = pytest.mark.django_db

SCENARIO = {"scenario": STAND_IN}


@pytest.fixture
def family_ladder(stand_in_family, fast_ladder) -> GameLadder:
    ladder, _ = GameLadder.objects.update_or_create(
        game="catan",
        family=STAND_IN,
        defaults={
            "players_per_match": 3,
            "options": {**FAST_OPTIONS, **SCENARIO},
            "matches_in_flight": 4,
            "max_concurrent_per_bot": 2,
        },
    )
    return ladder


def family_bot(owner, name: str, families: list[str]) -> Bot:
    bot = Bot.objects.create(owner=owner, game="catan", name=name)
    path = TEST_BOTS / "random_legal.py"
    create_version(bot, path.name, path.read_bytes(), validate=False, families=families)
    bot.refresh_from_db()
    return bot


@pytest.fixture
def family_bots(users, house_bots, family_ladder) -> list[Bot]:
    """Four bots enabled for the stand-in family (besides the house's four base-only bots)."""
    return [family_bot(users["bob"], f"scenario_{i}", [STAND_IN]) for i in range(4)]


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def score(match: Match, forfeit_version: int | None = None) -> None:
    """Finish ``match`` as a worker would: seat order ranks, ``forfeit_version`` forfeiting."""
    from tests.tournament.test_results import outcome_for

    claimed, _ = execution.claim(match.id, "w")
    seats = list(claimed.participants.order_by("seat"))
    forfeit = next((p.seat for p in seats if p.version_id == forfeit_version), None)
    ranks = list(range(1, len(seats) + 1))
    if forfeit is not None:
        ranks = [
            len(seats) if s == forfeit else r - (r > ranks[forfeit]) for s, r in enumerate(ranks)
        ]
    outcome = outcome_for(claimed, ranks, forfeit_seat=forfeit)
    assert record_result(claimed.id, claimed.claim_token, outcome)


def test_an_upload_is_validated_once_in_each_enabled_family(users, family_ladder, house_bots):
    client = signed_in(users["alice"])
    response = client.post(
        "/bots/", {"game": "catan", "name": "fisher", "code": code(), "families": [STAND_IN]}
    )
    assert response.status_code == 302
    version = BotVersion.objects.get(bot__name="fisher")
    assert version.families == ["base", STAND_IN]
    games = Match.objects.filter(kind=Match.VALIDATION, participants__version=version).distinct()
    by_family = {m.family: m for m in games}
    assert set(by_family) == {"base", STAND_IN}
    assert by_family[STAND_IN].options["scenario"] == STAND_IN
    assert "scenario" not in by_family["base"].options

    score(by_family["base"])
    version.refresh_from_db()
    assert version.status == BotVersion.VALIDATING  # the stand-in game is still to play
    score(by_family[STAND_IN])
    version.refresh_from_db()
    assert version.status == BotVersion.ACTIVE
    assert FamilyRating.objects.filter(version=version, family=STAND_IN).exists()
    assert FamilyRating.objects.filter(bot=version.bot, family=STAND_IN).exists()
    page = client.get(f"/bots/{version.bot_id}/").content.decode()
    assert "Base game, Stand-in scenario" in page
    assert "In Stand-in scenario: μ − 3σ" in page


def test_a_forfeit_in_one_family_fails_the_version_and_names_that_family(
    users, family_ladder, house_bots
):
    version = upload_bot(users["alice"], "catan", "fisher", "b.py", b"print(1)\n", [STAND_IN])
    games = Match.objects.filter(kind=Match.VALIDATION, participants__version=version)
    stand_in = games.get(family=STAND_IN)
    score(stand_in, forfeit_version=version.id)
    version.refresh_from_db()
    assert version.status == BotVersion.FAILED
    assert version.validation_log.startswith(
        f"Validation match {stand_in.id} (Stand-in scenario): forfeit (crash)"
    )
    score(games.get(family="base"))  # passing the other family afterwards changes nothing
    version.refresh_from_db()
    assert version.status == BotVersion.FAILED


def test_an_unknown_family_is_refused_naming_the_playable_ones(users, family_ladder, house_bots):
    with pytest.raises(UploadRejected, match=r"no family fishermen; choose among: base, stand_in"):
        upload_bot(users["alice"], "catan", "fisher", "b.py", b"print(1)\n", ["fishermen"])
    assert not Bot.objects.filter(name="fisher").exists()
    answer = signed_in(users["alice"]).post(
        "/api/bots/",
        {"game": "catan", "name": "fisher", "code": code(), "families": ["nope"]},
    )
    assert answer.status_code == 400 and "nope" in answer.json()["detail"] + json.dumps(
        answer.json()
    )


def test_each_family_ladder_plays_only_its_enabled_bots_with_its_options(
    family_bots, house_bots, settings
):
    settings.ARENA_MATCH_SLOTS = 64
    created = Match.objects.filter(id__in=schedule_game("catan"))
    scenario_bots = {b.current_version_id for b in family_bots}
    in_family = created.filter(family=STAND_IN)
    assert in_family.exists() and created.filter(family="base").exists()
    for match in in_family:
        assert match.options["scenario"] == STAND_IN
        assert {p.version_id for p in match.participants.all()} <= scenario_bots
    for match in created.filter(family="base"):
        assert "scenario" not in match.options


def test_a_waiting_family_keeps_its_bots_until_it_can_play(
    users, house_bots, family_ladder, settings
):
    """Three bots play both families, four the base only, one match at a time each. While the
    stand-in family has no match and one of its bots is busy, the base ladder may not take the
    other two (it would starve the family for good); once its bots are free it plays first."""
    settings.ARENA_MATCH_SLOTS = 64
    GameLadder.objects.update(max_concurrent_per_bot=1)
    both = [family_bot(users["bob"], f"both_{i}", [STAND_IN]).current_version for i in range(3)]
    house = [b.current_version for b in house_bots]
    base_ladder = GameLadder.objects.get(game="catan", family="base")
    busy = create_match(base_ladder, [house[0].id, house[1].id, both[0].id], kind=Match.LADDER)
    GameLadder.objects.filter(id=base_ladder.id).update(last_scheduled=busy.created)  # as queued
    assert schedule_game("catan") == []  # house[2], house[3] and both[1] would have made one

    Match.objects.filter(id=busy.id).update(status=Match.FINISHED)
    created = Match.objects.filter(id__in=schedule_game("catan"))
    (played,) = created.filter(family=STAND_IN)
    assert {p.version_id for p in played.participants.all()} == {v.id for v in both}
    (base,) = created.filter(family="base")
    assert {p.version_id for p in base.participants.all()} <= {v.id for v in house}


def test_a_family_result_moves_its_own_ratings_and_recomputes(
    family_bots, django_capture_on_commit_callbacks
):
    (match_id,) = schedule_ladder("catan", 1, family=STAND_IN)
    match = Match.objects.get(id=match_id)
    winner = match.participants.first().version
    base_before = (winner.conservative, winner.games_played)
    finish(match, winner.id, django_capture_on_commit_callbacks)
    winner.refresh_from_db()
    assert (winner.conservative, winner.games_played) == base_before  # the base is untouched
    rated = FamilyRating.objects.get(version=winner, family=STAND_IN)
    assert rated.games_played == 1 and rated.wins == 1 and rated.elo > 1500
    career = FamilyRating.objects.get(bot=winner.bot, family=STAND_IN)
    assert career.games_played == 1
    assert recompute().mismatches() == []
    FamilyRating.objects.filter(id=rated.id).update(wins=0)
    assert recompute().mismatches() == [
        f"FamilyRating {rated.id}: stored "
        f"{(rated.elo, rated.mu, rated.sigma, 1, 0, 0, rated.score_total, 1)} != "
        f"{(rated.elo, rated.mu, rated.sigma, 1, 1, 0, rated.score_total, 1)}"
    ]


def test_each_family_has_its_own_leaderboard_page_and_api(
    family_bots, django_capture_on_commit_callbacks
):
    (match_id,) = schedule_ladder("catan", 1, family=STAND_IN)
    match = Match.objects.get(id=match_id)
    winner = match.participants.first().version
    finish(match, winner.id, django_capture_on_commit_callbacks)
    client = Client()
    page = client.get("/ladder/catan/?family=stand_in").content.decode()
    assert "Stand-in scenario" in page and "scenario_0" in page
    assert "random_b" not in page  # a base-only bot is not on this family's board
    base = client.get("/ladder/catan/").content.decode()
    assert "random_b" in base and 'href="?family=stand_in"' in base
    assert client.get("/ladder/catan/?family=nope").status_code == 404

    rows = client.get("/api/leaderboards/catan/?family=stand_in").json()["results"]
    assert rows[0]["version_id"] == winner.id and rows[0]["games_played"] == 1
    assert len(rows) == len(family_bots)
    assert client.get("/api/leaderboards/catan/?family=nope").status_code == 404
    families = client.get("/api/games/catan/options").json()["families"]
    assert [f["id"] for f in families] == ["base", STAND_IN]


def test_a_tournament_plays_its_family(users, family_bots, house_bots):
    versions = [b.current_version_id for b in family_bots[:3]]
    event = create_tournament(
        users["staff"], "catan", "Cup", "round_robin", versions, family=STAND_IN
    )
    assert event.family == STAND_IN and event.options["scenario"] == STAND_IN
    games = Match.objects.filter(tournament_slot__tournament=event)
    assert games.exists()
    assert all(m.family == STAND_IN and m.options["scenario"] == STAND_IN for m in games)
    base_only = house_bots[0].current_version_id
    with pytest.raises(TournamentRefused, match="not enabled for the family stand_in"):
        create_tournament(
            users["staff"], "catan", "Cup 2", "round_robin", [*versions[:2], base_only],
            family=STAND_IN,
        )  # fmt: skip
    with pytest.raises(TournamentRefused, match="unknown family 'nope'"):
        create_tournament(users["staff"], "catan", "Cup 3", "round_robin", versions, family="nope")
    assert Tournament.objects.count() == 1


def test_the_house_bots_enable_the_families_their_files_declare(stand_in_family, db):
    examples = TEST_BOTS.parent.parent.parent / "bots" / "examples" / "catan"
    assert declared_families("catan", examples / "random_bot.py") == ["base", STAND_IN]
    assert declared_families("catan", examples / "heuristic_bot.py") == ["base", STAND_IN]
    # A file that declares nothing plays the base game only (the card game's examples).
    cardgame = examples.parent / "cardgame" / "heuristic_bot.py"
    assert declared_families("cardgame", cardgame) == ["base"]
    seeded = {b.name: b.current_version.families for b in seed_game("catan")}
    assert seeded["random_bot"] == seeded["heuristic_bot"] == ["base", STAND_IN]
    # Each ladder gets enough house bots for its matches in flight (4 seats x 2 matches): the
    # example bots' copies in turn, every one enabled for both families.
    needed = house_bot_count(ladder_for("catan", STAND_IN))
    assert sum(STAND_IN in families for families in seeded.values()) == needed == 8
    assert sorted(seeded) == sorted(
        ["random_bot", "heuristic_bot"]
        + [f"random_bot_{i}" for i in range(2, 5)]
        + [f"heuristic_bot_{i}" for i in range(2, 5)]
    )


def test_the_tournament_form_and_api_take_a_family(
    client, users, family_bots, sent, fair_share_off
):
    ids = [b.current_version_id for b in family_bots[:3]]
    client.force_login(users["staff"])
    page = client.get("/tournaments/new").content.decode()
    assert '<option value="stand_in">Stand-in scenario</option>' in page
    fields = {"game": "catan", "format": "round_robin", "games_per_pairing": 1}
    posted = client.post(
        "/tournaments/new", {**fields, "name": "Page Cup", "entrants": ids, "family": STAND_IN}
    )
    assert posted.status_code == 302
    made = client.post(
        "/api/tournaments/",
        {**fields, "name": "API Cup", "entrants": ids, "family": STAND_IN},
        content_type="application/json",
    )
    assert made.status_code == 201 and made.json()["family"] == STAND_IN
    for name in ("Page Cup", "API Cup"):
        event = Tournament.objects.get(name=name)
        assert event.family == STAND_IN
        assert {m.family for m in Match.objects.filter(tournament_slot__tournament=event)} == {
            STAND_IN
        }


def test_the_ladders_leave_an_idle_tournaments_bots_alone(users, house_bots, fast_ladder, settings):
    """An event whose table needs three bots at once, one of them busy on the ladder: the
    ladder may not take the other two meanwhile, or the event would wait for ever."""
    settings.ARENA_MATCH_SLOTS = 64
    GameLadder.objects.update(max_concurrent_per_bot=1)
    more = [family_bot(users["bob"], f"more_{i}", []).current_version for i in range(2)]
    house = [b.current_version for b in house_bots]
    busy = create_match(fast_ladder, [house[0].id, more[0].id, more[1].id], kind=Match.LADDER)
    event = create_tournament(
        users["staff"], "catan", "Cup", "round_robin", [v.id for v in house[:3]]
    )
    assert not Match.objects.filter(tournament_slot__tournament=event).exists()  # held back
    created = Match.objects.filter(id__in=schedule_game("catan"))
    seated = {p.version_id for m in created for p in m.participants.all()}
    assert not seated & {house[1].id, house[2].id}

    Match.objects.filter(id=busy.id).update(status=Match.FINISHED)
    from tournament.tournaments import advance

    assert advance(event.id)  # all three are free now: the event's game is queued

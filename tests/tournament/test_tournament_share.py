"""A tournament's games within the per-bot fair share: a bot already in as many unfinished
matches as it may be (``scheduler.event_bot_share``) has its further games held back, and they
are queued the moment one of its matches ends, so one slow entrant never fills every worker slot
while an event of fast bots keeps every slot busy.

Results are written by hand (``finish``, hooks run as on a worker); a slow bot's match is one
claimed by a worker that never ends it. ``test_pipeline_tournaments.py`` plays the same on real
workers with a bot that sleeps.
"""

from __future__ import annotations

from tests.tournament.conftest import active_version, finish, make_bot, queued
from tests.tournament.test_results import outcome_for
from tournament import execution
from tournament.matches import create_match
from tournament.models import BotVersion, Match, Tournament
from tournament.results import record_result
from tournament.scheduler import bot_loads, ladder_for
from tournament.tournaments import TournamentState, create_tournament, tournament_summary


def six_entrants(card_versions, users) -> list[BotVersion]:
    extra = make_bot(users["bob"], "card_5", "random_legal.py", game="cardgame")
    return [*card_versions, active_version(extra)]


def unfinished(version: BotVersion) -> list[Match]:
    return list(
        Match.objects.filter(
            status__in=(Match.QUEUED, Match.RUNNING), participants__version__bot=version.bot_id
        ).distinct()
    )


def held_back_only_for_a_reason(tournament: Tournament, share: int) -> bool:
    """Every game the event wants but has not queued has a bot already at its share: nothing
    is held back while its bots could play (which would slow an event of fast bots)."""
    state = TournamentState.load(tournament)
    bot_of = dict(BotVersion.objects.values_list("id", "bot_id"))
    loads = bot_loads(bot_of.values())
    return all(
        any(loads.get(bot_of[state.version_ids[e]], 0) >= share for e in pairing.seats)
        for pairing in state.missing_pairings()
    )


def test_a_slow_entrants_games_wait_while_the_others_play_on(
    card_versions, users, sent, settings, django_capture_on_commit_callbacks
) -> None:
    settings.ARENA_MATCH_SLOTS = 2  # one worker of concurrency 2: a bot may hold one slot
    versions = six_entrants(card_versions, users)
    slow = versions[0]  # seed 1 (equal ratings: the oldest version first)
    with django_capture_on_commit_callbacks(execute=True):
        league = create_tournament(
            users["staff"], "cardgame", "League", "round_robin", [v.id for v in versions]
        )
    assert league.planned_matches == 15
    # Three disjoint pairs, one game per bot: enough for every slot, none twice for one bot.
    first = queued(league)
    assert len(first) == 3 and len(unfinished(slow)) == 1
    (slow_game,) = unfinished(slow)
    partner = next(p.version for p in slow_game.participants.all() if p.version_id != slow.id)
    held, _ = execution.claim(slow_game.id, "slow-worker")  # a worker plays it, and plays on

    played = 0
    while games := queued(league):
        for game in games:
            assert slow_game.id != game.id
            finish(game, game.participants.all()[0].version_id, django_capture_on_commit_callbacks)
            played += 1
            assert unfinished(slow) == [slow_game], "the slow bot got a second game"
            assert held_back_only_for_a_reason(league, share=1)
    # Every game of the four bots not in the slow game was played meanwhile.
    assert played == 2 + 4  # the first two pairs, then the rest of the four's six games
    summary = tournament_summary(league)
    assert summary["waiting"] == 15 - 1 - 6  # the slow bot's and its partner's other games
    assert len(unfinished(partner)) == 1

    # The slow game ends: its bots' held-back games are queued at once, by the result's hook.
    with django_capture_on_commit_callbacks(execute=True):
        assert record_result(held.id, held.claim_token, outcome_for(held, [1, 2]))
    (next_slow_game,) = unfinished(slow)
    assert next_slow_game.status == Match.QUEUED and len(unfinished(partner)) == 1
    assert held_back_only_for_a_reason(league, share=1)


def test_an_event_of_fast_bots_keeps_every_slot_busy_and_finishes_on_its_hooks_alone(
    card_versions, users, sent, settings, django_capture_on_commit_callbacks
) -> None:
    """No wave waits for the slowest game of the last, and no beat tick is needed: each result
    queues what its bots may play next. With four slots a bot may hold three of them, but
    ``max_concurrent_per_bot`` (2) still applies, as on the ladder."""
    settings.ARENA_MATCH_SLOTS = 4
    versions = six_entrants(card_versions, users)
    with django_capture_on_commit_callbacks(execute=True):
        league = create_tournament(
            users["staff"], "cardgame", "League", "round_robin", [v.id for v in versions]
        )
    assert len(queued(league)) == 6  # every bot in two games: twelve seats
    assert max(len(unfinished(v)) for v in versions) == 2
    while games := queued(league):
        finish(
            games[0], games[0].participants.all()[1].version_id, django_capture_on_commit_callbacks
        )
        assert max(len(unfinished(v)) for v in versions) <= 2
        assert held_back_only_for_a_reason(league, share=2)
    league.refresh_from_db()
    assert league.status == Tournament.FINISHED
    assert Match.objects.filter(tournament_slot__tournament=league).count() == 15


def test_a_bot_freed_by_a_ladder_match_plays_its_held_back_tournament_game_first(
    card_versions, users, sent, settings, django_capture_on_commit_callbacks
) -> None:
    """The tournament's hook runs before the ladder's refill: the bot the ladder match frees
    goes to the event that waited for it, not back to the ladder."""
    settings.ARENA_MATCH_SLOTS = 2
    busy, rival, *others = card_versions
    ladder_match = create_match(ladder_for("cardgame"), [busy.id, others[0].id], kind=Match.LADDER)
    with django_capture_on_commit_callbacks(execute=True):
        duel = create_tournament(
            users["staff"], "cardgame", "Duel", "knockout", [busy.id, rival.id]
        )
    assert queued(duel) == [] and tournament_summary(duel)["waiting"] == 1
    page = tournament_summary(duel)
    assert page["games"] == [] and page["planned"] == 1

    finish(ladder_match, busy.id, django_capture_on_commit_callbacks)
    (final,) = queued(duel)
    assert {p.version_id for p in final.participants.all()} == {busy.id, rival.id}
    assert unfinished(busy) == [final], "the ladder took the bot back first"
    # The ladder refilled with the bots left free.
    assert Match.objects.filter(kind=Match.LADDER, status=Match.QUEUED).exists()


def test_the_page_says_how_many_games_wait_for_their_bots(
    client, card_versions, users, sent, settings
) -> None:
    settings.ARENA_MATCH_SLOTS = 2
    league = create_tournament(
        users["staff"], "cardgame", "League", "round_robin", [v.id for v in card_versions[:3]]
    )
    assert len(queued(league)) == 1  # three bots, every pair shares one: one game at a time
    html = client.get(f"/tournaments/{league.id}/").content.decode()
    assert "2 more games wait for a bot that is already playing its share" in html
    assert client.get(f"/api/tournaments/{league.id}/").json()["progress"]["waiting"] == 2

"""Writing a match's result exactly once: ranks, logs, replay, ratings, validation verdict.

Everything happens in one transaction whose first statement is a conditional UPDATE of the match
(``running`` with this worker's claim token → ``finished``). A worker whose claim was taken over
writes nothing; and :class:`~tournament.models.ScoredResult`'s primary key makes a second result
for a match a unique violation in the database, whatever the code above it does.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from bots.outcome import MatchOutcome, SeatResult, evidence_beyond_stderr
from games.common.replay import REPLAY_FORMAT, final_state_to_store
from games.registry import BASE
from tournament import ratings, scheduler, signals, tournaments
from tournament.family_ratings import family_titles, open_families, rating_rows
from tournament.models import (
    Bot,
    BotVersion,
    LiveView,
    Match,
    MatchParticipant,
    ParticipantLog,
    RatingFields,
    Replay,
    ScoredResult,
)


def record_result(match_id: int, claim_token: str, outcome: MatchOutcome) -> bool:
    """Store ``outcome`` for the match claimed with ``claim_token``.

    Returns False (and writes nothing) when the claim is no longer ours: the match was finished
    or taken over by another worker after our lease expired.
    """
    with transaction.atomic():
        now = timezone.now()
        won = Match.objects.filter(
            id=match_id, status=Match.RUNNING, claim_token=claim_token
        ).update(
            status=Match.FINISHED,
            finished=now,
            lease_expires=None,
            engine_version=outcome.engine_version,
            end_reason=outcome.reason[:255],
        )
        if not won:
            return False
        match = Match.objects.get(id=match_id)
        participants = list(match.participants.order_by("seat"))
        if [p.seat for p in participants] != [s.seat for s in outcome.seats]:
            raise ValueError(f"match {match_id}: outcome seats do not match the participants")
        # Lock every rating row this result touches, in one global order (versions by id,
        # then bots by id) so concurrent results never deadlock; then take the sequence
        # number, so results sharing a bot are numbered in the order they were applied.
        versions = {
            v.id: v
            for v in BotVersion.objects.select_for_update()
            .filter(id__in=[p.version_id for p in participants])
            .order_by("id")
        }
        bots = {
            b.id: b
            for b in Bot.objects.select_for_update()
            .filter(id__in={v.bot_id for v in versions.values()})
            .order_by("id")
        }
        ScoredResult.objects.create(match=match)
        _write_seats(participants, outcome)
        Replay.objects.create(match=match, data=Replay.pack(replay_payload(outcome)))
        LiveView.objects.filter(match=match).delete()  # the replay shows everything now
        if match.rated:
            apply_ratings(participants, rating_rows(match.family, versions, bots), outcome)
        if match.kind == Match.VALIDATION:
            _conclude_validation(participants, versions, bots, outcome)
        after_match(match)
    return True


def after_match(match: Match) -> None:
    """Inside the transaction that finished or failed ``match``: what follows once it commits
    (the tournaments of its bots advance, its ladder refills). In that order: a bot the match
    frees goes first to a tournament game held back for it, then to the ladder."""
    tournaments.after_match(match)
    scheduler.after_match(match)
    transaction.on_commit(lambda: signals.match_recorded.send_robust(Match, match=match))


def replay_payload(outcome: MatchOutcome) -> dict[str, object]:
    """The stored replay (``games.common.replay``, format 2: the event log once, not again
    inside the final state)."""
    return {
        "format": REPLAY_FORMAT,
        "game": outcome.game,
        "engine_version": outcome.engine_version,
        "num_players": outcome.num_players,
        "seed": outcome.seed,
        "options": outcome.options,
        "actions": outcome.actions,
        "events": outcome.events,
        "final_state": final_state_to_store(outcome.final_state),
        "reason": outcome.reason,
        "ranks": [seat.rank for seat in outcome.seats],
        "scores": [seat.score for seat in outcome.seats],
        "forfeits": [seat.forfeit for seat in outcome.seats],
    }


def _write_seats(participants: list[MatchParticipant], outcome: MatchOutcome) -> None:
    for participant, seat in zip(participants, outcome.seats, strict=True):
        participant.rank = seat.rank
        participant.score = seat.score
        participant.forfeit = seat.forfeit or ""
        participant.forfeit_detail = seat.forfeit_detail
        participant.save(update_fields=["rank", "score", "forfeit", "forfeit_detail"])
        ParticipantLog.objects.create(
            participant=participant,
            stderr=seat.stderr,
            move_times_ms=seat.move_times_ms,
            forfeit_evidence=seat.forfeit_evidence,
        )


def apply_ratings(
    participants: list[MatchParticipant],
    rows: dict[int, tuple[RatingFields, RatingFields]],
    outcome: MatchOutcome,
) -> None:
    """Update the ratings and counters of the seats' versions and bots in the match's family:
    ``rows`` gives each version id its (version, bot) rating rows, already locked by the caller
    (``family_ratings.rating_rows``)."""
    ranks = [seat.rank for seat in outcome.seats]
    scores = [seat.score for seat in outcome.seats]
    forfeited = [seat.forfeit is not None for seat in outcome.seats]
    seat_versions = [rows[p.version_id][0] for p in participants]
    seat_bots = [rows[p.version_id][1] for p in participants]
    new_versions = ratings.update([v.rating_state() for v in seat_versions], ranks)
    new_bots = ratings.update([b.rating_state() for b in seat_bots], ranks)
    for participant, seat, version, bot, after_v, after_b in zip(
        participants, outcome.seats, seat_versions, seat_bots, new_versions, new_bots, strict=True
    ):
        participant.elo_before, participant.mu_before = version.elo, version.mu
        participant.sigma_before = version.sigma
        participant.elo_after, participant.mu_after, participant.sigma_after = (
            after_v.elo,
            after_v.mu,
            after_v.sigma,
        )
        participant.save(
            update_fields=[
                "elo_before",
                "mu_before",
                "sigma_before",
                "elo_after",
                "mu_after",
                "sigma_after",
            ]
        )
        for row, after in ((version, after_v), (bot, after_b)):
            row.set_rating(after)
            row.games_played += 1
            row.wins += seat.rank == 1
            row.forfeits += seat.forfeit is not None
            row.count_scores(scores, forfeited, seat.seat)
            row.save(update_fields=row.RATING_COLUMNS)


def _conclude_validation(
    participants: list[MatchParticipant],
    versions: dict[int, BotVersion],
    bots: dict[int, Bot],
    outcome: MatchOutcome,
) -> None:
    """A validating version plays one validation game in each family it is enabled for: a
    forfeit in any fails it (its log names the family), and it goes live when the last of them
    passes."""
    match = participants[0].match
    where = validation_label(match.id, match.game, match.family)
    for participant, seat in zip(participants, outcome.seats, strict=True):
        version = versions[participant.version_id]
        if version.status != BotVersion.VALIDATING:
            continue
        if seat.forfeit:
            version.status = BotVersion.FAILED
            version.validation_log = failed_validation_log(where, seat)
            version.save(update_fields=["status", "validation_log"])
            continue
        passed = f"{where}: passed."
        version.validation_log = "\n".join(filter(None, [version.validation_log, passed]))
        version.save(update_fields=["validation_log"])
        if not validation_pending(version, match.id):
            activate_version(version, bots[version.bot_id])


def validation_label(match_id: int, game: str, family: str) -> str:
    """How a validation log names one of its games: ``Validation match 7`` in the base family,
    ``Validation match 8 (Fishermen of Catan)`` in another."""
    if family == BASE:
        return f"Validation match {match_id}"
    return f"Validation match {match_id} ({family_titles(game).get(family, family)})"


def validation_pending(version: BotVersion, but: int) -> bool:
    """Whether another validation game of ``version`` than match ``but`` is still to be played
    (queued, running, or stopped by a platform error that staff may requeue)."""
    return (
        Match.objects.filter(kind=Match.VALIDATION, participants__version=version)
        .exclude(id=but)
        .exclude(status=Match.FINISHED)
        .exists()
    )


def failed_validation_log(where: str, seat: SeatResult) -> str:
    """The owner's account of a failed validation, each part once: which game (and family) it
    failed, the forfeit reason and the platform's words, what the bot wrote at its forfeit
    unless that is just the end of its stderr, then the stderr."""
    lines = [f"{where}: forfeit ({seat.forfeit}): {seat.forfeit_detail}"]
    if evidence := evidence_beyond_stderr(seat.forfeit_evidence, seat.stderr):
        lines += ["", "What it wrote at its forfeit:", evidence]
    lines += ["", "--- stderr ---", seat.stderr.rstrip() or "(nothing)"]
    return "\n".join(lines)


def activate_version(version: BotVersion, bot: Bot) -> None:
    """Make ``version`` the bot's ladder representative and retire the one it replaces."""
    BotVersion.objects.filter(bot=bot, status=BotVersion.ACTIVE).exclude(id=version.id).update(
        status=BotVersion.RETIRED
    )
    version.status = BotVersion.ACTIVE
    version.save(update_fields=["status"])
    bot.current_version = version
    bot.save(update_fields=["current_version"])
    open_families(version)

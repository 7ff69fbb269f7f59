"""Creating a queued match: the record is written first, its task is sent after commit."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from tournament.models import GameLadder, Match, MatchParticipant


def create_match(
    ladder: GameLadder,
    version_ids: Sequence[int],
    *,
    kind: str = Match.MANUAL,
    rated: bool = True,
    options: dict[str, Any] | None = None,
    time_control: dict[str, Any] | None = None,
    sandbox_limits: dict[str, Any] | None = None,
    seed: int | None = None,
) -> Match:
    """A queued match of ``ladder.game`` in the ladder's family; seat i is ``version_ids[i]``.

    The ladder supplies the options, time control and sandbox limits unless they are given.
    """
    match = Match.objects.create(
        game=ladder.game,
        family=ladder.family,
        kind=kind,
        rated=rated,
        options=dict(ladder.options if options is None else options),
        time_control=dict(ladder.time_control if time_control is None else time_control),
        sandbox_limits=dict(ladder.sandbox_limits if sandbox_limits is None else sandbox_limits),
        seed=secrets.randbits(62) if seed is None else seed,
    )
    MatchParticipant.objects.bulk_create(
        MatchParticipant(match=match, version_id=version_id, seat=seat)
        for seat, version_id in enumerate(version_ids)
    )
    return match

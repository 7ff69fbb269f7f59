"""Finished matches with real replays, played through the engine directly (no sandbox).

Random legal decisions and the runner's own chance streams, then the result is stored by
``tournament.results.record_result`` exactly as a worker stores it.
"""

from __future__ import annotations

from typing import Any

from bots.outcome import MatchOutcome, SeatResult
from games.registry import GAMES
from tests.games.random_game import play_random
from tests.tournament.conftest import make_bot
from tournament import execution
from tournament.matches import create_match
from tournament.models import GameLadder, Match
from tournament.results import record_result
from tournament.versions import examples_user

SEATS = {"catan": 3, "cardgame": 2}


def finished_match(game_name: str, seed: int = 11, options: dict[str, Any] | None = None) -> Match:
    """A finished, scored match of ``game_name`` with its replay stored."""
    options = options or {}
    ladder, _ = GameLadder.objects.get_or_create(
        game=game_name, defaults={"players_per_match": SEATS[game_name]}
    )
    owner = examples_user()
    versions = [
        make_bot(owner, f"{game_name}_bot_{seat}_{seed}", "random_legal.py", game=game_name)
        .versions.get()
        .id
        for seat in range(SEATS[game_name])
    ]
    match = create_match(ladder, versions, options=options, seed=seed)
    claimed, _ = execution.claim(match.id, "test-worker")
    final, actions = play_random(game_name, SEATS[game_name], seed, options)
    result = final.result()
    ranks = [result["ranking"].index(seat) + 1 for seat in range(SEATS[game_name])]
    outcome = MatchOutcome(
        game=game_name,
        engine_version=GAMES[game_name].version,
        num_players=SEATS[game_name],
        seed=seed,
        options=options,
        seats=[
            SeatResult(seat=seat, rank=rank, score=float(result["scores"][seat]))
            for seat, rank in enumerate(ranks)
        ],
        reason=result["reason"],
        actions=actions,
        events=final.events,
        final_state=final.to_dict(),
    )
    assert record_result(claimed.id, claimed.claim_token, outcome)
    return Match.objects.get(id=match.id)

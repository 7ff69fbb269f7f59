"""Double elimination (tournament/formats/double_elimination.py), played out for every field
size from 2 to 64: byes, two losses out, the grand final and its reset, places."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.tournament.format_play import play_out, random_game
from tournament.brackets import GameResult
from tournament.formats.double_elimination import (
    DoubleEliminationEvent,
    grand_final_round,
    planned_games,
    round_names,
    tie_name,
)


def double(entrants: int, best_of: int = 1):
    return lambda results, stored: DoubleEliminationEvent(entrants, best_of, results)


def decided_ties(event: DoubleEliminationEvent) -> list:
    return [slot for ties in event.rounds for slot in ties if slot.played and slot.decided]


def check_played_out(entrants: int, event: DoubleEliminationEvent, played) -> None:
    assert event.complete
    ties = decided_ties(event)
    for pairing in played:
        assert len(set(pairing.seats)) == 2, "nobody plays himself"
    losses: Counter[int] = Counter(slot.loser for slot in ties)
    champion = event.champion()
    assert champion is not None
    # Everyone but the champion is out after exactly two lost ties; the champion lost at most
    # one (the grand final, when the reset was played, or a winners' tie).
    assert all(losses[e] == 2 for e in range(entrants) if e != champion)
    assert losses[champion] <= 1
    final, reset = event.rounds[-2][0], event.rounds[-1][0]
    assert final.played
    assert reset.played == (final.winner != event._side(final.sides[0]))
    # Ties played: 2n − 2, one more with the reset.
    assert len(ties) == 2 * entrants - 2 + reset.played
    # Byes: the first winners' round plays only the real ties (n − size/2 of them).
    size = len(event.rounds[0]) * 2
    assert sum(slot.played for slot in event.rounds[0]) == entrants - size // 2
    places = event.places()
    assert sorted(p.entrant for p in places) == list(range(entrants))
    assert places[0].entrant == champion and places[0].place == 1
    assert places[1].place == 2
    assert all(p.place is not None for p in places)
    assert [p.place for p in places] == sorted(p.place for p in places)
    # A shared place counts everyone above it.
    for row in places:
        assert row.place == 1 + sum(other.place < row.place for other in places)


@pytest.mark.parametrize("entrants", range(2, 65))
def test_double_elimination_plays_to_a_champion_for_every_field(entrants) -> None:
    event, _results, played = play_out(double(entrants), random.Random(entrants))
    check_played_out(entrants, event, played)
    assert len(played) <= planned_games(entrants, 1)


@pytest.mark.parametrize("entrants", range(2, 65))
def test_the_reset_is_played_when_the_losers_bracket_champion_wins_the_grand_final(
    entrants,
) -> None:
    # The better seed wins every game except the grand final, which the challenger wins: the
    # top seed takes the winners' bracket, loses the grand final and must win the reset.
    final_round = grand_final_round(entrants)

    def challenger_wins_the_final(pairing, rng) -> GameResult:
        first, second = pairing.seats
        if pairing.round == final_round:
            champion_side = event_holder[0].rounds[-2][0]
            challenger = champion_side.tie.entrants[1]
            winner = challenger
        else:
            winner = min(first, second)
        ranks = (1, 2) if winner == first else (2, 1)
        return GameResult(
            pairing.seats, ranks, (10.0, 5.0) if ranks[0] == 1 else (5.0, 10.0), (False, False)
        )

    event_holder: list = []

    def build(results, stored):
        event = DoubleEliminationEvent(entrants, 1, results)
        event_holder[:] = [event]
        return event

    event, _, played = play_out(build, random.Random(0), challenger_wins_the_final)
    check_played_out(entrants, event, played)
    assert event.rounds[-1][0].played
    assert [p.round for p in played].count(final_round + 1) == 1
    assert event.champion() == 0


@pytest.mark.parametrize("entrants,best_of", [(2, 3), (5, 3), (8, 5), (13, 3)])
def test_best_of_ties_end_at_a_majority(entrants, best_of) -> None:
    event, _results, played = play_out(
        double(entrants, best_of),
        random.Random(entrants),
        lambda p, r: random_game(p.seats, r, False),
    )
    check_played_out(entrants, event, played)
    for slot in decided_ties(event):
        assert max(slot.tie.wins) == best_of // 2 + 1 or len(slot.tie.games) == best_of


def test_round_and_tie_names() -> None:
    assert round_names(2) == ["Winners' final", "Grand final", "Grand final reset"]
    assert round_names(8) == [
        "Winners' round 1",
        "Winners' round 2",
        "Winners' final",
        "Losers' round 1",
        "Losers' round 2",
        "Losers' round 3",
        "Losers' final",
        "Grand final",
        "Grand final reset",
    ]
    assert tie_name(8, 0, 2) == "Winners' round 1, tie 3"
    assert tie_name(8, 6, 0) == "Losers' final"
    assert tie_name(8, 7, 0) == "Grand final"

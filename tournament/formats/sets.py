"""Duplicate sets: a pairing or a table plays its games in sets that share their chance.

With ``"duplicate": true`` (any format), what a format calls one game of a pairing or a table
becomes a *set*: one game per seat rotation of its entrants (two seats: A–B then B–A; p seats:
the p cyclic shifts of the first order), every game of the set on the same seed. The engines
draw every die, deck and board from ``ChanceStreams(seed)``, one stream per kind of chance, so
the set's games have the same board, the same deal and the same dice, each bot in turn in
every seat: the luck of the draw falls on every entrant alike as far as the rules let it (a
different play consumes a stream differently, so the games drift apart as play differs).

The formats are unchanged: they see one result per set (:func:`set_result`) and ask for sets;
the flow expands a set into its games (:func:`set_games`), game number ``set · size + k``.

The set's result: entrants ordered by games won in it, then total VP (credited, the forfeit
rule's); entrants level on both share a rank (a drawn set). An entrant forfeits the set only if
it forfeited every game of it.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournament.brackets import GameResult, Pairing


def set_size(players: int, duplicate: bool) -> int:
    """Games in a set: one per seat rotation with duplicate sets, otherwise a set is a game."""
    return players if duplicate else 1


def rotated(seats: Sequence[int], shift: int) -> tuple[int, ...]:
    shift %= len(seats)
    return tuple(seats[shift:]) + tuple(seats[:shift])


def set_games(pairing: Pairing, size: int) -> list[Pairing]:
    """The games of the set ``pairing.game``: its seat order rotated once per game."""
    return [
        Pairing(pairing.round, pairing.slot, pairing.game * size + k, rotated(pairing.seats, k))
        for k in range(size)
    ]


def set_of(game: int, size: int) -> tuple[int, int]:
    """(set number, game number in its set) of a stored game number."""
    return divmod(game, size)


def set_result(seats: Sequence[int], games: Sequence[GameResult]) -> GameResult:
    """The set as one result, in the seat order ``seats`` of its first game."""
    wins = dict.fromkeys(seats, 0)
    vp = dict.fromkeys(seats, 0.0)
    forfeited = dict.fromkeys(seats, 0)
    for game in games:
        winner = game.winner()
        if winner is not None:
            wins[winner] += 1
        credited = game.credited_scores()
        for seat, entrant in enumerate(game.seats):
            vp[entrant] += credited[seat]
            forfeited[entrant] += game.forfeits[seat]
    key = {entrant: (-wins[entrant], -vp[entrant]) for entrant in seats}
    ranks = tuple(1 + sum(key[other] < key[entrant] for other in seats) for entrant in seats)
    return GameResult(
        seats=tuple(seats),
        ranks=ranks,
        scores=tuple(vp[entrant] for entrant in seats),
        forfeits=tuple(forfeited[entrant] == len(games) for entrant in seats),
    )

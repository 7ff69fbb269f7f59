"""What the table formats for 3–4 player games share: placing points, records, seats, byes.

Decisions:

- A table plays ``games_per_table`` games; game k seats the table's entrants rotated k places
  (game 0's order ``a b c d``, game 1 ``b c d a``…), so a table of p playing p games gives each
  entrant every seat once.
- Points by placing in each game: p − rank (3, 2, 1, 0 at four seats; engine ties share the
  better rank's points); a forfeiter ranks last (the runner ranks it so). VP is the credited
  score of the forfeit rule (``tournament/forfeits.py``), the first tie-break.
- When the field does not fill whole tables, the n mod p entrants left over sit the round out
  (a bye): those with the fewest byes so far, the lowest placed first. A bye scores the average
  placing points of a game, (p − 1) / 2, for every game of the table, and no VP.
- Seats: each table's game-0 order is the one of its p! orders that keeps its entrants' seats
  most even over the event (the smallest largest count of one entrant in one seat, then the
  smallest sum of squares of the counts, then the first in order).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from math import ceil, log

from tournament.brackets import GameResult, Pairing


def default_rounds(entrants: int, players: int) -> int:
    """⌈log_p n⌉ + 1: each round meets p − 1 opponents, so fewer rounds than a two-player
    Swiss separate the field (4 rounds for 64 entrants at four seats)."""
    return ceil(log(max(entrants, players)) / log(players) - 1e-9) + 1


def placing_points(rank: int, players: int) -> float:
    return float(players - rank)


def bye_points(players: int, games_per_table: int) -> float:
    return (players - 1) / 2 * games_per_table


def rotated(order: Sequence[int], game: int) -> tuple[int, ...]:
    shift = game % len(order)
    return tuple(order[shift:]) + tuple(order[:shift])


@dataclass
class TableRecord:
    """An entrant's record over the table games counted so far."""

    entrant: int
    players: int
    points: float = 0.0
    vp: float = 0.0
    games: int = 0
    wins: int = 0
    byes: int = 0
    seat_counts: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.seat_counts:
            self.seat_counts = [0] * self.players

    def add_game(self, game: GameResult, seat: int) -> None:
        self.points += placing_points(game.ranks[seat], self.players)
        self.vp += game.credited_scores()[seat]
        self.games += 1
        self.wins += game.winner() == self.entrant
        self.seat_counts[seat] += 1

    def add_bye(self, games_per_table: int) -> None:
        self.points += bye_points(self.players, games_per_table)
        self.byes += 1


def standing_key(record: TableRecord) -> tuple[float, float, int]:
    """Points, then VP, then seed."""
    return (-record.points, -record.vp, record.entrant)


def choose_byes(records: Sequence[TableRecord], order: Sequence[int], count: int) -> list[int]:
    """``count`` entrants to sit out: fewest byes first, then the lowest placed."""
    if count == 0:
        return []
    position = {entrant: index for index, entrant in enumerate(order)}
    ranked = sorted(order, key=lambda e: (records[e].byes, -position[e]))
    return ranked[:count]


def seat_table(records: Sequence[TableRecord], entrants: Iterable[int]) -> tuple[int, ...]:
    """The game-0 seat order of a table that keeps its entrants' seats most even."""
    return _best_seating(records, tuple(entrants))[1]


def _best_seating(
    records: Sequence[TableRecord], members: tuple[int, ...]
) -> tuple[tuple[int, int], tuple[int, ...]]:
    best: tuple[tuple[int, int], tuple[int, ...]] | None = None
    for order in itertools.permutations(members):
        counts = [records[e].seat_counts[seat] + 1 for seat, e in enumerate(order)]
        cost = (max(counts), sum(c * c for c in counts))
        if best is None or cost < best[0]:
            best = (cost, order)
    assert best is not None
    return best


def even_out(records: Sequence[TableRecord], groups: list[list[int]]) -> list[list[int]]:
    """``groups`` with entrants of equal points swapped between neighbouring tables while
    that lets the two tables seat everyone more evenly: the standing decides who plays whom
    down to the points, the seats decide among entrants level on points."""
    groups = [list(group) for group in groups]
    improved = True
    while improved:
        improved = False
        for t in range(len(groups) - 1):
            upper, lower = groups[t], groups[t + 1]
            now = _pair_cost(records, upper, lower)
            for i, a in enumerate(upper):
                for j, b in enumerate(lower):
                    if records[a].points != records[b].points:
                        continue
                    upper[i], lower[j] = b, a
                    if _pair_cost(records, upper, lower) < now:
                        improved = True
                        break
                    upper[i], lower[j] = a, b
                if improved:
                    break
            if improved:
                break
    return groups


def _pair_cost(records: Sequence[TableRecord], *groups: list[int]) -> tuple[int, int]:
    costs = [_best_seating(records, tuple(group))[0] for group in groups]
    return (max(c[0] for c in costs), sum(c[1] for c in costs))


def table_games(round_number: int, tables: Sequence[Sequence[int]], games: int) -> list[Pairing]:
    return [
        Pairing(round_number, slot, game, rotated(order, game))
        for slot, order in enumerate(tables)
        for game in range(games)
    ]


def round_finished(
    results: Mapping[tuple[int, int], Sequence[GameResult]],
    round_number: int,
    tables: int,
    games: int,
) -> bool:
    return all(len(results.get((round_number, slot), ())) >= games for slot in range(tables))


def count_round(
    records: Sequence[TableRecord],
    results: Mapping[tuple[int, int], Sequence[GameResult]],
    round_number: int,
    tables: int,
    games: int,
) -> None:
    for slot in range(tables):
        for game in list(results.get((round_number, slot), ()))[:games]:
            for seat, entrant in enumerate(game.seats):
                records[entrant].add_game(game, seat)


def table_order(
    results: Sequence[GameResult],
    order: Sequence[int],
    players: int,
    heat_position: Mapping[int, int],
) -> list[int]:
    """A table's entrants by its own games: placing points, then VP, then ``heat_position``."""
    points = {e: 0.0 for e in order}
    vp = {e: 0.0 for e in order}
    for game in results:
        credited = game.credited_scores()
        for seat, entrant in enumerate(game.seats):
            points[entrant] += placing_points(game.ranks[seat], players)
            vp[entrant] += credited[seat]
    return sorted(order, key=lambda e: (-points[e], -vp[e], heat_position[e]))

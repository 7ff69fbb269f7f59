"""Multi-table Swiss for 3–4 player games: each round seats tables by standing.

Decisions (the shared ones, points by placing, byes and seats, in ``tables.py``):

- Rounds default to ⌈log_p n⌉ + 1 (``tables.default_rounds``).
- The first round spreads the seeds over the tables (seed i at table i mod T), so the top
  seeds do not meet at once; every later round, paired once the last is over, seats the
  standings in order: the leaders at table 1, the next p at table 2…
- Standings: placing points, then VP, then seed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tournament.brackets import GameResult, Pairing
from tournament.formats import Place
from tournament.formats.tables import (
    TableRecord,
    choose_byes,
    count_round,
    even_out,
    round_finished,
    seat_table,
    standing_key,
    table_games,
)

TABLE_SWISS = "table_swiss"


def planned_games(entrants: int, players: int, rounds: int, games_per_table: int) -> int:
    return rounds * (entrants // players) * games_per_table


class TableRounds:
    """Rounds of tables seated by standing, rebuilt from finished games: the engine of
    ``table_swiss`` and of the heats of ``table_advancement``."""

    def __init__(
        self,
        entrants: int,
        players: int,
        rounds: int,
        games_per_table: int,
        results: Mapping[tuple[int, int], Sequence[GameResult]],
        stored: Mapping[int, Sequence[Sequence[int]]] | None = None,
    ) -> None:
        self.entrants, self.players, self.rounds = entrants, players, rounds
        self.games_per_table = games_per_table
        self.results = results
        self.stored = stored or {}
        self.records = [TableRecord(entrant, players) for entrant in range(entrants)]
        self.tables: list[tuple[tuple[int, ...], ...]] = []
        self.byes: list[tuple[int, ...]] = []
        self.finished_rounds = 0
        tables_per_round = entrants // players
        for number in range(rounds):
            tables, byes = self._seat(number)
            self.tables.append(tables)
            self.byes.append(byes)
            if not round_finished(results, number, tables_per_round, games_per_table):
                break
            count_round(self.records, results, number, tables_per_round, games_per_table)
            for entrant in byes:
                self.records[entrant].add_bye(games_per_table)
            self.finished_rounds += 1

    def order(self) -> list[int]:
        return sorted(range(self.entrants), key=lambda e: standing_key(self.records[e]))

    def _seat(self, number: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        tables_per_round = self.entrants // self.players
        if number in self.stored:
            tables = tuple(tuple(order) for order in self.stored[number])
            seated = {e for order in tables for e in order}
            return tables, tuple(e for e in range(self.entrants) if e not in seated)
        order = self.order()
        byes = choose_byes(self.records, order, self.entrants % self.players)
        playing = [e for e in order if e not in byes]
        if number == 0:
            groups = [playing[t::tables_per_round] for t in range(tables_per_round)]
        else:
            groups = even_out(
                self.records,
                [
                    playing[t * self.players : (t + 1) * self.players]
                    for t in range(tables_per_round)
                ],
            )
        tables = tuple(seat_table(self.records, group) for group in groups)
        return tables, tuple(sorted(byes))

    def wanted(self) -> list[Pairing]:
        return [
            pairing
            for number, tables in enumerate(self.tables)
            for pairing in table_games(number, tables, self.games_per_table)
        ]

    def paired_rounds(self) -> dict[int, list[list[int]]]:
        """Every round seated so far, to keep (``stored`` of the next rebuild)."""
        return {number: [list(t) for t in tables] for number, tables in enumerate(self.tables)}

    def sat_out(self) -> dict[int, list[int]]:
        """Who sat out each round seated so far."""
        return {number: list(byes) for number, byes in enumerate(self.byes) if byes}

    def round_name(self, number: int) -> str:
        return f"Round {number + 1}"

    def tie_name(self, number: int, slot: int) -> str:
        return f"{self.round_name(number)}, table {slot + 1}"

    @property
    def complete(self) -> bool:
        return self.finished_rounds == self.rounds


class TableSwissEvent(TableRounds):
    """The ``table_swiss`` format: its rounds and its standings."""

    def places(self) -> list[Place]:
        return [
            Place(
                entrant,
                position,
                (("Points", self.records[entrant].points), ("VP", self.records[entrant].vp)),
                extra={"byes": self.records[entrant].byes},
            )
            for position, entrant in enumerate(self.order(), start=1)
        ]

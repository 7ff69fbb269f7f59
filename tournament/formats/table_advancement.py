"""Table advancement for 3–4 player games: heats, semi-final tables of the leaders, a final.

Decisions (points by placing, byes and seats in ``tables.py``):

- Heats: ``heats`` rounds of tables seated by standing, exactly the rounds of
  ``table_swiss`` (default ⌈log_p n⌉ rounds, at least one).
- Semi-finals, when the field fills at least two tables of p (n ≥ 2p): S = min(p, n // p)
  tables of the S·p leaders after the heats, spread in a snake (leaders 1…S at tables 1…S,
  leaders S+1…2S at tables S…1, …) so the top of the heats meet only in the final.
- The final table: the winner of each semi-final table (by its own placing points, then VP,
  then heat standing), then, while seats are left (fewer than p semi-final tables), the best
  runners-up by the same order; without semi-finals, the p leaders of the heats.
- Standings: the final table by its games (places 1…p), then the semi-finalists who did not
  reach it by their semi-final table's points, VP and heat standing, then everyone else in
  heat standing order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import ceil, log

from tournament.brackets import GameResult, Pairing
from tournament.formats import Place
from tournament.formats.table_swiss import TableRounds
from tournament.formats.tables import round_finished, seat_table, table_games, table_order

TABLE_ADVANCEMENT = "table_advancement"


def default_heats(entrants: int, players: int) -> int:
    return max(1, ceil(log(max(entrants, players)) / log(players) - 1e-9))


def semi_final_tables(entrants: int, players: int) -> int:
    """How many semi-final tables: none below two full tables, at most one per final seat."""
    tables = min(players, entrants // players)
    return tables if tables >= 2 else 0


def planned_games(entrants: int, players: int, heats: int, games_per_table: int) -> int:
    tables = heats * (entrants // players) + semi_final_tables(entrants, players) + 1
    return tables * games_per_table


def snake(leaders: Sequence[int], tables: int) -> list[list[int]]:
    groups: list[list[int]] = [[] for _ in range(tables)]
    for index, entrant in enumerate(leaders):
        lap, offset = divmod(index, tables)
        groups[offset if lap % 2 == 0 else tables - 1 - offset].append(entrant)
    return groups


class TableAdvancementEvent:
    def __init__(
        self,
        entrants: int,
        players: int,
        heats: int,
        games_per_table: int,
        results: Mapping[tuple[int, int], Sequence[GameResult]],
        stored: Mapping[int, Sequence[Sequence[int]]] | None = None,
    ) -> None:
        stored = stored or {}
        self.entrants, self.players, self.heat_rounds = entrants, players, heats
        self.games_per_table = games_per_table
        self.results = results
        self.heats = TableRounds(entrants, players, heats, games_per_table, results, stored)
        self.semi_tables = semi_final_tables(entrants, players)
        self.semi_round = heats if self.semi_tables else None
        self.final_round = heats + (1 if self.semi_tables else 0)
        self.semis: tuple[tuple[int, ...], ...] = ()
        self.final: tuple[int, ...] = ()
        self.heat_order: list[int] = []
        self.heat_position: dict[int, int] = {}
        if not self.heats.complete:
            return
        self.heat_order = self.heats.order()
        self.heat_position = {e: i for i, e in enumerate(self.heat_order)}
        records = self.heats.records
        if self.semi_round is not None:
            if self.semi_round in stored:
                self.semis = tuple(tuple(t) for t in stored[self.semi_round])
            else:
                leaders = self.heat_order[: self.semi_tables * players]
                self.semis = tuple(
                    seat_table(records, group) for group in snake(leaders, self.semi_tables)
                )
            if not round_finished(results, self.semi_round, self.semi_tables, games_per_table):
                return
            finalists = self._finalists()
        else:
            finalists = self.heat_order[:players]
        if self.final_round in stored:
            self.final = tuple(stored[self.final_round][0])
        else:
            self.final = seat_table(self._records_after_semis(), finalists)

    def _semi_orders(self) -> list[list[int]]:
        return [
            table_order(
                list(self.results.get((self.semi_round, slot), ()))[: self.games_per_table],
                table,
                self.players,
                self.heat_position,
            )
            for slot, table in enumerate(self.semis)
        ]

    def _finalists(self) -> list[int]:
        orders = self._semi_orders()
        finalists = [order[0] for order in orders]
        runners_up = [e for order in orders for e in order[1:]]
        ranked = self._rank_in_semis(runners_up)
        return finalists + ranked[: self.players - len(finalists)]

    def _rank_in_semis(self, entrants: Sequence[int]) -> list[int]:
        """Entrants of different semi-final tables compared: their table points, VP, heat."""
        points: dict[int, float] = {}
        vp: dict[int, float] = {}
        for slot in range(len(self.semis)):
            for game in list(self.results.get((self.semi_round, slot), ()))[: self.games_per_table]:
                credited = game.credited_scores()
                for seat, entrant in enumerate(game.seats):
                    points[entrant] = points.get(entrant, 0.0) + self.players - game.ranks[seat]
                    vp[entrant] = vp.get(entrant, 0.0) + credited[seat]
        return sorted(
            entrants,
            key=lambda e: (-points.get(e, 0.0), -vp.get(e, 0.0), self.heat_position[e]),
        )

    def _records_after_semis(self):  # seat counts including the semi-finals
        records = [
            type(r)(r.entrant, r.players, seat_counts=list(r.seat_counts))
            for r in self.heats.records
        ]
        if self.semi_round is not None:
            for slot in range(len(self.semis)):
                for game in list(self.results.get((self.semi_round, slot), ()))[
                    : self.games_per_table
                ]:
                    for seat, entrant in enumerate(game.seats):
                        records[entrant].seat_counts[seat] += 1
        return records

    def wanted(self) -> list[Pairing]:
        wanted = self.heats.wanted()
        if self.semis:
            wanted += table_games(self.semi_round, self.semis, self.games_per_table)  # type: ignore[arg-type]
        if self.final:
            wanted += table_games(self.final_round, [self.final], self.games_per_table)
        return wanted

    @property
    def complete(self) -> bool:
        return bool(self.final) and round_finished(
            self.results, self.final_round, 1, self.games_per_table
        )

    def round_name(self, number: int) -> str:
        if number < self.heat_rounds:
            return f"Heat {number + 1}"
        return "Final table" if number == self.final_round else "Semi-finals"

    def sat_out(self) -> dict[int, list[int]]:
        return self.heats.sat_out()

    def tie_name(self, number: int, slot: int) -> str:
        if number == self.final_round:
            return "Final table"
        if number == self.semi_round:
            return f"Semi-final table {slot + 1}"
        return f"Heat {number + 1}, table {slot + 1}"

    def paired_rounds(self) -> dict[int, list[list[int]]]:
        rounds = self.heats.paired_rounds()
        if self.semis:
            rounds[self.semi_round] = [list(t) for t in self.semis]  # type: ignore[index]
        if self.final:
            rounds[self.final_round] = [list(self.final)]
        return rounds

    def places(self) -> list[Place]:
        """The final table, then the other semi-finalists, then the heats; an entrant still
        in play (its table not finished) has no place yet."""
        position = {e: i for i, e in enumerate(self.heat_order or self.heats.order())}
        rows: list[Place] = []
        if self.final:
            games = list(self.results.get((self.final_round, 0), ()))[: self.games_per_table]
            done = self.complete
            for entrant in table_order(games, self.final, self.players, position):
                rows.append(self._row(entrant, len(rows) + 1 if done else None, "Final table"))
        if self.semis:
            semis_done = round_finished(
                self.results, self.semi_round, len(self.semis), self.games_per_table
            )
            others = [e for table in self.semis for e in table if e not in self.final]
            if semis_done:
                others = self._rank_in_semis(others)
            for entrant in others:
                place = len(rows) + 1 if semis_done else None
                rows.append(self._row(entrant, place, "Semi-finals"))
        listed = {row.entrant for row in rows}
        settled = self.heats.complete
        for entrant in sorted(position, key=position.get):  # type: ignore[arg-type]
            if entrant not in listed:
                rows.append(self._row(entrant, len(rows) + 1 if settled else None, "Heats"))
        return rows

    def _row(self, entrant: int, place: int | None, note: str) -> Place:
        record = self.heats.records[entrant]
        return Place(
            entrant,
            place,
            (("Heat points", record.points), ("Heat VP", record.vp)),
            note,
            extra={"byes": record.byes},
        )

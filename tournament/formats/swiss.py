"""Swiss for two-player games: a set number of rounds, each pairing entrants of equal score.

Decisions:

- Rounds default to ⌈log2 n⌉ + 1 (:func:`default_rounds`): enough to leave one unbeaten
  entrant in a field of n, plus one to separate the leaders.
- A pairing plays ``games_per_pairing`` games, seats swapped each game; the pairing is won by
  more wins (1 point, the loser 0); equal wins give ½ each, except a pairing of nothing but void
  games (platform errors, forfeited by both), which gives nobody anything.
- A round is paired only when the previous one is over, from its standings. Pairing is one
  maximum-weight perfect matching (Edmonds' blossom algorithm, ``networkx``) whose weights put,
  in this order of importance: no second bye for anyone while someone has had none, no rematch,
  the smallest score differences, seat balance, then within a score group the top half against
  the bottom half (1 v 5, 2 v 6… of eight; the first round by seed so). Being one optimum over
  the whole round, it avoids a rematch whenever any pairing of the round can, which a greedy
  pairing down the table cannot promise.
- With an odd number of entrants one sits the round out: the lowest-placed entrant who has not
  had a bye yet. A bye counts as a won pairing (1 point, one win) and gives no opponent to the
  tie-breaks.
- Seats: in a pairing's first game, seat 0 goes to the entrant who has sat there less often so
  far (then the one who sat second in its last game, then the better placed one); each next game
  swaps seats. With an odd number of games per pairing an entrant's seat-0 and seat-1 games
  then differ by at most a few over the event (the tests measure the bound).
- Standings: points, then Buchholz (the sum of the opponents' points), then Sonneborn–Berger
  (the sum of the points of the opponents beaten, half of those drawn), then head-to-head
  (the points scored against the other entrants still tied), then seed.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from math import ceil, log2

import networkx as nx

from tournament.brackets import GameResult, Pairing
from tournament.formats import Place

SWISS = "swiss"
MAX_ROUNDS = 20


def default_rounds(entrants: int) -> int:
    """⌈log2 n⌉ + 1: two entrants play 2 rounds, eight play 4, 64 play 7."""
    return ceil(log2(max(entrants, 2))) + 1


def planned_games(entrants: int, rounds: int, games_per_pairing: int) -> int:
    return rounds * (entrants // 2) * games_per_pairing


def pairing_points(first: int, second: int, games: Sequence[GameResult]) -> tuple[float, float]:
    """The two entrants' points from a finished pairing: 1–0, ½–½, or 0–0 when all were void."""
    wins = [0, 0]
    for game in games:
        winner = game.winner()
        wins[0] += winner == first
        wins[1] += winner == second
    if wins[0] != wins[1]:
        return (1.0, 0.0) if wins[0] > wins[1] else (0.0, 1.0)
    all_void = all(all(game.forfeits) for game in games)
    return (0.0, 0.0) if all_void else (0.5, 0.5)


@dataclass
class Record:
    """An entrant's Swiss record so far."""

    entrant: int
    points: float = 0.0
    wins: int = 0
    byes: int = 0
    results: list[tuple[int, float]] = field(default_factory=list)
    """(opponent, points scored against it) per finished pairing."""
    seat_counts: list[int] = field(default_factory=lambda: [0, 0])
    last_seat: int | None = None

    @property
    def opponents(self) -> set[int]:
        return {opponent for opponent, _ in self.results}

    @property
    def seat_balance(self) -> int:
        """Games in seat 0 minus games in seat 1."""
        return self.seat_counts[0] - self.seat_counts[1]


@dataclass(frozen=True)
class SwissRound:
    number: int
    pairs: tuple[tuple[int, int], ...]
    """Per slot: (seat 0 in the first game, seat 1 in the first game)."""
    bye: int | None


class SwissEvent:
    """A Swiss event rebuilt from the finished games of each (round, slot)."""

    def __init__(
        self,
        entrants: int,
        rounds: int,
        games_per_pairing: int,
        results: Mapping[tuple[int, int], Sequence[GameResult]],
        stored: Mapping[int, Sequence[tuple[int, int]]] | None = None,
    ) -> None:
        """``stored`` holds the pairs of rounds whose games exist already (seat order of their
        first game, by slot): those rounds are read back, not paired again, so only a new
        round costs a matching (and a round never changes once its games are queued)."""
        self.entrants = entrants
        self.stored = stored or {}
        self.rounds = rounds
        self.games_per_pairing = games_per_pairing
        self.results = results
        self.records = [Record(entrant) for entrant in range(entrants)]
        self.paired: list[SwissRound] = []
        for number in range(rounds):
            this_round = self._pair(number)
            self.paired.append(this_round)
            if not self._score(this_round):
                break

    # -- building ------------------------------------------------------------------------

    def _score(self, this_round: SwissRound) -> bool:
        """Add a round's results to the records; False while some pairing is unfinished."""
        games = [
            self.results.get((this_round.number, slot), ()) for slot in range(len(this_round.pairs))
        ]
        if any(len(g) < self.games_per_pairing for g in games):
            return False
        for (first, second), played in zip(this_round.pairs, games, strict=True):
            points = pairing_points(first, second, played[: self.games_per_pairing])
            for entrant, opponent, scored in (
                (first, second, points[0]),
                (second, first, points[1]),
            ):
                record = self.records[entrant]
                record.points += scored
                record.wins += scored == 1.0
                record.results.append((opponent, scored))
            for game in played[: self.games_per_pairing]:
                for seat, entrant in enumerate(game.seats):
                    self.records[entrant].seat_counts[seat] += 1
                    self.records[entrant].last_seat = seat
        if this_round.bye is not None:
            bye = self.records[this_round.bye]
            bye.points += 1.0
            bye.wins += 1
            bye.byes += 1
        return True

    def _pair(self, number: int) -> SwissRound:
        if number in self.stored:
            pairs = tuple(tuple(pair) for pair in self.stored[number])
            seated = {entrant for pair in pairs for entrant in pair}
            unpaired = [e for e in range(self.entrants) if e not in seated]
            return SwissRound(number, pairs, unpaired[0] if unpaired else None)  # type: ignore[arg-type]
        order = self.order()
        position = {entrant: index for index, entrant in enumerate(order)}
        graph = nx.Graph()
        graph.add_nodes_from(order)
        bye_node = -1
        if self.entrants % 2:
            graph.add_node(bye_node)
            fewest = min(record.byes for record in self.records)
            for entrant in order:
                extra_byes = self.records[entrant].byes - fewest
                # The lowest-placed entrant first: cost grows towards the top of the table.
                cost = extra_byes * _BYE + (len(order) - 1 - position[entrant]) * _BYE_PLACE
                graph.add_edge(entrant, bye_node, weight=_TOP - cost)
        groups: dict[float, int] = defaultdict(int)
        for record in self.records:
            groups[record.points] += 1
        for i, first in enumerate(order):
            for second in order[i + 1 :]:
                graph.add_edge(
                    first, second, weight=_TOP - self._cost(first, second, position, groups)
                )
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        bye = None
        pairs = []
        for a, b in matching:
            if bye_node in (a, b):
                bye = a if b == bye_node else b
                continue
            pairs.append(self._seat(a, b, position))
        pairs.sort(key=lambda pair: min(position[pair[0]], position[pair[1]]))
        return SwissRound(number, tuple(pairs), bye)

    def _cost(
        self, a: int, b: int, position: Mapping[int, int], groups: Mapping[float, int]
    ) -> int:
        first, second = self.records[a], self.records[b]
        rematches = sum(opponent == b for opponent, _ in first.results)
        score_gap = round(2 * abs(first.points - second.points)) ** 2
        seat_cost = 0
        if first.seat_balance * second.seat_balance > 0 and self.games_per_pairing % 2:
            worse = min(abs(first.seat_balance), abs(second.seat_balance)) + 1
            seat_cost = worse * worse
        # Within a score group, the top half meets the bottom half: distance near half the group.
        half = groups[first.points] // 2 if first.points == second.points else 0
        spread = abs(abs(position[a] - position[b]) - half)
        return rematches * _REMATCH + score_gap * _SCORE + seat_cost * _SEAT + spread

    def _seat(self, a: int, b: int, position: Mapping[int, int]) -> tuple[int, int]:
        """(seat 0, seat 1) in the pairing's first game."""

        def owes_first_seat(entrant: int) -> tuple[int, int, int]:
            record = self.records[entrant]
            return (record.seat_balance, 0 if record.last_seat == 1 else 1, position[entrant])

        first, second = sorted((a, b), key=owes_first_seat)
        return first, second

    # -- answers -------------------------------------------------------------------------

    def wanted(self) -> list[Pairing]:
        """Every game of the rounds paired so far (a round is paired once the last is over)."""
        wanted = []
        for this_round in self.paired:
            for slot, (first, second) in enumerate(this_round.pairs):
                for game in range(self.games_per_pairing):
                    seats = (first, second) if game % 2 == 0 else (second, first)
                    wanted.append(Pairing(this_round.number, slot, game, seats))
        return wanted

    def paired_rounds(self) -> dict[int, list[list[int]]]:
        """Every round paired so far, to keep (``stored`` of the next rebuild)."""
        return {r.number: [list(pair) for pair in r.pairs] for r in self.paired}

    def sat_out(self) -> dict[int, list[int]]:
        """Who sat out each round paired so far."""
        return {r.number: [r.bye] for r in self.paired if r.bye is not None}

    def round_name(self, number: int) -> str:
        return f"Round {number + 1}"

    def tie_name(self, number: int, slot: int) -> str:
        return f"Round {number + 1}, board {slot + 1}"

    @property
    def complete(self) -> bool:
        return len(self.paired) == self.rounds and self._finished(self.paired[-1])

    def _finished(self, this_round: SwissRound) -> bool:
        return all(
            len(self.results.get((this_round.number, slot), ())) >= self.games_per_pairing
            for slot in range(len(this_round.pairs))
        )

    def buchholz(self, entrant: int) -> float:
        return sum(self.records[opponent].points for opponent, _ in self.records[entrant].results)

    def sonneborn_berger(self, entrant: int) -> float:
        return sum(
            scored * self.records[opponent].points
            for opponent, scored in self.records[entrant].results
        )

    def order(self) -> list[int]:
        """Entrants by points, Buchholz, Sonneborn–Berger, head-to-head among the still tied,
        then seed."""
        keyed = sorted(
            range(self.entrants),
            key=lambda e: (
                -self.records[e].points,
                -self.buchholz(e),
                -self.sonneborn_berger(e),
            ),
        )
        ordered: list[int] = []
        index = 0
        while index < len(keyed):
            key = self._key(keyed[index])
            group = [e for e in keyed[index:] if self._key(e) == key]
            members = set(group)
            group.sort(key=lambda e: (-self._head_to_head(e, members), e))
            ordered += group
            index += len(group)
        return ordered

    def _key(self, entrant: int) -> tuple[float, float, float]:
        return (
            self.records[entrant].points,
            self.buchholz(entrant),
            self.sonneborn_berger(entrant),
        )

    def _head_to_head(self, entrant: int, tied: set[int]) -> float:
        return sum(scored for opponent, scored in self.records[entrant].results if opponent in tied)

    def places(self) -> list[Place]:
        return [
            Place(
                entrant,
                position,
                (
                    ("Points", self.records[entrant].points),
                    ("Buchholz", self.buchholz(entrant)),
                    ("S–B", self.sonneborn_berger(entrant)),
                ),
                extra={"byes": self.records[entrant].byes},
            )
            for position, entrant in enumerate(self.order(), start=1)
        ]


# Cost scales: each term outweighs everything below it summed over a whole round.
_SEAT = 10**5
_SCORE = 10**10
_BYE_PLACE = 10**15
_REMATCH = 10**18
_BYE = 10**22
_TOP = 10**26

"""Double elimination: a winners' bracket, a losers' bracket, a grand final with a reset.

Decisions:

- The winners' bracket is the knockout's (``brackets.seed_positions``; byes to the top seeds
  when the field is not a power of two). A tie is the best of ``games_per_pairing`` (odd), ended
  at a majority, decided as the knockout decides it (``brackets._settle``).
- The losers' bracket of a bracket of 2^k has 2(k − 1) rounds: its first pairs the losers of
  the winners' first round; then, in turn, a round where its survivors meet the losers coming
  down from the next winners' round (taken in reverse order every other time, so two entrants
  who met in the winners' bracket do not meet again at once), and a round where its survivors
  meet each other. Its last round meets the loser of the winners' final.
- A bye, or a tie with an empty side (a bye's missing loser), sends the other entrant through
  without a game; a tie with two empty sides sends nobody.
- The grand final: the winners' bracket champion against the losers' bracket champion (with
  two entrants, the loser of the only winners' tie). If the losers' bracket champion wins it,
  both have lost once and a second tie, the reset, decides the event.
- Places: 1 the champion, 2 the last tie's loser, then the entrants knocked out (their second
  loss) in each losers' round, the later round first; the losers of one round share a place,
  set once every tie of that round is decided.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tournament.brackets import GameResult, Pairing, Tie, _settle, knockout_pairings, seed_positions
from tournament.brackets import bracket_size as knockout_size
from tournament.formats import Place

DOUBLE_ELIMINATION = "double_elimination"


class _Unknown:
    def __repr__(self) -> str:
        return "UNKNOWN"


UNKNOWN = _Unknown()
"""A side of a tie not known yet (its feeding tie is undecided); None is an empty side."""

Side = tuple[str, object]
"""Where a side of a tie comes from: ("seed", position), ("win", tie key), ("lose", tie key)."""


@dataclass
class Slot:
    """A tie of the structure: its key (round, slot), its sides and, once built, its tie."""

    key: tuple[int, int]
    sides: tuple[Side, Side]
    tie: Tie | None = None
    decided: bool = False
    winner: int | None = None
    loser: int | None = None
    played: bool = False
    """Whether the tie has two entrants and is played (not passed through on a bye)."""


def bracket_rounds(entrants: int) -> int:
    """Winners' rounds k for a bracket of 2^k."""
    return knockout_size(entrants).bit_length() - 1


def round_names(entrants: int) -> list[str]:
    """The name of every round, by round number: the winners' rounds, the losers' rounds,
    the grand final and its reset."""
    k = bracket_rounds(entrants)
    winners = [f"Winners' round {r + 1}" for r in range(k)]
    winners[-1] = "Winners' final"
    losers = [f"Losers' round {r + 1}" for r in range(2 * (k - 1))]
    if losers:
        losers[-1] = "Losers' final"
    return [*winners, *losers, "Grand final", "Grand final reset"]


def grand_final_round(entrants: int) -> int:
    k = bracket_rounds(entrants)
    return k + 2 * (k - 1)


def structure(entrants: int) -> list[list[Slot]]:
    """Every round's ties with the sides they are fed from, by round number."""
    size = knockout_size(entrants)
    k = bracket_rounds(entrants)
    rounds: list[list[Slot]] = []
    first = [Slot((0, i), (("seed", 2 * i), ("seed", 2 * i + 1))) for i in range(size // 2)]
    rounds.append(first)
    for r in range(1, k):
        previous = rounds[r - 1]
        rounds.append(
            [
                Slot((r, i), (("win", previous[2 * i].key), ("win", previous[2 * i + 1].key)))
                for i in range(len(previous) // 2)
            ]
        )
    winners = rounds[:k]
    number = k
    if k >= 2:
        losers = [
            Slot((number, i), (("lose", first[2 * i].key), ("lose", first[2 * i + 1].key)))
            for i in range(size // 4)
        ]
        rounds.append(losers)
        number += 1
        for j in range(1, k):
            dropping = winners[j] if j % 2 == 0 else list(reversed(winners[j]))
            survivors = rounds[-1]
            major = [
                Slot((number, i), (("win", survivors[i].key), ("lose", dropping[i].key)))
                for i in range(len(survivors))
            ]
            rounds.append(major)
            number += 1
            if j < k - 1:
                rounds.append(
                    [
                        Slot(
                            (number, i), (("win", major[2 * i].key), ("win", major[2 * i + 1].key))
                        )
                        for i in range(len(major) // 2)
                    ]
                )
                number += 1
        challenger: Side = ("win", rounds[-1][0].key)
    else:
        challenger = ("lose", first[0].key)
    final = Slot((number, 0), (("win", winners[-1][0].key), challenger))
    rounds.append([final])
    rounds.append([Slot((number + 1, 0), (("win", final.key), ("lose", final.key)))])
    return rounds


class DoubleEliminationEvent:
    """A double elimination rebuilt from the finished games of each (round, slot)."""

    def __init__(
        self,
        entrants: int,
        best_of: int,
        results: Mapping[tuple[int, int], Sequence[GameResult]],
    ) -> None:
        self.entrants = entrants
        self.best_of = best_of
        self.rounds = structure(entrants)
        self.positions = seed_positions(knockout_size(entrants))
        self.by_key = {slot.key: slot for ties in self.rounds for slot in ties}
        self.final_round = grand_final_round(entrants)
        for ties in self.rounds:
            for slot in ties:
                self._settle(slot, results.get(slot.key, ()))

    def _side(self, side: Side) -> object:
        kind, where = side
        if kind == "seed":
            seed = self.positions[where]  # type: ignore[index]
            return seed if seed < self.entrants else None
        source = self.by_key[where]  # type: ignore[index]
        if not source.decided:
            return UNKNOWN
        return source.winner if kind == "win" else source.loser

    def _settle(self, slot: Slot, games: Sequence[GameResult]) -> None:
        first, second = (self._side(side) for side in slot.sides)
        if slot.key[0] == self.final_round + 1:
            # The reset is played only when the grand final's challenger won it.
            final = self.by_key[(self.final_round, 0)]
            if not final.decided:
                return
            champion_side = self._side(final.sides[0])
            if final.winner == champion_side or final.loser is None:
                slot.decided, slot.winner, slot.loser = True, final.winner, final.loser
                return
            first, second = final.loser, final.winner  # the winners' champion sits first
        if first is UNKNOWN or second is UNKNOWN:
            return
        if first is None or second is None:
            slot.decided = True
            slot.winner = first if second is None else second  # type: ignore[assignment]
            return
        tie = Tie(round=slot.key[0], slot=slot.key[1], entrants=(first, second))  # type: ignore[arg-type]
        _settle(tie, self.best_of, games)
        slot.tie, slot.played = tie, True
        if tie.winner is not None:
            slot.decided, slot.winner = True, tie.winner
            slot.loser = second if tie.winner == first else first  # type: ignore[assignment]

    # -- answers -------------------------------------------------------------------------

    def wanted(self) -> list[Pairing]:
        return [
            pairing
            for ties in self.rounds
            for slot in ties
            if slot.tie is not None
            for pairing in knockout_pairings(slot.tie, self.best_of)
        ]

    def sides_of(self, slot: Slot) -> tuple[int | None, int | None]:
        """The tie's two entrants as far as known (None: a bye, an empty side or not known
        yet)."""
        if slot.tie is not None:
            return slot.tie.entrants
        sides = [self._side(side) for side in slot.sides]
        if slot.key[0] == self.final_round + 1:
            sides = [None, None]
        return tuple(None if side is UNKNOWN else side for side in sides)  # type: ignore[return-value]

    def side_is_bye(self, slot: Slot, index: int) -> bool:
        """Whether side ``index`` of the tie is known to be empty (a bye), not just unknown."""
        if slot.key[0] == self.final_round + 1:
            return False
        return self._side(slot.sides[index]) is None

    def paired_rounds(self) -> dict[int, list[list[int]]]:
        return {}  # the bracket is fixed by the seeds: nothing to keep

    def sat_out(self) -> dict[int, list[int]]:
        return {}  # a bye here is a tie with one side: the bracket shows it

    def round_name(self, number: int) -> str:
        return round_names(self.entrants)[number]

    def tie_name(self, number: int, slot: int) -> str:
        return tie_name(self.entrants, number, slot)

    @property
    def reset(self) -> Slot:
        return self.rounds[-1][0]

    @property
    def complete(self) -> bool:
        return self.reset.decided

    def champion(self) -> int | None:
        return self.reset.winner if self.reset.decided else None

    def places(self) -> list[Place]:
        names = round_names(self.entrants)
        eliminated: dict[int, int] = {}  # entrant → the round of its second loss
        losses: dict[int, int] = {}
        last_round: dict[int, int] = {}
        for ties in self.rounds:
            for slot in ties:
                if slot.tie is None:
                    continue
                for entrant in slot.tie.entrants:
                    last_round[entrant] = slot.key[0]  # type: ignore[index]
                if slot.decided and slot.loser is not None:
                    losses[slot.loser] = losses.get(slot.loser, 0) + 1
                    if losses[slot.loser] == 2:
                        eliminated[slot.loser] = slot.key[0]
        for seed in range(self.entrants):
            last_round.setdefault(seed, 0)
        rows: list[Place] = []
        champion = self.champion()
        for entrant in range(self.entrants):
            note = names[last_round[entrant]]
            if entrant == champion:
                rows.append(Place(entrant, 1, (), "Champion"))
                continue
            place = None
            if entrant in eliminated and self._round_decided(eliminated[entrant]):
                still_further = sum(
                    1
                    for other in range(self.entrants)
                    if other not in eliminated or eliminated[other] > eliminated[entrant]
                )
                place = still_further + 1
            rows.append(Place(entrant, place, (), note, extra={"losses": losses.get(entrant, 0)}))
        return sorted(
            rows,
            key=lambda row: (
                row.place if row.place is not None else 1.5,
                -last_round[row.entrant],
                row.entrant,
            ),
        )

    def _round_decided(self, number: int) -> bool:
        return all(slot.decided for slot in self.rounds[number])


def planned_games(entrants: int, best_of: int) -> int:
    """At most 2n − 1 ties (every entrant but the champion loses twice, the champion at most
    once), each of at most ``best_of`` games."""
    return (2 * entrants - 1) * best_of


def tie_name(entrants: int, round_number: int, slot: int) -> str:
    """ "Winners' round 1, tie 3", "Losers' final", "Grand final": a tie of a round of one tie
    needs no number."""
    name = round_names(entrants)[round_number]
    ties = len(structure(entrants)[round_number])
    return name if ties == 1 else f"{name}, tie {slot + 1}"


def retry_refusal(
    event_without: DoubleEliminationEvent, round_number: int, slot: int, ties_with_games: set
) -> str | None:
    """Why a void game of a tie may not be played again (see ``brackets.retry_refusal``)."""
    target = event_without.by_key[(round_number, slot)]
    if target.tie is None or not target.tie.ready:
        return "its tie is decided without it, so playing it again could not change the result"
    for ties in event_without.rounds:
        for other in ties:
            if (
                any(where == target.key for _, where in other.sides)
                and other.key in ties_with_games
            ):
                return "an entrant of its tie already plays in a later round"
    return None

"""Tournament formats as pure functions: pairings, knockout brackets and standings (no ORM).

Entrants are numbered by seed: entrant 0 is the top seed. A tournament game is a
:class:`Pairing` (its round, slot, game number and the entrants in seat order); a finished one
is a :class:`GameResult`. The flow in ``tournament/tournaments.py`` stores both and asks these
functions what to create next, so every rule of a format lives here.

Decisions (documented in docs/ARCHITECTURE.md):

- Round robin is one round: every game is known when the tournament is created.
- A knockout tie is the best of ``best_of`` (odd) games: it ends as soon as one entrant has a
  majority of wins. Games are queued as many at a time as could still be needed to reach one
  (two at once for a best of three, the third only after a split), so they run in parallel
  without playing games that cannot matter. If all games are played without a majority (draws,
  void games), the tie goes to more wins, then the higher total score, then the better seed.
- A game nobody won (a draw, or a match that ended in a platform ``error``, which the flow
  records as forfeited by every seat until it is retried) gives no win to anyone.
- Rounds are named from the end (Final, Semi-finals, Quarter-finals) only when full: a first
  round with byes is "Round 1", whatever its number of real ties. A tie is named by its round
  and its number in it, top to bottom as the bracket draws them, byes included ("Semi-final 2",
  "Round 1, tie 3"; the final alone is "Final"): ``tie_name``.
- A void game may be retried only while that cannot rewrite the bracket (``retry_refusal``).
- Standings: a round robin's go by wins, then average score, then average rank, then seed
  (``standings``); a knockout's by how far each entrant got, then seed (``knockout_places``):
  counting wins would put a top seed who had a bye below entrants who merely played more
  games. The losers of one round share a place.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass, field
from math import comb

from tournament import forfeits as forfeit_rule

ROUND_ROBIN, KNOCKOUT = "round_robin", "knockout"
FORMATS = (ROUND_ROBIN, KNOCKOUT)
MAX_MATCHES = 500
"""A tournament that would need more games than this is refused (the queue is shared)."""
MAX_ENTRANTS = 64
MAX_GAMES_PER_PAIRING = 9


class TournamentTooLarge(ValueError):
    """The requested tournament is refused; the message says why and what would fit."""


@dataclass(frozen=True)
class Pairing:
    """One game to play: ``seats`` are entrant numbers in seat order."""

    round: int
    slot: int
    game: int
    seats: tuple[int, ...]


@dataclass(frozen=True)
class GameResult:
    """A finished game: per seat, the entrant, its rank (1 = best), score and forfeit flag."""

    seats: tuple[int, ...]
    ranks: tuple[int, ...]
    scores: tuple[float, ...]
    forfeits: tuple[bool, ...]

    def winner(self) -> int | None:
        """The entrant ranked first alone without forfeiting; None for a draw or a void game."""
        firsts = [i for i, rank in enumerate(self.ranks) if rank == 1 and not self.forfeits[i]]
        return self.seats[firsts[0]] if len(firsts) == 1 else None

    def credited_scores(self) -> tuple[float, ...]:
        """Per seat, the score under the forfeit rule (``tournament/forfeits.py``)."""
        return forfeit_rule.credited_scores(self.scores, self.forfeits)


def check_size(entrants: int, games_per_pairing: int, players_per_match: int, format: str) -> int:
    """The most games the tournament can play; raises TournamentTooLarge when refused.

    A round robin plays exactly this many; a knockout fewer when ties end early.
    """
    if format not in FORMATS:
        raise TournamentTooLarge(f"unknown format {format!r}; use one of {', '.join(FORMATS)}")
    if not 1 <= games_per_pairing <= MAX_GAMES_PER_PAIRING:
        raise TournamentTooLarge(f"games per pairing must be between 1 and {MAX_GAMES_PER_PAIRING}")
    if format == KNOCKOUT:
        if players_per_match != 2:
            raise TournamentTooLarge("a knockout needs a two-player game")
        if games_per_pairing % 2 == 0:
            raise TournamentTooLarge("a knockout tie is the best of an odd number of games")
    if entrants < players_per_match:
        raise TournamentTooLarge(
            f"{entrants} entrants cannot fill a {players_per_match}-player game"
        )
    if entrants > MAX_ENTRANTS:
        raise TournamentTooLarge(f"{entrants} entrants; at most {MAX_ENTRANTS} are allowed")
    if format == KNOCKOUT:
        # Every tie knocks one entrant out and lasts at most games_per_pairing games.
        total = (entrants - 1) * games_per_pairing
    else:
        total = comb(entrants, players_per_match) * games_per_pairing
    if total > MAX_MATCHES:
        raise TournamentTooLarge(
            f"this tournament would need {total} games; at most {MAX_MATCHES} are allowed "
            "(fewer entrants or fewer games per pairing)"
        )
    return total


# --- Round robin ---------------------------------------------------------------------------


def round_robin(entrants: int, players_per_match: int, games_per_pairing: int) -> list[Pairing]:
    """Every group of ``players_per_match`` entrants plays ``games_per_pairing`` games.

    A group's games use its seat rotations in turn (so a pair's games alternate seats), and
    each new cycle of rotations starts with the one that sits the group's entrants where they
    have sat least so far, which keeps every entrant's seats balanced over the tournament.
    """
    check_size(entrants, games_per_pairing, players_per_match, ROUND_ROBIN)
    pairings = []
    seat_counts: Counter[tuple[int, int]] = Counter()
    groups = itertools.combinations(range(entrants), players_per_match)
    for slot, group in enumerate(groups):
        rotations = [group[shift:] + group[:shift] for shift in range(players_per_match)]
        unused: list[tuple[int, ...]] = []
        for game in range(games_per_pairing):
            if not unused:
                unused = list(rotations)
            seats = min(unused, key=lambda s: sum(seat_counts[e, i] for i, e in enumerate(s)))
            unused.remove(seats)
            seat_counts.update((entrant, seat) for seat, entrant in enumerate(seats))
            pairings.append(Pairing(round=0, slot=slot, game=game, seats=seats))
    return pairings


# --- Knockout ------------------------------------------------------------------------------


def bracket_size(entrants: int) -> int:
    size = 1
    while size < entrants:
        size *= 2
    return size


def seed_positions(size: int) -> list[int]:
    """Seeds (0-based) in bracket order: 0 meets size-1, and the top two meet only in the final.

    Built by doubling: each seed s of the smaller bracket is followed by its opponent
    ``2·len − 1 − s``, which keeps every pair summing to the same total.
    """
    positions = [0]
    while len(positions) < size:
        total = 2 * len(positions) - 1
        positions = [seed for s in positions for seed in (s, total - s)]
    return positions


@dataclass
class Tie:
    """A knockout tie: two entrants (None = a bye or not known yet), its games and its winner."""

    round: int
    slot: int
    entrants: tuple[int | None, int | None]
    games: list[GameResult] = field(default_factory=list)
    wins: tuple[int, int] = (0, 0)
    scores: tuple[float, float] = (0.0, 0.0)
    winner: int | None = None

    @property
    def bye(self) -> bool:
        return self.round == 0 and None in self.entrants

    @property
    def ready(self) -> bool:
        """Both entrants are known and the tie is not decided: its games can be played."""
        return None not in self.entrants and self.winner is None


def knockout(
    entrants: int,
    best_of: int,
    results: Mapping[tuple[int, int], Sequence[GameResult]],
) -> list[list[Tie]]:
    """The bracket, round by round, from the finished games of each (round, slot) tie.

    Byes go to the top seeds when the field is not a power of two: a seed whose first-round
    opponent would be a seed beyond the field goes through without playing.
    """
    size = bracket_size(entrants)
    positions = [seed if seed < entrants else None for seed in seed_positions(size)]
    rounds: list[list[Tie]] = []
    feeders: list[int | None] = positions
    round_number = 0
    while len(feeders) > 1:
        ties = []
        for slot in range(len(feeders) // 2):
            pair = (feeders[2 * slot], feeders[2 * slot + 1])
            tie = Tie(round=round_number, slot=slot, entrants=pair)
            _settle(tie, best_of, results.get((round_number, slot), ()))
            ties.append(tie)
        rounds.append(ties)
        feeders = [tie.winner for tie in ties]
        round_number += 1
    return rounds


def _settle(tie: Tie, best_of: int, games: Sequence[GameResult]) -> None:
    first, second = tie.entrants
    if tie.round == 0 and (first is None or second is None):
        tie.winner = first if second is None else second
        return
    if first is None or second is None:
        return
    tie.games = list(games)
    wins = [0, 0]
    scores = [0.0, 0.0]
    for game in games:
        winner = game.winner()
        for index, entrant in enumerate((first, second)):
            wins[index] += winner == entrant
            seat = game.seats.index(entrant)
            scores[index] += game.credited_scores()[seat]
    tie.wins, tie.scores = (wins[0], wins[1]), (scores[0], scores[1])
    if max(wins) >= majority(best_of):
        tie.winner = first if wins[0] > wins[1] else second
    elif len(games) >= best_of:
        # More wins, then the higher total score, then the better (lower-numbered) seed.
        tie.winner = max(
            (first, second), key=lambda e: (wins[e == second], scores[e == second], -e)
        )


def majority(best_of: int) -> int:
    return best_of // 2 + 1


def knockout_pairings(tie: Tie, best_of: int) -> list[Pairing]:
    """The games a ready tie needs so far; the higher seed sits first in even-numbered games.

    That is every game already finished plus as many as the leader still needs to win: games
    that cannot change the outcome are never queued.
    """
    if not tie.ready:
        return []
    high, low = sorted(tie.entrants)  # type: ignore[type-var]
    wanted = min(best_of, len(tie.games) + majority(best_of) - max(tie.wins))
    return [
        Pairing(tie.round, tie.slot, game, (high, low) if game % 2 == 0 else (low, high))
        for game in range(wanted)
    ]


def champion(rounds: Sequence[Sequence[Tie]]) -> int | None:
    return rounds[-1][0].winner if rounds else None


@dataclass(frozen=True)
class KnockoutPlace:
    """How far an entrant got in a knockout."""

    entrant: int
    reached: int
    """The last round the entrant plays in (0 = the first round); ``len(rounds)`` for the
    champion."""
    place: int | None
    """The final place once it is settled: 1 for the champion, 2 for the finalist, 3 for each
    losing semi-finalist, 5 for each losing quarter-finalist, and so on; None while the entrant
    is still in play."""


def knockout_places(rounds: Sequence[Sequence[Tie]]) -> list[KnockoutPlace]:
    """Every entrant of the bracket, ordered by how far it got, then by seed.

    The champion, the finalist, then the entrants of each earlier round by seed: the losing
    semi-finalists, then the losing quarter-finalists... An entrant still in play stands with
    the round it plays in. A loser of round ``r`` shares its place with the other losers of
    that round: one more than the entrants who reached round ``r + 1``.
    """
    reached: dict[int, int] = {}
    places: dict[int, int] = {}
    for number, ties in enumerate(rounds):
        went_further = 2 * len(rounds[number + 1]) if number + 1 < len(rounds) else 1
        for tie in ties:
            for entrant in tie.entrants:
                if entrant is not None:
                    reached[entrant] = number
            first, second = tie.entrants
            if tie.winner is not None and first is not None and second is not None:
                places[second if tie.winner == first else first] = went_further + 1
    winner = champion(rounds)
    if winner is not None:
        reached[winner], places[winner] = len(rounds), 1
    return sorted(
        (
            KnockoutPlace(entrant, round_number, places.get(entrant))
            for entrant, round_number in reached.items()
        ),
        key=lambda p: (-p.reached, p.entrant),
    )


NAMES_FROM_THE_END = (
    ("Final", "Final"),
    ("Semi-finals", "Semi-final"),
    ("Quarter-finals", "Quarter-final"),
)
"""The names of a knockout's last rounds and of one tie in each, the final first."""


def _names_from_the_end(entrants: int) -> list[tuple[str, str] | None]:
    """Per round, first round first: its (round, tie) names when it is named from the end,
    None when it is numbered.

    A round is named from the end only when it is full: a first round with byes (any field
    that is not a power of two) is numbered however many real ties it has. Rounds further
    from the end than the quarter-finals are numbered too.
    """
    size = bracket_size(entrants)
    rounds = size.bit_length() - 1
    names: list[tuple[str, str] | None] = []
    for number in range(rounds):
        from_the_end = rounds - 1 - number
        full = number > 0 or entrants == size
        names.append(
            NAMES_FROM_THE_END[from_the_end]
            if full and from_the_end < len(NAMES_FROM_THE_END)
            else None
        )
    return names


def round_names(entrants: int) -> list[str]:
    """The name of each round of a knockout of ``entrants``, first round first.

    Final, Semi-finals, Quarter-finals from the end, only when full; otherwise "Round N": five
    entrants play Round 1 (one tie), Semi-finals, Final.
    """
    return [
        f"Round {number + 1}" if named is None else named[0]
        for number, named in enumerate(_names_from_the_end(entrants))
    ]


def tie_number(slot: int) -> int:
    """A tie's number in its round: counted from 1, top to bottom as the bracket draws them,
    byes included, so the number of a tie is the same on the page, the picture and the API."""
    return slot + 1


def tie_name(entrants: int, round_number: int, slot: int) -> str:
    """One tie's name: "Final", "Semi-final 2", "Quarter-final 3" or "Round 1, tie 5".

    Two ties of one round read apart wherever a game is named (the games table, the match
    page, the bracket picture); the final, alone in its round, needs no number.
    """
    named = _names_from_the_end(entrants)[round_number]
    number = tie_number(slot)
    if named is None:
        return f"Round {round_number + 1}, tie {number}"
    ties_in_round = bracket_size(entrants) >> (round_number + 1)
    return named[1] if ties_in_round == 1 else f"{named[1]} {number}"


def retry_refusal(
    rounds: Sequence[Sequence[Tie]],
    round_number: int,
    slot: int,
    ties_with_games: Set[tuple[int, int]],
) -> str | None:
    """Why a void game of the tie (round_number, slot) may not be played again; None if it may.

    ``rounds`` is the bracket rebuilt as if that game had never been played, ``ties_with_games``
    the (round, slot) of every tie that has a game. A retry must not rewrite what was built on
    the tie's result: the tie has to be open again without the game (otherwise the game cannot
    change it), and the tie its winner goes on to must not have started.
    """
    if not rounds[round_number][slot].ready:
        return "its tie is decided without it, so playing it again could not change the result"
    following = (round_number + 1, slot // 2)
    if round_number + 1 < len(rounds) and following in ties_with_games:
        return "the winner of its tie already plays in the next round"
    return None


# --- Standings -----------------------------------------------------------------------------


@dataclass
class Standing:
    """One entrant's line. Scores are credited by the forfeit rule (``tournament/forfeits.py``):
    a walkover counts in ``played`` and ``wins`` but not in the average score."""

    entrant: int
    played: int = 0
    wins: int = 0
    forfeits: int = 0
    score_total: float = 0.0
    """Credited score of the games that count in the average (not walkovers)."""
    averaged: int = 0
    """Games that count in the average score."""
    walkover_total: float = 0.0
    walkovers: int = 0
    rank_total: int = 0

    @property
    def average_score(self) -> float:
        return forfeit_rule.average(
            self.score_total, self.averaged, self.walkover_total, self.walkovers
        )

    @property
    def average_rank(self) -> float:
        return self.rank_total / self.played if self.played else 0.0

    def add(self, game: GameResult, seat: int) -> None:
        """Count ``game``, in which this entrant sat at ``seat``."""
        self.played += 1
        self.wins += game.winner() == self.entrant
        self.forfeits += game.forfeits[seat]
        self.rank_total += game.ranks[seat]
        score, counted, walkover, walkovers = forfeit_rule.average_parts(
            game.scores, game.forfeits, seat
        )
        self.score_total += score
        self.averaged += counted
        self.walkover_total += walkover
        self.walkovers += walkovers


def standings(entrants: int, results: Sequence[GameResult]) -> list[Standing]:
    """Entrants ordered by wins, then average score, then average rank, then seed."""
    table = [Standing(entrant) for entrant in range(entrants)]
    for game in results:
        for seat, entrant in enumerate(game.seats):
            table[entrant].add(game, seat)
    return sorted(table, key=lambda r: (-r.wins, -r.average_score, r.average_rank, r.entrant))

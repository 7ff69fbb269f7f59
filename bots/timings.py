"""A bot's CPU milliseconds per move, its first move of each game kept apart.

A game's first move also pays for the bot's start-up (its interpreter, its imports), so it is
summarised on its own and the per-move mean and maximum count the other moves. The local runner
and the match page both report times this way.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass
class MoveTimes:
    """Move times over one or more games (:meth:`add_game` each game's list in order)."""

    first_moves_ms: list[float] = field(default_factory=list)
    """Each game's first move: thinking plus start-up."""
    later_moves_ms: list[float] = field(default_factory=list)

    @classmethod
    def of_game(cls, move_times_ms: Sequence[float]) -> MoveTimes:
        times = cls()
        times.add_game(move_times_ms)
        return times

    def add_game(self, move_times_ms: Sequence[float]) -> None:
        self.first_moves_ms += move_times_ms[:1]
        self.later_moves_ms += move_times_ms[1:]

    @property
    def moves(self) -> int:
        return len(self.first_moves_ms) + len(self.later_moves_ms)

    @property
    def mean_first_move_ms(self) -> float | None:
        return statistics.fmean(self.first_moves_ms) if self.first_moves_ms else None

    @property
    def mean_ms(self) -> float | None:
        """Mean of the moves after each game's first."""
        return statistics.fmean(self.later_moves_ms) if self.later_moves_ms else None

    @property
    def max_ms(self) -> float | None:
        """Slowest move after each game's first."""
        return max(self.later_moves_ms) if self.later_moves_ms else None

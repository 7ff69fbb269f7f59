"""The double production roll: two rolls a turn, the second never equal to the first.

Rules: C2-RO-01..05 (A-C2-03, A-C2-06).
"""

from __future__ import annotations

from typing import Any

from games.catan import actions as A
from games.common.api import CHANCE

Action = dict[str, Any]


def _second_roll(first: int) -> tuple[tuple[Action, float], ...]:
    """C2-RO-03: a second roll equal to the first is rolled again until it differs, so the
    roll resolved is uniform over the 36 outcomes whose total differs."""
    outcomes = [a for a, _ in A.DICE_OUTCOMES if a["die1"] + a["die2"] != first]
    return tuple((a, 1 / len(outcomes)) for a in outcomes)


SECOND_ROLL = {first: _second_roll(first) for first in range(2, 13)}
"""The second roll's outcomes after each first total, built once."""


class DoubleRoll:
    """Mixin of the plug-in: the chance phase ``second_dice`` after the first roll is resolved."""

    def first_roll_resolved(self, state: Any) -> bool:
        """C2-RO-01/02, A-C2-03: once the first roll is resolved completely (its production,
        or its 7 with discards, robber and steal), the second follows at once: nothing is
        played between the two."""
        if len(state.c2_rolls) != 1:
            return False
        state._set_phase("second_dice", CHANCE)
        return True

    def produced(self, state: Any, total: int) -> bool:
        state.c2_rolls.append(total)
        return self.first_roll_resolved(state)

    def seven(self, state: Any) -> bool:
        state.c2_rolls.append(7)
        return False  # the core's discards and robber; ``robber_done`` comes back here

    def robber_done(self, state: Any) -> bool:
        """Only the first roll's 7 ends with one roll made (no knight between the rolls)."""
        return self.first_roll_resolved(state)

    def outcomes_second_dice(self, state: Any) -> list[tuple[Action, float]]:
        """C2-RO-03 (``SECOND_ROLL``)."""
        return list(SECOND_ROLL[state.c2_rolls[0]])

    def chance_second_dice(self, state: Any, action: Action) -> None:
        """C2-RO-02: resolved like any roll (the core's dice node)."""
        state._chance_dice(action)

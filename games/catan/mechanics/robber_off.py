"""The robber beside the board until the next 7 or knight card (a shared mechanic).

Used by the Fishermen of Catan (FI-SU-05, FI-SP-02: 2 fish send it off again), the Caravans,
Seafarers maps without a desert and, later, event cards ("Robber Flees"). Cities & Knights'
robber that stays on the desert until the first barbarian attack is another rule (it is on the
board), not this one.

The core already carries the whole cycle; this module names it and holds the one move the core
lacks:

* A layout whose ``robber`` is ``null`` starts with the robber beside the board
  (``Board.robber_start`` gives :data:`OFF_BOARD`, ``state.robber == -1``; observations and
  views show ``"robber": -1``).
* While it is off, no hex is blocked: production never finds ``-1`` among a number's hexes.
* The next 7 (after the discards) or knight card puts it on any hex ``state.robber_targets()``
  allows (every land hex; the desert unless ``robber_may_enter_desert`` is false) and the
  player robs as usual: ``move_robber`` works from ``-1`` as from any hex.
* :func:`take_off` sends it beside the board again (the caller logs its own event, so the words
  stay with the plug-in that knows why).

The picture draws a robber that is off the board beside the island (``picture.draw``).

Rules: FI-SU-05, A-FI-05 (and CA-/SF- robber-aside lines of the other checklists).
"""

from __future__ import annotations

from typing import Any, Final

OFF_BOARD: Final = -1
"""``state.robber`` (and ``board.robber`` of observations) while the robber is beside the board."""


def is_off(state: Any) -> bool:
    """Whether the robber waits beside the board (no hex blocked)."""
    return state.robber == OFF_BOARD


def take_off(state: Any) -> int:
    """Put the robber beside the board; the hex it leaves (to log); the next 7 or knight card
    brings it back (FI-SP-02: "2 fish: remove the robber from the board").

    Raises:
        ValueError: the robber is already beside the board.
    """
    freed = state.robber
    if freed == OFF_BOARD:
        raise ValueError("the robber is already beside the board")
    state.robber = OFF_BOARD
    state._legal = None  # a cached legal list may depend on where the robber stands
    return freed

"""The fish supply: face-down tokens drawn at random, the spent pile, what each seat holds.

State fields (all lists, saved in ``to_dict``):

* ``fish_supply``: face-down tokens left, ``[ones, twos, threes, boot]`` (the boot: 0 or 1);
* ``fish_spent``: face-up spent tokens, ``[ones, twos, threes]`` (public);
* ``fish_held``: per seat ``[ones, twos, threes]`` (secret values, public count);
* ``fish_boot``: the seat holding the old boot, -1 while it is in the supply;
* ``fish_queue``: draws still owed, ``[[seat, tokens], ...]`` in drawing order;
* ``fish_then``: what follows the draws: ``"main"`` (after a roll) or ``"founding"``.

Rules: FI-CO-03, FI-CO-04, FI-SU-04, FI-PR-03, FI-PR-06, FI-HO-01, FI-HO-02, FI-HO-03,
FI-BO-01, A-FI-01, A-FI-03.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from games.common.api import CHANCE

Action = dict[str, Any]

DATA: Final = json.loads((Path(__file__).parent / "fish.json").read_text(encoding="utf-8"))
VALUES: Final = (1, 2, 3)
"""Fish on a token; everywhere an index is needed it is ``value - 1``; the boot is index 3."""
BOOT: Final = 3
TOKEN_COUNTS: Final = tuple(DATA["tokens"][str(v)] for v in VALUES)
TOKEN_LIMIT: Final = DATA["token_limit"]

DRAW: Final = (
    *({"type": "draw_fish", "token": v} for v in VALUES),
    {"type": "draw_fish", "token": "boot"},
)
"""Chance outcomes of one draw from the supply, by index (shared dicts)."""
SWAP: Final = tuple({"type": "swap_fish", "fish": v} for v in VALUES)
PASS: Final = {"type": "pass_fish"}

CONTINUE: dict[str, Callable[[Any], None]] = {
    "founding": lambda state: state.next_founding(),
    "main": lambda state: state.to_main(),
}
"""Where the game goes on once the draws are done (``fish_then``); a combination may add its
own (Catan for Two: the second roll of the turn, ``catan_for_two/with_fishermen.py``)."""


def init_supply(state: Any) -> None:
    """FI-SU-04: the 29 fish tokens and the old boot shuffled face down; nobody holds any."""
    state.fish_supply = [*TOKEN_COUNTS, 1]
    state.fish_spent = [0, 0, 0]
    state.fish_held = [[0, 0, 0] for _ in range(state.n)]
    state.fish_boot = -1
    state.fish_queue = []
    state.fish_then = ""


def tokens(state: Any, seat: int) -> int:
    """How many fish tokens ``seat`` holds (public; the boot does not count, A-FI-03)."""
    return sum(state.fish_held[seat])


def fish_total(state: Any, seat: int) -> int:
    """The fish ``seat`` holds (secret)."""
    return sum(v * n for v, n in zip(VALUES, state.fish_held[seat], strict=True))


def deal(state: Any, owed: list[tuple[int, int]], then: str) -> bool:
    """Start the draws ``owed`` (seat, tokens) in that order; True when the draws took over
    (they continue at ``then`` when done), False when nothing is owed or the supply is short.

    A-FI-01: if the face-down and spent tokens together cannot pay everyone, nobody draws,
    unless a single seat is owed: it draws what there is (the base game's bank shortage).
    """
    owed = [(seat, count) for seat, count in owed if count]
    if not owed:
        return False
    available = sum(state.fish_supply) + sum(state.fish_spent)
    if sum(count for _, count in owed) > available:
        if len(owed) > 1:
            state.events.append(
                {
                    "type": "fish_shortage",
                    "owed": [list(entry) for entry in owed],
                    "available": available,
                    "visible_to": "all",
                }
            )
            return False
        owed = [(owed[0][0], available)]
    state.fish_queue = [list(entry) for entry in owed if entry[1]]
    state.fish_then = then
    advance(state)  # a draw's phase, or (nothing to draw) already continued at ``then``
    return True


def advance(state: Any) -> None:
    """Set the phase of the next draw (or the full seat's choice); when none is left, continue
    where the draws interrupted."""
    queue = state.fish_queue
    while queue:
        seat, left = queue[0]
        if not left:
            queue.pop(0)
            continue
        if tokens(state, seat) >= TOKEN_LIMIT:
            state._set_phase("fish_full", seat)  # FI-HO-02: swap one, or let it go
            return
        if not any(state.fish_supply):
            reshuffle(state)
        if not any(state.fish_supply):
            queue.clear()  # nothing anywhere: the draw is lost
            break
        state._set_phase("fish_draw", CHANCE)
        return
    then, state.fish_then = state.fish_then, ""
    follow = CONTINUE.get(then)
    if follow is not None:
        follow(state)


def reshuffle(state: Any) -> None:
    """FI-PR-06: the spent tokens, shuffled, become the new face-down supply."""
    spent = state.fish_spent
    state.events.append({"type": "fish_reshuffle", "tokens": sum(spent), "visible_to": "all"})
    for i in range(3):
        state.fish_supply[i] += spent[i]
        spent[i] = 0


def draw_outcomes(state: Any) -> list[tuple[Action, float]]:
    """FI-PR-03: one face-down token at random, weighted by what is left."""
    supply = state.fish_supply
    total = sum(supply)
    return [(DRAW[i], supply[i] / total) for i in range(4) if supply[i]]


def draw(state: Any, action: Action) -> None:
    """The first seat owed a token draws it: a fish (secret value, FI-HO-01) or the old boot,
    shown at once (FI-BO-01)."""
    entry = state.fish_queue[0]
    seat = entry[0]
    token = action["token"]
    if token == "boot":
        state.fish_supply[BOOT] = 0
        state.fish_boot = seat
        state.vp_dirty = True  # the holder's target changed
        state.events.append({"type": "old_boot", "seat": seat, "visible_to": "all"})
    else:
        state.fish_supply[token - 1] -= 1
        state.fish_held[seat][token - 1] += 1
        state.emit_secret(
            {"type": "draw_fish", "seat": seat, "fish": token}, [seat], {"fish": "hidden"}
        )
    entry[1] -= 1
    advance(state)


def full_choices(state: Any) -> list[Action]:
    """FI-HO-02: a seat at the limit may swap one of its tokens for the new one, or pass."""
    held = state.fish_held[state.actor]
    return [*(SWAP[i] for i in range(3) if held[i]), PASS]


def swap(state: Any, action: Action) -> None:
    """The given-up token goes face up to the spent pile; the new one is drawn next."""
    seat = state.actor
    i = action["fish"] - 1
    state.fish_held[seat][i] -= 1
    state.fish_spent[i] += 1
    state.events.append(
        {"type": "swap_fish", "seat": seat, "fish": action["fish"], "visible_to": "all"}
    )
    advance(state)


def pass_draw(state: Any) -> None:
    """The seat keeps its tokens and lets the new one go (it stays in the supply)."""
    entry = state.fish_queue[0]
    entry[1] -= 1
    state.events.append({"type": "pass_fish", "seat": entry[0], "visible_to": "all"})
    advance(state)


def spend(state: Any, seat: int, pay: list[int]) -> None:
    """FI-SP-01, FI-SP-04: the paid tokens go face up beside the supply; no change."""
    held = state.fish_held[seat]
    for value in pay:
        held[value - 1] -= 1
        state.fish_spent[value - 1] += 1

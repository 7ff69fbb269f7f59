"""The phases and decisions the progress cards add to the game, as the plug-in's methods.

Every decision a card asks for after it is played is in the phase ``ck_progress`` (its acting
seat is the seat that must choose, ``steps.pending(state)["actor"]``); each answer's type is one
of :data:`ANSWERS`, all sent to the pending step (``steps.py``). Two chance nodes: the
Alchemist's event die (``ck_alchemist``, kind ``dice``) and the Bishop's steals
(``ck_bishop_steal``, kind ``steal``).

Rules: CK-PC-S01 (the Alchemist's roll), CK-PC-P01 (the Bishop's steals), and the decisions of
every card (their modules).
"""

from __future__ import annotations

from typing import Any

from . import politics, science, steps, trade  # noqa: F401 (trade: registers its steps)
from .steps import PHASE

Action = dict[str, Any]

ANSWERS = (
    "choose_hex",
    "choose_vertex",
    "choose_edge",
    "give_card",
    "pick_card",
    "offer_resource",
    "progress_done",
)
"""The action types of the ``ck_progress`` phase's decisions (documented in docs/protocol.md)."""
CHANCE_KINDS = {"ck_alchemist": "dice", "ck_bishop_steal": "steal"}


def _answer(state: Any, action: Action) -> None:
    steps.answer(state, action)


class ProgressPhases:
    """Methods the plug-in inherits (static: the dispatch tables call ``fn(state, ...)``)."""

    @staticmethod
    def legal_ck_progress(state: Any) -> list[Action]:
        return steps.legal(state)

    apply_choose_hex = staticmethod(_answer)
    apply_choose_vertex = staticmethod(_answer)
    apply_choose_edge = staticmethod(_answer)
    apply_give_card = staticmethod(_answer)
    apply_pick_card = staticmethod(_answer)
    apply_offer_resource = staticmethod(_answer)
    apply_progress_done = staticmethod(_answer)

    @staticmethod
    def outcomes_ck_alchemist(state: Any) -> list[tuple[Action, float]]:
        return science.alchemist_event_outcomes(state)

    @staticmethod
    def chance_ck_alchemist(state: Any, action: Action) -> None:
        science.alchemist_event(state, action)

    @staticmethod
    def outcomes_ck_bishop_steal(state: Any) -> list[tuple[Action, float]]:
        return politics.bishop_steal_outcomes(state)

    @staticmethod
    def chance_ck_bishop_steal(state: Any, action: Action) -> None:
        politics.bishop_steal(state, action)


PUBLIC_STEP_DATA = {
    "target": "target",  # the seat the card names (Deserter, Spy, Master Merchant)
    "first": "first_hex",  # inventor_second: the hex of the first token (swapped with the second)
    "promoted": "promoted",  # smith_second: the knight the card already promoted
    "lifted": "lifted_edge",  # diplomat_relay: the road the card removed
    "level": "strength",  # deserter_place: the strength of the knight to place...
    "active": "active",  # ...and its status (the deserter's)
    "left": "left",  # free_road: roads still to lay; master_merchant_take: cards still to take
    "done": "offered",  # harbor_offer: the seats already offered a resource
}
"""Pending step data everyone saw happen (the card's first choice, the deserter's strength...),
shown to every seat under the name on the right."""


def _shown(name: str, value: Any) -> Any:
    """A copy the observation may hold (a list is the state's own); the status as a boolean."""
    if isinstance(value, list):
        return list(value)
    return bool(value) if name == "active" else value


def pending_view(state: Any, seat: int) -> dict[str, Any] | None:
    """What ``seat`` sees of a pending card decision: the card, the step, who decides, what the
    card already did in public (:data:`PUBLIC_STEP_DATA`) and, only for the seat a card lets
    look, the cards it looks at (the Spy: the target's progress cards; the Master Merchant: the
    target's hand)."""
    pending = steps.pending(state)
    if pending is None or state.phase not in (PHASE, "ck_bishop_steal"):
        return None
    view = {
        "card": pending["card"],
        "player": pending["player"],
        "step": pending["step"],
        "actor": pending["actor"],
    }
    for key, name in PUBLIC_STEP_DATA.items():
        if key in pending:
            view[name] = _shown(name, pending[key])
    if seat == pending["player"] and state.phase == PHASE:
        if pending["step"] == "spy_take":
            view["progress_cards"] = sorted(state.ck_progress[pending["target"]])
        elif pending["step"] == "master_merchant_take":
            q = pending["target"]
            from .. import cards

            view["hand"] = {g: cards.count(state, q, g) for g in cards.kinds_held(state, q)}
    if seat == pending["actor"] and pending["step"] == "give_card":
        view["to"] = pending["to"]
        view["cards_left"] = pending["queue"][0][1]
    return view

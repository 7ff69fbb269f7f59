"""Card game: a greedy builder. Builds whenever it can, pays from full regions, never trades.

Priorities in the main phase: city > settlement > other cards > road > action cards, then end
the phase; when refilling, draw for free. Everything else takes the choice that keeps the most
resources (pay from the fullest region, gain into the emptiest).
"""

from __future__ import annotations

import random

import arena_bot

rng = random.Random(7)

MAIN_PRIORITY = ["build_city", "build_settlement", "build", "build_road", "play_card"]
REFILL_PRIORITY = ["draw_free", "end_turn"]


def first_of(turn: arena_bot.Turn, priority: list[str]) -> int | None:
    for kind in priority:
        found = turn.actions_of_type(kind)
        if found:
            return found[0]
    return None


def by_region_amount(
    turn: arena_bot.Turn, view: arena_bot.CardGameView, kind: str, *, whose: str, fullest: bool
) -> int:
    """Among the ``kind`` actions, the one naming the fullest (or emptiest) region."""

    def amount(i: int) -> int:
        action = turn.legal_actions[i]
        return view.region_amount(action["col"], action["side"], whose)

    indices = turn.actions_of_type(kind)
    return max(indices, key=amount) if fullest else min(indices, key=amount)


def decide(turn: arena_bot.Turn) -> int:
    view = arena_bot.CardGameView(turn.observation)
    decision = view.decision
    if decision == "main":
        choice = first_of(turn, MAIN_PRIORITY)
        return choice if choice is not None else first_of(turn, ["end_actions"]) or 0
    if decision == "refill":
        choice = first_of(turn, REFILL_PRIORITY)
        return choice if choice is not None else 0
    if decision == "exchange_draw":
        choice = first_of(turn, ["draw_free"])
        return choice if choice is not None else 0
    if decision == "trade_answer":
        choice = first_of(turn, ["reject_trade"])
        return choice if choice is not None else 0
    kinds = {a["type"] for a in turn.legal_actions}
    if "steal" in kinds:
        return by_region_amount(turn, view, "steal", whose="opponent", fullest=True)
    for kind, fullest in (("pay", True), ("give", True), ("gain", False)):
        if kinds == {kind}:
            return by_region_amount(turn, view, kind, whose="you", fullest=fullest)
    if decision == "pre_roll":
        return first_of(turn, ["roll_dice"]) or 0
    return rng.randrange(len(turn.legal_actions))


if __name__ == "__main__":
    arena_bot.run(decide)

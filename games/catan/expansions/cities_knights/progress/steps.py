"""The decisions a progress card asks for, and the shapes several cards share.

A card that needs a choice keeps its pending decision in ``state.ck_effects["progress"]``
(the plug-in's per-turn card state, :func:`pending`) and switches to the phase
``ck_progress``, whose acting seat is the seat that must choose: the player of the card (which
hex, which knight, which player) or another seat (which cards he gives, which knight he loses,
which commodity he pays) — reactions are decisions of the other seat (contracts §1), like the
answers to a trade offer. The pending decision is plain data::

    {"card": "wedding", "player": 2, "step": "give_card", "actor": 0, ...}

``step`` names an entry of :data:`STEPS` (its legal list and what an answer does); each step
asks for one small choice from an enumerated list. When a shared step is done it continues with
``then``, the name of a function in :data:`CONTINUE` (a card's next stage), or finishes the
card: the turn resumes where it was (main phase, or before the roll for the Alchemist).

Shared shapes: :func:`hand_over` (seats in turn each give cards of their choice to a player or
the bank: Wedding, Saboteur, Commercial Harbor), :func:`take_from_each` (every other seat gives
up to N of a named card: the Monopolies).

Rules: CK-PC-02 (a played card's effect), CK-PC-05 (progress cards never change hands except
by the Spy).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.catan.constants import MAX_PLAYERS

from ..shared import SharedActions
from . import table

Action = dict[str, Any]
Pending = dict[str, Any]

PLAY = "play_progress"
"""The action that plays a card: ``{"type": PLAY, "card": name, ...the first choice...}``."""


def _play(key: Any) -> Action:
    if isinstance(key, tuple):
        card, field, value = key
        return {"type": PLAY, "card": card, field: value}
    return {"type": PLAY, "card": key}


PLAYS = SharedActions(_play)
"""``PLAYS[card]`` and ``PLAYS[card, field, value]``: the action that plays ``card`` (with that
first choice), made once and shared read only, so the main lists take these, not new dicts."""
PHASE = "ck_progress"
"""The phase of every pending progress decision; its actor is the deciding seat."""
BANK = -1
"""``hand_over`` to the bank (the Saboteur's discards)."""
KEY = "progress"
"""The key of the pending card decision in ``state.ck_effects`` (cleared at each turn's start;
a card's decisions all happen in the turn it is played)."""


def pending(state: Any) -> Pending | None:
    """The pending card decision, or None."""
    return state.ck_effects.get(KEY)


@dataclass(frozen=True)
class Step:
    legal: Callable[[Any, Pending], list[Action]]
    apply: Callable[[Any, Pending, Action], None]


STEPS: dict[str, Step] = {}
"""Step name -> its legal list and what an answer does."""
CONTINUE: dict[str, Callable[[Any, Pending], None]] = {}
"""Names a shared step may continue with -> the card's next stage."""
DONE: Action = {"type": "progress_done"}
"""Stop an optional part of a card (the Smith's second knight, a free road not relaid...)."""


def opponents(state: Any, p: int) -> list[int]:
    """The other seats, clockwise from ``p``'s left (the order every card's victims follow).
    Read only (shared)."""
    return _OPPONENTS[state.n][p]


_OPPONENTS = {
    n: [[(p + i) % n for i in range(1, n)] for p in range(n)] for n in range(1, MAX_PLAYERS + 1)
}


def richer_holding(state: Any, p: int) -> list[int]:
    """The other seats, clockwise from ``p``'s left, with more VP than ``p`` and a hand card:
    the Master Merchant's targets (CK-PC-T02) and the Wedding's givers (CK-PC-P09). (A loop,
    not a comprehension, which makes a function: the finders of both cards ask at every list
    of a seat holding one, and the answer is mostly empty.)"""
    vps = table.seat_vp(state)
    mine = vps[p]
    if mine >= max(vps):
        return []  # nobody has more VP (most lists: the leader's, or all even): no loop
    found = []
    for q in _OPPONENTS[state.n][p]:
        if vps[q] > mine and table.hand_size(state, q):
            found.append(q)
    return found


def step(name: str, legal: Callable[[Any, Pending], list[Action]]) -> Callable[..., Any]:
    """Register ``apply`` as the answer to step ``name`` (decorator)."""

    def register(apply: Callable[[Any, Pending, Action], None]) -> Callable[..., Any]:
        if name in STEPS:
            raise RuntimeError(f"progress step {name!r} defined twice")
        STEPS[name] = Step(legal, apply)
        return apply

    return register


def continuation(fn: Callable[[Any, Pending], None]) -> Callable[[Any, Pending], None]:
    """Register ``fn`` under its name as a stage a shared step may continue with."""
    CONTINUE[fn.__name__] = fn
    return fn


# ---------------------------------------------------------------------- the machinery
def ask(state: Any, card: str, p: int, step_name: str, actor: int, **data: Any) -> None:
    """Card ``card`` played by ``p`` asks seat ``actor`` for step ``step_name``."""
    state.ck_effects[KEY] = {
        "card": card,
        "player": p,
        "step": step_name,
        "actor": actor,
        **data,
    }
    state._set_phase(PHASE, actor)


def next_step(state: Any, step_name: str, actor: int, **data: Any) -> None:
    """The pending card asks its next question (``data`` joins what it already holds)."""
    pending = state.ck_effects[KEY]
    pending.update(data)
    pending["step"] = step_name
    pending["actor"] = actor
    state._set_phase(PHASE, actor)


def go_on(state: Any, pending: Pending) -> None:
    """A shared step is done: the card's next stage, or the end of the card."""
    then = pending.pop("then", "")
    if then:
        CONTINUE[then](state, pending)
    else:
        finish(state)


def finish(state: Any) -> None:
    """The card is over; the turn goes on where it was (CK-PC-02)."""
    from ..flow import advance

    state.ck_effects.pop(KEY, None)
    advance(state)


def legal(state: Any) -> list[Action]:
    pending = state.ck_effects[KEY]
    return STEPS[pending["step"]].legal(state, pending)


def answer(state: Any, action: Action) -> None:
    pending = state.ck_effects[KEY]
    STEPS[pending["step"]].apply(state, pending, action)


# ---------------------------------------------------------------------- hand over cards
def hand_over(
    state: Any,
    card: str,
    p: int,
    queue: list[list[int]],
    to: int,
    kind: str = "any",
    then: str = "",
) -> None:
    """Seats give cards of their own choice, one card a decision: ``queue`` is ``[[seat,
    count], ...]`` in order, ``to`` a seat or :data:`BANK`, ``kind`` ``"any"`` (resources and
    commodities) or ``"commodity"``. A seat holding fewer such cards gives what it has; a seat
    with none is skipped. Then ``then`` (or the card ends)."""
    if KEY not in state.ck_effects:
        state.ck_effects[KEY] = {"card": card, "player": p}
    pending = state.ck_effects[KEY]
    pending.update(queue=[list(entry) for entry in queue], to=to, kind=kind, then=then)
    _next_giver(state, pending)


def _next_giver(state: Any, pending: Pending) -> None:
    queue = pending["queue"]
    while queue:
        seat, count = queue[0]
        count = min(count, table.count_of_kind(state, seat, pending["kind"]))
        if count > 0:
            queue[0][1] = count
            next_step(state, "give_card", seat)
            return
        queue.pop(0)
    del pending["queue"], pending["to"], pending["kind"]
    go_on(state, pending)


def _legal_give_card(state: Any, pending: Pending) -> list[Action]:
    return [
        {"type": "give_card", "card": good}
        for good in table.goods_of_kind(state, pending["actor"], pending["kind"])
    ]


@step("give_card", _legal_give_card)
def _give_card(state: Any, pending: Pending, action: Action) -> None:
    seat, good, to = pending["actor"], action["card"], pending["to"]
    table.move(state, seat, to, good)
    event = {"type": "give_card", "seat": seat, "to": to, "card": good, "for": pending["card"]}
    if to == BANK:
        state.events.append({**event, "visible_to": "all"})  # discards are face up
    else:
        state.emit_secret(event, [seat, to], {"card": "hidden"})
    pending["queue"][0][1] -= 1
    if pending["queue"][0][1] == 0:
        pending["queue"].pop(0)
    _next_giver(state, pending)


# ---------------------------------------------------------------------- take from each
def take_from_each(state: Any, p: int, card: str, good: str, most: int) -> list[int]:
    """Every other seat gives ``p`` ``most`` cards of ``good`` (all he has if fewer); public."""
    taken = [0] * state.n
    for i in range(1, state.n):
        q = (p + i) % state.n
        count = min(most, table.count(state, q, good))
        if count:
            table.move(state, q, p, good, count)
            taken[q] = count
    state.events.append(
        {
            "type": "progress_monopoly",
            "seat": p,
            "card": card,
            "good": good,
            "taken": taken,
            "visible_to": "all",
        }
    )
    return taken

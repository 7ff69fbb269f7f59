"""The turn of Cities & Knights: three dice, the event first, then production or the 7.

A roll is one chance node (``ck_dice``): the event die, the yellow die (``die1``) and the red die
(``die2``). The ship moves at once (an attack it sets off is queued) or the gate queues its
draws; what follows is a queue of steps (``state.ck_queue``), each a list ``[name, ...]``,
run in order by :func:`advance`; a step that needs a decision or a chance node sets its phase and
leaves the rest queued, and that phase's action calls :func:`advance` again. The same queue runs
the end of a turn (a progress hand above the limit) and the barbarians' attack.

Rules: CK-TU-01..04, CK-PR-01..05, CK-SE-01..03, CK-CI-03, CK-PC-01.
"""

from __future__ import annotations

from itertools import compress
from operator import itemgetter
from typing import Any

from games.catan.constants import RESOURCES
from games.common.api import CHANCE

from . import barbarians, cards
from .data import (
    ABILITY_LEVEL,
    COMMODITIES,
    DISCARD_LIMIT,
    EVENT_ODDS,
    KEPT_OWED,
    TERRAIN_COMMODITY,
    TRACK_INDEX,
    TRACKS,
    WALL_HAND_BONUS,
)

Action = dict[str, Any]

DICE_OUTCOMES = tuple(
    ({"type": "ck_dice", "event": face, "die1": a, "die2": b}, odds / 36)
    for face, odds in EVENT_ODDS.items()
    for a in range(1, 7)
    for b in range(1, 7)
)
"""CK-CO-10, CK-TU-01: the event die (3 ship faces, one gate per colour) and the two dice."""


# ---------------------------------------------------------------------- the roll
def roll(state: Any) -> bool:
    """CK-TU-01: the three dice are rolled together."""
    state._set_phase("ck_dice", CHANCE)
    return True


def rolled(state: Any, action: Action) -> None:
    """CK-TU-02/03: the event die first (the ship, or the gate's progress draws with the red
    die), then production with the total of both dice, or the 7."""
    yellow, red, event = action["die1"], action["die2"], action["event"]
    dice = state.dice = [yellow, red]
    state.rolled = True
    state.ck_event = event
    p = state.turn_player
    events = state.events
    events.append({"type": "event_die", "seat": p, "event": event, "visible_to": "all"})
    events.append({"type": "dice", "seat": p, "dice": dice, "visible_to": "all"})
    # The queue's first step (the ship or the gate) is run here rather than queued and popped:
    # the same steps in the same order as ``advance`` would take them. The production comes
    # last; with nothing queued before it (no attack, no draws: most rolls) it runs at once.
    queue = state.ck_queue = []
    if event == "ship":
        barbarians.advance_ship(state)  # never waits: an attack it sets off is queued first
    else:
        _gate(state, event, red)  # queues the draws before the production
    if queue:
        queue.append(["production", yellow + red])
    elif _production(state, yellow + red):
        return  # the 7 waits for its discards or the robber
    elif not queue:  # (no Aqueduct owed: ``advance`` would only resume the rolled turn)
        state.to_main()
        return
    advance(state)


def advance(state: Any) -> None:
    """Run the queued steps until one waits for a decision or a chance node; with none left,
    the turn goes on (before or after the roll)."""
    queue = state.ck_queue
    while queue:
        step = queue.pop(0)
        size = len(step)  # (no slice and no ``*`` call for the usual one or two arguments)
        if size == 2:
            waits = STEPS[step[0]](state, step[1])
        elif size == 3:
            waits = STEPS[step[0]](state, step[1], step[2])
        else:
            waits = STEPS[step[0]](state, *step[1:])
        if waits:
            return
    state.resume_turn()


def _gate(state: Any, track: str, red: int) -> bool:
    """CK-CI-03: every seat whose level in the gate's colour shows the red die (red <= level
    + 1; level 0 never) draws that colour's top card, in turn order from the roller."""
    t = TRACK_INDEX[track]
    levels = state.ck_levels
    for seat_levels in levels:  # (most gates draw for nobody: found without the turn order)
        level = seat_levels[t]
        if level and red <= level + 1:
            break
    else:
        return False
    draws = []
    n, first = state.n, state.turn_player
    for i in range(n):
        seat = (first + i) % n
        level = levels[seat][t]
        if level and red <= level + 1:
            draws.append(["draw", seat, track])
    if draws:
        state.ck_queue[:0] = draws
    return False


def _draw(state: Any, seat: int, track: str) -> bool:
    """One progress draw (a chance node), unless the deck and the cards under it are gone."""
    if not cards.deck_size(state, track):
        return False
    state.ck_queue.insert(0, ["drawing", seat, track])
    state._set_phase("ck_draw", CHANCE)
    return True


def draw_outcomes(state: Any) -> list[tuple[Action, float]]:
    _, _, track = state.ck_queue[0]
    return cards.draw_outcomes(state, track)


def drawn(state: Any, action: Action) -> None:
    """CK-PC-01 (A-CK-04): a seat over the limit on another's turn discards at once."""
    _, seat, track = state.ck_queue.pop(0)
    cards.draw(state, seat, track, action["card"])
    if seat != state.turn_player and cards.over_limit(state, seat):
        state.ck_queue.insert(0, ["limit", seat])
    advance(state)


def _drawing(state: Any, seat: int, track: str) -> bool:
    raise AssertionError("a draw is resolved by its chance node")  # pragma: no cover


def _limit(state: Any, seat: int) -> bool:
    """CK-PC-01: discard down to 4 progress cards, one at a time."""
    if not cards.over_limit(state, seat):
        return False
    state.ck_queue.insert(0, ["limit", seat])
    state._set_phase("ck_progress_discard", seat)
    return True


def progress_discarded(state: Any, card: str) -> None:
    step = state.ck_queue.pop(0)
    cards.discard_progress(state, step[1], card)
    advance(state)


def _pass_turn(state: Any) -> bool:
    state.ck_queue.clear()
    state.pass_turn()
    return True


def start_turn(state: Any, p: int) -> None:
    """A turn's start (the plug-in's ``start_turn`` hook itself: one call per turn): the
    knights' flags of the last turn are cleared (``ACTED``, ``ACTIVATED``, ``PROMOTED``: once
    per turn, CK-KN-02, CK-KN-03, CK-KN-06), and the last turn's card effects end
    (``ck_effects``, progress/__init__.py)."""
    flags = state.ck_knight_flags
    # (``count`` finds the small int 0 by identity; ``any`` would ask every int for its truth)
    if flags.count(0) != len(flags):
        state.ck_knight_flags = [0] * len(flags)
    if state.ck_effects:
        state.ck_effects = {}


def end_turn(state: Any, p: int) -> bool:
    """CK-PC-01 (A-CK-04): the active player discards down to the limit at the end of his
    turn; then play passes on."""
    if not cards.over_limit(state, p):
        return False
    state.ck_queue = [["limit", p], ["pass_turn"]]
    advance(state)
    return True


# ---------------------------------------------------------------------- production
def _production(state: Any, total: int) -> bool:
    if total == 7:
        state.start_seven()  # the core's 7: the plug-in's ``seven`` hook takes it
        return True
    gainers = produce(state, total)
    levels = state.ck_levels
    for seat_levels in levels:  # (most games have no Aqueduct: found without the turn order)
        if seat_levels[SCIENCE] >= ABILITY_LEVEL:
            break
    else:
        return False
    n = state.n
    for i in range(n):
        seat = (state.turn_player + i) % n
        if seat not in gainers and levels[seat][SCIENCE] >= ABILITY_LEVEL:
            state.ck_queue.append(["aqueduct", seat])
    return False


SCIENCE = TRACK_INDEX["science"]


def produce(state: Any, total: int) -> set[int] | frozenset[int]:
    """CK-PR-01..03: a settlement takes 1 resource; a city 2 on hills and fields, 1 resource
    + 1 commodity on forest, pasture and mountains; nothing from the robber's hex; a kind the
    bank cannot pay in full goes to nobody, unless one seat alone takes it (then what is left).
    Returns the seats that received something."""
    owed, demand, takers, seats = owed_for(state, total)
    bank, commodity_bank = state.bank, state.ck_commodity_bank
    short = None  # kind index -> what the bank holds, for kinds it cannot pay in full
    for i, need in demand:
        held = bank[i] if i < 5 else commodity_bank[i - 5]
        if need > held:
            if short is None:
                short = {}
            short[i] = held
    hands, goods = state.hand, state.ck_commodities
    gains = []
    # The usual roll pays all that is owed in full: its seats are the board's (shared, read only).
    gainers = seats if short is None else set()
    for seat, kind, amount, i in owed:
        if short is not None:
            if i in short:
                if takers[i] > 1:
                    continue  # CK-PR-03: nobody gets a kind the bank cannot pay in full
                amount = short[i]
                if not amount:
                    continue
            gainers.add(seat)
        if i < 5:
            bank[i] -= amount
            hands[seat][i] += amount
        else:
            commodity_bank[i - 5] -= amount
            goods[seat][i - 5] += amount
        gains.append([seat, kind, amount])
    state.last_gainers = gainers
    state.events.append({"type": "production", "total": total, "gains": gains, "visible_to": "all"})
    return gainers


Owed = tuple[list[tuple[int, str, int, int]], list[tuple[int, int]], dict[int, int], frozenset[int]]
CARD_NAMES = cards.CARD_NAMES
CARD_INDEX = {kind: i for i, kind in enumerate(CARD_NAMES)}
"""A card kind's place in ``cards.CARD_NAMES``: resources 0-4 (``hand``), commodities 5-7."""


def owed_for(state: Any, total: int) -> Owed:
    """What the board owes on ``total`` before the bank is asked (read only: shared): kept in
    the core's ``income`` (the base game's production cache, which C&K's production does not
    use otherwise: emptied whenever a building is placed, upgraded or lost, renewed with the
    board tables when the Inventor swaps tokens), under a key of its own with the robber's hex
    when the robber stands on one of the total's hexes (elsewhere it changes nothing owed).
    Behind it, ``state.kept[KEPT_OWED]`` keeps the same across buildings away from the total's
    hexes: a building placed, upgraded or lost drops only the totals of its hexes
    (``forget_owed``); a pillage, the founding city and the Inventor drop all."""
    hexes = state.number_hexes.get(total, ())
    robber = state.robber
    key = ("ck_owed", total, robber if robber in hexes else -1)
    found = state.income.get(key)
    if found is None:
        kept = state.kept.get(KEPT_OWED)
        if kept is None:
            kept = state.kept[KEPT_OWED] = {}
        found = kept.get(key)
        if found is None:
            found = kept[key] = owed_afresh(state, hexes)
        state.income[key] = found
    return found


def forget_owed(state: Any, v: int) -> None:
    """A building at ``v`` was placed, upgraded or lost: drop what is kept owed
    (``state.kept[KEPT_OWED]``) on the totals of its hexes."""
    kept = state.kept.get(KEPT_OWED)
    if not kept:
        return
    near, number_hexes = set(state.board.vertex_hexes[v]), state.number_hexes
    for key in [key for key in kept if not near.isdisjoint(number_hexes.get(key[1], ()))]:
        del kept[key]


def owed_afresh(state: Any, hexes: tuple[int, ...]) -> Owed:
    """(seat, kind, amount, kind's index in ``cards.CARD_NAMES``) owed by ``hexes``, by seat then
    card kind; the demand per kind ((index, cards) pairs, in the order the kinds are first met);
    the number of seats taking each kind (by index); and the seats owed anything."""
    vo, lv, terrains = state.vertex_owner, state.vertex_level, state.terrains
    n, robber, corners = state.n, state.robber, state.board.hex_vertices
    # seat * 8 + kind's index (0-7) -> cards: an int key, no tuple per count, in the same
    # (seat, kind) order when sorted
    owed: dict[int, int] = {}
    for h in hexes:
        if h == robber:
            continue  # CK-PR-02
        r = state.hex_resource[h]
        if r < 0:
            continue
        commodity = TERRAIN_COMMODITY.get(terrains[h])
        second = r if commodity is None else CARD_INDEX[COMMODITIES[commodity]]
        for v in corners[h]:
            o = vo[v]
            if not 0 <= o < n:
                continue
            key = o * 8 + r
            owed[key] = owed.get(key, 0) + 1
            if lv[v] == 2:
                key = o * 8 + second
                owed[key] = owed.get(key, 0) + 1
    demand: dict[int, int] = {}
    takers: dict[int, int] = {}
    for key, amount in owed.items():
        i = key & 7
        demand[i] = demand.get(i, 0) + amount
        takers[i] = takers.get(i, 0) + 1
    entries = [
        (key >> 3, CARD_NAMES[key & 7], amount, key & 7) for key, amount in sorted(owed.items())
    ]
    # (the seats by ``itemgetter`` in C: no generator per count)
    return entries, list(demand.items()), takers, frozenset(map(_SEAT, entries))


_SEAT = itemgetter(0)


def _aqueduct(state: Any, seat: int) -> bool:
    """CK-PR-05: a seat with the Aqueduct that received nothing takes 1 resource of choice."""
    if not any(state.bank):
        return False
    state._set_phase("ck_aqueduct", seat)
    return True


def legal_aqueduct(state: Any) -> list[Action]:
    # (loops, not comprehensions: one reading a local makes a cell of it at every call)
    bank, takes = state.bank, []
    for i, r in enumerate(RESOURCES):
        if bank[i]:
            takes.append({"type": "aqueduct_take", "resource": r})
    return takes


def aqueduct_take(state: Any, resource: str) -> None:
    cards.move(state, resource, 1, None, state.actor)
    state.events.append(
        {"type": "aqueduct", "seat": state.actor, "resource": resource, "visible_to": "all"}
    )
    advance(state)


# ---------------------------------------------------------------------- the 7
def hand_limit(state: Any, p: int) -> int:
    """CK-SE-01, CK-WA-01: 7 + 2 per city wall."""
    return DISCARD_LIMIT + WALL_HAND_BONUS * walls_of(state, p)


def walls_of(state: Any, p: int) -> int:
    vo = state.vertex_owner
    walls = state.ck_walls
    # only the walled intersections are read (``compress`` skips the others in C); a loop, as a
    # comprehension reading ``vo`` would make a cell of it at every call
    number = 0
    for v in compress(range(len(walls)), walls):
        if vo[v] == p:
            number += 1
    return number


def seven(state: Any) -> bool:
    """CK-SE-01/02: everyone above his limit discards half of his cards (resources and
    commodities), rounded down; the robber moves only once the barbarians have attacked."""
    state.discards = []
    n, first = state.n, state.turn_player
    for i in range(n):
        seat = (first + i) % n
        number = cards.held(state, seat)
        # (a hand within the wall-less limit is within any limit: no count of walls for it)
        if number > DISCARD_LIMIT and number > hand_limit(state, seat):
            state.discards.append([seat, number // 2])
    continue_seven(state)
    return True


def continue_seven(state: Any) -> None:
    if state.discards:
        state._set_phase("ck_discard", state.discards[0][0])
    elif state.ck_attacks:
        state.start_robber_move()  # CK-SE-03
    else:
        state.events.append({"type": "robber_asleep", "visible_to": "all"})  # CK-SE-02
        advance(state)


def discard_card(state: Any, card: str) -> None:
    seat = state.actor
    cards.move(state, card, 1, seat, None)
    state.events.append({"type": "discard", "seat": seat, "resource": card, "visible_to": "all"})
    entry = state.discards[0]
    entry[1] -= 1
    if entry[1] == 0:
        state.discards.pop(0)
    continue_seven(state)


STEPS = {
    "attack": barbarians.attack,
    "pillage": barbarians.pillage_step,
    "defender_draw": barbarians.defender_draw_step,
    "gate": _gate,
    "draw": _draw,
    "drawing": _drawing,
    "limit": _limit,
    "production": _production,
    "aqueduct": _aqueduct,
    "pass_turn": _pass_turn,
}
"""Step name -> function(state, *args) -> True when it waits (a phase of its own is set)."""

__all__ = ["TRACKS"]

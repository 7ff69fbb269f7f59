"""Hand cards of Cities & Knights: commodities beside the resources, and the progress cards.

Commodities are hand cards (CK-PR-04): they count for the 7, can be stolen, discarded and traded;
a seat's hand is ``state.hand[p]`` (resources) plus ``state.ck_commodities[p]``. Progress cards
(``state.ck_progress[p]``, hidden) are drawn from three decks kept as multisets
(``state.ck_decks``: the order is never stored, each draw is a chance node) and go back *under*
their deck (``state.ck_under``), drawn only once the deck runs out.

Rules: CK-PR-04, CK-PC-01..03, CK-PC-05 (the core's part of the cards).
"""

from __future__ import annotations

from itertools import compress
from typing import Any

from games.catan.constants import RESOURCE_INDEX, RESOURCES
from games.common.api import CHANCE

from .data import (
    COMMODITIES,
    COMMODITY_INDEX,
    PROGRESS_CARDS,
    PROGRESS_HAND_LIMIT,
    TRACKS,
    VP_CARDS,
)
from .shared import SharedActions

Action = dict[str, Any]
CARD_NAMES = (*RESOURCES, *COMMODITIES)
"""Every hand card kind: the five resources, then the three commodities."""


# ---------------------------------------------------------------------- hand cards
def held(state: Any, p: int) -> int:
    """Resources + commodities in ``p``'s hand (CK-PR-04, CK-SE-01)."""
    return sum(state.hand[p]) + sum(state.ck_commodities[p])


def count(state: Any, p: int, card: str) -> int:
    r = RESOURCE_INDEX.get(card)
    if r is not None:
        return state.hand[p][r]
    return state.ck_commodities[p][COMMODITY_INDEX[card]]


def bank_count(state: Any, card: str) -> int:
    r = RESOURCE_INDEX.get(card)
    if r is not None:
        return state.bank[r]
    return state.ck_commodity_bank[COMMODITY_INDEX[card]]


def move(state: Any, card: str, amount: int, giver: int | None, taker: int | None) -> None:
    """Move ``amount`` cards of one kind between a seat's hand and the bank (None: the bank)."""
    r = RESOURCE_INDEX.get(card)
    if r is not None:
        hands, bank, i = state.hand, state.bank, r
    else:
        hands, bank, i = state.ck_commodities, state.ck_commodity_bank, COMMODITY_INDEX[card]
    if giver is None:
        bank[i] -= amount
    else:
        hands[giver][i] -= amount
    if taker is None:
        bank[i] += amount
    else:
        hands[taker][i] += amount


def kinds_held(state: Any, p: int) -> list[str]:
    """The card kinds ``p`` holds, resources then commodities (``CARD_NAMES`` order)."""
    # Both 8 long by construction (5 resources, 3 commodities); ``compress`` takes no keyword,
    # where ``zip(..., strict=...)`` builds a keyword dict per call (ck-speed26).
    return list(compress(CARD_NAMES, (*state.hand[p], *state.ck_commodities[p])))


# ---------------------------------------------------------------------- progress decks
def init_decks(state: Any, decks: dict[str, list[str]]) -> None:
    """CK-SU-01: three decks, shuffled separately (a multiset each: draws are chance nodes)."""
    state.ck_decks = {t: list(decks[t]) for t in TRACKS}
    state.ck_under = {t: [] for t in TRACKS}
    state.ck_progress = [[] for _ in range(state.n)]
    state.ck_progress_vp = [[] for _ in range(state.n)]


def deck_size(state: Any, track: str) -> int:
    return len(state.ck_decks[track]) + len(state.ck_under[track])


def draw_outcomes(state: Any, track: str) -> list[tuple[Action, float]]:
    """The top card of a deck: any card still in it, by its count; once the deck is used up,
    the cards put under it are shuffled into a new deck. Kept for the core's ``state.version``
    (a draw is asked for twice: sampled, then checked by ``apply``); a new list each call."""
    memo = getattr(state, "_ck_draw", None)  # (``getattr``: see the README, "Memos")
    if memo is not None and memo[0] == state.version and memo[1] == track:
        return list(memo[2])
    outcomes = _draw_outcomes(state, track)
    state._ck_draw = (state.version, track, outcomes)
    return list(outcomes)


def _draw_outcomes(state: Any, track: str) -> list[tuple[Action, float]]:
    deck = state.ck_decks[track]
    if not deck:  # used up: the cards put under it (rare; counted afresh)
        return count_outcomes(track, state.ck_under[track])
    entry = deck_counts(state, track, deck)
    size, draws = entry[1], DRAWS_OF[track]
    # (a loop: a comprehension reading ``size`` and ``draws`` makes cells of them per call)
    outcomes = []
    for c, k in entry[2].items():
        outcomes.append((draws[c], k / size))
    return outcomes


def deck_counts(state: Any, track: str, deck: list[str]) -> list[Any]:
    """``[deck, len(deck), {card: count}]`` of the ``track`` deck (cards in sorted order, none
    at 0), kept on the state (``_ck_deck_counts``) across draws: ``draw`` takes its card off the
    counts with the deck's. Counted afresh when the deck is another list or of another length
    (a refill from the cards under it, ``from_dict``, a test dealing a card out of it)."""
    kept = getattr(state, "_ck_deck_counts", None)  # (``getattr``: see the README, "Memos")
    if kept is None:
        kept = state._ck_deck_counts = {}
    entry = kept.get(track)
    if entry is None or entry[0] is not deck or entry[1] != len(deck):
        counts: dict[str, int] = {}
        for card in sorted(deck):
            counts[card] = counts.get(card, 0) + 1
        entry = kept[track] = [deck, len(deck), counts]
    return entry


def count_outcomes(track: str, deck: list[str]) -> list[tuple[Action, float]]:
    """A deck's outcomes counted afresh (the cards under a used-up deck; the kept-facts tests)."""
    counts: dict[str, int] = {}
    for card in deck:
        counts[card] = counts.get(card, 0) + 1
    size = len(deck)
    return [(DRAWS[track, c], k / size) for c, k in sorted(counts.items())]


DRAWS = SharedActions(lambda key: {"type": "draw_progress", "track": key[0], "card": key[1]})
"""``DRAWS[track, card]``: the chance outcome that draws ``card`` from the ``track`` deck, made
once and shared read only (as the core's dice outcomes are); a draw is asked for at every
progress draw."""


DRAWS_OF = {t: SharedActions(lambda card, t=t: DRAWS[t, card]) for t in TRACKS}
"""``DRAWS_OF[track][card]``: the same shared outcome as ``DRAWS[track, card]``, looked up by the
card alone (no key tuple per outcome at every draw)."""


DISCARD_PROGRESS = SharedActions(lambda card: {"type": "discard_progress", "card": card})
DISCARD = SharedActions(lambda card: {"type": "discard_card", "card": card})
STEAL = SharedActions(lambda card: {"type": "steal_card", "card": card})
"""Per card kind: the progress discard, the 7's discard and the robber's steal, made once and
shared read only (as ``DRAWS``): the lists and the steal's outcomes are looked up, not built."""


def draw(state: Any, p: int, track: str, card: str) -> None:
    """Seat ``p`` takes ``card`` from the ``track`` deck. CK-PC-03: a VP card is revealed at
    once and kept outside the hand; any other card is hidden in the hand."""
    deck = state.ck_decks[track]
    if not deck:
        deck = state.ck_decks[track] = sorted(state.ck_under[track])
        state.ck_under[track] = []
    deck.remove(card)
    kept = getattr(state, "_ck_deck_counts", None)
    if kept is not None:  # the kept counts follow the deck (``deck_counts``)
        entry = kept.get(track)
        if entry is not None and entry[0] is deck and entry[1] == len(deck) + 1:
            counts = entry[2]
            k = counts[card] - 1
            if k:
                counts[card] = k
            else:
                del counts[card]
            entry[1] -= 1
    if card in VP_CARDS:
        state.ck_progress_vp[p].append(card)
        state.vp_dirty = True
        state.events.append(
            {"type": "progress_vp", "seat": p, "card": card, "track": track, "visible_to": "all"}
        )
        return
    state.ck_progress[p].append(card)
    state.emit_secret(
        {"type": "draw_progress", "seat": p, "track": track, "card": card},
        [p],
        {"card": "hidden"},
    )


def put_under(state: Any, card: str) -> None:
    """CK-PC-01/02: a played or discarded card goes face down under its deck."""
    state.ck_under[PROGRESS_CARDS[card]["track"]].append(card)


def over_limit(state: Any, p: int) -> bool:
    """CK-PC-01: more than 4 progress cards (VP cards are outside the hand)."""
    return len(state.ck_progress[p]) > PROGRESS_HAND_LIMIT


def legal_progress_discard(state: Any) -> list[Action]:
    return [DISCARD_PROGRESS[c] for c in sorted(set(state.ck_progress[state.actor]))]


def discard_progress(state: Any, p: int, card: str) -> None:
    """CK-PC-01: the card goes face down under its deck (hidden from the others)."""
    state.ck_progress[p].remove(card)
    put_under(state, card)
    state.emit_secret(
        {"type": "discard_progress", "seat": p, "card": card}, [p], {"card": "hidden"}
    )


def play(state: Any, p: int, card: str) -> None:
    """CK-PC-02: the card leaves the hand, is shown, and goes under its deck."""
    state.ck_progress[p].remove(card)
    put_under(state, card)
    state.events.append({"type": "play_progress", "seat": p, "card": card, "visible_to": "all"})


# ---------------------------------------------------------------------- the 7's discards
def legal_discard(state: Any) -> list[Action]:
    """CK-SE-01: one card at a time, a resource or a commodity (each kind held, in
    :func:`kinds_held`'s order; ``map`` over the kinds: no list comprehension's function nor a
    list of the kinds made per list)."""
    p = state.actor
    return list(
        map(DISCARD.__getitem__, compress(CARD_NAMES, (*state.hand[p], *state.ck_commodities[p])))
    )


# ---------------------------------------------------------------------- stealing
def rob(state: Any, victim: int) -> bool:
    """CK-SE-03, CK-PC-05: the robber steals a random resource or commodity (never a
    progress card)."""
    if held(state, victim) == 0:
        state.events.append(
            {
                "type": "steal",
                "seat": state.turn_player,
                "victim": victim,
                "resource": None,
                "visible_to": "all",
            }
        )
        state.finish_robber()
        return True
    state.victim = victim
    state._set_phase("ck_steal", CHANCE)
    return True


def steal_outcomes(state: Any) -> list[tuple[Action, float]]:
    p = state.victim
    total = held(state, p)
    # (a loop: a comprehension reading ``state``, ``p`` and ``total`` makes cells of them)
    outcomes = []
    for c in kinds_held(state, p):
        outcomes.append((STEAL[c], count(state, p, c) / total))
    return outcomes


def steal(state: Any, card: str) -> None:
    thief, victim = state.turn_player, state.victim
    move(state, card, 1, victim, thief)
    state.emit_secret(
        {"type": "steal", "seat": thief, "victim": victim, "resource": card},
        [thief, victim],
        {"resource": "hidden"},
    )
    state.victim = -1
    state.finish_robber()

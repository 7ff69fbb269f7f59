"""Scenario development decks that replace the base game's deck.

Barbarian Attack (BA-CO-05, BA-DC-01: 26 cards, each resolved at once when bought) and the
Traders & Barbarians main scenario (TB-CO-08: 25 cards kept in hand and played under base-game
timing) bring decks of their own. A deck is data (:func:`load_deck` reads a JSON file with its
``source``): card names and counts, whether a card is resolved at once (``"resolve":
"at_once"``) or kept in hand (``"hand"``), and whether the discards are reshuffled into a new
deck when it runs out (``"reshuffle"``).

A plug-in uses it by inheriting :class:`ScenarioDeckRules` and naming its deck::

    class MyScenario(ScenarioDeckRules, Expansion):
        deck = load_deck(Path(__file__).parent / "deck.json")
        stored_fields = (*DECK_FIELDS, ...)
        chance_kinds = {**DECK_CHANCE_KINDS, ...}

        def init(self, state):         init_deck(state, self.deck); ...
        def actions(self, state, p, legal):  add_deck_purchase(state, p, legal); ...
        def resolve_card(self, state, p, card):  # at-once decks only
            ...  # the card's effect; end with state.resume_turn() or a phase of its own

The base deck is emptied (``state.dev_deck`` all zero), so the base ``buy_development`` is never
offered; ``buy_scenario_card`` takes its place at the same price and timing (main phase, after
the roll). The draw is a chance node ``draw_scenario_card`` (kind ``deck:scenario``), weighted
by the cards left. The methods are static and shared: every plug-in that inherits the mixin
brings the same functions (the dispatch tables take a shared function once), and they find the
deck through the state (:func:`deck_owner`), so two scenarios on at once still have one deck.

Kept cards (``"hand"``): :func:`held`, :func:`playable`, :func:`play_card` and
:func:`clear_new` (call it from ``start_turn``) give base-game timing (not the turn it was
bought, one card per turn through ``state.dev_played``); what a card does is the plug-in's.

Rules: BA-CO-05, BA-DC-01 (purchase, at-once resolution, reshuffle), TB-CO-08 (hand decks).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.common.api import CHANCE

Action = dict[str, Any]

BUY: Action = {"type": "buy_scenario_card"}
"""The purchase (base price, ``state.development_cost_for``)."""
DECK_FIELDS = ("deck_left", "deck_discards", "deck_hand", "deck_new")
"""State fields of the deck (per card: left in the deck, discarded; per seat: held, new)."""
DECK_CHANCE_KINDS = {"draw_scenario_card": "deck:scenario"}
SENTENCES = {
    "buy_scenario_card": "{who} buys a development card: {card}.",
    "deck_reshuffled": "The discarded development cards are shuffled into a new deck.",
    "play_scenario_card": "{who} plays {card}.",
}
"""The deck's events in words (a plug-in passes these on in its ``sentences``)."""

_RESOLVE_MODES = ("at_once", "hand")
_DRAWS: dict[str, Action] = {}


@dataclass(frozen=True)
class DeckSpec:
    """One scenario's deck, read from data."""

    name: str
    cards: tuple[str, ...]
    counts: tuple[int, ...]
    at_once: bool
    reshuffle: bool
    source: str

    def index(self, card: str) -> int:
        return self.cards.index(card)


def load_deck(path: Path | str) -> DeckSpec:
    """Read a deck file: ``{"name", "source", "resolve": "at_once" | "hand", "reshuffle": bool,
    "cards": {name: count}}``.

    Raises:
        ValueError: a missing source, an unknown resolve mode or a count below 1.
    """
    with Path(path).open(encoding="utf-8") as f:
        data = json.load(f)
    if not data.get("source"):
        raise ValueError(f"deck {path}: no source")
    if data.get("resolve") not in _RESOLVE_MODES:
        raise ValueError(f"deck {path}: resolve must be one of {_RESOLVE_MODES}")
    cards = dict(data["cards"])
    if not cards or any(not isinstance(n, int) or n < 1 for n in cards.values()):
        raise ValueError(f"deck {path}: every card needs a count of at least 1")
    return DeckSpec(
        name=data["name"],
        cards=tuple(cards),
        counts=tuple(cards.values()),
        at_once=data["resolve"] == "at_once",
        reshuffle=bool(data.get("reshuffle", False)),
        source=data["source"],
    )


def draw_action(card: str) -> Action:
    """The chance outcome that draws ``card`` (one shared dict per card name)."""
    action = _DRAWS.get(card)
    if action is None:
        action = _DRAWS[card] = {"type": "draw_scenario_card", "card": card}
    return action


def deck_owner(state: Any) -> Any:
    """The plug-in whose deck this game uses (the first one on that has a ``deck``)."""
    for x in state.hooks.expansions:
        if getattr(x, "deck", None) is not None:
            return x
    raise ValueError("no scenario deck in this game")


def init_deck(state: Any, spec: DeckSpec) -> None:
    """BA-SU-07: the scenario's deck replaces the base deck (which is emptied)."""
    state.dev_deck = [0] * 5
    state.deck_left = list(spec.counts)
    state.deck_discards = [0] * len(spec.cards)
    state.deck_hand = [[0] * len(spec.cards) for _ in range(state.n)]
    state.deck_new = [[0] * len(spec.cards) for _ in range(state.n)]


def cards_available(state: Any, spec: DeckSpec) -> bool:
    """A card can be drawn: the deck holds one, or the discards can become a new deck."""
    return any(state.deck_left) or (spec.reshuffle and any(state.deck_discards))


def add_deck_purchase(state: Any, p: int, legal: list[Action]) -> None:
    """BA-DC-01: buy in the main phase for the base price (1 ore, 1 wool, 1 grain)."""
    if state.phase != "main" or not state.rolled:
        return
    cost = state.development_cost_for(p)
    hand = state.hand[p]
    if all(hand[r] >= cost[r] for r in range(5)) and cards_available(state, deck_owner(state).deck):
        legal.append(BUY)


def reshuffle_if_empty(state: Any) -> None:
    """BA-DC-01: an empty deck is made again from the discards."""
    if any(state.deck_left) or not any(state.deck_discards):
        return
    state.deck_left = state.deck_discards
    state.deck_discards = [0] * len(state.deck_left)
    state.events.append({"type": "deck_reshuffled", "visible_to": "all"})


def start_draw(state: Any) -> None:
    """Draw the top card (a chance node), reshuffling first if the deck is empty."""
    reshuffle_if_empty(state)
    state._set_phase("draw_scenario_card", CHANCE)


def discard(state: Any, card: str) -> None:
    """A resolved or played card goes to the discards."""
    state.deck_discards[deck_owner(state).deck.index(card)] += 1


def held(state: Any, p: int, card: str) -> int:
    return state.deck_hand[p][deck_owner(state).deck.index(card)]


def playable(state: Any, p: int, card: str) -> bool:
    """A kept card may be played: held before this turn, no card played yet this turn."""
    i = deck_owner(state).deck.index(card)
    return not state.dev_played and state.deck_hand[p][i] > state.deck_new[p][i]


def play_card(state: Any, p: int, card: str, keep: bool = False) -> None:
    """Seat ``p`` plays a kept card (to the discards, or kept face up with ``keep``)."""
    i = deck_owner(state).deck.index(card)
    state.deck_hand[p][i] -= 1
    if not keep:
        state.deck_discards[i] += 1
    state.dev_played = True
    state.events.append(
        {"type": "play_scenario_card", "seat": p, "card": card, "visible_to": "all"}
    )


def clear_new(state: Any, p: int) -> None:
    """Cards bought in an earlier turn are playable (call from ``start_turn``)."""
    if any(state.deck_new[p]):
        state.deck_new[p] = [0] * len(state.deck_new[p])


def may_progress(state: Any) -> bool:
    """True while a card can still be bought or played (the no-progress check)."""
    return cards_available(state, deck_owner(state).deck) or any(map(any, state.deck_hand))


def public_deck(state: Any) -> dict[str, Any]:
    """What every seat sees: cards left, the discards (face up), kept cards per seat."""
    spec = deck_owner(state).deck
    return {
        "name": spec.name,
        "left": sum(state.deck_left),
        "discards": dict(zip(spec.cards, state.deck_discards, strict=True)),
        "held": [sum(h) for h in state.deck_hand],
    }


def own_cards(state: Any, seat: int) -> dict[str, int]:
    """The cards ``seat`` keeps (hidden from the other seats)."""
    spec = deck_owner(state).deck
    return {c: n for c, n in zip(spec.cards, state.deck_hand[seat], strict=True) if n}


class ScenarioDeckRules:
    """Mixin of a plug-in (:class:`games.catan.hooks.Expansion`) with a scenario deck.

    The subclass sets ``deck`` and, for an at-once deck, defines ``resolve_card(state, p,
    card)``. Its methods are static: the state's dispatch tables call them as ``fn(state, ...)``.
    """

    deck: DeckSpec | None = None

    @staticmethod
    def apply_buy_scenario_card(state: Any, action: Action) -> None:
        """BA-DC-01: pay the base price, then the top card is drawn (a chance node)."""
        p = state.actor
        state.pay(p, state.development_cost_for(p))
        state.built_this_turn = True
        start_draw(state)

    @staticmethod
    def outcomes_draw_scenario_card(state: Any) -> list[tuple[Action, float]]:
        spec = deck_owner(state).deck
        left = state.deck_left
        total = sum(left)
        return [(draw_action(c), left[i] / total) for i, c in enumerate(spec.cards) if left[i]]

    @staticmethod
    def chance_draw_scenario_card(state: Any, action: Action) -> None:
        """BA-DC-01: an at-once card is shown to all, discarded and resolved by its scenario;
        a kept card joins the buyer's hidden hand, not playable this turn."""
        owner = deck_owner(state)
        spec = owner.deck
        card = action["card"]
        i = spec.index(card)
        state.deck_left[i] -= 1
        p = state.turn_player
        event = {"type": "buy_scenario_card", "seat": p, "card": card}
        if spec.at_once:
            state.deck_discards[i] += 1
            state.events.append({**event, "visible_to": "all"})
            owner.resolve_card(state, p, card)
            return
        state.deck_hand[p][i] += 1
        state.deck_new[p][i] += 1
        state.vp_dirty = True
        state.emit_secret(event, [p], {"card": "hidden"})
        state.resume_turn()

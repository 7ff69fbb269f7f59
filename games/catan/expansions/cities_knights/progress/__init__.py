"""Progress cards: the seam between the Cities & Knights core and the cards' effects.

The core (this plug-in) owns the decks, the draws (chance nodes), the hands, the hand limit, the
VP cards and the ``play_progress`` action's bookkeeping (the card leaves the hand and goes under
its deck, CK-PC-02). A card's *effect* lives in the module of its colour, ``progress/<track>.py``
(``trade.py``, ``politics.py``, ``science.py``), found by the card's name in
``data/progress_cards.json``. For a card named ``Merchant Fleet`` the module defines::

    def playable_merchant_fleet(state, seat) -> list[dict]:
        '''The ``play_progress`` actions of this card now (empty: not playable, CK-PC-04).
        Each is {"type": "play_progress", "card": "Merchant Fleet", ...its choices...}.'''

    def play_merchant_fleet(state, seat, action) -> bool:
        '''The effect. The card has already left the hand and gone under its deck. Return True
        if the effect set a phase of its own (a decision, a chance node); it then calls
        ``state.resume_turn()`` (or ``cities_knights.flow.advance(state)``) when done.'''

A card with no ``playable_<slug>`` is never offered (not implemented yet). Phases a card needs
(choices of other seats, a chance node) are methods of :class:`ProgressRules` (``legal_<phase>``,
``apply_<action type>``, ``outcomes_<phase>``/``chance_<phase>`` with ``CHANCE_KINDS``), which
the plug-in inherits, so the core's dispatch tables take them in. Per-turn effects that the core
consults are kept in ``state.ck_effects`` (cleared at each turn's start):

- ``"merchant_fleet"``: a resource or commodity name traded 2:1 with the bank this turn (T04).
- ``"crane"``: True while one improvement this turn costs 1 commodity less (S02).
- anything else a card needs (``"commercial_harbor": [seats done]``): the card's own keys.

Rules: CK-PC-01..05 (the core's part: ``cards.py``); the effects: CK-PC-S01..T06.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from ..data import PROGRESS_CARDS, VP_CARDS

Action = dict[str, Any]
PLAY = "play_progress"


@cache
def slug(card: str) -> str:
    """``Merchant Fleet`` -> ``merchant_fleet`` (the function names of a card's effect)."""
    return card.lower().replace(" ", "_")


@cache
def effect_module(card: str) -> Any:
    """The module of a card's colour (``progress/<track>.py``)."""
    return importlib.import_module(f"{__name__}.{PROGRESS_CARDS[card]['track']}")


def playable(state: Any, seat: int) -> list[Action]:
    """The ``play_progress`` actions of ``seat`` now (CK-PC-02: own turn; the Alchemist before
    the roll, every other card after it; any number per turn)."""
    legal: list[Action] = []
    add_playable(state, seat, legal)
    return legal


def add_playable(state: Any, seat: int, legal: list[Action]) -> None:
    """:func:`playable`'s actions added to ``legal`` (the plug-in's lists: no list of their
    own to copy)."""
    hand = state.ck_progress[seat]
    if not hand or seat != state.turn_player:
        return
    rolled = state.rolled
    if not rolled and _BEFORE_ROLL.isdisjoint(hand):
        return  # before the roll only the Alchemist is played (every decision there)
    by_hand = _BY_HAND_AFTER if rolled else _BY_HAND_BEFORE
    key = tuple(hand)
    finders = by_hand.get(key)
    if finders is None:
        if len(by_hand) >= HANDS_KEPT:  # (only on a miss: the hits cost what they did)
            by_hand.clear()
        finders = by_hand[key] = _finders_of(hand, rolled)
    for finder in finders:
        found = finder(state, seat)
        if found:  # (most finders find nothing: no ``extend`` call for an empty list)
            legal.extend(found)


def _finders_of(hand: list[str], rolled: bool) -> tuple[Any, ...]:
    """The finders to call for ``hand``, one per card name in name order (a card not played now,
    a VP card or one not implemented has none)."""
    found = []
    finders = _AFTER_ROLL if rolled else _BEFORE
    for card in sorted(set(hand)):
        finder = finders.get(card)
        if finder is None:
            finder = _finder_for(card, rolled)
        if finder:  # False: not played now, a VP card, or not implemented
            found.append(finder)
    return tuple(found)


_AFTER_ROLL: dict[str, Any] = {}
_BEFORE: dict[str, Any] = {}
"""Per card: its finder when played after (before) the roll, else False; filled as cards are
met (``_finder_for``); a test that patches a module calls :func:`forget_finders`."""
_BY_HAND_AFTER: dict[tuple[str, ...], tuple[Any, ...]] = {}
_BY_HAND_BEFORE: dict[tuple[str, ...], tuple[Any, ...]] = {}
"""Per hand as held: its finders (``_finders_of``) after (before) the roll. Keyed by the hand in
held order (a tuple of the list, the cheapest key to make at every main list; a sorted tuple or
a frozenset costs ~2-3 times as much), so every order of every hand met is a key of its own:
200 random games met ~26,000. A table that reaches :data:`HANDS_KEPT` entries starts afresh
at its next miss, so it never holds more, for a process of any length (one game meets a few
hundred hands: up to ~500 in seeds 0-4)."""
HANDS_KEPT = 1024
"""The most hands either table holds (:func:`add_playable`)."""


def forget_finders() -> None:
    """Drop every finder and effect looked up (after patching a card module)."""
    _finder.cache_clear()
    _AFTER_ROLL.clear()
    _BEFORE.clear()
    _BY_HAND_AFTER.clear()
    _BY_HAND_BEFORE.clear()
    _EFFECTS.clear()


def _finder_for(card: str, rolled: bool) -> Any:
    """The finder ``playable`` calls for ``card`` (False: none), kept in the table above."""
    finder = _finder(card) if _played_after_roll(card) == rolled else None
    (_AFTER_ROLL if rolled else _BEFORE)[card] = finder or False
    return finder or False


_BEFORE_ROLL = (
    frozenset(card for card, data in PROGRESS_CARDS.items() if data.get("before_roll")) - VP_CARDS
)
"""The cards played before the roll (the Alchemist, CK-TU-01)."""


@cache
def _played_after_roll(card: str) -> bool | None:
    """True: the card is played after the roll (all but the Alchemist); None: a VP card,
    never played (placed face up when drawn)."""
    if card in VP_CARDS:
        return None
    return not PROGRESS_CARDS[card].get("before_roll")


@cache
def _finder(card: str) -> Any:
    """The card's ``playable_<slug>`` function, or None (not implemented: never offered).
    Looked up once per process; a test that patches a module calls :func:`forget_finders`."""
    return getattr(effect_module(card), f"playable_{slug(card)}", None)


def apply_play(state: Any, seat: int, action: Action) -> bool:
    """Play a card: its effect (the card has left the hand already, ``cards.play``). True: the
    effect set a phase of its own."""
    card = action["card"]
    effect = _EFFECTS.get(card)
    if effect is None:
        effect = _EFFECTS[card] = getattr(effect_module(card), f"play_{slug(card)}")
    return bool(effect(state, seat, action))


_EFFECTS: dict[str, Any] = {}
"""Per card: its ``play_<slug>`` function, looked up once per process (a play no longer makes
the name nor calls the two cached look-ups); :func:`forget_finders` empties it too."""


from .phases import CHANCE_KINDS as _CHANCE_KINDS  # noqa: E402 (the effects import this module)
from .phases import ProgressPhases, pending_view  # noqa: E402
from .words import SENTENCES  # noqa: E402


class ProgressRules(ProgressPhases):
    """Mixin of the plug-in: the phases the cards' effects add (``legal_<phase>``,
    ``apply_<type>``, ``outcomes_<phase>``, ``chance_<phase>``; ``phases.py``)."""

    CHANCE_KINDS: dict[str, str] = _CHANCE_KINDS
    """The cards' chance phases -> ``chance_kind()`` names (joined to the plug-in's)."""


__all__ = ["SENTENCES", "ProgressRules", "pending_view"]

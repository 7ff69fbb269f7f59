"""Events in words, for people watching a finished game; each game supplies its sentences.

A game's sentences are data: per event type a template (``{who}`` is the acting seat, other
fields by name), several templates (the first whose fields the event has), None (an event not
worth a line) or a function of a :class:`Telling` for wording that depends on the values. A
sentence may read the position the event happened in (the picture's public board, say) through
the game's ``context``, so places are named by what is on them rather than by ids.

An event type without a sentence is still shown, as its type and fields, so a new event in an
engine is never silently dropped from the viewer.

What a finished game tells: everything, each secret once. An engine logs a secret twice, the
full event for the seats involved and a copy with the secret replaced by ``"hidden"`` for the
others (:func:`is_hidden_copy`); after the game the full event is told and the copy left out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.common.api import State

HIDDEN = "hidden"
"""The value that stands for a secret in the copy of an event the other seats see."""


@dataclass(frozen=True)
class Telling:
    """What a sentence function gets: one event, its fields in words, the seats, the context."""

    event: Mapping[str, Any]
    words: Mapping[str, str]
    """Each field in words, and ``who`` (the acting seat's name, "" when nobody acts)."""
    names: Sequence[str]
    context: Any
    """What the game read from the position (None when the event is told without one)."""


Sentence = str | tuple[str, ...] | Callable[[Telling], str | None] | None
SpecialWords = Callable[[str, Any, Sequence[str], Any], str | None]
"""A game's own wording of one field (key, value, seat names, context), None for the common one."""


class Narrator:
    """Writes a game's events as sentences, given the seats' names and the position."""

    def __init__(
        self,
        sentences: Mapping[str, Sentence],
        seat_fields: Sequence[str],
        special: SpecialWords | None = None,
        context: Callable[[State], Any] | None = None,
        setup: str | None = None,
    ) -> None:
        self.sentences = sentences
        self.seat_fields = tuple(seat_fields)
        self.special = special
        self.context = context
        self.setup = setup
        """One line for a set-up of silent chance steps (``{steps}``: how many), or None when
        the set-up's own events tell it."""

    def tell(
        self, events: Iterable[Mapping[str, Any]], names: Sequence[str], position: State | None
    ) -> list[str | None]:
        """A sentence per event of one step (None: nothing worth a line), read at ``position``,
        the state right after the step (the board the events left)."""
        context = self.context(position) if self.context and position is not None else None
        return [self._sentence(event, names, context) for event in events]

    def describe(
        self, event: Mapping[str, Any], names: Sequence[str], position: State | None = None
    ) -> str | None:
        """One sentence for ``event``; without ``position`` places keep their ids."""
        return self.tell([event], names, position)[0]

    def _sentence(self, event: Mapping[str, Any], names: Sequence[str], context: Any) -> str | None:
        # A secret's copy for the other seats leaves its hidden field out, so the sentence
        # without it is told ("steals a card from …"), never the word "hidden".
        words = {
            key: self._words(key, value, names, context)
            for key, value in event.items()
            if value != HIDDEN
        }
        words["who"] = words.get("seat", "")
        sentence = self.sentences.get(event["type"], ())
        if sentence is None:
            return None
        if callable(sentence):
            return sentence(Telling(event, words, names, context))
        filled = fill(sentence, words)
        if filled is not None:
            return filled
        details = ", ".join(
            f"{key} {value}"
            for key, value in words.items()
            if key not in ("type", "visible_to", "who")
        )
        return f"{str(event['type']).replace('_', ' ')}: {details}"

    def _words(self, key: str, value: Any, names: Sequence[str], context: Any) -> str:
        if isinstance(value, list) and _is_hidden(value):  # a secret's copy: how many, not what
            return counted(len(value), "hidden card")
        if self.special is not None:
            special = self.special(key, value, names, context)
            if special is not None:
                return special
        if key in self.seat_fields and (value is None or type(value) is int):
            return seat_name(value, names)
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, dict):
            return listed([f"{count} {name}" for name, count in value.items()]) or "nothing"
        if isinstance(value, list):
            return ", ".join(str(item).replace("_", " ") for item in value)
        return str(value).replace("_", " ")


def fill(templates: str | tuple[str, ...], words: Mapping[str, str]) -> str | None:
    """The first template whose fields ``words`` has (one use of a master names a resource,
    another does not), or None when none fits."""
    for template in (templates,) if isinstance(templates, str) else templates:
        try:
            return template.format(**words)
        except KeyError:
            continue
    return None


def is_hidden_copy(event: Mapping[str, Any]) -> bool:
    """The copy of a secret event for the seats not involved (its original is in the log too):
    a field says ``"hidden"``, or lists only ``"hidden"`` (Kandamir's cards, counted)."""
    return event.get("visible_to") != "all" and any(map(_is_hidden, event.values()))


def _is_hidden(value: Any) -> bool:
    if isinstance(value, list):
        return bool(value) and all(item == HIDDEN for item in value)
    return value == HIDDEN


def seat_name(seat: int | None, names: Sequence[str]) -> str:
    return names[seat] if seat is not None and 0 <= seat < len(names) else "nobody"


def counted(number: int, thing: str) -> str:
    """``2 victory point cards``, ``1 victory point card``."""
    return f"{number} {thing}{'' if number == 1 else 's'}"


def listed(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


ENDINGS = {
    "turn_limit": "the turn limit is reached",
    "turn_cap": "the turn limit is reached",
    "no_progress": "nobody can reach the target any more",
}
"""Why a game ended without a winner, by the engines' ``reason``."""


def game_over(reason: str, winner: int | None, scores: Sequence[int], names: Sequence[str]) -> str:
    """The last line of every game: who won with how many points, then everyone else's."""
    others = sorted(
        (seat for seat in range(len(scores)) if seat != winner), key=lambda s: (-scores[s], s)
    )
    points = ", ".join(f"{seat_name(seat, names)} {scores[seat]}" for seat in others)
    if winner is not None and winner >= 0:
        return (
            f"Game over: {seat_name(winner, names)} wins with "
            f"{counted(scores[winner], 'point')} ({points})."
        )
    why = ENDINGS.get(reason) or reason.replace("_", " ")
    return f"Game over without a winner: {why} (points: {points})."

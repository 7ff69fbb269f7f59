"""Events in words, for people watching a replay; each game supplies its sentences.

An event type without a sentence is still shown, as its type and fields, so a new event in an
engine is never silently dropped from the viewer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

SpecialWords = Callable[[str, Any, Sequence[str]], str | None]
"""A game's own wording of one field (key, value, seat names), or None for the common one."""


class Narrator:
    """Writes a game's events as sentences: ``{who}`` is the acting seat, other fields by name."""

    def __init__(
        self,
        sentences: Mapping[str, str | tuple[str, ...]],
        seat_fields: Sequence[str],
        special: SpecialWords | None = None,
    ) -> None:
        self.sentences = sentences
        self.seat_fields = tuple(seat_fields)
        self.special = special

    def describe(self, event: Mapping[str, Any], names: Sequence[str]) -> str:
        """One sentence for ``event``; seats are written with ``names``."""
        fields = {key: self._words(key, value, names) for key, value in event.items()}
        fields["who"] = fields.get("seat", "")
        templates = self.sentences.get(event["type"], ())
        # Several sentences for one type: the first whose fields the event has (a city is built
        # on a column only, an expansion on a column and a row).
        for template in (templates,) if isinstance(templates, str) else templates:
            try:
                return template.format(**fields)
            except KeyError:
                continue
        details = ", ".join(
            f"{key} {value}"
            for key, value in fields.items()
            if key not in ("type", "visible_to", "who")
        )
        return f"{str(event['type']).replace('_', ' ')}: {details}"

    def _words(self, key: str, value: Any, names: Sequence[str]) -> str:
        if self.special is not None:
            special = self.special(key, value, names)
            if special is not None:
                return special
        if key in self.seat_fields and (value is None or type(value) is int):
            return names[value] if value is not None and 0 <= value < len(names) else "nobody"
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, dict):
            return ", ".join(f"{count} {name}" for name, count in value.items()) or "nothing"
        if isinstance(value, list):
            return ", ".join(str(item).replace("_", " ") for item in value)
        return str(value).replace("_", " ")

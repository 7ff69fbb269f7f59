"""Actions made once and shared, read only, as the core's build actions are.

Main lists and chance nodes hand out the same dict for the same action every time, so a list is
built from look-ups, not from new dicts (knights' actions, progress plays, progress draws).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

Action = dict[str, Any]


class SharedActions(dict):  # type: ignore[type-arg]
    """``table[key]``: the action ``make(key)`` made at the first look-up, the same dict after."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[Any], Action]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: Hashable) -> Action:
        found = self[key] = self.make(key)
        return found

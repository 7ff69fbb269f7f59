"""Rivers and bridges in the spectators' picture, and the gold in each seat's panel (views only)."""

from __future__ import annotations

from typing import Any


def draw_rivers(view: dict[str, Any], geometry: Any) -> list[str]:
    return []


def rivers_words(view: dict[str, Any], seat: int) -> str | None:
    return None

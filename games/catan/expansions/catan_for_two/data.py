"""The numbers of Catan for Two, read once from ``catan_for_two.json`` (each with its source)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

RULES: dict[str, Any] = json.loads((Path(__file__).parent / "catan_for_two.json").read_text())

NEUTRALS: dict[str, Any] = RULES["neutral_colours"]
TOKENS: dict[str, int] = RULES["trade_tokens"]
FORCED: dict[str, int] = RULES["forced_trade"]


def neutral_owners(state: Any) -> range:
    """The owner ids of the neutral colours: after the seats (``n``, ``n + 1``)."""
    return range(state.n, state.owners)


def opponent(state: Any, p: int) -> int:
    """The other real player (C2-CO-01: exactly two)."""
    return 1 - p


COMBINED: dict[str, Any] = json.loads((Path(__file__).parent / "combinations.json").read_text())
"""The numbers of each Catan for Two combination (C2-FI/RI/CA/BA/TB), by partner name."""

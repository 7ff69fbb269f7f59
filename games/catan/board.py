"""Board layouts: the beginner layout (data file) and the variable layout's token placement.

Rules: BG-BOARD-01..04, BG-BOARD-08, BG-SETUP-BEG-01..02 (M-BG-01..03 filled from data).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from games.catan.constants import NUMBER_TOKENS_SPIRAL, TERRAIN_COUNTS
from games.catan.topology import NUM_HEXES, SPIRALS

DATA_DIR = Path(__file__).parent / "data"


@cache
def load_data(name: str) -> Any:
    """One of the JSON data files (each entry names its ``source``)."""
    with (DATA_DIR / f"{name}.json").open(encoding="utf-8") as f:
        return json.load(f)


def beginner_layout() -> tuple[list[str], list[int], list[str]]:
    """Terrains and numbers per hex id, and harbour types per harbour id, of the beginner board."""
    data = load_data("beginner_layout")
    return list(data["terrains"]), list(data["numbers"]), list(data["harbors"])


def harbor_types() -> list[str]:
    """The harbours of the frame (the same positions for both layouts, per rulings.md)."""
    return list(load_data("beginner_layout")["harbors"])


def tokens_from_corner(terrains: list[str], corner: int) -> list[int]:
    """Tokens A–R laid along the spiral from ``corner``, skipping the desert (BG-BOARD-04)."""
    numbers = [0] * NUM_HEXES
    tokens = iter(NUMBER_TOKENS_SPIRAL)
    for h in SPIRALS[corner]:
        if terrains[h] != "desert":
            numbers[h] = next(tokens)
    return numbers


def terrain_pool(placed: list[str]) -> dict[str, int]:
    """Terrain tiles still face down in the stack, given those already placed (BG-BOARD-03)."""
    left = dict(TERRAIN_COUNTS)
    for t in placed:
        left[t] -= 1
    return {t: n for t, n in left.items() if n > 0}

"""The scenario's data files as tables: baggage train cards, trade hexes and their stacks.

Every file carries its ``source``; numbers the sources leave open are the checklist's best
readings, kept there (see this package's README).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from games.catan.constants import RESOURCE_INDEX

HERE = Path(__file__).parent


def _load(name: str) -> Any:
    with (HERE / f"{name}.json").open(encoding="utf-8") as f:
        return json.load(f)


@dataclass(frozen=True)
class BaggageCard:
    """One baggage train card (TB-BG-01): movement points, gold per delivery, the die results
    that drive off a barbarian, its victory points and the upgrade cost printed on its back."""

    number: int
    movement_points: int
    gold: int
    drive_off: frozenset[int]
    victory_points: int
    cost: tuple[int, ...]


@dataclass(frozen=True)
class TradeHex:
    """A trade hex (TB-TH-05): what its stack of commodity tokens holds and what it accepts."""

    name: str
    stack: dict[str, int]
    accepts: frozenset[str]


def _cost(resources: dict[str, int]) -> tuple[int, ...]:
    cost = [0] * 5
    for name, count in resources.items():
        cost[RESOURCE_INDEX[name]] = count
    return tuple(cost)


@cache
def baggage_cards() -> tuple[BaggageCard, ...]:
    """Cards 1..5, in upgrade order."""
    return tuple(
        BaggageCard(
            number=c["card"],
            movement_points=c["movement_points"],
            gold=c["gold"],
            drive_off=frozenset(c["drive_off"]),
            victory_points=c["victory_points"],
            cost=_cost(c["cost"]),
        )
        for c in _load("baggage_train")["cards"]
    )


@cache
def trade_hexes() -> dict[str, TradeHex]:
    """Castle, quarry, glassworks."""
    return {
        name: TradeHex(name, dict(t["stack"]), frozenset(t["accepts"]))
        for name, t in _load("commodities")["trade_hexes"].items()
    }


def commodities() -> tuple[str, ...]:
    """Every commodity that a stack yields, in a fixed order."""
    return tuple(sorted({c for t in trade_hexes().values() for c in t.stack}))


DECK_FILE = HERE / "deck.json"

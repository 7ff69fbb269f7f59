"""Cities & Knights data: commodities, tracks, improvements, progress cards, constants.

The tables live in ``data/*.json`` (reference/expansions/cities-and-knights.md §1, §7, §11);
this module loads them once and names the numbers of the rules.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent

COMMODITIES = ("paper", "cloth", "coin")
"""CK-CO-01: the three commodities, in this order in every per-seat list."""
COMMODITY_INDEX = {c: i for i, c in enumerate(COMMODITIES)}
COMMODITY_CARDS = 12
"""CK-CO-01: 12 of each commodity in the bank."""
TERRAIN_COMMODITY = {"forest": 0, "pasture": 1, "mountains": 2}
"""CK-PR-01: a city on forest, pasture or mountains takes 1 resource + 1 commodity."""

_IMPROVEMENTS = json.loads((HERE / "data" / "improvements.json").read_text())["tracks"]
TRACKS = tuple(_IMPROVEMENTS)
"""CK-CI-01: trade, politics, science (in this order in every per-seat list)."""
TRACK_INDEX = {t: i for i, t in enumerate(TRACKS)}
TRACK_COMMODITY = tuple(COMMODITY_INDEX[_IMPROVEMENTS[t]["commodity"]] for t in TRACKS)
"""Track index -> the commodity index that buys it (trade: cloth, politics: coin, science:
paper)."""
TRACK_COLOUR = {t: _IMPROVEMENTS[t]["colour"] for t in TRACKS}
LEVEL_NAMES = {t: tuple(_IMPROVEMENTS[t]["levels"]) for t in TRACKS}
MAX_LEVEL = 5
ABILITY_LEVEL = 3
"""CK-CI-01/02, A-CK-02: Merchant Guild, Fortress, Aqueduct."""
METROPOLIS_LEVEL = 4
"""CK-CI-04: the first to level 4 takes the metropolis; the first to 5 takes it from a 4."""

_PROGRESS = json.loads((HERE / "data" / "progress_cards.json").read_text())["cards"]
PROGRESS_CARDS: dict[str, dict[str, Any]] = {c["name"]: c for c in _PROGRESS}
"""Card name -> its entry (``track``, ``count``, ``rule``, ``victory_point``, ``before_roll``)."""
PROGRESS_DECKS: dict[str, list[str]] = {
    t: sorted(name for c in _PROGRESS if c["track"] == t for name in [c["name"]] * c["count"])
    for t in TRACKS
}
"""CK-CO-02: each colour's 18 cards (sorted: the deck is a multiset; draws are chance nodes)."""
VP_CARDS = frozenset(c["name"] for c in _PROGRESS if c.get("victory_point"))
"""CK-PC-03: Printer, Constitution."""
PROGRESS_HAND_LIMIT = 4
"""CK-PC-01 (A-CK-04)."""

VICTORY_POINTS = 13
"""CK-VP-01."""
BARBARIAN_SPACES = 7
"""CK-BA-01: the 7th move reaches Catan."""
DEFENDER_CARDS = 6
"""CK-CO-03."""
KNIGHTS_PER_LEVEL = 2
"""CK-CO-05: 2 basic, 2 strong, 2 mighty per colour."""
MAX_WALLS = 3
"""CK-WA-01."""
WALL_HAND_BONUS = 2
"""CK-SE-01: each wall raises the 7-limit by 2."""
DISCARD_LIMIT = 7

EVENT_FACES = ("ship", "trade", "politics", "science")
EVENT_ODDS = {"ship": 3 / 6, "trade": 1 / 6, "politics": 1 / 6, "science": 1 / 6}
"""CK-CO-10: the event die has 3 ship faces and one city gate of each colour."""

KNIGHT_COST = (0, 0, 1, 0, 1)
"""CK-KN-01/03: 1 wool + 1 ore (resource order of games.catan.constants)."""
ACTIVATE_COST = (0, 0, 0, 1, 0)
"""CK-KN-02: 1 grain."""
WALL_COST = (0, 2, 0, 0, 0)
"""CK-WA-01: 2 brick."""
KEPT_OWED = ("ck_owed",)
"""``state.kept[KEPT_OWED]``: what the board owes per total and robber (``flow.owed_for``);
dropped by the totals of a building's hexes, or whole (a pillage, the founding city, the
Inventor)."""

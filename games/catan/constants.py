"""Vocabulary and fixed numbers of the board game (the wire format: lower-case strings).

Rules: BG-COMP-02, BG-COMP-03, BG-COMP-05, BG-BUILD-02..05, BG-PIECE-01, BG-VP-01.
"""

from __future__ import annotations

from typing import Final

RESOURCES: Final = ("lumber", "brick", "wool", "grain", "ore")
"""Resource names; everywhere an int is needed the index into this tuple is used."""
RESOURCE_INDEX: Final = {name: i for i, name in enumerate(RESOURCES)}
LUMBER, BRICK, WOOL, GRAIN, ORE = range(5)

TERRAINS: Final = ("forest", "hills", "pasture", "fields", "mountains", "desert")
"""Land hex terrains; the first five produce RESOURCES[i]."""
TERRAIN_RESOURCE: Final = {"forest": 0, "hills": 1, "pasture": 2, "fields": 3, "mountains": 4}
TERRAIN_COUNTS: Final = {
    "forest": 4,
    "pasture": 4,
    "fields": 4,
    "hills": 3,
    "mountains": 3,
    "desert": 1,
}  # BG-COMP-01

CARDS_PER_RESOURCE: Final = 19  # BG-COMP-02: 95 resource cards
DEV_CARDS: Final = ("knight", "road_building", "year_of_plenty", "monopoly", "victory_point")
DEV_INDEX: Final = {name: i for i, name in enumerate(DEV_CARDS)}
KNIGHT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY, VICTORY_POINT = range(5)
DEV_COUNTS: Final = (14, 2, 2, 2, 5)  # BG-COMP-03, BG-DEV-06

# Costs as 5-tuples in RESOURCES order (BG-BUILD-02..05).
ROAD_COST: Final = (1, 1, 0, 0, 0)
SETTLEMENT_COST: Final = (1, 1, 1, 1, 0)
CITY_COST: Final = (0, 0, 0, 2, 3)
DEV_COST: Final = (0, 0, 1, 1, 1)

MAX_ROADS, MAX_SETTLEMENTS, MAX_CITIES = 15, 5, 4  # BG-PIECE-01
MAX_PLAYERS: Final = 4
"""BG-COMP-06: 3-4 seats (2 with ``allow_two_players``): the engine's limit, and the size of
per-seat tables made once."""

NUMBER_TOKENS_SPIRAL: Final = (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)
"""Tokens A–R in letter order (rulings.md; BG-BOARD-04; M-BG-02)."""

LONGEST_ROAD_MIN, LARGEST_ARMY_MIN = 5, 3  # BG-LR-01, BG-LA-01
DISCARD_LIMIT: Final = 7  # BG-ROBBER-02

NO_PLAYER: Final = -1

# A seat's VP target while a scenario's own condition for winning is unmet (SF-WO-01: more wonder
# levels than every other seat; SF-PR-01: the seat's fortress taken): no VP total reaches it.
UNREACHABLE_TARGET: Final = 10**6

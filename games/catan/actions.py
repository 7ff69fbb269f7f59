"""Action and chance-outcome builders, cached as shared immutable dicts.

Every legal list is made of these objects so ``legal_actions()`` allocates almost nothing and
``apply()`` finds an action by identity first. Callers must treat them as read-only.

Action schema (the wire format; see also ``games/catan/README.md``):

* ``{"type": "roll"}``, ``{"type": "end_turn"}``, ``{"type": "buy_development"}``
* ``{"type": "place_settlement", "vertex": v}``, ``{"type": "place_road", "edge": e}`` (founding)
* ``{"type": "build_road", "edge": e}``, ``{"type": "build_settlement", "vertex": v}``,
  ``{"type": "build_city", "vertex": v}``
* ``{"type": "discard", "resource": r}`` (one card at a time)
* ``{"type": "move_robber", "hex": h}``, ``{"type": "rob", "seat": s}``
* ``{"type": "maritime_trade", "give": r, "get": r2, "rate": 4|3|2}``
* ``{"type": "propose_trade", "give": {r: n, …}, "get": {r: n, …}}`` (open-ended, validated)
* ``{"type": "accept_trade"}``, ``{"type": "reject_trade"}``,
  ``{"type": "confirm_trade", "seat": s}``,
  ``{"type": "cancel_trade"}``
* ``{"type": "play_knight"}``, ``{"type": "play_road_building"}``,
  ``{"type": "play_year_of_plenty"}``, ``{"type": "play_monopoly", "resource": r}``,
  ``{"type": "take_resource", "resource": r}`` (Year of Plenty and Masters gains)

Chance outcomes: ``{"type": "dice", "die1": a, "die2": b}``, ``{"type": "draw_development",
"card": c}``, ``{"type": "steal", "resource": r}``, ``{"type": "terrain", "terrain": t}``,
``{"type": "token_start", "hex": h}``.
"""

from __future__ import annotations

from typing import Any

from games.catan.constants import DEV_CARDS, RESOURCES, TERRAINS

Action = dict[str, Any]

ROLL: Action = {"type": "roll"}
END_TURN: Action = {"type": "end_turn"}
BUY_DEVELOPMENT: Action = {"type": "buy_development"}
ACCEPT_TRADE: Action = {"type": "accept_trade"}
REJECT_TRADE: Action = {"type": "reject_trade"}
CANCEL_TRADE: Action = {"type": "cancel_trade"}
PLAY_KNIGHT: Action = {"type": "play_knight"}
PLAY_ROAD_BUILDING: Action = {"type": "play_road_building"}
PLAY_YEAR_OF_PLENTY: Action = {"type": "play_year_of_plenty"}

PLACE_SETTLEMENT: list[Action] = []
PLACE_ROAD: list[Action] = []
BUILD_ROAD: list[Action] = []
BUILD_SETTLEMENT: list[Action] = []
BUILD_CITY: list[Action] = []
MOVE_ROBBER: list[Action] = []
TOKEN_START: list[Action] = []
"""Actions on a board's hexes, vertices and edges, indexed by id; :func:`reserve` extends them
to the largest board built so far (``board.Board`` calls it), never replacing an action."""

_BY_HEX = ((MOVE_ROBBER, "move_robber", "hex"), (TOKEN_START, "token_start", "hex"))
_BY_VERTEX = (
    (PLACE_SETTLEMENT, "place_settlement", "vertex"),
    (BUILD_SETTLEMENT, "build_settlement", "vertex"),
    (BUILD_CITY, "build_city", "vertex"),
)
_BY_EDGE = ((PLACE_ROAD, "place_road", "edge"), (BUILD_ROAD, "build_road", "edge"))


def reserve(num_hexes: int, num_vertices: int, num_edges: int) -> None:
    """Make the per-id action tables cover a board of this size (shared dicts, built once)."""
    for tables, size in ((_BY_HEX, num_hexes), (_BY_VERTEX, num_vertices), (_BY_EDGE, num_edges)):
        for table, kind, key in tables:
            table.extend({"type": kind, key: i} for i in range(len(table), size))


ROB = tuple({"type": "rob", "seat": s} for s in range(8))
CONFIRM_TRADE = tuple({"type": "confirm_trade", "seat": s} for s in range(8))
DISCARD = tuple({"type": "discard", "resource": r} for r in RESOURCES)
TAKE_RESOURCE = tuple({"type": "take_resource", "resource": r} for r in RESOURCES)
PLAY_MONOPOLY = tuple({"type": "play_monopoly", "resource": r} for r in RESOURCES)
MARITIME = tuple(
    tuple(
        {
            rate: {"type": "maritime_trade", "give": give, "get": get, "rate": rate}
            for rate in (2, 3, 4)
        }
        for get in RESOURCES
    )
    for give in RESOURCES
)
"""``MARITIME[give][get][rate]``."""
PROPOSE_ONE_FOR_ONE = tuple(
    tuple({"type": "propose_trade", "give": {give: 1}, "get": {get: 1}} for get in RESOURCES)
    for give in RESOURCES
)
"""The enumerated sample of proposals offered in legal lists; any valid proposal is accepted."""
MARITIME_BY_GIVE = tuple(
    {
        rate: tuple(MARITIME[give][get][rate] for get in range(5) if get != give)
        for rate in (2, 3, 4)
    }
    for give in range(5)
)
"""``MARITIME_BY_GIVE[give][rate]``: the four trades of ``give`` at ``rate``, in get order."""
PROPOSE_BY_GIVE = tuple(
    tuple(PROPOSE_ONE_FOR_ONE[give][get] for get in range(5) if get != give) for give in range(5)
)
PROPOSE_INFO = {
    id(PROPOSE_ONE_FOR_ONE[give][get]): (give, get)
    for give in range(5)
    for get in range(5)
    if give != get
}

DICE = tuple(
    tuple({"type": "dice", "die1": a, "die2": b} for b in range(1, 7)) for a in range(1, 7)
)
DICE_IDS = frozenset(id(d) for row in DICE for d in row)
DICE_OUTCOMES = tuple((DICE[a][b], 1 / 36) for a in range(6) for b in range(6))
DRAW_DEVELOPMENT = tuple({"type": "draw_development", "card": c} for c in DEV_CARDS)
STEAL = tuple({"type": "steal", "resource": r} for r in RESOURCES)
TERRAIN = {t: {"type": "terrain", "terrain": t} for t in TERRAINS}
"""Chance outcomes laying a terrain; a layout's other terrains (a scenario's lake) join through
:func:`reserve_terrains`, each one shared dict too."""


def reserve_terrains(names: Any) -> None:
    """Add ``names`` (a layout's terrain stack) to :data:`TERRAIN`, never replacing an entry."""
    for name in names:
        if name not in TERRAIN:
            TERRAIN[name] = {"type": "terrain", "terrain": name}

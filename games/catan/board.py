"""Boards as values: a layout (data file) joined to its cached geometry.

A layout (``data/layouts/<name>.json``, every part with its ``source``) names:

* ``hexes``: axial ``[q, r]`` of each hex, in id order;
* ``terrains``: one per hex, or ``{"stack": {terrain: count}}`` shuffled and laid in id order by
  chance nodes (BG-BOARD-03); with ``"fixed": {hex id: terrain}`` those hexes are printed (a
  scenario's river tiles) and the stack fills the others;
  chance nodes (BG-BOARD-03); ``"confined": {terrain: [hex ids]}`` keeps a terrain of the stack
  on those hexes only (the Fishermen's lake inside the island), every allowed arrangement
  equally likely (the confined hex sets must not overlap);
* ``numbers``: one per hex (0 = none), or ``{"spiral": [tokens], "skip": [terrains]}`` laid
  along the spiral from a chance-drawn corner of the outer ring (BG-BOARD-04); ``"also":
  {number: other}``: the hex holding ``other`` produces on ``number`` too (Rivers: the 2 lies
  on the 12);
* ``no_roads``: paths where no road may be built (Rivers: the bridge sites);
* ``harbors``: ``{"hex": id, "side": 0..5, "type": "any" | resource}`` (side ``i`` joins the
  hex's corners ``i`` and ``i + 1``, clockwise from the top);
* ``hubs``: ``{"hex": id, "corners": [0..5]}``, an intersection at the hex's centre joined by
  paths to those corners (T&B: a trade hex's plaza, see ``topology``);
* ``no_buildings``: intersections where no settlement or city may stand (T&B: the plazas and
  the trade hexes' sea corners); they never enter the legal lists;
* ``robber``: the terrain the robber starts on (``null``: off the board);
* optionally ``robber_barred``: hex ids the robber may never enter (the Caravans' oasis);
* ``sites``: named special places a scenario reads (castle hex, oasis, fishing grounds, ...),
  passed to bots unchanged in ``static``;
* optionally ``starting_positions`` (the beginner set-up).

:func:`board` builds a :class:`Board` once per layout name; its geometry is shared by every layout
of the same shape (``topology.geometry``). A state holds its board in ``state.board`` and reads
every table from there, never from a module constant.

Rules: BG-BOARD-01..04, BG-BOARD-08, BG-SETUP-BEG-01..02 (M-BG-01..03 filled from data).
"""

from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path
from typing import Any

from games.catan import actions as A
from games.catan.topology import Geometry, geometry

DATA_DIR = Path(__file__).parent / "data"
LAYOUT_DIR = DATA_DIR / "layouts"
PLUGIN_LAYOUT_DIRS = Path(__file__).parent / "expansions"
"""A plug-in package keeps its boards in its own folder: ``expansions/<package>/layouts/``."""


@cache
def load_data(name: str) -> Any:
    """One of the JSON data files (each entry names its ``source``)."""
    with (DATA_DIR / f"{name}.json").open(encoding="utf-8") as f:
        return json.load(f)


class Board:
    """One layout and the tables of its geometry (shared, read-only; see ``topology.Geometry``).

    The geometry's tables are copied here as attributes, so a rule reads
    ``state.board.vertex_edges`` with one attribute step.
    """

    __slots__ = (
        *Geometry.__slots__,
        "corner_hexes",
        "fixed_numbers",
        "building_closed",
        "fixed_terrains",
        "also_numbers",
        "preset_terrains",
        "terrain_pools",
        "road_closed",
        "geometry",
        "harbor_types",
        "layout",
        "name",
        "robber_barred",
        "robber_terrain",
        "sites",
        "spiral_skip",
        "spiral_tokens",
        "spirals",
        "terrain_confined",
        "terrain_stack",
    )

    def __init__(self, layout: dict[str, Any]) -> None:
        self.layout = layout
        self.name: str = layout["name"]
        hexes = tuple((int(q), int(r)) for q, r in layout["hexes"])
        harbors = layout.get("harbors", [])
        hubs = tuple((h["hex"], tuple(h["corners"])) for h in layout.get("hubs", ()))
        self.geometry = geometry(hexes, tuple((h["hex"], h["side"]) for h in harbors), hubs)
        for slot in Geometry.__slots__:
            setattr(self, slot, getattr(self.geometry, slot))
        self.harbor_types: tuple[str, ...] = tuple(h["type"] for h in harbors)
        terrains, numbers = layout["terrains"], layout["numbers"]
        # Terrain names interned: the same objects as the rules' literals ("sea", "forest"), so
        # the many tests of a hex's terrain (and ``terrain_pool``'s counts) match by identity
        # rather than by comparing the letters of a string read from the layout file.
        intern = sys.intern
        self.fixed_terrains = list(map(intern, terrains)) if isinstance(terrains, list) else None
        self.terrain_stack = (
            None if self.fixed_terrains else {intern(t): n for t, n in terrains["stack"].items()}
        )
        self.preset_terrains: dict[int, str] = (
            {}
            if self.fixed_terrains
            else {int(h): intern(t) for h, t in terrains.get("fixed", {}).items()}
        )
        self.terrain_pools: dict[tuple[str, ...], dict[str, int]] = {}
        self.road_closed: frozenset[int] = frozenset(layout.get("no_roads", ()))
        self.building_closed: tuple[int, ...] = tuple(layout.get("no_buildings", ()))
        self.terrain_confined: dict[str, frozenset[int]] = {}
        if self.terrain_stack is not None:
            A.reserve_terrains(self.terrain_stack)
            confined = terrains.get("confined", {})
            self.terrain_confined = {t: frozenset(hexes) for t, hexes in confined.items()}
        self.fixed_numbers = list(numbers) if isinstance(numbers, list) else None
        self.spiral_tokens: tuple[int, ...] = ()
        self.spiral_skip: frozenset[str] = frozenset()
        self.corner_hexes: tuple[int, ...] = ()
        self.spirals: dict[int, tuple[int, ...]] = {}
        self.also_numbers: tuple[tuple[int, int], ...] = ()
        if self.fixed_numbers is None:
            self.spiral_tokens = tuple(numbers["spiral"])
            self.spiral_skip = frozenset(numbers.get("skip", ()))
            self.also_numbers = tuple((int(k), v) for k, v in numbers.get("also", {}).items())
            q, r = hexes[0]
            self.corner_hexes = self.geometry.corner_hexes(max(abs(q), abs(r), abs(q + r)))
            self.spirals = {c: self.geometry.spiral_from_corner(c) for c in self.corner_hexes}
        self.robber_terrain: str | None = layout.get("robber")
        self.robber_barred: frozenset[int] = frozenset(layout.get("robber_barred", ()))
        self.sites: dict[str, Any] = layout.get("sites", {})
        self._check()
        A.reserve(self.num_hexes, self.num_vertices, self.num_edges)

    def _check(self) -> None:
        n = self.num_hexes
        if self.fixed_terrains is not None and len(self.fixed_terrains) != n:
            raise ValueError(
                f"layout {self.name}: {n} hexes but {len(self.fixed_terrains)} terrains"
            )
        stacked = sum((self.terrain_stack or {}).values()) + len(self.preset_terrains)
        if self.terrain_stack is not None and stacked != n:
            raise ValueError(f"layout {self.name}: the terrain stack does not fill {n} hexes")
        if self.fixed_numbers is not None and len(self.fixed_numbers) != n:
            raise ValueError(f"layout {self.name}: {n} hexes but {len(self.fixed_numbers)} numbers")

    # ------------------------------------------------------------------ chance set-up
    def terrain_pool(self, placed: list[str]) -> dict[str, int]:
        """Terrain tiles still face down in the stack, given those already placed (BG-BOARD-03);
        never changed by the caller. Kept per board by the tiles placed (a draw asks twice: for
        its chances and to check the tile drawn), and made from the pool before the last tile
        drawn when that is kept, not by counting every hex laid again."""
        key = tuple(placed)
        pool = self.terrain_pools.get(key)
        if pool is not None:
            return pool
        preset = self.preset_terrains
        last = len(placed) - 1
        while last in preset:  # the printed hexes laid after the last draw
            last -= 1
        before = self.terrain_pools.get(key[:last]) if last >= 0 else None
        if before is not None:
            pool = dict(before)
            t = placed[last]
            if pool[t] > 1:
                pool[t] -= 1
            else:
                del pool[t]
        else:
            left = dict(self.terrain_stack or {})
            for h, t in enumerate(placed):
                if h not in preset:  # a printed hex is not from the stack
                    left[t] -= 1
            pool = {t: n for t, n in left.items() if n > 0}
        if len(self.terrain_pools) > _MEMO_LIMIT:
            self.terrain_pools.clear()
        self.terrain_pools[key] = pool
        return pool

    def lay_presets(self, terrains: list[str]) -> None:
        """Lay the printed hexes that come next in id order (the stack fills the others)."""
        preset = self.preset_terrains
        while len(terrains) in preset:
            terrains.append(preset[len(terrains)])

    def terrain_chances(self, placed: list[str]) -> list[tuple[str, float]]:
        """The terrain of the next hex (id ``len(placed)``) and its chance (BG-BOARD-03).

        A confined terrain lands on an allowed hex with the chance its tiles left have among
        the allowed hexes left, and never elsewhere; the other tiles share the rest by count.
        """
        pool = self.terrain_pool(placed)
        if not self.terrain_confined:
            total = sum(pool.values())
            return [(t, count / total) for t, count in pool.items()]
        here = len(placed)
        fixed: dict[str, float] = {}
        for t, hexes in self.terrain_confined.items():
            if pool.get(t) and here in hexes:
                fixed[t] = pool[t] / sum(1 for h in hexes if h >= here)
        free = {t: n for t, n in pool.items() if t not in self.terrain_confined}
        rest, total = 1.0 - sum(fixed.values()), sum(free.values())
        chances = [(t, fixed[t] if t in fixed else rest * free.get(t, 0) / total) for t in pool]
        return [(t, p) for t, p in chances if p > 0]

    def tokens_from_corner(self, terrains: list[str], corner: int) -> list[int]:
        """Tokens laid along the spiral from ``corner``, skipping the desert (BG-BOARD-04)."""
        numbers = [0] * self.num_hexes
        tokens = iter(self.spiral_tokens)
        for h in self.spirals[corner]:
            if terrains[h] not in self.spiral_skip:
                numbers[h] = next(tokens)
        return numbers

    def robber_start(self, terrains: list[str]) -> int:
        """Where the robber starts (BG-SETUP-01, BG-BOARD-08); -1: off the board."""
        if self.robber_terrain is None or self.robber_terrain not in terrains:
            return -1
        return terrains.index(self.robber_terrain)

    # ------------------------------------------------------------------ for bots
    def static(self) -> dict[str, Any]:
        """What ``start`` sends once: the geometry by id, the layout's name and its sites."""
        return {**self.geometry.static(), "layout": self.name, "sites": self.sites}


_MEMO_LIMIT = 4096
"""Terrain pools a board keeps before they are dropped (a bound on memory)."""


@cache
def board(name: str) -> Board:
    """The board of layout ``name`` (``data/layouts/<name>.json`` or a plug-in's
    ``expansions/<package>/layouts/<name>.json``), built once per process.

    Raises:
        ValueError: no such layout, or two files of that name.
    """
    if not name.replace("_", "").isalnum():
        raise ValueError(f"unknown board layout {name!r}")
    folders = (LAYOUT_DIR, *sorted(PLUGIN_LAYOUT_DIRS.glob("*/layouts")))
    paths = [folder / f"{name}.json" for folder in folders if (folder / f"{name}.json").is_file()]
    if not paths:
        raise ValueError(f"unknown board layout {name!r}")
    if len(paths) > 1:
        raise ValueError(f"board layout {name!r} is defined twice: {', '.join(map(str, paths))}")
    with paths[0].open(encoding="utf-8") as f:
        return Board(json.load(f))


BASE_LAYOUTS = {"beginner": "base_beginner", "variable": "base_variable"}
"""The base game's ``layout`` option -> layout name."""

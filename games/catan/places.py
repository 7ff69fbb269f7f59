"""Places on the island in words a spectator finds on the picture, instead of topology ids.

A hex is its resource and number ("ore 3", "the desert"), a corner the hexes around it ("the
corner of lumber 6, brick 8 and ore 3"; on the coast "the coastal corner of …" or, on one hex
only, "the top corner of ore 3"), a path the two hexes it separates ("between lumber 6 and brick
8") or, on the coast, its side of the one hex ("on the left shore of ore 3"). Corners at a harbour
say so. The words come from the position's public board (what the picture draws) and the
geometry of the position's board (``state.board``), which the picture uses too.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any

from games.catan.constants import RESOURCES, TERRAIN_RESOURCE
from games.common.api import State
from games.common.narration import listed

CORNERS = ("top", "upper right", "lower right", "bottom", "lower left", "upper left")
"""A hex's corners in ``hex_vertices`` order (clockwise from the top; hexes are pointy-top)."""
SIDES = ("upper right", "right", "lower right", "lower left", "left", "upper left")
"""A hex's sides: side ``i`` joins corners ``i`` and ``i + 1``."""


class Island:
    """The island of one position, in words; the board is read from the position when needed."""

    def __init__(self, position: State) -> None:
        self.position = position

    @cached_property
    def observation(self) -> Mapping[str, Any]:
        """Seat 0's observation, of which only the public parts are read (board, phase, masters)."""
        return self.position.observation(0)

    @cached_property
    def geometry(self) -> Any:
        """The position's board (``board.Board``): ids to hexes, corners and paths."""
        return self.position.board

    @cached_property
    def harbour_of_vertex(self) -> dict[int, int]:
        pairs = self.geometry.harbor_vertices
        return {v: harbour for harbour, pair in enumerate(pairs) for v in pair}

    @cached_property
    def board(self) -> Mapping[str, Any]:
        """The public board: terrains, numbers, harbours, robber, buildings, roads."""
        return self.observation["board"]

    def hex(self, hex_id: int) -> str:
        terrains = self.board["terrains"]
        if hex_id >= len(terrains):  # not laid yet (a variable board's set-up is still going on)
            return f"hex {hex_id}"
        terrain = terrains[hex_id]
        if terrain not in TERRAIN_RESOURCE:
            return f"the {terrain}"
        return f"{RESOURCES[TERRAIN_RESOURCE[terrain]]} {self.board['numbers'][hex_id]}"

    def corner(self, vertex: int) -> str:
        geo = self.geometry
        hexes = geo.vertex_hexes[vertex]
        if len(hexes) == 1 and vertex not in geo.hex_vertices[hexes[0]]:
            where = f"the centre of {self.hex(hexes[0])}"  # a hub (T&B's plazas)
        elif len(hexes) == 1:
            (hex_id,) = hexes
            corner = CORNERS[geo.hex_vertices[hex_id].index(vertex)]
            where = f"the {corner} corner of {self.hex(hex_id)}"
        else:
            coastal = "coastal " if len(hexes) == 2 else ""
            where = f"the {coastal}corner of {listed([self.hex(h) for h in hexes])}"
        harbour = self.harbour_of_vertex.get(vertex)
        if harbour is None:
            return where
        kind = self.board["harbors"][harbour]
        return f"{where} by the {'3:1' if kind == 'any' else '2:1 ' + kind} harbour"

    def path(self, edge: int) -> str:
        """``between A and B`` inland, ``on the left shore of A`` on the coast."""
        geo = self.geometry
        hexes = geo.edge_hexes[edge]
        if len(hexes) == 2:
            return f"between {self.hex(hexes[0])} and {self.hex(hexes[1])}"
        (hex_id,) = hexes
        corners = geo.hex_vertices[hex_id]
        ends = set(geo.edge_vertices[edge])
        side = next((i for i in range(6) if {corners[i], corners[(i + 1) % 6]} == ends), None)
        if side is None:  # a hub's spoke (T&B's plazas): from the centre to a corner
            (corner,) = ends & set(corners)
            name = CORNERS[corners.index(corner)]
            return f"from the centre of {self.hex(hex_id)} to its {name} corner"
        return f"on the {SIDES[side]} shore of {self.hex(hex_id)}"

    def hexes_numbered(self, number: int) -> list[int]:
        return [h for h, n in enumerate(self.board["numbers"]) if n == number]

    def built_on(self, hex_id: int) -> bool:
        """Whether a settlement or city stands on a corner of the hex."""
        built = {vertex for vertex, _seat, _level in self.board["buildings"]}
        return not built.isdisjoint(self.geometry.hex_vertices[hex_id])

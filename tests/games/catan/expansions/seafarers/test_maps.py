"""The Seafarers maps (SF-MAP-…) as layouts: each grid against what the checklist says of it in
words, and every harbour and marked place where the rule book puts it."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from games.catan.board import board
from games.catan.expansions.seafarers import transcribe
from games.catan.topology import AXIAL_DIRECTIONS

LAYOUTS = sorted((Path(transcribe.__file__).parent / "layouts").glob("seafarers_*.json"))
SIDE_DIRECTIONS = {side: AXIAL_DIRECTIONS[(1 - side) % 6] for side in range(6)}
"""Side ``k`` of a hex (corners ``k`` and ``k + 1``) faces the neighbour in this direction."""


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def neighbour(layout: dict[str, Any], hex_id: int, side: int) -> int | None:
    q, r = layout["hexes"][hex_id]
    dq, dr = SIDE_DIRECTIONS[side]
    coords = [tuple(c) for c in layout["hexes"]]
    return coords.index((q + dq, r + dr)) if (q + dq, r + dr) in coords else None


def test_every_map_of_the_checklist_is_a_layout() -> None:
    names = {path.stem for path in LAYOUTS}
    assert len(names) == len(transcribe.MAPS) == 13
    assert {load(path)["map_id"] for path in LAYOUTS} == {f"SF-MAP-{m}" for m in transcribe.MAPS}


@pytest.mark.parametrize("path", LAYOUTS, ids=lambda p: p.stem)
def test_sf_map_grid_has_the_stated_land_terrains_and_numbers(path: Path) -> None:
    layout = load(path)
    stated = layout["stated"]
    land = [t for t in layout["terrains"] if t not in ("sea", "random")]
    if "terrains" not in stated:  # New World: every inner place is drawn
        places = layout["sites"]["random_places"]
        assert layout["terrains"].count("random") == places["sea"] + places["land"]
        return
    assert len(land) == stated["land_hexes"]
    assert Counter(land) == Counter(stated["terrains"])
    assert sorted(n for n in layout["numbers"] if n) == sorted(stated["numbers"])
    assert all(
        n == 0 for t, n in zip(layout["terrains"], layout["numbers"], strict=True) if t == "sea"
    )


@pytest.mark.parametrize("path", LAYOUTS, ids=lambda p: p.stem)
def test_sf_map_harbours_lie_on_a_land_side_facing_the_sea(path: Path) -> None:
    layout = load(path)
    harbours = layout["harbors"]
    assert len(harbours) == layout["stated"].get("harbours", 0)
    for harbour in harbours:
        assert layout["terrains"][harbour["hex"]] not in ("sea", "random"), harbour
        facing = neighbour(layout, harbour["hex"], harbour["side"])
        assert facing is not None and layout["terrains"][facing] == "sea", harbour
    assert len({(h["hex"], h["side"]) for h in harbours}) == len(harbours)


@pytest.mark.parametrize("path", LAYOUTS, ids=lambda p: p.stem)
def test_sf_map_robber_on_land_pirate_at_sea_frame_all_round(path: Path) -> None:
    layout = load(path)
    sites, terrains = layout["sites"], layout["terrains"]
    if sites["robber"] is not None:
        assert terrains[sites["robber"]] not in ("sea", "random")
    if sites["pirate"] is not None:
        assert terrains[sites["pirate"]] == "sea"
    for hex_id in sites.get("pirate_circuit", []):
        assert terrains[hex_id] == "sea"
    frame = set(sites["frame"])
    assert all(terrains[h] == "sea" for h in frame)
    assert all(
        neighbour(layout, h, side) is not None
        for h in range(len(terrains))
        if h not in frame
        for side in range(6)
    )


@pytest.mark.parametrize("path", LAYOUTS, ids=lambda p: p.stem)
def test_sf_map_builds_a_board_whose_marked_places_exist(path: Path) -> None:
    layout = load(path)
    built = board(layout["name"])
    assert built.num_hexes == len(layout["hexes"])
    for key, marks in layout["sites"].items():
        if isinstance(marks, list) and marks and isinstance(marks[0], dict):
            for mark in marks:
                corners = built.hex_vertices[mark["hex"]]
                if "corner" in mark:
                    assert 0 <= corners[mark["corner"]] < built.num_vertices, (key, mark)
                else:
                    pair = (corners[mark["side"]], corners[(mark["side"] + 1) % 6])
                    assert pair in built.edge_of_pair, (key, mark)


def test_transcription_reads_the_offset_rows_as_the_checklist_says() -> None:
    """odd-r rows: q = col - (row - (row & 1)) / 2 (§19 "Format")."""
    assert transcribe.axial(2, 1) == (2, 1)
    assert transcribe.axial(3, 4) == (1, 4)
    assert transcribe.axial(4, 5) == (2, 5)


def test_new_shores_3_places_read_as_printed() -> None:
    """SF-MAP-NS3: the robber on hills 12 at 2,1; the pirate at sea hex 7,4; the ore harbour on
    the north-west side of hills 8 at 1,5."""
    layout = load(next(p for p in LAYOUTS if p.stem == "seafarers_new_shores_3"))
    address = [tuple(a) for a in layout["offset_addresses"]]
    robber = layout["sites"]["robber"]
    assert address[robber] == (2, 1)
    assert (layout["terrains"][robber], layout["numbers"][robber]) == ("hills", 12)
    assert address[layout["sites"]["pirate"]] == (7, 4)
    ore = next(h for h in layout["harbors"] if h["type"] == "ore")
    assert address[ore["hex"]] == (1, 5) and ore["side"] == 5

"""Turn the Seafarers maps of the reference checklist into board layouts (a tool, not run in play).

``python -m games.catan.expansions.seafarers.transcribe PATH/seafarers.md`` rewrites
``layouts/seafarers_*.json`` from §19 "Scenario maps as data" of the checklist: each map's grid
of odd-r offset rows becomes axial hexes in reading order (frame and sea included, terrain
``sea``), with its numbers, harbours, robber and pirate starts, zones, fog stack and marked
places. A marked corner or side is kept as ``{"hex": id, "corner": k}`` / ``{"hex": id,
"side": k}`` (the numbering of ``topology``: corner 0 at the top, clockwise; side ``k`` joins
corners ``k`` and ``k + 1``), so the data reads like the rule book and needs no vertex ids.

What the checklist states about each map in words (land hex count and terrain mix, the number
tokens, the harbour count) is kept beside the grid under ``"stated"``, so a test can hold the two
against each other.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

LAYOUT_DIR = Path(__file__).parent / "layouts"

TERRAIN_CODES = {
    "~": "sea",
    "h": "hills",
    "f": "forest",
    "p": "pasture",
    "g": "fields",
    "m": "mountains",
    "d": "desert",
    "$": "gold",
    "x": "fog",
    "?": "random",
}
SIDES = {"NE": 0, "E": 1, "SE": 2, "SW": 3, "W": 4, "NW": 5}
CORNERS = {"N": 0, "NE": 1, "SE": 2, "S": 3, "SW": 4, "NW": 5}
HARBOUR_TYPES = {"3:1": "any", "random": "random"}
"""Other harbour words are resource names, kept as they are (``ore``, ``brick``, ...)."""

MAPS = {
    "NS3": ("new_shores", 3),
    "NS4": ("new_shores", 4),
    "4I3": ("four_islands", 3),
    "4I4": ("four_islands", 4),
    "FI3": ("fog_islands", 3),
    "FI4": ("fog_islands", 4),
    "TD3": ("through_the_desert", 3),
    "TD4": ("through_the_desert", 4),
    "FT": ("forgotten_tribe", None),
    "CL": ("cloth_for_catan", None),
    "PI": ("pirate_islands", None),
    "WO": ("wonders_of_catan", None),
    "NW": ("new_world", None),
}
"""Map id of the checklist -> (scenario, player count; None: one map for 3 and 4 players)."""

SOURCE = (
    "shared/reference/expansions/seafarers.md §19 (S2, 5th-edition rulebook transcription, "
    "cross-checked against JSettlers2 SOCBoardAtServer.java), map SF-MAP-{id}"
)

CELL = re.compile(r"^(?P<code>[~hfpgmd$x?.])(?P<number>\d+)?(?:@(?P<zone>\w+))?$")
PLACE = re.compile(r"(\d+),(\d+)\s+([NSEW]{1,2})\b")


def axial(col: int, row: int) -> tuple[int, int]:
    """The checklist's odd-r offset address as axial ``(q, r)`` (r grows downwards)."""
    return col - (row - (row & 1)) // 2, row


def parse_grid(lines: list[str]) -> list[dict[str, Any]]:
    """The hexes of a grid in reading order: address, terrain, number, zone."""
    cells = []
    for line in lines:
        tokens = line.split()
        row = int(tokens[0][1:])
        for col, token in enumerate(tokens[1:]):
            match = CELL.match(token)
            if match is None:
                raise ValueError(f"row {row}: cannot read cell {token!r}")
            if match["code"] == ".":
                continue
            cells.append(
                {
                    "address": (col, row),
                    "terrain": TERRAIN_CODES[match["code"]],
                    "number": int(match["number"] or 0),
                    "zone": match["zone"],
                }
            )
    return cells


def parse_map(map_id: str, title: str, grid: list[str], bullets: list[str]) -> dict[str, Any]:
    scenario, players = MAPS[map_id]
    cells = parse_grid(grid)
    hex_of = {cell["address"]: i for i, cell in enumerate(cells)}

    def place(text: str, table: dict[str, int], key: str) -> dict[str, int]:
        col, row, where = PLACE.match(text.strip()).groups()  # type: ignore[union-attr]
        return {"hex": hex_of[(int(col), int(row))], key: table[where]}

    def hex_at(text: str) -> int:
        col, row = re.search(r"(\d+),(\d+)", text).groups()  # type: ignore[union-attr]
        return hex_of[(int(col), int(row))]

    coords = {axial(*cell["address"]) for cell in cells}
    frame = [
        i
        for i, cell in enumerate(cells)
        if cell["terrain"] == "sea" and not _inner(axial(*cell["address"]), coords)
    ]
    sites: dict[str, Any] = {"frame": frame, "robber": None, "pirate": None, "zones": {}}
    for i, cell in enumerate(cells):
        if cell["zone"]:
            sites["zones"].setdefault(cell["zone"], []).append(i)
    stated: dict[str, Any] = {}
    harbours: list[dict[str, Any]] = []
    for bullet in bullets:
        head, _, rest = bullet.rstrip(".").partition(":")
        head_l = head.lower()
        if head_l.startswith("land hexes"):
            count, mix = re.match(r"\s*(\d+)\s*\((.*?)\)", rest).groups()  # type: ignore[union-attr]
            stated["land_hexes"] = int(count)
            stated["terrains"] = {t: int(n) for t, n in (part.split() for part in mix.split(", "))}
            if "Number tokens on the map" in rest:
                tokens_text = rest.split("Number tokens on the map:")[1]
                numbers, total = re.match(r"\s*([\d, ]+)\s*\((\d+)\)", tokens_text).groups()  # type: ignore[union-attr]
                stated["numbers"] = [int(n) for n in numbers.split(",")]
                assert len(stated["numbers"]) == int(total), map_id
            stated["land_hexes"] = int(count)
        elif head_l.startswith("robber starts"):
            if "off the board" not in rest.split(".")[0]:
                sites["robber"] = hex_at(rest.split(".")[0])
            pirate = rest.split("Pirate starts:")[1] if "Pirate starts:" in rest else ""
            if "sea hex" in pirate:
                sites["pirate"] = hex_at(pirate)
        elif head_l.startswith("harbours"):
            stated["harbours"] = int(re.search(r"\((\d+)\)", head).group(1))  # type: ignore[union-attr]
            for entry in rest.split(";"):
                spot, _, kind = entry.partition("=")
                harbours.append(
                    {
                        **place(spot, SIDES, "side"),
                        "type": HARBOUR_TYPES.get(kind.strip(), kind.strip()),
                    }
                )
        elif head_l.startswith("harbor pool"):
            sites["harbour_pool"] = rest.strip().rstrip(".")
        elif head_l.startswith("fog stack"):
            terrain_text, _, token_text = rest.partition("; tokens")
            sites["fog_stack"] = {
                "terrains": {t: int(n) for t, n in (p.split() for p in terrain_text.split(", "))},
                "tokens": [int(n) for n in token_text.strip().rstrip(".").split(",")],
            }
        elif head_l.startswith("pirate-fleet circuit"):
            sites["pirate_circuit"] = [hex_at(part) for part in rest.split("→")]
        elif head_l.startswith("villages"):
            sites["villages"] = [
                {**place(spot, CORNERS, "corner"), "number": int(number)}
                for spot, number in (e.split("=") for e in rest.split(";"))
            ]
        elif head_l.startswith("seat order"):
            sites["seat_order"] = rest.strip().rstrip(".")
        elif "(hex side" in head_l or "(hex corner" in head_l or "intersections" in head_l:
            key = _mark_key(head)
            kind = ("side", SIDES) if "side" in head_l else ("corner", CORNERS)
            sites[key] = [place(spot, kind[1], kind[0]) for spot in rest.split(";")]
        elif head_l.startswith("`?` places"):
            count = re.search(r"(\d+) sea \+ (\d+) land", rest)
            sites["random_places"] = {"sea": int(count.group(1)), "land": int(count.group(2))}  # type: ignore[union-attr]
        else:
            raise ValueError(f"SF-MAP-{map_id}: unread line {bullet!r}")
    numbers = [cell["number"] for cell in cells]
    return {
        "name": f"seafarers_{scenario}" + (f"_{players}" if players else ""),
        "title": title,
        "source": SOURCE.format(id=map_id),
        "map_id": f"SF-MAP-{map_id}",
        "players": [players] if players else [3, 4],
        "hexes": [list(axial(*cell["address"])) for cell in cells],
        "offset_addresses": [list(cell["address"]) for cell in cells],
        "terrains": [cell["terrain"] for cell in cells],
        "numbers": numbers,
        "harbors": harbours,
        "robber": None,
        "sites": sites,
        "stated": stated,
    }


def _inner(coord: tuple[int, int], coords: set[tuple[int, int]]) -> bool:
    """Whether a hex has all six neighbours on the map (a sea hex that has not is the frame)."""
    q, r = coord
    steps = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    return all((q + dq, r + dr) in coords for dq, dr in steps)


def _mark_key(head: str) -> str:
    """``Marked vp spots (hex side)`` -> ``vp_spots``; ``fortress intersections (...)`` ->
    ``fortress_intersections``."""
    words = (
        re.sub(r"\(.*?\)", "", head.split(",")[0]).lower().replace("marked ", "").replace("-", "_")
    )
    return "_".join(words.split())


def read_maps(text: str) -> list[dict[str, Any]]:
    """Every ``#### SF-MAP-…`` section of the checklist as a layout."""
    layouts = []
    sections = re.split(r"^#### SF-MAP-", text, flags=re.MULTILINE)[1:]
    for section in sections:
        header, body = section.split("\n", 1)
        map_id, _, title = header.partition(" — ")
        grid_text = body.split("```")[1]
        grid = [line for line in grid_text.splitlines() if line.strip()]
        after = body.split("```")[2].split("\n## ")[0]
        bullets = [line[2:].strip() for line in after.splitlines() if line.startswith("* ")]
        layouts.append(parse_map(map_id.strip(), f"Seafarers: {title.strip()}", grid, bullets))
    return layouts


def main(argv: list[str]) -> None:
    text = Path(argv[1]).read_text(encoding="utf-8")
    LAYOUT_DIR.mkdir(exist_ok=True)
    for layout in read_maps(text):
        path = LAYOUT_DIR / f"{layout['name']}.json"
        path.write_text(json.dumps(layout, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        terrains = Counter(t for t in layout["terrains"] if t != "sea")
        print(f"{path.name}: {len(layout['hexes'])} hexes, land {sum(terrains.values())}")


if __name__ == "__main__":
    main(sys.argv)

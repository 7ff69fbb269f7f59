"""Places in a principality in words: every place the narration names in random games is found
again on the picture of the position it was told at, by reading the words against the drawn
cards' positions (left to right, above and below), not against the engine's columns."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from games.cardgame import narrate, picture
from games.cardgame.cards import CARDS
from tests.games.svg import SVG, by_class, parse
from tests.games.test_narration import NAMES

BUILDING = (
    r"the (?:(?P<{p}end>leftmost|rightmost|middle) |(?P<{p}nth>second|third|fourth|fifth) )?"
    r"(?P<{p}kind>settlement|city)(?: from the (?P<{p}from>left|right))?"
)
SLOT = re.compile(r"(?P<outer>in the outer slot )?(?P<side>above|below) " + BUILDING.format(p=""))
CORNER = re.compile(r"in the (?P<side>top|bottom) (?P<end>left|right) corner")
BETWEEN = re.compile(
    r"(?P<side>above|below) the road between "
    + BUILDING.format(p="a_")
    + " and "
    + BUILDING.format(p="b_")
)
CENTRE_BUILD = re.compile(
    r"builds a (?P<built>road|settlement) at the (?P<row_end>left|right) end\.|"
    r"builds a city on " + BUILDING.format(p="")
)
NTH = {"second": 2, "third": 3, "fourth": 4, "fifth": 5}


@dataclass
class Cell:
    col: int
    row: int
    x: float
    y: float
    card: str


class Drawn:
    """One seat's principality as the picture draws it: its cards and where they stand."""

    def __init__(self, state: Any, seat: int) -> None:
        root = parse(picture.draw(picture.public_view(state)))
        self.cells: dict[str, list[Cell]] = {}
        for kind in ("centre", "region", "expansion"):
            self.cells[kind] = []
            for group in by_class(root, kind):
                if group.get("data-seat") != str(seat):
                    continue
                rect = group.find(f"{SVG}rect")
                self.cells[kind].append(
                    Cell(
                        int(group.get("data-col")),
                        int(group.get("data-row", 0)),
                        float(rect.get("x")),
                        float(rect.get("y")),
                        group.get("data-card") or group.get("data-resource") or "",
                    )
                )
        self.centre_y = self.cells["centre"][0].y

    def building(
        self, words: dict[str, str | None], prefix: str = "", was: int | None = None
    ) -> int:
        """The column of the building the words name, counting the drawn buildings of its kind
        left to right; ``was``: the column of a city just built, counted as the settlement that
        stood there."""
        kind = words[f"{prefix}kind"]
        alike = sorted(
            (c for c in self.cells["centre"] if (c.card, "settlement")[c.col == was] == kind),
            key=lambda c: c.x,
        )
        end, nth, side = words[f"{prefix}end"], words[f"{prefix}nth"], words[f"{prefix}from"]
        if end == "leftmost":
            chosen = alike[0]
        elif end == "rightmost":
            chosen = alike[-1]
        elif end == "middle":
            assert len(alike) % 2 == 1 and len(alike) >= 3
            chosen = alike[len(alike) // 2]
        elif nth is not None:
            index = NTH[nth] - 1
            chosen = alike[index] if side == "left" else alike[-1 - index]
            assert index < len(alike) - 1 - index, "counted from the nearer end"
        else:
            assert len(alike) == 1, "a bare 'the city' is the only one"
            chosen = alike[0]
        assert len(alike) >= 2 or end is None, "one of its kind needs no place in the row"
        return chosen.col

    def slot(self, words: dict[str, str | None]) -> tuple[int, int]:
        sign = 1 if words["side"] == "above" else -1
        return self.building(words), sign * (2 if words["outer"] else 1)

    def corner(self, words: dict[str, str | None]) -> tuple[int, int]:
        top = words["side"] == "top"
        regions = [r for r in self.cells["region"] if (r.y < self.centre_y) == top]
        everything = [c for cells in self.cells.values() for c in cells]
        outermost = min if words["end"] == "left" else max
        region = outermost(regions, key=lambda r: r.x)
        assert region.x == outermost(c.x for c in everything), "the corner of the whole row"
        return region.col, region.row


def read_back(event: dict[str, Any], line: str, drawn: Drawn) -> None:
    """Find the place ``line`` names on the picture and check it is the event's."""
    kind = event["type"]
    if kind == "build" and "row" not in event:
        match = CENTRE_BUILD.search(line)
        assert match, line
        built = CARDS[event["card"]].kind
        if built == "city":
            assert drawn.building(match.groupdict(), was=event["col"]) == event["col"], line
            return
        end = min if match["row_end"] == "left" else max
        cell = end(drawn.cells["centre"], key=lambda c: c.x)
        assert (cell.col, cell.card, match["built"]) == (event["col"], built, built), line
        return
    if kind == "region":
        match = CORNER.search(line) or BETWEEN.search(line)
        assert match, line
        if "corner" in match[0]:
            assert drawn.corner(match.groupdict()) == (event["col"], event["side"]), line
        else:
            left, right = (drawn.building(match.groupdict(), p) for p in ("a_", "b_"))
            assert left + 1 == event["col"] == right - 1, line
        card = CARDS[event["card"]]
        assert f" lays {card.resource} {card.number} " in line  # as the region is labelled
        return
    match = SLOT.search(line)
    assert match, line
    position = (event["col"], event["row"])
    assert drawn.slot(match.groupdict()) == position, line
    there = {(c.col, c.row): c.card for c in drawn.cells["expansion"]}
    if kind == "build":
        assert there[position] == CARDS[event["card"]].type, line
    else:  # expelled, destroyed, a riot or a backfire: the card went back to the hand
        assert position not in there, line


def test_every_place_told_in_random_games_is_found_on_the_picture() -> None:
    from games.registry import GAMES
    from tests.games.random_game import play_random

    lines_told: set[str] = set()
    for seed in range(16):
        _, actions = play_random("cardgame", 2, seed)
        state = GAMES["cardgame"].new_game(num_players=2, seed=seed, options={})
        for action in actions:
            seen = len(state.events)
            state.apply(action)
            fresh = state.events[seen:]
            placed = [e for e in fresh if "col" in e]
            if not placed:
                continue
            lines = narrate.tell(placed, NAMES, state)
            for event, line in zip(placed, lines, strict=True):
                assert not re.search(r"\b(column|row|side) -?\d", line), line
                read_back(event, line, Drawn(state, event["seat"]))
                lines_told.add(line)
    # Random games reach every kind of place: both ends, cities on settlements, outer slots,
    # corners, and buildings counted from either end.
    joined = " | ".join(lines_told)
    for expected in (
        "at the left end",
        "at the right end",
        "city on",
        "outer slot above",
        "outer slot below",
        "top left corner",
        "bottom right corner",
        "from the left",
        "from the right",
        "middle",
        "is expelled",
        "is destroyed",
        "backfires",
        "riot",
    ):
        assert expected in joined, expected


def test_place_words_against_a_drawn_principality() -> None:
    """A hand-made row: city, settlement, city, settlement, settlement and a road just built."""
    centre = [[-4, "city"], [-3, "road"], [-2, "settlement"], [-1, "road"], [0, "city"]]
    centre += [[1, "road"], [2, "settlement"], [3, "road"], [4, "settlement"], [5, "road"]]
    position = Principality(centre)

    def say(event: dict[str, Any]) -> str | None:
        return narrate.describe({"seat": 0, "visible_to": "all", **event}, NAMES, position)

    assert say({"type": "build", "card": "abbey#1", "col": 2, "row": 1}) == (
        "Ann builds abbey above the middle settlement."
    )
    assert say({"type": "build", "card": "town_hall#1", "col": 0, "row": -2}) == (
        "Ann builds town hall in the outer slot below the rightmost city."
    )
    assert say({"type": "riot", "card": "knight_otto", "col": -4, "row": 1}) == (
        "A riot takes Ann's knight otto above the leftmost city."
    )
    # A city is built on what was there: then the second of four settlements from the left.
    assert say({"type": "build", "card": "city#2", "col": 0}) == (
        "Ann builds a city on the second settlement from the left."
    )
    assert say({"type": "build", "card": "road#2", "col": 5}) == (
        "Ann builds a road at the right end."
    )
    assert say({"type": "region", "card": "region_ore_4", "col": -5, "side": -1}) == (
        "Ann lays ore 4 in the bottom left corner."
    )
    assert say({"type": "region", "card": "region_ore_4", "col": -1, "side": 1}) == (
        "Ann lays ore 4 above the road between the leftmost settlement and the rightmost city."
    )
    # Told without a position, places keep their columns and rows rather than guess.
    assert narrate.describe(
        {"type": "destroyed", "seat": 1, "card": "foundry", "col": 0, "row": -1}, NAMES
    ) == ("Ben's foundry at column 0, row -1 is destroyed.")


class Principality:
    """A stand-in position whose seats both have the given centre row."""

    def __init__(self, centre: list[list[Any]]) -> None:
        self.centre = centre

    def observation(self, seat: int) -> dict[str, Any]:
        return {"you": {"centre": self.centre}, "opponent": {"centre": self.centre}}

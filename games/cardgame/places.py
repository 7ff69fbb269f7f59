"""Places in a principality in words a spectator finds on the picture, instead of columns and rows.

The picture (``picture.py``) draws each principality as one row, left to right: the buildings
(settlements and cities, drawn alike with a heavy outline) with roads between them, regions
above and below the roads and past the buildings at both ends, and expansion cards in the slots
right above and below a building (a city has a second, outer slot on each side). Both seats are
drawn the same way up: rows +1/+2 above the centre row, -1/-2 below (``domain.py``). So:

* a building is named by its place among the buildings of its kind, counted from the nearer
  end ("the leftmost settlement", "the second city from the right", "the middle settlement",
  "the city" when there is one): the picture labels each card "settlement" or "city";
* a road or settlement just built by the end of the row it extends ("the left end");
* a slot by its building ("above the city", "in the outer slot below the leftmost city");
* a region past the last building by its corner ("in the top right corner"), one between two
  buildings by the road it lies over ("above the road between the city and the rightmost
  settlement").

The words come from the position's public principalities, what the picture draws.
"""

from __future__ import annotations

from functools import cached_property

from games.common.api import State

BUILDINGS = ("settlement", "city")
ORDINALS = {2: "second", 3: "third", 4: "fourth", 5: "fifth"}
SIDES = {1: ("above", "top"), -1: ("below", "bottom")}
"""A row's sign: the word for a slot on that side, and for a corner region."""


class Principalities:
    """Both principalities of one position, in words; read from the position when needed."""

    def __init__(self, position: State) -> None:
        self.position = position

    @cached_property
    def centres(self) -> list[dict[int, str]]:
        """Per seat, the centre row: column → ``road``, ``settlement`` or ``city``."""
        observation = self.position.observation(0)
        domains = (observation["you"], observation["opponent"])
        return [{col: kind for col, kind in domain["centre"]} for domain in domains]

    def building(self, seat: int, col: int, kind: str | None = None) -> str:
        """The building at ``col``, by its place among those of its kind; ``kind`` counts it as
        what stood there before (a city just built was a settlement)."""
        centre = dict(self.centres[seat])
        if kind is not None:
            centre[col] = kind
        alike = [c for c in sorted(centre) if centre[c] == centre[col]]
        return counted(centre[col], alike.index(col), len(alike))

    def end(self, seat: int, col: int) -> str:
        """``the left end`` or ``the right end``: where a new road or settlement extends the row."""
        return "the left end" if col == min(self.centres[seat]) else "the right end"

    def slot(self, seat: int, col: int, row: int) -> str:
        """``above the leftmost settlement``; a city's outer slots ``in the outer slot above …``."""
        side = SIDES[1 if row > 0 else -1][0]
        where = f"{side} {self.building(seat, col)}"
        return f"in the outer slot {where}" if abs(row) == 2 else where

    def region(self, seat: int, col: int, side: int) -> str:
        """``in the top right corner`` past the last building, else ``above the road between …``."""
        centre = self.centres[seat]
        left, right = (centre.get(c) in BUILDINGS for c in (col - 1, col + 1))
        side_word, corner_word = SIDES[side]
        if not (left and right):
            return f"in the {corner_word} {'right' if left else 'left'} corner"
        return (
            f"{side_word} the road between {self.building(seat, col - 1)} "
            f"and {self.building(seat, col + 1)}"
        )


def counted(kind: str, index: int, count: int) -> str:
    """The ``index``-th from the left of ``count`` buildings of ``kind``, named from the nearer
    end: ``the leftmost settlement``, ``the middle city``, ``the second settlement from the right``;
    ``the city`` when it is the only one."""
    from_right = count - 1 - index
    if count == 1:
        return f"the {kind}"
    if index == 0:
        return f"the leftmost {kind}"
    if from_right == 0:
        return f"the rightmost {kind}"
    if index == from_right:
        return f"the middle {kind}"
    distance, end = (index, "left") if index < from_right else (from_right, "right")
    return f"the {ORDINALS.get(distance + 1, f'{distance + 1}th')} {kind} from the {end}"

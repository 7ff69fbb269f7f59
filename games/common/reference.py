"""A game's components as tables people read: what a rules page shows, built from engine data.

Each game has a ``games/<game>/reference.py`` with ``components() -> list[Section]`` reading the
engine's own data files and constants, so the page can never disagree with what the engine plays.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Section:
    """One table: a title, column headings, rows of cells (text), and a note under it."""

    title: str
    columns: list[str]
    rows: list[list[str]]
    note: str = ""
    numeric: list[bool] = field(default_factory=list)
    """Which columns hold numbers (right-aligned); by default none."""

    def headings(self) -> list[tuple[str, bool]]:
        """Each column's heading with whether its column holds numbers."""
        return list(zip(self.columns, self._flags(), strict=True))

    def _flags(self) -> list[bool]:
        return (self.numeric + [False] * len(self.columns))[: len(self.columns)]

    def without_empty_columns(self, keep: int) -> Section:
        """The same table without the columns (after the first ``keep``) that are empty in
        every row: no column of blanks for a group of cards that has no such value."""
        wanted = [
            i for i in range(len(self.columns)) if i < keep or any(row[i] for row in self.rows)
        ]
        flags = self._flags()
        return Section(
            self.title,
            [self.columns[i] for i in wanted],
            [[row[i] for i in wanted] for row in self.rows],
            self.note,
            [flags[i] for i in wanted],
        )

    def cells(self) -> list[list[tuple[str, bool]]]:
        """Each row's cells with whether each holds a number."""
        return [list(zip(row, self._flags(), strict=True)) for row in self.rows]


def cost_text(cost: Mapping[str, int], order: tuple[str, ...]) -> str:
    """``{"brick": 1, "lumber": 1}`` as "1 lumber, 1 brick" in the game's resource order."""
    return ", ".join(f"{cost[name]} {name}" for name in order if cost.get(name)) or "—"


def options_section(defaults: Mapping[str, Any], described: str) -> Section:
    """The game's options with their defaults; ``described`` says where each is explained."""
    return Section(
        "Options and their defaults",
        ["option", "default"],
        [[name, _value(value)] for name, value in defaults.items()],
        note=described,
    )


def _value(value: Any) -> str:
    return (
        {True: "on", False: "off"}.get(value, str(value)) if isinstance(value, bool) else str(value)
    )

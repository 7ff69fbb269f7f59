"""The card game's components for its rules page, read from ``data/cards.json``."""

from __future__ import annotations

import json

from games.cardgame.cards import DATA_FILE
from games.cardgame.constants import DEFAULT_OPTIONS
from games.common.reference import Section, cost_text, options_section

RESOURCES = ("lumber", "brick", "wool", "grain", "ore", "gold")
GROUPS = (
    ("start_A", "Starting principality of player A"),
    ("start_B", "Starting principality of player B"),
    ("territory_road", "Roads"),
    ("territory_settlement", "Settlements"),
    ("territory_city", "Cities"),
    ("territory_region", "Regions"),
    ("development_green", "Development cards (green)"),
    ("development_green_knight", "Heroes (green development cards)"),
    ("development_red", "Buildings (red development cards)"),
    ("action_yellow", "Action cards (yellow)"),
    ("event_blue", "Event cards (blue)"),
)


def components() -> list[Section]:
    cards = json.loads(DATA_FILE.read_text(encoding="utf-8"))["cards"]
    total = sum(card["count"] for card in cards)
    sections = []
    for category, title in GROUPS:
        group = [card for card in cards if card["category"] == category]
        columns = ["card", "count", "cost", "VP", "strength", "tournament", "trade"]
        rows = [
            [
                card["name_en"],
                str(card["count"]),
                cost_text(card["cost"], RESOURCES),
                *(
                    str(card[key]) if card[key] else ""
                    for key in ("vp", "strength", "tournament", "trade")
                ),
            ]
            for card in group
        ]
        numeric = [False, True, False, True, True, True, True]
        if category == "territory_region":
            columns = ["card", "count", "produces", "die number"]
            rows = [
                [card["name_en"], str(card["count"]), card["resource"], str(card["number"])]
                for card in group
            ]
            numeric = [False, True, False, True]
        count = sum(card["count"] for card in group)
        title = f"{title} · {count} card{'s' if count != 1 else ''}"
        sections.append(Section(title, columns, rows, numeric=numeric).without_empty_columns(3))
    sections.insert(
        0,
        Section(
            "The deck",
            ["cards", "in all"],
            [["every card of the game", str(total)]],
            note="VP: victory points; strength: a hero's strength points; tournament: tournament "
            "points; trade: trade points. The engine reads the same file "
            "(games/cardgame/data/cards.json).",
            numeric=[False, True],
        ),
    )
    sections.append(
        options_section(DEFAULT_OPTIONS, "Each is explained in games/cardgame/constants.py.")
    )
    return sections

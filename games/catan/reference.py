"""The board game's components for its rules page, read from the engine's constants and data."""

from __future__ import annotations

import json
from pathlib import Path

from games.catan import constants as c
from games.catan.game import DEFAULT_OPTIONS
from games.common.reference import Section, cost_text, options_section

DATA = Path(__file__).with_name("data")


def _cost(cost: tuple[int, ...]) -> str:
    return cost_text(dict(zip(c.RESOURCES, cost, strict=True)), c.RESOURCES)


def components() -> list[Section]:
    deck = json.loads((DATA / "development_deck.json").read_text(encoding="utf-8"))["cards"]
    masters = json.loads((DATA / "masters.json").read_text(encoding="utf-8"))
    return [
        Section(
            "Building costs",
            ["build", "cost", "gives"],
            [
                ["Road", _cost(c.ROAD_COST), "Longest Road counts roads"],
                ["Settlement", _cost(c.SETTLEMENT_COST), "1 VP"],
                ["City (upgrades a settlement)", _cost(c.CITY_COST), "2 VP"],
                ["Development card", _cost(c.DEV_COST), "drawn from the deck"],
            ],
        ),
        Section(
            "Pieces of each player",
            ["piece", "supply"],
            [
                ["Roads", str(c.MAX_ROADS)],
                ["Settlements", str(c.MAX_SETTLEMENTS)],
                ["Cities", str(c.MAX_CITIES)],
            ],
            numeric=[False, True],
        ),
        Section(
            "Resource cards",
            ["resource", "cards", "from terrain"],
            [
                [name, str(c.CARDS_PER_RESOURCE), terrain]
                for terrain, index in c.TERRAIN_RESOURCE.items()
                for name in [c.RESOURCES[index]]
            ],
            note=f"{c.CARDS_PER_RESOURCE * len(c.RESOURCES)} resource cards in the bank.",
            numeric=[False, True, False],
        ),
        Section(
            "Development cards",
            ["card", "count"],
            [[name.replace("_", " "), str(count)] for name, count in deck.items()],
            note=f"{sum(deck.values())} cards, shuffled face down.",
            numeric=[False, True],
        ),
        Section(
            "Terrain hexes",
            ["terrain", "hexes"],
            [[terrain, str(count)] for terrain, count in c.TERRAIN_COUNTS.items()],
            note="Number tokens in letter order A–R: "
            + ", ".join(map(str, c.NUMBER_TOKENS_SPIRAL))
            + ". The beginner board is games/catan/data/layouts/base_beginner.json; a random "
            "board is drawn from the match seed.",
            numeric=[False, True],
        ),
        Section(
            "Special cards",
            ["card", "needs", "gives"],
            [
                ["Longest Road", f"a road of at least {c.LONGEST_ROAD_MIN}", "2 VP"],
                ["Largest Army", f"at least {c.LARGEST_ARMY_MIN} knights played", "2 VP"],
            ],
            note=f"A 7 makes every player holding more than {c.DISCARD_LIMIT} cards discard half.",
        ),
        Section(
            "Masters (option masters)",
            ["master", "starts in"],
            [[masters["names_en"][key], "the stack"] for key in masters["stack"]]
            + [[masters["names_en"][key], "the reserve"] for key in masters["reserve"]],
            note="The stack is dealt top to bottom in this order.",
        ),
        options_section(DEFAULT_OPTIONS, "Each is explained in games/catan/game.py."),
    ]

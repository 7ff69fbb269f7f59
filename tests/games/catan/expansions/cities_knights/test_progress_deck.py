"""The progress deck's data against the rules file, and every card's effect wired by name.

Rules: CK-CO-02 (54 cards, 18 per colour), CK-PC-S01..T06 (each card's count), CK-PC-04.
"""

from __future__ import annotations

import re

import pytest

from games.catan.expansions.cities_knights.data import PROGRESS_CARDS, PROGRESS_DECKS, VP_CARDS
from games.catan.expansions.cities_knights.progress import effect_module, slug
from tests.tools.rules_coverage import EXPANSION_DIR

RULES = EXPANSION_DIR / "cities-and-knights.md"
ROW = re.compile(r"^\| (CK-PC-[SPT]\d\d) \| ([^|]+?) \| (\d+) \|")


def rules_table() -> dict[str, tuple[str, int]]:
    """Card name -> (rule ID, count) from the tables of §11 of the rules file."""
    found = {}
    for line in RULES.read_text(encoding="utf-8").splitlines():
        match = ROW.match(line)
        if match:
            found[match.group(2)] = (match.group(1), int(match.group(3)))
    return found


def test_ck_co_02_fifty_four_cards_eighteen_per_colour() -> None:
    assert sum(len(deck) for deck in PROGRESS_DECKS.values()) == 54
    assert {track: len(deck) for track, deck in PROGRESS_DECKS.items()} == {
        "trade": 18,
        "politics": 18,
        "science": 18,
    }


@pytest.mark.skipif(not RULES.exists(), reason="the shared rules file is not beside the checkout")
def test_ck_pc_each_card_count_and_rule_as_in_the_rules_file() -> None:
    table = rules_table()
    assert len(table) == 25
    data = {name: (card["rule"], card["count"]) for name, card in PROGRESS_CARDS.items()}
    assert data == table
    colour = {"S": "science", "P": "politics", "T": "trade"}
    for name, card in PROGRESS_CARDS.items():
        assert card["track"] == colour[card["rule"][6]], name


def test_ck_pc_04_every_card_but_the_vp_cards_has_an_effect_found_by_name() -> None:
    """Dispatch by name from data: each playable card has its pair of functions in the module
    of its colour, and nothing else is defined there under a card's name."""
    assert {"Printer", "Constitution"} == VP_CARDS
    for name in PROGRESS_CARDS:
        module = effect_module(name)
        has = hasattr(module, f"play_{slug(name)}"), hasattr(module, f"playable_{slug(name)}")
        assert has == ((False, False) if name in VP_CARDS else (True, True)), name

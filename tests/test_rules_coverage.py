"""Every rule of the checklist has a test that names it, and the coverage document is current."""

from __future__ import annotations

import pytest

from games.registry import GAMES
from tests.tools import rules_coverage as rc

PREFIX_GAME = {"CG": "cardgame", "BG": "catan", "MA": "catan"}


@pytest.fixture(scope="module")
def rule_ids() -> list[str]:
    if not rc.CHECKLIST.exists():
        pytest.skip(f"the rules checklist is not beside the project ({rc.CHECKLIST})")
    return rc.checklist_rule_ids(rc.CHECKLIST.read_text())


def test_the_checklist_defines_the_known_rule_families(rule_ids: list[str]) -> None:
    prefixes = {rule.split("-", 1)[0] for rule in rule_ids}
    assert prefixes == {"CG", "BG", "MA"}
    assert len(rule_ids) > 300


@pytest.mark.parametrize("prefix", ["CG", "BG", "MA"])
def test_every_rule_of_a_registered_game_has_a_test(rule_ids: list[str], prefix: str) -> None:
    if PREFIX_GAME[prefix] not in GAMES:
        pytest.skip(f"game {PREFIX_GAME[prefix]!r} is not registered yet")
    table = rc.coverage([rule for rule in rule_ids if rule.startswith(prefix + "-")])
    assert [rule for rule, tests in table.items() if not tests] == []


def test_the_coverage_document_is_up_to_date(rule_ids: list[str]) -> None:
    expected = rc.render(rc.coverage(rule_ids))
    actual = rc.DOCUMENT.read_text() if rc.DOCUMENT.exists() else ""
    assert actual == expected, "run: python -m tests.tools.rules_coverage"

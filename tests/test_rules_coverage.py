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


@pytest.fixture(scope="module")
def expansion_ids(rule_ids: list[str]) -> list[str]:
    return rc.expansion_rule_ids()


def test_every_playable_rule_of_an_expansion_has_a_test(expansion_ids: list[str]) -> None:
    """An expansion's rules count once its plug-in is registered; a combination's once both
    partners are (until then the document lists them as not playable yet)."""
    table = rc.coverage([rule for rule in expansion_ids if rc.playable(rule)])
    assert [rule for rule, tests in table.items() if not tests] == []


def test_expansion_checklists_are_read_with_their_combination_lines(
    expansion_ids: list[str],
) -> None:
    c2 = [rule for rule in expansion_ids if rule.startswith("C2-")]
    assert "C2-CO-01" in c2 and "C2-VP-01" in c2 and "C2-CK-02" in c2
    assert not any(rule.startswith("A-") for rule in expansion_ids)
    assert not rc.playable("C2-CK-01")  # Cities & Knights is not built


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


def test_every_rule_has_a_test_that_drives_the_engine(
    rule_ids: list[str], expansion_ids: list[str]
) -> None:
    """A test that only reads the card file or a table cannot fail when the engine breaks the
    rule; only the rules listed as data facts may rest on such tests."""
    playable = [rule for rule in expansion_ids if rc.playable(rule)]
    table = rc.coverage(rule_ids + playable)
    data_only = rc.data_only(table, rc.engine_tests())
    assert sorted(set(data_only) - rc.DATA_RULES.keys()) == []


def test_the_data_rules_list_holds_only_rules_that_need_it(rule_ids: list[str]) -> None:
    """An entry of DATA_RULES is a checklist rule and has no engine test yet (else it goes)."""
    table = rc.coverage(rule_ids)
    data_only = set(rc.data_only(table, rc.engine_tests()))
    assert sorted(set(rc.DATA_RULES) - set(rule_ids)) == []
    assert sorted(set(rc.DATA_RULES) - data_only) == []


def test_engine_tests_tell_a_played_rule_from_a_data_lookup(tmp_path) -> None:
    """The detector itself: a test calling ``apply`` (even through a local helper) drives the
    engine; one that reads a table does not."""
    (tmp_path / "helpers.py").write_text("def position():\n    return None\n")
    (tmp_path / "test_x.py").write_text(
        "def _play(state):\n    state.apply({})\n\n"
        "def test_a():\n    _play(None)\n\n"
        "def test_b():\n    position()\n\n"
        "def test_c():\n    assert CARDS['x'].cost == {}\n"
    )
    found = {node.rsplit("::", 1)[1] for node in rc.engine_tests(tmp_path, root=tmp_path)}
    assert found == {"test_a", "test_b"}


def test_a_test_marked_xfail_or_skip_cites_no_rule(tmp_path) -> None:
    """A defect's test waiting for its fix (xfail, by itself, its class or its module) or an
    unconditionally skipped one checks nothing yet, so it must not count as the rule's test;
    a skipif test may run, so it counts."""
    (tmp_path / "test_marked.py").write_text(
        "import pytest\n\n"
        "def test_bg_x_01_runs():\n    pass\n\n"
        "@pytest.mark.xfail(strict=True, reason='the fix is later')\n"
        "def test_bg_x_02_waits():\n    pass\n\n"
        "@pytest.mark.skip\n"
        "def test_bg_x_03_skipped():\n    pass\n\n"
        "@pytest.mark.skipif(False, reason='runs here')\n"
        "def test_bg_x_04_may_run():\n    pass\n\n"
        "@pytest.mark.xfail\n"
        "class TestLater:\n    def test_bg_x_05(self):\n        pass\n"
    )
    (tmp_path / "test_module_mark.py").write_text(
        "import pytest\n\npytestmark = [pytest.mark.xfail(reason='later')]\n\n"
        "def test_bg_x_06():\n    pass\n"
    )
    ids = [f"BG-X-0{n}" for n in range(1, 7)]
    cited = {rule for rule, tests in rc.coverage(ids, tmp_path, root=tmp_path).items() if tests}
    assert cited == {"BG-X-01", "BG-X-04"}


def test_regeneration_keeps_the_hand_written_end() -> None:
    document = "# Rules coverage\n\n" + rc.HAND_WRITTEN + "\n## Mutation testing\n"
    assert rc.hand_written(document) == "\n" + rc.HAND_WRITTEN + "\n## Mutation testing\n"
    assert rc.hand_written("# Rules coverage\n") == ""


def test_the_coverage_document_is_up_to_date(rule_ids: list[str], expansion_ids: list[str]) -> None:
    actual = rc.DOCUMENT.read_text() if rc.DOCUMENT.exists() else ""
    expected = rc.render(rc.coverage(rule_ids + expansion_ids)) + rc.hand_written(actual)
    assert actual == expected, "run: python -m tests.tools.rules_coverage"

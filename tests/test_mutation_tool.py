"""bench/mutation.py keeps mutmut's verdicts across sessions: saved per module, put back into
``mutants/`` only for the source and configuration they judged, and counted by ``report``."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from bench import mutation as mt

MODULE = "games.cardgame.game"  # its CardGame.__init__ runs at import time (a column of its own)
PYPROJECT = """
[project]
name = "x"
[tool.mutmut]
source_paths = ["games"]
pytest_add_cli_args_test_selection = ["tests/games/cardgame"]
"""


def name(function: str, n: int) -> str:
    return f"{MODULE}.{function}__mutmut_{n}"


def meta(codes: dict[str, int | None]) -> dict:
    """A mutmut 3.8.1 ``.meta`` file's content (the keys its loader insists on)."""
    return {
        "exit_code_by_key": codes,
        "hash_by_function_name": {"x_load": "aa", "xǁCardGameǁ__init__": "bb"},
        "type_check_error_by_key": {},
        "durations_by_key": {},
        "estimated_durations_by_key": {},
    }


CODES = {
    name("x_load", 1): 1,  # killed
    name("x_load", 2): 0,  # survived
    name("x_load", 3): None,  # not judged yet
    name("x_load", 4): 33,  # no test reaches it
    name("x_load", 5): 36,  # timeout
    name("xǁCardGameǁ__init__", 1): 0,  # survived, but out of mutmut's reach
}


@pytest.fixture
def places(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """mutants/ and docs/mutation/ in a temporary directory; the sources stay the project's."""
    monkeypatch.setattr(mt, "MUTANTS", tmp_path / "mutants")
    monkeypatch.setattr(mt, "SAVED", tmp_path / "saved")
    monkeypatch.setattr(mt, "_mutmut_show", lambda mutant: f"--- a\n+++ b\n-{mutant}\n")
    return tmp_path


def saved_record(codes: dict[str, int | None], source_sha: str | None = None) -> dict:
    return mt.record_of(
        MODULE,
        meta(codes),
        source_sha or mt.source_hash(MODULE),
        mt.config_fingerprint(),
        "abc1234",
        "2026-11-27 00:00 UTC",
        {},
    )


def write_saved(places: Path, record: dict) -> None:
    (places / "saved").mkdir(exist_ok=True)
    (places / "saved" / f"{MODULE}.json").write_text(json.dumps(record))


def write_meta(places: Path, codes: dict[str, int | None]) -> Path:
    path = places / "mutants" / "games" / "cardgame" / "game.py.meta"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(meta(codes)))
    return path


def test_the_fingerprint_follows_mutmuts_version_and_its_table_only() -> None:
    base = mt.config_fingerprint(PYPROJECT, "3.8.1")
    assert mt.config_fingerprint(PYPROJECT, "3.8.2") != base
    narrower = PYPROJECT.replace('"tests/games/cardgame"', '"tests/games/cardgame/test_x.py"')
    assert mt.config_fingerprint(narrower, "3.8.1") != base
    assert mt.config_fingerprint(PYPROJECT.replace('name = "x"', 'name = "y"'), "3.8.1") == base


def test_the_source_hash_follows_the_modules_text(tmp_path: Path) -> None:
    path = tmp_path / "games" / "cardgame" / "game.py"
    path.parent.mkdir(parents=True)
    path.write_text("def f():\n    return 1\n")
    before = mt.source_hash(MODULE, root=tmp_path)
    path.write_text("def f():\n    return 2\n")
    assert mt.source_hash(MODULE, root=tmp_path) != before


def test_saved_verdicts_are_stale_when_the_source_or_the_configuration_changed() -> None:
    record = mt.record_of(MODULE, meta(CODES), "s1", "c1", "abc1234", "d", {})
    assert mt.stale(record, "s1", "c1") is None
    assert "source changed since abc1234" in mt.stale(record, "s2", "c1")
    assert "[tool.mutmut]" in mt.stale(record, "s1", "c2")


def test_a_verdict_already_in_mutants_wins_and_an_unjudged_one_takes_the_saved_one() -> None:
    record = mt.record_of(MODULE, meta(CODES), "s", "c", "abc1234", "d", {})
    live = meta({name("x_load", 1): 0, name("x_load", 2): None, name("x_load", 6): None})
    merged = mt.merged_meta(live, record)
    assert merged["exit_code_by_key"][name("x_load", 1)] == 0  # judged again since: stays
    assert merged["exit_code_by_key"][name("x_load", 2)] == 0  # saved verdict fills the gap
    assert merged["exit_code_by_key"][name("x_load", 6)] is None  # mutmut's new one kept
    assert merged["exit_code_by_key"][name("x_load", 3)] is None
    assert merged["hash_by_function_name"] == record["hash_by_function_name"]
    assert set(merged) == set(meta({}))  # mutmut's loader refuses any other key


def test_only_mutants_without_a_verdict_are_named_to_mutmut() -> None:
    drawn = [*CODES, f"{MODULE}.*"]
    assert mt.unjudged(drawn, CODES) == [name("x_load", 3), f"{MODULE}.*"]


def test_restore_writes_mutmuts_meta_and_run_would_skip_the_judged(places: Path) -> None:
    write_saved(places, saved_record(CODES))
    message = mt.restore(MODULE)
    assert "5 of 6 verdicts restored from abc1234" in message
    restored = json.loads((places / "mutants/games/cardgame/game.py.meta").read_text())
    assert restored["exit_code_by_key"] == CODES
    assert mt.unjudged(mt.choose([MODULE], None, 1), mt.verdicts(MODULE)) == [name("x_load", 3)]


def test_a_module_whose_functions_all_changed_runs_every_mutant_again(places: Path) -> None:
    write_saved(places, saved_record(CODES, source_sha="0" * 64))  # hashes "aa", "bb": none match
    message = mt.restore(MODULE)
    assert "source changed since abc1234: 0 of" in message
    now = mt.verdicts(MODULE)
    assert now and set(now.values()) == {None}
    assert not set(now) & set(CODES) - {name("xǁCardGameǁ__init__", 1)}  # x_load is not real
    assert mt.unjudged(mt.choose([MODULE], None, 1), now) == sorted(now)


def test_a_changed_module_keeps_the_verdicts_of_its_unchanged_functions(places: Path) -> None:
    """Only the functions whose text changed are judged again (as mutmut itself does); a stale
    verdict left in mutants/ by the old source is not trusted either way."""
    real = mt.carried_over(MODULE, saved_record({}))["hash_by_function_name"]
    kept, changed = sorted(real)[:2]
    record = saved_record({}, source_sha="0" * 64)
    record["hash_by_function_name"] = {kept: real[kept], changed: "not its hash"}
    record["verdicts"] = {f"{MODULE}.{kept}__mutmut_1": 1, f"{MODULE}.{changed}__mutmut_1": 1}
    write_saved(places, record)
    write_meta(places, {f"{MODULE}.{changed}__mutmut_1": 0})
    (places / "mutants/games/cardgame/game.py").write_text("# made from the old source\n")
    assert "1 of" in mt.restore(MODULE)
    assert not (places / "mutants/games/cardgame/game.py").exists()  # mutmut makes it again
    now = mt.verdicts(MODULE)
    assert now[f"{MODULE}.{kept}__mutmut_1"] == 1
    assert now[f"{MODULE}.{changed}__mutmut_1"] is None
    assert f"{MODULE}.{kept}__mutmut_1" not in mt.unjudged(mt.choose([MODULE], None, 1), now)
    written = json.loads((places / "mutants/games/cardgame/game.py.meta").read_text())
    assert written["hash_by_function_name"] == real  # mutmut will find nothing changed


def test_a_changed_configuration_starts_the_module_over(places: Path) -> None:
    record = saved_record(CODES)
    record["config_sha256"] = "0" * 64
    write_saved(places, record)
    write_meta(places, CODES)
    assert "starts over" in mt.restore(MODULE)
    assert mt.verdicts(MODULE) == {}
    drawn = mt.choose([MODULE], None, 1)  # every mutant by name, as mutmut will make them
    assert drawn == mt.mutant_names(MODULE) and drawn and all("__mutmut_" in n for n in drawn)


def test_save_then_report_without_mutants(places: Path) -> None:
    meta_path = write_meta(places, CODES)
    assert "saved 5 of 6 verdicts" in mt.save(MODULE)
    record = json.loads((places / "saved" / f"{MODULE}.json").read_text())
    assert record["verdicts"] == CODES
    assert record["source_sha256"] == mt.source_hash(MODULE)
    assert list(record["survivor_diffs"]) == [name("x_load", 2)]  # import-time one left out
    meta_path.unlink()  # a fresh checkout: only the saved file is left
    table = mt.report([MODULE], show_survivors=True)
    # mutants, judged, killed, timeout, survived, no tests, equivalent, import-time, score and
    # score without the equivalent ones: 2 of 4 caught
    assert f"| {MODULE} | 6 | 4 | 1 | 1 | 1 | 1 | 0 | 1 | 50.0% | 50.0% |" in table
    assert "saved verdicts of 2026" in table
    assert "- `x_load__mutmut_2`" in table and f"-{name('x_load', 2)}" in table
    assert "xǁCardGameǁ__init__" not in table.split("Survivors", 1)[1]


def test_report_says_when_saved_verdicts_are_not_used(places: Path) -> None:
    record = saved_record(CODES)
    record["config_sha256"] = "0" * 64
    write_saved(places, record)
    table = mt.report([MODULE], show_survivors=False)
    assert f"| {MODULE} | 0 | 0 |" in table
    assert "saved verdicts not used, mutmut's version or [tool.mutmut] changed" in table


def test_report_counts_a_changed_modules_mutants_as_mutmut_would_make_them(places: Path) -> None:
    write_saved(places, saved_record(CODES, source_sha="0" * 64))  # no function hash matches
    table = mt.report([MODULE], show_survivors=False)
    mutants = len(mt.carried_over(MODULE, saved_record({}))["exit_code_by_key"])
    assert f"| {MODULE} | {mutants} | 0 |" in table
    assert "source changed since abc1234; verdicts of its unchanged functions carried" in table


def test_rerun_names_the_survivors_and_the_mutants_no_test_reached(places: Path) -> None:
    """After new tests, a mutant no test reached may be killed too: ``rerun`` names it."""
    write_meta(places, CODES)
    assert mt.survivors([MODULE]) == [name("x_load", 2)]
    assert sorted(mt.not_killed([MODULE])) == [name("x_load", 2), name("x_load", 4)]


def test_rerun_and_unjudged_names_the_rest_too_in_one_run(
    places: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_meta(places, CODES)
    called: list[list[str]] = []
    monkeypatch.setattr(mt.subprocess, "call", lambda command, cwd: called.append(command) or 0)
    monkeypatch.setattr(mt, "save", lambda module: f"{module}: saved")
    assert mt.run([MODULE], None, 0, again=True, rest=True) == 0
    named = called[0][called[0].index("1") + 1 :]  # after --max-children 1
    assert sorted(named) == [name("x_load", n) for n in (2, 3, 4)]


def judge_equivalent(places: Path, function_hash: str, numbers: tuple[int, ...]) -> None:
    """``docs/mutation/equivalent.json`` saying mutants of ``x_load`` are equivalent, judged on
    the text whose mutmut hash is ``function_hash``."""
    (places / "saved").mkdir(exist_ok=True)
    judged = {"hash": function_hash, "judged": "a note", "mutants": {}}
    judged["mutants"] = {str(n): f"why {n}" for n in numbers}
    (places / "saved" / mt.EQUIVALENT).write_text(json.dumps({MODULE: {"x_load": judged}}))


def test_a_survivor_judged_equivalent_is_counted_apart_and_not_run_again(
    places: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(mt, "function_hashes", lambda module: {"x_load": "aa"})
    write_meta(places, CODES)
    judge_equivalent(places, "aa", (1, 2, 4))  # 1 was killed: its judgement changes nothing
    table = mt.report([MODULE], show_survivors=True)
    # the survivor (2) and the mutant no test reached (4) are equivalent: 2 of 4 caught, 2 of 2
    # of the others
    assert f"| {MODULE} | 6 | 4 | 1 | 1 | 0 | 0 | 2 | 1 | 50.0% | 100.0% |" in table
    assert "Survivors in" not in table
    assert "- `x_load__mutmut_2`: why 2" in table and "- `x_load__mutmut_4`: why 4" in table
    assert "x_load__mutmut_1`: why 1" not in table
    assert mt.survivors([MODULE]) == [] and mt.not_killed([MODULE]) == []


def test_a_judgement_made_on_an_older_text_of_the_function_no_longer_counts(
    places: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(mt, "function_hashes", lambda module: {"x_load": "changed"})
    write_meta(places, CODES)
    judge_equivalent(places, "aa", (2, 4))
    table = mt.report([MODULE], show_survivors=True)
    assert f"| {MODULE} | 6 | 4 | 1 | 1 | 1 | 1 | 0 | 1 | 50.0% | 50.0% |" in table
    assert "judged equivalent on an older text, judge again: `x_load`" in table
    assert sorted(mt.not_killed([MODULE])) == [name("x_load", 2), name("x_load", 4)]


def test_a_judgement_of_a_function_that_is_gone_is_dropped_without_a_note(
    places: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(mt, "function_hashes", lambda module: {"x_other": "aa"})
    write_meta(places, CODES)
    judge_equivalent(places, "aa", (2,))
    assert mt.equivalents(MODULE) == ({}, [])
    assert "judge again" not in mt.report([MODULE], show_survivors=False)


# --- The expansions suite ----------------------------------------------------------------------

SHIPS = "games.catan.expansions.seafarers.ships"


@pytest.fixture
def expansions(monkeypatch: pytest.MonkeyPatch) -> mt.Suite:
    """The expansions suite selected as ``--suite expansions`` does, the core's put back after."""
    for attribute in ("SUITE", "MUTANTS", "SAVED"):
        monkeypatch.setattr(mt, attribute, getattr(mt, attribute))
    return mt.select_suite("expansions")


def test_the_expansions_suite_has_its_own_table_mutants_and_saved_verdicts(
    expansions: mt.Suite,
) -> None:
    """Its verdicts cannot clash with the core's nor drop them: another directory, another
    fingerprint, and the core's fingerprint still pyproject.toml's [tool.mutmut]."""
    assert mt.SAVED == mt.ROOT / "docs" / "mutation" / "expansions"
    assert mt.MUTANTS == mt.ROOT / "var" / "mutation" / "expansions" / "mutants"
    assert mt._saved_path(SHIPS).parent == mt.SAVED
    core_table = mt.mutmut_table((mt.ROOT / "pyproject.toml").read_text())
    assert mt.mutmut_table() != core_table
    assert mt.mutmut_table()["only_mutate"] == [
        "games/catan/expansions/*",
        "games/catan/mechanics/*",
    ]
    expansions_fingerprint = mt.config_fingerprint()
    mt.select_suite("core")
    assert mt.config_fingerprint() != expansions_fingerprint
    assert mt.config_fingerprint() == mt.config_fingerprint(
        (mt.ROOT / "pyproject.toml").read_text()
    )


def test_rules_in_the_expansions_suite_are_the_modules_its_table_mutates(
    expansions: mt.Suite,
) -> None:
    modules = mt.expand(["rules"])
    assert SHIPS in modules
    assert "games.catan.expansions.cities_knights.progress.politics" in modules
    assert "games.catan.expansions.seafarers" in modules  # a package's __init__.py has rules too
    assert "games.catan.mechanics.gold" in modules
    assert not any(m.endswith((".words", ".pictures", ".picture", ".transcribe")) for m in modules)
    assert not set(modules) & set(mt.RULES_MODULES)
    assert mt.source_file("games.catan.expansions.seafarers") == Path(
        "games/catan/expansions/seafarers/__init__.py"
    )
    assert mt._meta_path("games.catan.expansions.seafarers") == (
        mt.MUTANTS / "games/catan/expansions/seafarers/__init__.py.meta"
    )


def test_the_work_directory_gets_the_project_with_the_suites_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    suite = mt.Suite("x", mt.SUITES["expansions"].table, tmp_path / "work", tmp_path / "saved")
    monkeypatch.setattr(mt, "SUITE", suite)
    mt.prepare_work()
    mt.prepare_work()  # again: the links are there already
    written = (suite.work / "pyproject.toml").read_text()
    parsed = tomllib.loads(written)
    assert parsed["tool"]["mutmut"] == mt.mutmut_table(suite.table.read_text())
    assert (
        parsed["tool"]["pytest"]
        == tomllib.loads((mt.ROOT / "pyproject.toml").read_text())["tool"]["pytest"]
    )  # the tests run as the project's do
    for name in ("games", "tests", "arena", "manage.py"):
        assert (suite.work / name).resolve() == mt.ROOT / name


def test_a_module_never_run_is_sampled_by_name_not_run_whole(
    expansions: mt.Suite, places: Path
) -> None:
    """Naming mutmut the module's pattern would run every mutant of it; the draw is the one
    ``report --sample`` makes later from mutmut's ``.meta``, which holds the same names."""
    drawn = mt.choose([SHIPS], 15, 28)
    assert len(drawn) == 15 and set(drawn) < set(mt.mutant_names(SHIPS))
    meta_path = places / "mutants" / mt.source_file(SHIPS)
    meta_path = meta_path.with_name(meta_path.name + ".meta")
    meta_path.parent.mkdir(parents=True)
    meta_path.write_text(json.dumps(meta(dict.fromkeys(mt.mutant_names(SHIPS)))))
    assert mt.choose([SHIPS], 15, 28) == drawn

"""Mutation testing of the engines' rules modules, one module (or a seeded sample) at a time.

The tool is mutmut (pinned in the dev extras; configured in ``pyproject.toml`` under
``[tool.mutmut]``). mutmut copies the code to ``mutants/``, records which tests reach which
function, and runs for each mutant only those tests, so a run costs the mutants times the rule
tests that reach them. This script chooses the mutants and prints the score per module:

    python bench/mutation.py run games.catan.robber            # every mutant of one module
    python bench/mutation.py run --sample 40 --seed 1 rules    # 40 chosen at random per module
    python bench/mutation.py rerun rules                       # survivors, "no tests" again
    python bench/mutation.py rerun --and-unjudged MODULE       # and the rest, in one mutmut run
    python bench/mutation.py report [--survivors] [MODULE ...] # score per module (markdown)

    python bench/mutation.py save [MODULE ...]                 # verdicts -> docs/mutation/*.json

``rules`` stands for every module of :data:`RULES_MODULES`. Runs are cumulative: a mutant keeps
its verdict in ``mutants/`` until its function changes. On the shared 2-core machine run it as
``nice -n 10`` (one worker process, ``--max-children 1``, which this script passes).

``mutants/`` is not committed, and a full run takes more CPU hours than one session has, so the
verdicts are also kept in ``docs/mutation/<module>.json`` (committed): ``run`` and ``rerun`` save
them after mutmut stops, ``save`` does it by hand (after an interrupted run: mutmut writes each
verdict as it gets it). Before running, ``run`` puts the saved verdicts back into ``mutants/`` as
mutmut's own ``.meta`` file when the module's source and the configuration (mutmut's version and
``[tool.mutmut]``) are those they were judged on, and names to mutmut only the mutants without
one (mutmut reruns every mutant it is named). When a module's source changed, the verdicts of
its functions whose text did not change still hold (mutmut names a mutant by its function and its
place in that function, and itself judges again only the functions whose hash changed): those
are carried over, and only the changed functions' mutants run. A change of the configuration
drops them all.

Which modules are rules modules: everything in ``games/cardgame`` and ``games/catan`` that
decides what is legal and what a move does, including observations (hidden information is a
rule) and option checks; not pictures, narration, places in words, serialisation, nor the
modules without functions to mutate (``constants``, ``actions``).

Two suites, each its own mutmut configuration (``--suite``, before the command):

    python bench/mutation.py --suite expansions run --sample 15 --seed 28 MODULE
    python bench/mutation.py --suite expansions report --survivors rules

``core`` (the default) is the above: ``[tool.mutmut]`` of ``pyproject.toml``, which leaves the
plug-ins out (``games/catan/expansions``, ``games/catan/mechanics``) and their tests too.
``expansions`` mutates those, with the tests of all of ``tests/games/catan`` but the random-game
runs; its table is ``bench/mutation-expansions.toml`` (``rules`` there: every module it mutates).
mutmut reads its table from ``pyproject.toml`` in the directory it runs in and makes ``mutants/``
there, so this suite runs in ``var/mutation/expansions/``: links to the project's sources and
tests, and a ``pyproject.toml`` that is the project's with the suite's table in place of
``[tool.mutmut]``. Its verdicts are kept in ``docs/mutation/expansions/`` (its judgements of
equivalence too), keyed by its own table's fingerprint: neither suite's changes drop the other's.
"""

from __future__ import annotations

import argparse
import ast
import datetime
import fnmatch
import functools
import hashlib
import json
import random
import subprocess
import sys
import tomllib
from collections import Counter
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

from mutmut.mutation.file_mutation import mutate_file_contents

ROOT = Path(__file__).resolve().parent.parent
MUTMUT = Path(sys.executable).with_name("mutmut")
EQUIVALENT = "equivalent.json"

RULES_MODULES = (
    "games.cardgame.cards",
    "games.cardgame.domain",
    "games.cardgame.game",
    "games.cardgame.illegal",
    "games.cardgame.main_phase",
    "games.cardgame.observation",
    "games.cardgame.state",
    "games.cardgame.tasks",
    "games.cardgame.turn",
    "games.catan.board",
    "games.catan.build",
    "games.catan.devcards",
    "games.catan.game",
    "games.catan.longest_road",
    "games.catan.masters",
    "games.catan.observation",
    "games.catan.robber",
    "games.catan.state",
    "games.catan.topology",
    "games.catan.trade",
)

# Where the expansions suite's modules are (which of them: its table, mutation-expansions.toml).
EXPANSION_PACKAGES = ("games/catan/expansions", "games/catan/mechanics")


@dataclass(frozen=True)
class Suite:
    """One mutmut configuration: the ``[tool.mutmut]`` table it runs with, the directory mutmut runs
    in (it makes ``mutants/`` there), and where its verdicts are kept. Each suite has its own
    ``mutants/`` because mutmut mutates and records once per configuration: the core's copy has
    the plug-ins unmutated and its test statistics were gathered without the plug-ins' tests."""

    name: str
    table: Path
    work: Path
    saved: Path


SUITES = {
    "core": Suite("core", ROOT / "pyproject.toml", ROOT, ROOT / "docs" / "mutation"),
    "expansions": Suite(
        "expansions",
        ROOT / "bench" / "mutation-expansions.toml",
        ROOT / "var" / "mutation" / "expansions",
        ROOT / "docs" / "mutation" / "expansions",
    ),
}

# The suite in use (``--suite``; the core by default): where mutants/ and the saved verdicts are.
SUITE = SUITES["core"]
MUTANTS = SUITE.work / "mutants"
SAVED = SUITE.saved


def select_suite(name: str) -> Suite:
    """Make the named suite the one every function here works on."""
    global SUITE, MUTANTS, SAVED
    SUITE = SUITES[name]
    MUTANTS = SUITE.work / "mutants"
    SAVED = SUITE.saved
    return SUITE


def mutmut_table(text: str | None = None) -> dict:
    """The suite's ``[tool.mutmut]`` table (of ``text`` when given)."""
    return tomllib.loads(text if text is not None else SUITE.table.read_text())["tool"]["mutmut"]


def source_file(module: str, root: Path = ROOT) -> Path:
    """The module's file relative to the root: ``a/b.py``, or ``a/b/__init__.py`` for a package
    (mutmut names a package's mutants ``a.b.x_f__mutmut_1``, as the package's module)."""
    plain = Path(module.replace(".", "/") + ".py")
    return plain if (root / plain).exists() else Path(module.replace(".", "/")) / "__init__.py"


def expansion_modules() -> tuple[str, ...]:
    """What ``rules`` stands for in the expansions suite: every module its table mutates."""
    table = mutmut_table(SUITES["expansions"].table.read_text())
    found = []
    for package in EXPANSION_PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            relative = str(path.relative_to(ROOT))
            if _mutated(relative, table):
                dotted = relative.removesuffix(".py").removesuffix("/__init__")
                found.append(dotted.replace("/", "."))
    return tuple(found)


def _mutated(path: str, table: dict) -> bool:
    """mutmut's own test of a file (``only_mutate``, then ``do_not_mutate``; ``*`` spans ``/``)."""
    included = any(fnmatch.fnmatch(path, p) for p in table.get("only_mutate", ["*"]))
    return included and not any(fnmatch.fnmatch(path, p) for p in table.get("do_not_mutate", []))


def prepare_work() -> None:
    """Make the suite's directory for mutmut when it is not the project's root: links to what
    mutmut copies (the source paths, ``also_copy``, the tests) and a ``pyproject.toml`` that is the
    project's with the suite's ``[tool.mutmut]`` table in place of its own (pytest's options
    stay)."""
    if SUITE.work == ROOT:
        return
    SUITE.work.mkdir(parents=True, exist_ok=True)
    table = mutmut_table()
    for name in [*table.get("source_paths", []), *table.get("also_copy", []), "tests"]:
        link = SUITE.work / name
        if not link.is_symlink():
            link.parent.mkdir(parents=True, exist_ok=True)
            link.symlink_to(ROOT / name)
    project = (ROOT / "pyproject.toml").read_text()
    (SUITE.work / "pyproject.toml").write_text(with_table(project, SUITE.table.read_text()))


def with_table(pyproject: str, suite_toml: str) -> str:
    """``pyproject`` with its ``[tool.mutmut]`` section replaced by ``suite_toml``'s."""
    kept: list[str] = []
    inside = False
    for line in pyproject.splitlines(keepends=True):
        if line.startswith("["):
            inside = line.strip() == "[tool.mutmut]"
        if not inside:
            kept.append(line)
    theirs = suite_toml[suite_toml.index("\n[tool.mutmut]\n") + 1 :]  # a header, not a comment
    return "".join(kept).rstrip("\n") + "\n\n" + theirs


# Import-time code that another module runs: the game object the package makes once, and the
# tables of tasks and chance nodes every card game module fills while it is imported.
IMPORT_TIME_ELSEWHERE = {
    "games.cardgame.game": ("xǁCardGameǁ__init__",),
    "games.cardgame.state": ("x_register_task", "x_register_chance"),
}

# mutmut's exit codes (mutmut/stats.py) folded into the columns of the report.
VERDICT = {1: "killed", 3: "killed", 0: "survived", 33: "no tests", 5: "no tests"}
VERDICT.update({code: "timeout" for code in (36, 24, -24, 152, 255)})


def import_time_functions(module: str) -> set[str]:
    """mutmut's names (``x_name``, ``xǁClassǁ__init__``) of the functions a module runs while it is
    imported (tables built once, a game object made once). mutmut switches a mutant on inside an
    already imported process, so such a mutant changes only what a test computes again by calling
    the function itself: when it survives it is not a gap of the tests but out of mutmut's reach,
    and is counted in its own column, out of the score."""
    path = ROOT / source_file(module)
    tree = ast.parse(path.read_text())
    functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    classes = {n.name for n in tree.body if isinstance(n, ast.ClassDef)}
    top_level = [n for n in tree.body if not isinstance(n, ast.FunctionDef | ast.ClassDef)]
    pending = [name for node in top_level for name in _calls_now(node)]
    found: set[str] = set(IMPORT_TIME_ELSEWHERE.get(module, ()))
    while pending:
        name = pending.pop()
        if name in classes:
            found.add(f"xǁ{name}ǁ__init__")
        elif name in functions and f"x_{name}" not in found:
            found.add(f"x_{name}")
            pending += [  # everything it may call, nested helpers included
                call.func.id
                for call in ast.walk(functions[name])
                if isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
            ]
    return found


def _calls_now(node: ast.AST) -> list[str]:
    """Names a statement calls when it runs (not inside a lambda or a nested def it defines)."""
    names: list[str] = []
    todo = [node]
    while todo:
        current = todo.pop()
        if isinstance(current, ast.Call) and isinstance(current.func, ast.Name):
            names.append(current.func.id)
        todo += [
            child
            for child in ast.iter_child_nodes(current)
            if not isinstance(child, ast.Lambda | ast.FunctionDef)
        ]
    return names


def _meta_path(module: str) -> Path:
    return MUTANTS / (str(source_file(module)) + ".meta")


def _saved_path(module: str) -> Path:
    return SAVED / f"{module}.json"


def verdicts(module: str) -> dict[str, int | None]:
    """Mutant name → mutmut exit code (None: not run yet) for one module: mutmut's own file in
    ``mutants/`` if there is one, else the saved verdicts if they still hold for this source."""
    meta = _meta_path(module)
    if meta.exists():
        return json.loads(meta.read_text())["exit_code_by_key"]
    record = _load_saved(module)
    if record is None or stale(record, source_hash(module), config_fingerprint()):
        return carried_over(module, record)["exit_code_by_key"] if _carries(record) else {}
    return record["verdicts"]


# --- Verdicts kept across sessions ---------------------------------------------------------


def source_hash(module: str, root: Path = ROOT) -> str:
    """sha256 of the module's source: saved verdicts hold only for the source they judged."""
    return hashlib.sha256((root / source_file(module, root)).read_bytes()).hexdigest()


def config_fingerprint(pyproject: str | None = None, mutmut_version: str | None = None) -> str:
    """sha256 of what else decides the mutants and their verdicts: mutmut's version (its
    mutation operators) and the ``[tool.mutmut]`` table (what is mutated, which tests run).
    The tests themselves are not in it: new tests only kill more, and ``rerun`` gives the
    survivors and the "no tests" mutants their chance against them."""
    decided_by = {
        "mutmut": mutmut_version if mutmut_version is not None else version("mutmut"),
        "config": mutmut_table(pyproject),
    }
    return hashlib.sha256(json.dumps(decided_by, sort_keys=True).encode()).hexdigest()


def record_of(
    module: str,
    meta: dict,
    source_sha: str,
    fingerprint: str,
    commit: str,
    date: str,
    diffs: dict[str, str],
) -> dict:
    """What ``docs/mutation/<module>.json`` keeps of mutmut's ``.meta``: every mutant's exit code
    (None: not judged yet), the function hashes mutmut compares when it regenerates, and the
    diffs of the survivors so that ``report --survivors`` shows them without ``mutants/``."""
    return {
        "module": module,
        "source_sha256": source_sha,
        "config_sha256": fingerprint,
        "commit": commit,
        "date": date,
        "hash_by_function_name": meta["hash_by_function_name"],
        "verdicts": dict(sorted(meta["exit_code_by_key"].items())),
        "survivor_diffs": dict(sorted(diffs.items())),
    }


def stale(record: dict, source_sha: str, fingerprint: str) -> str | None:
    """Why saved verdicts no longer hold (None when they do)."""
    if record["source_sha256"] != source_sha:
        return f"source changed since {record['commit']}"
    if record["config_sha256"] != fingerprint:
        return f"mutmut's version or [tool.mutmut] changed since {record['commit']}"
    return None


def _carries(record: dict | None) -> bool:
    """Whether saved verdicts judged on another source can still serve, function by function:
    only when the configuration (which decides the mutants themselves) is unchanged."""
    return record is not None and record["config_sha256"] == config_fingerprint()


def carried_over(module: str, record: dict) -> dict:
    """mutmut's ``.meta`` for the module's current source: every mutant mutmut would make of it,
    with the saved verdict where its function's hash is the one the verdict was judged on, and
    none (to run) in a function that changed or is new. The hashes are mutmut's own, so when
    mutmut regenerates the module it finds nothing changed and keeps these verdicts."""
    path = ROOT / source_file(module)
    mutated = mutate_file_contents(str(path.relative_to(ROOT)), path.read_text())
    now = mutated.hash_by_function_name
    before = record["hash_by_function_name"]
    codes: dict[str, int | None] = {}
    for short in mutated.mutant_names:
        function = short.partition("__mutmut_")[0]
        same = function in now and before.get(function) == now[function]
        codes[f"{module}.{short}"] = record["verdicts"].get(f"{module}.{short}") if same else None
    return {
        "exit_code_by_key": codes,
        "hash_by_function_name": dict(now),
        "type_check_error_by_key": {},
        "durations_by_key": {},
        "estimated_durations_by_key": {},
    }


def merged_meta(live: dict | None, record: dict) -> dict:
    """mutmut's ``.meta`` with the saved verdicts: a verdict already in ``mutants/`` wins, a
    mutant without one gets the saved one. The function hashes go with it, so that mutmut,
    when it generates the module's mutants, keeps these verdicts (it clears those of a
    function whose hash differs)."""
    now = live["exit_code_by_key"] if live is not None else {}
    codes = dict.fromkeys(now) | record["verdicts"]
    codes |= {name: code for name, code in now.items() if code is not None}
    return {
        "exit_code_by_key": codes,
        "hash_by_function_name": record["hash_by_function_name"],
        "type_check_error_by_key": (live or {}).get("type_check_error_by_key", {}),
        "durations_by_key": (live or {}).get("durations_by_key", {}),
        "estimated_durations_by_key": (live or {}).get("estimated_durations_by_key", {}),
    }


def _load_saved(module: str) -> dict | None:
    path = _saved_path(module)
    return json.loads(path.read_text()) if path.exists() else None


def restore(module: str) -> str:
    """Put the saved verdicts of one module back into ``mutants/``; says what it did."""
    record = _load_saved(module)
    if record is None:
        return f"{module}: no saved verdicts, all its mutants run"
    why = stale(record, source_hash(module), config_fingerprint())
    meta = _meta_path(module)
    if why:
        # mutants/ was made from the source the verdicts were judged on (restored from them or
        # run beside them): its mutant list and verdicts are as stale. The mutated copy goes too,
        # so that mutmut makes it again from the new source against the carried-over hashes.
        meta.unlink(missing_ok=True)
        (MUTANTS / source_file(module)).unlink(missing_ok=True)
        if not _carries(record):
            return f"{module}: saved verdicts dropped ({why}): the module starts over"
        carried = carried_over(module, record)
        meta.parent.mkdir(parents=True, exist_ok=True)
        meta.write_text(json.dumps(carried, indent=4))
        codes = carried["exit_code_by_key"]
        kept = sum(code is not None for code in codes.values())
        return (
            f"{module}: {why}: {kept} of {len(codes)} verdicts carried over "
            f"(functions unchanged), {len(codes) - kept} to run"
        )
    live = json.loads(meta.read_text()) if meta.exists() else None
    meta.parent.mkdir(parents=True, exist_ok=True)
    meta.write_text(json.dumps(merged_meta(live, record), indent=4))
    judged = sum(code is not None for code in record["verdicts"].values())
    total = len(record["verdicts"])
    return f"{module}: {judged} of {total} verdicts restored from {record['commit']}"


def save(module: str) -> str:
    """Write ``docs/mutation/<module>.json`` from mutmut's ``.meta``; says what it did."""
    meta = _meta_path(module)
    if not meta.exists():
        return f"{module}: nothing in mutants/ to save"
    live = json.loads(meta.read_text())
    left_out = import_time_functions(module)
    diffs = {
        name: _mutmut_show(name)
        for name, code in live["exit_code_by_key"].items()
        if code == 0 and _function(module, name) not in left_out
    }
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    date = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    record = record_of(module, live, source_hash(module), config_fingerprint(), commit, date, diffs)
    SAVED.mkdir(parents=True, exist_ok=True)
    _saved_path(module).write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n")
    judged = sum(code is not None for code in live["exit_code_by_key"].values())
    return f"{module}: saved {judged} of {len(live['exit_code_by_key'])} verdicts"


def _mutmut_show(name: str) -> str:
    """The mutant's diff, as ``mutmut show`` prints it (its first line, the verdict, dropped)."""
    shown = subprocess.run(
        [str(MUTMUT), "show", name], cwd=SUITE.work, capture_output=True, text=True
    ).stdout
    return shown.split("\n", 1)[1] if shown.startswith("#") else shown


def expand(modules: list[str]) -> list[str]:
    out: list[str] = []
    for module in modules:
        if module == "rules":
            out += RULES_MODULES if SUITE.name == "core" else expansion_modules()
        else:
            out.append(module)
    return out


def choose(modules: list[str], sample: int | None, seed: int) -> list[str]:
    """The mutants drawn: all of each module, or ``sample`` of each drawn with ``seed``."""
    names: list[str] = []
    for module in modules:
        # Not generated yet: the names mutmut will give them (a pattern would run them all).
        mine = sorted(verdicts(module)) or mutant_names(module)
        if sample is not None and len(mine) > sample:
            mine = sorted(random.Random(f"{seed}:{module}").sample(mine, sample))
        names += mine
    return names


def mutant_names(module: str) -> list[str]:
    """Every mutant mutmut makes of the module's current source, by the name it gives it."""
    path = ROOT / source_file(module)
    mutated = mutate_file_contents(str(path.relative_to(ROOT)), path.read_text())
    return sorted(f"{module}.{short}" for short in mutated.mutant_names)


def unjudged(names: list[str], known: dict[str, int | None]) -> list[str]:
    """The drawn names still to run: mutmut runs again every mutant it is named, so one that
    already has a verdict is left out."""
    return [name for name in names if name not in known or known[name] is None]


def survivors(modules: list[str]) -> list[str]:
    """Surviving mutants of the modules, without those out of mutmut's reach (import time) and
    those judged equivalent."""
    names: list[str] = []
    for module in modules:
        at_import = import_time_functions(module)
        equivalent, _ = equivalents(module)
        names += [
            name
            for name, code in verdicts(module).items()
            if code == 0 and _function(module, name) not in at_import and name not in equivalent
        ]
    return names


def not_killed(modules: list[str]) -> list[str]:
    """What ``rerun`` names to mutmut after new tests: the survivors (as :func:`survivors`) and
    the mutants no test reached ("no tests": a new test may reach them; mutmut reruns a mutant
    only when it is named)."""
    no_tests = {code for code, verdict in VERDICT.items() if verdict == "no tests"}
    names = survivors(modules)
    for module in modules:
        equivalent, _ = equivalents(module)
        names += [
            name
            for name, code in verdicts(module).items()
            if code in no_tests and name not in equivalent
        ]
    return names


def run(
    modules: list[str], sample: int | None, seed: int, again: bool = False, rest: bool = False
) -> int:
    """Run the mutants not judged yet (``again``: those not killed; ``rest`` with it: and those
    not judged yet, in the same mutmut run, which runs the clean tests only once)."""
    for module in modules:
        print(restore(module), flush=True)
    if again:
        names = not_killed(modules)
        if rest:
            known = {n: c for module in modules for n, c in verdicts(module).items()}
            names += unjudged(choose(modules, None, seed), known)
    else:
        known = {n: c for module in modules for n, c in verdicts(module).items()}
        names = unjudged(choose(modules, sample, seed), known)
    if not names:
        print("nothing to run")
        return 0
    print(f"running {len(names)} mutant name(s) of {len(modules)} module(s)", flush=True)
    command = ["nice", "-n", "10", str(MUTMUT), "run", "--max-children", "1", *names]
    prepare_work()
    try:
        return subprocess.call(command, cwd=SUITE.work)
    finally:  # also when stopped: mutmut has written each verdict as it got it
        for module in modules:
            print(save(module), flush=True)


# --- Survivors judged equivalent ------------------------------------------------------------


def function_hashes(module: str) -> dict[str, str]:
    """mutmut's hash of each function of the module's current source (what it compares to
    decide whether a function's mutants must run again)."""
    path = ROOT / source_file(module)
    return dict(_hashes_of(str(path.relative_to(ROOT)), path.read_text()))


@functools.cache
def _hashes_of(path: str, text: str) -> tuple[tuple[str, str], ...]:
    # Generating a module's mutants takes a while; one text's hashes never change.
    return tuple(mutate_file_contents(path, text).hash_by_function_name.items())


def _judgements() -> dict:
    path = SAVED / EQUIVALENT
    return json.loads(path.read_text()) if path.exists() else {}


def equivalents(module: str) -> tuple[dict[str, str], list[str]]:
    """The module's mutants judged equivalent (name → why), from ``docs/mutation/equivalent.json``,
    where each judgement is kept with the hash of the function it was made on; and the functions
    whose judgements no longer apply because the function changed since (they are not counted:
    the mutants of a changed function are new mutants, to be judged again). A function that is gone
    takes its judgements with it."""
    judged = _judgements().get(module, {})
    if not judged:
        return {}, []
    now = function_hashes(module)
    names: dict[str, str] = {}
    changed: list[str] = []
    for function, entry in judged.items():
        if function not in now:  # the function is gone, and its mutants with it
            continue
        if now[function] != entry["hash"]:
            changed.append(function)
            continue
        for number, why in entry["mutants"].items():
            names[f"{module}.{function}__mutmut_{number}"] = why
    return names, sorted(changed)


def tally(module: str, only: set[str] | None = None) -> Counter[str]:
    """Verdicts per column; a mutant that survived (or no test reached) and is judged
    equivalent counts as "equivalent", a verdict of its own and not a gap of the tests."""
    at_import = import_time_functions(module)
    equivalent, _ = equivalents(module)

    def column(name: str, code: int | None) -> str:
        if code is None:
            return "not run"
        if code == 0 and _function(module, name) in at_import:
            return "import time"
        verdict = VERDICT.get(code, "suspicious")
        if verdict in ("survived", "no tests") and name in equivalent:
            return "equivalent"
        return verdict

    return Counter(
        column(name, code)
        for name, code in verdicts(module).items()
        if only is None or name in only
    )


def _function(module: str, mutant: str) -> str:
    """``games.m.x_f__mutmut_3`` → ``x_f``."""
    return mutant.removeprefix(module + ".").rsplit("__mutmut_", 1)[0]


def report(
    modules: list[str], show_survivors: bool, sample: int | None = None, seed: int = 1
) -> str:
    """The table; with ``sample`` only the mutants ``run --sample`` draws with that seed."""
    only = set(choose(modules, sample, seed)) if sample is not None else None
    lines = [
        "| module | mutants | judged | killed | timeout | survived | no tests | equivalent "
        "| import-time | score | score, equivalents out |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    total: Counter[str] = Counter()
    for module in modules:
        count = tally(module, only)
        total += count
        lines.append(_row(module, count))
    lines.append(_row("**all listed**", total))
    notes = [_saved_note(module) for module in modules] + [_changed_note(m) for m in modules]
    lines += [""] + [note for note in notes if note] if any(notes) else []
    if show_survivors:
        for module in modules:
            names = [n for n in survivors([module]) if only is None or n in only]
            if names:
                diffs = (_load_saved(module) or {}).get("survivor_diffs", {})
                lines += ["", f"Survivors in `{module}`:", ""]
                for name in sorted(names):
                    lines.append(f"- `{name.removeprefix(module + '.')}`")
                    if diffs.get(name):
                        lines += ["", "```diff", diffs[name].strip("\n"), "```", ""]
            equivalent, _ = equivalents(module)
            unkilled = ("survived", "no tests")
            shown = sorted(
                n
                for n, c in verdicts(module).items()
                if n in equivalent and VERDICT.get(c) in unkilled and (only is None or n in only)
            )
            if shown:
                lines += ["", f"Judged equivalent in `{module}`:", ""]
                lines += [f"- `{n.removeprefix(module + '.')}`: {equivalent[n]}" for n in shown]
    return "\n".join(lines)


def _saved_note(module: str) -> str | None:
    """Where a module's verdicts come from, when not (only) from ``mutants/``."""
    record = _load_saved(module)
    if record is None:
        return None
    why = stale(record, source_hash(module), config_fingerprint())
    if why:
        if _carries(record):
            return f"- `{module}`: {why}; verdicts of its unchanged functions carried over"
        return f"- `{module}`: saved verdicts not used, {why}"
    if _meta_path(module).exists():
        return None
    return f"- `{module}`: saved verdicts of {record['date']} at `{record['commit']}`"


def _changed_note(module: str) -> str | None:
    """Which equivalence judgements no longer apply (their function changed since)."""
    _, changed = equivalents(module)
    if not changed:
        return None
    listed = ", ".join(f"`{function}`" for function in changed)
    return f"- `{module}`: judged equivalent on an older text, judge again: {listed}"


def _row(label: str, count: Counter[str]) -> str:
    """Score: killed (or timed out) over the mutants run; a mutant no test reaches counts as
    surviving, as in mutmut's own badge, and so does one judged equivalent. The last column
    leaves the judged-equivalent ones out (mutants no test can kill: the usual mutation score)."""
    mutants = sum(count.values())
    done = mutants - count["not run"] - count["import time"]  # survivors out of mutmut's reach
    caught = count["killed"] + count["timeout"]
    killable = done - count["equivalent"]

    def share(part: int, whole: int) -> str:
        return f"{100 * part / whole:.1f}%" if whole else "–"

    return (
        f"| {label} | {mutants} | {done} | {count['killed']} | {count['timeout']} "
        f"| {count['survived']} | {count['no tests']} | {count['equivalent']} "
        f"| {count['import time']} | {share(caught, done)} | {share(caught, killable)} |"
    )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "--suite", choices=sorted(SUITES), default="core", help="which mutmut configuration"
    )
    sub = parser.add_subparsers(dest="command", required=True)
    run_parser = sub.add_parser("run", help="run mutants of the named modules ('rules': all)")
    run_parser.add_argument("modules", nargs="+")
    run_parser.add_argument("--sample", type=int, help="mutants drawn per module")
    run_parser.add_argument("--seed", type=int, default=1)
    rerun_parser = sub.add_parser(
        "rerun", help="run the survivors and the 'no tests' mutants again (after adding tests)"
    )
    rerun_parser.add_argument("modules", nargs="+")
    rerun_parser.add_argument(
        "--and-unjudged", action="store_true", help="also the mutants not judged yet"
    )
    report_parser = sub.add_parser("report", help="score per module, as a markdown table")
    report_parser.add_argument("modules", nargs="*", default=["rules"])
    report_parser.add_argument("--survivors", action="store_true")
    report_parser.add_argument("--sample", type=int, help="only the sample drawn with --seed")
    report_parser.add_argument("--seed", type=int, default=1)
    save_parser = sub.add_parser("save", help="keep mutants/' verdicts in docs/mutation/")
    save_parser.add_argument("modules", nargs="*", default=["rules"])
    args = parser.parse_args(argv)
    select_suite(args.suite)
    if args.command == "run":
        return run(expand(args.modules), args.sample, args.seed)
    if args.command == "rerun":
        return run(expand(args.modules), None, 0, again=True, rest=args.and_unjudged)
    if args.command == "save":
        for module in expand(args.modules):
            print(save(module))
        return 0
    print(report(expand(args.modules), args.survivors, args.sample, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

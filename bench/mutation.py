"""Mutation testing of the engines' rules modules, one module (or a seeded sample) at a time.

The tool is mutmut (pinned in the dev extras; configured in ``pyproject.toml`` under
``[tool.mutmut]``). mutmut copies the code to ``mutants/``, records which tests reach which
function, and runs for each mutant only those tests, so a run costs the mutants times the rule
tests that reach them. This script chooses the mutants and prints the score per module:

    python bench/mutation.py run games.catan.robber            # every mutant of one module
    python bench/mutation.py run --sample 40 --seed 1 rules    # 40 chosen at random per module
    python bench/mutation.py rerun rules                       # survivors again, after new tests
    python bench/mutation.py report [--survivors] [MODULE ...] # score per module (markdown)

``rules`` stands for every module of :data:`RULES_MODULES`. Runs are cumulative: a mutant keeps
its verdict in ``mutants/`` until its function changes. On the shared 2-core machine run it as
``nice -n 10`` (one worker process, ``--max-children 1``, which this script passes).

Which modules are rules modules: everything in ``games/cardgame`` and ``games/catan`` that
decides what is legal and what a move does, including observations (hidden information is a
rule) and option checks; not pictures, narration, places in words, serialisation, nor the
modules without functions to mutate (``constants``, ``actions``).
"""

from __future__ import annotations

import argparse
import ast
import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTANTS = ROOT / "mutants"
MUTMUT = Path(sys.executable).with_name("mutmut")

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
    path = ROOT / (module.replace(".", "/") + ".py")
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


def verdicts(module: str) -> dict[str, int | None]:
    """Mutant name → mutmut exit code (None: not run yet) for one module."""
    meta = MUTANTS / (module.replace(".", "/") + ".py.meta")
    if not meta.exists():
        return {}
    return json.loads(meta.read_text())["exit_code_by_key"]


def expand(modules: list[str]) -> list[str]:
    out: list[str] = []
    for module in modules:
        out += RULES_MODULES if module == "rules" else [module]
    return out


def choose(modules: list[str], sample: int | None, seed: int) -> list[str]:
    """The mutants to run: all of each module, or ``sample`` of each drawn with ``seed``."""
    names: list[str] = []
    for module in modules:
        mine = sorted(verdicts(module))
        if sample is not None and len(mine) > sample:
            mine = sorted(random.Random(f"{seed}:{module}").sample(mine, sample))
        names += mine if mine else [f"{module}.*"]  # not generated yet: mutmut makes them
    return names


def survivors(modules: list[str]) -> list[str]:
    """Surviving mutants of the modules, without those out of mutmut's reach (import time)."""
    names: list[str] = []
    for module in modules:
        at_import = import_time_functions(module)
        names += [
            name
            for name, code in verdicts(module).items()
            if code == 0 and _function(module, name) not in at_import
        ]
    return names


def run(modules: list[str], sample: int | None, seed: int, again: bool = False) -> int:
    names = survivors(modules) if again else choose(modules, sample, seed)
    if not names:
        print("nothing to run")
        return 0
    print(f"running {len(names)} mutant name(s) of {len(modules)} module(s)", flush=True)
    command = ["nice", "-n", "10", str(MUTMUT), "run", "--max-children", "1", *names]
    return subprocess.call(command, cwd=ROOT)


def tally(module: str, only: set[str] | None = None) -> Counter[str]:
    at_import = import_time_functions(module)
    return Counter(
        "not run"
        if code is None
        else "import time"
        if code == 0 and _function(module, name) in at_import
        else VERDICT.get(code, "suspicious")
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
        "| module | mutants | run | killed | timeout | survived | no tests | import-time | score |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    total: Counter[str] = Counter()
    for module in modules:
        count = tally(module, only)
        total += count
        lines.append(_row(module, count))
    lines.append(_row("**all listed**", total))
    if show_survivors:
        for module in modules:
            names = [n for n in survivors([module]) if only is None or n in only]
            if names:
                lines += ["", f"Survivors in `{module}`:", ""]
                lines += [f"- `{name.removeprefix(module + '.')}`" for name in sorted(names)]
    return "\n".join(lines)


def _row(label: str, count: Counter[str]) -> str:
    """Score: killed (or timed out) over the mutants run; a mutant no test reaches counts as
    surviving, as in mutmut's own badge."""
    mutants = sum(count.values())
    done = mutants - count["not run"] - count["import time"]  # survivors out of mutmut's reach
    caught = count["killed"] + count["timeout"]
    score = f"{100 * caught / done:.1f}%" if done else "–"
    return (
        f"| {label} | {mutants} | {done} | {count['killed']} | {count['timeout']} "
        f"| {count['survived']} | {count['no tests']} | {count['import time']} | {score} |"
    )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run_parser = sub.add_parser("run", help="run mutants of the named modules ('rules': all)")
    run_parser.add_argument("modules", nargs="+")
    run_parser.add_argument("--sample", type=int, help="mutants drawn per module")
    run_parser.add_argument("--seed", type=int, default=1)
    rerun_parser = sub.add_parser("rerun", help="run the survivors again (after adding tests)")
    rerun_parser.add_argument("modules", nargs="+")
    report_parser = sub.add_parser("report", help="score per module, as a markdown table")
    report_parser.add_argument("modules", nargs="*", default=["rules"])
    report_parser.add_argument("--survivors", action="store_true")
    report_parser.add_argument("--sample", type=int, help="only the sample drawn with --seed")
    report_parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.command == "run":
        return run(expand(args.modules), args.sample, args.seed)
    if args.command == "rerun":
        return run(expand(args.modules), None, 0, again=True)
    print(report(expand(args.modules), args.survivors, args.sample, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

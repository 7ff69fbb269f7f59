"""Which tests cover which rule of ``rules-checklist.md``; writes ``docs/rules-coverage.md``.

A test covers a rule when the rule ID appears in its name (``test_cg_setup_01_…``) or its
docstring (``CG-SETUP-01``). Run ``python -m tests.tools.rules_coverage`` to regenerate the
document; ``tests/test_rules_coverage.py`` fails when a rule has no test or the document is stale.

A rule's test must drive the engine (build a position or a game and play or judge it, see
:func:`engine_tests`). Only the rules in :data:`DATA_RULES`, facts of the card file or of the
board's geometry, may be covered by tests that read that data alone. The document ends with a
hand-written part (from :data:`HAND_WRITTEN` on) that regeneration keeps: the mutation scores.
"""

from __future__ import annotations

import ast
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _shared_dir() -> Path:
    """``../shared`` beside the checkout; for a git worktree elsewhere, beside its main checkout
    (``.git`` is then a file naming ``<main>/.git/worktrees/<name>``)."""
    beside = ROOT.parent / "shared"
    git = ROOT / ".git"
    if beside.is_dir() or not git.is_file():
        return beside
    pointer = git.read_text().partition("gitdir:")[2].strip()
    main_checkout = Path(pointer).resolve().parents[2]
    return main_checkout.parent / "shared"


CHECKLIST = _shared_dir() / "reference" / "rules-checklist.md"
EXPANSION_DIR = _shared_dir() / "reference" / "expansions"
DOCUMENT = ROOT / "docs" / "rules-coverage.md"
TEST_DIR = ROOT / "tests" / "games"
SECTIONS = (
    ("CG", "Card game (checklist §1)"),
    ("BG", "Board game (checklist §2)"),
    ("MA", "Masters (checklist §3)"),
)
# Expansion checklists (``reference/expansions/<file>``): file, ID prefix, the plug-in that plays
# it, section title. Their rules count once that plug-in is registered.
EXPANSION_SECTIONS = (
    ("catan-for-two.md", "C2", "catan_for_two", "Catan for Two (expansions/catan-for-two.md)"),
    ("fishermen.md", "FI", "fishermen", "The Fishermen of Catan (expansions/fishermen.md)"),
    ("rivers.md", "RI", "rivers", "The Rivers of Catan (expansions/rivers.md)"),
    ("caravans.md", "CA", "caravans", "The Caravans (expansions/caravans.md)"),
    (
        "barbarian-attack.md",
        "BA",
        "barbarian_attack",
        "Barbarian Attack (expansions/barbarian-attack.md)",
    ),
    (
        "traders-and-barbarians.md",
        "TB",
        "traders_barbarians",
        "Traders & Barbarians (expansions/traders-and-barbarians.md)",
    ),
    ("seafarers.md", "SF", "seafarers", "Seafarers (expansions/seafarers.md)"),
    (
        "cities-and-knights.md",
        "CK",
        "cities_and_knights",
        "Cities & Knights (expansions/cities-and-knights.md)",
    ),
)
# Scenario lines of an expansion with several option values (Seafarers' maps): a line family
# counts once its plug-in plays that value; until then it is listed as not playable yet. The
# general lines (SF-CO, SF-GE, SF-SH, ...) count as soon as the plug-in is registered. The maps
# as data (SF-MAP-…, headings, not rule lines) are checked by
# tests/games/catan/expansions/seafarers/test_maps.py.
SCENARIO_FAMILIES: dict[str, tuple[str, str]] = {
    "SF-NS": ("seafarers", "new_shores"),
    "SF-4I": ("seafarers", "four_islands"),
    "SF-FI": ("seafarers", "fog_islands"),
    "SF-TD": ("seafarers", "through_the_desert"),
    "SF-FT": ("seafarers", "forgotten_tribe"),
    "SF-CL": ("seafarers", "cloth_for_catan"),
    "SF-PR": ("seafarers", "pirate_islands"),
    "SF-WO": ("seafarers", "wonders_of_catan"),
    "SF-NW": ("seafarers", "new_world"),
}
# Families of combination lines: playable only once every plug-in named is registered and the
# plug-ins combine (one names the other in ``combines_with``); until then listed as not playable.
COMBINATION_FAMILIES: dict[str, tuple[str, ...]] = {
    "C2-FI": ("catan_for_two", "fishermen"),
    "C2-RI": ("catan_for_two", "rivers"),
    "C2-CA": ("catan_for_two", "caravans"),
    "C2-BA": ("catan_for_two", "barbarian_attack"),
    "C2-TB": ("catan_for_two", "traders_barbarians"),
    "C2-EV": ("catan_for_two", "event_cards"),
    "C2-CK": ("catan_for_two", "cities_and_knights"),
    "RI-CB": ("rivers", "traders_barbarians"),
    "CK-SF": ("cities_and_knights", "seafarers"),
    # A single line of a family that names another expansion ("With Seafarers: ...").
    "CK-PR-06": ("cities_and_knights", "seafarers"),
}
HAND_WRITTEN = "<!-- hand-written below: kept by python -m tests.tools.rules_coverage -->"

# Rules that are facts of the data the engine plays with (the card file, the board's geometry,
# the dice table): a test reading that data is the right test. Every other rule needs a test that
# drives the engine. A rule leaves this list as soon as an engine test names it.
DATA_RULES = {
    "CG-COMP-02": "region cards and their resources (card file)",
    "CG-COMP-04": "card classes and their counts (card file)",
    "CG-COMP-06": "every region card's die number (card file)",
    "CG-GREEN-01": "roles of the green cards (card file)",
    "CG-RED-01": "roles of the red cards (card file)",
    "CG-CARD-FLEET-01": "six fleets, one per resource (card file)",
    "CG-CARD-FLEET-05": "a fleet's trade symbol (card file)",
    "CG-CARD-KNIGHT-01": "knights' strength and tournament points (card file)",
    "CG-CARD-TRADEBLDG-01": "trade buildings' symbols (card file)",
}

# Calls that mean a test drives the engine: a state's or a game's own methods. Any helper of the
# test packages (``positions.py``, ``fixtures.py``, …) builds or plays a position, so counts too.
ENGINE_CALLS = frozenset(
    {
        "apply",
        "legal_actions",
        "chance_outcomes",
        "observation",
        "new_game",
        "static_info",
        "from_dict",
        "to_dict",
        "vp",
        "public_vp",
        "update_tokens",
        "result",
        "play_random",
    }
)

_ID = re.compile(r"\*\*((?:CG|BG|MA)-[A-Z0-9-]+)\*\*")


def checklist_rule_ids(text: str) -> list[str]:
    """Every rule ID the checklist defines (bold at its definition), in checklist order."""
    seen: dict[str, None] = {}
    for match in _ID.finditer(text):
        seen.setdefault(match.group(1), None)
    return list(seen)


# The last part may start with a letter: Cities & Knights numbers its cards by colour (CK-PC-S01).
_EXPANSION_ID = re.compile(
    r"(?:\*\*|^\| )([A-Z][A-Z0-9]*-[A-Z0-9]+-[A-Z]?[0-9]+)(?:\*\*| \|)", re.M
)


def expansion_rule_ids(directory: Path = EXPANSION_DIR) -> list[str]:
    """Every rule ID the expansion checklists of :data:`EXPANSION_SECTIONS` define (bold, or
    first in a table row), in file order; ambiguities (``A-…``) are no rules."""
    seen: dict[str, None] = {}
    for name, prefix, _plugin, _title in EXPANSION_SECTIONS:
        path = directory / name
        if path.exists():
            for match in _EXPANSION_ID.finditer(path.read_text()):
                if match.group(1).startswith(prefix + "-"):
                    seen.setdefault(match.group(1), None)
    return list(seen)


def playable(rule: str) -> bool:
    """Whether the plug-ins a rule needs are registered (and combine, for a combination)."""
    from games.catan.expansions import registry

    plugins = {x.name: x for x in registry()}
    scenario = SCENARIO_FAMILIES.get(rule.rsplit("-", 1)[0])
    if scenario is not None:
        plugin, value = scenario
        return plugin in plugins and value in plugins[plugin].values
    needed = COMBINATION_FAMILIES.get(rule) or COMBINATION_FAMILIES.get(rule.rsplit("-", 1)[0])
    if needed is None:
        needed = tuple(
            plug for _f, prefix, plug, _t in EXPANSION_SECTIONS if rule.startswith(prefix)
        )
    if not needed or any(name not in plugins for name in needed):
        return False
    return all(
        b in plugins[a].combines_with or a in plugins[b].combines_with
        for i, a in enumerate(needed)
        for b in needed[i + 1 :]
    )


NOT_RUN_MARKS = frozenset({"xfail", "skip"})
"""Marks under which a test does not check its rule: an expected failure (a defect's test
waiting for its fix) or an unconditional skip. Such a test cites no rule."""


def _marks(decorators: list[ast.expr]) -> set[str]:
    """Names of the ``pytest.mark.NAME`` marks among decorators (called or not)."""
    names: set[str] = set()
    for decorator in decorators:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        if (
            isinstance(target, ast.Attribute)
            and isinstance(target.value, ast.Attribute)
            and target.value.attr == "mark"
        ):
            names.add(target.attr)
    return names


def _module_marks(tree: ast.Module) -> set[str]:
    """Names of the marks a module's ``pytestmark`` puts on all its tests."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets
        ):
            value = node.value
            return _marks(list(value.elts) if isinstance(value, ast.List | ast.Tuple) else [value])
    return set()


def _test_functions(path: Path, root: Path = ROOT) -> list[tuple[str, str]]:
    """(node id, name + docstring) of each test function in a file that runs and must pass
    (not marked xfail or skip, itself, by its class or by the module)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    relative = path.relative_to(root).as_posix()
    found: list[tuple[str, str]] = []
    if _module_marks(tree) & NOT_RUN_MARKS:
        return found

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and (
                _marks(node.decorator_list) & NOT_RUN_MARKS
            ):
                continue
            if isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
                visit(node.body, f"{prefix}{node.name}::")
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and (
                node.name.startswith("test")
            ):
                text = f"{node.name}\n{ast.get_docstring(node) or ''}"
                found.append((f"{relative}::{prefix}{node.name}", text))

    visit(tree.body, "")
    return found


def coverage(
    rule_ids: list[str], test_dir: Path = TEST_DIR, root: Path = ROOT
) -> dict[str, list[str]]:
    """Map each rule ID to the node ids of the tests that name it."""
    tests = [t for path in sorted(test_dir.rglob("test_*.py")) for t in _test_functions(path, root)]
    covered: dict[str, list[str]] = defaultdict(list)
    for rule in rule_ids:
        in_docstring = re.compile(rf"(?<![A-Z0-9-]){re.escape(rule)}(?![0-9])")
        in_name = re.compile(rf"(?<![a-z0-9]){re.escape(rule.lower().replace('-', '_'))}(?![0-9])")
        for node_id, text in tests:
            name = text.split("\n", 1)[0]
            if in_docstring.search(text) or in_name.search(name):
                covered[rule].append(node_id)
    return {rule: covered.get(rule, []) for rule in rule_ids}


def _called(node: ast.AST) -> set[str]:
    names: set[str] = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call):
            func = sub.func
            if isinstance(func, ast.Attribute):
                names.add(func.attr)
            elif isinstance(func, ast.Name):
                names.add(func.id)
    return names


def _uses_engine(
    node: ast.AST, local: dict[str, ast.AST], calls: frozenset[str], seen: frozenset[str]
) -> bool:
    names = _called(node)
    if names & calls:
        return True
    return any(
        _uses_engine(local[name], local, calls, seen | {name})
        for name in names & local.keys()
        if name not in seen
    )


def engine_tests(test_dir: Path = TEST_DIR, root: Path = ROOT) -> set[str]:
    """Node ids of the tests that drive the engine: they call one of :data:`ENGINE_CALLS` or a
    helper of the test packages, directly or through a function of their own module."""
    helpers = {
        node.name
        for path in test_dir.rglob("*.py")
        if not path.name.startswith("test_")
        for node in ast.parse(path.read_text()).body
        if isinstance(node, ast.FunctionDef)
    }
    found: set[str] = set()
    for path in sorted(test_dir.rglob("test_*.py")):
        tree = ast.parse(path.read_text(), filename=str(path))
        # The module's own functions and classes, and its classes' methods: a test that plays
        # through a helper class of its module (a table of seats playing a story) drives the
        # engine as much as one that calls ``apply`` itself.
        local: dict[str, ast.AST] = {
            n.name: n for n in tree.body if isinstance(n, ast.FunctionDef | ast.ClassDef)
        }
        for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
            for method in cls.body:
                if isinstance(method, ast.FunctionDef):
                    local.setdefault(method.name, method)

        for node_id, _text in _test_functions(path, root):
            name = node_id.rsplit("::", 1)[1]
            node = next(
                n
                for n in ast.walk(tree)
                if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.name == name
            )
            if _uses_engine(node, local, ENGINE_CALLS | helpers, frozenset({name})):
                found.add(node_id)
    return found


def data_only(table: dict[str, list[str]], engine: set[str]) -> list[str]:
    """Rules whose tests all read data alone (none drives the engine)."""
    return [rule for rule, tests in table.items() if tests and not set(tests) & engine]


def render(table: dict[str, list[str]]) -> str:
    lines = [
        "# Rules coverage",
        "",
        "Every rule ID of `../shared/reference/rules-checklist.md` and the tests that assert it.",
        "Generated by `python -m tests.tools.rules_coverage`; `tests/test_rules_coverage.py`",
        "fails when a rule has no test or this file is stale.",
        "",
    ]
    for prefix, title in SECTIONS:
        rules = [rule for rule in table if rule.startswith(prefix + "-")]
        missing = sum(1 for rule in rules if not table[rule])
        lines += [f"## {title}", "", f"{len(rules)} rules, {len(rules) - missing} covered.", ""]
        lines += ["| rule | tests |", "|---|---|"]
        for rule in rules:
            tests = "<br>".join(f"`{t}`" for t in table[rule]) or "**MISSING**"
            lines.append(f"| {rule} | {tests} |")
        lines.append("")
    for _file, prefix, _plugin, title in EXPANSION_SECTIONS:
        rules = [rule for rule in table if rule.startswith(prefix + "-")]
        if not rules:
            continue
        later = [rule for rule in rules if not table[rule] and not playable(rule)]
        missing = sum(1 for rule in rules if not table[rule]) - len(later)
        lines += [
            f"## {title}",
            "",
            f"{len(rules)} rules, {len(rules) - missing - len(later)} covered, "
            f"{len(later)} not playable yet.",
            "",
        ]
        lines += ["| rule | tests |", "|---|---|"]
        for rule in rules:
            family = rule.rsplit("-", 1)[0]
            needs = COMBINATION_FAMILIES.get(rule) or COMBINATION_FAMILIES.get(family, ())
            later_words = f"not playable yet (needs {' + '.join(needs)})" if needs else ""
            if family in SCENARIO_FAMILIES:
                later_words = "not playable yet (needs {}: {})".format(*SCENARIO_FAMILIES[family])
            tests = "<br>".join(f"`{t}`" for t in table[rule])
            if not tests:
                tests = later_words if rule in later else "**MISSING**"
            lines.append(f"| {rule} | {tests} |")
        lines.append("")
    data = [rule for rule in table if rule in DATA_RULES]
    if data:
        lines += [
            "## Rules checked on data",
            "",
            "These rules are facts of the data the engine plays with; their tests read that data.",
            "Every other rule is covered by at least one test that drives the engine.",
            "",
        ]
        lines += [f"- {rule}: {DATA_RULES[rule]}" for rule in data]
        lines.append("")
    return "\n".join(lines)


def hand_written(document: str) -> str:
    """The hand-written end of the document (from :data:`HAND_WRITTEN`), or ``""``."""
    index = document.find(HAND_WRITTEN)
    return "" if index < 0 else "\n" + document[index:]


def main() -> int:
    table = coverage(checklist_rule_ids(CHECKLIST.read_text()) + expansion_rule_ids())
    kept = hand_written(DOCUMENT.read_text()) if DOCUMENT.exists() else ""
    DOCUMENT.write_text(render(table) + kept)
    missing = [rule for rule, tests in table.items() if not tests]
    print(f"{len(table)} rules, {len(table) - len(missing)} covered; wrote {DOCUMENT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

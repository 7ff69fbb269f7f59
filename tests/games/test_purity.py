"""The engines are pure Python: they run in a bot author's local runner as in a worker."""

from __future__ import annotations

import ast
from pathlib import Path

GAMES_DIR = Path(__file__).resolve().parents[2] / "games"
FORBIDDEN = (
    "django",
    "celery",
    "rest_framework",
    "redis",
    "psycopg",
    "socket",
    "requests",
    "urllib",
    "http",
    "arena",
    "tournament",
    "bots",
)


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_games_import_nothing_from_django_the_network_or_the_service() -> None:
    sources = sorted(GAMES_DIR.rglob("*.py"))
    assert sources, "no engine sources found"
    offenders = {
        str(path.relative_to(GAMES_DIR)): sorted(imported_modules(path) & set(FORBIDDEN))
        for path in sources
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_engines_never_touch_a_random_generator_outside_the_chance_helpers() -> None:
    """Contracts §1: all randomness is explicit; only ``sample_chance`` gets an rng."""
    for path in sorted(GAMES_DIR.rglob("*.py")):
        text = path.read_text()
        assert "random.seed(" not in text, path
        assert "random.shuffle(" not in text, path
        assert "random.choice(" not in text, path
        assert "random.randint(" not in text, path

"""Which app may import which (docs/ARCHITECTURE.md): nobody reads the pages, the match service
reads neither the pages nor the API, and the engines read no Django app at all."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

FORBIDDEN = {
    "games": ("arena", "bots", "tournament", "django"),
    "bots": ("arena", "tournament"),
    "tournament": ("arena.front", "arena.api", "arena.alerts"),
    "arena/api": ("arena.front",),
    "arena/alerts": ("arena.front", "arena.api"),
}
"""Package folder -> module prefixes its code must not import."""


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def breaks(module: str, prefixes: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_imports_only_what_its_layer_may(package: str) -> None:
    prefixes = FORBIDDEN[package]
    wrong = {
        f"{path.relative_to(ROOT)} imports {module}"
        for path in (ROOT / package).rglob("*.py")
        if "migrations" not in path.parts
        for module in imported_modules(path)
        if breaks(module, prefixes)
    }
    assert not wrong, sorted(wrong)


def test_the_check_sees_a_forbidden_import(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("from arena.front import views\nimport arena.api.urls\n")
    assert {m for m in imported_modules(module) if breaks(m, ("arena.front", "arena.api"))} == {
        "arena.front",
        "arena.front.views",
        "arena.api.urls",
    }

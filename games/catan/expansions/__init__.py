"""The expansions and scenarios of the board game, found as plug-ins (see ``games/catan/hooks.py``).

Every module or package here that defines ``EXPANSION`` (an :class:`~games.catan.hooks.Expansion`)
is one plug-in; :func:`registry` lists them, :func:`validate` checks a game's options against them
and :func:`hooks_for` gives a state the hooks of those that are on.

Option keys reserved for the expansions still to come (issues 13-15), so that their combinations
compose: ``scenario`` (one of :data:`PLANNED` ``["scenario"]``), ``catan_for_two``, ``seafarers``
(a map name) and ``cities_and_knights``. Until a plug-in defines one, asking for it raises
``ValueError`` naming what is playable.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

from games.catan.hooks import Combination, Expansion, Hooks

PLANNED: dict[str, tuple[Any, ...]] = {
    "scenario": ("fishermen", "rivers", "caravans", "barbarian_attack", "traders_barbarians"),
    "catan_for_two": (True,),
    "seafarers": (
        "new_shores",
        "four_islands",
        "fog_islands",
        "through_the_desert",
        "forgotten_tribe",
        "cloth_for_catan",
        "pirate_islands",
        "wonders_of_catan",
        "new_world",
    ),
    "cities_and_knights": (True,),
}
"""Option keys and values the expansion issues name (reference/expansions/README.md)."""

PLANNED_TITLES: dict[str, str] = {
    "catan_for_two": "Catan for Two",
    "fishermen": "The Fishermen of Catan",
    "rivers": "The Rivers of Catan",
    "caravans": "The Caravans",
    "barbarian_attack": "Barbarian Attack",
    "traders_barbarians": "Traders & Barbarians",
}
"""Family titles of the planned plug-ins (by family id), for a plug-in that sets no
``family_title`` of its own (the scenario names of reference/expansions/README.md)."""

OFF_VALUES = (None, False)
"""An expansion option with one of these values is off (the same as leaving the key out)."""


@cache
def registry() -> tuple[Expansion, ...]:
    """Every plug-in under this package, in module name order."""
    found = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        expansion = getattr(module, "EXPANSION", None)
        if isinstance(expansion, Expansion):
            found.append(expansion)
    return tuple(found)


@cache
def combinations() -> tuple[Combination, ...]:
    """The glue of every combination: ``GLUE`` of each module ``with_<partner>.py`` in a
    registered plug-in's package (Catan for Two's ``with_fishermen``, ...), in name order."""
    found = []
    for x in registry():
        module = importlib.import_module(type(x).__module__)
        for info in sorted(pkgutil.iter_modules(getattr(module, "__path__", [])), key=str):
            if info.name.startswith("with_"):
                glue = getattr(
                    importlib.import_module(f"{module.__name__}.{info.name}"), "GLUE", None
                )
                if isinstance(glue, Combination):
                    found.append(glue)
    return tuple(found)


def plugins() -> tuple[Expansion, ...]:
    """Every plug-in and every combination's glue (whose phases and actions the core takes in)."""
    return (*registry(), *combinations())


def _glue_of(on: tuple[Expansion, ...]) -> tuple[Combination, ...]:
    names = {x.name for x in on}
    return tuple(g for g in combinations() if set(g.pair) <= names)


def named(names: list[str] | tuple[str, ...]) -> tuple[Expansion, ...]:
    """The plug-ins of these names (a view's ``expansions``), in registry order; unknown names
    (a replay of a plug-in since removed) are left out."""
    wanted = set(names)
    return tuple(x for x in registry() if x.name in wanted)


@cache
def option_keys() -> frozenset[str]:
    """Option keys owned by expansions (built or planned)."""
    return frozenset(PLANNED) | {x.option for x in registry()}


def playable() -> dict[str, list[Any]]:
    """Option key -> the values a plug-in implements."""
    table: dict[str, list[Any]] = {}
    for x in registry():
        table.setdefault(x.option, []).extend(x.values)
    return table


def _describe_playable() -> str:
    return "; ".join(
        f"{key}: {', '.join(map(repr, values))}" for key, values in sorted(playable().items())
    )


def validate(options: dict[str, Any], num_players: int) -> tuple[Expansion, ...]:
    """The expansions ``options`` turn on, after checking each and every pair of them.

    Raises:
        ValueError: an unknown value, a planned expansion not built yet, a player count an
            expansion is not played with, or a combination no plug-in declares.
    """
    on: list[Expansion] = []
    for key in sorted(option_keys() & set(options)):
        value = options[key]
        if value in OFF_VALUES:
            continue
        chosen = [x for x in registry() if x.option == key and value in x.values]
        if not chosen:
            planned = PLANNED.get(key, ())
            if value in planned:
                raise ValueError(
                    f"option {key}={value!r} is not playable yet; playable: {_describe_playable()}"
                )
            allowed = [v for v in (*playable().get(key, ()), *planned) if v is not True]
            allowed_text = ", ".join(map(repr, dict.fromkeys(allowed))) or "true or false"
            raise ValueError(f"option {key} must be one of: {allowed_text} (got {value!r})")
        on.extend(chosen)
    for i, a in enumerate(on):
        for b in on[i + 1 :]:
            if b.name not in a.combines_with and a.name not in b.combines_with:
                partners = "; ".join(
                    f"{x.name} with {', '.join(x.combines_with) or 'nothing yet'}" for x in (a, b)
                )
                raise ValueError(
                    f"{a.name} and {b.name} cannot be combined (combinations: {partners})"
                )
    for x in on:
        x.validate(options, num_players)  # a scenario's counts lifted by a two-player partner
    return tuple(on)


def hooks_for(options: dict[str, Any]) -> Hooks:
    """The hooks of the expansions ``options`` turn on (options already validated), built once
    per set of expansions and the hooks each leaves out with these options (``unused_hooks``)."""
    on = tuple(x for x in registry() if x.active(options))
    return _hooks(on, tuple(x.unused_hooks(options) for x in on))


@cache
def _hooks(expansions: tuple[Expansion, ...], unused: tuple[frozenset[str], ...]) -> Hooks:
    return Hooks(expansions, _glue_of(expansions), unused)


def layout_name(options: dict[str, Any], default: str, players: int = 4) -> str:
    """The board layout: the one an expansion that is on asks for (for ``players`` players),
    else ``default``."""
    for x in registry():
        if x.active(options):
            name = x.layout_for(options, players)
            if name is not None:
                return name
    return default


def family_values() -> list[tuple[Expansion, Any]]:
    """``(plug-in, option value)`` of every family the plug-ins make playable, in registry order
    (a plug-in with ``family = False``, such as Masters, makes none)."""
    return [(x, value) for x in registry() if x.family for value in x.values]


def family_id(expansion: Expansion, value: Any) -> str:
    """The family id of one value of a plug-in's option: the plug-in's name when it has one
    value (``fishermen``, ``catan_for_two``), else ``<name>_<value>`` (a map of Seafarers)."""
    return expansion.name if len(expansion.values) == 1 else f"{expansion.name}_{value}"


def family_title(expansion: Expansion, value: Any) -> str:
    """What people read for a family: the plug-in's ``family_title``, else the planned title,
    else its name in words (with the value, for one of several)."""
    title = (
        expansion.family_title
        or PLANNED_TITLES.get(family_id(expansion, value))
        or expansion.name.replace("_", " ").capitalize()
    )
    return f"{title}: {expansion.value_title(value)}" if len(expansion.values) > 1 else title


def combination_families() -> list[tuple[str, str, tuple[int, ...], dict[str, Any]]]:
    """``(id, title, player counts, options)`` of each playable combination (a glue whose pair
    is registered): its own family, id and title the partners' joined by ``+``."""
    by_name = {x.name: x for x in registry()}
    found = []
    for glue in combinations():
        if not all(name in by_name for name in glue.pair):
            continue
        partners = [by_name[name] for name in glue.pair]  # the two-player game first
        options = {x.option: x.values[0] for x in partners}
        counts = set(partners[0].player_counts(options)) & set(partners[1].player_counts(options))
        title = " + ".join(family_title(x, x.values[0]) for x in partners)
        found.append((family_of(options) or glue.name, title, tuple(sorted(counts)), options))
    return found


def family_of(options: dict[str, Any]) -> str | None:
    """The family id of a game's options: the families that are on joined by ``+`` (a
    combination), or None when no family's option is on (the base game)."""
    ids = [
        family_id(x, v)
        for x, v in family_values()
        if x.option in options and options[x.option] == v
    ]
    return "+".join(ids) or None

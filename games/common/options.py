"""How a game describes its options: one record per option, read by forms, the API and checks.

An addition to the engine contract (``game.option_specs()``): each game builds its records
from the same tables its own ``validate_options`` reads (defaults, choices, integer ranges), so
the platform's forms and API schema offer exactly what the engine accepts and no game's rule
is repeated outside its package.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class OptionSpec:
    """One option: its name, type ("bool", "int", "choice"), default, and what it allows."""

    name: str
    type: str
    default: Any
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[Any, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["choices"] = list(self.choices)
        return data


def option_specs(
    defaults: Mapping[str, Any],
    choices: Mapping[str, Sequence[Any]],
    ranges: Mapping[str, tuple[int, int]],
) -> list[OptionSpec]:
    """The records of a game's options from its tables, in the defaults' order: an option with
    choices is a "choice" (a bool one with both values is a "bool"), one with a range an
    "int", any other bool a "bool"."""
    specs = []
    for name, default in defaults.items():
        allowed = tuple(choices.get(name, ()))
        if isinstance(default, bool) and (not allowed or set(allowed) == {False, True}):
            specs.append(OptionSpec(name, "bool", default))
        elif allowed:
            specs.append(OptionSpec(name, "choice", default, choices=allowed))
        elif name in ranges:
            low, high = ranges[name]
            specs.append(OptionSpec(name, "int", default, minimum=low, maximum=high))
        else:
            raise ValueError(f"option {name!r} has no choices or range to describe it")
    return specs

"""The options a ladder match is played with: the ladder's options plus a variant of its mix.

A ladder row's ``option_mix`` lists weighted variants, for example
``[{"weight": 3, "options": {}}, {"weight": 1, "options": {"masters": true}}]``: each ladder
match draws one (with the scheduler's random generator) and plays ``{**options, **variant}``,
so one ladder can play a share of its games under another rule set. An empty mix plays
``options`` alone. Randomness *inside* a game, such as a variable board, is an engine option
(``"layout": "variable"``) drawn from the match seed, so a replay reproduces it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.common.families import BASE
from games.registry import family_of, get_game


@dataclass(frozen=True)
class Variant:
    weight: int
    options: dict[str, Any]


def parse_mix(mix: Any) -> list[Variant]:
    """The variants of an ``option_mix`` value.

    Raises:
        ValueError: not a list of ``{"weight": positive int, "options": {...}}`` objects.
    """
    if mix in (None, []):
        return []
    if not isinstance(mix, list):
        raise ValueError("the option mix must be a list of {weight, options} objects")
    variants = []
    for index, entry in enumerate(mix):
        where = f"option mix entry {index}"
        if not isinstance(entry, dict) or set(entry) != {"weight", "options"}:
            raise ValueError(f'{where}: needs exactly the keys "weight" and "options"')
        weight, options = entry["weight"], entry["options"]
        if type(weight) is not int or weight < 1:
            raise ValueError(f"{where}: the weight must be a positive integer")
        if not isinstance(options, dict):
            raise ValueError(f"{where}: the options must be an object")
        variants.append(Variant(weight, dict(options)))
    return variants


def draw_options(
    options: dict[str, Any], mix: Sequence[Variant], rng: random.Random
) -> dict[str, Any]:
    """The options of one match: ``options`` with a variant drawn by weight laid over them."""
    if not mix:
        return dict(options)
    (variant,) = rng.choices(mix, weights=[v.weight for v in mix])
    return {**options, **variant.options}


def check_ladder_options(
    game: str, players: int, options: Any, mix: Any, family: str = BASE
) -> None:
    """Check every option set the ladder can draw against the game's engine, and that each
    stays in the ladder's ``family`` (a family's options are part of its ladder's options).

    Raises:
        ValueError: malformed options or mix, options the engine rejects (its message says
            which), or options of another family.
    """
    if not isinstance(options, dict):
        raise ValueError("the options must be an object")
    engine = get_game(game)
    for variant in parse_mix(mix) or [Variant(1, {})]:
        drawn = {**options, **variant.options}
        engine.new_game(num_players=players, seed=0, options=drawn)
        if (found := family_of(game, drawn)) != family:
            raise ValueError(
                f"the options {drawn} play the family {found}, not this ladder's {family}"
            )

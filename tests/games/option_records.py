"""One check for every game's option records: what forms and the API offer, ``new_game`` takes."""

from __future__ import annotations

from typing import Any

import pytest


def assert_records_match_new_game(game: Any, num_players: int, refusal: str) -> list[Any]:
    """Each record's default is the game's, every value it allows is accepted by ``new_game``,
    and an integer just beyond its range is refused with a message matching ``refusal``
    (formatted with the option's ``name``). Returns the records for the caller's own checks."""
    specs = game.option_specs()
    assert {spec.type for spec in specs} == {"bool", "choice", "int"}
    for spec in specs:
        assert spec.default == game.default_options[spec.name]
        allowed = [spec.default, *spec.choices]
        if spec.type == "bool":
            allowed += [False, True]
        if spec.type == "int":
            assert spec.minimum is not None and spec.maximum is not None
            allowed += [spec.minimum, spec.maximum]
            for beyond in (spec.minimum - 1, spec.maximum + 1):
                with pytest.raises(ValueError, match=refusal.format(name=spec.name)):
                    game.new_game(num_players, 1, {spec.name: beyond})
        for value in allowed:
            assert game.new_game(num_players, 1, {spec.name: value}).options[spec.name] == value
    return specs

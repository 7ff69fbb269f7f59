"""The base game is unchanged by boards-as-values and the expansion hooks: seeded random games hash
as they did on main before the change (``data/fingerprints.json``, recorded there with
``python -m tests.games.catan.fingerprint --record``). The Masters sets were recorded again when
engine 1.1.0 fixed Masters rules on purpose (issue 11: Siegfried, Louis, the Bride, Vincent, the
Negotiant's log); the others did not change and are still main's from before the refactor.

The ``quick`` sets (2 games of each of 9 configs) run with the suite; the ``full`` sets (34 games
each: 306 games, 2/3/4 players with and without Masters, the beginner set-up, no domestic trade)
are ``slow``.
"""

from __future__ import annotations

import json

import pytest

from tests.games.catan.fingerprint import (
    CONFIGS,
    DATA,
    GAMES_PER_CONFIG,
    config_fingerprint,
    static_fingerprint,
)

RECORDED = json.loads(DATA.read_text(encoding="utf-8"))


def test_static_info_of_the_base_game_keeps_every_table() -> None:
    assert static_fingerprint() == RECORDED["static"]


@pytest.mark.parametrize("name", list(CONFIGS))
def test_quick_fingerprints_match_main(name: str) -> None:
    assert config_fingerprint(name, GAMES_PER_CONFIG["quick"]) == RECORDED[f"quick:{name}"]


@pytest.mark.slow
@pytest.mark.parametrize("name", list(CONFIGS))
def test_full_fingerprints_match_main(name: str) -> None:
    assert config_fingerprint(name, GAMES_PER_CONFIG["full"]) == RECORDED[f"full:{name}"]

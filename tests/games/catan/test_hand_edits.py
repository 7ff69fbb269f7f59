"""``state.touch()`` after editing a state by hand (tests, tools): the next legal list sees the
edit, also where a plug-in keeps its long main-phase list per ``state.version`` (Cities &
Knights, ``keeps_main_list``)."""

from __future__ import annotations

from tests.games.catan.expansions.cities_knights.helpers import ck_game, in_main
from tests.games.catan.fixtures import set_hand


def _builds_road(state) -> bool:
    return any(a["type"] == "build_road" for a in state.legal_actions())


def test_each_touch_gives_a_new_version_so_a_kept_list_is_not_reused() -> None:
    state = in_main(ck_game())
    p = state.turn_player
    assert state.keeps_main
    set_hand(state, p)
    state.touch()
    assert not _builds_road(state)
    set_hand(state, p, lumber=1, brick=1)
    state.touch()
    assert _builds_road(state)
    set_hand(state, p)
    state.touch()
    assert not _builds_road(state)


def test_a_touch_after_a_move_never_brings_back_the_list_kept_before_it() -> None:
    """A road built (BG-BUILD-02), then the hand emptied by hand (``set_hand`` touches): the
    next list offers no road, least of all the one just built on its now taken path. Versions
    only grow: a ``touch`` going back to the version of the list kept before the move would
    give that list again."""
    state = in_main(ck_game())
    p = state.turn_player
    set_hand(state, p, lumber=1, brick=1)
    road = next(a for a in state.legal_actions() if a["type"] == "build_road")
    state.apply(road)
    set_hand(state, p)
    assert not _builds_road(state)

"""What the ladder plays: a random board per Catan match, four players, a share with Masters."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from django.core.exceptions import ValidationError

from games.common.api import CHANCE
from games.common.chance import ChanceStreams
from games.registry import get_game
from tournament.models import GameLadder, Match
from tournament.scheduler import ladder_for, schedule_ladder
from tournament.variants import Variant, check_ladder_options, draw_options, parse_mix

MASTERS_MIX = [{"weight": 3, "options": {}}, {"weight": 1, "options": {"masters": True}}]


def test_a_variant_is_drawn_by_weight_and_laid_over_the_options() -> None:
    mix = parse_mix(MASTERS_MIX)
    assert mix == [Variant(3, {}), Variant(1, {"masters": True})]
    rng = random.Random(5)
    drawn = [draw_options({"layout": "variable", "masters": False}, mix, rng) for _ in range(4000)]
    assert all(d["layout"] == "variable" for d in drawn)
    share = Counter(d["masters"] for d in drawn)[True] / len(drawn)
    assert 0.22 < share < 0.28
    assert draw_options({"victory_points": 8}, [], rng) == {"victory_points": 8}


@pytest.mark.parametrize(
    ("mix", "message"),
    [
        ({"weight": 1}, "must be a list"),
        ([{"weight": 1}], 'exactly the keys "weight" and "options"'),
        ([{"weight": 0, "options": {}}], "positive integer"),
        ([{"weight": True, "options": {}}], "positive integer"),
        ([{"weight": 1, "options": []}], "must be an object"),
    ],
)
def test_a_malformed_mix_is_refused_with_its_fault(mix, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_mix(mix)


def test_every_variant_is_checked_by_the_engine() -> None:
    check_ladder_options("catan", 4, {"layout": "variable"}, MASTERS_MIX)
    with pytest.raises(ValueError, match="masters"):
        check_ladder_options("catan", 4, {}, [{"weight": 1, "options": {"masters": "yes"}}])
    with pytest.raises(ValueError, match="3 or 4 players"):
        check_ladder_options("catan", 5, {}, [])


@pytest.mark.django_db
def test_the_admin_refuses_a_ladder_row_the_engine_would_refuse() -> None:
    ladder = GameLadder(game="catan", players_per_match=4, options={"layout": "hexagonal"})
    with pytest.raises(ValidationError, match="layout"):
        ladder.full_clean()
    ladder.options = {"layout": "variable"}
    ladder.option_mix = MASTERS_MIX
    ladder.full_clean()


@pytest.mark.django_db
def test_a_new_catan_ladder_plays_four_players_on_random_boards_a_quarter_with_masters() -> None:
    ladder = ladder_for("catan")
    assert ladder.players_per_match == 4
    assert ladder.options == {"layout": "variable"}
    assert ladder.option_mix == MASTERS_MIX
    ladder.full_clean()  # the defaults are valid


def board_of(match: Match) -> list[str]:
    """The terrains of the match's board, drawn from its seed as the runner does."""
    state = get_game("catan").new_game(
        num_players=match.participants.count(), seed=match.seed, options=match.options
    )
    chance = ChanceStreams(match.seed)
    while state.current_player() == CHANCE and state.chance_kind() == "board":
        state.apply(chance.sample(state))
    return state.observation(0)["board"]["terrains"]


@pytest.mark.django_db
def test_ladder_matches_get_their_own_board_and_some_get_masters(house_bots) -> None:
    GameLadder.objects.filter(game="catan").update(
        players_per_match=4, options={"layout": "variable"}, option_mix=MASTERS_MIX
    )
    ids = schedule_ladder("catan", 40, respect_bot_limit=False, rng=random.Random(3))
    matches = list(Match.objects.filter(id__in=ids))
    assert all(m.participants.count() == 4 for m in matches)
    assert 3 <= sum(m.options.get("masters", False) for m in matches) <= 20
    boards = [board_of(m) for m in matches[:10]]
    assert len({tuple(b) for b in boards}) == 10, "two matches on one board"
    # The board is the seed's: the same match replayed draws the same board.
    assert board_of(matches[0]) == boards[0]

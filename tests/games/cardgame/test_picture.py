"""The principality picture shows the engine's position, and a public picture hides the hands."""

from __future__ import annotations

import pytest

from games.cardgame import picture as card_picture
from games.cardgame.cards import CARDS
from games.cardgame.constants import ALL_STACKS
from games.registry import GAMES
from tests.games.random_game import play_random
from tests.games.svg import by_class, parse, text_of


@pytest.fixture(scope="module")
def mid_game():
    state, _ = play_random("cardgame", 2, seed=4, stop_after=2500)
    return state


def test_each_principality_shows_its_centre_regions_and_expansions(mid_game) -> None:
    data = mid_game.to_dict()
    root = parse(card_picture.draw(card_picture.full_view(mid_game)))
    for seat, domain in enumerate(data["domains"]):
        centre = {
            int(c.get("data-col")): c.get("data-card")
            for c in by_class(root, "centre")
            if c.get("data-seat") == str(seat)
        }
        assert centre == {col: kind for col, kind, _card, _under in domain["centre"]}
        regions = {
            (int(r.get("data-col")), int(r.get("data-row"))): (
                r.get("data-resource"),
                int(r.get("data-amount")),
            )
            for r in by_class(root, "region")
            if r.get("data-seat") == str(seat)
        }
        assert regions == {
            (col, side): (CARDS[card].resource, amount)
            for col, side, card, amount in domain["regions"]
        }
        slots = {
            (int(e.get("data-col")), int(e.get("data-row"))): e.get("data-card")
            for e in by_class(root, "expansion")
            if e.get("data-seat") == str(seat)
        }
        assert slots == {(col, row): CARDS[card].type for col, row, card in domain["slots"]}
        assert slots, "a game this far on has expansions"


def test_the_panels_show_vp_hands_tokens_and_stacks(mid_game) -> None:
    data = mid_game.to_dict()
    root = parse(card_picture.draw(card_picture.full_view(mid_game), ["north", "south"]))
    seats = {int(s.get("data-seat")): s for s in by_class(root, "seat")}
    for seat in (0, 1):
        assert int(seats[seat].get("data-vp")) == mid_game.vp(seat)
        assert int(seats[seat].get("data-hand-size")) == len(data["domains"][seat]["hand"])
        hand = text_of(by_class(seats[seat], "hand")[0])
        for card in data["domains"][seat]["hand"]:
            assert card.split("#")[0].removeprefix("ev_").replace("_", " ") in hand
    assert "north" in text_of(seats[0]) and "south" in text_of(seats[1])
    stacks = {s.get("data-stack"): int(s.get("data-size")) for s in by_class(root, "stack")}
    assert stacks == {name: len(data["stacks"][name]) for name in ALL_STACKS}


def test_a_public_picture_is_the_same_whatever_the_hidden_cards_are(mid_game) -> None:
    data = mid_game.to_dict()
    seat = 0 if data["domains"][0]["hand"] else 1
    stack = next(name for name in ALL_STACKS if data["stacks"][name] and name.startswith("dev"))
    # Swap a card in the hand with one in a stack: every count stays, the secrets change.
    changed = mid_game.to_dict()
    hand, pile = changed["domains"][seat]["hand"], changed["stacks"][stack]
    hand[0], pile[0] = pile[0], hand[0]
    assert hand[0].split("#")[0] != data["domains"][seat]["hand"][0].split("#")[0]
    other = GAMES["cardgame"].from_dict(changed)
    public = card_picture.draw(card_picture.public_view(mid_game))
    assert card_picture.draw(card_picture.public_view(other)) == public
    assert not by_class(parse(public), "hand")
    assert card_picture.draw(card_picture.full_view(other)) != card_picture.draw(
        card_picture.full_view(mid_game)
    )

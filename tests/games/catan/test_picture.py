"""The board picture shows the engine's position, and a public picture hides every hand."""

from __future__ import annotations

import pytest

from games.catan import GAME
from games.catan import picture as catan_picture
from games.catan.topology import HARBOR_VERTICES
from games.common.chance import ChanceStreams
from tests.games.random_game import play_random
from tests.games.svg import by_class, parse, text_of


@pytest.fixture(scope="module")
def mid_game():
    state, _ = play_random("catan", 4, seed=5, options={"masters": True}, stop_after=2500)
    return state


def test_the_picture_has_19_hexes_with_their_terrains_and_tokens(mid_game) -> None:
    data = mid_game.to_dict()
    root = parse(catan_picture.draw(catan_picture.full_view(mid_game)))
    hexes = by_class(root, "hex")
    assert [int(h.get("data-hex")) for h in hexes] == list(range(19))
    assert [h.get("data-terrain") for h in hexes] == data["terrains"]
    tokens = {int(t.get("data-hex")): int(text_of(t)) for t in by_class(root, "token")}
    assert tokens == {h: n for h, n in enumerate(data["numbers"]) if n}
    hot = [t for t in by_class(root, "token") if int(text_of(t)) in (6, 8)]
    assert hot and all(t.get("fill") != "#1f2933" for t in hot)  # 6 and 8 stand out
    assert [h.get("data-kind") for h in by_class(root, "harbor")] == data["harbors"]
    assert len(HARBOR_VERTICES) == 9


def test_the_robber_and_every_piece_are_where_the_engine_says(mid_game) -> None:
    data = mid_game.to_dict()
    root = parse(catan_picture.draw(catan_picture.full_view(mid_game)))
    (robber,) = by_class(root, "robber")
    assert int(robber.get("data-hex")) == data["robber"]
    drawn = {
        int(b.get("data-vertex")): (int(b.get("data-seat")), b.get("class"))
        for kind in ("settlement", "city")
        for b in by_class(root, kind)
    }
    expected = {
        v: (owner, "city" if data["vertex_level"][v] == 2 else "settlement")
        for v, owner in enumerate(data["vertex_owner"])
        if owner != -1
    }
    assert drawn == expected and any(kind == "city" for _, kind in drawn.values())
    roads = {int(r.get("data-edge")): int(r.get("data-seat")) for r in by_class(root, "road")}
    assert roads == {e: o for e, o in enumerate(data["edge_owner"]) if o != -1}


def test_a_settlement_appears_where_one_was_built() -> None:
    state = GAME.new_game(num_players=3, seed=1, options={"placement": "founding"})
    streams = ChanceStreams(1)
    while state.current_player() < 0:  # the rolls for the first player
        state.apply(streams.sample(state))
    assert not by_class(_svg(state), "settlement")
    action = next(a for a in state.legal_actions() if a["type"] == "place_settlement")
    seat = state.current_player()
    state.apply(action)
    settlements = by_class(_svg(state), "settlement")
    assert [(s.get("data-vertex"), s.get("data-seat")) for s in settlements] == [
        (str(action["vertex"]), str(seat))
    ]


def test_the_seat_panels_show_vp_cards_and_the_special_cards(mid_game) -> None:
    data = mid_game.to_dict()
    root = parse(catan_picture.draw(catan_picture.full_view(mid_game), ["a", "b", "c", "d"]))
    seats = by_class(root, "seat")
    assert len(seats) == 4
    for seat, panel in enumerate(seats):
        assert int(panel.get("data-vp")) == mid_game.total_vp(seat)
        assert int(panel.get("data-resource-cards")) == sum(data["hand"][seat])
        assert int(panel.get("data-development-cards")) == sum(data["dev_hand"][seat])
        badges = text_of(by_class(panel, "badges")[0])
        assert ("Longest Road" in badges) == (data["longest_road"] == seat)
        assert ("Largest Army" in badges) == (data["largest_army"] == seat)
        assert "master" in badges  # the Masters option is on in this game
    assert "a" in text_of(seats[0])


def test_a_public_picture_is_the_same_whatever_the_hidden_cards_are(mid_game) -> None:
    data = mid_game.to_dict()
    seat = max(range(4), key=lambda p: sum(data["hand"][p]))
    assert sum(data["hand"][seat]) >= 2
    # Change what the seat holds without changing how many: move a card to another resource,
    # and turn a development card into another kind.
    changed = mid_game.to_dict()
    hand = changed["hand"][seat]
    source = next(r for r in range(5) if hand[r])
    hand[source] -= 1
    hand[(source + 1) % 5] += 1
    dev = changed["dev_hand"][seat]
    played_kind = next((c for c in range(4) if dev[c]), None)
    if played_kind is not None:  # a hidden victory point card instead of another card
        dev[played_kind] -= 1
        dev[4] += 1
    other = GAME.from_dict(changed)
    public = catan_picture.draw(catan_picture.public_view(mid_game))
    assert catan_picture.draw(catan_picture.public_view(other)) == public
    assert catan_picture.draw(catan_picture.full_view(other)) != catan_picture.draw(
        catan_picture.full_view(mid_game)
    )
    assert not by_class(parse(public), "hand")


def _svg(state):
    return parse(catan_picture.draw(catan_picture.full_view(state)))

"""The board picture shows the engine's position, and a public picture hides every hand."""

from __future__ import annotations

import json

import pytest

from games.catan import GAME
from games.catan import picture as catan_picture
from games.catan.constants import DEV_CARDS, RESOURCES
from games.common.chance import ChanceStreams
from tests.games.random_game import play_random
from tests.games.svg import by_class, covered_tokens, parse, text_of, visible_text


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
    assert len(mid_game.board.harbor_vertices) == 9


def test_the_harbours_lie_off_the_coast_clear_of_the_number_tokens(mid_game) -> None:
    root = parse(catan_picture.draw(catan_picture.full_view(mid_game)))
    assert len(by_class(root, "harbor")) == 9
    assert covered_tokens(root) == []


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
        badges = [text_of(badge) for badge in by_class(panel, "badge")]
        assert ("Longest Road" in badges) == (data["longest_road"] == seat)
        assert ("Largest Army" in badges) == (data["largest_army"] == seat)
        hand = {
            r.get("data-resource"): int(r.get("data-count"))
            for r in by_class(panel, "hand-resource")
        }
        assert list(hand.values()) == data["hand"][seat] and list(hand) == list(RESOURCES)
    assert {data["longest_road"], data["largest_army"]} <= set(range(4))  # both are drawn above
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


# ---------------------------------------------------------------------- everything public is drawn


def test_the_picture_shows_the_bank_the_deck_the_dice_and_whose_move_it_is(mid_game) -> None:
    data = mid_game.to_dict()
    root = parse(catan_picture.draw(catan_picture.public_view(mid_game)))
    bank = {
        b.get("data-resource"): int(b.get("data-count")) for b in by_class(root, "bank-resource")
    }
    assert bank == dict(zip(RESOURCES, data["bank"], strict=True))
    (deck,) = by_class(root, "development-deck")
    assert int(deck.get("data-count")) == sum(data["dev_deck"])
    (dice,) = by_class(root, "dice")
    assert int(dice.get("data-total")) == sum(data["dice"]) and "Turn 148" in text_of(root)
    # This position is a trade waiting for answers: each seat's part in it is its tag.
    trade = mid_game.observation(0)["trade"]
    tags = {
        int(panel.get("data-seat")): text_of(by_class(panel, "tag")[0])
        for panel in by_class(root, "seat")
    }
    assert tags[mid_game.current_player()] == "▶ to act"
    assert tags[trade["proposer"]] == "offers"
    waiting = set(trade["pending"]) - {mid_game.current_player()}
    assert waiting and all(tags[seat] == "to answer" for seat in waiting)
    (now,) = by_class(root, "now")
    assert text_of(now) == "Trade on offer: 1 ore for 1 wool"
    for panel in by_class(root, "seat"):
        seat = int(panel.get("data-seat"))
        assert int(panel.get("data-vp")) == mid_game.public_vp(seat)  # visible VP only


def test_long_names_are_cut_and_kept_whole_in_a_tooltip(mid_game) -> None:
    name = "An Exceedingly Long Bot Name That Would Run Into The Score v12"
    root = parse(catan_picture.draw(catan_picture.public_view(mid_game), [name, "b", "c", "d"]))
    first = by_class(root, "seat")[0]
    shown = next(t for t in first.iter() if t.tag.endswith("text") and name in text_of(t))
    assert shown.find("{http://www.w3.org/2000/svg}title").text == name
    assert len(text_of(shown)) - len(name) <= catan_picture.NAME_CHARS


# ---------------------------------------------------------------------- Masters


def test_the_masters_stack_and_reserve_are_drawn_face_up_with_their_numbers() -> None:
    state, _ = play_random(
        "catan", 4, seed=2, options={"masters": True}, stop_when=_dealt_to_two_seats
    )
    assert state.master_stack and state.master_reserve  # still in the founding
    root = parse(catan_picture.draw(catan_picture.public_view(state)))
    (stack,) = by_class(root, "masters-stack")
    (reserve,) = by_class(root, "masters-reserve")
    assert [c.get("data-master") for c in by_class(stack, "master-card")] == state.master_stack
    assert [c.get("data-master") for c in by_class(reserve, "master-card")] == state.master_reserve
    assert int(stack.get("data-count")) == len(state.master_stack)
    # MA-SETUP-01: A1 on top; two masters are dealt, so A3 is next.
    assert visible_text(by_class(stack, "master-card")[0]) == "A3 Louis"
    assert "Reserve (4)" in text_of(reserve)
    for panel in by_class(root, "seat"):
        master = state.master_of[int(panel.get("data-seat"))]
        cards = by_class(panel, "master-card")
        assert [c.get("data-master") for c in cards] == ([master] if master else [])
        assert master or "no master yet" in text_of(panel)


def test_after_the_founding_the_stack_is_empty_and_each_master_shows_its_side(mid_game) -> None:
    root = parse(catan_picture.draw(catan_picture.public_view(mid_game)))
    (stack,) = by_class(root, "masters-stack")
    assert stack.get("data-count") == "0" and "joined the reserve" in text_of(stack)
    (reserve,) = by_class(root, "masters-reserve")
    drawn = [c.get("data-master") for c in by_class(reserve, "master-card")]
    assert drawn == mid_game.master_reserve and len(drawn) == 6  # MA-SETUP-06: 4 + A5, A6
    masters = mid_game.observation(0)["masters"]["players"]
    for panel in by_class(root, "seat"):
        seat = int(panel.get("data-seat"))
        (card,) = by_class(panel, "master-card")
        assert card.get("data-side") == mid_game.master_side[seat]
        ready, used = masters[seat]["ready"], masters[seat]["used_this_turn"]
        assert card.get("data-status") == ("new" if not ready else "used" if used else "ready")
    statuses = {c.get("data-status") for c in by_class(root, "master-card")}
    sides = {c.get("data-side") for c in by_class(root, "master-card")}
    assert {"new", "ready"} <= statuses and sides == {"A", "B"}  # the position shows both


def test_jean_s_resource_is_shown_for_the_rest_of_the_turn() -> None:
    state, _ = play_random(
        "catan", 4, seed=1, options={"masters": True}, stop_when=lambda s: s.jean_resource >= 0
    )
    jean = RESOURCES[state.jean_resource]
    root = parse(catan_picture.draw(catan_picture.public_view(state), ["a", "b", "c", "d"]))
    (line,) = by_class(root, "jean")
    assert line.get("data-resource") == jean
    assert f"{'abcd'[state.turn_player]} trades {jean} 2:1" in text_of(line)


def test_kandamir_s_draw_is_public_as_a_count_and_the_replay_shows_the_cards() -> None:
    state = _masters_at_work("kandamir_keep")
    cards = state.observation(0)["masters"]["drawn"]  # seat 0 drew them: only he knows
    assert len(cards) == 3
    public = catan_picture.public_view(state)
    assert public["masters"]["at_work"] == {"master": "kandamir", "seat": 0, "drawn": 3}
    root = parse(catan_picture.draw(public))
    assert text_of(by_class(root, "now")[0]) == "Kandamir: drew 3 cards, keeps one"

    # The same position with other cards drawn draws the same public picture...
    changed = state.to_dict()
    drawn = changed["masters_state"]["kandamir_cards"]
    old = drawn[0]
    new = next(c for c in range(5) if c != old and changed["dev_deck"][c])
    drawn[0] = new
    changed["dev_deck"][old] += 1
    changed["dev_deck"][new] -= 1
    changed["dev_drawn"][old] -= 1
    changed["dev_drawn"][new] += 1
    other = GAME.from_dict(changed)
    assert other.observation(0)["masters"]["drawn"] != cards
    assert catan_picture.public_view(other) == public
    assert catan_picture.draw(catan_picture.public_view(other)) == catan_picture.draw(public)
    # ... and names no development card ("knight" would match the count of knights played).
    assert not any(f'"{card}"' in json.dumps(public) for card in DEV_CARDS)
    shown = visible_text(root)
    assert not any(card.replace("_", " ") in shown for card in DEV_CARDS if card != "knight")

    full = catan_picture.full_view(state)
    assert full["masters"]["at_work"]["cards"] == cards
    now = text_of(by_class(parse(catan_picture.draw(full)), "now")[0])
    assert now == f"Kandamir: drew {', '.join(c.replace('_', ' ') for c in cards)}, keeps one"
    assert catan_picture.draw(catan_picture.full_view(other)) != catan_picture.draw(full)


def test_hildegard_s_look_is_public_as_whose_hand_not_what_is_in_it() -> None:
    state = _masters_at_work("hildegard_take")
    target = state.hildegard_target
    assert state.observation(0)["masters"]["looking_at"]["seat"] == target  # seat 0 looks
    public = catan_picture.public_view(state)
    names = ["Hilde", "Bert", "Cleo"]
    assert "looking_at" not in public["masters"]
    words = text_of(by_class(parse(catan_picture.draw(public, names)), "now")[0])
    assert words == f"Hildegard: looks at {names[target]}'s hand, may take a card"

    changed = state.to_dict()
    hand = changed["hand"][target]
    source = next(r for r in range(5) if hand[r])
    hand[source] -= 1
    hand[(source + 1) % 5] += 1
    other = GAME.from_dict(changed)
    assert (
        other.observation(0)["masters"]["looking_at"]
        != state.observation(0)["masters"]["looking_at"]
    )
    assert catan_picture.public_view(other) == public


def test_the_negotiant_s_debts_name_the_seats_he_still_owes() -> None:
    state = _masters_at_work("negotiant_pay")
    owed = list(state.negotiant_debts)
    assert owed
    names = ["Nego", "Bert", "Cleo"]
    root = parse(catan_picture.draw(catan_picture.public_view(state), names))
    words = text_of(by_class(root, "now")[0])
    assert words == f"Negotiant: owes a card to {', '.join(names[seat] for seat in owed)}"


def test_a_live_view_written_before_trades_and_masters_at_work_were_drawn_still_draws(
    mid_game,
) -> None:

    view = catan_picture.public_view(mid_game)
    del view["trade"]
    del view["masters"]["at_work"]
    root = parse(catan_picture.draw(view))
    assert by_class(root, "masters-reserve") and text_of(by_class(root, "now")[0])


def _dealt_to_two_seats(state) -> bool:
    return sum(master is not None for master in state.master_of) == 2


def _masters_at_work(phase: str):
    """A 3-player Masters game at the first ``phase`` in which seat 0 decides."""
    state, _ = play_random(
        "catan",
        3,
        seed=7,
        options={"masters": True},
        stop_when=lambda s: s.phase == phase and s.current_player() == 0,
    )
    assert state.phase == phase
    return state

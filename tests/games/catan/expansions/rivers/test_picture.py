"""Rivers, swamps, bridges and gold in the picture, and the scenario's events in words."""

from __future__ import annotations

from games.catan import actions as A
from games.catan import narrate
from games.catan import picture as catan_picture
from games.catan.mechanics import gold
from tests.games.catan.expansions.rivers.helpers import cleared, set_gold
from tests.games.catan.fixtures import put, roll, set_hand
from tests.games.svg import by_class, parse, visible_text

NAMES = ["Ann", "Bob", "Cy", "Di"]


def _with_a_bridge():
    state = cleared()
    e = state.board.sites["bridge_sites"][0]
    put(state, 0, settlements=[state.board.edge_vertices[e][0]])
    roll(state, 3)
    set_gold(state, [0, 1, 2, 2])
    set_hand(state, 0, brick=2, lumber=1)
    state.apply({"type": "build_bridge", "edge": e})
    return state, e


def test_the_picture_draws_both_rivers_the_swamps_the_sites_and_the_bridges() -> None:
    state, e = _with_a_bridge()
    root = parse(catan_picture.draw(catan_picture.public_view(state), NAMES))
    rivers = by_class(root, "river")
    assert sorted(r.get("data-hexes") for r in rivers) == ["3 8 13 16", "5 10 15"]
    assert sorted(int(s.get("data-hex")) for s in by_class(root, "swamp")) == [15, 16]
    assert [(int(b.get("data-edge")), b.get("data-seat")) for b in by_class(root, "bridge")] == [
        (e, "0")
    ]
    assert len(by_class(root, "bridge-site")) == 6
    swamps = [h for h in by_class(root, "hex") if h.get("data-terrain") == "swamp"]
    assert len(swamps) == 2 and all(h.get("fill") == catan_picture.OTHER_TERRAIN for h in swamps)
    assert by_class(root, "token-also")  # the 2 on the 12
    words = visible_text(root)
    assert "gold 3 · 2 bridges · wealthiest +1" in words  # seat 0: 3 gold, alone at the top
    assert "gold 0" not in words and "gold 1 · 3 bridges · poor -2" in words


def test_the_scenarios_events_are_told() -> None:
    state, _e = _with_a_bridge()
    set_hand(state, 0, ore=4)
    state.apply(gold.BUY[4][4])
    state.apply({"type": "exchange_gold", "resource": "wool"})
    state.apply(A.END_TURN)
    told = [s for s in narrate.tell(state.events[-8:], NAMES, state) if s]
    text = " ".join(told)
    assert "Ann builds a bridge between" in text
    assert "Ann receives 3 gold (a bridge)." in text
    assert "Ann gives 4 ore to the bank for 1 gold." in text
    assert "Ann pays 2 gold for 1 wool." in text
    assert "(2 gold for a resource)" not in text and "(bought" not in text  # said once

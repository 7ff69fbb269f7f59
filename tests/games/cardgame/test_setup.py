"""Setup: starting domains, the ten stacks, the first-player roll and the first hands."""

from __future__ import annotations

from games.cardgame import GAME
from games.cardgame.cards import CARDS
from games.cardgame.constants import DEV_STACKS
from games.common.api import CHANCE
from tests.games.cardgame.positions import at_first_roll, first_choice_setup
from tests.games.option_records import assert_records_match_new_game


def test_cg_setup_01_02_03_04_05_12_starting_domains() -> None:
    """CG-SETUP-01, CG-SETUP-02, CG-SETUP-03, CG-SETUP-04, CG-SETUP-05, CG-SETUP-12: each player
    has 9 crest cards: road in the centre, settlements left and right, six regions on the six
    corners in the owner's order, 1 unit each, 2 VP."""
    state = GAME.new_game(2, 3, {})
    while state.tasks[0]["t"] != "place_start":
        state.apply(state.chance_outcomes()[0][0])
    assert state.current_player() == 0
    legal = state.legal_actions()
    assert len(legal) == 6  # any corner, in any order
    state.apply(legal[5])  # the first region (Fields) goes on the lower right corner
    while state.current_player() != CHANCE:
        state.apply(state.legal_actions()[0])
    for seat, owner in ((0, "A"), (1, "B")):
        dom = state.domains[seat]
        assert {CARDS[c].owner for c in dom.all_cards()} == {owner}
        assert len(dom.all_cards()) == 9
        assert [dom.centre[c][0] for c in sorted(dom.centre)] == [
            "settlement",
            "road",
            "settlement",
        ]
        assert sorted(dom.regions) == [(-1, -1), (-1, 1), (1, -1), (1, 1), (3, -1), (3, 1)]
        assert all(amount == 1 for _card, amount in dom.regions.values())
        assert sorted(dom.totals()) == sorted(["grain", "ore", "wool", "lumber", "brick", "gold"])
        assert state.vp(seat) == 2
    assert CARDS[state.domains[0].regions[(3, -1)][0]].resource == "grain"


def test_cg_setup_06_07_08_ten_stacks() -> None:
    """CG-SETUP-06, CG-SETUP-07, CG-SETUP-08: 4 territory stacks, 5 development stacks of
    13/13/12/12/12 shuffled by chance, and the event stack: 10 stacks."""
    state = GAME.new_game(2, 3, {})
    assert state.chance_kind() == "deck:development"
    while state.tasks[0]["t"] != "place_start":
        state.apply(state.chance_outcomes()[-1][0])
    sizes = {k: len(v) for k, v in state.stacks.items()}
    assert len(sizes) == 10
    assert sizes == {
        "road": 7,
        "settlement": 5,
        "city": 7,
        "region": 11,
        "dev0": 13,
        "dev1": 13,
        "dev2": 12,
        "dev3": 12,
        "dev4": 12,
        "event": 10,
    }
    for territory in ("road", "settlement", "city", "region"):  # CG-SETUP-06: sorted by back
        assert {CARDS[c].kind for c in state.stacks[territory]} == {territory}
    territories = {
        c
        for c, card in CARDS.items()
        if card.kind in ("road", "settlement", "city", "region") and not c.startswith("start_")
    }
    assert territories == {
        c for t in ("road", "settlement", "city", "region") for c in state.stacks[t]
    }
    dev = [c for k in DEV_STACKS for c in state.stacks[k]]
    assert {CARDS[c].kind for c in dev} == {"action", "green", "red"}
    assert {CARDS[c].kind for c in state.stacks["event"]} == {"event"}


def test_cg_setup_09_higher_roll_starts_and_ties_reroll() -> None:
    """CG-SETUP-09: the higher first roll starts; a tie is rolled again (A-CG-22)."""
    state = at_first_roll(3)
    assert state.chance_kind() == "dice"
    state.apply({"type": "first_roll", "rolls": [4, 4]})
    assert state.current_player() == CHANCE and state.tasks[0]["t"] == "first_roll"
    state.apply({"type": "first_roll", "rolls": [2, 5]})
    assert state.first_player == 1 and state.current_player() == 1


def test_cg_setup_10_11_first_hands_from_different_stacks_in_order() -> None:
    """CG-SETUP-10, CG-SETUP-11: the first player searches a stack and takes 3 cards, then the
    opponent takes 3 from another stack; the remaining cards keep their order."""
    state = at_first_roll(3)
    state.apply({"type": "first_roll", "rolls": [6, 1]})
    assert state.legal_actions() == [{"type": "choose_stack", "stack": k} for k in DEV_STACKS]
    state.apply({"type": "choose_stack", "stack": "dev2"})
    before = list(state.stacks["dev2"])
    assert state.observation(0)["search"]["cards"] == before[::-1]
    assert "search" not in state.observation(1)
    picks = [before[3], before[0], before[7]]
    for card in picks:
        state.apply({"type": "take_card", "card": card})
    assert state.domains[0].hand == picks
    assert state.stacks["dev2"] == [c for c in before if c not in picks]
    assert state.current_player() == 1
    assert {"type": "choose_stack", "stack": "dev2"} not in state.legal_actions()
    assert len(state.legal_actions()) == 4


def test_cg_turn_01_players_alternate_from_the_first_player() -> None:
    """CG-TURN-01: turns alternate, beginning with the first player."""
    state = first_choice_setup()
    assert state.active == 0 and state.turn == 1
    seen = []
    for _ in range(4):
        seen.append(state.active)
        start = state.turn
        while state.turn == start:
            if state.current_player() == CHANCE:
                state.apply(state.chance_outcomes()[0][0])
            else:
                legal = state.legal_actions()
                pick = next(
                    (a for a in legal if a["type"] in ("end_actions", "end_turn")), legal[0]
                )
                state.apply(pick)
    assert seen == [0, 1, 0, 1]


def test_a_new_game_refuses_other_player_counts_and_seeds_with_a_reason() -> None:
    """CG-SETUP-01: the card game is for exactly two players; the seed is an int."""
    import pytest

    for players in (1, 3):
        with pytest.raises(ValueError, match=r"^the card game is for exactly 2 players$"):
            GAME.new_game(players, 1, {})
    with pytest.raises(ValueError, match=r"^seed must be an int$"):
        GAME.new_game(2, "1", {})


def test_cg_setup_09_10_the_first_roll_is_two_dice_and_the_second_player_also_takes_three() -> None:
    """CG-SETUP-09: the first roll is 36 equally likely pairs of 1..6; CG-SETUP-10: after the
    first player's 3 cards, the opponent takes 3 from another stack."""
    state = at_first_roll(3)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 36 and abs(sum(p for _o, p in outcomes) - 1) < 1e-9
    assert {tuple(o["rolls"]) for o, _p in outcomes} == {
        (a, b) for a in range(1, 7) for b in range(1, 7)
    }
    state.apply({"type": "first_roll", "rolls": [6, 1]})
    state.apply({"type": "choose_stack", "stack": "dev2"})
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    assert state.current_player() == 1
    state.apply({"type": "choose_stack", "stack": "dev0"})
    taken = 0
    while state.current_player() == 1 and state.legal_actions()[0]["type"] == "take_card":
        state.apply(state.legal_actions()[0])
        taken += 1
    assert taken == 3 and len(state.domains[1].hand) == 3 and len(state.domains[0].hand) == 3


def test_the_seed_is_recorded_and_kept() -> None:
    """The seed a game was made with is recorded on the state and kept by its serialisation."""
    state = GAME.new_game(2, 17, {})
    assert state.seed == 17
    assert GAME.from_dict(state.to_dict()).seed == 17


def test_the_option_records_offer_exactly_what_a_new_game_accepts() -> None:
    """``option_specs`` (what forms and the API offer): one record per option, its default the
    game's, every value it allows accepted by ``new_game``, an integer just beyond its range
    refused."""
    specs = assert_records_match_new_game(GAME, 2, "option '{name}' must be")
    assert [spec.name for spec in specs] == list(GAME.default_options)

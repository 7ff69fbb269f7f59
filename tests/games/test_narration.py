"""Events in words: every event of random games reads as a sentence with the seats' names and
places named by what is on the board; the wording of production, the end and secrets."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from games.cardgame import narrate as card_narrate
from games.catan import narrate as catan_narrate
from games.catan.places import Island
from games.common.narration import is_hidden_copy
from games.registry import GAMES
from tests.games.random_game import play_random

GAMES_TOLD = {
    "catan": (catan_narrate, 4, ({}, {"masters": True}, {"layout": "variable"})),
    "cardgame": (card_narrate, 2, ({},)),
}
NAMES = ["Ann", "Ben", "Cy", "Di"]


def told(game_name: str, players: int, seed: int, options: dict[str, Any]) -> list[tuple]:
    """``(event, line)`` for every event of a random game, each told at the position its step
    left, as the replay viewer tells them."""
    narrate = GAMES_TOLD[game_name][0]
    _, actions = play_random(game_name, players, seed, options)
    state = GAMES[game_name].new_game(num_players=players, seed=seed, options=options)
    pairs = list(zip(state.events, narrate.tell(state.events, NAMES, state), strict=True))
    for action in actions:
        seen = len(state.events)
        state.apply(action)
        fresh = state.events[seen:]
        pairs += zip(fresh, narrate.tell(fresh, NAMES, state), strict=True)
    return pairs


@pytest.mark.parametrize("game_name", sorted(GAMES_TOLD))
def test_every_event_type_has_a_sentence(game_name: str) -> None:
    narrate, players, option_sets = GAMES_TOLD[game_name]
    seen: dict[str, str] = {}
    for seed in range(2):
        for options in option_sets:
            for event, sentence in told(game_name, players, seed, options):
                if sentence is None:  # nothing worth a line (no victory point card to show)
                    assert event["type"] == "reveal_victory_points" and event["cards"] == 0
                    continue
                fallback = event["type"].replace("_", " ") + ":"
                assert not sentence.startswith(fallback), (event, sentence)
                seen.setdefault(event["type"], sentence)
    assert set(seen) <= set(narrate.SENTENCES), set(seen) - set(narrate.SENTENCES)
    assert len(seen) >= 15
    for sentence in seen.values():
        assert "{" not in sentence and "visible_to" not in sentence


def test_no_board_game_line_names_a_place_by_its_id() -> None:
    lines = [line for seed in range(2) for _, line in told("catan", 4, seed, {}) if line]
    assert any(" corner of " in line for line in lines)
    assert any(" shore of " in line or " between " in line for line in lines)
    for line in lines:
        assert not re.search(r"\b(vertex|path|hex|intersection|edge) \d", line), line
        assert not re.search(r"\b(lu|br|wo|gr|or) \d", line), line


@pytest.fixture
def beginner():
    """A new board game on the fixed beginner board (no piece placed yet)."""
    return GAMES["catan"].new_game(num_players=3, seed=1, options={})


class Position:
    """A stand-in position: the beginner board with buildings and the robber where a test wants."""

    def __init__(self, state: Any, buildings: list[list[int]], robber: int) -> None:
        self.board = state.board  # the geometry, as a state's board
        self.public = copy.deepcopy(state.observation(0)["board"])
        self.public.update(buildings=buildings, robber=robber)

    def observation(self, seat: int) -> dict[str, Any]:
        return {"board": self.public}


def say(event: dict[str, Any], position: Any) -> str | None:
    return catan_narrate.describe({"visible_to": "all", **event}, NAMES, position)


def test_places_are_named_by_what_is_on_the_board(beginner) -> None:
    # The beginner board: hex 0 is ore 10, 1 wool 2, 4 brick 6, 6 brick 10, 9 the desert,
    # 10 lumber 3; corner 0 is at the 2:1 wool harbour.
    assert say({"type": "build_settlement", "seat": 0, "vertex": 8}, beginner) == (
        "Ann builds a settlement at the corner of ore 10, wool 2 and brick 6."
    )
    assert say({"type": "place_settlement", "seat": 1, "vertex": 0}, beginner) == (
        "Ben founds a settlement at the top corner of ore 10 by the 2:1 wool harbour."
    )
    assert say({"type": "build_city", "seat": 2, "vertex": 20}, beginner) == (
        "Cy upgrades the settlement at the coastal corner of brick 10 and ore 8 by the 3:1 "
        "harbour to a city."
    )
    assert say({"type": "build_road", "seat": 0, "edge": 30}, beginner) == (
        "Ann builds a road between brick 10 and lumber 3."
    )
    assert say({"type": "place_road", "seat": 0, "edge": 0}, beginner) == (
        "Ann places a road on the upper left shore of ore 10."
    )
    assert say({"type": "move_robber", "seat": 1, "hex": 9}, beginner) == (
        "Ben moves the robber to the desert."
    )
    assert say({"type": "move_robber", "seat": 1, "hex": 0}, beginner) == (
        "Ben moves the robber to ore 10."
    )
    # Told without a position (no board to read), places keep their ids rather than guess.
    assert (
        say({"type": "build_road", "seat": 0, "edge": 30}, None) == "Ann builds a road on path 30."
    )


def test_production_says_who_gets_what_or_why_nobody_does(beginner) -> None:
    # 11 is on lumber 11 (hex 8) and wool 11 (hex 18); corner 23 is a corner of hex 8 only
    # among the 11s, corner 53 one of hex 18.
    eleven = {"type": "production", "total": 11}
    nothing = Position(beginner, buildings=[], robber=9)
    assert say({**eleven, "gains": []}, nothing) == (
        "Nobody produces on 11: no settlement or city touches lumber 11 or wool 11."
    )
    robbed = Position(beginner, buildings=[[23, 0, 1]], robber=8)
    assert say({**eleven, "gains": []}, robbed) == (
        "Nobody produces on 11: the robber blocks lumber 11."
    )
    short = Position(beginner, buildings=[[23, 0, 1], [53, 1, 1]], robber=9)
    assert say({**eleven, "gains": []}, short) == "Nobody produces on 11: the bank cannot pay."
    half = Position(beginner, buildings=[[23, 0, 1], [53, 1, 2]], robber=8)
    gains = [[1, "wool", 2], [0, "ore", 1], [1, "grain", 1]]
    assert say({**eleven, "gains": gains}, half) == (
        "Production on 11: Ann gets 1 ore; Ben gets 2 wool and 1 grain; "
        "the robber blocks lumber 11."
    )
    assert say({**eleven, "gains": []}, None) == "Nobody produces on 11."


def test_production_reasons_match_the_board() -> None:
    """Every empty production of random games gives the reason the board shows."""
    reasons = set()
    for seed in range(3):
        _, actions = play_random("catan", 4, seed)
        state = GAMES["catan"].new_game(num_players=4, seed=seed, options={})
        for action in actions:
            seen = len(state.events)
            state.apply(action)
            for event in state.events[seen:]:
                if event["type"] != "production" or event["gains"]:
                    continue
                board = state.observation(0)["board"]
                numbered = [h for h, n in enumerate(board["numbers"]) if n == event["total"]]
                built = {v for v, _, _ in board["buildings"]}
                touched = [h for h in numbered if built & set(state.board.hex_vertices[h])]
                line = catan_narrate.describe(event, NAMES, state)
                if not touched:
                    reason = "no settlement or city touches "
                elif touched == [board["robber"]]:
                    reason = "the robber blocks "
                else:
                    reason = "the bank cannot pay"
                assert line.startswith(f"Nobody produces on {event['total']}: {reason}"), line
                reasons.add(reason)
    assert len(reasons) >= 2


def test_both_games_end_the_same_way() -> None:
    board_game_end = {
        "type": "game_over",
        "reason": "victory",
        "ranking": [1, 2, 0],
        "scores": [2, 10, 3],
        "visible_to": "all",
    }
    card_game_end = {
        "type": "game_over",
        "reason": "victory",
        "winner": 0,
        "scores": [12, 5],
        "visible_to": "all",
    }
    assert catan_narrate.describe(board_game_end, NAMES) == (
        "Game over: Ben wins with 10 points (Cy 3, Ann 2)."
    )
    assert card_narrate.describe(card_game_end, ["zipgood v1", "heuristic_bot v1"]) == (
        "Game over: zipgood v1 wins with 12 points (heuristic_bot v1 5)."
    )
    no_winner = {**board_game_end, "reason": "turn_limit", "ranking": [1, 2, 0]}
    assert catan_narrate.describe(no_winner, NAMES) == (
        "Game over without a winner: the turn limit is reached (points: Ben 10, Cy 3, Ann 2)."
    )
    cap = {**card_game_end, "reason": "turn_cap", "winner": None}
    assert card_narrate.describe(cap, NAMES[:2]) == (
        "Game over without a winner: the turn limit is reached (points: Ann 12, Ben 5)."
    )


def test_victory_point_cards_are_shown_in_plain_words_or_not_at_all() -> None:
    reveal = {"type": "reveal_victory_points", "seat": 0, "visible_to": "all"}
    assert catan_narrate.describe({**reveal, "cards": 0}, NAMES) is None
    assert catan_narrate.describe({**reveal, "cards": 1}, NAMES) == (
        "Ann shows 1 victory point card."
    )
    assert catan_narrate.describe({**reveal, "cards": 2}, NAMES) == (
        "Ann shows 2 victory point cards."
    )


def test_a_secret_and_its_hidden_copy_are_told_apart() -> None:
    """The engine logs a bought card twice: the card for its buyer, "hidden" for the others."""
    state, _ = play_random("catan", 4, 0, stop_after=3000)
    bought = [e for e in state.events if e["type"] == "buy_development"]
    full, hidden = bought[0], bought[1]
    assert full["card"] != "hidden" and hidden["card"] == "hidden"
    assert full["visible_to"] == [full["seat"]] and full["seat"] not in hidden["visible_to"]
    assert not is_hidden_copy(full) and is_hidden_copy(hidden)
    assert not is_hidden_copy({"type": "dice", "dice": [1, 2], "visible_to": "all"})


def test_a_finished_masters_game_tells_every_secret_once_and_never_says_hidden() -> None:
    """Kandamir's draw, Hildegard's look and take, steals, purchases, Negotiant payments: each
    has a hidden copy for the other seats, which a full replay (the viewer) leaves out."""
    copied = set()
    for seed in range(12):
        for event, line in told("catan", 4, seed, {"masters": True}):
            if is_hidden_copy(event):
                copied.add(event["type"])
            else:
                assert "hidden" not in (line or ""), (event, line)
    assert copied >= {"buy_development", "steal", "kandamir_draw", "hildegard_look"}


def test_seats_are_named_and_unknown_events_are_still_shown() -> None:
    names = ["Ann", "Ben", "Cy"]
    assert (
        catan_narrate.describe(
            {"type": "steal", "seat": 2, "victim": 0, "resource": "ore", "visible_to": [2, 0]},
            names,
        )
        == "Cy steals ore from Ann."
    )
    assert catan_narrate.describe({"type": "dice", "seat": 1, "dice": [3, 4]}, names) == (
        "Ben rolls 3+4=7."
    )
    assert card_narrate.describe({"type": "event_card", "card": "ev_plague#2"}, names) == (
        "Event: plague."
    )
    assert catan_narrate.describe({"type": "new_thing", "seat": 0, "size": 3}, names) == (
        "new thing: seat Ann, size 3"
    )


def test_a_masters_use_says_what_it_does_and_where(beginner) -> None:
    """Each use in words: whose road moves from where, which hex the robber leaves, who gives."""
    use = {"type": "use_master", "seat": 0}
    assert say({**use, "master": "louis", "use": "move_road", "edge": 30}, beginner) == (
        "Ann uses Louis to move the road between brick 10 and lumber 3."
    )
    bride = {**use, "master": "robbers_bride", "use": "robber_to_desert", "freed": 0}
    assert say({**bride, "resource": "ore"}, beginner) == (
        "Ann uses Robber's Bride: the robber leaves ore 10 for the desert and Ann takes ore."
    )
    assert say({**bride, "resource": None}, beginner) == (
        "Ann uses Robber's Bride: the robber leaves ore 10 for the desert; the bank has none of "
        "its resource to give."
    )
    asked = {**use, "master": "negotiant", "use": "exchange", "resource": "wool", "seats": [1, 2]}
    assert say({**asked, "gave": [1, 2]}, beginner) == (
        "Ann uses Negotiant to ask Ben and Cy for wool: Ben and Cy give one each."
    )
    assert say({**asked, "gave": []}, beginner) == (
        "Ann uses Negotiant to ask Ben and Cy for wool: nobody has any."
    )
    kandamir = {**use, "master": "kandamir", "use": "buy", "replace": None, "paid_with": None}
    assert say(kandamir, beginner) == (
        "Ann uses Kandamir to buy a development card, drawing three to keep one."
    )
    vincent = {**use, "master": "vincent", "use": "discount", "knight": "hand", "build": "city"}
    assert say(vincent, beginner) == (
        "Ann uses Vincent: a knight card from the hand leaves the game for a cheaper city."
    )
    assert say({**vincent, "knight": "hand_new"}, beginner) == (
        "Ann uses Vincent: a knight card bought this turn leaves the game for a cheaper city."
    )
    assert say({**use, "master": "jean", "use": "idle"}, beginner) == (
        "Ann uses Jean without effect."
    )
    assert say({**use, "master": "jean", "use": "something_new"}, beginner) == (
        "Ann uses Jean (something new)."
    )
    assert say({**use, "master": "louis", "use": "move_road", "edge": 30}, None) == (
        "Ann uses Louis to move the road on path 30."
    )


def test_every_masters_use_in_random_games_is_told_and_louis_says_where_the_road_goes() -> None:
    uses: dict[str, str] = {}
    relays = 0
    for seed in range(8):
        _, actions = play_random("catan", 4, seed, {"masters": True})
        state = GAMES["catan"].new_game(num_players=4, seed=seed, options={"masters": True})
        lifted: dict[int, int] = {}  # seat -> the edge Louis lifted, until it is laid again
        for action in actions:
            seen = len(state.events)
            state.apply(action)
            fresh = state.events[seen:]
            for event, line in zip(fresh, catan_narrate.tell(fresh, NAMES, state), strict=True):
                seat = event.get("seat")
                if event["type"] == "use_master":
                    name = catan_narrate.MASTER_NAMES[event["master"]]
                    assert re.match(rf"{NAMES[seat]} uses {name}[ :]", line), line
                    assert not line.endswith(")."), line  # never the bare name of the use
                    uses.setdefault(event["use"], line)
                    if event["use"] == "move_road":
                        assert Island(state).path(event["edge"]) in line
                        lifted[seat] = event["edge"]
                elif event["type"] == "build_road":
                    relaid = line.startswith(f"{NAMES[seat]} lays the road again ")
                    assert relaid == (seat in lifted), line
                    if relaid:
                        assert event["edge"] != lifted.pop(seat)
                        assert line.endswith(f" {Island(state).path(event['edge'])}.")
                        assert [event["edge"], seat] in state.observation(0)["board"]["roads"]
                        relays += 1
    assert relays >= 1
    assert set(uses) >= {"move_road", "road", "robber_to_desert", "exchange", "name", "buy"}

"""Each game's rules page: its components as the engine plays them, linked from Write a bot."""

from __future__ import annotations

import json
import re

import pytest

from games.cardgame.cards import DATA_FILE
from games.catan import constants

pytestmark = pytest.mark.django_db


def test_the_card_game_page_lists_all_120_cards_with_counts_and_costs(client) -> None:
    page = client.get("/rules/cardgame/").content.decode()
    cards = json.loads(DATA_FILE.read_text())["cards"]
    counted = sum(int(n) for n in re.findall(r"· (\d+) cards?</h2>", page))
    assert counted == sum(card["count"] for card in cards) == 120
    # A building and its cost as the data file has it: the engine charges the same table.
    assert '<td>Aqueduct</td><td class="num">2</td><td>2 lumber, 2 brick, 2 ore</td>' in page
    assert "<td>vp_target</td><td>12</td>" in page


def test_the_board_game_page_shows_costs_pieces_and_the_deck_from_the_engine(client) -> None:
    page = client.get("/rules/catan/").content.decode()
    assert "<td>Settlement</td><td>1 lumber, 1 brick, 1 wool, 1 grain</td>" in page
    assert f'<td>Roads</td><td class="num">{constants.MAX_ROADS}</td>' in page
    assert '<td>knight</td><td class="num">14</td>' in page
    assert "<td>Robber&#x27;s Bride</td><td>the reserve</td>" in page
    assert "<td>masters</td><td>off</td>" in page


def test_write_a_bot_links_each_games_rules_and_an_unknown_game_is_404(client) -> None:
    page = client.get("/write-a-bot/").content.decode()
    assert 'href="/rules/cardgame/"' in page and 'href="/rules/catan/"' in page
    assert client.get("/rules/chess/").status_code == 404

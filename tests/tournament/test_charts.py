"""Rating charts: inline SVG drawn on the server."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from django.test import Client

from tests.tournament.conftest import TEST_BOTS, make_bot
from tests.tournament.test_results import outcome_for
from tournament import execution
from tournament.charts import Series, rating_chart
from tournament.matches import create_match
from tournament.results import record_result
from tournament.versions import create_version

SVG = "{http://www.w3.org/2000/svg}"


def polylines(svg: str) -> dict[str, list[tuple[float, float]]]:
    root = ET.fromstring(svg)
    return {
        line.get("data-label"): [
            tuple(map(float, p.split(","))) for p in line.get("points").split()
        ]
        for line in root.iter(f"{SVG}polyline")
    }


def test_nothing_to_draw_draws_nothing() -> None:
    assert rating_chart([]) == ""
    assert rating_chart([Series("v1", [])]) == ""


def test_each_series_is_one_line_higher_ratings_higher_up_later_games_further_right() -> None:
    svg = rating_chart(
        [Series("v1", [(1, 1500.0), (2, 1520.0), (3, 1490.0)]), Series("v2", [(4, 1600.0)])]
    )
    lines = polylines(svg)
    assert set(lines) == {"v1", "v2"}
    (x1, y1), (x2, y2), (x3, y3) = lines["v1"]
    assert x1 < x2 < x3 < lines["v2"][0][0]
    assert y2 < y1 < y3  # SVG y grows downwards
    assert lines["v2"][0][1] < y2
    assert "v2 1600" in svg


def test_labels_are_escaped() -> None:
    svg = rating_chart([Series("<script>", [(1, 1500.0)])])
    assert "<script>" not in svg and "&lt;script&gt;" in svg


def play_rated(ladder, bots, ranks) -> None:
    match = create_match(ladder, [b.current_version_id for b in bots])
    claimed, _ = execution.claim(match.id, "w1")
    assert record_result(claimed.id, claimed.claim_token, outcome_for(claimed, ranks))


@pytest.mark.django_db
def test_the_bot_page_charts_every_version_over_the_whole_career(
    users, house_bots, fast_ladder
) -> None:
    climber = make_bot(users["alice"], "climber", "random_legal.py")
    others = house_bots[1:3]
    play_rated(fast_ladder, [climber, *others], [1, 2, 3])
    play_rated(fast_ladder, [*others, climber], [2, 3, 1])
    assert "<svg" not in Client().get(f"/bots/{house_bots[3].id}/").content.decode()

    data = (TEST_BOTS / "random_legal.py").read_bytes() + b"#2"
    create_version(climber, "v2.py", data, validate=False)
    climber.refresh_from_db()
    assert climber.current_version.number == 2
    play_rated(fast_ladder, [climber, *others], [3, 1, 2])

    page = Client().get(f"/bots/{climber.id}/").content.decode()
    svg = re.search(r"<svg.*?</svg>", page, re.S)
    assert svg is not None, "no chart on the page"
    lines = polylines(svg.group(0))
    assert [len(lines["v1"]), len(lines["v2"])] == [2, 1]
    (_, after_first_win), (x2, after_second_win) = lines["v1"]
    (x3, _) = lines["v2"][0]
    assert x2 < x3
    assert after_second_win < after_first_win  # two wins: higher up
    assert "v1 " in page and "v2 " in page


def test_a_bracket_names_entrants_with_their_owner_and_cuts_long_names_in_the_middle() -> None:
    from tournament.brackets import knockout
    from tournament.charts import bracket_chart

    names = ["alice/alice_card v1", "bob/alice_card v1", "carol/" + "x" * 40 + " v12"]
    svg = bracket_chart(knockout(3, 1, {}), names, {})
    root = ET.fromstring(svg)
    texts = ["".join(text.itertext()) for text in root.iter(f"{SVG}text")]
    assert "1. alice/alice_card v1" in texts and "2. bob/alice_card v1" in texts
    (cut,) = [t for t in texts if "carol" in t]
    # The seed and owner at the start and the version at the end tell entrants apart.
    assert cut.startswith("3. carol/") and cut.endswith(" v12") and len(cut) == 30
    titles = [title.text for title in root.iter(f"{SVG}title")]
    assert "3. carol/" + "x" * 40 + " v12" in titles  # the full name is the tooltip

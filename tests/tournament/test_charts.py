"""Rating charts: inline SVG drawn on the server."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from django.test import Client

from arena.front.charts import Series, move_time_chart, rating_chart
from tests.tournament.conftest import TEST_BOTS, make_bot
from tests.tournament.test_results import outcome_for
from tournament import execution
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


def bars(svg: str) -> tuple[tuple[float, float, float] | None, list[tuple[float, float, float]]]:
    """(first move's bar, later moves' bars), each as (left x, top y, bottom y)."""

    def parsed(element) -> list[tuple[float, float, float]]:
        if element is None:
            return []
        return [
            (float(x), float(top), float(bottom))
            for x, bottom, top in re.findall(r"M([\d.]+) ([\d.]+)V([\d.]+)", element.get("d"))
        ]

    root = ET.fromstring(svg)
    paths = {p.get("class"): p for p in root.iter(f"{SVG}path")}
    (first,) = parsed(paths["first-move"])
    return first, parsed(paths.get("later-moves"))


def height(bar: tuple[float, float, float]) -> float:
    return bar[2] - bar[1]


def test_no_timed_move_draws_nothing() -> None:
    assert move_time_chart([]) == ""


def test_each_move_is_a_bar_slower_moves_taller_the_first_apart() -> None:
    svg = move_time_chart([3.0, 1.0, 4.0, 2.0])
    first, later = bars(svg)
    assert len(later) == 3
    assert first[0] < later[0][0] < later[1][0] < later[2][0]
    assert height(later[1]) > height(later[2]) > height(later[0])  # 4 ms > 2 ms > 1 ms
    assert height(later[1]) == pytest.approx(4 * height(later[0]), rel=0.01)
    assert 'class="cut"' not in svg  # 3 ms fits the scale of the others
    assert "1st move" in svg and "3.0 ms" in svg and "max 4.0 ms" in svg


def test_a_start_up_that_dwarfs_the_moves_is_cut_and_labelled() -> None:
    svg = move_time_chart([900.0, 1.0, 2.0])
    first, later = bars(svg)
    assert height(later[1]) > 0.8 * height(first)  # the scale serves the later moves
    assert 'class="cut"' in svg and "900.0 ms" in svg
    assert 'data-ms="900"' in svg


def test_a_long_game_draws_a_bar_per_pixel_column_as_tall_as_its_slowest_move() -> None:
    times = [50.0] + [1.0] * 3000
    times[1234] = 7.0
    svg = move_time_chart(times)
    _, later = bars(svg)
    assert len(later) < 600  # the plot is 578 px wide
    tallest = max(later, key=height)
    assert sum(1 for bar in later if height(bar) == height(tallest)) == 1
    assert "max 7.0 ms" in svg and "each bar is the slowest of 6 moves" in svg


def test_sub_millisecond_moves_get_ticks_too() -> None:
    svg = move_time_chart([20.0, 0.1, 0.3, 0.2])
    ticks = [t.text for t in ET.fromstring(svg).iter(f"{SVG}text") if t.get("text-anchor") == "end"]
    assert {"0", "0.1", "0.2", "0.3"} <= set(ticks)


def test_a_bracket_names_entrants_with_their_owner_and_cuts_long_names_in_the_middle() -> None:
    from arena.front.charts import bracket_chart
    from tournament.brackets import knockout

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

"""Pictures drawn on the server as inline SVG (no script, no external library).

``rating_chart`` draws a bot's rating after each rated game, one line per version, so an author
sees at a glance whether a new version climbs faster than the last.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

WIDTH, HEIGHT = 720, 240
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 52, 90, 14, 28
PALETTE = ("#c4432b", "#2b6cc4", "#3f8a35", "#8a3fa0", "#c48a2b", "#2ba0a0")


@dataclass(frozen=True)
class Series:
    """One line: its label and the (game number, rating) points in order."""

    label: str
    points: Sequence[tuple[int, float]]


def rating_chart(series: Sequence[Series], *, title: str = "Elo after each rated game") -> str:
    """An SVG line chart of ``series`` on shared axes; "" when there is nothing to draw."""
    drawn = [s for s in series if s.points]
    if not drawn:
        return ""
    xs = [x for s in drawn for x, _ in s.points]
    ys = [y for s in drawn for _, y in s.points]
    x_low, x_high = min(xs), max(max(xs), min(xs) + 1)
    y_low, y_high = _padded(min(ys), max(ys))
    plot_w = WIDTH - MARGIN_LEFT - MARGIN_RIGHT
    plot_h = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM

    def px(x: float) -> float:
        return MARGIN_LEFT + (x - x_low) / (x_high - x_low) * plot_w

    def py(y: float) -> float:
        return MARGIN_TOP + (y_high - y) / (y_high - y_low) * plot_h

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'class="chart" role="img" aria-label="{escape(title)}"><title>{escape(title)}</title>',
        f'<rect x="{MARGIN_LEFT}" y="{MARGIN_TOP}" width="{plot_w}" height="{plot_h}" '
        'fill="#fff" stroke="#e4e0d6"/>',
    ]
    for tick in _ticks(y_low, y_high):
        y = py(tick)
        parts.append(
            f'<line x1="{MARGIN_LEFT}" x2="{MARGIN_LEFT + plot_w}" y1="{y:.1f}" y2="{y:.1f}" '
            f'stroke="#eee"/><text x="{MARGIN_LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" '
            f'font-size="11" fill="#6b7480">{tick:g}</text>'
        )
    parts.append(
        f'<text x="{MARGIN_LEFT + plot_w / 2:.0f}" y="{HEIGHT - 6}" text-anchor="middle" '
        f'font-size="11" fill="#6b7480">rated games played ({x_low}–{x_high})</text>'
    )
    for index, line in enumerate(drawn):
        colour = PALETTE[index % len(PALETTE)]
        path = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in line.points)
        parts.append(
            f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2" '
            f'data-label="{escape(line.label)}"/>'
        )
        last_x, last_y = line.points[-1]
        parts.append(
            f'<text x="{px(last_x) + 6:.1f}" y="{py(last_y) + 4:.1f}" font-size="12" '
            f'fill="{colour}">{escape(line.label)} {last_y:.0f}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _padded(low: float, high: float) -> tuple[float, float]:
    span = max(high - low, 20.0)
    return low - span * 0.1, high + span * 0.1


def _ticks(low: float, high: float, wanted: int = 5) -> list[float]:
    raw = (high - low) / wanted
    steps = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)
    step = next((s for s in steps if s >= raw), raw)
    first = -(-low // step) * step
    return [first + i * step for i in range(int((high - first) // step) + 1)]

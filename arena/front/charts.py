"""Pictures drawn on the server as inline SVG (no script, no external library).

``rating_chart`` draws a bot's rating after each rated game, one line per version, so an author
sees at a glance whether a new version climbs faster than the last. ``move_time_chart`` draws the
CPU time of each of a bot's moves in one game, for its owner. ``bracket_chart`` draws a
knockout: one column per round, each tie a box of two rows (seed and name with its owner, games
won) under its name, the winner's row highlighted, lines from each tie to the one its winner
plays next.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from tournament.brackets import Tie, round_names, tie_name
from tournament.formats.double_elimination import DoubleEliminationEvent, bracket_rounds

WIDTH, HEIGHT = 720, 240
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 52, 90, 14, 28
PALETTE = ("#c4432b", "#2b6cc4", "#3f8a35", "#8a3fa0", "#c48a2b", "#2ba0a0")
MUTED = "#6b7480"


@dataclass(frozen=True)
class Series:
    """One line: its label and the (game number, rating) points in order."""

    label: str
    points: Sequence[tuple[int, float]]


@dataclass(frozen=True)
class _Axes:
    """Where data lands in the shared plot area: x grows right, y grows up."""

    x_low: float
    x_high: float
    y_low: float
    y_high: float

    def px(self, x: float) -> float:
        return MARGIN_LEFT + (x - self.x_low) / (self.x_high - self.x_low) * PLOT_W

    def py(self, y: float) -> float:
        return MARGIN_TOP + (self.y_high - y) / (self.y_high - self.y_low) * PLOT_H


PLOT_W = WIDTH - MARGIN_LEFT - MARGIN_RIGHT
PLOT_H = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM


def _frame(title: str, axes: _Axes, x_label: str, css_class: str = "chart") -> list[str]:
    """The opening of a chart: the svg element, the plot's box, y gridlines and the x label."""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'class="{css_class}" role="img" aria-label="{escape(title)}">'
        f"<title>{escape(title)}</title>",
        f'<rect x="{MARGIN_LEFT}" y="{MARGIN_TOP}" width="{PLOT_W}" height="{PLOT_H}" '
        'fill="#fff" stroke="#e4e0d6"/>',
    ]
    for tick in _ticks(axes.y_low, axes.y_high):
        y = axes.py(tick)
        parts.append(
            f'<line x1="{MARGIN_LEFT}" x2="{MARGIN_LEFT + PLOT_W}" y1="{y:.1f}" y2="{y:.1f}" '
            f'stroke="#eee"/><text x="{MARGIN_LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" '
            f'font-size="11" fill="{MUTED}">{tick:g}</text>'
        )
    parts.append(
        f'<text x="{MARGIN_LEFT + PLOT_W / 2:.0f}" y="{HEIGHT - 6}" text-anchor="middle" '
        f'font-size="11" fill="{MUTED}">{escape(x_label)}</text>'
    )
    return parts


def rating_chart(series: Sequence[Series], *, title: str = "Elo after each rated game") -> str:
    """An SVG line chart of ``series`` on shared axes; "" when there is nothing to draw."""
    drawn = [s for s in series if s.points]
    if not drawn:
        return ""
    xs = [x for s in drawn for x, _ in s.points]
    ys = [y for s in drawn for _, y in s.points]
    x_low, x_high = min(xs), max(max(xs), min(xs) + 1)
    axes = _Axes(x_low, x_high, *_padded(min(ys), max(ys)))
    parts = _frame(title, axes, f"rated games played ({x_low}–{x_high})")
    for index, line in enumerate(drawn):
        colour = PALETTE[index % len(PALETTE)]
        path = " ".join(f"{axes.px(x):.1f},{axes.py(y):.1f}" for x, y in line.points)
        parts.append(
            f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2" '
            f'data-label="{escape(line.label)}"/>'
        )
        last_x, last_y = line.points[-1]
        parts.append(
            f'<text x="{axes.px(last_x) + 6:.1f}" y="{axes.py(last_y) + 4:.1f}" font-size="12" '
            f'fill="{colour}">{escape(line.label)} {last_y:.0f}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


MOVE_COLOUR, FIRST_MOVE_COLOUR = PALETTE[0], PALETTE[1]


def move_time_chart(move_times_ms: Sequence[float], *, title: str = "CPU ms per move") -> str:
    """A bar per move of one bot in one game; "" when no move was timed.

    The first move also pays for the bot's start-up, so it is drawn in its own colour and the
    scale is set by the later moves: a start-up that would dwarf them is cut at the top (an
    arrow marks it) and its value is written beside the plot. A game with more moves than the
    plot has pixel columns draws a bar per column, as tall as the slowest move it stands for.
    """
    if not move_times_ms:
        return ""
    first_ms, later = move_times_ms[0], list(move_times_ms[1:])
    per_bar = max(1, math.ceil(len(later) / (PLOT_W - 1)))
    groups = [later[i : i + per_bar] for i in range(0, len(later), per_bar)]
    axes = _Axes(0, 1 + len(groups), *_padded_from_zero(max(later or [first_ms])))
    x_label = f"moves 1–{len(move_times_ms)}"
    if per_bar > 1:
        x_label += f" (after the first, each bar is the slowest of {per_bar} moves)"
    parts = _frame(title, axes, x_label, css_class="move-times")
    middle = MARGIN_TOP + PLOT_H / 2
    parts.append(
        f'<text x="12" y="{middle:.0f}" transform="rotate(-90 12 {middle:.0f})" '
        f'text-anchor="middle" font-size="11" fill="{MUTED}">CPU ms</text>'
    )
    if groups:
        path = "".join(_bar_path(axes, bar, max(group)) for bar, group in enumerate(groups, 1))
        parts.append(f'<path d="{path}" fill="{MOVE_COLOUR}" class="later-moves"/>')
    shown = min(first_ms, axes.y_high)
    parts.append(
        f'<path d="{_bar_path(axes, 0, shown)}" fill="{FIRST_MOVE_COLOUR}" class="first-move" '
        f'data-ms="{first_ms:g}"/>'
    )
    if first_ms > axes.y_high:
        parts.append(
            f'<text x="{axes.px(0.5):.1f}" y="{MARGIN_TOP - 2}" text-anchor="middle" '
            f'font-size="12" fill="{FIRST_MOVE_COLOUR}" class="cut">↑</text>'
        )
    legend = [(FIRST_MOVE_COLOUR, "1st move", f"{first_ms:.1f} ms", "with start-up")]
    if later:
        legend.append((MOVE_COLOUR, "later moves", f"max {max(later):.1f} ms", ""))
    x = MARGIN_LEFT + PLOT_W + 8
    for index, (colour, *lines) in enumerate(legend):
        top = MARGIN_TOP + 12 + index * 56
        for row, line in enumerate(filter(None, lines)):
            parts.append(
                f'<text x="{x}" y="{top + row * 15}" font-size="11" fill="{colour}">'
                f"{escape(line)}</text>"
            )
    parts.append("</svg>")
    return "".join(parts)


def _bar_path(axes: _Axes, bar: int, value: float) -> str:
    """Bar number ``bar`` as path commands: a long game is one compact element, not many."""
    left, right = axes.px(bar), axes.px(bar + 1)
    width = (right - left) * 0.8 if right - left >= 3 else right - left  # a gap when there is room
    return f"M{left:.2f} {axes.py(0):.2f}V{axes.py(value):.2f}h{width:.2f}V{axes.py(0):.2f}Z"


def _padded(low: float, high: float) -> tuple[float, float]:
    span = max(high - low, 20.0)
    return low - span * 0.1, high + span * 0.1


def _padded_from_zero(high: float) -> tuple[float, float]:
    return 0.0, (high if high > 0 else 1.0) * 1.1


def _ticks(low: float, high: float, wanted: int = 5) -> list[float]:
    """Round values between ``low`` and ``high``: about ``wanted`` of them, a step of 1, 2, 2.5
    or 5 times a power of ten (so milliseconds below one get ticks as well as Elo does)."""
    raw = (high - low) / wanted
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    first = math.ceil(low / step) * step
    count = int((high - first) / step + 1e-9) + 1
    return [round(first + i * step, 10) for i in range(count)]


TIE_WIDTH, ROW_HEIGHT, TIE_GAP, ROUND_GAP, HEADER = 250, 24, 18, 46, 30
TIE_LABEL_SIZE = 11
"""The font size of a tie's name above its box: it fits in the gap between two ties."""
LABEL_CHARS = 30
"""A tie row's name is cut (in the middle) to this many characters, leaving room for the wins;
the full name is the row's tooltip."""
WINNER_FILL, WINNER_INK, BOX_STROKE = "#fbe3dc", "#8c2a18", "#d8d0bd"


def bracket_chart(
    rounds: Sequence[Sequence[Tie]],
    names: Sequence[str],
    tie_links: dict[tuple[int, int], str],
) -> str:
    """An SVG knockout bracket; ``tie_links`` maps (round, slot) to the URL of its first game."""
    if not rounds:
        return ""
    tie_height = 2 * ROW_HEIGHT
    first_round = len(rounds[0])
    height = HEADER + first_round * (tie_height + TIE_GAP)
    width = len(rounds) * (TIE_WIDTH + ROUND_GAP) + TIE_WIDTH  # the last column: the champion
    title = "Knockout bracket"
    headings = round_names(len(names))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'class="bracket" role="img" aria-label="{title}"><title>{title}</title>'
    ]
    centres: list[list[float]] = [
        [
            HEADER + TIE_GAP / 2 + slot * (tie_height + TIE_GAP) + ROW_HEIGHT
            for slot in range(first_round)
        ]
    ]
    for ties in rounds[1:]:
        previous = centres[-1]
        centres.append([(previous[2 * s] + previous[2 * s + 1]) / 2 for s in range(len(ties))])
    for number, ties in enumerate(rounds):
        x = number * (TIE_WIDTH + ROUND_GAP)
        parts.append(
            f'<text x="{x + TIE_WIDTH / 2:.0f}" y="18" text-anchor="middle" font-size="13" '
            f'font-weight="600" fill="{MUTED}">{headings[number]}</text>'
        )
        for tie in ties:
            centre = centres[number][tie.slot]
            if number + 1 < len(rounds):
                parts.append(_connector(x + TIE_WIDTH, centre, centres[number + 1][tie.slot // 2]))
            if len(ties) > 1 and not tie.bye:
                name = tie_name(len(names), tie.round, tie.slot)
                parts.append(_tie_label(name, x, centre - ROW_HEIGHT))
            parts.append(_tie_box(tie, x, centre - ROW_HEIGHT, names, tie_links))
    parts.append(_champion(rounds[-1][0].winner, len(rounds), centres[-1][0], names))
    parts.append("</svg>")
    return "".join(parts)


def _champion(champion: int | None, column: int, y: float, names: Sequence[str]) -> str:
    """The champion's name right of the last tie, once there is one."""
    if champion is None:
        return ""
    x = column * (TIE_WIDTH + ROUND_GAP)
    return (
        f'<line x1="{x - ROUND_GAP}" x2="{x - 8}" y1="{y:.1f}" y2="{y:.1f}" '
        f'stroke="{BOX_STROKE}" stroke-width="2"/>'
        f'<text x="{x}" y="{y - 4:.1f}" font-size="12" fill="{MUTED}">champion</text>'
        + _fitted_text(
            names[champion],
            f'x="{x}" y="{y + 14:.1f}" font-size="14" font-weight="700" '
            f'fill="{WINNER_INK}" class="champion"',
        )
    )


def double_elimination_chart(
    event: DoubleEliminationEvent,
    names: Sequence[str],
    tie_links: dict[tuple[int, int], str],
) -> str:
    """An SVG double-elimination bracket: the winners' bracket above, the losers' bracket
    below, the grand final and its reset to the right, drawn with the knockout's boxes (a
    name never runs into its wins: it is cut to ``LABEL_CHARS``, the full name its tooltip)."""
    k = bracket_rounds(len(names))
    winners = event.rounds[:k]
    losers = event.rounds[k:-2]
    final, reset = event.rounds[-2][0], event.rounds[-1][0]
    tie_height = 2 * ROW_HEIGHT
    step = tie_height + TIE_GAP
    column_width = TIE_WIDTH + ROUND_GAP
    centres: dict[tuple[int, int], float] = {}
    for slot in winners[0]:
        centres[slot.key] = HEADER + TIE_GAP / 2 + slot.key[1] * step + ROW_HEIGHT
    for ties in winners[1:]:
        for slot in ties:
            feeders = [centres[where] for _, where in slot.sides]  # type: ignore[index]
            centres[slot.key] = sum(feeders) / 2
    losers_top = HEADER + len(winners[0]) * step + HEADER
    for number, ties in enumerate(losers):
        for slot in ties:
            if number == 0:
                centres[slot.key] = losers_top + TIE_GAP / 2 + slot.key[1] * step + ROW_HEIGHT
                continue
            fed = [where for kind, where in slot.sides if kind == "win"]
            centres[slot.key] = sum(centres[w] for w in fed) / len(fed)  # type: ignore[index]
    last_loser = losers[-1][0].key if losers else winners[0][0].key
    final_y = (centres[winners[-1][0].key] + centres[last_loser]) / 2
    centres[final.key] = centres[reset.key] = final_y
    columns = {slot.key: number for number, ties in enumerate(winners) for slot in ties}
    columns.update({slot.key: number for number, ties in enumerate(losers) for slot in ties})
    final_column = max(len(winners), len(losers))
    columns[final.key], columns[reset.key] = final_column, final_column + 1
    height = (
        losers_top + len(losers[0]) * step if losers else HEADER + len(winners[0]) * step
    ) + 10
    width = (final_column + 2) * column_width + TIE_WIDTH
    title = "Double-elimination bracket"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height:.0f}" '
        # Drawn at its own size, the figure scrolling sideways: scaled to the page, a wide
        # double elimination's names would be too small to read.
        f'style="min-width:{width}px;max-height:none" '
        f'class="bracket double-elimination" role="img" aria-label="{title}"><title>{title}</title>'
    ]
    headings = [(ties, 18) for ties in winners] + [(ties, losers_top - 12) for ties in losers]
    headings += [([final], 18), ([reset], 18)]
    for ties, y in headings:
        x = columns[ties[0].key] * column_width
        parts.append(
            f'<text x="{x + TIE_WIDTH / 2:.0f}" y="{y:.0f}" text-anchor="middle" font-size="13" '
            f'font-weight="600" fill="{MUTED}">{escape(event.round_name(ties[0].key[0]))}</text>'
        )
    for ties in event.rounds:
        for slot in ties:
            x = columns[slot.key] * column_width
            centre = centres[slot.key]
            for kind, where in slot.sides:
                if kind == "seed" or (kind == "lose" and slot.key != reset.key):
                    continue
                source_x = columns[where] * column_width + TIE_WIDTH  # type: ignore[index]
                parts.append(_elbow(source_x, centres[where], x, centre))  # type: ignore[index]
                if slot.key == reset.key:
                    break
            entrants = event.sides_of(slot)
            empty = ["bye" if event.side_is_bye(slot, i) else "…" for i in range(2)]
            shown = slot.tie or Tie(slot.key[0], slot.key[1], entrants, winner=slot.winner)
            if len(ties) > 1 and slot.played:
                parts.append(_tie_label(event.tie_name(*slot.key), x, centre - ROW_HEIGHT))
            parts.append(_tie_box(shown, x, centre - ROW_HEIGHT, names, tie_links, empty))
    parts.append(_champion(event.champion(), final_column + 2, final_y, names))
    parts.append("</svg>")
    return "".join(parts)


def _elbow(from_x: float, from_y: float, to_x: float, to_y: float) -> str:
    """A connector from the right of one tie to the left of a later one, any columns apart."""
    middle = to_x - ROUND_GAP / 2
    return (
        f'<path d="M{from_x:.1f},{from_y:.1f} H{middle:.1f} V{to_y:.1f} H{to_x:.1f}" '
        f'fill="none" stroke="{BOX_STROKE}" stroke-width="2"/>'
    )


def _connector(x: float, from_y: float, to_y: float) -> str:
    middle = x + ROUND_GAP / 2
    return (
        f'<path d="M{x:.1f},{from_y:.1f} H{middle:.1f} V{to_y:.1f} H{x + ROUND_GAP:.1f}" '
        f'fill="none" stroke="{BOX_STROKE}" stroke-width="2"/>'
    )


def _tie_label(name: str, x: float, top: float) -> str:
    """The tie's name just above its box ("Semi-final 2"), as the games table names its games;
    a round of one tie, the final, has its column's heading."""
    return (
        f'<text x="{x + 2}" y="{top - 4:.1f}" font-size="{TIE_LABEL_SIZE}" fill="{MUTED}" '
        f'class="tie-name">{escape(name)}</text>'
    )


def _tie_box(
    tie: Tie,
    x: float,
    y: float,
    names: Sequence[str],
    tie_links: dict[tuple[int, int], str],
    empty: Sequence[str] | None = None,
) -> str:
    """A tie's two rows, each an entrant (or ``empty[row]``: "bye", "…") and its wins."""
    parts = [f'<g class="tie" data-round="{tie.round}" data-slot="{tie.slot}">']
    for row, entrant in enumerate(tie.entrants):
        top = y + row * ROW_HEIGHT
        won = entrant is not None and entrant == tie.winner and not tie.bye
        fill = WINNER_FILL if won else "#fff"
        ink = WINNER_INK if won else ("#1d232b" if entrant is not None else "#9aa1aa")
        weight = ' font-weight="700" class="winner"' if won else ""
        parts.append(
            f'<rect x="{x}" y="{top:.1f}" width="{TIE_WIDTH}" height="{ROW_HEIGHT}" '
            f'fill="{fill}" stroke="{BOX_STROKE}"/>'
            + _fitted_text(
                _entrant_label(tie, entrant, names)
                if empty is None or entrant is not None
                else empty[row],
                f'x="{x + 8}" y="{top + 16:.1f}" font-size="13" fill="{ink}"{weight}',
            )
        )
        if None not in tie.entrants and (tie.games or tie.winner is not None):
            parts.append(
                f'<text x="{x + TIE_WIDTH - 8}" y="{top + 16:.1f}" font-size="13" '
                f'text-anchor="end" fill="{ink}"{weight}>{tie.wins[row]}</text>'
            )
    parts.append("</g>")
    body = "".join(parts)
    link = tie_links.get((tie.round, tie.slot))
    if link:
        return f'<a href="{escape(link)}">{body}</a>'
    return body


def _entrant_label(tie: Tie, entrant: int | None, names: Sequence[str]) -> str:
    if entrant is not None:
        return f"{entrant + 1}. {names[entrant]}"
    return "bye" if tie.round == 0 else "…"


NAME_WIDTH = TIE_WIDTH - 8 - 34
"""The room of a name in a tie's row: the box less its left padding and the wins' column."""
WIDEST_CHAR = 8.6
"""An upper bound of one character's width at 13 px, bold (DejaVu Sans, what Debian's chromium
draws): a label that could be wider than ``NAME_WIDTH`` is drawn squeezed into it."""


def _fitted_text(label: str, attributes: str) -> str:
    """A ``<text>`` of ``label``; a label too long for a tie's box is cut in the middle (its start,
    the seed and owner, and its end, the version, tell two entrants apart) and its full text
    becomes the tooltip. One that might still be wider than its room is squeezed into it
    (``textLength``), so a name never runs into its wins whatever the font."""
    shown = label
    if len(label) > LABEL_CHARS:
        tail = (LABEL_CHARS - 1) // 2
        shown = label[: LABEL_CHARS - 1 - tail] + "…" + label[-tail:]
    if len(shown) * WIDEST_CHAR > NAME_WIDTH:
        attributes += f' textLength="{NAME_WIDTH}" lengthAdjust="spacingAndGlyphs"'
    if shown == label:
        return f"<text {attributes}>{escape(label)}</text>"
    return f"<g><title>{escape(label)}</title><text {attributes}>{escape(shown)}</text></g>"

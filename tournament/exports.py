"""A tournament's final standings, cross-table and games as CSV and JSON downloads (``download``
serves them to the pages and the API alike).

The rows come from ``tournament_summary`` (the page's and the API's one source), so a download
says what the page says. The cross-table gives every pair of entrants that met: the games
they played together, each one's wins in them and each one's credited score (the forfeit rule,
``tournament/forfeits.py``); at a 3–4 seat table, every pair of the table counts the game.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
from collections.abc import Sequence
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from tournament.models import Tournament
from tournament.tournaments import TournamentState, game_result, tournament_summary

KINDS = ("standings", "crosstable", "games")
FORMATS = ("csv", "json")


def export(tournament: Tournament, kind: str, fmt: str) -> tuple[str, str]:
    """(body, content type) of one export; ``kind`` in :data:`KINDS`, ``fmt`` in
    :data:`FORMATS` (the caller checks both)."""
    summary = tournament_summary(tournament)
    rows = {"standings": standings_rows, "crosstable": crosstable_rows, "games": game_rows}[kind](
        tournament, summary
    )
    if fmt == "json":
        body = {"tournament": tournament.id, "name": tournament.name, kind: rows}
        return json.dumps(body, indent=1, default=str), "application/json"
    return to_csv(rows), "text/csv; charset=utf-8"


def standings_rows(tournament: Tournament, summary: dict[str, Any]) -> list[dict[str, Any]]:
    rows = []
    for row in summary["standings"]:
        line = {
            "position": row["position"],
            "seed": row["seed"],
            "name": row["name"],
            "owner": row["owner"],
            "version": row["version"],
            "reached": row["reached"] or "",
        }
        line.update({column["name"]: column["value"] for column in row["columns"]})
        for key in ("played", "wins", "forfeits", "average_score", "average_rank"):
            line[key] = row[key]
        rows.append(line)
    return rows


def crosstable_rows(tournament: Tournament, summary: dict[str, Any]) -> list[dict[str, Any]]:
    state = TournamentState.load(tournament)
    pairs: dict[tuple[int, int], dict[str, float]] = {}
    for game in state.games:
        result = game_result(game.match, state.entrant_of)
        if result is None:
            continue
        winner = result.winner()
        credited = result.credited_scores()
        for (i, a), (j, b) in itertools.combinations(enumerate(result.seats), 2):
            if a > b:
                (i, a), (j, b) = (j, b), (i, a)
            cell = pairs.setdefault((a, b), {"games": 0, "a_wins": 0, "b_wins": 0, "a": 0, "b": 0})
            cell["games"] += 1
            cell["a_wins"] += winner == a
            cell["b_wins"] += winner == b
            cell["a"] += credited[i]
            cell["b"] += credited[j]
    names = summary["names"]
    return [
        {
            "seed_a": a + 1,
            "name_a": names[a],
            "seed_b": b + 1,
            "name_b": names[b],
            "games": cell["games"],
            "wins_a": cell["a_wins"],
            "wins_b": cell["b_wins"],
            "score_a": cell["a"],
            "score_b": cell["b"],
        }
        for (a, b), cell in sorted(pairs.items())
    ]


def game_rows(tournament: Tournament, summary: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per seat of every game (a game's seats share its match, round and tie)."""
    rows = []
    for game in summary["games"]:
        for seat, line in enumerate(game["seats"], start=1):
            rows.append(
                {
                    "match": game["match"],
                    "round": game["round"] + 1,
                    "round_name": game["round_name"],
                    "tie": game["tie_name"],
                    "game": game["game"] + 1,
                    "status": game["status"],
                    "seat": seat,
                    "name": line["name"],
                    "version": line["version"],
                    "rank": line["rank"],
                    "score": line["score"],
                    "forfeit": line["forfeit"] or "",
                    "won": line["won"],
                    "retried_as": game["retried_as"] or "",
                }
            )
    return rows


def to_csv(rows: Sequence[dict[str, Any]]) -> str:
    out = io.StringIO()
    if not rows:
        return ""
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def download(request: HttpRequest, tournament_id: int, kind: str, fmt: str) -> HttpResponse:
    """``…/export/standings.csv`` (or ``crosstable``, ``games``; ``.json``): a download."""
    tournament = get_object_or_404(Tournament, id=tournament_id)
    if kind not in KINDS or fmt not in FORMATS:
        raise Http404(f"no export {kind}.{fmt}: use standings, crosstable or games, csv or json")
    body, content_type = export(tournament, kind, fmt)
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = (
        f'attachment; filename="tournament-{tournament.id}-{kind}.{fmt}"'
    )
    return response

"""Page and API times on a big database: builds one in PostgreSQL, then measures p50/p95.

Usage::

    nice -n 10 python bench/scale.py --bots 1000 --matches 100000
    nice -n 10 python bench/scale.py --bots 10000 --matches 1000000 --compare 1000/100000
    nice -n 10 python bench/scale.py --bots 10000 --matches 1000000 --recompute

Builds (once; ``--rebuild`` starts over) a database named after the scale, ``h_scale_bench_<bots>_
<matches>`` on ``--server`` (default ``postgres://postgres@127.0.0.1:5432``), migrates it and fills
it server-side with ``INSERT … SELECT generate_series`` in chunks, printing progress: users (two
bots each), bots (half per game), versions (1–3 per bot, the last one active, 8 KiB of uploaded
bytes each), matches (a year of history; card game 2 seats, Catan 4; 97% ladder, 2% tournament,
1% validation; the newest few queued or running, 0.3% errors), their seats with ranks, scores,
forfeits and the rating history (Elo/μ/σ before and after), scored results, tournaments of 8
entrants with their games, and one real replay (a random game of each engine, stored as a
finished match stores it). One bot per game is "busy" (``house_<game>``): it sits in a seventh of
its game's matches (about 70,000 at a million), like a house bot.

Then it measures each page and API list through Django's test client in this process (no
network, no server: only the view, its queries and its template), ``--samples`` times each after
one warm-up request, and the ladder scheduler's step (``schedule_ladder(game, 1)`` as after a
ladder match ends, inside a transaction rolled back; wall time and this process's CPU time),
beside a trivial view of the same site (the sign-in page: the site's layout, no query) and
``/healthz`` (a database and a broker round trip, no template), measured the same way in the
same run. Prints a table per database: p50, p95, p95 over the trivial view's p95, the response
size, the queries of one request and their time. ``--compare BOTS/MATCHES`` measures that
(smaller, already built) scale's database too, taking turns request by request so both meet the
same load on a shared machine, and prints each page's ratio between the two scales.
``--recompute`` also times ``recompute_ratings``' recomputation (long at a million matches).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SEATS = {"cardgame": 2, "catan": 4}
GAME_OF_PARITY = ("cardgame", "catan")
"""Bot ``i`` (and its matches, match ``i``) is of game ``GAME_OF_PARITY[i % 2]``."""
UPLOAD_BYTES = 8192
BUSY_EVERY = 7
"""Every seventh match of a game seats that game's busy bot."""
ENTRANTS = 8
CHUNK = 50_000


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", type=int, default=1000)
    parser.add_argument("--matches", type=int, default=100_000)
    parser.add_argument("--server", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--db", help="database name (default: h_scale_bench_<bots>_<matches>)")
    parser.add_argument("--rebuild", action="store_true", help="drop and build the database")
    parser.add_argument("--samples", type=int, default=15, help="requests per page")
    parser.add_argument("--recompute", action="store_true", help="also time recompute_ratings")
    parser.add_argument("--only", help="measure only pages whose name contains this")
    parser.add_argument("--build-only", action="store_true", help="build, measure nothing")
    parser.add_argument(
        "--compare",
        metavar="BOTS/MATCHES",
        help="also measure this (smaller) scale's database, built already, alternating request "
        "by request with this one, and print each page's ratio between the two",
    )
    return parser.parse_args()


def say(text: str) -> None:
    print(text, flush=True)


# --------------------------------------------------------------------------- the database


def ensure_database(server: str, name: str, rebuild: bool) -> bool:
    """Create the database if missing (or dropped by ``rebuild``); True if it must be filled."""
    import psycopg

    with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if exists and rebuild:
            conn.execute(f'DROP DATABASE "{name}"')
            exists = None
        if not exists:
            conn.execute(f'CREATE DATABASE "{name}"')
            return True
    with psycopg.connect(f"{server}/{name}") as conn:
        built = conn.execute("SELECT to_regclass('bench_scale_built')").fetchone()[0]
    return built is None


def build(bots: int, matches: int) -> None:
    """Fill a migrated, empty database (see the module docstring for what goes in)."""
    from django.db import connection

    users = max(1, bots // 2)
    started = time.perf_counter()

    def step(what: str, sql: str, params: dict[str, object] | None = None) -> None:
        with connection.cursor() as cursor:
            cursor.execute(sql, params or {})
        say(f"  {what:<44} {time.perf_counter() - started:7.1f} s")

    say(f"building {bots:,} bots / {matches:,} matches")
    step(
        f"users ({users:,})",
        """INSERT INTO auth_user (id, password, is_superuser, username, first_name, last_name,
               email, is_staff, is_active, date_joined)
           SELECT i, '!', false, 'user' || i, '', '', '', false, true, now() - interval '2 years'
           FROM generate_series(1, %(users)s) i""",
        {"users": users},
    )
    step(
        f"bots ({bots:,})",
        """INSERT INTO tournament_bot (id, owner_id, game, name, created, elo, mu, sigma,
               conservative, games_played, wins, forfeits, score_total, scored_games)
           SELECT i, (i - 1) %% %(users)s + 1,
                  CASE WHEN i %% 2 = 0 THEN 'cardgame' ELSE 'catan' END,
                  'bot' || i, now() - interval '2 years',
                  1500 + (hashint4(i) %% 300), 25 + (hashint4(i) %% 10), 2 + (i %% 5) * 0.3,
                  25 + (hashint4(i) %% 10) - 3 * (2 + (i %% 5) * 0.3), 100, 50, 1, 600, 99
           FROM generate_series(1, %(bots)s) i""",
        {"bots": bots, "users": users},
    )
    step(
        "versions (1–3 a bot, the last active)",
        """INSERT INTO tournament_botversion (bot_id, game, number, content_hash, size, filename,
               code_path, upload, created, status, validation_log, seat_counts, elo, mu, sigma,
               conservative, games_played, wins, forfeits, score_total, scored_games)
           SELECT b.id, b.game, n, md5(b.id || '/' || n) || md5(n || '/' || b.id), %(size)s,
                  'bot.zip', '/srv/media/bots/' || md5(b.id || '/' || n),
                  decode(repeat(md5(b.id || '/' || n), %(size)s / 16), 'hex')
                    || decode(md5(b.id || '/' || n || 'x'), 'hex'),
                  now() - interval '1 year' + n * interval '1 day',
                  CASE WHEN n = 1 + b.id %% 3 THEN 'active' ELSE 'retired' END,
                  'Validation match: passed.', '[3, 3, 3, 3]',
                  b.elo, b.mu, b.sigma, b.conservative, 30, 15, 0, 180, 30
           FROM tournament_bot b, generate_series(1, 1 + b.id %% 3) n
           ORDER BY b.id, n""",
        {"size": UPLOAD_BYTES // 2 - 16},
    )
    step(
        "current versions",
        """UPDATE tournament_bot b SET current_version_id = v.id FROM tournament_botversion v
           WHERE v.bot_id = b.id AND v.status = 'active'""",
    )
    # Each game's active versions numbered 0..n-1 (0 = the busy one), to seat matches.
    step(
        "seating table",
        """CREATE TABLE bench_active AS
           SELECT game, (row_number() OVER (PARTITION BY game ORDER BY id) - 1)::int AS idx, id
           FROM tournament_botversion WHERE status = 'active';
           CREATE UNIQUE INDEX ON bench_active (game, idx); ANALYZE bench_active;
           CREATE TABLE bench_pool AS
           SELECT game, count(*)::int AS n FROM bench_active GROUP BY game;""",
    )
    span = 365 * 24 * 3600.0 / matches  # seconds between matches: a year of history
    for low in range(1, matches + 1, CHUNK):
        high = min(matches, low + CHUNK - 1)
        params = {"low": low, "high": high, "m": matches, "span": span}
        with connection.cursor() as cursor:
            cursor.execute(MATCHES_SQL, params)
            cursor.execute(SEATS_SQL, {**params, "busy_every": BUSY_EVERY})
            cursor.execute(SCORED_SQL, params)
        say(
            f"  matches {high:>10,} / {matches:,} (+ seats, results)"
            f"{time.perf_counter() - started:11.1f} s"
        )
    tournaments = max(2, bots // 50)
    step(f"tournaments ({tournaments:,})", TOURNAMENTS_SQL, {"t": tournaments, "e": ENTRANTS})
    step(
        "sequences",
        """SELECT setval(pg_get_serial_sequence(t, 'id'), (SELECT max(id) FROM auth_user))
           FROM (VALUES ('auth_user')) s(t);
           SELECT setval(pg_get_serial_sequence('tournament_bot', 'id'),
                         (SELECT max(id) FROM tournament_bot));
           SELECT setval(pg_get_serial_sequence('tournament_match', 'id'),
                         (SELECT max(id) FROM tournament_match));
           SELECT setval(pg_get_serial_sequence('tournament_tournament', 'id'),
                         (SELECT max(id) FROM tournament_tournament));
           SELECT setval(pg_get_serial_sequence('tournament_scoredresult', 'sequence'),
                         (SELECT max(sequence) FROM tournament_scoredresult));""",
    )
    store_replays()
    step("replays (one real game per engine)", "SELECT 1")
    step("vacuum analyze", "VACUUM ANALYZE")
    step("done", "CREATE TABLE bench_scale_built (built timestamptz DEFAULT now())")


def name_busy_bots() -> None:
    """Each game's busy bot is ``house_<game>``, a name no other bot contains (databases built
    before this was done are renamed the same way)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE tournament_bot b SET name = 'house_' || a.game FROM bench_active a "
            "JOIN tournament_botversion v ON v.id = a.id WHERE a.idx = 0 AND b.id = v.bot_id"
        )


MATCHES_SQL = """
INSERT INTO tournament_match (id, game, kind, rated, options, time_control, sandbox_limits, seed,
    engine_version, status, created, started, finished, attempts, claim_token, worker,
    lease_expires, sent_at, end_reason, error_reason)
SELECT i,
       CASE WHEN i %% 2 = 0 THEN 'cardgame' ELSE 'catan' END,
       k.kind, k.kind = 'ladder', '{}', '{}', '{}', hashint8(i) & 4611686018427387903, '1',
       CASE WHEN i > %(m)s - 4 THEN 'queued' WHEN i > %(m)s - 8 THEN 'running'
            WHEN (hashint4(i::int) & 2147483647) %% 300 = 0 THEN 'error' ELSE 'finished' END,
       t.at, t.at, CASE WHEN i > %(m)s - 8 THEN NULL ELSE t.at + interval '40 seconds' END,
       1, '', '', NULL, t.at,
       CASE WHEN i > %(m)s - 8 THEN '' ELSE 'game over' END,
       CASE WHEN (hashint4(i::int) & 2147483647) %% 300 = 0 AND i <= %(m)s - 8
            THEN 'engine failed' ELSE '' END
FROM generate_series(%(low)s, %(high)s) i,
     LATERAL (SELECT CASE WHEN i %% 100 = 0 THEN 'validation'
                          WHEN i %% 100 IN (1, 2) THEN 'tournament'
                          ELSE 'ladder' END AS kind) k,
     LATERAL (SELECT now() - (%(m)s - i) * %(span)s * interval '1 second'
                     - interval '60 seconds' AS at) t
"""

# Seat s of match i: the busy version in seat 0 of every BUSY_EVERY-th match of its game, else
# active versions spread by a hash, distinct within the match (stride a quarter of the pool).
SEATS_SQL = """
INSERT INTO tournament_matchparticipant (match_id, version_id, seat, rank, score, forfeit,
    forfeit_detail, elo_before, elo_after, mu_before, mu_after, sigma_before, sigma_after)
SELECT m.id, a.id, s, r.rank, CASE WHEN m.status = 'finished' THEN 10 - r.rank END,
       CASE WHEN m.status = 'finished' AND hashint4((m.id * 7 + s)::int) %% 100 = 0 THEN 'timeout'
            ELSE '' END,
       '', e.before, e.before + 16 - 8 * r.rank, 25.0, 25.0 + 2 - r.rank, 8.0, 7.9
FROM tournament_match m
JOIN bench_pool pool ON pool.game = m.game
CROSS JOIN LATERAL generate_series(0, CASE WHEN m.game = 'cardgame' THEN 1 ELSE 3 END) s
JOIN LATERAL (
    SELECT CASE WHEN s = 0 AND (m.id / 2) %% %(busy_every)s = 0 THEN 0
                ELSE 1 + ((hashint4(m.id::int) & 2147483647) + s * ((pool.n - 1) / 4 + 1))
                         %% (pool.n - 1)
           END AS idx
) pick ON true
JOIN bench_active a ON a.game = m.game AND a.idx = pick.idx
CROSS JOIN LATERAL (SELECT CASE WHEN m.status = 'finished'
                                THEN (s + m.id) %% (CASE WHEN m.game = 'cardgame' THEN 2 ELSE 4 END)
                                     + 1 END AS rank) r
CROSS JOIN LATERAL (SELECT 1400.0 + (hashint4((m.id + s)::int) & 2147483647) %% 300 AS before) e
WHERE m.id BETWEEN %(low)s AND %(high)s
"""
# Validation and tournament matches are unrated: no rating history on their seats.
SCORED_SQL = """
UPDATE tournament_matchparticipant p
SET elo_before = NULL, elo_after = NULL, mu_before = NULL, mu_after = NULL,
    sigma_before = NULL, sigma_after = NULL
FROM tournament_match m
WHERE m.id = p.match_id AND m.id BETWEEN %(low)s AND %(high)s
  AND (NOT m.rated OR m.status <> 'finished');
INSERT INTO tournament_scoredresult (sequence, match_id, scored_at)
SELECT id, id, finished FROM tournament_match
WHERE id BETWEEN %(low)s AND %(high)s AND status = 'finished'
"""

TOURNAMENTS_SQL = """
INSERT INTO tournament_tournament (id, game, name, organiser_id, format, games_per_pairing,
    players_per_match, options, time_control, sandbox_limits, planned_matches, seeding, status,
    created, finished, format_settings, format_state)
SELECT t, CASE WHEN t %% 2 = 0 THEN 'cardgame' ELSE 'catan' END, 'Cup ' || t, 1,
       CASE WHEN t %% 3 = 0 THEN 'knockout' ELSE 'round_robin' END, 1,
       CASE WHEN t %% 2 = 0 THEN 2 ELSE 4 END, '{}', '{}', '{}', 28, 'rating',
       CASE WHEN t = %(t)s THEN 'running' ELSE 'finished' END,
       now() - (%(t)s - t) * interval '1 day', now() - (%(t)s - t) * interval '1 day', '{}', '{}'
FROM generate_series(1, %(t)s) t;
INSERT INTO tournament_tournamententrant (tournament_id, version_id, seed)
SELECT t.id, a.id, e
FROM tournament_tournament t, generate_series(0, %(e)s - 1) e, bench_active a
WHERE a.game = t.game AND a.idx = 1 + (t.id * %(e)s + e) %% 400;
INSERT INTO tournament_tournamentmatch (match_id, tournament_id, round, slot, game)
SELECT m.id,
       (SELECT t.id FROM tournament_tournament t WHERE t.game = m.game
        ORDER BY (hashint4(m.id::int) & 2147483647) %% 1000 <> t.id %% 1000, t.id DESC LIMIT 1),
       0, m.id %% 32000, 0
FROM tournament_match m
WHERE m.kind = 'tournament' AND m.id %% 997 IN (1, 2)
  AND NOT EXISTS (SELECT 1 FROM tournament_tournamentmatch tm WHERE tm.match_id = m.id);
"""


def store_replays() -> None:
    """Make the newest finished match of each game a real random game, stored as a finished
    match stores its replay (``results.replay_payload``)."""
    from bots.outcome import MatchOutcome, SeatResult
    from games.common.replay import final_state_sharing_log
    from games.registry import GAMES
    from tests.games.random_game import play_random
    from tournament.models import Match, Replay
    from tournament.results import replay_payload

    for game in GAMES:
        match = Match.objects.filter(game=game, status=Match.FINISHED).order_by("-id").first()
        seats, seed = match.participants.count(), match.seed % 2**31
        state, actions = play_random(game, seats, seed, {})
        result = state.result()
        outcome = MatchOutcome(
            game=game,
            engine_version=GAMES[game].version,
            num_players=seats,
            seed=seed,
            options={},
            seats=[
                SeatResult(
                    seat=seat,
                    rank=list(result["ranking"]).index(seat) + 1,
                    score=float(result["scores"][seat]),
                )
                for seat in range(seats)
            ],
            reason=str(result.get("reason", "")),
            actions=actions,
            events=list(state.events),
            final_state=final_state_sharing_log(state, list(state.events)),
        )
        Match.objects.filter(id=match.id).update(seed=seed)
        Replay.objects.update_or_create(
            match=match, defaults={"data": Replay.pack(replay_payload(outcome))}
        )


# --------------------------------------------------------------------------- measuring


def p95(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def pages() -> list[tuple[str, str]]:
    """(name, URL) of every page and API list measured; the trivial view first."""
    from tournament.models import Bot, Replay

    busy = Bot.objects.get(id=busy_bot_id("catan"))
    fragment = "bot1"
    fitting = Bot.objects.filter(name__icontains=fragment).count()
    say(f"  the name part {fragment!r} fits {fitting:,} bots")
    catan_bots = Bot.objects.filter(game="catan").order_by("id")
    typical = catan_bots[len(catan_bots) // 2].name
    replayed = Replay.objects.filter(match__game="catan").values_list("match_id", flat=True)[0]
    return [
        ("trivial view (sign-in page)", "/accounts/login/"),
        ("one round trip each (/healthz)", "/healthz"),
        ("home", "/"),
        ("status", "/status/"),
        ("match list", "/matches/"),
        ("match list, one game", "/matches/?game=catan"),
        ("match list, bot name (typical bot)", f"/matches/?bot={typical}"),
        ("match list, bot name (busy bot)", f"/matches/?bot={busy.name}"),
        ("match list, name part of many bots", f"/matches/?bot={fragment}"),
        ("match list, last page", f"/matches/?page={last_page('/matches/')}"),
        (
            "match list, bot name, last page",
            f"/matches/?bot={typical}&page={last_page(f'/matches/?bot={typical}')}",
        ),
        ("busy bot's page", f"/bots/{busy.id}/"),
        ("leaderboard catan", "/ladder/catan/"),
        ("leaderboard cardgame by Elo, page 5", "/ladder/cardgame/?sort=elo&page=5"),
        ("tournament list", "/tournaments/"),
        ("API bots", "/api/bots/"),
        ("API bots, one game, far page", f"/api/bots/?game=catan&offset={len(catan_bots) - 20}"),
        ("API tournaments", "/api/tournaments/"),
        ("match page (catan replay)", f"/matches/{replayed}/"),
    ]


def last_page(url: str) -> int:
    """The number of a list's last page, as its first page's pager says ("page 1 of N")."""
    from django.test import Client

    found = re.search(r"page 1 of (\d+)", Client().get(url).content.decode())
    return int(found.group(1)) if found else 1


def busy_bot_id(game: str) -> int:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT v.bot_id FROM bench_active a JOIN tournament_botversion v ON v.id = a.id "
            "WHERE a.game = %s AND a.idx = 0",
            [game],
        )
        return cursor.fetchone()[0]


def use_database(name: str) -> None:
    """Point the default connection at database ``name`` and connect (outside any timing)."""
    from django.db import connection

    if connection.settings_dict["NAME"] != name:
        connection.close()
        connection.settings_dict["NAME"] = name
    connection.ensure_connection()


def alternating(
    databases: list[str], requests: dict[str, Callable[[], object]], samples: int
) -> dict[str, tuple[list[float], object]]:
    """Time each database's request ``samples`` times after a warm-up, taking turns request by
    request, so both meet the same load on a shared machine."""
    times: dict[str, list[float]] = {db: [] for db in databases}
    last: dict[str, object] = {}
    for db in databases:
        use_database(db)
        requests[db]()
    for _ in range(samples):
        for db in databases:
            use_database(db)
            start = time.perf_counter()
            last[db] = requests[db]()
            times[db].append((time.perf_counter() - start) * 1000)
    return {db: (times[db], last[db]) for db in databases}


def measure_scheduler(databases: list[str], samples: int) -> dict[str, dict[str, object]]:
    """One ladder step per game (``schedule_ladder(game, 1)``), each rolled back."""
    from django.db import transaction

    from tournament.models import BotVersion
    from tournament.scheduler import schedule_ladder

    class Rollback(Exception):
        pass

    cpu: dict[tuple[str, str], list[float]] = defaultdict(list)

    def one_step(db: str, game: str) -> None:
        start = time.process_time()
        try:
            with transaction.atomic():
                created = schedule_ladder(game, 1)
                assert len(created) == 1, created
                raise Rollback
        except Rollback:
            pass
        cpu[db, game].append((time.process_time() - start) * 1000)

    results: dict[str, dict[str, object]] = {db: {} for db in databases}
    for game in GAME_OF_PARITY:
        timed_steps = alternating(
            databases,
            {db: (lambda db=db, game=game: one_step(db, game)) for db in databases},
            samples,
        )
        for db in databases:
            use_database(db)
            active = BotVersion.objects.filter(game=game, status=BotVersion.ACTIVE).count()
            results[db][game] = (timed_steps[db][0], active, cpu[db, game][1:])
    return results


Row = tuple[str, list[float], int, tuple[int, float]]


def measure(databases: list[str], samples: int, only: str | None) -> dict[str, list[Row]]:
    """Each page's times, its size and (queries, their time in ms) of one more request, per
    database."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    urls = {}
    for db in databases:
        use_database(db)
        urls[db] = pages()
    rows: dict[str, list[Row]] = {db: [] for db in databases}
    for index, (name, _) in enumerate(urls[databases[0]]):
        if only and only not in name and "trivial" not in name:
            continue
        requests = {db: (lambda url=urls[db][index][1]: client.get(url)) for db in databases}
        for db, (times, response) in alternating(databases, requests, samples).items():
            url = urls[db][index][1]
            if response.status_code != 200:
                raise SystemExit(f"{db} {url}: {response.status_code}")
            use_database(db)
            with CaptureQueriesContext(connection) as queries:
                client.get(url)
            sql_ms = sum(float(query["time"]) for query in queries.captured_queries) * 1000
            rows[db].append((name, times, len(response.content), (len(queries), sql_ms)))
        say(f"  {name:<40} p95 " + "  ".join(f"{p95(rows[db][-1][1]):8.1f}" for db in databases))
    return rows


def print_table(title: str, rows: list[Row], scheduler: dict[str, object]) -> None:
    trivial = p95(rows[0][1])
    say("")
    say(title)
    say(
        f"{'page':<40} {'p50 ms':>8} {'p95 ms':>8} {'× trivial':>9} {'KiB':>7} "
        f"{'queries':>7} {'SQL ms':>7}"
    )
    for page, times, size, (queries, sql_ms) in rows:
        say(
            f"{page:<40} {statistics.median(times):8.1f} {p95(times):8.1f} "
            f"{p95(times) / trivial:9.1f} {size / 1024:7.1f} {queries:7} {sql_ms:7.1f}"
        )
    for game, (times, active, cpu) in scheduler.items():
        say(
            f"{'scheduler step ' + game + f' ({active:,} active)':<40} "
            f"{statistics.median(times):8.1f} {p95(times):8.1f}   "
            f"(this process's CPU: p50 {statistics.median(cpu):.1f}, p95 {p95(cpu):.1f} ms)"
        )


def print_comparison(
    small: str, big: str, rows: dict[str, list[Row]], scheduler: dict[str, dict[str, object]]
) -> None:
    """Each page at both scales, measured turn by turn: the goals' two ratios side by side."""
    trivial = p95(rows[big][0][1])
    say("")
    say(f"{small} → {big} (p50 / p95 ms; goals: p95 ≤ 5× trivial, ≤ 1.5× the small scale's)")
    say(f"{'page':<40} {'small':>15} {'big':>15} {'× trivial':>9} {'big/small':>9}")
    for (page, small_times, _, _), (_, big_times, _, _) in zip(rows[small], rows[big], strict=True):
        say(
            f"{page:<40} {statistics.median(small_times):7.1f}/{p95(small_times):7.1f} "
            f"{statistics.median(big_times):7.1f}/{p95(big_times):7.1f} "
            f"{p95(big_times) / trivial:9.1f} {p95(big_times) / p95(small_times):9.2f}"
        )
    for game in GAME_OF_PARITY:
        (small_times, small_active, _), (big_times, big_active, _) = (
            scheduler[small][game],
            scheduler[big][game],
        )
        label = f"scheduler {game} ({small_active:,} → {big_active:,})"
        say(
            f"{label:<40} {statistics.median(small_times):7.1f}/{p95(small_times):7.1f} "
            f"{statistics.median(big_times):7.1f}/{p95(big_times):7.1f}"
        )


def main() -> None:
    args = parse_args()
    name = args.db or f"h_scale_bench_{args.bots}_{args.matches}"
    fresh = ensure_database(args.server, name, args.rebuild)
    os.environ["DATABASE_URL"] = f"{args.server}/{name}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arena.settings")
    os.environ.setdefault("ARENA_MATCH_SLOTS", "8")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    settings.ALLOWED_HOSTS = ["*"]
    call_command("migrate", verbosity=0)
    if fresh:
        build(args.bots, args.matches)
    else:
        say(f"database {name} is built (--rebuild to start over)")
    name_busy_bots()
    if args.build_only:
        return
    databases = [name]
    if args.compare:
        bots, matches = (int(n) for n in args.compare.split("/"))
        databases.insert(0, f"h_scale_bench_{bots}_{matches}")
    from tournament.models import GameLadder, Match, MatchParticipant
    from tournament.scheduler import ladder_for

    for db in databases:
        use_database(db)
        if db != name:
            call_command("migrate", verbosity=0)
            name_busy_bots()
        for game in GAME_OF_PARITY:
            ladder_for(game)
        GameLadder.objects.update(matches_in_flight=100, max_concurrent_per_bot=4)
        say(f"{db}: {Match.objects.count():,} matches, {MatchParticipant.objects.count():,} seats")
    say(f"measuring ({args.samples} samples each, taking turns between the databases)")
    rows = measure(databases, args.samples, args.only)
    scheduler = measure_scheduler(databases, args.samples)
    for db in databases:
        print_table(
            f"{db}, {args.samples} samples, load {os.getloadavg()[0]:.2f}", rows[db], scheduler[db]
        )
    if args.compare:
        print_comparison(databases[0], name, rows, scheduler)
    use_database(name)
    if args.recompute:
        from tournament import history

        start = time.perf_counter()
        result = history.recompute()
        say(
            f"recompute_ratings (recompute): {result.matches:,} rated matches in "
            f"{time.perf_counter() - start:.1f} s"
        )


if __name__ == "__main__":
    main()

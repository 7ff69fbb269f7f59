"""``arena``: a bot author's command line for a Catan Arena server (the API, with a token).

    arena login                      ask for your password once, keep an API token
    arena submit GAME PATH [--name] [--family F]...
                                     upload a bot (.py or .zip), or a new version of it
    arena status                     your bots: live version, rating, games, forfeits
    arena matches [--bot B] [--game G] [--result R] [--limit N]
    arena replay MATCH -o FILE       download a replay file (docs/replay-format.md)
    arena logs MATCH [--seat N]      your seat's stderr and CPU times in a match
    arena leaderboard GAME [--limit N] [--family F]

The server is ``--server URL``, else ``$ARENA_SERVER``, else the one ``login`` used, else
http://127.0.0.1:8000. ``login`` keeps the token in ``~/.config/catan-arena/config.json``
(``$ARENA_CONFIG`` names another file), readable by you alone; ``$ARENA_TOKEN`` overrides it.
Only the standard library is used, so the command starts fast.
"""

from __future__ import annotations

import argparse
import base64
import getpass
import json
import os
import platform
import secrets
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

DEFAULT_SERVER = "http://127.0.0.1:8000"
TIMEOUT_S = 30


class CliError(Exception):
    """A failure to tell the user in one line (exit status 1)."""


class Refused(CliError):
    """The server answered with an error status (``code``)."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


# --- configuration ---------------------------------------------------------------------------


def config_path() -> Path:
    if named := os.environ.get("ARENA_CONFIG"):
        return Path(named)
    base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return base / "catan-arena" / "config.json"


def load_config() -> dict[str, Any]:
    try:
        return json.loads(config_path().read_text())
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        raise CliError(f"cannot read {config_path()}: {exc}") from None


def save_config(config: dict[str, Any]) -> Path:
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    # Created private: the token is as good as the password for the API.
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as file:
        json.dump(config, file, indent=2)
    os.chmod(path, 0o600)
    return path


# --- HTTP ------------------------------------------------------------------------------------


class Server:
    """The API of one server, as one user (a token, or a password for ``login``)."""

    def __init__(self, url: str, token: str | None = None) -> None:
        self.url = url.rstrip("/")
        self.token = token
        self.basic: str | None = None

    def request(
        self,
        method: str,
        path: str,
        *,
        query: dict[str, Any] | None = None,
        data: bytes | None = None,
        content_type: str | None = None,
        auth: bool = True,
    ) -> Any:
        """Send a request; return the JSON answer (or the raw bytes of a non-JSON one)."""
        address = self.url + path
        if query:
            address += "?" + urllib.parse.urlencode(
                {k: v for k, v in query.items() if v is not None}
            )
        headers = {"Accept": "application/json", "User-Agent": "arena-cli/1"}
        if content_type:
            headers["Content-Type"] = content_type
        if auth and self.basic:
            headers["Authorization"] = f"Basic {self.basic}"
        elif auth and self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        request = urllib.request.Request(address, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT_S) as answer:
                body = answer.read()
                kind = answer.headers.get("Content-Type", "")
        except urllib.error.HTTPError as exc:
            signed_in = self.token is not None or self.basic is not None
            raise Refused(_refusal(exc, signed_in), exc.code) from None
        except (urllib.error.URLError, TimeoutError, ConnectionError) as exc:
            reason = getattr(exc, "reason", exc)
            raise CliError(
                f"cannot reach the server at {self.url} ({reason}); is it running? "
                "(choose another with --server URL or ARENA_SERVER)"
            ) from None
        return json.loads(body) if "json" in kind and body else body

    def get(self, path: str, **query: Any) -> Any:
        return self.request("GET", path, query=query)


def _refusal(error: urllib.error.HTTPError, signed_in: bool) -> str:
    try:
        detail = json.loads(error.read()).get("detail", "")
    except (ValueError, AttributeError):
        detail = ""
    if error.code == 401:
        if signed_in:
            return f"the server refused your credentials ({detail}); run: arena login"
        return "you are not signed in: run arena login"
    if error.code == 404:
        return f"not found: {detail or error.url}"
    if error.code == 429:
        wait = error.headers.get("Retry-After")
        return f"too many requests; try again in {wait} s" if wait else "too many requests"
    return f"the server answered {error.code}: {detail or error.reason}"


def multipart(
    fields: dict[str, str | list[str]], files: dict[str, tuple[str, bytes]]
) -> tuple[bytes, str]:
    """A ``multipart/form-data`` body and its content type (a list value: one part each)."""
    boundary = "arena-" + secrets.token_hex(16)
    parts: list[bytes] = []
    for name, values in fields.items():
        for value in [values] if isinstance(values, str) else values:
            parts.append(
                f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'.encode()
                + value.encode()
                + b"\r\n"
            )
    for name, (filename, content) in files.items():
        header = (
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
            f'filename="{filename}"\r\nContent-Type: application/octet-stream\r\n\r\n'
        )
        parts.append(header.encode() + content + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


# --- the commands ----------------------------------------------------------------------------


def login(server: Server, args: argparse.Namespace, out: TextIO, config: dict[str, Any]) -> None:
    username = args.username or input("Username: ")
    password = sys.stdin.readline().rstrip("\n") if args.password_stdin else getpass.getpass()
    server.basic = base64.b64encode(f"{username}:{password}".encode()).decode()
    name = f"arena CLI on {platform.node() or 'this machine'}"
    try:
        made = server.request(
            "POST",
            "/api/tokens/",
            data=json.dumps({"name": name}).encode(),
            content_type="application/json",
        )
    except Refused as exc:
        if exc.code == 401:
            raise CliError(f"wrong username or password for {server.url}") from None
        raise
    config.update(server=server.url, token=made["key"], username=username)
    path = save_config(config)
    out.write(f"Signed in to {server.url} as {username}; token {made['prefix']}… kept in {path}\n")


def submit(server: Server, args: argparse.Namespace, out: TextIO) -> None:
    path = Path(args.path)
    try:
        content = path.read_bytes()
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror}") from None
    name = args.name or (path.parent.name if path.name == "main.py" else path.stem)
    fields = {"game": args.game, "name": name, "families": args.family or []}
    body, kind = multipart(fields, {"code": (path.name, content)})
    made = server.request("POST", "/api/bots/", data=body, content_type=kind)
    scenarios = [f for f in made.get("families", []) if f != "base"]
    out.write(
        f"{name} v{made['number']} is stored ({made['status']}); its validation game is match "
        f"{made['validation_match']}: {server.url}/matches/{made['validation_match']}/\n"
        + (
            f"It plays {', '.join(scenarios)} too: one more validation game in each.\n"
            if scenarios
            else ""
        )
        + "It joins the ladder once it has played those games without forfeiting: arena status\n"
    )


def status(server: Server, args: argparse.Namespace, out: TextIO) -> None:
    bots = server.get("/api/bots/", mine=1, limit=500)["results"]
    if not bots:
        out.write("You have no bots yet: arena submit GAME PATH\n")
        return
    rows = [("game", "bot", "live", "μ−3σ", "elo", "games", "wins", "forfeits", "latest")]
    for bot in bots:
        versions = server.get(f"/api/bots/{bot['id']}/")["versions"]
        latest = versions[0] if versions else None
        rows.append(
            (
                bot["game"],
                bot["name"],
                f"v{bot['live_version']}" if bot["live_version"] else "-",
                f"{bot['conservative']:.1f}",
                f"{bot['elo']:.0f}",
                str(bot["games_played"]),
                str(bot["wins"]),
                str(bot["forfeits"]),
                f"v{latest['number']} {latest['status']}" if latest else "-",
            )
        )
    out.write(table(rows))


def matches(server: Server, args: argparse.Namespace, out: TextIO) -> None:
    query: dict[str, Any] = {"game": args.game, "result": args.result, "limit": args.limit}
    if args.bot is not None:
        query["bot"] = resolve_bot(server, args.bot)
    found = server.get("/api/matches/", **query)["results"]
    rows = [("match", "game", "status", "finished", "seats (rank, score, forfeit)")]
    for match in found:
        seats = "; ".join(
            f"{s['bot_name']} v{s['version']} "
            + (f"#{s['rank']} {s['score']:g}" if s["rank"] is not None else "…")
            + (f" {s['forfeit']}" if s["forfeit"] else "")
            for s in match["seats"]
        )
        finished = (match["finished"] or "")[:16].replace("T", " ")
        rows.append((str(match["id"]), match["game"], match["status"], finished, seats))
    out.write(table(rows) if found else "No matches.\n")


def resolve_bot(server: Server, bot: str) -> int:
    """A bot id, or the name of one of your bots."""
    if bot.isdigit():
        return int(bot)
    mine = server.get("/api/bots/", mine=1, limit=500)["results"]
    named = [b["id"] for b in mine if b["name"] == bot]
    if len(named) != 1:
        raise CliError(
            f"you have {'no' if not named else 'several'} bots named {bot!r}; give its id"
        )
    return named[0]


def replay(server: Server, args: argparse.Namespace, out: TextIO) -> None:
    document = server.get(f"/api/matches/{args.match}/replay")
    target = Path(args.output or f"match-{args.match}.replay.json")
    target.write_text(json.dumps(document, separators=(",", ":")))
    out.write(
        f"Match {args.match} ({document['game']}, {len(document['actions'])} actions) written "
        f"to {target}; check it with: python manage.py play --replay {target}\n"
    )


def logs(server: Server, args: argparse.Namespace, out: TextIO) -> None:
    seats = [args.seat] if args.seat is not None else None
    if seats is None:
        me = server.get("/api/me/")["username"]
        match = server.get(f"/api/matches/{args.match}/")
        seats = [s["seat"] for s in match["seats"] if s["owner"] == me]
        if not seats:
            raise CliError(f"none of your bots played match {args.match}")
    for seat in seats:
        log = server.get(f"/matches/{args.match}/seats/{seat}/log")
        times = log["move_times_ms"]
        out.write(f"== match {args.match}, seat {seat}: {len(times)} moves")
        if times:
            out.write(f", mean {sum(times) / len(times):.2f} ms, max {max(times):.1f} ms CPU")
        out.write("\n")
        if log["forfeit_evidence"]:
            out.write(f"forfeit evidence: {log['forfeit_evidence']}\n")
        out.write(log["stderr"] or "(no stderr)\n")
        if log["stderr"] and not log["stderr"].endswith("\n"):
            out.write("\n")


def leaderboard(server: Server, args: argparse.Namespace, out: TextIO) -> None:
    query = {"limit": args.limit, "family": args.family}
    rows_in = server.get(f"/api/leaderboards/{args.game}/", **query)["results"]
    rows = [("#", "bot", "owner", "version", "μ−3σ", "elo", "games", "wins")]
    for row in rows_in:
        rows.append(
            (
                str(row["rank"]),
                row["bot_name"],
                row["owner"],
                f"v{row['version']}",
                f"{row['conservative']:.1f}",
                f"{row['elo']:.0f}",
                str(row["games_played"]),
                str(row["wins"]),
            )
        )
    out.write(table(rows) if rows_in else f"No active bots on the {args.game} ladder yet.\n")


def table(rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines) + "\n"


COMMANDS = {
    "submit": submit,
    "status": status,
    "matches": matches,
    "replay": replay,
    "logs": logs,
    "leaderboard": leaderboard,
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="arena",
        description="A Catan Arena server from the command line.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__.split("\n\n", 1)[1],
    )
    parser.add_argument("--server", help="the server's address (default: see below)")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    sign_in = commands.add_parser("login", help="sign in once; keeps an API token")
    sign_in.add_argument("--username")
    sign_in.add_argument(
        "--password-stdin", action="store_true", help="read the password from standard input"
    )
    upload = commands.add_parser("submit", help="upload a bot or a new version of it")
    upload.add_argument("game", help="cardgame or catan")
    upload.add_argument("path", help="a .py file, or a .zip with main.py")
    upload.add_argument("--name", help="the bot's name (default: the file's name)")
    upload.add_argument(
        "--family",
        action="append",
        help="a scenario it plays beside the base game (repeat for several; validated in each)",
    )
    commands.add_parser("status", help="your bots")
    listing = commands.add_parser("matches", help="recent matches")
    listing.add_argument("--bot", help="a bot id, or the name of one of your bots")
    listing.add_argument("--game")
    listing.add_argument("--result", choices=["win", "loss", "forfeit"], help="with --bot")
    listing.add_argument("--limit", type=int, default=20)
    download = commands.add_parser("replay", help="download a replay file")
    download.add_argument("match", type=int)
    download.add_argument("-o", "--output", help="file to write (default match-ID.replay.json)")
    seat_logs = commands.add_parser("logs", help="your seat's log in a match")
    seat_logs.add_argument("match", type=int)
    seat_logs.add_argument("--seat", type=int)
    board = commands.add_parser("leaderboard", help="a game's leaderboard")
    board.add_argument("game")
    board.add_argument("--limit", type=int, default=20)
    board.add_argument("--family", help="a scenario's leaderboard (default: the base game's)")
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    args = build_parser().parse_args(argv)
    try:
        config = load_config()
        url = (
            args.server or os.environ.get("ARENA_SERVER") or config.get("server") or DEFAULT_SERVER
        )
        if not url.startswith(("http://", "https://")):
            raise CliError(f"the server's address must start with http:// or https://, not {url!r}")
        token = os.environ.get("ARENA_TOKEN") or (
            config.get("token") if config.get("server", "").rstrip("/") == url.rstrip("/") else None
        )
        server = Server(url, token)
        if args.command == "login":
            login(server, args, out, config)
        else:
            COMMANDS[args.command](server, args, out)
    except CliError as exc:
        sys.stderr.write(f"arena: {exc}\n")
        return 1
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

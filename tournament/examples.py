"""The house bots: the example bots of every game, seeded as the ladder's first residents."""

from __future__ import annotations

import hashlib
import itertools
from pathlib import Path

from games.registry import GAMES
from tournament.models import Bot, GameLadder
from tournament.scheduler import ladder_for
from tournament.versions import create_version, examples_user

EXAMPLES_DIR = Path(__file__).resolve().parent.parent / "bots" / "examples"


def example_files(game: str) -> list[Path]:
    """``bots/examples/<game>/*.py``, random bot first (it is every game's validation opponent)."""
    files = sorted((EXAMPLES_DIR / game).glob("*_bot.py"))
    return sorted(files, key=lambda f: (f.stem != "random_bot", f.stem))


def house_bot_count(ladder: GameLadder) -> int:
    """How many house bots a ladder needs to keep its matches in flight with nobody waiting.

    On a small installation a bot plays one match at a time (``scheduler.bot_share``), so the
    matches in flight need different bots each: ``players_per_match × matches_in_flight``, and
    at least one more than the seats so that pairings vary.
    """
    players = ladder.players_per_match
    return max(players * ladder.matches_in_flight, players + 1)


def seed_game(game: str) -> list[Bot]:
    """Register (or update) the example bots of ``game`` and make sure its ladder can run.

    Each example file is one bot owned by the ``examples`` user; a changed file becomes a new
    version. Until there are :func:`house_bot_count` bots, the example files are entered again,
    in turn, under numbered names (``random_bot_2``, ``heuristic_bot_2``, ``random_bot_3``…).
    """
    files = example_files(game)
    if not files:
        return []
    needed = house_bot_count(ladder_for(game))
    wanted = [(f.stem, f) for f in files]
    copies = itertools.count(len(files))
    while len(wanted) < needed:
        index = next(copies)
        path = files[index % len(files)]
        wanted.append((f"{path.stem}_{index // len(files) + 1}", path))
    owner = examples_user()
    seeded = []
    for name, path in wanted:
        bot, _ = Bot.objects.get_or_create(owner=owner, game=game, name=name)
        data = path.read_bytes()
        current = bot.current_version
        if current is None or current.content_hash != hashlib.sha256(data).hexdigest():
            create_version(bot, path.name, data, validate=False)
            bot.refresh_from_db()
        seeded.append(bot)
    return seeded


def seed_all() -> dict[str, list[Bot]]:
    return {game: seed_game(game) for game in sorted(GAMES)}

"""The house bots: the example bots of every game, seeded as the ladder's first residents."""

from __future__ import annotations

import hashlib
from pathlib import Path

from games.registry import GAMES
from tournament.models import Bot
from tournament.scheduler import ladder_for
from tournament.versions import create_version, examples_user

EXAMPLES_DIR = Path(__file__).resolve().parent.parent / "bots" / "examples"


def example_files(game: str) -> list[Path]:
    """``bots/examples/<game>/*.py``, random bot first (it is every game's validation opponent)."""
    files = sorted((EXAMPLES_DIR / game).glob("*_bot.py"))
    return sorted(files, key=lambda f: (f.stem != "random_bot", f.stem))


def seed_game(game: str) -> list[Bot]:
    """Register (or update) the example bots of ``game`` and make sure its ladder can run.

    Each example file is one bot owned by the ``examples`` user; a changed file becomes a new
    version. A ladder needs more bots than seats to vary its pairings, so the random bot is
    entered again under numbered names until there are ``players_per_match + 1`` bots.
    """
    files = example_files(game)
    if not files:
        return []
    ladder = ladder_for(game)
    wanted = [(f.stem, f) for f in files]
    extra = 2
    while len(wanted) < ladder.players_per_match + 1:
        wanted.append((f"{files[0].stem}_{extra}", files[0]))
        extra += 1
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

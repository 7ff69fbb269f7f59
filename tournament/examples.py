"""The house bots: the example bots of every game, seeded as the ladder's first residents."""

from __future__ import annotations

import ast
import hashlib
from collections import Counter
from pathlib import Path

from games.registry import GAMES, game_families
from tournament.family_ratings import open_families
from tournament.models import Bot, GameLadder
from tournament.scheduler import ladder_for
from tournament.versions import create_version, enabled_families, examples_user

FAMILIES_NAME = "ARENA_FAMILIES"
"""The top-level name an example file declares the families it plays with: ``"*"`` for every
family of its game (the random bot), or a tuple of family ids; none declared: the base game."""

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


def declared_families(game: str, path: Path) -> list[str]:
    """The families an example file says it plays (:data:`FAMILIES_NAME`, read without running
    the file), among those its game has now, base first."""
    declared: object = ()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == FAMILIES_NAME for t in node.targets
        ):
            declared = ast.literal_eval(node.value)
    known = [f.id for f in game_families(game)]
    wanted = known if declared == "*" else [f for f in known if f in set(declared)]
    return enabled_families(game, wanted)


def seed_game(game: str) -> list[Bot]:
    """Register (or update) the example bots of ``game`` and make sure its ladder can run.

    Each example file is one bot owned by the ``examples`` user; a changed file becomes a new
    version. Until each family's ladder has :func:`house_bot_count` bots, the example files that
    play it are entered again, in turn, under numbered names (``random_bot_2``,
    ``heuristic_bot_2``, ``random_bot_3``…).
    Each plays the families its file declares (:func:`declared_families`): a family a new
    plug-in brings is enabled on the current version at the next seeding, ratings kept.
    """
    files = example_files(game)
    if not files:
        return []
    plays = {path: declared_families(game, path) for path in files}
    wanted = [(f.stem, f) for f in files]
    made = Counter(files)
    for family in game_families(game):
        players = [path for path in files if family.id in plays[path]]
        needed = house_bot_count(ladder_for(game, family.id))
        while players and sum(made[path] for path in players) < needed:
            # The next copy of the file with the fewest bots (the first file on a tie).
            path = min(players, key=lambda p: (made[p], files.index(p)))
            made[path] += 1
            wanted.append((f"{path.stem}_{made[path]}", path))
    owner = examples_user()
    seeded = []
    for name, path in wanted:
        bot, _ = Bot.objects.get_or_create(owner=owner, game=game, name=name)
        data = path.read_bytes()
        families = plays[path]
        current = bot.current_version
        if current is None or current.content_hash != hashlib.sha256(data).hexdigest():
            create_version(bot, path.name, data, validate=False, families=families)
            bot.refresh_from_db()
        elif current.families != families:
            current.families = families
            current.save(update_fields=["families"])
            open_families(current)
        seeded.append(bot)
    return seeded


def seed_all() -> dict[str, list[Bot]]:
    return {game: seed_game(game) for game in sorted(GAMES)}

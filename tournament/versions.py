"""New bot versions: store the upload, then put it through a validation game.

Code is stored content-addressed under ``MEDIA_ROOT/bots/<sha256>/`` as a directory with
``main.py``, the form the runner stages into a sandbox. A version enters the ladder only after
its validation game against the game's example random bot (``results._conclude_validation``).
"""

from __future__ import annotations

import hashlib
import os
import random
import re
import secrets
import shutil
import tempfile
from collections.abc import Iterable
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction

from bots import uploads
from games.registry import BASE, GAMES, game_families, game_title
from tournament.matches import create_match
from tournament.models import Bot, BotVersion, Match
from tournament.results import activate_version

EXAMPLES_USERNAME = "examples"
VALIDATION_OPPONENT = "random_bot"


class UploadRejected(ValueError):
    """The upload is not a bot we can store."""


def code_root() -> Path:
    return Path(settings.MEDIA_ROOT) / "bots"


def store_code(filename: str, data: bytes) -> tuple[str, Path]:
    """Validate and unpack an upload; return its sha256 and the directory holding ``main.py``.

    Raises:
        UploadRejected: the upload is not a bot we accept (nothing is stored then).
    """
    try:
        upload = uploads.validate_upload(filename, data)
    except uploads.UploadError as exc:
        raise UploadRejected(str(exc)) from exc
    digest = hashlib.sha256(data).hexdigest()
    target = code_root() / digest
    if (target / "main.py").exists():
        return digest, target
    target.parent.mkdir(parents=True, exist_ok=True)
    # Unpack beside the target and rename: a half-written directory is never visible.
    staging = Path(tempfile.mkdtemp(prefix=f".{digest[:12]}-", dir=target.parent))
    try:
        uploads.unpack_upload(upload, staging)
        os.chmod(staging, 0o755)
        try:
            staging.rename(target)
        except OSError:
            if not (target / "main.py").exists():  # not a concurrent upload of the same bytes
                raise
    except uploads.UploadError as exc:
        raise UploadRejected(str(exc)) from exc
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return digest, target


def code_dir(version: BotVersion) -> Path:
    """This machine's unpacked copy of ``version``'s code, unpacked from the database if missing.

    Workers on other machines than the web server never see the upload's files, so the
    uploaded bytes live in the database and each machine unpacks them into its own
    content-addressed ``code_root()`` on first use. Versions stored before the bytes were kept
    fall back to their recorded ``code_path``.

    Raises:
        FileNotFoundError: neither the bytes nor the recorded directory are available.
        UploadRejected: the stored bytes no longer match their hash or no longer validate.
    """
    local = code_root() / version.content_hash
    if (local / "main.py").exists():
        return local
    data = bytes(version.upload)
    if not data:
        recorded = Path(version.code_path)
        if (recorded / "main.py").exists():
            return recorded
        raise FileNotFoundError(f"code of bot version {version.pk} is on no disk and not stored")
    if hashlib.sha256(data).hexdigest() != version.content_hash:
        raise UploadRejected(f"stored code of bot version {version.pk} does not match its hash")
    return store_code(version.filename, data)[1]


def _next_number(bot: Bot) -> int:
    last = bot.versions.order_by("-number").values_list("number", flat=True).first()
    return (last or 0) + 1


def create_version(
    bot: Bot,
    filename: str,
    data: bytes,
    *,
    validate: bool = True,
    families: Iterable[str] = (),
) -> BotVersion:
    """Store a new immutable version of ``bot`` enabled for the base family and ``families``;
    queue its validation games (one per family) unless told not to.

    With ``validate=False`` (trusted example bots) the version goes live at once. Otherwise the
    validation matches are sent to the workers once committed; ``version.validation_match_id``
    is the base family's (``validated_in``).

    Raises:
        UploadRejected: a family the game does not have.
    """
    from tournament.tasks import send_match

    enabled = enabled_families(bot.game, families)
    digest, path = store_code(filename, data)
    with transaction.atomic():
        bot = Bot.objects.select_for_update().get(pk=bot.pk)
        version = BotVersion.objects.create(
            bot=bot,
            game=bot.game,
            number=_next_number(bot),
            content_hash=digest,
            size=len(data),
            filename=os.path.basename(filename),
            code_path=str(path),
            upload=data,
            families=enabled,
        )
        version.validation_match_id = None
        if not validate:
            activate_version(version, bot)
        else:
            match_ids = [_queue_validation(version, family) for family in enabled]
            version.validation_match_id = version.validated_in_id = match_ids[0]
            version.save(update_fields=["validated_in"])
            transaction.on_commit(lambda: [send_match(i) for i in match_ids])
    return version


def enabled_families(game: str, families: Iterable[str]) -> list[str]:
    """The families a new version plays: the base game always (every bot of a game plays its
    own rules), then each family the author enabled, in the engine's order.

    Raises:
        UploadRejected: a family ``game`` does not have (naming those it has).
    """
    known = [f.id for f in game_families(game)]
    wanted = set(families)
    if unknown := sorted(wanted - set(known), key=str):
        raise UploadRejected(
            f"{game_title(game)} has no famil{'ies' if len(unknown) > 1 else 'y'} "
            f"{', '.join(map(str, unknown))}; choose among: {', '.join(known)}"
        )
    return [f for f in known if f == BASE or f in wanted]


NAME_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$"
"""Bot names: what a URL, a table and a log line show without escaping."""


def upload_bot(
    owner: object,
    game: str,
    name: str,
    filename: str,
    data: bytes,
    families: Iterable[str] = (),
) -> BotVersion:
    """An author's upload: a new bot called ``name``, or a new version of their bot of that name,
    enabled for the base game and the game ``families`` its author chose (an upload setting).

    The version is validated (stored, then a validation game in each family) before it joins
    the ladders; a rejected upload leaves nothing behind, not even a new bot.

    Raises:
        UploadRejected: bad game, name, family or code, or the game has no validation opponent
            yet.
    """
    if game not in GAMES:
        raise UploadRejected(f"unknown game {game!r}; choose one of {', '.join(sorted(GAMES))}")
    if not re.match(NAME_PATTERN, name):
        raise UploadRejected(
            "a bot name is 1–64 letters, digits, '_', '.' or '-', starting with a letter or digit"
        )
    try:
        validation_opponent(game)
    except RuntimeError as exc:
        raise UploadRejected(f"the {game_title(game)} ladder is not open yet: {exc}") from exc
    with transaction.atomic():
        bot, _ = Bot.objects.get_or_create(owner=owner, game=game, name=name)
        # Locked until the new version is written, so two identical uploads cannot both pass.
        bot = Bot.objects.select_for_update().get(pk=bot.pk)
        refuse_identical_code(bot, data)
        return create_version(bot, filename, data, families=families)


def refuse_identical_code(bot: Bot, data: bytes) -> None:
    """Refuse code the bot already has as a version: it would play as a fresh player with a
    fresh rating while being the same program.

    Raises:
        UploadRejected: naming the version with these exact bytes.
    """
    digest = hashlib.sha256(data).hexdigest()
    same = bot.versions.filter(content_hash=digest).order_by("-number").first()
    if same is None:
        return
    raise UploadRejected(
        f"this code is identical to {bot.name} v{same.number} ({same.status}); "
        "change the code to upload a new version"
    )


def validation_matches(version_ids: Iterable[int]) -> dict[int, int]:
    """The validation match of each of these versions that has one (by id), as stored with it
    (``validated_in``): looking it up among a busy bot's seats read tens of thousands."""
    return dict(
        BotVersion.objects.filter(id__in=list(version_ids), validated_in__isnull=False).values_list(
            "id", "validated_in_id"
        )
    )


def validation_opponent(game: str) -> BotVersion:
    version = (
        BotVersion.objects.filter(
            game=game,
            status=BotVersion.ACTIVE,
            bot__owner__username=EXAMPLES_USERNAME,
            bot__name=VALIDATION_OPPONENT,
        )
        .order_by("-id")
        .first()
    )
    if version is None:
        raise RuntimeError(
            f"no active example {VALIDATION_OPPONENT} for {game}: run manage.py seed_example_bots"
        )
    return version


def _queue_validation(version: BotVersion, family: str) -> int:
    """A validation game in ``family``: the new version against the example random bot (which
    plays every family) in every other seat, as many seats as the family's ladder."""
    from tournament.scheduler import ladder_for

    ladder = ladder_for(version.game, family)
    opponent = validation_opponent(version.game)
    seats = [version.id] + [opponent.id] * (ladder.players_per_match - 1)
    random.Random(secrets.randbits(64)).shuffle(seats)
    return create_match(ladder, seats, kind=Match.VALIDATION, rated=False).id


def examples_user() -> object:
    user, _ = get_user_model().objects.get_or_create(
        username=EXAMPLES_USERNAME, defaults={"is_active": False}
    )
    return user

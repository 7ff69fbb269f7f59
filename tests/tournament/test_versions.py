"""Bot code reaches every worker: the uploaded bytes live in the database, unpacked per machine."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from tournament.models import Bot, BotVersion
from tournament.versions import UploadRejected, code_dir, code_root, create_version

pytestmark = pytest.mark.django_db

BOT = b"import sys\nprint('a bot')\n"


def zip_bot() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("main.py", "from helper import X\n")
        archive.writestr("helper.py", "X = 1\n")
    return buffer.getvalue()


@pytest.fixture
def bot(users) -> Bot:
    return Bot.objects.create(owner=users["alice"], game="catan", name="b")


def on_another_machine(settings, tmp_path: Path, name: str) -> Path:
    settings.MEDIA_ROOT = str(tmp_path / name)
    return code_root()


@pytest.mark.parametrize(
    ("filename", "data", "files"),
    [("bot.py", BOT, {"main.py": BOT}), ("bot.zip", zip_bot(), {"helper.py": b"X = 1\n"})],
)
def test_a_worker_that_never_saw_the_upload_unpacks_it_from_the_database(
    bot, settings, tmp_path, filename, data, files
) -> None:
    on_another_machine(settings, tmp_path, "web")
    version = create_version(bot, filename, data, validate=False)
    worker_root = on_another_machine(settings, tmp_path, "worker")
    assert not worker_root.exists()

    path = code_dir(BotVersion.objects.get(pk=version.pk))

    assert path == worker_root / version.content_hash
    for name, content in files.items():
        assert (path / name).read_bytes() == content
    assert code_dir(version) == path  # the second call finds the unpacked copy


def test_stored_bytes_that_no_longer_match_their_hash_are_refused(bot, settings, tmp_path) -> None:
    on_another_machine(settings, tmp_path, "web")
    version = create_version(bot, "bot.py", BOT, validate=False)
    BotVersion.objects.filter(pk=version.pk).update(upload=BOT + b"# tampered\n")
    worker_root = on_another_machine(settings, tmp_path, "worker")
    with pytest.raises(UploadRejected, match="does not match"):
        code_dir(BotVersion.objects.get(pk=version.pk))
    assert not (worker_root / version.content_hash).exists()


def test_a_version_stored_before_the_bytes_were_kept_uses_its_recorded_directory(
    bot, settings, tmp_path
) -> None:
    on_another_machine(settings, tmp_path, "web")
    version = create_version(bot, "bot.py", BOT, validate=False)
    BotVersion.objects.filter(pk=version.pk).update(upload=b"")
    legacy = BotVersion.objects.get(pk=version.pk)
    assert code_dir(legacy) == Path(version.code_path)

    on_another_machine(settings, tmp_path, "worker")
    BotVersion.objects.filter(pk=version.pk).update(code_path=str(tmp_path / "gone"))
    with pytest.raises(FileNotFoundError, match="on no disk"):
        code_dir(BotVersion.objects.get(pk=version.pk))

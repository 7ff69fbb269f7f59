"""Checking and unpacking uploaded bots before anything is stored or run.

An upload is a single ``.py`` file, or a ``.zip`` whose top level holds ``main.py`` (other files
and folders allowed). :func:`validate_upload` rejects everything else with an
:class:`UploadError` whose message tells the author what to fix; :func:`unpack_upload` writes a
validated upload into an empty directory, ready to be a ``BotSpec`` path.
"""

from __future__ import annotations

import io
import stat
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from bots.sizes import format_size, size_over_limit

MAX_UPLOAD_BYTES = 1024 * 1024
MAX_UNPACKED_BYTES = 8 * 1024 * 1024
MAX_FILES = 200
MAX_COMPRESSION_RATIO = 100
"""A member that inflates more than this is treated as a zip bomb."""
ENTRY_POINT = "main.py"


class UploadError(ValueError):
    """The upload is not a bot we accept; the message says why, for the author."""


@dataclass(frozen=True)
class ValidatedUpload:
    kind: str
    """``"py"`` or ``"zip"``."""
    data: bytes
    files: tuple[str, ...]
    """Paths of the files, relative to the bot's directory."""
    unpacked_bytes: int


def validate_upload(filename: str, data: bytes) -> ValidatedUpload:
    """Check an upload's name and bytes.

    Raises:
        UploadError: wrong type, too big, or a malformed or dangerous archive.
    """
    if len(data) > MAX_UPLOAD_BYTES:
        raise UploadError(f"upload is {size_over_limit(len(data), MAX_UPLOAD_BYTES)}")
    if not data:
        raise UploadError("upload is empty")
    lower = filename.lower()
    if lower.endswith(".py"):
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            raise UploadError(f"{filename} is not UTF-8 text") from None
        return ValidatedUpload("py", data, (ENTRY_POINT,), len(data))
    if lower.endswith(".zip"):
        return _validate_zip(data)
    raise UploadError(f"{filename}: upload a single .py file or a .zip containing main.py")


def _validate_zip(data: bytes) -> ValidatedUpload:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError) as exc:
        raise UploadError(f"not a valid zip archive: {exc}") from None
    if len(members) > MAX_FILES:
        raise UploadError(f"archive has {len(members)} entries; the limit is {MAX_FILES}")
    files: list[str] = []
    seen: set[str] = set()
    total = 0
    for member in members:
        name = member.filename
        path = _safe_member_path(name)
        kind = stat.S_IFMT(member.external_attr >> 16)
        if kind not in (0, stat.S_IFREG, stat.S_IFDIR):
            raise UploadError(f"{name}: links and special files are not allowed")
        if member.flag_bits & 0x1:
            raise UploadError(f"{name}: encrypted members are not allowed")
        if member.is_dir():
            continue
        key = str(path).lower()
        if key in seen:
            raise UploadError(f"{name}: duplicate file in the archive")
        seen.add(key)
        total += member.file_size
        if total > MAX_UNPACKED_BYTES:
            raise _unpacks_too_big()
        if member.file_size > MAX_COMPRESSION_RATIO * max(member.compress_size, 1024):
            raise UploadError(f"{name}: compression ratio is too high (zip bomb?)")
        files.append(str(path))
    if ENTRY_POINT not in files:
        raise UploadError(f"the archive must contain {ENTRY_POINT} at its top level")
    # Read every member for real: the header sizes may lie, and a CRC error means corruption.
    actual = 0
    for member in members:
        if member.is_dir():
            continue
        try:
            with archive.open(member) as f:
                while chunk := f.read(1 << 16):
                    actual += len(chunk)
                    if actual > MAX_UNPACKED_BYTES:
                        raise _unpacks_too_big()
        except (zipfile.BadZipFile, EOFError, NotImplementedError, OSError) as exc:
            raise UploadError(f"{member.filename}: cannot be read: {exc}") from None
    return ValidatedUpload("zip", data, tuple(sorted(files)), actual)


def _unpacks_too_big() -> UploadError:
    return UploadError(f"archive unpacks to more than {format_size(MAX_UNPACKED_BYTES)}")


def _safe_member_path(name: str) -> PurePosixPath:
    if not name or "\\" in name or "\x00" in name or name.startswith("/") or ":" in name:
        raise UploadError(f"{name!r}: absolute or unusual path in the archive")
    path = PurePosixPath(name)
    if any(part in ("..", "") for part in path.parts) or path.is_absolute():
        raise UploadError(f"{name!r}: path leaves the bot's directory")
    return path


def unpack_upload(upload: ValidatedUpload, destination: Path) -> Path:
    """Write ``upload`` into ``destination`` (created, must be empty); return it.

    The result holds ``main.py`` and is usable as a ``BotSpec`` path.
    """
    destination = Path(destination)
    destination.mkdir(parents=True, exist_ok=True)
    if any(destination.iterdir()):
        raise ValueError(f"{destination} is not empty")
    if upload.kind == "py":
        (destination / ENTRY_POINT).write_bytes(upload.data)
        return destination
    root = destination.resolve()
    with zipfile.ZipFile(io.BytesIO(upload.data)) as archive:
        for member in archive.infolist():
            if member.is_dir():
                continue
            target = (root / _safe_member_path(member.filename)).resolve()
            if root not in target.parents:
                raise UploadError(f"{member.filename}: path leaves the bot's directory")
            target.parent.mkdir(parents=True, exist_ok=True)
            with archive.open(member) as source, open(target, "xb") as sink:
                sink.write(source.read(MAX_UNPACKED_BYTES + 1))
            target.chmod(0o644)
    return destination

"""Checking and unpacking uploaded bots before anything is stored or run.

An upload is a single ``.py`` file, or a ``.zip`` whose top level holds ``main.py`` (other files
and folders allowed). :func:`validate_upload` rejects everything else with an
:class:`UploadError` whose message tells the author what to fix; :func:`unpack_upload` writes a
validated upload into an empty directory, ready to be a ``BotSpec`` path.
"""

from __future__ import annotations

import errno
import io
import stat
import struct
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from bots.sizes import format_size, size_over_limit

MAX_UPLOAD_BYTES = 1024 * 1024
MAX_UNPACKED_BYTES = 8 * 1024 * 1024
MAX_FILES = 200
MAX_COMPRESSION_RATIO = 100
"""A member that inflates more than this is treated as a zip bomb."""
MAX_NAME_CHARS = 100
"""Longest file or folder name in an archive (each part of a path). Linux allows 255 bytes; a
bot needs far less, and the limit in characters keeps every UTF-8 name under the system's."""
MAX_PATH_CHARS = 240
"""Longest path in an archive, below ``MEDIA_ROOT/bots/<sha256>/`` and the sandbox's mount."""
SHOWN_NAME_CHARS = 60
"""How much of an odd member name an error message repeats."""
ENTRY_POINT = "main.py"
_READ_ERRORS = (
    zipfile.BadZipFile,
    zipfile.LargeZipFile,
    EOFError,
    NotImplementedError,
    OSError,
    RuntimeError,
    ValueError,
    struct.error,
    zlib.error,
)
"""What :mod:`zipfile` raises on a malformed archive: each becomes an :class:`UploadError`."""


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
    except _READ_ERRORS as exc:
        raise UploadError(f"not a valid zip archive: {exc}") from None
    if len(members) > MAX_FILES:
        raise UploadError(f"archive has {len(members)} entries; the limit is {MAX_FILES}")
    files: list[str] = []
    seen: set[str] = set()
    folders: dict[str, str] = {}
    """Every folder the archive makes (lower case, as ``seen``), explicit or as a file's parent."""
    total = 0
    for member in members:
        name = member.filename
        path = _safe_member_path(name)
        kind = stat.S_IFMT(member.external_attr >> 16)
        if kind not in (0, stat.S_IFREG, stat.S_IFDIR):
            raise UploadError(f"{_shown(name)}: links and special files are not allowed")
        if member.flag_bits & 0x1:
            raise UploadError(f"{_shown(name)}: encrypted members are not allowed")
        for parent in (path, *path.parents) if member.is_dir() else path.parents:
            folders.setdefault(str(parent).lower(), name)
        if member.is_dir():
            continue
        key = str(path).lower()
        if key in seen:
            raise UploadError(f"{_shown(name)}: duplicate file in the archive")
        seen.add(key)
        total += member.file_size
        if total > MAX_UNPACKED_BYTES:
            raise _unpacks_too_big()
        if member.file_size > MAX_COMPRESSION_RATIO * max(member.compress_size, 1024):
            raise UploadError(f"{_shown(name)}: compression ratio is too high (zip bomb?)")
        files.append(str(path))
    if clash := min(seen & folders.keys(), default=None):
        raise UploadError(
            f"{_shown(clash)} is both a file and a folder in the archive "
            f"(the folder comes from {_shown(folders[clash])})"
        )
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
        except _READ_ERRORS as exc:
            raise UploadError(f"{_shown(member.filename)}: cannot be read: {exc}") from None
    return ValidatedUpload("zip", data, tuple(sorted(files)), actual)


def _unpacks_too_big() -> UploadError:
    return UploadError(f"archive unpacks to more than {format_size(MAX_UNPACKED_BYTES)}")


def _safe_member_path(name: str) -> PurePosixPath:
    """``name`` as a relative path that stays in the bot's directory and that every file system
    can create; :class:`UploadError` otherwise."""
    if not name or "\\" in name or "\x00" in name or name.startswith("/") or ":" in name:
        raise UploadError(f"{_shown(name)}: absolute or unusual path in the archive")
    path = PurePosixPath(name)
    if not path.parts or any(part in ("..", "") for part in path.parts) or path.is_absolute():
        raise UploadError(f"{_shown(name)}: path leaves the bot's directory")
    if len(name) > MAX_PATH_CHARS:
        raise UploadError(
            f"{_shown(name)}: path is {len(name)} characters long; the limit is {MAX_PATH_CHARS}"
        )
    for part in path.parts:
        if len(part) > MAX_NAME_CHARS:
            raise UploadError(
                f"{_shown(part)}: name is {len(part)} characters long; "
                f"the limit is {MAX_NAME_CHARS}"
            )
    return path


def _shown(name: str) -> str:
    """``name`` quoted for an error message, cut short when long (a name may be 64 KiB)."""
    if len(name) <= SHOWN_NAME_CHARS:
        return repr(name)
    return f"{name[:SHOWN_NAME_CHARS]!r}… ({len(name)} characters)"


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
                raise UploadError(f"{_shown(member.filename)}: path leaves the bot's directory")
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
                with archive.open(member) as source, open(target, "xb") as sink:
                    sink.write(source.read(MAX_UNPACKED_BYTES + 1))
            except OSError as exc:
                # Validation refuses every archive known to do this; one that still does is the
                # author's archive, not a fault of the platform (a full disk stays an error).
                if exc.errno not in _UNPACKABLE_NAME_ERRNOS:
                    raise
                raise UploadError(
                    f"{_shown(member.filename)}: cannot be unpacked: {exc.strerror}"
                ) from None
            target.chmod(0o644)
    return destination


_UNPACKABLE_NAME_ERRNOS = frozenset(
    {errno.EEXIST, errno.EISDIR, errno.ENOTDIR, errno.ENAMETOOLONG, errno.EINVAL, errno.EILSEQ}
)

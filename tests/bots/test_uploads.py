"""Uploaded bots: accepted shapes, and every malformed or dangerous archive rejected."""

from __future__ import annotations

import io
import stat
import tempfile
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from bots import uploads
from bots.uploads import UploadError, unpack_upload, validate_upload
from tests.bots.odd_archives import odd_archives


def make_zip(members: dict[str, bytes], *, symlink: str | None = None) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
        if symlink is not None:
            info = zipfile.ZipInfo(symlink)
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            archive.writestr(info, "/etc/passwd")
    return buffer.getvalue()


def test_single_py_file_is_accepted_and_unpacked_as_main(tmp_path: Path) -> None:
    upload = validate_upload("my_bot.py", b"print('hi')\n")
    assert upload.files == ("main.py",)
    assert (unpack_upload(upload, tmp_path / "b") / "main.py").read_bytes() == b"print('hi')\n"


def test_zip_with_main_and_helpers_is_accepted(tmp_path: Path) -> None:
    data = make_zip({"main.py": b"import helper\n", "helper.py": b"X = 1\n", "lib/a.py": b""})
    upload = validate_upload("bot.zip", data)
    assert upload.files == ("helper.py", "lib/a.py", "main.py")
    target = unpack_upload(upload, tmp_path / "b")
    assert (target / "lib" / "a.py").exists()
    assert (target / "helper.py").read_text() == "X = 1\n"


@pytest.mark.parametrize(
    ("filename", "data", "message"),
    [
        ("bot.exe", b"MZ", "single .py file or a .zip"),
        ("bot.py", b"", "empty"),
        ("bot.py", b"\xff\xfe", "UTF-8"),
        ("bot.py", b"x" * (uploads.MAX_UPLOAD_BYTES + 1), "limit"),
        ("bot.zip", b"PK\x03\x04 not really", "not a valid zip"),
        ("bot.zip", make_zip({"helper.py": b""}), "main.py"),
        ("bot.zip", make_zip({"src/main.py": b""}), "main.py"),
        ("bot.zip", make_zip({"main.py": b"", "../evil.py": b""}), "leaves"),
        ("bot.zip", make_zip({"main.py": b"", "a/../../evil.py": b""}), "leaves"),
        ("bot.zip", make_zip({"main.py": b"", "/etc/cron.d/x": b""}), "absolute"),
        ("bot.zip", make_zip({"main.py": b"", "C:\\x.py": b""}), "absolute"),
        ("bot.zip", make_zip({"main.py": b""}, symlink="link.py"), "links"),
        ("bot.zip", make_zip({"main.py": b"", "Main.py": b""}), "duplicate"),
        ("bot.zip", make_zip({"main.py": b"0" * (uploads.MAX_UNPACKED_BYTES + 1)}), "more than"),
        ("bot.zip", make_zip({"main.py": b"", "z.bin": b"0" * (2 << 20)}), "zip bomb"),
        (
            "bot.zip",
            make_zip({"main.py": b"", **{f"f{i}.py": b"" for i in range(uploads.MAX_FILES)}}),
            "entries",
        ),
    ],
)
def test_bad_uploads_are_rejected_with_a_clear_message(
    filename: str, data: bytes, message: str
) -> None:
    with pytest.raises(UploadError, match=message):
        validate_upload(filename, data)


def test_upload_error_is_a_value_error() -> None:
    assert issubclass(UploadError, ValueError)


def test_unpack_refuses_a_non_empty_directory(tmp_path: Path) -> None:
    (tmp_path / "old").write_text("x")
    with pytest.raises(ValueError, match="not empty"):
        unpack_upload(validate_upload("a.py", b"pass\n"), tmp_path)


@pytest.mark.parametrize(
    ("members", "message"),
    [
        ({"main.py": b"", "a": b"x", "a/b.py": b""}, "'a' is both a file and a folder"),
        ({"main.py": b"", "a/b.py": b"", "a": b"x"}, "'a' is both a file and a folder"),
        ({"main.py": b"", "a/": b"", "A": b"x"}, "'a' is both a file and a folder"),
        ({"main.py": b"", "main.py/x.py": b""}, "'main.py' is both a file and a folder"),
        ({"main.py": b"", "lib/" + "n" * 101: b""}, "name is 101 characters long; the limit"),
        ({"main.py": b"", "n" * 300: b""}, "path is 300 characters long; the limit is 240"),
        ({"main.py": b"", "/".join(["d" * 99] * 50): b""}, "path is 4999 characters long"),
        ({"main.py": b"", ".": b"x"}, "leaves the bot's directory"),
    ],
)
def test_archives_the_file_system_cannot_hold_are_refused_before_unpacking(
    tmp_path: Path, members: dict[str, bytes], message: str
) -> None:
    with pytest.raises(UploadError, match=message) as refused:
        validate_upload("bot.zip", make_zip(members))
    assert len(str(refused.value)) < 200, "a long name is cut short in the message"


@given(data=odd_archives())
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_an_odd_archive_is_refused_with_an_upload_error_or_unpacks_exactly(data: bytes) -> None:
    """Whatever the bytes, the validator answers UploadError or a bot that unpacks as listed."""
    try:
        upload = validate_upload("bot.zip", data)
    except UploadError:
        return
    with tempfile.TemporaryDirectory() as scratch:
        target = unpack_upload(upload, Path(scratch) / "bot")
        unpacked = sorted(
            str(path.relative_to(target)) for path in target.rglob("*") if path.is_file()
        )
    assert unpacked == list(upload.files)
    assert "main.py" in upload.files

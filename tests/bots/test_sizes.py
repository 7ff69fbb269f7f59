"""Sizes in messages: KiB and MiB, and an over-limit size never printed like its limit."""

from __future__ import annotations

import pytest

from bots import uploads
from bots.sizes import format_size, size_over_limit
from bots.uploads import UploadError, validate_upload
from tests.bots.test_uploads import make_zip


@pytest.mark.parametrize(
    ("size", "words"),
    [
        (0, "0 bytes"),
        (1, "1 byte"),
        (1023, "1023 bytes"),
        (1024, "1 KiB"),
        (1536, "1.5 KiB"),
        (1024 * 1024, "1 MiB"),
        (1126403, "1.07 MiB"),
        (8 * 1024 * 1024, "8 MiB"),
    ],
)
def test_a_size_is_written_in_the_largest_unit_it_reaches(size: int, words: str) -> None:
    assert format_size(size) == words


def test_a_size_just_over_its_limit_says_by_how_much() -> None:
    assert size_over_limit(1126403, 1 << 20) == "1.07 MiB; the limit is 1 MiB"
    assert size_over_limit((1 << 20) + 1, 1 << 20) == "1 MiB + 1 byte; the limit is 1 MiB"
    assert size_over_limit((1 << 20) + 2000, 1 << 20) == "1 MiB + 2 KiB; the limit is 1 MiB"


@pytest.mark.parametrize(
    ("filename", "data", "message"),
    [
        ("bot.py", b"x" * 1126403, "upload is 1.07 MiB; the limit is 1 MiB"),
        (
            "bot.zip",
            make_zip({"main.py": b"0" * (uploads.MAX_UNPACKED_BYTES + 1)}),
            "archive unpacks to more than 8 MiB",
        ),
    ],
)
def test_upload_errors_speak_kib_and_mib(filename: str, data: bytes, message: str) -> None:
    with pytest.raises(UploadError) as refused:
        validate_upload(filename, data)
    assert str(refused.value) == message

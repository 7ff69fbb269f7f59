"""A hypothesis strategy for odd zip archives: the generated corpus the upload tests feed to the
validator and to the upload endpoints.

Names are built from parts that have broken validators before (a file and a folder of one name,
``.`` and ``..``, names and paths longer than the file system allows, backslashes, drive
letters, NUL, case twins), members carry every kind of mode (file, folder, link, FIFO) and the
encrypted flag, and a third of the archives get some of their bytes overwritten, so headers lie
about sizes, names and CRCs.
"""

from __future__ import annotations

import io
import stat
import warnings
import zipfile

from hypothesis import strategies as st

NAME_PARTS = st.one_of(
    st.sampled_from(
        ["main.py", "Main.py", "a", "A", "a.py", "lib", ".", "..", "", "~", " ", "C:", "x\\y"]
    ),
    st.integers(min_value=90, max_value=400).map(lambda n: "n" * n),
    st.text(alphabet=st.characters(codec="utf-8", exclude_characters="/:\\\x00"), max_size=8),
)
ORDINARY_MODES = st.sampled_from([0, stat.S_IFREG | 0o644, stat.S_IFDIR | 0o755])
SPECIAL_MODES = st.sampled_from([stat.S_IFLNK | 0o777, stat.S_IFIFO | 0o644])
"""Rare in the corpus: one special member refuses the whole archive, hiding what else is odd."""


@st.composite
def member_names(draw: st.DrawFn) -> str:
    if draw(st.booleans()):
        # A deep path: up to thousands of characters.
        part = "d" * draw(st.integers(min_value=1, max_value=120))
        return "/".join([part] * draw(st.integers(min_value=2, max_value=60))) + "/f.py"
    name = "/".join(draw(st.lists(NAME_PARTS, min_size=1, max_size=4)))
    return name + ("/" if draw(st.booleans()) and draw(st.booleans()) else "")


@st.composite
def odd_archives(draw: st.DrawFn) -> bytes:
    """The bytes of a zip archive, valid or not, that usually holds ``main.py``."""
    members = draw(st.lists(member_names(), max_size=6))
    if draw(st.integers(min_value=0, max_value=3)):
        members.insert(draw(st.integers(min_value=0, max_value=len(members))), "main.py")
    buffer = io.BytesIO()
    with warnings.catch_warnings(), zipfile.ZipFile(buffer, "w") as archive:
        warnings.simplefilter("ignore")  # duplicate names are part of the corpus
        for name in members:
            info = zipfile.ZipInfo(name)
            special = draw(st.integers(min_value=0, max_value=24)) == 0
            info.external_attr = draw(SPECIAL_MODES if special else ORDINARY_MODES) << 16
            info.compress_type = draw(st.sampled_from([zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED]))
            if draw(st.integers(min_value=0, max_value=9)) == 0:
                info.flag_bits |= 0x1
            archive.writestr(info, draw(st.binary(max_size=64)))
    data = bytearray(buffer.getvalue())
    if data and draw(st.integers(min_value=0, max_value=2)) == 0:
        for _ in range(draw(st.integers(min_value=1, max_value=4))):
            at = draw(st.integers(min_value=0, max_value=len(data) - 1))
            data[at] = draw(st.integers(min_value=0, max_value=255))
    return bytes(data)

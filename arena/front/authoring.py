"""What the site gives a bot author: the SDK, the bot template and the example bots as downloads,
and the protocol as a page.

The downloads are the repository's own files under ``bots/`` (the SDK the sandbox stages, the
template, the example bots the ladder seeds), served as they are, so the site never hands out a
stale copy. ``docs/protocol.md`` is rendered with markdown-it (CommonMark plus tables) with raw
HTML turned off, so the page shows the document's text and nothing it could inject.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from django.urls import reverse
from django.utils.html import escape
from django.utils.text import slugify
from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict

from bots.sandbox import SDK_DIR
from games.registry import GAMES
from tournament.examples import EXAMPLES_DIR, example_files

REPO_ROOT = Path(__file__).resolve().parents[2]
PROTOCOL_DOC = REPO_ROOT / "docs" / "protocol.md"
TEMPLATE_BOT = EXAMPLES_DIR / "template_bot.py"


@dataclass(frozen=True)
class Download:
    """One file of the repository offered for download under ``/write-a-bot/files/<name>``."""

    name: str
    path: Path

    @property
    def repo_path(self) -> str:
        return self.path.relative_to(REPO_ROOT).as_posix()

    @property
    def url(self) -> str:
        return reverse("bot_file", args=[self.name])

    @property
    def summary(self) -> str:
        """The first paragraph of the file's docstring: the file says what it is."""
        if self.path.suffix != ".py":
            return ""
        docstring = ast.get_docstring(ast.parse(self.path.read_text(encoding="utf-8"))) or ""
        return " ".join(docstring.split("\n\n")[0].split())


def sdk_files() -> list[Download]:
    return [Download(path.name, path) for path in sorted(SDK_DIR.glob("*.py"))]


def template_file() -> Download:
    return Download(TEMPLATE_BOT.name, TEMPLATE_BOT)


def game_examples(game: str) -> list[Download]:
    return [Download(f"{game}/{path.name}", path) for path in example_files(game)]


NAMED_FILE_ROOTS = ("bots", "games", "bench", "tests", "docs")
"""Where the protocol page may name a repository file to download (the open-source code and
data a bot author reads; never settings, ``var/`` or anything a deployment adds)."""
NAMED_FILE = re.compile(r"`([A-Za-z0-9_./-]+\.[A-Za-z0-9]+)`")


def protocol_named_files() -> list[Download]:
    """Every repository file ``docs/protocol.md`` names in inline code, offered under its path."""
    found = []
    offered = {download.path for download in [*sdk_files(), template_file()]}
    for name in dict.fromkeys(NAMED_FILE.findall(PROTOCOL_DOC.read_text(encoding="utf-8"))):
        path = REPO_ROOT / name
        if (
            path not in offered  # the SDK keeps its short download name
            and name.split("/", 1)[0] in NAMED_FILE_ROOTS
            and ".." not in name.split("/")
            and path.is_file()
            and not path.is_symlink()
        ):
            found.append(Download(name, path))
    return found


def all_downloads() -> dict[str, Download]:
    """Every downloadable file by its name in the URL; nothing else is ever served."""
    files = [*sdk_files(), template_file()]
    for game in sorted(GAMES):
        files += game_examples(game)
    files += protocol_named_files()
    return {download.name: download for download in files}


def runner_command(game: str, seats: int, opponent: Download) -> str:
    """The local runner's command line for ``my_bot.py`` against ``opponent`` in every other
    seat, run from a checkout of this repository."""
    opponents = " ".join([opponent.repo_path] * (seats - 1))
    return f"python manage.py play --game {game} my_bot.py {opponents} --games 50"


# --- The protocol page ----------------------------------------------------------------------


def _markdown(code_links: dict[str, str]) -> MarkdownIt:
    """CommonMark with tables, raw HTML escaped; headings get ids to link to, and an inline code
    span that names a downloadable file (``bots/sdk/arena_bot.py``) links to its download."""
    md = MarkdownIt("commonmark", {"html": False}).enable("table")

    def heading_open(
        self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
    ) -> str:
        seen = env.setdefault("heading_ids", set())
        base = slugify(tokens[idx + 1].content) or "section"
        anchor, number = base, 2
        while anchor in seen:
            anchor, number = f"{base}-{number}", number + 1
        seen.add(anchor)
        tokens[idx].attrSet("id", anchor)
        return self.renderToken(tokens, idx, options, env)

    def code_inline(
        self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
    ) -> str:
        text = tokens[idx].content
        code = f"<code>{escape(text)}</code>"
        return f'<a href="{escape(code_links[text])}">{code}</a>' if text in code_links else code

    md.add_render_rule("heading_open", heading_open)
    md.add_render_rule("code_inline", code_inline)
    return md


DOC_COMMENT = re.compile(r"<!--.*?-->\n?", re.DOTALL)
"""Notes for the doc's own tests (the worked examples' replays): not for readers."""


@functools.lru_cache(maxsize=4)
def _render(text: str, links: tuple[tuple[str, str], ...]) -> str:
    return _markdown(dict(links)).render(DOC_COMMENT.sub("", text))


def protocol_html() -> str:
    """``docs/protocol.md`` as HTML, safe to mark safe in a template."""
    links = tuple(sorted((d.repo_path, d.url) for d in all_downloads().values()))
    return _render(PROTOCOL_DOC.read_text(encoding="utf-8"), links)

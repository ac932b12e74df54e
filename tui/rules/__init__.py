"""The rules of both games as Markdown (``aces.md``, ``chase.md``), shipped in the package.

The rules screen renders the Markdown; ``party-dice rules`` prints ``plain_text``. Both
read the same files, so the words on screen and in a terminal never drift apart. No
textual import here: ``party-dice rules`` must start fast.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable
from importlib.resources import files

from tui.gameconfig import GAME_VARIANTS, GAMES
from tui.variant_info import VARIANT_INFO


def markdown(game_id: str) -> str:
    """The rules of ``game_id`` ("aces" or "chase") as Markdown."""
    if game_id not in GAMES:
        raise ValueError(f"unknown game {game_id!r}: choose {', '.join(GAMES)}")
    return files(__package__).joinpath(f"{game_id}.md").read_text(encoding="utf-8")


def variant_title(name: str) -> str:
    """A variant's title for people ("Four lives"), falling back to its name."""
    info = VARIANT_INFO.get(name)
    return info[0] if info else name


def variant_titles(game_id: str, variants: Iterable[str]) -> list[str]:
    """The titles of ``variants``, in the order the rules list them."""
    chosen = set(variants)
    return [variant_title(v) for v in GAME_VARIANTS[game_id] if v in chosen]


def in_force_note(game_id: str, variants: Iterable[str]) -> str:
    """One Markdown paragraph naming the variants in force at a table."""
    titles = variant_titles(game_id, variants)
    if not titles:
        return "**At this table:** the standard rules, no variants."
    return f"**At this table:** {', '.join(titles)}."


_INLINE = re.compile(r"\*\*(.+?)\*\*|`(.+?)`")
_BULLET = re.compile(r"^(\s*)([-*]) ")


def _inline(text: str) -> str:
    return _INLINE.sub(lambda m: m.group(1) or m.group(2), text)


def to_plain(source: str, width: int = 78) -> str:
    """Markdown (the subset the rule files use) as wrapped plain text.

    Headings are underlined (level 1 with ``=``, level 2 with ``-``), bullets keep a
    hanging indent, bold and code marks are dropped.
    """
    out: list[str] = []
    block: list[str] = []
    bullet = False

    def flush() -> None:
        nonlocal block, bullet
        if block:
            text = _inline(" ".join(line.strip() for line in block))
            if bullet:
                out.extend(textwrap.wrap(text, width, initial_indent="- ", subsequent_indent="  "))
            else:
                out.extend(textwrap.wrap(text, width))
        block, bullet = [], False

    for line in source.splitlines():
        heading = re.match(r"^(#{1,6}) (.*)$", line)
        if heading:
            flush()
            if out and out[-1] != "":
                out.append("")
            title = _inline(heading.group(2))
            out.append(title)
            level = len(heading.group(1))
            if level <= 2:
                out.append(("=" if level == 1 else "-") * len(title))
            continue
        if not line.strip():
            flush()
            if out and out[-1] != "":
                out.append("")
            continue
        if _BULLET.match(line):
            flush()
            bullet = True
            block = [_BULLET.sub("", line)]
            continue
        block.append(line)
    flush()
    return "\n".join(out).strip() + "\n"


def plain_text(game_id: str, width: int = 78) -> str:
    """The rules of ``game_id`` as plain text, for ``party-dice rules``."""
    return to_plain(markdown(game_id), width)

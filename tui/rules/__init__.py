"""The rules of every game as Markdown (``aces.md``, ``chase.md``), shipped in the package.

The rules screen renders the Markdown; ``party-dice rules`` prints ``plain_text``. Both
read the same files, so the words on screen and in a terminal never drift apart. No
textual import here: ``party-dice rules`` must start fast.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable

from tui.games import get


def markdown(game_id: str) -> str:
    """The rules of ``game_id`` as Markdown (``ValueError`` for an unknown game)."""
    return get(game_id).rules_markdown()


def in_force_note(game_id: str, variants: Iterable[str]) -> str:
    """One Markdown paragraph naming the variants in force at a table, each with what it
    changes: the rules below are the standard ones ("Everyone gets 2 chips"), so a table
    of Three-Chip Start is told there and then that it starts with three."""
    chosen = set(variants)
    told = [
        f"{variant.title}: {variant.line}" if variant.line else f"{variant.title}."
        for variant in get(game_id).variants
        if variant.name in chosen
    ]
    if not told:
        return "**At this table:** the standard rules, no variants."
    return " ".join(["**At this table**, the rules below with these changes.", *told])


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

"""A wide character (CJK, emoji) over the edge of a widget beneath is drawn whole.

What Textual does: the compositor cuts every line of the screen wherever a visible
widget starts or ends (``Compositor.cuts``), the widgets beneath a box included, and
divides each widget's line at those cuts (``Compositor._render_chops``,
``Strip.divide``). A double-width character that a cut falls in the middle of is split
into two spaces (Rich's ``Segment.split_cells``), although the same widget's line fills
both sides of the cut. So a name such as "漢字漢字..." on the Chase curtain, a box over
the table, lost the character that lay over the pot's right edge, and Ctrl+L drew the
gap again (found by an adversarial test; Textual 8.2.8).

What this does: ``_render_chops`` as Textual's, except that a cut falling inside a
double-width character of a line is not made when both chops around it are still free
(the line is the top-most there on both sides): the chop before it takes the whole
character, and the one at the cut is left empty. Lines are joined chop after chop, and
a partial update writes each chop from its start, so the character comes out whole, in
its place. A line with nothing but single-width characters is divided as before, with
one check of its text.

Private: ``Compositor._render_chops``, ``Compositor._get_renders``.
``tests/textual_compat/test_whole_glyphs.py`` compares Textual's method with the copy
this is made from, and checks the effect. Upstream: textual#6357 (``UPSTREAM.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.cells import cell_len, get_character_cell_size
from textual._compositor import Compositor
from textual.geometry import Region
from textual.strip import Strip

from tui.textual_compat.installed import replace

_EMPTY = Strip([], 0)


def _inside_wide(text: str, offsets: Sequence[int]) -> set[int]:
    """The ``offsets`` (cells from the start of ``text``) inside a double-width character."""
    if not offsets or text.isascii() or cell_len(text) == len(text):
        return set()  # one cell each (Rich's cell_len is cached, and fast for these)
    wanted, found, x = set(offsets), set(), 0
    last = max(offsets)
    for ch in text:
        width = get_character_cell_size(ch)
        if width == 2 and x + 1 in wanted:
            found.add(x + 1)
        x += width
        if x >= last:
            break
    return found


def _whole_cuts(
    strip: Strip, cuts: list[int], left: int, chops_line: Mapping[int, Strip | None]
) -> set[int]:
    """The cuts of ``cuts`` (screen columns; the strip starts at ``left``) not to make:
    inside a wide character, with both chops around them still free."""
    inner = cuts[1:-1]
    if not inner:
        return set()
    inside = _inside_wide(strip.text, [cut - left for cut in inner])
    if not inside:
        return set()
    skipped: set[int] = set()
    kept = cuts[0]
    for cut in inner:
        if cut - left in inside and chops_line.get(kept) is None and chops_line.get(cut) is None:
            skipped.add(cut)
        else:
            kept = cut
    return skipped


def _render_chops(
    self: Compositor, crop: Region, is_rendered_line: Callable[[int], bool]
) -> Sequence[Mapping[int, Strip]]:
    """Textual 8.2.8's ``_render_chops``, with whole wide characters (``_whole_cuts``)."""
    cuts = self.cuts
    chops: list[dict[int, Strip | None]] = [dict.fromkeys(cut_set[:-1]) for cut_set in cuts]
    intersection = Region.intersection
    for region, clip, strips in self._get_renders(crop):
        render_region = intersection(region, clip)
        render_x = render_region.x
        first_cut, last_cut = render_region.column_span
        for y, strip in zip(render_region.line_range, strips, strict=False):
            if not is_rendered_line(y):
                continue
            chops_line = chops[y]
            final_cuts = [cut for cut in cuts[y] if (last_cut >= cut >= first_cut)]
            whole = _whole_cuts(strip, final_cuts, render_x, chops_line)
            if whole:
                final_cuts = [cut for cut in final_cuts if cut not in whole]
            cut_strips = strip.divide([cut - render_x for cut in final_cuts[1:]])
            get_chops_line = chops_line.get
            for cut, piece in zip(final_cuts, cut_strips, strict=False):
                if get_chops_line(cut) is None:
                    chops_line[cut] = piece
            for cut in whole:
                chops_line[cut] = _EMPTY
    result: Sequence[Mapping[int, Any]] = chops
    return result


def apply() -> None:
    """Install the compositor's division that keeps wide characters whole."""
    _render_chops.__wrapped__ = Compositor._render_chops  # type: ignore[attr-defined]
    replace(Compositor, "_render_chops", _render_chops)

"""The one place every workaround is installed, each only if the names it needs are there.

Each workaround (``FIXES``) names what it needs of Textual: a module, an attribute, or a
name a function's code uses (an attribute ``__init__`` sets, a global the input thread
reads). ``install()``, run when ``tui.app`` is imported, looks each one up; a workaround
whose names are not all there is skipped with one line in the log (logger
``party-dice.textual``: stderr before the app starts), never an error, and the app runs
as stock Textual does there. Its module is imported only then (a module of Textual's
that is gone cannot break ``import tui.app``). In-place patches go through
``installed.replace``, so ``uninstall()`` puts stock Textual back (for tests); mixins ask
``installed.on(name)`` and do what Textual does while their workaround is off.

``PARTY_DICE_TEXTUAL_FIXES=off`` installs none (stock Textual, for triage and upstream
reports); ``=-name,-name`` leaves out those. The lean stream (``tui.lean``) is no
workaround and stays (``PARTY_DICE_LEAN=off`` turns it off).
"""

from __future__ import annotations

import importlib
import logging
import os
from collections.abc import Callable
from dataclasses import dataclass

from tui.textual_compat.installed import fixes_on, put_back, turn_off, turn_on

SWITCH = "PARTY_DICE_TEXTUAL_FIXES"
"""``PARTY_DICE_TEXTUAL_FIXES=off``: stock Textual, no workaround installed."""

log = logging.getLogger("party-dice.textual")


@dataclass(frozen=True)
class Need:
    """A name of Textual's a workaround needs: ``where`` is ``module`` or
    ``module:Attribute.path``; with ``uses``, the function found there must use that name
    (an attribute it reads or sets on ``self``, a global it reads)."""

    where: str
    uses: str = ""

    def __str__(self) -> str:
        return self.where.replace(":", ".") + (f" using {self.uses}" if self.uses else "")

    @property
    def names(self) -> tuple[str, ...]:
        """Every part of the dotted path and ``uses``: the names the workaround touches."""
        parts = self.where.replace(":", ".").split(".")
        return (*parts, self.uses) if self.uses else tuple(parts)


def find(need: Need) -> object:
    """What ``need`` names, from the installed Textual; ``LookupError`` if it is gone."""
    module_name, _, path = need.where.partition(":")
    try:
        found: object = importlib.import_module(module_name)
    except ImportError as error:
        raise LookupError(str(need)) from error
    for part in filter(None, path.split(".")):
        try:
            found = getattr(found, part)
        except AttributeError as error:
            raise LookupError(str(need)) from error
    if need.uses:
        code = getattr(getattr(found, "__wrapped__", found), "__code__", None)
        if code is None or need.uses not in code.co_names:
            raise LookupError(str(need))
    return found


@dataclass(frozen=True)
class Fix:
    """One workaround: its module in ``tui.textual_compat`` and the names it needs. The
    module's ``apply()``, if it has one, patches Textual in place (through ``replace``)."""

    name: str
    needs: tuple[Need, ...]


def fix(name: str, *specs: str) -> Fix:
    """A ``Fix`` whose needs are written ``module:Attribute.path``, and ``/name`` after
    it for a name that function's code must use."""
    return Fix(name, tuple(Need(*spec.split("/")) for spec in specs))


_THREADS = (
    "textual.drivers.linux_driver:LinuxDriver.run_input_thread",
    "textual.drivers.linux_inline_driver:LinuxInlineDriver.run_input_thread",
)
_DECODER = tuple(f"{thread}/getincrementaldecoder" for thread in _THREADS)
_P = "textual._xterm_parser"
_PARSER = (*(f"{thread}/XTermParser" for thread in _THREADS), f"{_P}:XTermParser.feed")
_PARSER += (f"{_P}:XTermParser.tick",)
_LINUX = "textual.drivers.linux_driver:LinuxDriver"
_APP, _PUMP = "textual.app:App", "textual.message_pump:MessagePump"
_CHOPS, _LIST = "textual._compositor:Compositor", "textual.widgets:OptionList"

FIXES: tuple[Fix, ...] = (
    fix("input_decoding", *_DECODER),
    fix("input_end", *_DECODER),
    fix("extended_keys", *_PARSER, f"{_P}:XTermParser._parse_extended_key"),
    fix("unended_paste", *_PARSER, f"{_P}:BRACKETED_PASTE_START", f"{_P}:BRACKETED_PASTE_END"),
    fix("unasked_reports", *_PARSER, "textual.messages:InBandWindowResize"),
    fix("lone_escape", *_PARSER, f"{_P}:XTermParser.tick/_timeout_time"),
    fix("gone_terminal", f"{_LINUX}.__init__/_file"),
    fix(
        "stray_continue",
        f"{_LINUX}._sigtstp_application/_must_signal_resume",
        f"{_LINUX}._sigcont_application",
    ),
    fix(
        "crash_output",
        f"{_APP}._handle_exception",
        f"{_APP}._print_error_renderables",
        f"{_APP}.__init__/_exit_renderables",
    ),
    fix(
        "stale_nodes",
        f"{_PUMP}._dispatch_message",
        f"{_APP}._dispatch_action",
        f"{_APP}._handle_exception",
        "textual._context:active_message_pump",
    ),
    fix("key_burst", f"{_APP}._on_key"),
    fix("quit_lane", f"{_PUMP}._message_queue"),
    fix(
        "option_list_paging",
        f"{_LIST}._move_page/_index_to_line",
        f"{_LIST}._index_to_line",
    ),
    fix("inner_outer_cache", "textual._styles_cache:StylesCache.get_inner_outer"),
    fix("whole_glyphs", f"{_CHOPS}._render_chops/_get_renders", f"{_CHOPS}._get_renders"),
)
"""Every workaround, in the order they are installed (``UPSTREAM.md`` has a row each)."""

_installed = False

TERMINAL_INPUT = frozenset(each.name for each in FIXES[:6])
"""The workarounds that are parts of the input thread's decoder and parser, put together
once all are installed (``terminal_input.assemble``)."""


def wanted(name: str) -> bool:
    """Whether ``PARTY_DICE_TEXTUAL_FIXES`` lets the workaround ``name`` in: not when it
    says ``off``, nor when it lists the name with a minus (``-key_burst,-whole_glyphs``:
    to find which workaround a problem comes from)."""
    value = os.environ.get(SWITCH, "").strip().lower()
    return value != "off" and f"-{name}" not in value.replace(" ", "").split(",")


def install(lookup: Callable[[Need], object] = find) -> frozenset[str]:
    """Install every workaround whose names ``lookup`` finds (once; again: nothing), and
    return the ones installed. A workaround skipped costs one warning in the log."""
    global _installed
    if _installed:
        return fixes_on()
    _installed = True
    for each in FIXES:
        if not wanted(each.name):
            log.info("%s: the %s workaround is left out", SWITCH, each.name)
            continue
        try:
            for need in each.needs:
                lookup(need)
            module = importlib.import_module(f"tui.textual_compat.{each.name}")
            turn_on(each.name)  # before apply(): what it puts together may ask
            apply = getattr(module, "apply", None)
            if apply is not None:
                apply()
        except Exception as error:  # a name gone, or anything else: stock Textual here
            turn_off(each.name)
            _skipped(each.name, error)
    if fixes_on().intersection(TERMINAL_INPUT):
        try:
            from tui.textual_compat import terminal_input

            terminal_input.assemble()
        except Exception as error:
            for name in fixes_on().intersection(TERMINAL_INPUT):
                turn_off(name)
                _skipped(name, error)
    return fixes_on()


def _skipped(name: str, error: Exception) -> None:
    version = _textual_version()
    log.warning("party-dice: the %s workaround is off (Textual %s: %s)", name, version, _why(error))


def uninstall() -> None:
    """Put back everything the workarounds changed: stock Textual (for tests)."""
    global _installed
    put_back()
    _installed = False


def _why(error: Exception) -> str:
    if isinstance(error, LookupError):
        return f"no {error.args[0] if error.args else 'name it needs'}"
    return f"{type(error).__name__}: {error}"


def _textual_version() -> str:
    import textual

    return str(getattr(textual, "__version__", "?"))

"""A choice among labelled values: Textual's compact ``Select``, as the screens use it.

The setup screen (one per seat, and the match's lines) and Settings offer a value from a
short list. This is the stock compact ``Select`` with no blank, and what the screens ask
of it: a value that is always one of the options (a string), ``Choice.Changed`` (with
``choice``) when the player or the code changes it, ``set_options`` to offer other
options at a given value, and labels drawn as typed (a seat named ``[bold]Ann`` is
shown so, not in bold). A ``Select`` tells its first value as a change when it is
mounted; a choice's first value was given, not changed, so that one is not passed on.

It used to be a widget of its own, drawn like the compact ``Select`` as one widget until
opened (a ``Select`` is six): adding a seat to the setup cost a third less CPU. Nobody at
a table feels that, and issue 34's budget has no row for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from rich.text import Text
from textual.css.query import NoMatches
from textual.widgets import Select
from textual.widgets.select import InvalidSelectValueError

__all__ = ["Choice", "InvalidSelectValueError"]


def _labelled(options: Sequence[tuple[str, str]]) -> list[tuple[Text, str]]:
    """The options with their labels as plain text (no markup)."""
    return [(Text(label, end=""), value) for label, value in options]


class Choice(Select[str]):
    """One value of ``options`` (label, value); ``Choice.Changed`` when it changes."""

    DEFAULT_CSS = """
    /* The list is an overlay the screen keeps inside itself: its bottom margin keeps it
       off the key bar's row too, so "Esc Dismiss menu" stays in sight while it is open. */
    Choice > SelectOverlay {
        margin: 0 0 1 0;
    }
    """

    class Changed(Select.Changed):
        """The value changed (by the player or by code)."""

        @property
        def choice(self) -> Choice:
            return cast(Choice, self.select)

        if TYPE_CHECKING:
            value: str  # type: ignore[assignment]  # never blank

    if TYPE_CHECKING:
        value: str  # never blank: always one of the options

    def __init__(
        self,
        options: Sequence[tuple[str, str]],
        value: str,
        *,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        if value not in {v for _, v in options}:
            raise InvalidSelectValueError(f"{value!r} is not one of the choices")
        super().__init__(
            _labelled(options), value=value, allow_blank=False, compact=True, id=id, classes=classes
        )
        self.options = list(options)
        self._given: str | None = value
        """The first value, which the Select tells as a change when mounted."""

    def set_options(self, options: Sequence[tuple[str, str]], value: Any = None) -> None:  # type: ignore[override]
        """Offer ``options`` (label, value) instead, at ``value``: one ``Changed`` if the
        value is not the one before."""
        if value is None or value not in {v for _, v in options}:
            raise InvalidSelectValueError(f"{value!r} is not one of the choices")
        before = self.value
        self.options = list(options)
        with self.prevent(self.Changed):
            try:
                super().set_options(_labelled(options))
            except NoMatches:  # not composed yet: the Select shows them when mounted
                self._given = value
            self.value = value
        if value != before:
            self.post_message(self.Changed(self, value))

    def on_choice_changed(self, event: Changed) -> None:
        if self._given is not None:
            given, self._given = self._given, None
            if event.value == given:
                event.stop()  # the first value, told as the Select mounts

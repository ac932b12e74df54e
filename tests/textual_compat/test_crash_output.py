"""``crash_output``: ``App._handle_exception``, ``App._print_error_renderables`` and
``App._exit_renderables``."""

from __future__ import annotations

import inspect

import pytest
from rich.text import Text
from textual.app import App

from tui.textual_compat.crash_output import QuietCrashApp


def test_the_private_names_are_still_there() -> None:
    assert list(inspect.signature(App._handle_exception).parameters) == ["self", "error"]
    assert list(inspect.signature(App._print_error_renderables).parameters) == ["self"]
    assert App()._exit_renderables == []
    assert "_exit_renderables" in inspect.getsource(App._print_error_renderables)
    # Textual still calls both on the way out of an error.
    from textual import message_pump

    assert "self.app._handle_exception(error)" in inspect.getsource(message_pump)
    assert "self._print_error_renderables()" in inspect.getsource(App._shutdown)


class Fragile(QuietCrashApp[None]):
    def __init__(self) -> None:
        super().__init__()
        self.saved = 0

    def save_open_games(self) -> bool:
        self.saved += 1
        return True

    def break_now(self) -> None:
        raise RuntimeError("boom")


async def test_an_error_saves_first_and_still_reaches_the_test() -> None:
    app = Fragile()
    with pytest.raises(RuntimeError, match="boom"):
        async with app.run_test() as pilot:
            app.call_later(app.break_now)
            await pilot.pause()
    assert app.saved == 1


def test_the_traceback_goes_to_a_file_and_one_line_is_printed(
    tmp_path: object, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    app = Fragile()
    app._exit_renderables.append(Text("Traceback (most recent call last):\nValueError: x"))
    app._print_error_renderables()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "party-dice stopped" in err and "Traceback" not in err
    assert app._exit_renderables == []

"""The title, setup and settings in words: numbered choices and typed answers, one
sentence and the question again for an answer it cannot take, the same checks as the
full screen's setup, and the privacy rule of the plain table before any table opens."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from tests.support.plain import FakeClock, plain_settings
from tui.gameconfig import GameConfig
from tui.kept_settings import KeptTables
from tui.plain.app import PlainApp, keyboard_problem
from tui.plain.dialog import Ended
from tui.plain.lines import Line
from tui.plain.menus import Menus
from tui.plain.output import Transcript
from tui.session import Sessions


class Typist:
    """Answers the questions with ``answers`` in order, echoed as a terminal would."""

    def __init__(self, out: Transcript, clock: FakeClock, answers: Iterable[str]) -> None:
        self.out = out
        self.clock = clock
        self.answers = list(answers)

    async def get(self) -> Line | None:
        if not self.answers:
            return None
        self.clock.time += 1.0
        text = self.answers.pop(0)
        self.out.typed(text)
        return Line(text, self.clock.time)


def plain_app(home: Path, answers: Iterable[str], **settings: Any) -> tuple[PlainApp, list[Any]]:
    out, clock = Transcript(), FakeClock()
    typist = Typist(out, clock, answers)
    app = PlainApp(
        out,
        typist.get,
        clock,
        kept=plain_settings(home, **settings),
        tables=KeptTables(home / "tables.toml"),
        sessions=Sessions(saves_dir=home / "saves", history_path=home / "history.db"),
    )
    started: list[Any] = []

    async def play(config: GameConfig, match: Any = None) -> None:
        started.append(config)

    app.play = play  # type: ignore[method-assign]
    return app, started


async def test_a_four_seat_aces_game_set_up_in_words(tmp_path: Path) -> None:
    answers = [
        "1",  # New game of Aces in the Pot
        "Ann, Ben",
        "2",  # two computers
        "",  # their level: casual
        "v",
        "1",  # Three-Chip Start on
        "",  # keep the variants now on
        "2",  # Match: rounds
        "",  # three of them
        "2",  # Ann starts
        "",  # Start
        "",  # the title again: nothing more typed
    ]
    app, started = plain_app(tmp_path, answers)
    with pytest.raises(Ended):
        await Menus(app).title()
    text = app.out.text  # type: ignore[attr-defined]
    assert "What now? 1 to 7. > 1" in text
    assert [seat.name for seat in started[0].seats] == ["Ann", "Ben", "Ada", "Alan"]
    config = started[0]
    assert [seat.bot for seat in config.seats] == [None, None, "casual", "casual"]
    assert config.variants == frozenset({"three-chip"})
    assert config.options["match"] == "rounds" and config.options["rounds"] == 3
    assert config.first_seat == 0
    assert "Ready: Aces in the Pot with Ann, Ben, Ada (computer, casual) and Alan" in text
    assert app.kept.settings.last_names == ("Ann", "Ben"), "names kept for the next setup"
    assert app.tables.last == config, "Play again offers it"
    prompts = [line for line in text.split("\n") if " > " in line]
    assert all(line.count(" > ") == 1 for line in prompts), "two prompts on one line"


async def test_bad_answers_get_one_sentence_and_the_question_again(tmp_path: Path) -> None:
    answers = ["0", "banana", "1", "Ann, ann", "Ann", "9", "", "b", "7"]
    app, started = plain_app(tmp_path, answers)
    await Menus(app).title()
    text = app.out.text  # type: ignore[attr-defined]
    assert text.count("Type a number from 1 to 7.") == 2
    assert "ann: same name as seat 1." in text
    assert "Type a whole number from 1 to 5." in text
    assert started == [], "b went back to the title; 7 quit"


async def test_chase_with_two_people_here_is_refused_and_a_shared_table_offered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARTY_DICE_SHARING", "off")
    out, clock = Transcript(), FakeClock()
    app = PlainApp(
        out,
        Typist(out, clock, []).get,
        clock,
        kept=plain_settings(tmp_path),
        tables=KeptTables(tmp_path / "tables.toml"),
        sessions=Sessions(saves_dir=tmp_path / "saves"),
    )
    from tui.engine.controller import Seat

    config = GameConfig("chase", (Seat("Ann"), Seat("Ben"), Seat("Cleo", "casual")))
    await app.play(config)
    said = out.text
    assert said.startswith("Chase the Ace hides each player's card, and plain text cannot take")
    assert "each person plays from their own terminal, at a shared table." in said
    assert "Shared tables are turned off on this server" in said
    assert app.sessions.store.list() == [], "no game was started"


def test_the_rule_is_the_game_s_privacy_rule_not_its_name() -> None:
    from tui import games

    chase, aces = games.get("chase").new_words(), games.get("aces").new_words()
    assert keyboard_problem(chase, 2, "Chase the Ace") is not None
    assert keyboard_problem(chase, 1, "Chase the Ace") is None
    assert keyboard_problem(aces, 6, "Aces in the Pot") is None


async def test_settings_in_words_are_kept_at_once(tmp_path: Path) -> None:
    answers = ["6", "1", "2", "3", "1", "", "7"]  # settings: plain, brief, pace off
    app, _started = plain_app(tmp_path, answers)
    await Menus(app).title()
    settings = app.kept.settings
    assert settings.plain and settings.brief and settings.animation == "off"
    assert "From the next start, party-dice opens in plain text." in app.out.text  # type: ignore[attr-defined]
    again = plain_settings(tmp_path)
    assert again.settings.plain is False, "plain_settings writes the file afresh"


async def test_a_saved_chase_game_of_two_people_here_is_not_opened_in_plain_text(
    tmp_path: Path,
) -> None:
    """A game started in the full screen with two people at one keyboard: plain text
    cannot keep their cards apart, so it says where to open it instead."""
    from tui.engine.controller import Seat

    app, _started = plain_app(tmp_path, [])
    config = GameConfig("chase", (Seat("Ann"), Seat("Ben"), Seat("Cleo", "casual")), seed=3)
    session, _notice = app.sessions.start(config)
    assert session is not None
    session.controller.apply(session.controller.actions()[0])  # the deal: now it saves
    session.autosave()
    session.release()
    slot_id = app.sessions.store.list()[0].slot_id
    await app.resume(slot_id)
    said = app.out.text  # type: ignore[attr-defined]
    assert "This game of Chase the Ace has several people at one keyboard" in said
    assert "party-dice host --resume --plain" in said
    assert not app.sessions.store.list()[0].in_use, "its save is let go"

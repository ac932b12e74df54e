"""The session layer without Textual: start, resume, autosave, history once, rematch."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.support.table import engine_move, engine_play_to_the_end
from tui import games
from tui.engine.controller import Seat
from tui.gameconfig import GameConfig
from tui.session import Notice, Sessions, TableSession
from tui.session.table_session import continuing
from tui.storage.history import History
from tui.storage.saves import SaveStore

BOTS = tuple(Seat(name, "casual") for name in ("Ann", "Ben", "Cleo"))


@pytest.fixture
def sessions(tmp_path: Path) -> Sessions:
    return Sessions(saves_dir=tmp_path / "saves", history_path=tmp_path / "history.sqlite3", seed=7)


def config(
    game_id: str = "aces",
    seed: int | None = 3,
    variants: frozenset[str] = frozenset(),
    **options: Any,
) -> GameConfig:
    """A table of computer players; ``options`` are the game's own (``OptionSpec`` keys)."""
    return GameConfig(game_id, BOTS, variants=variants, seed=seed, options=options)


def started(sessions: Sessions, game_id: str = "aces") -> TableSession:
    session, notice = sessions.start(config(game_id))
    assert session is not None and notice is None
    return session


def records(sessions: Sessions) -> int:
    found, problem = History(sessions.history_path).recent()
    assert problem is None
    return len(found)


# -- starting --------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", ["aces", "chase"])
def test_start_builds_the_game_with_a_held_slot(sessions: Sessions, game_id: str) -> None:
    session = started(sessions, game_id)
    assert session.controller.game_id == game_id
    assert [seat.name for seat in session.controller.seats] == ["Ann", "Ben", "Cleo"]
    assert session.slot is not None and session.slot.held
    assert session.saving and not session.controller.over and not session.resumed


def test_a_seeded_config_plays_the_same_game_twice(tmp_path: Path) -> None:
    first = started(Sessions(saves_dir=tmp_path / "a"))
    second = started(Sessions(saves_dir=tmp_path / "b"))
    assert first.controller.to_dict() == second.controller.to_dict()


def test_the_host_seed_and_a_scripted_factory_choose_the_random_source(tmp_path: Path) -> None:
    unseeded = config(seed=None)
    rolls = [[Sessions(seed=5).make_rng(unseeded).randint(1, 6) for _ in range(9)] for _ in "ab"]
    assert rolls[0] == rolls[1]
    scripted = random.Random(1)
    assert Sessions(rng_factory=lambda _config: scripted).make_rng(unseeded) is scripted


def test_a_table_that_cannot_start_says_why(sessions: Sessions) -> None:
    session, notice = sessions.start(GameConfig("aces", BOTS[:1]))
    assert session is None
    assert notice is not None and notice.severity == "error" and notice.title == "Cannot start"


def test_an_option_the_engine_refuses_says_why(sessions: Sessions) -> None:
    session, notice = sessions.start(config(match="bankroll", bankroll=0))
    assert session is None and notice is not None
    assert notice == Notice(notice.message, "error", title="Cannot start") and notice.message


def test_an_unusable_saves_folder_starts_the_game_unsaved(tmp_path: Path) -> None:
    (tmp_path / "saves").write_text("a file where the folder should be")
    session, notice = Sessions(saves_dir=tmp_path / "saves").start(config())
    assert session is not None and session.slot is None and not session.saving
    assert notice is not None and notice.message.endswith("This game will not be saved.")
    assert (notice.severity, notice.timeout) == ("warning", 10)
    assert session.autosave() is None


# -- autosave and history ----------------------------------------------------------------


def test_autosave_writes_after_every_move_and_records_the_end_once(sessions: Sessions) -> None:
    session = started(sessions)
    engine_move(session.controller)
    assert session.autosave() is None
    assert [save.slot_id for save in sessions.store.list()] == [session.slot.slot_id]  # type: ignore[union-attr]
    engine_play_to_the_end(session.controller)
    assert session.autosave() is None
    assert session.autosave() is None
    assert sessions.store.list() == []
    assert records(sessions) == 1 and session.recorded


def test_a_failed_save_turns_saving_off_and_is_told_once(
    sessions: Sessions, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = started(sessions)
    assert session.slot is not None

    def broken(*_args: Any, **_kwargs: Any) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(session.slot, "write_encoded", broken)
    engine_move(session.controller)
    notice = session.autosave()
    assert notice == Notice(
        "Saving is off for now: disk full. It is tried again after every move.", "warning", 8
    )
    assert not session.saving and session.saving_off
    assert session.autosave() is None  # told once; play goes on


def test_a_game_nobody_moved_in_is_not_saved(sessions: Sessions) -> None:
    """Issue 16, item 5: a table opened and left at once leaves no save behind; the
    first move (a computer's too) saves it."""
    session = started(sessions)
    assert session.autosave() is None
    assert sessions.store.list() == []
    engine_move(session.controller)
    session.autosave()
    assert len(sessions.store.list()) == 1


def test_a_history_that_cannot_be_written_is_told(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("a file where the folder should be")
    session = TableSession(
        games.controller_from_dict(
            started(Sessions(saves_dir=tmp_path / "s")).controller.to_dict()
        ),
        history_path=tmp_path / "data" / "history.sqlite3",
    )
    engine_play_to_the_end(session.controller)
    notice = session.autosave()
    assert notice is not None and "could not be added to the history" in notice.message


# -- resume and rematch --------------------------------------------------------------------


def test_resume_brings_the_game_back_and_holds_its_save(sessions: Sessions) -> None:
    session = started(sessions, "chase")
    session.controller.play_bot()
    session.autosave()
    session.release()
    resumed = sessions.resume(session.slot.slot_id)  # type: ignore[union-attr]
    assert resumed.resumed and resumed.saving
    assert resumed.controller.to_dict() == session.controller.to_dict()
    from tui.storage.saves import SaveInUse

    with pytest.raises(SaveInUse):
        SaveStore(sessions.store.directory).open(resumed.slot.slot_id)  # type: ignore[union-attr]


def test_latest_picks_the_newest_free_save_or_says_why_not(sessions: Sessions) -> None:
    slot_id, notices = sessions.latest()
    assert slot_id is None
    assert notices == [Notice("There is no saved game to continue.", timeout=6)]
    session = started(sessions)
    engine_move(session.controller)
    session.autosave()
    assert sessions.latest() == (
        None,
        [Notice("Every saved game is open in another session.", timeout=6)],
    )
    session.release()
    slot_id, notices = sessions.latest()
    assert slot_id == session.slot.slot_id  # type: ignore[union-attr]
    assert notices == [], "which game it is is said once it has opened (continuing)"
    resumed = sessions.resume(session.slot.slot_id)  # type: ignore[union-attr]
    names = ", ".join(seat.name for seat in session.controller.seats)
    assert continuing(resumed) == Notice(
        f"Continuing Aces in the Pot with {names}, round 1.", timeout=6
    )


def test_resume_never_opens_an_older_game_when_the_latest_is_in_use(sessions: Sessions) -> None:
    """Issue 16, item 5: the newest save open in another session is said by name, and no
    older save is opened in its place."""
    older = started(sessions)
    engine_move(older.controller)
    older.autosave()
    older.release()
    newest = started(sessions, "chase")
    engine_move(newest.controller)
    newest.autosave()
    slot_id, notices = sessions.latest()
    assert slot_id is None
    (told,) = notices
    assert told.message.startswith("Your latest game, Chase the Ace with ")
    assert "open in another session" in told.message


def test_rematch_is_the_same_table_with_the_next_seed(sessions: Sessions) -> None:
    session = started(sessions)
    rematch = session.rematch_config()
    assert rematch == GameConfig("aces", BOTS, seed=4)
    unseeded = TableSession(session.controller, config(seed=None))
    assert unseeded.rematch_config() == config(seed=None)


@pytest.mark.parametrize("game_id", ["aces", "chase"])
def test_a_resumed_game_rematches_with_its_own_options(sessions: Sessions, game_id: str) -> None:
    variants = frozenset({"aces": {"last-roll"}, "chase": {"four-lives"}}[game_id])
    options: dict[str, Any] = {"match": "rounds", "rounds": 2} if game_id == "aces" else {}
    session, _ = sessions.start(config(game_id, variants=variants, **options))
    assert session is not None
    resumed = TableSession(games.controller_from_dict(session.controller.to_dict()))
    rematch = resumed.rematch_config()
    assert rematch is not None
    assert (rematch.game_id, rematch.seats, rematch.variants) == (game_id, BOTS, variants)
    for name, value in options.items():
        assert rematch.options[name] == value


# -- no Textual ----------------------------------------------------------------------------


def test_the_session_layer_loads_neither_textual_nor_rich() -> None:
    code = (
        "import sys, tui.session, tui.kept_settings;"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'));"
        "print(','.join(bad))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""

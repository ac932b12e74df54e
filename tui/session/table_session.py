"""One game at one table, from start (or resume) to its record in the history.

``Sessions`` opens tables: it knows the save store, the history file and where
randomness comes from. ``TableSession`` is one open table: the controller, the config it
was started from (``None`` when resumed from a save), its save slot, and whether saving
is still on. The table screen holds a ``TableSession``; after every action the host calls
``autosave``, which writes the save, or once the game is over removes the save and
records the game in the history, once.

No Textual and no Rich here (the fresh-interpreter import test checks): a message for
the player is returned as a ``Notice`` and the host shows it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Protocol

from tui import games
from tui.engine.controller import Controller, SaveFormatError
from tui.engine.core import FORMAT_VERSION, RandomSource
from tui.gameconfig import GameConfig, controller_from_save
from tui.session.autosave import SaveWriter
from tui.session.seat_control import TableController
from tui.storage.files import StorageError
from tui.storage.save_format import Match, TableNotes
from tui.storage.saves import SaveSlot, SaveStore, SaveSummary

RngFactory = Callable[[GameConfig], RandomSource]
"""A scripted random source per game (tests and screenshots)."""

Severity = Literal["information", "warning", "error"]


@dataclass(frozen=True)
class Notice:
    """A message for the player, with how the host should show it."""

    message: str
    severity: Severity = "information"
    timeout: float | None = None
    title: str = ""


def _reason(error: BaseException) -> str:
    """A storage error's own sentence, else the exception's text."""
    return getattr(error, "message", None) or str(error)


def _position(controller: Controller) -> str:
    """Which position a resumed game opens at, in words ("in round 2, Ben to play")."""
    view = controller.view(None)
    seat = controller.whose_turn()
    where = f"in round {view.round}"
    return where if seat is None else f"{where}, {controller.seats[seat].name} to play"


SAVED_HERE = "The game in progress is saved: Continue on the title screen brings it back."
"""How to come back to a game saved in this account's saves."""
NOTHING_TO_KEEP = "Nobody has moved yet, so nothing is kept."
"""A new game left before its first move: no save is written for it."""


class HeldTable(Protocol):
    """A table as its screen holds it: a ``TableSession`` here, or a shared table's
    (``tui.share.remote.RemoteSession``), whose saving is the table process's."""

    @property
    def controller(self) -> TableController: ...

    @property
    def resumed(self) -> bool: ...

    @property
    def saving(self) -> bool: ...

    def autosave(self) -> Notice | None: ...

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until the saves asked for so far are written (False: ``timeout`` passed)."""
        ...

    tell: Callable[[Notice], None] | None
    """Where news of a save written later (off the table's thread) goes, from any thread."""

    def finish(self) -> Callable[[], Notice | None] | None: ...

    def rematch_config(self) -> GameConfig | None: ...

    def release(self) -> None: ...

    log: list[tuple[str, str]]
    """The table's log (text, style), set by the table before each save."""

    def match_after(self) -> Match: ...

    def match_totals(self) -> list[tuple[str, int]] | None: ...

    @property
    def comeback(self) -> str:
        """How to come back to this table after leaving it, in one sentence."""
        ...


class TableSession:
    """One open table: its controller, config and save slot, saved after every action."""

    def __init__(
        self,
        controller: Controller,
        config: GameConfig | None = None,
        slot: SaveSlot | None = None,
        *,
        history_path: Path | None = None,
    ) -> None:
        """``config`` is ``None`` for a game resumed from a save; ``slot`` is ``None``
        when the game cannot be saved; ``history_path`` ``None`` is the default file."""
        self.controller = controller
        self.config = config
        self.slot = slot
        self.history_path = history_path
        self.saving_off = False
        """Set while saves fail: the game plays on, the player was told once, and the
        save is tried again after every move (cleared, and told, when one works)."""
        self.opening_notice: Notice | None = None
        """What to tell the player as the table opens (a resumed save that may be older
        than the game's last move)."""
        self.recorded = False
        """Set once the finished game is in the history (it is recorded once)."""
        self._untouched: dict[str, Any] | None = None
        """A new game as it was dealt, until its first move: a game nobody moved in is
        not saved (leaving a table at once leaves no save behind to tidy away)."""
        if config is not None:
            with contextlib.suppress(TypeError, ValueError):  # unsaveable: told on saving
                self._untouched = controller.to_dict()
        self.log: list[tuple[str, str]] = []
        """The table's log (text, style), kept in the save so a resumed game can be
        read back; the table sets it before every save."""
        self.match = Match()
        """The games played before this one in a run of rematches, and their wins."""
        self.writer = SaveWriter()
        """Writes the saves off the table's thread, in order (``tui.session.autosave``)."""
        self.tell: Callable[[Notice], None] | None = None
        """Where a write's later news goes (saving off, or back on): set by the host;
        without one, the news waits for the next ``autosave`` to return it."""
        self._news: deque[Notice] = deque()

    @property
    def resumed(self) -> bool:
        """True for a game brought back from a save."""
        return self.config is None

    @property
    def saving(self) -> bool:
        """True while the game is saved after every move (not when it has no slot, or
        saving was turned off after a failure)."""
        return self.slot is not None and self.slot.held and not self.saving_off

    @property
    def comeback(self) -> str:
        if self._untouched is not None:
            return NOTHING_TO_KEEP
        return SAVED_HERE

    def autosave(self) -> Notice | None:
        """Save the game; once it is over, remove its save and add it to the history of
        finished games (once). The game is serialised here, once, and written by the
        session's ``writer`` off this thread; a failure is returned (a game that cannot
        be serialised) or told through ``tell`` (a write that failed), never raised."""
        slot = self.slot
        if self.controller.over:
            job = self.finish()
            return None if job is None else job()
        if slot is None or not slot.held:
            return None
        try:
            payload = self.controller.to_dict()
            if self._untouched is not None:
                if payload == self._untouched:
                    return None
                self._untouched = None
            view = self.controller.view(None)
            counters = tuple(seat.counters for seat in view.seats)
            data = slot.encode(payload, round=view.round, notes=self.notes(), counters=counters)
        except Exception as error:  # any failure: a failed save must never stop play
            return self._failed(slot, error)
        self.writer.submit(lambda: self._write(slot, data))
        return self._news.popleft() if self._news else None

    def _write(self, slot: SaveSlot, data: bytes) -> None:
        """On the writer's thread: write one save; news of it goes to ``tell``."""
        try:
            slot.write_encoded(data)
        except Exception as error:
            self._told(self._failed(slot, error))
            return
        if self.saving_off:
            self.saving_off = False
            self._told(Notice("Saving is back on: the game is saved after every move again."))

    def _failed(self, slot: SaveSlot, error: BaseException) -> Notice | None:
        """A save failed: the game plays on; the player is told once."""
        slot.mark_stale()  # a later resume says which position it opens
        if self.saving_off:
            return None  # told once; tried again after every move
        self.saving_off = True
        reason = _reason(error).rstrip(".")
        return Notice(
            f"Saving is off for now: {reason}. It is tried again after every move.",
            "warning",
            8,
        )

    def _told(self, notice: Notice | None) -> None:
        if notice is None:
            return
        if self.tell is not None:
            self.tell(notice)
        else:
            self._news.append(notice)

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every save asked for so far is written (False: ``timeout`` passed
        first)."""
        return self.writer.flush(timeout)

    def notes(self) -> TableNotes:
        """What the table keeps in the save beside the game."""
        return TableNotes(tuple(self.log), self.match)

    def match_after(self) -> Match:
        """The match with this game added, once it is over (for a rematch)."""
        if not self.controller.over:
            return self.match
        names = [seat.name for seat in self.controller.seats]
        return self.match.after(tuple(names[seat] for seat in self.controller.winners()))

    def match_totals(self) -> list[tuple[str, int]] | None:
        """Wins per name over this run of rematches, this game included, most first
        (``None`` before a rematch: one game is no match)."""
        if not self.match.games or not self.controller.over:
            return None
        wins = dict(self.match_after().wins)
        names = dict.fromkeys(seat.name for seat in self.controller.seats)
        totals = [(name, wins.get(name, 0)) for name in names]
        totals += [(name, won) for name, won in wins.items() if name not in names]
        return sorted(totals, key=lambda total: -total[1])

    def finish(self) -> Callable[[], Notice | None] | None:
        """Once the game is over (and only once): remove its save, and return the job
        that records it in the history, for the host to run where it likes (the app
        runs it on a thread: a history locked by another session can make a write wait
        seconds, which must never freeze the table). ``None`` when there is nothing to
        do: the game is not over, or it was recorded already."""
        if not self.controller.over or self.recorded:
            return None
        self.recorded = True
        self.flush()  # no write left to come after the save is gone
        slot = self.slot
        if slot is not None and slot.held:
            with contextlib.suppress(Exception):  # a stale save is moved aside later
                slot.delete()
        return self.record_history

    def record_history(self) -> Notice | None:
        """Add the finished game to the Recent games list; a problem is returned."""
        controller = self.controller
        names = [seat.name for seat in controller.seats]
        spec = games.get(controller.game_id)
        from tui.storage.history import History  # SQLite: loaded when a game ends

        message = History(self.history_path).record(
            game=controller.game_id,
            players=names,
            winners=[names[seat] for seat in controller.winners()],
            length=spec.length(controller.game),
            unit=spec.length_unit,
            variants=controller.view(None).variants,
        )
        return Notice(message, "warning", 8) if message else None

    def rematch_config(self) -> GameConfig | None:
        """The same table again: same seats, variants and options, the next seed
        (``None`` when a resumed game's options cannot make a config)."""
        config = self.config
        if config is None:
            state = self.controller.to_dict().get("state", {})
            try:
                config = GameConfig.from_saved(
                    self.controller.game_id, self.controller.seats, state
                )
            except (TypeError, ValueError):
                return None
        seed = None if config.seed is None else config.seed + 1
        return dataclasses.replace(config, seed=seed)

    def release(self) -> None:
        """Let other sessions open the save (the table is closed), once it is written."""
        self.flush()
        if self.slot is not None:
            self.slot.release()


class Sessions:
    """What opens tables: the save store, the history file, and where randomness comes
    from (scripted in tests, seeded, or fresh). Where a config or a save's plain data
    becomes a game: storage keeps files, the registry makes controllers."""

    def __init__(
        self,
        *,
        saves_dir: Path | None = None,
        history_path: Path | None = None,
        seed: int | None = None,
        rng_factory: RngFactory | None = None,
    ) -> None:
        """``seed`` makes every game started here reproducible; ``rng_factory`` hands
        each game a scripted random source; ``None`` paths are the XDG defaults."""
        self.history_path = history_path
        self.rng_factory = rng_factory
        self._seeds = random.Random(seed)
        self._saves_dir = saves_dir
        self._store: SaveStore | None = None

    @property
    def store(self) -> SaveStore:
        """The saved-game store, made when first asked for."""
        if self._store is None:
            self._store = SaveStore(self._saves_dir, game_format=FORMAT_VERSION)
        return self._store

    def make_rng(self, config: GameConfig) -> RandomSource:
        """The random source of a new game: scripted, seeded by the config, or the next
        of this host's seeds."""
        if self.rng_factory is not None:
            return self.rng_factory(config)
        seed = config.seed if config.seed is not None else self._seeds.getrandbits(64)
        return random.Random(seed)

    def start(
        self, config: GameConfig, *, match: Match | None = None
    ) -> tuple[TableSession | None, Notice | None]:
        """Build the game ``config`` describes, with a save slot when one can be made
        (``match``: the games this table played before, for a rematch).

        Returns the session (``None`` if the game cannot start) and what to tell the
        player: why it cannot start, or that it will not be saved.
        """
        problem = config.problem()
        if problem:
            return None, Notice(problem, "error", title="Cannot start")
        try:
            controller = games.new_controller(config, self.make_rng(config))
        except ValueError as error:  # the engine refused an option
            return None, Notice(str(error), "error", title="Cannot start")
        slot: SaveSlot | None = None
        notice: Notice | None = None
        try:
            slot = self.store.new_slot(config.game_id)
        except (StorageError, OSError) as error:
            notice = Notice(f"{_reason(error)} This game will not be saved.", "warning", 10)
        session = TableSession(controller, config, slot, history_path=self.history_path)
        session.match = match or Match()
        return session, notice

    def resume(self, slot_id: str) -> TableSession:
        """Open a saved game (raises ``SaveError``, whose message is one sentence). A save
        whose game cannot be played (``controller_from_save``: its rules, state or names)
        is moved aside and told (``SaveDamaged``), never a crash."""
        slot, payload = self.store.open(slot_id)
        try:
            controller = controller_from_save(payload)
        except SaveFormatError as error:
            raise slot.set_aside(str(error)) from error
        session = TableSession(controller, None, slot, history_path=self.history_path)
        notes = self.store.notes(slot_id)
        session.log, session.match = list(notes.log), notes.match
        if slot.opened_stale:
            where = _position(controller)
            session.opening_notice = Notice(
                f"The last moves of this game could not be saved: it opens {where}.", "warning", 10
            )
        return session

    def latest(self) -> tuple[str | None, list[Notice]]:
        """The newest save not open elsewhere (``party-dice resume``), or ``None``, and
        what to tell the player (bad files moved aside, or why there is none)."""
        scan = self.store.scan()
        notices = [Notice(message, "warning", 10) for message in scan.messages]
        newest = scan.saves[0] if scan.saves else None
        if newest is not None and not newest.in_use:
            return newest.slot_id, notices  # ``continuing`` says which, once it opened
        if all(summary.in_use for summary in scan.saves) and scan.saves:
            notices.append(Notice("Every saved game is open in another session.", timeout=6))
        elif newest is not None:
            # Never another game in its place: the player would not know which it is.
            notices.append(
                Notice(
                    f"Your latest game, {_which(newest)}, is open in another session;"
                    " Continue on the title screen lists the others.",
                    timeout=10,
                )
            )
        else:
            notices.append(Notice("There is no saved game to continue.", timeout=6))
        return None, notices


def continuing(session: TableSession) -> Notice:
    """Which game ``party-dice resume`` opened, from the game itself (not the save's
    summary, which an edit may have made say another), once it has opened: "Continuing
    Aces in the Pot with Ann, Ben, Ada, round 2"."""
    controller = session.controller
    game = _game_with(controller.game_id, [seat.name for seat in controller.seats])
    return Notice(f"Continuing {game}, round {controller.view(None).round}.", timeout=6)


def _game_with(game_id: str, names: list[str]) -> str:
    """A game and its players in words: Aces in the Pot with Ann, Ben, Ada (four names
    at most, then "…")."""
    shown = ", ".join(names[:4]) + (", …" if len(names) > 4 else "")
    return f"{games.title_of(game_id)} with {shown}"


def _which(summary: SaveSummary) -> str:
    """A saved game in words a player recognises: "Aces in the Pot with Ann, Ben and
    Ada, round 2, saved Tue 14:02"."""
    text = _game_with(summary.game, list(summary.players))
    if summary.round:
        text += f", round {summary.round}"
    return text + f", saved {summary.saved_at.astimezone():%a %H:%M}"

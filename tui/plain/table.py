"""The table in words: a front end of the table presenter, a line at a time.

``PlainTable`` is a ``TableFront`` and ``TablePrefs`` (``tui.session.table_front``) of a
``TablePresenter``, like the full screen's ``TableScreen``: it draws each ``TableModel``
it is handed as sentences and one prompt, forwards every typed line (a key) with its
arrival time, and does what only a front end can: wait, save, leave. What the table
decides (whose turn, which key acts, when a curtain comes, the key gate) is the
presenter's; what the words say is the game's (``TableWords`` with a ``voice``).

How a model is said, in order: the log's new lines, one sentence each; news of who is
at a shared table; the viewer's own card when it changes (said to them alone: their own
view); the box over the table (a curtain, a private card, the cut's question, a
round's end); a forced move; then the prompt, written again only when it changed or
lines came after it. A line typed that does nothing gets one sentence and the prompt
again. Questions (``tui.plain.questions``) are answered from the model last drawn.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from tui.engine.core import Action, Event
from tui.kept_settings import KeptSettings
from tui.narrate.words import Voice, sentence
from tui.plain.clock import Clock, Timer
from tui.plain.lines import Line
from tui.plain.output import Out
from tui.plain.questions import (
    BRIEF,
    TABLE_KEYS,
    Question,
    key_of,
    key_word,
    question,
    questions_said,
    rules_lines,
)
from tui.session.seat_control import Presence
from tui.session.table_flow import Pace, match_key, pace_for
from tui.session.table_front import Binding as KeyBinding
from tui.session.table_model import (
    LOOK,
    Bar,
    Cover,
    NumberChoice,
    PassCurtain,
    PrivateCard,
    RoundEnd,
    TableModel,
)
from tui.session.table_presenter import TablePresenter
from tui.session.table_session import Notice
from tui.session.table_words import TableWords, presence_news

if TYPE_CHECKING:
    from tui.gameconfig import GameConfig
    from tui.session.table_session import HeldTable
    from tui.storage.save_format import Match

RESUMED_LINES = 5
"""Lines of a resumed game's log said again as it opens (the save keeps them all)."""

CARD_AGAIN = 3
"""Lines of news after which a person's own card is said again as their move comes up."""

SAVE_WAIT = 1.2
"""Seconds leaving (and a hang-up) waits for the save being written."""


@dataclass(frozen=True)
class Ending:
    """How a table closed: back to the title, or a rematch of ``config`` with ``match``."""

    kind: str
    config: GameConfig | None = None
    match: Match | None = None


@dataclass
class Asking:
    """A question of the table's own over the table (leave? who sits?): its prompt, and
    what an answer does (True: answered, the question is over)."""

    prompt: str
    answer: Callable[[str], bool]


def lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def moves_said(actions: Sequence[Action], enter: bool) -> str:
    """ "s stand, c change with Cleo", "Enter for next round"; ``enter``: the first
    also answers to Enter."""
    said = [
        f"Enter for {lower_first(a.label)}"
        if a.key == "enter"
        else f"{a.key} {lower_first(a.label)}"
        for a in actions
    ]
    if enter and said and actions[0].key != "enter":
        said[0] += " (or Enter)"
    long = any(":" in a.label or "," in a.label for a in actions)
    return ("; " if long else ", ").join(said)  # a pause a listener hears between choices


class PlainTable:
    """One table in words (see the module): made for a session, started, fed lines."""

    def __init__(
        self,
        session: HeldTable,
        words: TableWords,
        out: Out,
        clock: Clock,
        kept: KeptSettings,
        ended: Callable[[Ending], None],
        before_prompt: Callable[[], None] = lambda: None,
    ) -> None:
        """``before_prompt``: reads what was typed meanwhile (``LineReader.absorb``)."""
        self.before_prompt = before_prompt
        self.session = session
        self.controller = session.controller
        self.words = words
        self.out = out
        self.clock = clock
        self.kept = kept
        self.ended = ended
        self.ending: Ending | None = None
        words.voice = Voice(frozenset(self.controller.humans), self.kept.settings.brief)
        self.presenter = TablePresenter(session, words, self, self)
        self.model: TableModel | None = None
        self.asking: Asking | None = None
        self.last_line = ""
        """The last line the table said (question 6 says it again)."""
        self._timer: Timer | None = None
        self._prompt: str | None = None
        """The prompt written last (it waits while ``out.waiting``)."""
        self._prompted_at = 0.0
        self._cover: Cover | None = None
        self._card: str | None = None
        self._told_since_card = 0
        self._bar: Bar | None = None
        self._presence: Presence | None = None
        self._finish_told = False
        self._drawings = 0
        self._bells = 0
        self._asked_at = 0.0
        """When the cut's question was written (an answer typed before it is refused)."""
        self.history: list[threading.Thread] = []
        """Finished games being recorded in the history (waited for before the end)."""

    # -- the settings it plays by (``TablePrefs``) --------------------------------------------

    @property
    def ascii_only(self) -> bool:
        """Plain text is ASCII where it can be ("..." for a cut name); dice and cards
        are said in words either way."""
        return True

    @property
    def pace(self) -> Pace:
        return pace_for(self.kept.settings.animation)

    @property
    def odds_on(self) -> bool:
        return self.kept.settings.show_odds

    def set_odds(self, on: bool) -> None:
        self._notice(self.kept.change(show_odds=on))

    @property
    def brief(self) -> bool:
        return self.kept.settings.brief

    # -- opening and closing ----------------------------------------------------------------

    def start(self) -> None:
        """Open the table: its first lines, and play goes on."""
        self.session.tell = lambda notice: self.clock.from_thread(lambda: self._notice(notice))
        self.controller.watch(lambda: self.clock.from_thread(self.table_moved))
        self.presenter.open()  # the opening lines are written at once:
        self.presenter.shown()  # play goes on from them

    def close(self) -> None:
        """The table is gone: nothing more happens at it, and its save is let go."""
        self.stop_wait()
        self.presenter.close()

    def hang_up(self) -> None:
        """The terminal went away (or we were asked to stop): save now and wait for it."""
        self.presenter.save()
        self.session.flush(SAVE_WAIT)

    def table_moved(self) -> None:
        """Another terminal's move, or news of who is at a shared table."""
        if self.ending is None:
            self.presenter.table_moved()

    # -- drawing a model in words (``TableFront.show``) ------------------------------------------

    def show(self, model: TableModel) -> None:
        self._drawings += 1
        log = model.log
        if self.model is None and len(log) > 1:
            # A resumed game's story so far (its last lines; not the openings of the
            # times it was resumed before), then the table's opening.
            story = [line for line in log[:-1] if line != log[-1]]
            if len(story) > RESUMED_LINES:
                self.say(f"The last {RESUMED_LINES} lines of this game so far:")
            log = (*story[-RESUMED_LINES:], log[-1])
        self.model = model
        for text, style in log:
            if style == "dim" and self.brief:
                continue  # a computer's reasons: a regular knows them
            self.tell(self.words.heard(text))
        self._tell_presence(model)
        self._tell_card(model)
        self._tell_cover(model)
        self._tell_bar(model)
        self._ask()
        gate, at = model.gate, self.clock.now()
        self.clock.soon(lambda: self.presenter.drawn(gate, at))

    def say(self, line: str) -> None:
        """A line that is no news of the table (an answer, a reminder)."""
        self.out.say(line)

    def tell(self, line: str) -> None:
        """A line of the table's news (question 6 says the last one again)."""
        self.say(line)
        self.last_line = line
        self._told_since_card += 1

    def _notice(self, notice: Notice | None) -> None:
        """What a save (or the settings) has to say, in one sentence."""
        if notice is not None:
            self.say(sentence(notice.message.replace("`", "")))
            self._ask()

    def _tell_presence(self, model: TableModel) -> None:
        presence = self.controller.presence()
        if presence != self._presence:
            for line in presence_news(self._presence, presence, model.log_names):
                self.tell(line)
            self._presence = presence

    def _tell_card(self, model: TableModel) -> None:
        """The viewer's own card, said when it changes (their own view only), and again
        as their decision comes up after other lines."""
        line = self.words.own_card_line(model.view)
        bar = model.bar
        deciding = bar != self._bar and bar.actions and bar.prompt == model.view.viewer
        said_long_ago = self._told_since_card >= CARD_AGAIN
        if line != self._card or (line and deciding and said_long_ago):
            self._card = line
            if line:
                self.tell(line)
                self._told_since_card = 0

    def _tell_cover(self, model: TableModel) -> None:
        cover = model.cover
        if cover == self._cover:
            return
        self._cover = cover
        if isinstance(cover, (PassCurtain, PrivateCard)):
            for line in cover.lines:
                self.tell(self.words.heard(line))
        elif isinstance(cover, NumberChoice):
            self._asked_at = self.clock.now()
            if cover.note:
                self.tell(cover.note)
        elif isinstance(cover, RoundEnd):
            self._tell_round_end(cover)

    def _tell_round_end(self, cover: RoundEnd) -> None:
        summary = cover.summary
        self.tell(sentence(summary.title))
        for line in summary.lines:
            self.tell(self.words.heard(line))
        if summary.standings:
            standings = [
                f"{name} {value}" + (", the winner" if mark == "winner" else "")
                for name, value, mark in summary.standings
            ]
            self.tell(sentence("Standings: " + "; ".join(standings)))

    def _tell_bar(self, model: TableModel) -> None:
        bar = model.bar
        if bar == self._bar or model.cover is not None:
            return
        self._bar = bar
        names = model.log_names
        if bar.forced and bar.prompt is not None and bar.actions:
            label = lower_first(bar.actions[0].label)
            self.tell(f"{names[bar.prompt]} has no choice: {label}.")
        elif bar.status and bar.who is not None and model.bots[bar.who] is None:
            # Another terminal's person (a computer's thinking is no news: its move is).
            self.tell(sentence(bar.status.format(who=names[bar.who]).rstrip(". ")))
        if not self._finish_told and self.presenter.can_finish():
            self._finish_told = True
            self.tell("No person is left in the game: f finishes it at once.")

    # -- the prompt ---------------------------------------------------------------------------

    def prompt_text(self) -> str | None:
        """The prompt the table waits at now (``None``: it waits for nobody here)."""
        if self.asking is not None:
            return self.asking.prompt
        model = self.model
        if model is None:
            return None
        cover, names = model.cover, model.log_names
        moves = self.moves_now()
        if isinstance(cover, PassCurtain):
            name = names[cover.seat]
            return f"Pass to {name}. {name}, press Enter when only you are listening."
        if isinstance(cover, PrivateCard):
            return f"{names[cover.seat]}, press Enter when you are done."
        if isinstance(cover, NumberChoice):
            return f"{cover.chooser}, {lower_first(cover.action.label)}: {moves}."
        if isinstance(cover, RoundEnd):
            if cover.goes_on:
                return "Enter goes on now (the next round also starts by itself)."
            if cover.summary.final:
                return f"The game is over: {moves}."
            return f"{self._whose(model.bar.prompt, names)}{moves}."
        if moves is None:
            return None
        if self.controller.over:  # a game with no round's end of its own
            return f"The game is over: {moves}."
        return f"{self._whose(model.bar.prompt, names)}{moves}."

    def moves_now(self) -> str | None:
        """The keys of what may be done now, in words (``None``: nothing, but wait)."""
        model = self.model
        if model is None:
            return None
        cover, bar = model.cover, model.bar
        if isinstance(cover, (PassCurtain, PrivateCard)):
            return "Enter"
        if isinstance(cover, NumberChoice):
            low, high = cover.arg_range
            return f"a number from {low} to {high}, or b to go back"
        if isinstance(cover, RoundEnd):
            choices = [c for c in cover.choices if c.kind != LOOK.kind]  # nothing to look at
            return moves_said(choices, True) if not cover.goes_on else "Enter goes on now"
        if bar.actions and not bar.forced:
            return moves_said(bar.actions, bar.enter_alias and not self.brief)
        return None

    def _whose(self, seat: int | None, names: Sequence[str]) -> str:
        if seat is None:
            return "Next: "
        return f"{names[seat]}: " if self.brief else f"{names[seat]}, your move. "

    def _ask(self) -> None:
        """Write the prompt when it changed, or when lines came after it."""
        text = self.prompt_text()
        if text is None:
            self._prompt = None
            return
        if text != self._prompt or not self.out.waiting:  # a line since ended its line
            self.before_prompt()
            self.out.prompt(text)
            self._prompted_at = self.clock.now()
        self._prompt = text

    # -- what is typed --------------------------------------------------------------------------

    def typed(self, line: Line | None) -> None:
        """A line typed at the table (``None``: input ended: leave, saved)."""
        if self.ending is not None:
            return
        if line is None:
            self.say("Input has ended: leaving the table.")
            self.presenter.leave()
            return
        if line.at >= self._prompted_at:
            self.out.answered()  # typed at the prompt: its Enter ended the prompt's line
        self._line(line)
        if self.ending is None:
            self._ask()

    def _line(self, line: Line) -> None:
        text = line.text
        if self.asking is not None:
            if self.asking.answer(text):
                self.asking = None
                self.presenter.shown()
            return
        cover = self.presenter.cover
        if isinstance(cover, NumberChoice) and self._number(cover, line):
            return
        asked = question(text, self.words.counters)
        if asked is not None:
            self._answer(asked)
            return
        if text.lower() == BRIEF:
            self._toggle_brief()
            return
        key = key_of(text)
        if key is None:
            self.say(f"{text} is not a move or a question here: type 8 for the keys.")
            return
        table_key = key.lower() if len(key) == 1 else key
        binding: KeyBinding = "table" if table_key in TABLE_KEYS else None
        before = (self._drawings, self._bells)
        used = self.presenter.key(key, line.at, binding)
        if self.ending is not None:
            return  # the table closed (a rematch, back to the title)
        if not used and binding is not None:
            self._table_key(table_key)
        elif not used:
            self.say(f"{key_word(key)} is not a move now: type 8 for the keys.")
        elif (self._drawings, self._bells) == before:
            self._not_taken(key, cover)

    def _not_taken(self, key: str, cover: Cover | None) -> None:
        """A key the table dropped: one sentence why."""
        if isinstance(cover, (PassCurtain, PrivateCard)):
            if key == "enter":
                self.say("Too soon: wait a moment, then press Enter.")
            else:
                self.say("Only Enter goes on from here.")
            return
        if isinstance(cover, RoundEnd):
            if match_key(cover.choices, key) is None and key not in ("enter", "space"):
                self.say(f"{key_word(key)} is not one of the choices.")
            else:
                self.say("Too soon after the question: wait a moment and type it again.")
            return
        model = self.model
        actions = model.bar.actions if model is not None else ()
        if match_key(actions, key) is not None:
            self.say("Too soon after the question: wait a moment and type it again.")

    def _number(self, cover: NumberChoice, line: Line) -> bool:
        """The cut's answer: a number in its range, or back; True if it was one."""
        text = line.text.lower()
        if text in ("b", "back", "\x1b"):
            self.presenter.answer(None)
            return True
        if not text.isdigit():
            if question(text, self.words.counters) is not None:
                return False  # a question, answered as anywhere
            low, high = cover.arg_range
            self.say(f"Type a number from {low} to {high}, or b to go back.")
            return True
        low, high = cover.arg_range
        if line.at < self._asked_at:
            self.say("That came before the question: type the number again.")
        elif low <= int(text) <= high:
            self.presenter.answer(int(text))
        else:
            self.say(f"Type a number from {low} to {high}.")
        return True

    def _table_key(self, key: str) -> None:
        if key in ("escape", "q"):
            self.leave()
        elif key == "f":
            if self.presenter.can_finish():
                self.presenter.finish()
            else:
                self.say("Nothing to finish: a person is still playing.")
        elif key == "o":
            self.presenter.toggle_odds()
            on = self.odds_on
            self.say("Odds on: type 5 to hear them." if on else "Odds off.")
        elif key == "w":
            self._door()

    def _toggle_brief(self) -> None:
        brief = not self.brief
        self._notice(self.kept.change(brief=brief))
        self.words.voice = replace(self.words.voice or Voice(), brief=brief)
        self.say("Brief words on." if brief else "Brief words off.")

    # -- questions ------------------------------------------------------------------------------

    def _answer(self, asked: Question) -> None:
        model = self.model
        if asked.name == "leave":
            self.leave()
            return
        if asked.name == "again":
            self.say(self.last_line or "Nothing has been said yet.")
            return
        if asked.name == "keys":
            for line in self.keys():
                self.say(line)
            return
        if asked.name == "rules":
            for line in self.rules():
                self.say(line)
            return
        if model is None:
            return
        view, names, words = model.view, model.log_names, self.words
        if asked.name == "pot":
            self.say(words.pot_line(view))
        elif asked.name == "standings":
            self.say(words.standings_line(view, names))
        elif asked.name == "turn":
            self.say(words.turn_line(view, names))
        elif asked.name == "card":
            own = words.own_card_line(view)
            if own is None:
                hidden = words.hides_cards()
                own = (
                    "You have no card to look at now."
                    if hidden
                    else "Nothing is hidden in this game."
                )
            self.say(own)
        elif asked.name == "odds":
            if not self.odds_on:
                self.say("The odds are off: o turns them on.")
            else:
                lines = words.odds_lines(view, names, model.odds)
                for line in lines or ["No odds to tell now (they may still be worked out)."]:
                    self.say(line)

    def keys(self) -> list[str]:
        """The keys of what may be done now, the questions and the table's own keys."""
        if self.asking is not None:
            now = self.asking.prompt
        else:
            moves = self.moves_now()
            now = f"Now: {moves}." if moves else "Now: nothing to do but wait."
        table = ["o turns the odds on or off", "brief turns brief words on or off"]
        if self.presenter.can_finish():
            table.append("f finishes the game")
        if self.controller.door():
            table.append("w chooses who sits")
        table.append("q or Escape leaves")
        return [now, questions_said(self.words.counters), "Also: " + ", ".join(table) + "."]

    def rules(self) -> list[str]:
        """The rules of the game at this table, with its variants."""
        return rules_lines(self.controller.game_id, self.controller.view(None).variants)

    # -- leaving, and who sits ------------------------------------------------------------------

    def leave(self) -> None:
        """Leave, asking first when a game is in progress and the settings say so."""
        question = self.presenter.leave_question()
        if question is None or not self.kept.settings.confirm_quit:
            self.presenter.leave()
            return

        def answer(text: str) -> bool:
            said = text.lower()
            if said in ("y", "yes"):
                self.asking = None
                self.presenter.leave()
                return False  # the table is gone: nothing to show again
            if said in ("n", "no", "", "\x1b"):
                return True
            self.say("Type y to leave or n to keep playing.")
            return False

        self.presenter.hidden()
        self.asking = Asking(f"{question} y leaves, n keeps playing.", answer)

    def _door(self) -> None:
        every = self.controller.door()
        if not every:
            self.say("Only the host of a shared table chooses who sits.")
            return
        for _note, words in (entry for entry in every if entry[0] == "note"):
            self.say(words)
        choices = [entry for entry in every if entry[0] != "note"]
        if not choices:
            self.say("Nobody is asking to join, and no seat or watcher is another account's.")
            return
        for number, (_choice, words) in enumerate(choices, 1):
            self.say(f"{number}. {words}.")

        def answer(text: str) -> bool:
            if text in ("", "\x1b", "b"):
                return True
            if text.isdigit() and 1 <= int(text) <= len(choices):
                self.controller.open_door(choices[int(text) - 1][0])
                return True
            self.say(f"Type a number from 1 to {len(choices)}, or Enter to go back.")
            return False

        self.presenter.hidden()
        self.asking = Asking(f"Who sits: 1 to {len(choices)}, or Enter to go back.", answer)

    # -- what only a front end can do (``TableFront``) ---------------------------------------------

    def wait(self, seconds: float) -> None:
        self.stop_wait()
        self._timer = self.clock.later(seconds, self._timer_fired)

    def stop_wait(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _timer_fired(self) -> None:
        self._timer = None
        if self.ending is None:
            self.presenter.timer()

    def animate_move(self, events: Sequence[Event], names: Sequence[str], pace: Pace) -> bool:
        return False  # words need no animation: the move is told at once

    def end_animation(self) -> None:
        pass

    def save(self) -> None:
        """After every move and on leaving: save, or record a finished game (on a thread
        of its own: a history locked by another session makes a write wait)."""
        session = self.session
        job = session.finish()
        if job is None:
            self._notice(session.autosave())
            return

        def record() -> None:
            notice = job()
            if notice is not None:
                self.clock.from_thread(lambda: self._notice(notice))

        thread = threading.Thread(target=record, name="party-dice-history", daemon=True)
        thread.start()
        self.history.append(thread)

    def close_table(self) -> None:
        self._end(Ending("title"))

    def rematch(self, config: GameConfig, match: Match) -> None:
        self._end(Ending("rematch", config, match))

    def _end(self, ending: Ending) -> None:
        """The table closes: ``ended`` hears how once, after the presenter's step (a
        rematch closes the table, then asks for the new one)."""
        first = self.ending is None
        self.ending = ending
        self.asking = None
        self._prompt = None
        if first:
            self.clock.soon(lambda: self.ended(self.ending or ending))

    def bell(self) -> None:
        self._bells += 1
        self.say("That move is not allowed now: the table moved on.")

    def from_thread(self, callback: Callable[[], None]) -> None:
        self.clock.from_thread(callback)

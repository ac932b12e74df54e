"""The title, Continue, Settings, Rules, Host and Join, in words: numbered choices.

What the full screen's title offers, read from the same places: the games from the
registry (``tui.games``), the saves from the session's store, the settings kept at once
on every change (``tui.kept_settings``), shared tables from ``tui.share_start``. Each
menu is one numbered list and one prompt; Enter or b goes back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui import games
from tui.engine.bots import BOT_LEVELS
from tui.narrate.words import join_names, sentence
from tui.plain.dialog import Option
from tui.plain.questions import rules_lines
from tui.plain.setup import PlainSetup, table_words
from tui.storage.settings import ANIMATION_INFO

if TYPE_CHECKING:
    from tui.games.spec import GameSpec
    from tui.plain.app import PlainApp
    from tui.storage.save_format import SaveSummary


def on_off(on: bool) -> str:
    return "on" if on else "off"


def save_words(save: SaveSummary) -> str:
    """A saved game in words: "Aces in the Pot with Ann and Ben, round 2, saved Tue 14:02"."""
    said = f"{games.title_of(save.game)} with {join_names(list(save.players))}"
    if save.round:
        said += f", round {save.round}"
    said += f", saved {save.saved_at.astimezone():%A %H:%M}"
    return said + (" (open in another session)" if save.in_use else "")


class Menus:
    """The title and what it leads to, for one ``PlainApp``."""

    def __init__(self, app: PlainApp) -> None:
        self.app = app
        self.dialog = app.dialog

    def say(self, line: str) -> None:
        self.app.say(line)

    async def title(self) -> None:
        """The title, until Quit (or input ends: ``Ended``)."""
        self.say("party-dice in plain text: type a number and press Enter.")
        while True:
            options = [
                Option(f"New game of {spec.title}: {spec.menu_line}.", ("new", spec))
                for spec in games.all_games()
            ]
            last = self.app.tables.last
            if last is not None:
                options.append(Option(f"Play again: {table_words(last)}.", ("again", last)))
            saves = self.app.sessions.store.list()
            if saves:
                count = f"{len(saves)} saved" if len(saves) > 1 else "1 saved"
                options.append(Option(f"Continue a saved game ({count}).", ("continue", None)))
            options += [
                Option(
                    "Host a shared table: each person plays from their own terminal.",
                    ("host", None),
                ),
                Option("Join a shared table.", ("join", None)),
                Option("Rules.", ("rules", None)),
                Option("Settings.", ("settings", None)),
                Option("Quit.", ("quit", None)),
            ]
            chosen = await self.dialog.choose("What now?", options, back=False)
            assert isinstance(chosen, tuple)
            what, value = chosen
            if what == "quit":
                return
            await self._do(what, value)

    async def _do(self, what: str, value: object) -> None:
        from tui.gameconfig import GameConfig
        from tui.games.spec import GameSpec

        if what == "new" and isinstance(value, GameSpec):
            config = await PlainSetup(self.dialog, value, self.app.kept, self.app.tables).ask()
            if config is not None:
                await self.app.play(config)
        elif what == "again" and isinstance(value, GameConfig):
            await self.app.play(value)
        elif what == "continue":
            await self.saved_games()
        elif what == "host":
            await self.host()
        elif what == "join":
            await self.join()
        elif what == "rules":
            await self.rules()
        elif what == "settings":
            await self.settings()

    async def saved_games(self) -> None:
        saves = self.app.sessions.store.list()
        if not saves:
            self.say("There is no saved game to continue.")
            return
        options = [Option(save_words(save) + ".", save.slot_id) for save in saves]
        chosen = await self.dialog.choose("Continue which?", options)
        if isinstance(chosen, str):
            await self.app.resume(chosen)

    async def rules(self) -> None:
        spec = await self._game("The rules of which game?")
        if spec is not None:
            for line in rules_lines(spec.id):
                self.say(line)

    async def _game(self, question: str) -> GameSpec | None:
        options = [Option(f"{spec.title}.", spec) for spec in games.all_games()]
        chosen = await self.dialog.choose(question, options)
        from tui.games.spec import GameSpec

        return chosen if isinstance(chosen, GameSpec) else None

    # -- shared tables ------------------------------------------------------------------------

    async def host(self) -> None:
        from tui.share.transport import ShareError, supported, why_not
        from tui.share_start import host_config

        if not supported():
            self.say(why_not())
            return
        spec = await self._game("Host which game?")
        if spec is None:
            return
        config = await PlainSetup(self.dialog, spec, self.app.kept, self.app.tables).ask()
        if config is None:
            return
        here = [seat.name for seat in config.seats if seat.bot is None][:1]
        try:
            shared = host_config(config, here)
        except ShareError as error:
            self.say(sentence(str(error)))
            return
        await self.app.run_shared(shared)

    async def join(self) -> None:
        import getpass
        import os

        from tui.share.client import open_tables
        from tui.share.transport import ShareError, name_uid, supported, why_not
        from tui.share_start import CODE_VARIABLE, describe, join_name

        if not supported():
            self.say(why_not())
            return
        tables = open_tables()
        if not tables:
            self.say("No shared table is open on this server.")
            return
        options = [Option(describe(name, info) + ".", name) for name, info in tables]
        name = await self.dialog.choose("Join which?", options)
        if not isinstance(name, str):
            return
        code = ""
        if name_uid(name) != os.getuid():
            try:
                code = os.environ.get(CODE_VARIABLE) or getpass.getpass(
                    "Code (not shown as you type it): "
                )
            except (EOFError, OSError):
                return
        try:
            shared = join_name(name, code, waiting=self.say)
        except ShareError as error:
            self.say(sentence(str(error)))
            return
        await self.app.run_shared(shared)

    # -- settings -------------------------------------------------------------------------------

    async def settings(self) -> None:
        """Every setting the plain table reads, each changed and kept at once."""
        kept = self.app.kept
        while True:
            s = kept.settings
            options = [
                Option(
                    f"Plain text (screen readers): {on_off(s.plain)}. On: party-dice opens"
                    " in plain text without --plain.",
                    "plain",
                ),
                Option(f"Brief words: {on_off(s.brief)}.", "brief"),
                Option(f"Pace of the computer players: {s.animation}.", "animation"),
                Option(f"Computer level: {s.bot_level}.", "bot_level"),
                Option(f"Show the odds: {on_off(s.show_odds)}.", "show_odds"),
                Option(f"Ask before leaving a game: {on_off(s.confirm_quit)}.", "confirm_quit"),
            ]
            for spec in games.all_games():
                if spec.variants:
                    titles = games.variant_titles(spec.id, s.variants_for(spec.id))
                    said = join_names(titles) if titles else "none"
                    options.append(Option(f"{spec.title} variants: {said}.", ("variants", spec)))
                for option in spec.options:
                    if option.in_settings:
                        value = s.option(spec.id, option.key) or option.default
                        label = option.labels()[value]
                        options.append(
                            Option(
                                f"{spec.short_title}, {option.label.lower()}: {label}.",
                                ("option", spec, option.key),
                            )
                        )
            chosen = await self.dialog.choose("Change which?", options)
            if chosen is None:
                return
            await self._change(chosen)

    async def _change(self, chosen: object) -> None:
        kept = self.app.kept
        s = kept.settings
        tell = self.app.tell
        if chosen in ("plain", "brief", "show_odds", "confirm_quit"):
            key = str(chosen)
            tell(kept.change(**{key: not getattr(s, key)}))
            if key == "plain":
                where = "in plain text" if kept.settings.plain else "in the full screen"
                self.say(f"From the next start, party-dice opens {where}.")
        elif chosen == "animation":
            values = list(ANIMATION_INFO)
            options = [
                Option(f"{value}: {words}", value) for value, words in ANIMATION_INFO.items()
            ]
            value = await self.dialog.choose(
                "Pace:", options, default=values.index(s.animation) + 1
            )
            if value is not None:
                tell(kept.change(animation=value))
        elif chosen == "bot_level":
            levels = list(BOT_LEVELS)
            options = [Option(f"{value}: {words}", value) for value, words in BOT_LEVELS.items()]
            value = await self.dialog.choose(
                "Level:", options, default=levels.index(s.bot_level) + 1
            )
            if value is not None:
                tell(kept.change(bot_level=value))
        elif isinstance(chosen, tuple) and chosen[0] == "variants":
            await self._variants(chosen[1])
        elif isinstance(chosen, tuple) and chosen[0] == "option":
            spec, key = chosen[1], chosen[2]
            option = next(o for o in spec.options if o.key == key)
            value = s.option(spec.id, key) or option.default
            options = [
                Option(c.label + (f": {c.line}" if c.line else ""), c.value) for c in option.choices
            ]
            picked = await self.dialog.choose(
                f"{option.label}:", options, default=option.values.index(value) + 1
            )
            if isinstance(picked, str):
                tell(kept.change(options=s.with_option(spec.id, key, picked).options))

    async def _variants(self, spec: GameSpec) -> None:
        kept = self.app.kept
        while True:
            on = kept.settings.variants_for(spec.id)
            for note in games.conflict_notes(on, spec.id):
                self.say(note)
            options = [
                Option(f"{v.title}, {on_off(v.name in on)}: {v.line}", v.name)
                for v in spec.variants
            ]
            chosen = await self.dialog.choose("Switch which?", options)
            if not isinstance(chosen, str):
                return
            variants = kept.settings.with_variants(spec.id, on ^ {chosen}).variants
            self.app.tell(kept.change(variants=variants))

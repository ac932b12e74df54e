"""What happened at a Chase table while a person waited, in a few lines.

At a table of twenty, a person's turn comes after up to nineteen computer turns, and
the log at 80x24 shows five lines: whoever looked away missed who holds a King, who
changed and which low cards were announced. ``recap`` condenses the public events
since that person's last turn into lines for the log: the rounds that ended (who lost
a life, with which card, who went out), then this round's Kings up, who changed, how
many stood and the cards announced.

Only public events are read (``private_to is None``): a card dealt, received in a swap
or taken from the stock never reaches a recap, whoever it is for. Plain strings.
"""

from __future__ import annotations

from collections.abc import Sequence

from tui.engine.core import Event
from tui.glyphs import card as card_glyph
from tui.narrate.words import join_names

MOST_NAMES = 6
"""Names listed in a line before the rest are counted ("and 7 more")."""


def _names(names: Sequence[str], seats: Sequence[int]) -> str:
    shown = [names[seat] for seat in seats[:MOST_NAMES]]
    more = len(seats) - len(shown)
    return join_names([*shown, f"{more} more"] if more else shown)


def _round_line(events: Sequence[Event], names: Sequence[str], ascii_only: bool) -> str:
    """ "Round 2: Ada lost a life with 3♣, Ken is out" from one round's end."""
    cards: dict[int, str] = {}
    parts: list[str] = []
    for event in events:
        if event.kind == "showdown":
            cards = dict(event.value)
        elif event.kind == "life_lost" and event.seat is not None:
            code = cards.get(event.seat)
            why = f" with {card_glyph(code, ascii_only)}" if code else " for finding a King"
            parts.append(f"{names[event.seat]} lost a life{why}")
        elif event.kind == "player_out" and event.seat is not None:
            parts.append(f"{names[event.seat]} is out")
        elif event.kind == "nobody_loses":
            parts.append("every card was paired, nobody lost a life")
        elif event.kind == "all_out_replay":
            parts.append("all would have gone out, so they play on")
    return ", ".join(parts)


def recap(
    events: Sequence[Event], names: Sequence[str], who: str, ascii_only: bool = False
) -> list[str]:
    """Lines telling ``who`` what the public ``events`` since their last turn did."""
    public = [event for event in events if event.private_to is None]
    lines: list[str] = []
    current: list[Event] = []
    for event in public:
        current.append(event)
        if event.kind == "next_dealer":
            line = _round_line(current, names, ascii_only)
            if line:
                lines.append(f"Earlier: {line}.")
            current = []
        elif event.kind == "dealt":
            current = [event]
    kings: dict[int, str] = {}
    changed: list[int] = []
    stood = 0
    announced: list[str] = []
    for event in current:
        if event.kind == "swap_blocked" and event.other is not None:
            kings[event.other] = event.value
        elif event.kind == "king_shown" and event.seat is not None:
            kings[event.seat] = event.value
        elif event.kind == "swap" and event.seat is not None:
            changed.append(event.seat)
        elif event.kind == "stand":
            stood += 1
        elif event.kind == "card_announced" and event.seat is not None:
            given = card_glyph(event.value, ascii_only)
            giver = names[event.other] if event.other is not None else "?"
            announced.append(f"{giver} handed {given} to {names[event.seat]}")
    if kings:
        shown = ", ".join(f"{names[s]} {card_glyph(c, ascii_only)}" for s, c in kings.items())
        lines.append(f"Kings up: {shown}.")
    moves = []
    if changed:
        moves.append(f"{_names(names, changed)} changed")
    if stood:
        moves.append(f"{stood} stood")
    if moves:
        lines.append("This round: " + ", ".join(moves) + ".")
    if announced:
        lines.append("Announced: " + "; ".join(announced) + ".")
    if not lines:
        return []
    return [f"While {who} waited:", *lines]

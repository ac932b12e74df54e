"""Raw-byte storms for the real app on a pty (issue 17): what a terminal could send.

``storm(seed)`` yields chunks of bytes: printable keys, control keys, F-keys, Ctrl
and Alt combinations, bracketed pastes (some never ended), invalid UTF-8, malformed
escape sequences (extended keys beyond U+10FFFF), emoji, bidi overrides, long runs,
and resizes (a chunk of ``None`` plus a size). The same seed gives the same storm.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tests.support.pty_driver import PtyApp

KEYS: tuple[bytes, ...] = (
    *(bytes([c]) for c in b"abcdefghijklmnopqrstuvwxyz0123456789RPSDQX?"),
    b"\r", b"\r", b" ", b"\t", b"\x1b[Z", b"\x7f", b"\x1b[3~",
    b"\x1b[A", b"\x1b[B", b"\x1b[C", b"\x1b[D", b"\x1b[H", b"\x1b[F", b"\x1b[5~", b"\x1b[6~",
    b"\x1bOP", b"\x1bOQ", b"\x1b[15~", b"\x1b[1;5A", b"\x1b[1;5B",
    b"\x10", b"\x13", b"\x0e", b"\x12", b"\x0c", b"\x1ba", b"\x1bx",
)  # fmt: skip
"""Keys the screens bind, moving and editing keys, F1/F2/F5, Ctrl and Alt keys. Not
Ctrl+Q, Ctrl+C, Ctrl+Z nor Escape alone: the storm must keep the app running (Escape
comes inside sequences and as Alt)."""

NASTY: tuple[bytes, ...] = (
    b"\xe9", b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"caf\xe9",
    b"\x1b[1114112u", b"\x1b[99999999999u", b"\x1b[97;1;1114112u", b"\x1b[97;5u",
    b"\x1b[", b"\x1b[[", b"\x1b[<0;1;1", b"\x1b[999;999R", b"\x1b]0;x\x07", b"\x1bP",
    b"\x1b[?2026;2$y", b"\x1b[48;1;1;1;1t", b"\x00", b"\x07",
    "\u202eevil\u202c".encode(), "🎲🃏👍🏽".encode(), "漢字".encode(),
)  # fmt: skip
"""Invalid UTF-8, out-of-range and malformed escape sequences, control bytes, text."""

SIZES = ((1, 1), (20, 5), (40, 12), (80, 24), (120, 40), (300, 100), (80, 24))


def paste(picker: random.Random) -> bytes:
    body = picker.choice(["[bold red]x[/]", "\u202eevil", "a" * 300, "@click=app.quit", "é\r"])
    end = b"\x1b[201~" if picker.random() < 0.8 else b""
    return b"\x1b[200~" + body.encode() + end


Chunk = tuple[bytes, tuple[int, int] | None]


def storm(seed: int, keys: int) -> Iterator[Chunk]:
    """About ``keys`` keys in bursts of 1 to 12, now and then a resize."""
    picker = random.Random(seed)
    sent = 0
    while sent < keys:
        roll = picker.random()
        if roll < 0.03:
            yield b"", picker.choice(SIZES)
            continue
        if roll < 0.06:
            burst = paste(picker)
            sent += 1
        elif roll < 0.08:
            burst = picker.choice(b"abcdefghijklmnopqrstuvwxyz ".split()) * 300
            sent += 1
        else:
            count = picker.randint(1, 12)
            parts = [picker.choice(KEYS if picker.random() < 0.85 else NASTY) for _ in range(count)]
            burst = b"".join(parts)
            sent += count
        yield burst, None


def unread_input(pid: int) -> int:
    """Bytes written to the app's terminal that it has not read yet (Linux: its stdin,
    from ``/proc``, asked with ``FIONREAD``); 0 once it has taken everything in."""
    import array
    import fcntl
    import os
    import termios

    fd = os.open(os.readlink(f"/proc/{pid}/fd/0"), os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
    try:
        count = array.array("i", [0])
        fcntl.ioctl(fd, termios.FIONREAD, count)
        return count[0]
    finally:
        os.close(fd)


def write_storm(app: PtyApp, seed: int, keys: int) -> bytes:
    """Write seed ``seed``'s storm to ``app`` as it reads (stopping if it ends), then
    give the terminal back its 80x24; returns the last 200 bytes written."""
    last = bytearray()
    for data, size in storm(seed, keys):
        if size is not None:
            app.resize(*size)
        else:
            app.send(data)
            last = (last + data)[-200:]
        app.read(0.005)
        if app.poll() is not None:
            break
    app.resize(80, 24)
    return bytes(last)

"""The socket of a shared table and the trust around it (Linux).

A table listens on a Linux abstract-namespace Unix socket, ``@party-dice.<uid>.<id>``:
no file anywhere (a socket inside a 0700 directory could not be reached by other
accounts, and /tmp is everyone's), nothing left behind when the process ends. The
name carries the host's uid and a random id, never the code: every name is listed
in /proc/net/unix for every user. Anyone on the machine can connect, so trust comes
from the kernel: ``SO_PEERCRED`` tells the table the joiner's account and tells the
joiner the table's, and a joiner checks it matches the uid in the name (nobody can
squat a table's name). Then a code of 40 bits, checked with a lock-out per account.
"""

from __future__ import annotations

import hmac
import os
import pwd
import secrets
import socket
import struct
import sys
import time
from collections import deque
from dataclasses import dataclass, field

PREFIX = "party-dice."
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""31 letters and digits that cannot be misread (no I, L, O, 0, 1)."""
CODE_LENGTH = 8
"""8 characters of 31: 39.6 bits, well above 30 bits (with the lock-out, a guesser
needs millennia)."""
WRONG_CODES = 5
LOCK_SECONDS = 60.0


class ShareError(Exception):
    """Why a shared table cannot be reached, in one sentence for the person."""


BUSY = "That table is busy: try again in a moment."


class TableBusy(ShareError):
    """The table is there but takes nobody more just now (its door is full, or its
    queue of connections): it exists, so it is listed as busy, never as gone."""

    def __init__(self, why: str = BUSY) -> None:
        super().__init__(why)


OFF_VARIABLE = "PARTY_DICE_SHARING"
"""Set to ``off`` to turn shared tables off (a server that wants none; key storms in
the tests, which must never start table processes)."""


def on_linux() -> bool:
    return sys.platform.startswith("linux")


def supported() -> bool:
    """Shared tables need Linux (abstract sockets and ``SO_PEERCRED``) and must not be
    turned off."""
    return on_linux() and os.environ.get(OFF_VARIABLE) != "off"


NOT_SUPPORTED = "Shared tables need Linux; everything else in party-dice works here."
TURNED_OFF = f"Shared tables are turned off on this server ({OFF_VARIABLE}=off)."


def why_not() -> str:
    """Why shared tables cannot be used here, in one sentence (when not ``supported``):
    another system, or turned off on Linux."""
    return TURNED_OFF if on_linux() else NOT_SUPPORTED


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def show_code(code: str) -> str:
    """``ABCD-EFGH``: easier to read aloud and type."""
    return f"{code[:4]}-{code[4:]}"


def clean_code(typed: str) -> str:
    """What a person typed, as the code: case, dashes and spaces do not matter."""
    return "".join(ch for ch in typed.upper() if ch.isalnum())


def codes_match(typed: str, code: str) -> bool:
    return hmac.compare_digest(clean_code(typed).encode(), code.encode())


def table_name(uid: int | None = None, table_id: str | None = None) -> str:
    """A new table's socket name (no leading NUL): its host's uid and a random id."""
    uid = os.getuid() if uid is None else uid
    return f"{PREFIX}{uid}.{table_id or secrets.token_hex(6)}"


def name_uid(name: str) -> int | None:
    """The host uid a table's name claims, or ``None`` if it is not a table's name."""
    parts = name.split(".")
    if len(parts) != 3 or f"{parts[0]}." != PREFIX or not parts[1].isdigit():
        return None
    return int(parts[1])


def address(name: str) -> str:
    """The abstract-namespace address of ``name``."""
    return "\0" + name


def listed_tables(proc_net_unix: str = "/proc/net/unix") -> list[str]:
    """The names of the tables listening on this machine (from /proc/net/unix)."""
    names: set[str] = set()
    try:
        with open(proc_net_unix, encoding="utf-8", errors="replace") as lines:
            for line in lines:
                path = line.split()[-1] if line.strip() else ""
                if path.startswith("@" + PREFIX) and name_uid(path[1:]) is not None:
                    names.add(path[1:])
    except OSError:
        return []
    return sorted(names)


def peer_uid(sock: socket.socket) -> int:
    """The account at the other end, from the kernel."""
    creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    _pid, uid, _gid = struct.unpack("3i", creds)
    return int(uid)


def user_name(uid: int) -> str:
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"uid {uid}"


def connect(name: str, timeout: float = 5.0) -> socket.socket:
    """A connected socket to table ``name``, once the kernel says its uid is the one
    the name claims; ``ShareError`` otherwise."""
    claimed = name_uid(name)
    if claimed is None:
        raise ShareError(f"{name!r} is not the name of a party-dice table.")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    try:
        sock.connect(address(name))
    except (BlockingIOError, TimeoutError) as error:  # its queue of connections is full
        sock.close()
        raise TableBusy() from error
    except OSError as error:
        sock.close()
        raise ShareError("That table is not open any more.") from error
    if peer_uid(sock) != claimed:
        sock.close()
        raise ShareError(
            f"That table is run by another account than {user_name(claimed)}'s: refused."
        )
    return sock


@dataclass
class LockOut:
    """Five wrong codes from one account within a minute lock it out for a minute."""

    wrong: int = WRONG_CODES
    seconds: float = LOCK_SECONDS
    _failures: dict[int, deque[float]] = field(default_factory=dict)

    def locked(self, uid: int, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        times = self._failures.get(uid)
        if not times:
            return False
        while times and now - times[0] > self.seconds:
            times.popleft()
        return len(times) >= self.wrong

    def failed(self, uid: int, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        times = self._failures.setdefault(uid, deque(maxlen=self.wrong))
        times.append(now)

"""Who holds which seat at a shared table, and who may take one: seats are given, not
grabbed.

A seat belongs to an account (a uid from the kernel, never a name a terminal gives).
The host gives seats: to their own account (``--here``), to named accounts when the
table opens (``--names Ann=ann,Ben=ben``), or to a joiner they let in at the door
(``--approve``). Any other account may take a free seat by itself, one seat each
unless the host allows more (``--seats-each``); the host's own account may take any
free seat (it runs the table and could read every card anyway). Kicking a seat frees
it, and its account may no longer take a free seat by itself: a seat it still holds
stays its own, and a seat the host gives it later is its own too.

The map is plain data (``to_dict``/``from_dict``): the table keeps it beside its save,
so ``host --resume`` brings everyone back to their own seat and no one else's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tui.share.transport import user_name

SEATS_EACH = 1
"""Seats one account may take by itself (the host may give more, or allow more)."""
MOST_SEATS_EACH = 20
KEPT_OFF = (
    "The host took a seat back from your account: only a seat they give you is yours "
    "now (they can, from W at their table)."
)


@dataclass(frozen=True)
class Claim:
    """What a hello would get: its seats (``new``: those not already its account's),
    or why not; ``host_may_give``: a refusal the host's yes at the door overrules (an
    account kept off free seats, or one asking for more than it may take)."""

    seats: tuple[int, ...] = ()
    new: tuple[int, ...] = ()
    problem: str | None = None
    host_may_give: bool = False


@dataclass
class SeatMap:
    """The people's seats (``people``, by index into ``names``) and their accounts."""

    names: tuple[str, ...]
    people: tuple[int, ...]
    host_uid: int
    seats_each: int = SEATS_EACH
    owners: dict[int, int] = field(default_factory=dict)
    """Seat -> the account it belongs to (given, or taken), for as long as the table
    lives and across ``host --resume``."""
    kept_off: set[int] = field(default_factory=set)
    """Accounts whose seat the host took back: they take no free seat by themselves."""
    here: tuple[int, ...] = ()
    """The seats of the host's own terminal (``--here``): what it takes back when it
    names none (``host --resume``), though its account may hold others."""

    def of(self, uid: int) -> list[int]:
        return sorted(seat for seat, owner in self.owners.items() if owner == uid)

    def free(self) -> list[int]:
        return [seat for seat in self.people if seat not in self.owners]

    def free_names(self) -> list[str]:
        return [self.names[seat] for seat in self.free()]

    def named(self, wanted: Sequence[str]) -> list[int] | None:
        """The people's seats called ``wanted`` (any case), or ``None`` if one is not."""
        seats = []
        for name in dict.fromkeys(name.casefold() for name in wanted):
            found = [seat for seat in self.people if self.names[seat].casefold() == name]
            if not found:
                return None
            seats.append(found[0])
        return seats

    def give(self, seats: Mapping[str, int]) -> None:
        """The host gives seats by name to accounts (``--names Ann=ann``)."""
        for name, uid in seats.items():
            found = self.named([name])
            if found:
                self.owners[found[0]] = uid

    def seat_host(self, names: Sequence[str]) -> None:
        """The seats of the host's own terminal (``--here``)."""
        self.give(dict.fromkeys(names, self.host_uid))
        self.here = tuple(self.named(names) or ())

    def claim(self, uid: int, wanted: Sequence[str]) -> Claim:
        """The seats ``uid`` gets for ``wanted`` (empty: back what it holds, else the
        first free seat), or why not."""
        mine = self.of(uid)
        if wanted:
            seats = self.named(wanted)
            if seats is None:
                free = ", ".join(self.free_names()) or "none"
                return Claim(problem=f"There is no person's seat by that name (free: {free}).")
            for seat in seats:
                owner = self.owners.get(seat)
                if owner is not None and owner != uid:
                    return Claim(problem=f"{self.names[seat]}'s seat is {user_name(owner)}'s.")
        elif uid == self.host_uid and self.here and set(self.here) <= set(mine):
            return Claim(self.here)
        elif mine:
            return Claim(tuple(mine))
        else:
            seats = self.free()[:1]
            if not seats:
                return Claim(problem="Every seat is taken: you can watch this table instead.")
        new = tuple(seat for seat in seats if seat not in mine)
        problem = None if uid == self.host_uid or not new else self._may_take(uid, mine, new)
        return Claim(tuple(sorted(seats)), new, problem, problem is not None)

    def _may_take(self, uid: int, mine: list[int], new: tuple[int, ...]) -> str | None:
        if uid in self.kept_off:
            return KEPT_OFF
        if len(mine) + len(new) > self.seats_each:
            each = "one seat" if self.seats_each == 1 else f"{self.seats_each} seats"
            held = ", ".join(self.names[seat] for seat in mine)
            return f"An account takes {each} at this table by itself" + (
                f" (yours: {held})." if held else "."
            )
        return None

    def take(self, uid: int, seats: Sequence[int]) -> None:
        for seat in seats:
            self.owners[seat] = uid

    def kick(self, seat: int) -> int | None:
        """Free ``seat`` and keep its account off free seats; the account, or ``None``
        (a free seat, or the host's own: the host's seats are not kicked)."""
        owner = self.owners.get(seat)
        if owner is None or owner == self.host_uid:
            return None
        del self.owners[seat]
        self.kept_off.add(owner)
        return owner

    def to_dict(self) -> dict[str, Any]:
        return {
            "names": list(self.names),
            "owners": {str(seat): uid for seat, uid in sorted(self.owners.items())},
            "kept_off": sorted(self.kept_off),
            "seats_each": self.seats_each,
            "here": list(self.here),
        }

    def restore(self, data: Any) -> bool:
        """Take the owners kept beside the save; False (nothing taken) unless it is
        a map of this very table (the same names, people's seats, whole uids)."""
        try:
            if list(data["names"]) != list(self.names):
                return False
            owners = {int(seat): uid for seat, uid in dict(data["owners"]).items()}
            kept_off = set(data.get("kept_off", ()))
            each = data.get("seats_each", self.seats_each)
            here = tuple(data.get("here", ()))
        except (KeyError, TypeError, ValueError):
            return False
        whole = all(type(uid) is int and uid >= 0 for uid in (*owners.values(), *kept_off))
        if not whole or not set(owners) <= set(self.people) or type(each) is not int:
            return False
        if not all(owners.get(seat) == self.host_uid for seat in here):
            return False
        self.owners = owners
        self.kept_off = kept_off
        self.here = here
        self.seats_each = max(1, min(each, MOST_SEATS_EACH))
        return True

"""Solved Aces odds, kept per user in the cache folder so a table's first odds come at once.

A chain takes up to seconds to solve (``tui.engine.aces.odds_solve``) and never changes for
the same rules, so each solved chain is one file, ``odds/aces-v<FORMAT>-<spec>.bin``:
a header line of JSON (format, the chain, the array's shape) and the values as little-endian
float64. A file of another format, the wrong shape, values that are not chances, or any
damage is simply solved again and replaced: nothing here is precious. Files are 0600 in a
0700 folder, written atomically (``tui.storage.files``), like every file of ours.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from tui.engine.aces.odds import AcesChain, ChainSpec
from tui.storage.files import Damaged, atomic_write_bytes, read_limited
from tui.storage.guard import StorageError, check_private_dir, ensure_private_dir
from tui.storage.paths import cache_dir

FORMAT = 1
"""Bumped whenever the file layout or the chain's meaning changes (old files are ignored)."""

_MAGIC = b"party-dice aces odds\n"


def odds_dir() -> Path:
    return cache_dir() / "odds"


def path_for(spec: ChainSpec) -> Path:
    return odds_dir() / f"aces-v{FORMAT}-{spec.name}.bin"


def encode(chain: AcesChain) -> bytes:
    spec = chain.spec
    header = {
        "format": FORMAT,
        "spec": [spec.players, spec.total, spec.two_dice, spec.step, spec.last_roll],
        "shape": list(chain.values.shape),
    }
    data = chain.values.astype("<f8", copy=False).tobytes()
    return _MAGIC + json.dumps(header).encode() + b"\n" + data


def decode(spec: ChainSpec, raw: bytes, smaller: AcesChain | None) -> AcesChain | None:
    """The chain in ``raw``, or ``None`` if it is not exactly ``spec``'s, sound."""
    import numpy as np

    if not raw.startswith(_MAGIC):
        return None
    head, _, body = raw[len(_MAGIC) :].partition(b"\n")
    try:
        header = json.loads(head)
    except ValueError:
        return None
    wanted = [spec.players, spec.total, spec.two_dice, spec.step, spec.last_roll]
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        return None
    shape = header.get("shape")
    if header.get("spec") != wanted or not isinstance(shape, list) or len(shape) != 2:
        return None
    if len(body) != 8 * math.prod(shape):
        return None
    values = np.frombuffer(body, dtype="<f8").reshape(shape).astype(np.float64)
    if not np.isfinite(values).all() or values.min() < -1e-9 or values.max() > 1 + 1e-9:
        return None
    try:
        return AcesChain(spec, values, smaller)
    except ValueError:
        return None


def load(spec: ChainSpec, smaller: AcesChain | None) -> AcesChain | None:
    """The cached chain for ``spec``, or ``None`` (none yet, stale or damaged, or the
    cache folder refused: a link, another account's)."""
    try:
        if not check_private_dir(odds_dir()):
            return None
        raw = read_limited(path_for(spec), 64 + 8 * spec.players * 200_000 + 4096)
    except (Damaged, StorageError):
        return None
    return None if raw is None else decode(spec, raw, smaller)


def save(chain: AcesChain) -> bool:
    """Keep ``chain`` for next time; False if the cache cannot be written (no matter)."""
    try:
        ensure_private_dir(odds_dir())
        atomic_write_bytes(path_for(chain.spec), encode(chain))
    except StorageError:
        return False
    return True


def chain(spec: ChainSpec) -> AcesChain:
    """``spec``'s solved chain: from the cache, else solved now (slow: call it off the UI
    thread) and kept. Smaller Last Roll chains come the same way."""
    from tui.engine.aces.odds_solve import solve

    smaller_spec = spec.smaller()
    smaller = chain(smaller_spec) if smaller_spec is not None else None
    found = load(spec, smaller)
    if found is None:
        found = solve(spec, smaller)
        save(found)
    return found

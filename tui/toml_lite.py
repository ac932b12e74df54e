"""Just enough TOML writing for a flat settings file (reading is ``tomllib``'s job).

The standard library reads TOML but cannot write it, and the settings are flat: strings,
booleans, integers and lists of strings. Strings are always written as basic strings
with every character TOML 1.0 forbids escaped, so any player name (quotes, backslashes,
newlines, escape sequences, markup, emoji) comes back from ``tomllib`` unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

TomlValue = str | bool | int | Sequence[str]

_SHORT_ESCAPES = {
    '"': '\\"',
    "\\": "\\\\",
    "\b": "\\b",
    "\t": "\\t",
    "\n": "\\n",
    "\f": "\\f",
    "\r": "\\r",
}


def toml_string(value: str) -> str:
    """``value`` as a TOML basic string, quotes included.

    Control characters (U+0000-U+001F, U+007F) become ``\\uXXXX``. Lone surrogates,
    which Python strings may hold but UTF-8 files may not, become U+FFFD.
    """
    parts = ['"']
    for char in value:
        code = ord(char)
        if char in _SHORT_ESCAPES:
            parts.append(_SHORT_ESCAPES[char])
        elif code < 0x20 or code == 0x7F:
            parts.append(f"\\u{code:04X}")
        elif 0xD800 <= code <= 0xDFFF:
            parts.append("\\uFFFD")
        else:
            parts.append(char)
    parts.append('"')
    return "".join(parts)


def toml_value(value: TomlValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return toml_string(value)
    return "[" + ", ".join(toml_string(item) for item in value) + "]"


def dumps_flat(values: Mapping[str, TomlValue], header: str = "") -> str:
    """A TOML document of bare ``key = value`` lines; keys must be bare-key safe."""
    lines = [f"# {line}" if line else "#" for line in header.splitlines()]
    for key, value in values.items():
        if not key or not all(c.isascii() and (c.isalnum() or c in "_-") for c in key):
            raise ValueError(f"{key!r} is not a bare TOML key")
        lines.append(f"{key} = {toml_value(value)}")
    return "\n".join(lines) + "\n"

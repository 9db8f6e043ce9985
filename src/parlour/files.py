"""What the commands read and write: JSON inputs within limits, output paths
checked before the work starts, files replaced whole or not at all.

Every input problem is an :class:`InputError` (a ``ValueError``) whose message
is one line in the user's terms, never Python's:

>>> parse_json("[" * 1000 + "]" * 1000)
Traceback (most recent call last):
...
parlour.files.InputError: the JSON is nested deeper than 32 levels
>>> parse_json('{"draw": 1e999}')
Traceback (most recent call last):
...
parlour.files.InputError: not JSON: 1e999 is not a number this program reads
>>> parse_json('{"draw": ' + "9" * 30 + "}")
Traceback (most recent call last):
...
parlour.files.InputError: not JSON: a number of 30 digits (at most 18)
"""

from __future__ import annotations

import json
import math
import os
import sys
import tempfile
from pathlib import Path
from typing import Any, TextIO

# Inputs beyond reason are refused before they are read: a game of Spades is a
# few kilobytes, and a million-move Klondike record under 20 MB.
MAX_INPUT_BYTES = 32 * 1024 * 1024
MAX_DEPTH = 32
MAX_DIGITS = 18


class InputError(ValueError):
    """An input that cannot be used; the message is one line for the user."""


def _whole(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise InputError(f"not JSON: a number of {digits} digits (at most {MAX_DIGITS})")
    return int(text)


def _real(text: str) -> float:
    value = float(text)
    if not math.isfinite(value) or len(text) > 40:
        raise InputError(f"not JSON: {text[:40]} is not a number this program reads")
    return value


def _constant(text: str) -> Any:
    raise InputError(f"not JSON: {text} is not a JSON number")


def _depth(value: Any) -> int:
    """How deeply lists and objects nest in ``value`` (a scalar is 0)."""
    deepest, level = 0, [(value, 1)]
    while level:
        item, depth = level.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(
            item, list) else None
        if children is None:
            continue
        deepest = max(deepest, depth)
        level.extend((child, depth + 1) for child in children)
    return deepest


def parse_json(text: str) -> Any:
    """JSON text as Python values, refusing what no Parlour input holds: nesting
    deeper than :data:`MAX_DEPTH`, whole numbers longer than :data:`MAX_DIGITS`
    digits, NaN and infinities."""
    try:
        value = json.loads(text, parse_int=_whole, parse_float=_real, parse_constant=_constant)
    except json.JSONDecodeError as e:
        raise InputError(f"not JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    except RecursionError:
        raise InputError(f"the JSON is nested deeper than {MAX_DEPTH} levels") from None
    if _depth(value) > MAX_DEPTH:
        raise InputError(f"the JSON is nested deeper than {MAX_DEPTH} levels")
    return value


def read_text(path: str, stdin: TextIO | None = None) -> str:
    """A file's text (``-``: standard input), refused past :data:`MAX_INPUT_BYTES`
    before it is read. On a terminal, says that it waits for standard input."""
    too_big = (f"{path}: larger than the limit of {MAX_INPUT_BYTES // 2**20} MB "
               "(see 'Limits' in docs/records.md)")
    if path == "-":
        source = stdin or sys.stdin
        if source.isatty():
            print("Reading JSON from the terminal; end it with Ctrl-D.", file=sys.stderr)
        text = source.read(MAX_INPUT_BYTES + 1)
        if len(text) > MAX_INPUT_BYTES:
            raise InputError(too_big.replace("-:", "standard input:"))
        return text
    if not path:
        raise InputError("an empty file name")
    try:
        with open(path, "rb") as f:
            if os.fstat(f.fileno()).st_size > MAX_INPUT_BYTES:
                raise InputError(too_big)
            data = f.read(MAX_INPUT_BYTES + 1)
    except IsADirectoryError:
        raise InputError(f"cannot read {path}: it is a directory") from None
    except OSError as e:
        raise InputError(f"cannot read {path}: {e.strerror}") from None
    if len(data) > MAX_INPUT_BYTES:
        raise InputError(too_big)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError(f"cannot read {path}: not UTF-8 text (byte {e.start + 1})") from None


def read_json(path: str, stdin: TextIO | None = None) -> Any:
    """:func:`read_text` then :func:`parse_json`."""
    return parse_json(read_text(path, stdin))


def output_path(name: str, option: str, suffix: str | None = None) -> Path:
    """The file an option such as ``--record`` will write, checked before any work
    is done: it must name a file, in a directory that exists and can be written.

    >>> output_path("", "--record")
    Traceback (most recent call last):
    ...
    parlour.files.InputError: --record '': name a file to write
    >>> output_path("/", "--record")
    Traceback (most recent call last):
    ...
    parlour.files.InputError: --record /: it is a directory; name a file
    """
    if not name.strip():
        raise InputError(f"{option} {name!r}: name a file to write")
    path = Path(name)
    if suffix and path.suffix.lower() != suffix:
        raise InputError(
            f"{option} {name}: it is written as {suffix[1:].upper()}; name the file {suffix}")
    if path.is_dir():
        raise InputError(f"{option} {name}: it is a directory; name a file")
    parent = path.parent
    if not parent.is_dir():
        raise InputError(f"{option} {name}: there is no directory {str(parent)!r}")
    if not os.access(parent, os.W_OK | os.X_OK) or (path.exists() and not os.access(
            path, os.W_OK)):
        raise InputError(f"{option} {name}: not allowed to write there")
    return path


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``path``, then rename it over
    ``path``: a reader (or a crash) sees the old file or the new one, never half."""
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def unknown_key(entry: dict[str, Any], allowed: tuple[str, ...], what: str) -> str | None:
    """The refusal of the first key of ``entry`` that is not ``allowed``, if any:
    every input format refuses unknown keys in these words.

    >>> unknown_key({"bids": [], "option": 1}, ("bids", "tricks"), "a hand")
    "unknown key 'option' (a hand has bids, tricks)"
    """
    for key in entry:
        if key not in allowed:
            return f"unknown key {key!r} ({what} has {', '.join(allowed)})"
    return None

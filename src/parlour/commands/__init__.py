"""One module per ``parlour`` command. Each defines ``register(subparsers)``,
which adds its parser and sets ``func`` (taking the parsed args, returning the
exit status). :mod:`parlour.cli` finds them all.

The argument types here refuse a bad number with a clear message:

>>> positive("0")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: must be at least 1, not 0
"""

from __future__ import annotations

import argparse


def positive(text: str) -> int:
    """A count of at least one."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def seconds(text: str) -> float:
    """A time above zero, in seconds."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be above 0 seconds, not {text}")
    return value

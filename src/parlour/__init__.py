"""Parlour: exact rules engines for Spades, Hearts and Klondike, with bots and a card table.

The hot modules (cards, the trick core, the games) are plain typed Python that
installing the package compiles with mypyc (``hatch_build.py``; in a checkout,
``pip install -e .`` compiles them in place); Python then imports the compiled
copies first. ``PARLOUR_PURE_PYTHON=1`` imports the sources instead (for the
doctests and for stepping through the engine in a debugger), and so does a
checkout whose compiled module is older than its source, with a warning, so a
stale build never runs silently. Where nothing was compiled (no C compiler when
the package was installed), importing warns once that the engines are slow.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec
from pathlib import Path
from types import ModuleType

__version__ = "0.1.0"

_HERE = Path(__file__).resolve().parent
# A checkout (src/parlour beside pyproject.toml) is edited, so its builds can go
# stale; an installed package's files are as the wheel made them.
_CHECKOUT = (_HERE.parent.parent / "pyproject.toml").exists() and _HERE.parent.name == "src"


class SlowEngineWarning(UserWarning):
    """The engines run as pure Python, several times slower than compiled."""


def _stale_builds() -> list[str]:
    stale = []
    for suffix in EXTENSION_SUFFIXES:
        for built in _HERE.rglob(f"*{suffix}"):
            source = built.with_name(built.name[: -len(suffix)] + ".py")
            if source.exists() and source.stat().st_mtime > built.stat().st_mtime:
                stale.append(str(source.relative_to(_HERE.parent)))
    return stale


class _SourceFirst(importlib.abc.MetaPathFinder):
    """Finds ``parlour.*`` modules as ``.py`` files, ahead of compiled copies."""

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if not name.startswith("parlour.") or not path:
            return None
        leaf = name.rpartition(".")[2]
        for entry in path:
            source = os.path.join(entry, leaf + ".py")
            if os.path.exists(source):
                return importlib.util.spec_from_file_location(name, source)
        return None


def compiled() -> bool:
    """Whether the engine runs the mypyc-compiled modules."""
    from parlour import cards

    return not str(cards.__file__).endswith(".py")


def _choose_sources() -> None:
    pure = os.environ.get("PARLOUR_PURE_PYTHON", "") not in ("", "0")
    if not pure and not any((_HERE / f"cards{suffix}").exists() for suffix in EXTENSION_SUFFIXES):
        warnings.warn(
            "parlour was installed without its compiled modules (no C compiler was found), "
            "so the engines run as pure Python, several times slower; install a C compiler "
            "(gcc or clang) and reinstall parlour for the compiled speed "
            "(PARLOUR_PURE_PYTHON=1 says you mean it and silences this)",
            SlowEngineWarning, stacklevel=2)
    elif not pure and _CHECKOUT:
        stale = _stale_builds()
        if stale:
            warnings.warn(
                f"compiled modules are older than {', '.join(stale)}; running the pure "
                "Python sources (run `make` to rebuild)", SlowEngineWarning, stacklevel=2)
            pure = True
    if pure and not any(isinstance(f, _SourceFirst) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceFirst())


_choose_sources()

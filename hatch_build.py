"""Compiles parlour's hot modules with mypyc while hatchling builds the package.

Every install goes through here: ``pip install .``, ``python -m build`` and
``pip install -e .`` (which ``make setup`` runs). The modules are those listed
as ``compiled`` under ``[tool.hatch.build.targets.wheel.hooks.custom]`` in
pyproject.toml, the one list (the Makefile reads it too).

- A wheel gets each compiled module beside its source, and mypyc's shared
  library at the top level, built in a scratch copy of ``src/`` so the checkout
  is left as it was; the wheel is then tagged for this Python and platform.
- An editable install compiles in place in ``src/`` (the install imports from
  there), as the development set-up always has.
- Where no C compiler (or no C headers for this Python) is found, the package
  stays pure Python: the build says so, and ``import parlour`` warns, since
  the engines are then several times slower. A compiler that is found but
  fails is an error, never a quiet fallback.

``MYPYC_OPT_LEVEL`` (mypyc's own setting, 3 by default) passes through: the
packaging test builds at 0, which compiles faster and runs the same code.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def missing_tools() -> str | None:
    """What this machine lacks to compile a C extension for this Python, if anything."""
    if os.name == "nt":
        return None  # setuptools finds MSVC itself; if it is missing, the build says why
    command = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    words = shlex.split(command)
    if not words or shutil.which(words[0]) is None:
        return f"no C compiler ({words[0] if words else 'CC is empty'} is not installed)"
    if not Path(sysconfig.get_paths()["include"], "Python.h").exists():
        return "no C headers for this Python (Debian: the python3-dev package)"
    return None


def compile_modules(root: Path, modules: list[str]) -> list[Path]:
    """Compile ``modules`` (paths relative to ``root``, e.g. ``parlour/cards.py``)
    in place under ``root``; return the extension files made, shared library first."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    # mypyc names its shared library after the module list, and a module no longer
    # listed must not leave a copy that imports a library which is gone.
    for old in [*root.glob(f"*__mypyc{suffix}"), *root.glob(f"parlour/**/*{suffix}")]:
        old.unlink()
    result = subprocess.run([sys.executable, "-m", "mypyc", *modules], cwd=root,
                            capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"mypyc failed on the hot modules:\n{result.stdout}{result.stderr}")
    shared = list(root.glob(f"*__mypyc{suffix}"))
    built = [root / (module[: -len(".py")] + suffix) for module in modules]
    missing = [str(path) for path in built if not path.exists()]
    if missing or len(shared) != 1:
        raise RuntimeError(f"mypyc left out {missing or 'its shared library'}")
    # setuptools copies an unchanged build with its old time, which would look
    # older than the source just edited (parlour then runs the sources, warning).
    for path in shared + built:
        path.touch()
    return shared + built


class MypycHook(BuildHookInterface):  # type: ignore[type-arg]
    """hatchling's hook: compile for wheels and editable installs, never for the sdist."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        modules: list[str] = list(self.config.get("compiled", []))
        if not modules:
            return
        missing = missing_tools()
        if missing is not None:
            self.app.display_warning(
                f"parlour: {missing}, so the hot modules are not compiled; "
                "the package works as pure Python, several times slower")
            return
        source = Path(self.root, "src")
        if version == "editable":
            compile_modules(source, modules)
            return
        self._scratch = tempfile.mkdtemp(prefix="parlour-mypyc-")
        scratch = Path(self._scratch)
        shutil.copytree(source / "parlour", scratch / "parlour",
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
        for path in compile_modules(scratch, modules):
            build_data["force_include"][str(path)] = path.relative_to(scratch).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        scratch = getattr(self, "_scratch", None)
        if scratch:
            shutil.rmtree(scratch, ignore_errors=True)

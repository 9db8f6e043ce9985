"""What a new user gets from ``pip install``: a wheel built from this checkout
(as ``python -m build`` and ``pip install .`` build it, through hatch_build.py)
installs in a fresh virtual environment, runs compiled, holds every file of the
package, and says its version; without a C compiler the wheel is pure Python
and warns once at import.

Slow (it compiles, at ``MYPYC_OPT_LEVEL=0``: the same modules, built faster),
and it needs the package index for the build's isolated environment.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest

import parlour

ROOT = Path(__file__).resolve().parent.parent
HOT = tomllib.loads((ROOT / "pyproject.toml").read_text())[
    "tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]["compiled"]

pytestmark = pytest.mark.slow


def build_wheel(out: Path, **env: str) -> Path:
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out),
                    str(ROOT)], check=True, env={**os.environ, "MYPYC_OPT_LEVEL": "0", **env},
                   timeout=600)
    (wheel,) = out.glob("parlour-*.whl")
    return wheel


def install(wheel: Path, where: Path) -> Path:
    """A fresh virtual environment with only the wheel (no dependencies: the
    engines, bots and commands need none); its ``bin`` folder."""
    venv.create(where, with_pip=True)
    bin_dir = where / "bin"
    subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "-q", "--no-deps",
                    str(wheel)], check=True, timeout=300)
    return bin_dir


def run(bin_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    # Away from the checkout, so nothing is imported from src/ by accident.
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PARLOUR_PURE_PYTHON")}
    return subprocess.run([str(bin_dir / args[0]), *args[1:]], cwd=bin_dir, env=env,
                          capture_output=True, text=True, timeout=120, check=False)


def tracked_package_files() -> list[str]:
    listed = subprocess.run(["git", "ls-files", "src/parlour"], cwd=ROOT, capture_output=True,
                            text=True, check=True).stdout.split()
    return [name.removeprefix("src/") for name in listed if (ROOT / name).exists()]


def test_the_wheel_installs_compiled_with_everything_inside(tmp_path: Path) -> None:
    wheel = build_wheel(tmp_path / "dist")
    assert not wheel.name.endswith("-none-any.whl")  # tagged for this Python and platform
    names = zipfile.ZipFile(wheel).namelist()
    # Every file git tracks in the package, pages and migrations too (the web
    # app's files are not Python, and are easily left out of a wheel).
    missing = [name for name in tracked_package_files() if name not in names]
    assert missing == []
    for module in HOT:
        stem = module.removesuffix(".py")
        assert any(n.startswith(stem + ".") and n.endswith((".so", ".pyd")) for n in names), stem

    bin_dir = install(wheel, tmp_path / "venv")
    assert run(bin_dir, "parlour", "--version").stdout.split() == ["parlour", parlour.__version__]
    check = run(bin_dir, "python", "-W", "error", "-c",
                "import parlour, parlour.cards as c; from parlour.spades import SpadesHand\n"
                "h = SpadesHand.from_seed(3)\n"
                "while not h.is_terminal(): h.apply(h.legal_actions()[0])\n"
                "print(parlour.compiled(), c.__file__, sum(h.score().points) != 0)")
    assert check.returncode == 0, check.stderr
    compiled, cards_file, played = check.stdout.split()
    assert compiled == "True" and played == "True"
    assert Path(cards_file).is_relative_to(tmp_path / "venv")


def test_without_a_c_compiler_the_wheel_is_pure_python_and_says_so(tmp_path: Path) -> None:
    wheel = build_wheel(tmp_path / "dist", CC=str(tmp_path / "no-such-compiler"))
    assert wheel.name.endswith("-py3-none-any.whl")
    bin_dir = install(wheel, tmp_path / "venv")
    check = run(bin_dir, "python", "-c", "import parlour; print(parlour.compiled())")
    assert check.returncode == 0 and check.stdout.split() == ["False"]
    warnings = [line for line in check.stderr.splitlines() if "Warning" in line]
    assert len(warnings) == 1 and "no C compiler was found" in warnings[0]
    assert run(bin_dir, "parlour", "--version").returncode == 0

"""``parlour serve`` refuses what it cannot use with one line and exit 2, before serving."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest


def serve(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "parlour.cli", "serve", "--no-browser", *args],
                          capture_output=True, text=True, timeout=60)


def test_a_taken_port_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = serve("--port", str(port), "--db", str(tmp_path / "p.db"))
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"parlour serve: cannot listen on 127.0.0.1:{port}: Address already in use"]


@pytest.mark.parametrize(("db", "says"), [
    ("{tmp}/missing/p.db", "the folder"),
    ("{tmp}/garbage.db", "file is not a database"),
    ("nosuchdriver://x", "cannot use the database"),
])
def test_a_database_it_cannot_use_is_one_line(tmp_path: Path, db: str, says: str) -> None:
    (tmp_path / "garbage.db").write_text("not a database at all")
    done = serve("--port", "1", "--db", db.format(tmp=tmp_path))
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and says in lines[0] and "Traceback" not in done.stderr
    assert (tmp_path / "garbage.db").read_text() == "not a database at all"


@pytest.mark.parametrize("flag", [["--port", "0"], ["--port", "http"], ["--bot-delay", "-1"],
                                  ["--workers", "many"]])
def test_bad_flags_are_refused(flag: list[str]) -> None:
    done = serve(*flag)
    assert done.returncode == 2 and "Traceback" not in done.stderr

"""``parlour serve`` refuses what it cannot use with one line and exit 2, before serving."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

from services import children_of


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
                                  ["--workers", "many"], ["--ping", "0"], ["--ping", "often"]])
def test_bad_flags_are_refused(flag: list[str]) -> None:
    done = serve(*flag)
    assert done.returncode == 2 and "Traceback" not in done.stderr


def alive(pid: int) -> bool:
    """Running, not a zombie waiting to be reaped."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the process table in /proc")
def test_the_bots_workers_go_when_the_server_is_killed(tmp_path: Path) -> None:
    import json
    import os
    import signal
    import time
    import urllib.request

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "parlour.cli", "serve", "--no-browser", "--port", str(port),
         "--bot-delay", "0", "--db", str(tmp_path / "p.db")],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        url = f"http://127.0.0.1:{port}"
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        for _ in range(100):
            try:
                opener.open(url + "/api/me", timeout=1).read()
                break
            except OSError:
                time.sleep(0.1)
        ask = urllib.request.Request(url + "/api/tables", method="POST",
                                     data=json.dumps({"game": "klondike", "seed": 3,
                                                      "winnable_only": True}).encode())
        opener.open(ask, timeout=60).read()  # the solver's proof runs in a worker
        workers = children_of(server.pid)
        assert workers, "the server started no worker"
        server.send_signal(signal.SIGKILL)
        server.wait()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(alive(w) for w in workers):
            time.sleep(0.2)
        left = [w for w in workers if alive(w)]
        for w in left:
            os.kill(w, signal.SIGKILL)
        assert not left, f"workers {left} outlived their server"
    finally:
        if server.poll() is None:
            server.kill()

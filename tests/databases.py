"""The databases the storage and server tests run against: an SQLite file, and
a throwaway PostgreSQL cluster of the tests' own (initdb in a temporary folder,
started on a loopback port as an unprivileged user when the tests run as root,
stopped at the end). Where no PostgreSQL server is installed the PostgreSQL
runs are skipped, with the reason said."""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from services import free_port

BACKENDS = ("sqlite", "postgresql")


def pg_bin() -> Path | None:
    for root in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (root / "initdb").exists() and (root / "pg_ctl").exists():
            return root
    found = shutil.which("initdb")
    return Path(found).parent if found else None


class Cluster:
    """A PostgreSQL cluster for one test session: ``url(name)`` is a fresh database."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.folder = Path(tempfile.mkdtemp(prefix="parlour-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self.user = "parlour"
        # PostgreSQL refuses to run as root: the cluster belongs to nobody then.
        self.run_as = ["runuser", "-u", "nobody", "--"] if os.geteuid() == 0 else []
        if self.run_as:
            os.chmod(self.folder, 0o777)
        self._run("initdb", "-D", str(self.data), "-U", self.user, "-A", "trust",
                  "-E", "UTF8", "--no-sync")
        self._options = (f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
                         "-c fsync=off -c max_connections=200")
        self.resume()

    def _run(self, tool: str, *args: str) -> None:
        done = subprocess.run([*self.run_as, str(self.bin / tool), *args],
                              capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{tool} failed: {done.stderr or done.stdout}")

    def url(self) -> str:
        """A new, empty database in the cluster."""
        import psycopg

        name = f"t_{secrets.token_hex(6)}"
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user={self.user} "
                             "dbname=postgres", autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql+psycopg://{self.user}@127.0.0.1:{self.port}/{name}"

    def pause(self) -> None:
        """Stop the server, keeping its data (a database that goes away for a while)."""
        self._run("pg_ctl", "-D", str(self.data), "-w", "-m", "fast", "stop")

    def resume(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-w", "-l", str(self.folder / "log"),
                  "-o", self._options, "start")

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)


_cluster: Cluster | None = None
_why_not: str | None = None


def cluster() -> Cluster:
    """The session's cluster, started on first use; the test is skipped (with
    the reason) where PostgreSQL cannot run here."""
    global _cluster, _why_not
    if _cluster is None and _why_not is None:
        bin_dir = pg_bin()
        if bin_dir is None:
            _why_not = "no PostgreSQL server is installed (Debian's postgresql package)"
        else:
            try:
                _cluster = Cluster(bin_dir)
            except (RuntimeError, OSError, subprocess.TimeoutExpired) as e:
                _why_not = f"PostgreSQL could not be started: {e}"
    if _cluster is None:
        pytest.skip(_why_not or "no PostgreSQL")
    return _cluster


def stop_cluster() -> None:
    global _cluster
    if _cluster is not None:
        _cluster.stop()
        _cluster = None


def database_url(backend: str, tmp_path: Path) -> str:
    if backend == "sqlite":
        return f"sqlite:///{tmp_path / 'parlour.db'}"
    return cluster().url()


@pytest.fixture(params=BACKENDS)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database of each kind the store runs on."""
    yield database_url(str(request.param), tmp_path)

"""The servers the tests start for themselves, each on a free loopback port and
stopped at the end: `parlour serve` itself, Redis (Debian's redis-server) and
nginx (Debian's) in front of several `parlour serve` processes. Each waits for
the state it needs (a port answering, a reply), never for a time."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
START_TIMEOUT = 30.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def children_of(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (/proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _answers(port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
        return True
    return False


def _wait_for(port: int, process: subprocess.Popen[bytes], what: str, log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"{what} exited with {process.returncode}:\n"
                        f"{log.read_text(errors='replace')}")
        if _answers(port):
            return
        time.sleep(0.05)
    process.kill()
    pytest.fail(f"{what} did not answer on port {port} within {START_TIMEOUT:.0f} s")


def _end(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM, and SIGKILL if that is not enough."""
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


class Server:
    """A `parlour serve` subprocess; `stop()` and `start()` keep port and database."""

    def __init__(self, workdir: Path, db: str | None = None, redis: str | None = None,
                 bot_delay: float = 0.0, name: str = "server") -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.db = db or f"sqlite:///{workdir}/parlour.db"
        self.redis = redis
        self.bot_delay = bot_delay
        self.log = workdir / f"{name}.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [
            sys.executable, "-m", "parlour.cli", "serve",
            "--host", "127.0.0.1", "--port", str(self.port),
            "--db", self.db, "--no-browser", "--bot-delay", str(self.bot_delay),
            "--workers", "1",
            # A network gone silent is noticed in 10-20 s, well inside the tests' waits
            # (at the default 20 s it took up to 40 s, and a 45-s wait once fell short).
            "--ping", "10",
        ]
        if self.redis:
            command += ["--redis", self.redis]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, cwd=REPO, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                code = self.process.returncode
                pytest.fail(f"parlour serve exited with {code}:\n{self.output()}")
            try:
                with urllib.request.urlopen(f"{self.url}/api/me", timeout=1):
                    return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.05)
        self.stop()
        pytest.fail(f"parlour serve did not answer within {START_TIMEOUT:.0f} s:\n{self.output()}")

    def stop(self) -> None:
        if self.process is not None:
            _end(self.process)
        self.process = None

    def kill(self) -> None:
        """SIGKILL: no goodbye to anyone."""
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()
            self.process = None

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def output(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""


def _need(program: str, package: str) -> str:
    found = shutil.which(program) or next(
        (p for p in (f"/usr/sbin/{program}", f"/usr/bin/{program}") if os.path.exists(p)), None)
    if found is None:
        pytest.skip(f"{program} is not installed (Debian's {package} package)")
    return found


class Redis:
    """A redis-server of the test's own: nothing saved, loopback only."""

    def __init__(self) -> None:
        self.binary = _need("redis-server", "redis-server")
        self.folder = Path(tempfile.mkdtemp(prefix="parlour-redis-"))
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.log = self.folder / "redis.log"
        self.process: subprocess.Popen[bytes] | None = None
        self.start()

    def start(self) -> None:
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [self.binary, "--port", str(self.port), "--bind", "127.0.0.1",
                 "--save", "", "--appendonly", "no", "--dir", str(self.folder)],
                stdout=log, stderr=subprocess.STDOUT)
        _wait_for(self.port, self.process, "redis-server", self.log)

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


# nginx's own settings for a test (its files in a folder of its own, in the
# foreground) around docs/deploy.md's configuration, deploy/nginx.conf.
NGINX_MAIN = """\
worker_processes 1;
worker_rlimit_nofile 20000;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
daemon off;
events {{ worker_connections 8192; }}  # two a WebSocket: the client's, the process's
http {{
    access_log off;
    client_body_temp_path {prefix}/body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
    add_header X-Parlour-Upstream $upstream_addr always;  # which process answered
    include {prefix}/parlour.conf;
}}
"""
DEPLOYED = REPO / "deploy" / "nginx.conf"


class Nginx:
    """Debian's nginx in front of the given ports, with deploy/nginx.conf: TLS
    with a certificate made for 127.0.0.1 (``cafile`` trusts it; ``tls`` False:
    plain HTTP on the same port), round robin."""

    def __init__(self, upstreams: list[int], tls: bool = True) -> None:
        self.binary = _need("nginx", "nginx")
        openssl = _need("openssl", "openssl")
        self.folder = Path(tempfile.mkdtemp(prefix="parlour-nginx-"))
        os.chmod(self.folder, 0o755)
        self.port, plain = free_port(), free_port()
        self.url = f"{'https' if tls else 'http'}://127.0.0.1:{self.port}"
        self.cafile = self.folder / "cert.pem"
        key = self.folder / "key.pem"
        subprocess.run([openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                        "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                        "-keyout", str(key), "-out", str(self.cafile)],
                       check=True, capture_output=True, timeout=60)
        conf = DEPLOYED.read_text()
        servers = "".join(f"    server 127.0.0.1:{p} max_fails=0;\n" for p in upstreams)
        for old, new in (
                ("    server 127.0.0.1:8001 max_fails=0;\n    server 127.0.0.1:8002 max_fails=0;\n",
                 servers),
                ("listen 80;", f"listen 127.0.0.1:{plain};"),
                ("listen 443 ssl;", f"listen 127.0.0.1:{self.port}{' ssl' if tls else ''};"),
                ("/etc/letsencrypt/live/cards.example.org/fullchain.pem", str(self.cafile)),
                ("/etc/letsencrypt/live/cards.example.org/privkey.pem", str(key))):
            assert old in conf, f"deploy/nginx.conf no longer has {old!r}"
            conf = conf.replace(old, new)
        (self.folder / "parlour.conf").write_text(conf)
        main = self.folder / "nginx.conf"
        main.write_text(NGINX_MAIN.format(prefix=self.folder))
        self.log = self.folder / "error.log"
        self.process = subprocess.Popen([self.binary, "-p", str(self.folder), "-c", str(main)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        _wait_for(self.port, self.process, "nginx", self.log)

    def tls(self) -> ssl.SSLContext:
        """A client's TLS settings that trust this nginx's certificate."""
        return ssl.create_default_context(cafile=str(self.cafile))

    def close(self) -> None:
        _end(self.process)
        shutil.rmtree(self.folder, ignore_errors=True)

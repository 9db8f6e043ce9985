"""Starting the web app: where its database lives by default, and uvicorn."""

from __future__ import annotations

import os
import socket
import sys
import webbrowser

import uvicorn

from parlour.server.app import Settings, create_app
from parlour.server.store import Store, StoreError, database_url, default_db


def listen(host: str, port: int) -> socket.socket:
    """The server's socket, bound now so a taken port is one clear error (OSError)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named, so asyncio turns Nagle off on every connection (with a
    # protocol of 0 it does not, and each view waits for the last one's ACK).
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    return sock


def can_show_a_browser() -> bool:
    """Whether a graphical browser can open here: on a bare server Python would
    start a text browser inside this terminal instead."""
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def check_redis(url: str) -> None:
    """Fail now, with the reason, if Redis does not answer (StoreError)."""
    import redis

    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3)
        client.ping()
        client.close()
    except (redis.RedisError, OSError, ValueError) as e:
        raise StoreError(f"Redis at {url} does not answer: {e}") from None


def serve(host: str, port: int, db: str | None, open_browser: bool, bot_delay: float,
          processes: int, redis_url: str | None = None, ping: float = 20.0) -> None:
    """Check the database, Redis and the address, then serve until interrupted."""
    # The store's thread hands the GIL back and forth with the event loop on
    # every statement: a shorter switch interval than Python's 5 ms keeps a
    # write from waiting on a busy loop at each step.
    sys.setswitchinterval(0.001)
    url = database_url(db) if db else default_db()
    Store(url).migrate()  # fails here, with its reason, rather than inside the server
    if redis_url:
        check_redis(redis_url)
    sock = listen(host, port)
    app = create_app(Settings(url, bot_delay, processes, redis_url))
    shown = f"[{host}]" if ":" in host else host
    address = f"http://{shown}:{port}/"
    config = uvicorn.Config(app, host=host, port=port, log_level="warning",
                            ws_max_size=64 * 1024, ws_ping_interval=ping, ws_ping_timeout=ping,
                            # A view is a kilobyte or two: compressing it saves little
                            # and costs each connection about 48 KB (benchmarks/web_tables.py).
                            ws_per_message_deflate=False)
    server = uvicorn.Server(config)

    def started() -> None:
        print(f"Parlour is at {address}  (database: {url}; Ctrl-C stops it)", flush=True)
        if open_browser and can_show_a_browser():
            webbrowser.open(address)

    original = server.startup

    async def startup(sockets=None):  # type: ignore[no-untyped-def]
        await original(sockets)
        if server.started:
            started()

    server.startup = startup  # type: ignore[method-assign]
    server.run(sockets=[sock])

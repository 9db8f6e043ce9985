"""``parlour serve``: the card table in the browser (the web app)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import Any


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "serve",
        help="start the web app: play in the browser",
        description="Start the card table in the browser: Spades, Hearts and Klondike "
        "against bots or with friends at one table by invite link or code. One process "
        "on an embedded SQLite file by default; several behind nginx on PostgreSQL and "
        "Redis with --db and --redis (docs/deploy.md).",
    )
    parser.add_argument("--host", default="127.0.0.1",
                        help="the address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=_port, default=8000, help="the port (default 8000)")
    parser.add_argument("--db", metavar="URL",
                        default=os.environ.get("PARLOUR_DB") or None,
                        help="a database URL or an SQLite file (default: parlour.db in the "
                        "user data directory; or the environment variable PARLOUR_DB)")
    parser.add_argument("--redis", metavar="URL", type=_redis,
                        default=os.environ.get("PARLOUR_REDIS") or None,
                        help="a Redis URL (redis://host:port/0): several server processes "
                        "on one PostgreSQL share their tables through it (default: none, "
                        "one process; or the environment variable PARLOUR_REDIS)")
    parser.add_argument("--no-browser", action="store_true",
                        help="do not open a browser")
    parser.add_argument("--bot-delay", type=_seconds("a delay", 0, 10), default=0.7,
                        metavar="SECONDS",
                        help="how long a bot waits before it plays (default 0.7; 0: at once)")
    parser.add_argument("--ping", type=_seconds("a ping", 1, 120), default=20, metavar="SECONDS",
                        help="how often each connection is pinged, and how long its answer "
                        "is awaited: a person whose network went silent is shown away after "
                        "about twice this (default 20)")
    parser.add_argument("--workers", type=_workers, default=0,
                        help="processes for the bots' thinking (default: one per core, up to 2)")
    parser.set_defaults(func=run)


def _port(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 1 to 65535, not {text!r}")
    return int(text)


def _seconds(what: str, low: float, high: float) -> Callable[[str], float]:
    """An argument type: seconds from ``low`` to ``high``, else a clear error."""
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = -1.0
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what} is {low:g} to {high:g} seconds, "
                                             f"not {text!r}")
        return value
    return parse


def _redis(text: str) -> str:
    if not text.startswith(("redis://", "rediss://", "unix://")):
        raise argparse.ArgumentTypeError(f"a Redis URL starts redis://, rediss:// or unix://, "
                                         f"not {text!r}")
    return text


def _workers(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 64:
        raise argparse.ArgumentTypeError(f"workers is a number from 0 to 64, not {text!r}")
    return int(text)


def run(args: argparse.Namespace) -> int:
    from parlour.server.serve import serve
    from parlour.server.store import StoreError

    try:
        serve(args.host, args.port, args.db, not args.no_browser, args.bot_delay, args.workers,
              args.redis, args.ping)
    except StoreError as e:
        print(f"parlour serve: {e}", file=sys.stderr)
        return 2
    except OSError as e:  # the port is taken, the address is not this machine's
        print(f"parlour serve: cannot listen on {args.host}:{args.port}: {e.strerror}",
              file=sys.stderr)
        return 2
    return 0

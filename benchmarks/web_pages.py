"""Page weight of each page of the web app: everything it loads (HTML, CSS, JS
modules, images), uncompressed, against the 250 KB target.

Loads each page in headless Chromium from a real ``parlour serve`` and adds
up every response's body, so an import added to any module counts.

    python benchmarks/web_pages.py
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import urllib.request
from pathlib import Path

from common import start_server, stop_server

TARGET_KB = 250.0
PAGES = ["/", "/spades", "/hearts", "/klondike", "/rules/spades", "/stats"]
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def weigh(url: str, paths: list[str]) -> list[tuple[str, int, int]]:
    from playwright.sync_api import sync_playwright

    rows = []
    with sync_playwright() as pw, tempfile.TemporaryDirectory() as profile:
        context = pw.chromium.launch_persistent_context(
            profile, executable_path=shutil.which("chromium") or "/usr/bin/chromium",
            headless=True, args=FLAGS)
        for path in paths:
            page = context.new_page()
            sizes: dict[str, int] = {}

            def count(response: object, sizes: dict[str, int] = sizes) -> None:
                try:
                    body = response.body()  # type: ignore[attr-defined]
                except Exception:
                    return
                sizes[response.url] = len(body)  # type: ignore[attr-defined]

            page.on("response", count)
            page.goto(url + path, wait_until="networkidle")
            rows.append((path, len(sizes), sum(sizes.values())))
            page.close()
        context.close()
    return rows


def table_url(url: str, game: str) -> str:
    """A table of ``game`` for a fresh player, so the page shows the table itself."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
    opener.open(url + "/api/me").read()
    request = urllib.request.Request(url + "/api/tables", method="POST",
                                     data=json.dumps({"game": game}).encode())
    answer = json.loads(opener.open(request).read())
    return str(answer["url"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server, url = start_server(Path(tmp) / "pages.db", bot_delay=10)
        try:
            tables = [table_url(url, g) for g in ("spades", "hearts", "klondike")]
            rows = weigh(url, PAGES + tables)
        finally:
            stop_server(server)
    print(f"Page weight, uncompressed, everything loaded (target {TARGET_KB:.0f} KB a page); "
          f"Python {sys.version.split()[0]}, {os.cpu_count()} cores")
    print(f"{'page':<28} {'files':>5} {'KB':>8} {'of target':>10}")
    worst = 0.0
    for path, files, size in rows:
        kb = size / 1024
        worst = max(worst, kb)
        name = path if path.count("/") < 2 or path.startswith("/rules") else \
            path.rsplit("/", 1)[0] + "/<table>"
        print(f"{name:<28} {files:>5} {kb:>8.1f} {kb / TARGET_KB:>9.0%}")
    print(f"heaviest page: {worst:.1f} KB, {TARGET_KB / worst:.1f}x under the target")
    return 0 if worst <= TARGET_KB else 1


if __name__ == "__main__":
    sys.exit(main())

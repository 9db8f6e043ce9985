"""A terminal progress bar for long runs (solver batches, arena matches, benchmarks)."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """Draws ``label [#####.....] 412/1000  12.3/s  eta 48s`` on one line of stderr.

    Redraws at most ten times a second, so it costs nothing in a tight loop.
    """

    def __init__(self, total: int, label: str = "", stream: TextIO | None = None,
                 enabled: bool = True) -> None:
        self.total = max(total, 1)
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = enabled
        self.done = 0
        self.start = time.monotonic()
        self._drawn = 0.0
        self.note = ""
        # On a terminal the bar redraws in place; in a log, a line every tenth.
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self._logged_tenths = 0

    def update(self, n: int = 1, note: str = "") -> None:
        self.done += n
        if note:
            self.note = note
        now = time.monotonic()
        if not self.enabled:
            return
        if self.tty:
            if now - self._drawn >= 0.1 or self.done >= self.total:
                self._drawn = now
                self._draw(now)
        elif 10 * self.done // self.total > self._logged_tenths:
            self._logged_tenths = 10 * self.done // self.total
            self._draw(now)

    def _draw(self, now: float) -> None:
        width = 30
        filled = min(width, width * self.done // self.total)
        elapsed = max(now - self.start, 1e-9)
        rate = self.done / elapsed
        eta = (self.total - self.done) / rate if rate > 0 else 0.0
        bar = "#" * filled + "." * (width - filled)
        line = (f"{self.label} [{bar}] {self.done}/{self.total}  {rate:.1f}/s"
                f"  eta {eta:.0f}s  {self.note}")
        if self.tty:
            self.stream.write("\r" + line[:160].ljust(80))
        else:
            self.stream.write(line[:160] + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled and self.tty:
            self._draw(time.monotonic())
            self.stream.write("\n")
            self.stream.flush()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

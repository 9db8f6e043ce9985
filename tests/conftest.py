"""Fixtures for every test module: ``db``, a fresh database of each kind the
store runs on (SQLite, and PostgreSQL where it can run here)."""

from __future__ import annotations

import pytest

from databases import db, stop_cluster

__all__ = ["db"]


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    stop_cluster()  # the throwaway PostgreSQL cluster, if one was started

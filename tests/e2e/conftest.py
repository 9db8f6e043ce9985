"""Shared fixtures for the browser tests: a real `parlour serve` and Chromium.

The server runs as a subprocess on a free port with its own SQLite file (one
per test module; every test gets a fresh browser profile, hence a new player).
Pages are watched: a request to anywhere but 127.0.0.1 is blocked and fails the
test; console errors and uncaught exceptions are collected for `assert_clean`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from services import Server

REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = REPO / "build" / "screenshots"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}


@pytest.fixture(scope="module")
def _module_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = Server(tmp_path_factory.mktemp("server"))
    server.start()
    yield server
    server.stop()


@pytest.fixture
def server(_module_server: Server) -> Iterator[Server]:
    """The module's server, running again after any test that stopped it."""
    if not _module_server.running:
        _module_server.start()
    yield _module_server
    if not _module_server.running:
        _module_server.start()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One Chromium for the session (its own fresh profile); a new context per test."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium); "
            "the browser tests drive it"
        )
    with sync_playwright() as driver:
        chromium = driver.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_FLAGS
        )
        yield chromium
        chromium.close()


@dataclass
class PageWatch:
    """What went wrong on a page that a player (or a privacy audit) would notice."""

    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    foreign_requests: list[str] = field(default_factory=list)

    def problems(self) -> list[str]:
        return (
            [f"console: {text}" for text in self.console_errors]
            + [f"exception: {text}" for text in self.page_errors]
            + [f"request off 127.0.0.1: {url}" for url in self.foreign_requests]
        )


_WATCHES: dict[int, PageWatch] = {}


def _watch(context: BrowserContext, page: Page) -> PageWatch:
    watch = PageWatch()

    def keep_local(route, request) -> None:  # type: ignore[no-untyped-def]
        parts = urlsplit(request.url)
        if parts.scheme in ("data", "blob") or parts.hostname == "127.0.0.1":
            route.continue_()
        else:
            watch.foreign_requests.append(request.url)
            route.abort()

    context.route("**/*", keep_local)
    def on_console(message) -> None:  # type: ignore[no-untyped-def]
        if message.type == "error":
            watch.console_errors.append(message.text)

    page.on("console", on_console)
    page.on("pageerror", lambda error: watch.page_errors.append(str(error)))
    _WATCHES[id(page)] = watch
    return watch


# A card you are forced to play plays itself after a beat; tests click their
# own cards, so outside the last trick it waits for them (a test that wants it
# sets "on").
FORCED_OFF = ("if (localStorage.getItem('parlour.forced') === null)"
              " localStorage.setItem('parlour.forced', 'off');")


def _open_page(browser: Browser, **device: object) -> Iterator[Page]:
    # A context is a fresh profile (cookies, storage), so each test is a new
    # player; it costs a fraction of a second where a new browser costs seconds.
    context = browser.new_context(**device)  # type: ignore[arg-type]
    context.set_default_timeout(10_000)
    context.add_init_script(FORCED_OFF)
    page = context.new_page()
    watch = _watch(context, page)
    try:
        yield page
    finally:
        _WATCHES.pop(id(page), None)
        context.close()
    # Blocked requests and uncaught exceptions fail any test; console
    # errors are checked where the test says so (a refused request logs one).
    assert not watch.foreign_requests, f"requests left 127.0.0.1: {watch.foreign_requests}"
    assert not watch.page_errors, f"uncaught exceptions: {watch.page_errors}"


@pytest.fixture
def browser_page(browser: Browser) -> Iterator[Page]:
    """A fresh browser context (so a new player) at desktop size."""
    yield from _open_page(browser, viewport=DESKTOP)


@pytest.fixture
def phone_page(browser: Browser) -> Iterator[Page]:
    """A fresh browser context the size of a small phone, with touch."""
    yield from _open_page(browser, viewport=PHONE, is_mobile=True, has_touch=True)


@pytest.fixture
def page_watch() -> Callable[[Page], PageWatch]:
    """`page_watch(page)`: the console errors, exceptions and blocked requests seen on it."""
    return lambda page: _WATCHES[id(page)]


@pytest.fixture
def assert_clean() -> Callable[[Page], None]:
    """`assert_clean(page)`: no console error, exception or request off 127.0.0.1."""

    def check(page: Page) -> None:
        problems = _WATCHES[id(page)].problems()
        assert not problems, "\n".join(problems)

    return check


_AXE = Axe()


@pytest.fixture
def check_accessibility() -> Callable[..., None]:
    """`check_accessibility(page, name="")`: axe-core finds nothing serious or critical."""

    def check(page: Page, name: str = "") -> None:
        results = _AXE.run(page)
        violations = results.response["violations"]
        bad = [v for v in violations if v.get("impact") in ("serious", "critical")]
        lines = [
            f"{v['impact']}: {v['id']}: {v['help']} ({len(v['nodes'])}x), "
            f"e.g. {v['nodes'][0]['html'][:160]}"
            for v in bad
        ]
        assert not bad, f"accessibility problems on {name or page.url}:\n" + "\n".join(lines)

    return check


@pytest.fixture
def screenshot() -> Callable[[Page, str], Path]:
    """`screenshot(page, name)`: the whole page as build/screenshots/<name>.png."""

    def take(page: Page, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take

"""Where OpenSpiel (a test-only package) is not installed, asking for its
``ismcts`` level says so in one line, not with a traceback."""

import os
import subprocess
import sys

import pytest

WITHOUT_OPENSPIEL = (
    "import sys; sys.modules['pyspiel'] = None; "  # makes `import pyspiel` fail
    "from parlour.cli import main; sys.exit(main(sys.argv[1:]))")

MESSAGE = "the ismcts level needs OpenSpiel: pip install open-spiel"


@pytest.mark.parametrize("argv", [
    ["play", "hearts", "--level", "ismcts", "--seed", "3"],
    ["arena", "hearts", "--a", "ismcts", "--b", "normal", "--hands", "1"],
])
def test_the_ismcts_level_without_openspiel_names_what_is_missing(argv):
    run = subprocess.run([sys.executable, "-c", WITHOUT_OPENSPIEL, *argv],
                         capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120,
                         env={**os.environ, "PYTHONWARNINGS": "ignore"})  # a stale build says so
    assert run.returncode == 2
    assert "Traceback" not in run.stderr
    assert run.stderr.strip().splitlines() == [f"parlour {argv[0]}: {MESSAGE}"]


def test_make_bot_raises_a_clear_error_without_openspiel(monkeypatch):
    from parlour.bots.base import BotUnavailable, make_bot

    monkeypatch.setitem(sys.modules, "pyspiel", None)
    with pytest.raises(BotUnavailable, match="pip install open-spiel"):
        make_bot("hearts", "ismcts", seed=1)

# The README's two commands: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The hot modules, compiled in place with mypyc (Python imports the .so first).
FAST := parlour/cards.py parlour/games/trick.py parlour/games/trick_game.py \
        parlour/games/spades_scoring.py \
        parlour/games/spades.py parlour/games/hearts_scoring.py \
        parlour/games/hearts_actions.py parlour/games/hearts.py
FAST += parlour/solvers/double_dummy.py parlour/bots/spades_play.py parlour/bots/spades_expert.py
FAST += parlour/bots/hearts_rules.py parlour/bots/hearts_expert.py
FAST += parlour/solvers/klondike_position.py parlour/solvers/klondike.py
COMPILED := $(VENV)/.compiled
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test lint doctest setup compile bench clean browser

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test]'
	touch $(STAMP)

# The shared library's name depends on the module list: old ones are dropped.
$(COMPILED): $(STAMP) $(addprefix src/,$(FAST)) Makefile
	find src -maxdepth 1 -name '*__mypyc.*.so' -delete
	cd src && ../$(BIN)/mypyc $(FAST) > ../$(VENV)/mypyc.log 2>&1 \
		|| { cat ../$(VENV)/mypyc.log; exit 1; }
	find src -name "*.so" -exec touch {} +
	touch $(COMPILED)

setup: $(STAMP) $(COMPILED)
compile: $(COMPILED)

run: setup
	$(BIN)/parlour serve

# The browser tests drive Debian's Chromium; install it where it is missing.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
		echo "installing Debian's chromium for the browser tests"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq \
			chromium fonts-dejavu-core >/dev/null; }

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy

doctest: $(STAMP)
	PARLOUR_PURE_PYTHON=1 $(BIN)/pytest --doctest-modules src --ignore=src/parlour/server/migrations

test: setup browser lint doctest
	$(BIN)/pytest tests

bench: setup
	$(BIN)/python benchmarks/run_all.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache src/build
	find src -name '*.so' -delete

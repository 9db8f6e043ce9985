# The README's two commands: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The hot modules: pyproject.toml lists them for hatch_build.py, which compiles
# them with mypyc whenever the package is installed; `pip install -e .` compiles
# them in place in src/ (Python imports the compiled copies first).
HOT := $(shell $(PYTHON) -c "import tomllib; print(*tomllib.load(open('pyproject.toml', 'rb'))\
	['tool']['hatch']['build']['targets']['wheel']['hooks']['custom']['compiled'])")
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test lint doctest setup compile bench clean browser services

# Installing is compiling: a change to a hot module (or to the build) installs again.
$(STAMP): pyproject.toml hatch_build.py $(addprefix src/,$(HOT))
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)
compile: $(STAMP)

run: setup
	$(BIN)/parlour serve

# The browser tests drive Debian's Chromium; install it where it is missing.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
		echo "installing Debian's chromium for the browser tests"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq \
			chromium fonts-dejavu-core >/dev/null; }

# The storage and server tests also run on PostgreSQL, and the several-process
# test on PostgreSQL, Redis and nginx: install Debian's servers where missing
# (the tests start throwaway ones of their own on loopback ports, and stop them).
SERVICES := postgresql:/usr/lib/postgresql/*/bin/initdb redis-server:/usr/bin/redis-server \
	openssl:/usr/bin/openssl \
	nginx:/usr/sbin/nginx
services:
	@missing=""; for pair in $(SERVICES); do \
		ls $${pair#*:} >/dev/null 2>&1 || missing="$$missing $${pair%%:*}"; done; \
	[ -z "$$missing" ] || { \
		echo "installing Debian's$$missing for the server tests"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq \
			$$missing >/dev/null || echo "$$missing could not be installed: their tests will be skipped"; }

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks hatch_build.py
	$(BIN)/mypy

doctest: $(STAMP)
	PARLOUR_PURE_PYTHON=1 $(BIN)/pytest --doctest-modules src --ignore=src/parlour/server/migrations

# Two workers (pytest-xdist): most of the suite waits on browsers and servers, so two
# at once fit the two cores CI has (about 7.5 minutes instead of 12). Each worker
# starts its own servers on free ports; a single test runs as before (pytest tests/...).
test: setup browser services lint doctest
	$(BIN)/pytest -n 2 --dist worksteal tests

bench: setup
	$(BIN)/python benchmarks/run_all.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache src/build
	find src -name '*.so' -delete

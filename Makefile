# The two commands of the quick start: `make run` and `make test`.
# Each creates .venv and installs what it needs on first use: `make run` only what running the
# app needs (the core dependencies plus RUN_EXTRAS: the server) and the browser client's build,
# `make test` everything else as well (the dev tools and the research, arena and cluster
# extras). Each install has its own stamp, so `make run` never pulls in OpenSpiel, Ray or
# matplotlib.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Extras the app itself needs to run: the game server, numpy for the "expert" AI seats, and
# mypyc to compile the engines the AI searches with (docs/speed.md; optional at run time).
RUN_EXTRAS := web,learn,compile
# Extras the checks need on top of those.
TEST_EXTRAS := dev,rl,arena,ray
RUN_STAMP := $(VENV)/.installed-run
# The full install keeps its historical name, so `make .venv/.installed` still sets up a
# working tree for development.
TEST_STAMP := $(VENV)/.installed

comma := ,
run_spec := .$(if $(RUN_EXTRAS),[$(RUN_EXTRAS)])
test_spec := .[$(TEST_EXTRAS)$(if $(RUN_EXTRAS),$(comma)$(RUN_EXTRAS))]

.PHONY: run menu test lint typecheck pytest clean bench web-build screenshots compile uncompile

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(RUN_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '$(run_spec)'
	touch $@

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '$(test_spec)'
	touch $@ $(RUN_STAMP)

# Both compile the engines first where they are not built or a source changed since (a minute,
# once; a failed build leaves the pure engines, which play the same moves more slowly).
run: $(RUN_STAMP) web-build
	$(BIN)/python scripts/compile_engines.py --if-needed
	$(BIN)/stonework serve

menu: $(RUN_STAMP)
	$(BIN)/python scripts/compile_engines.py --if-needed
	$(BIN)/stonework menu

test: lint typecheck web-build pytest

lint: $(TEST_STAMP)
	$(BIN)/ruff check src tests benchmarks scripts
	$(BIN)/ruff format --check src tests benchmarks scripts

typecheck: $(TEST_STAMP)
	$(BIN)/mypy

pytest: $(TEST_STAMP)
	$(BIN)/pytest

bench: $(RUN_STAMP)
	$(BIN)/stonework bench aztec

# --- The optional compiled engines (docs/speed.md) ---------------------------------------------
# `make compile` builds the hot engine modules with mypyc (part of mypy, in the compile and dev
# extras; needs gcc and the Python headers) into extension modules beside their sources, which
# Python then imports instead of the .py files; `make uncompile` removes them. `make run` builds
# them when missing or older than a source; `make test` uses whichever is present (an extension
# older than its source is never imported: the sources run); STONEWORK_PURE=1 runs the sources
# even with the build present.
compile: $(TEST_STAMP)
	$(BIN)/python scripts/compile_engines.py

uncompile:
	$(if $(wildcard $(BIN)/python),$(BIN)/python,$(PYTHON)) scripts/compile_engines.py --clean

# --- The browser client (web/) -------------------------------------------------------------
# `npm ci` when the lock file changes, a Vite build into the package's static folder when a
# source does; `make screenshots` saves a mid-game picture of each board into screenshots/.
WEB_STAMP := web/node_modules/.installed
WEB_BUILT := src/stonework/server/static/index.html
WEB_SOURCES := $(wildcard web/src/*) web/index.html web/vite.config.ts web/tsconfig.json web/package.json

$(WEB_STAMP): web/package-lock.json
	cd web && npm ci --no-audit --no-fund --loglevel=error
	touch $(WEB_STAMP)

$(WEB_BUILT): $(WEB_STAMP) $(WEB_SOURCES)
	cd web && npm run --silent build

web-build: $(WEB_BUILT)

screenshots: $(TEST_STAMP) web-build
	$(BIN)/python scripts/web_screenshots.py screenshots
	$(BIN)/python scripts/review_screenshots.py screenshots

clean: uncompile
	rm -rf web/node_modules src/stonework/server/static
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache

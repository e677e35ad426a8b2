# The two commands of the quick start: `make run` and `make test`.
# Each creates .venv and installs what it needs on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run menu test lint typecheck pytest clean bench web-build screenshots

$(STAMP): pyproject.toml
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,rl,arena,ray,web]'
	touch $(STAMP)

run: $(STAMP) web-build
	$(BIN)/stonework serve

menu: $(STAMP)
	$(BIN)/stonework menu

test: lint typecheck web-build pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/stonework bench aztec

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

screenshots: $(STAMP) web-build
	$(BIN)/python scripts/web_screenshots.py screenshots

clean:
	rm -rf web/node_modules src/stonework/server/static
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache

# The two commands of the quick start: `make run` and `make test`.
# Each creates .venv and installs what it needs on first use: `make run` only what running the
# app needs (the core dependencies plus RUN_EXTRAS), `make test` everything else as well (the
# dev tools and the research, arena and cluster extras). Each install has its own stamp, so
# `make run` never pulls in OpenSpiel, Ray or matplotlib.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Extras the app itself needs to run (e.g. `web` once `make run` starts the server).
RUN_EXTRAS :=
# Extras the checks need on top of those.
TEST_EXTRAS := dev,rl,arena,ray,web
RUN_STAMP := $(VENV)/.installed-run
# The full install keeps its historical name, so `make .venv/.installed` still sets up a
# working tree for development.
TEST_STAMP := $(VENV)/.installed

comma := ,
run_spec := .$(if $(RUN_EXTRAS),[$(RUN_EXTRAS)])
test_spec := .[$(TEST_EXTRAS)$(if $(RUN_EXTRAS),$(comma)$(RUN_EXTRAS))]

.PHONY: run test lint typecheck pytest clean bench

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(RUN_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '$(run_spec)'
	touch $@

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '$(test_spec)'
	touch $@ $(RUN_STAMP)

run: $(RUN_STAMP)
	$(BIN)/stonework menu

test: lint typecheck pytest

lint: $(TEST_STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests

typecheck: $(TEST_STAMP)
	$(BIN)/mypy

pytest: $(TEST_STAMP)
	$(BIN)/pytest

bench: $(RUN_STAMP)
	$(BIN)/stonework bench aztec

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache

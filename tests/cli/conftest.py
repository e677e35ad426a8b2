"""Shared set-up of the command-line tests: the toy game registered for the test, a runner."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stonework.core.registry import register, unregister
from toys import PileState, make_spec


class CliPile(PileState):
    """The toy "secret pile" game, under its own class so its spec is the CLI tests' own."""


TOY = make_spec(CliPile, name="pile")


@pytest.fixture(autouse=True)
def autosave_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Games saved on Ctrl-D and at the end go to the test's own folder, not the home folder."""
    folder = tmp_path / "state"
    monkeypatch.setenv("XDG_STATE_HOME", str(folder))
    return folder / "stonework"


@pytest.fixture(autouse=True)
def toy_game() -> Iterator[None]:
    """Register the toy game for one test only, so no other test sees it."""
    register(TOY)
    yield
    unregister(TOY.name)


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


class OpenPile(PileState):
    """The toy with its cards declared public, to see what the terminal spells out then."""


OPEN_TOY = dataclasses.replace(make_spec(OpenPile, name="open-pile"), hidden_information=False)
OpenPile.spec = OPEN_TOY


@pytest.fixture
def open_toy_game() -> Iterator[None]:
    """Also register the perfect-information variant of the toy for one test."""
    register(OPEN_TOY)
    yield
    unregister(OPEN_TOY.name)

"""The optional compiled engines (``make compile``, docs/speed.md): the same play both ways.

``.ci/run`` runs the suite pure and the engine suites again compiled, with
``STONEWORK_EXPECT_BUILD`` naming the build each run must import (``pure`` or ``compiled``):
:func:`test_the_run_imports_the_build_it_expects` fails when the other one was loaded.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

import stonework
from stonework.arena.match import Table, play_table
from stonework.core.compiled import (
    COMPILED_MODULES,
    PURE_ENV,
    build_state,
    compiled_status,
    stale_extensions,
)

SRC = Path(stonework.__file__).resolve().parents[1]
TESTS = Path(__file__).resolve().parent

# Seeded games whose every move goes through the compiled set: greedy (one-ply evaluation)
# and a small fixed-iteration search (playouts, the Akropolis ranking, Zapotec's
# determinizations); floats summed in another order would change a choice somewhere here.
TABLES = (
    ("akropolis", 2, ("greedy", "mcts:12")),
    ("akropolis", 3, ("greedy", "greedy", "random")),
    ("zapotec", 2, ("greedy", "mcts:12")),
    ("zapotec", 4, ("greedy", "random", "greedy", "random")),
    ("aztec", 2, ("greedy", "mcts:12")),
)


def play_all() -> list[dict[str, object]]:
    """Every table of :data:`TABLES` played to the end: records and scores (plain JSON)."""
    out: list[dict[str, object]] = []
    for index, (game, players, specs) in enumerate(TABLES):
        table = Table(index, game, players, {}, tuple(range(players)), specs, 40 + index, 7)
        result = play_table(table)
        out.append({"record": result.record, "scores": result.scores})
    return out


def _run_elsewhere(env_update: dict[str, str], code: str, src: Path = SRC) -> str:
    """The last line ``code`` prints in a fresh interpreter importing stonework from ``src``."""
    env = dict(os.environ)
    env.pop(PURE_ENV, None)
    env.update(env_update)
    env["PYTHONPATH"] = os.pathsep.join([str(src), str(TESTS)])
    done = subprocess.run(
        [sys.executable, "-P", "-c", code], capture_output=True, text=True, env=env, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()[-1]


def test_the_compiled_set_is_sources_under_strict_typing() -> None:
    """Every module of the set has its source, inside the folders mypy checks strictly."""
    config = tomllib.loads((SRC.parent / "pyproject.toml").read_text())
    strict = [SRC.parent / folder for folder in config["tool"]["mypy"]["files"]]
    for name in COMPILED_MODULES:
        source = SRC / (name.replace(".", "/") + ".py")
        assert source.is_file(), name
        assert any(folder in source.parents for folder in strict), name


def test_the_run_imports_the_build_it_expects() -> None:
    """``STONEWORK_EXPECT_BUILD=compiled|pure`` (set by .ci/run): that build, every module."""
    expected = os.environ.get("STONEWORK_EXPECT_BUILD")
    if expected is None:
        pytest.skip("STONEWORK_EXPECT_BUILD not set (.ci/run sets it)")
    assert expected in ("compiled", "pure"), expected
    status = compiled_status()
    assert set(status.values()) == {expected == "compiled"}, status
    assert build_state() == expected


def test_the_pure_switch_imports_every_source() -> None:
    """``STONEWORK_PURE=1``: the sources run even where the compiled build is present."""
    code = (
        "import stonework.games; from stonework.core.compiled import build_state as b; print(b())"
    )
    assert _run_elsewhere({PURE_ENV: "1"}, code) == "pure"


@pytest.mark.slow
def test_seeded_agents_play_the_same_compiled_and_pure() -> None:
    """The same seeds give the same moves and scores in the compiled build and from source."""
    if build_state() != "compiled":
        pytest.skip("the compiled build is not present (make compile)")
    here = play_all()
    code = "import json, test_compiled_build as t; print(json.dumps(t.play_all()))"
    pure = json.loads(_run_elsewhere({PURE_ENV: "1"}, code))
    assert [len(game["record"]["actions"]) for game in here] == [  # type: ignore[index]
        len(game["record"]["actions"]) for game in pure
    ]
    assert json.loads(json.dumps(here)) == pure


def test_an_extension_older_than_its_source_is_named_stale(tmp_path: Path) -> None:
    """``stale_extensions``: only a built module whose source changed after the build."""
    from importlib.machinery import EXTENSION_SUFFIXES

    first, second = COMPILED_MODULES[0], COMPILED_MODULES[1]
    for name in (first, second):
        stem = tmp_path / name.replace(".", "/")
        stem.parent.mkdir(parents=True, exist_ok=True)
        stem.with_name(stem.name + ".py").write_text("")
        (stem.parent / (stem.name + EXTENSION_SUFFIXES[0])).write_bytes(b"")
    assert stale_extensions(tmp_path) == []  # one not built at all is not stale either
    source = tmp_path / (first.replace(".", "/") + ".py")
    later = source.stat().st_mtime + 10
    os.utime(source, (later, later))
    assert stale_extensions(tmp_path) == [first]


@pytest.mark.slow
def test_a_stale_extension_sends_the_whole_set_to_source(tmp_path: Path) -> None:
    """A copy of the compiled tree with one source edited after the build imports every
    module of the set from source (they are one group), so an edit never runs old code."""
    if build_state() != "compiled":
        pytest.skip("the compiled build is not present (make compile)")
    copy = tmp_path / "src"
    shutil.copytree(SRC / "stonework", copy / "stonework", ignore=shutil.ignore_patterns("static"))
    code = (
        "import stonework.games; from stonework.core.compiled import build_state as b; print(b())"
    )
    assert _run_elsewhere({}, code, copy) == "compiled"
    edited = copy / (COMPILED_MODULES[-1].replace(".", "/") + ".py")
    later = time.time() + 10
    os.utime(edited, (later, later))
    assert _run_elsewhere({}, code, copy) == "pure"


def test_make_run_builds_only_what_is_missing_or_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``compile_engines.py --if-needed`` (make run) says why it builds, or builds nothing."""
    from importlib.machinery import EXTENSION_SUFFIXES

    spec = importlib.util.spec_from_file_location(
        "compile_engines", SRC.parent / "scripts" / "compile_engines.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    monkeypatch.setattr(script, "SRC", tmp_path)
    assert script.why_build() == "not built yet"
    for name in COMPILED_MODULES:
        stem = tmp_path / name.replace(".", "/")
        stem.parent.mkdir(parents=True, exist_ok=True)
        stem.with_name(stem.name + ".py").write_text("")
        stem.with_name(stem.name + EXTENSION_SUFFIXES[0]).write_bytes(b"")
    assert script.why_build() is None
    source = tmp_path / (COMPILED_MODULES[3].replace(".", "/") + ".py")
    later = source.stat().st_mtime + 10
    os.utime(source, (later, later))
    assert script.why_build() == "a source changed since the last build"
    (tmp_path / (COMPILED_MODULES[0].replace(".", "/") + EXTENSION_SUFFIXES[0])).unlink()
    assert script.why_build() == f"1 of {len(COMPILED_MODULES)} modules not built"

"""Packaging: `make run` installs only what the app needs, `make test` the rest (issue 13, item 8).

The checks read the Makefile through `make --dry-run` (what it would install on a fresh
checkout) and run the app in a child interpreter that refuses every optional dependency.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))

# Top-level modules of the extras (rl, arena, ray) and the test tools: the app must run without.
OPTIONAL_MODULES = (
    "numpy",
    "pyspiel",
    "open_spiel",
    "pettingzoo",
    "gymnasium",
    "PIL",
    "resvg_py",
    "ray",
    "matplotlib",
    "pytest",
    "hypothesis",
)


def test_license_is_an_spdx_string() -> None:
    """A table-form license makes setuptools print a deprecation warning on every install."""
    assert PYPROJECT["project"]["license"] == "MIT"
    # The SPDX string form needs setuptools 77 or newer in the build environment.
    requires = PYPROJECT["build-system"]["requires"]
    assert any(re.fullmatch(r"setuptools>=(7[7-9]|[89]\d|\d{3,})(\.\d+)*", r) for r in requires)


def test_core_dependencies_hold_no_extra() -> None:
    """The dependencies every install gets are the small ones; the heavy ones stay in extras."""
    core = " ".join(PYPROJECT["project"]["dependencies"]).lower()
    for heavy in ("open-spiel", "ray", "matplotlib", "numpy", "pettingzoo", "gymnasium"):
        assert heavy not in core
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert {"rl", "arena", "ray", "dev"} <= set(extras)


def _dry_run(target: str) -> list[str]:
    """The pip install lines `make TARGET` would run from scratch (-B: as if nothing existed)."""
    if shutil.which("make") is None:
        pytest.fail("make is needed to check the Makefile")
    out = subprocess.run(
        ["make", "--dry-run", "--always-make", "-C", str(REPO), target],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [line for line in out.splitlines() if "pip install" in line and " -e " in line]


def test_make_run_installs_only_the_app() -> None:
    """`make run` installs the package with RUN_EXTRAS only: no dev tools, no rl/arena/ray."""
    installs = _dry_run("run")
    assert len(installs) == 1, installs
    spec = re.search(r"-e '([^']*)'", installs[0])
    assert spec is not None
    assert not re.search(r"\b(dev|rl|arena|ray)\b", spec.group(1)), spec.group(1)


def test_make_test_installs_the_rest() -> None:
    """`make test` (here its pytest step) installs the dev tools and every research extra."""
    installs = _dry_run("pytest")
    assert len(installs) == 1, installs
    spec = re.search(r"-e '\.\[([^\]]*)\]'", installs[0])
    assert spec is not None
    assert {"dev", "rl", "arena", "ray"} <= set(spec.group(1).split(","))


_BLOCKER = """
import importlib.abc, sys
BLOCKED = set(sys.argv[1].split(","))
class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ImportError(f"{name} is not installed by make run")
        return None
sys.meta_path.insert(0, Refuse())
sys.argv = ["stonework", *sys.argv[2:]]
from stonework.cli.main import app
app()
"""


@pytest.mark.parametrize(
    "args",
    [
        ["menu"],
        ["games"],
        ["rules", "akropolis"],
        ["rules", "zapotec"],
        ["perft", "aztec", "-d", "1"],
    ],
)
def test_the_app_runs_without_any_extra(args: list[str]) -> None:
    """The commands `make run` leads to work when no optional module can be imported."""
    result = subprocess.run(
        [sys.executable, "-c", _BLOCKER, ",".join(OPTIONAL_MODULES), *args],
        input="q\n",  # the menu's quit
        capture_output=True,
        text=True,
        timeout=120,  # a stop for a hung child, not a speed check
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert "Traceback" not in result.stderr

"""Build (or remove) the optional compiled engines: ``make compile`` / ``make uncompile``.

    python scripts/compile_engines.py [--clean]

Compiles the modules of ``stonework.core.compiled.COMPILED_MODULES`` with mypyc (it ships
with mypy, the dev extra) into extension modules next to their sources in ``src/``; the
C sources and objects go to ``build/mypyc``. Needs a C compiler and the Python headers; where
they are missing the build fails with the compiler's message and the pure modules keep
working. ``--clean`` removes the extension modules, the group's shared runtime and
``build/mypyc``. Either way the ``.py`` sources are left untouched.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
BUILD = ROOT / "build" / "mypyc"
sys.path.insert(0, str(SRC))

from stonework.core.compiled import COMPILED_MODULES, GROUP  # noqa: E402


def sources() -> list[str]:
    """The compiled set as paths relative to ``src`` (how mypyc names the modules)."""
    return [name.replace(".", "/") + ".py" for name in COMPILED_MODULES]


def built_files() -> list[Path]:
    """Every extension module of the set, and the group's runtime, present in ``src``."""
    found = []
    group = SRC / GROUP.replace(".", "/")
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        found += [SRC / (name.replace(".", "/") + suffix) for name in COMPILED_MODULES]
        found.append(group.with_name(group.name + "__mypyc" + suffix))
    return [path for path in found if path.exists()]


def clean() -> None:
    """Remove the build: the pure modules are imported again."""
    for path in built_files():
        path.unlink()
        print(f"removed {path.relative_to(ROOT)}")
    shutil.rmtree(BUILD, ignore_errors=True)


def build() -> None:
    """Compile the set in place (a setuptools ``build_ext --inplace`` run from ``src``)."""
    try:
        from mypyc.build import mypycify
        from setuptools import setup
    except ImportError as exc:
        raise SystemExit(
            f"compiling needs mypy (with mypyc) and setuptools: {exc} (make .venv/.installed)"
        ) from exc
    os.chdir(SRC)
    extensions = mypycify(sources(), opt_level="3", group_name=GROUP, target_dir=str(BUILD))
    setup(
        name="stonework-engines",
        ext_modules=extensions,
        script_args=[
            "build_ext",
            "--inplace",
            "--build-temp",
            str(BUILD / "temp"),
            "--build-lib",
            str(BUILD / "lib"),
            "--parallel",  # one C file per module: compile them on every core
            str(os.cpu_count() or 1),
        ],
    )
    missing = [name for name in COMPILED_MODULES if not _built(name)]
    if missing:
        raise SystemExit(f"mypyc did not build: {', '.join(missing)}")
    print(f"compiled {len(COMPILED_MODULES)} modules (make uncompile removes them)")


def _built(name: str) -> bool:
    stem = SRC / name.replace(".", "/")
    return any(
        stem.with_name(stem.name + suffix).exists()
        for suffix in importlib.machinery.EXTENSION_SUFFIXES
    )


def main() -> None:
    """Parse the one option and build or clean."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules")
    args = parser.parse_args()
    if args.clean:
        clean()
    else:
        clean()  # a module dropped from the set must not keep running compiled
        build()


if __name__ == "__main__":
    main()

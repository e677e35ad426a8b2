"""Build (or remove) the optional compiled engines: ``make compile`` / ``make uncompile``.

    python scripts/compile_engines.py [--clean | --if-needed]

Compiles the modules of ``stonework.core.compiled.COMPILED_MODULES`` with mypyc (it ships
with mypy, the dev extra) into extension modules next to their sources in ``src/``; the
C sources and objects go to ``build/mypyc``. Needs a C compiler and the Python headers; where
they are missing the build fails with the compiler's message and the pure modules keep
working. ``--clean`` removes the extension modules, the group's shared runtime and
``build/mypyc``. Either way the ``.py`` sources are left untouched.

``--if-needed`` is ``make run``'s step: it builds only when a module is not built or its source
changed since (``stonework.core.compiled.stale_extensions``), quietly (the compiler's output goes
to ``build/compile.log``), and where the build fails it says so in a line and exits 0: the
app then runs the pure engines, which play the same moves, only slower. With ``STONEWORK_PURE=1``
it builds nothing.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
BUILD = ROOT / "build" / "mypyc"
LOG = ROOT / "build" / "compile.log"
"""The compiler's output of ``--if-needed`` (beside build/mypyc, which a build empties first)."""
FAILED = ROOT / "build" / "compile-failed"
"""Left by a failed ``--if-needed`` build so that the next start does not retry it; removed by
``make compile`` and ``make uncompile``."""
sys.path.insert(0, str(SRC))

from stonework.core.compiled import (  # noqa: E402
    COMPILED_MODULES,
    GROUP,
    PURE_ENV,
    stale_extensions,
)


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


def clean(quiet: bool = False) -> None:
    """Remove the build: the pure modules are imported again."""
    FAILED.unlink(missing_ok=True)
    for path in built_files():
        path.unlink()
        if not quiet:
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


def why_build() -> str | None:
    """Why the build is wanted (``None``: every module is built and newer than its source)."""
    missing = [name for name in COMPILED_MODULES if not _built(name)]
    if len(missing) == len(COMPILED_MODULES):
        return "not built yet"
    if missing:
        return f"{len(missing)} of {len(COMPILED_MODULES)} modules not built"
    stale = stale_extensions(SRC)
    if stale:
        changed = "a source" if len(stale) == 1 else f"{len(stale)} sources"
        return f"{changed} changed since the last build"
    return None


def build_if_needed() -> None:
    """Build in a child process when :func:`why_build` says so; a failed build is reported in
    one line and leaves the pure engines (no extension is left half built)."""
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        print(f"{PURE_ENV} is set: the pure engines run, nothing compiled")
        return
    reason = why_build()
    if reason is None:
        return
    if FAILED.exists():  # do not spend the minute again on every start
        print(
            f"the pure engines run: the compiled build failed before (see {LOG.relative_to(ROOT)};"
            " `make compile` tries again)"
        )
        return
    print(
        f"compiling the engines with mypyc ({reason}; about a minute, once; "
        "the app runs without them, slower)",
        flush=True,
    )
    LOG.parent.mkdir(parents=True, exist_ok=True)
    with LOG.open("w") as out:
        done = subprocess.run(
            [sys.executable, str(Path(__file__).resolve())], stdout=out, stderr=subprocess.STDOUT
        )
    if done.returncode == 0 and why_build() is None:
        print("compiled engines built (make uncompile removes them)")
        return
    lines = [line for line in LOG.read_text(errors="replace").splitlines() if line.strip()]
    clean(quiet=True)
    FAILED.touch()
    last = lines[-1] if lines else f"exit status {done.returncode}"
    print(
        f"the compiled engines could not be built ({last}; see {LOG.relative_to(ROOT)}): "
        "the pure engines run instead"
    )


def main() -> None:
    """Parse the options and build or clean."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules")
    parser.add_argument(
        "--if-needed",
        action="store_true",
        help="build only when not built or a source changed since; a failure leaves the pure "
        "engines (make run)",
    )
    args = parser.parse_args()
    if args.clean:
        clean()
    elif args.if_needed:
        build_if_needed()
    else:
        clean()  # a module dropped from the set must not keep running compiled
        build()


if __name__ == "__main__":
    main()

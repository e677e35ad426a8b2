"""The repository stands on its own (issue 13, item 7).

Nothing in it may read or cite files outside it: the rules are `docs/rules/<game>.md`, the
recorded Akropolis games are in `tests/data/akropolis-anu/`, and every rules section the code,
the tests and the docs cite (`§2.4`, `aztec.md §4.6`, ...) exists in the game's rules reference.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from stonework.games.akropolis.tiles import TILE_CODES, TILE_MIN_PLAYERS

REPO = Path(__file__).resolve().parents[1]
GAMES = ("akropolis", "aztec", "zapotec")
RULES = {game: REPO / "docs" / "rules" / f"{game}.md" for game in GAMES}

# The folder beside the repository the project started from; written in pieces so that this
# file does not match its own search.
OUTSIDE = (
    "../" + "shared",
    "shared" + "/rules",
    "shared" + "/oracles",
    "shared" + "/seeds",
    "/wo" + "rk/",
)


def project_files() -> list[Path]:
    """The text files that ship or test the project."""
    files = [*sorted(REPO.glob("*.md")), REPO / "Makefile", REPO / "pyproject.toml"]
    for folder in ("src", "tests", "docs", "benchmarks"):
        for path in sorted((REPO / folder).rglob("*")):
            # The recorded games are data without paths; everything else is read.
            text_file = path.suffix in (".py", ".md", ".toml", ".json", ".txt", ".cfg")
            if text_file and path.is_file() and "akropolis-anu" not in path.parts:
                files.append(path)
    return [f for f in files if f.exists()]


def test_nothing_names_a_file_outside_the_repository() -> None:
    """No source, test, doc or build file points at the folder the project was started from."""
    found = []
    for path in project_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        for line_no, line in enumerate(text.splitlines(), 1):
            if any(marker in line for marker in OUTSIDE):
                found.append(f"{path.relative_to(REPO)}:{line_no}: {line.strip()}")
    assert not found, "\n".join(found)


def test_the_recorded_akropolis_games_are_in_the_repository() -> None:
    """The 14 ANU games (6 / 5 / 3 at 2 / 3 / 4 players) are kept under tests/data."""
    folder = REPO / "tests" / "data" / "akropolis-anu"
    games = sorted(p.name for p in folder.iterdir() if (p / "game.txt").is_file())
    assert len(games) == 14
    assert [sum(g.startswith(f"game_p{n}_") for g in games) for n in (2, 3, 4)] == [6, 5, 3]


def _sections(text: str) -> dict[str, str]:
    """Each numbered heading (`## 2.`, `### 2.4`, `#### 4.3.1`) with the text under it."""
    out: dict[str, str] = {}
    current = None
    for line in text.splitlines():
        heading = re.match(r"#{2,4} (\d+(?:\.\d+)*)\.? ", line)
        if heading:
            current = heading.group(1)
            out[current] = ""
        elif current is not None:
            out[current] += line + "\n"
    return out


def _has_section(sections: dict[str, str], number: str, letter: str | None) -> bool:
    """A cited section exists: as a heading, or as item N of the list under its parent heading
    (`§10.1` = §10 item 1); a letter (`§5.2d`) must be a `(d)` step of that section."""
    if number in sections:
        return letter is None or f"({letter})" in sections[number]
    parent, _, item = number.rpartition(".")
    return (
        letter is None
        and parent in sections
        and re.search(rf"^{item}\. ", sections[parent], re.M) is not None
    )


CITATION = r"§\s?(\d+(?:\.\d+)*)([a-z])?\b"


def citations() -> dict[str, set[tuple[str, str | None, str]]]:
    """Per game, every (section, letter, where) cited by the project's files."""
    cited: dict[str, set[tuple[str, str | None, str]]] = {game: set() for game in GAMES}
    for path in project_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        rel = str(path.relative_to(REPO))
        # "aztec.md §4.6" names its game wherever it is written.
        for game, number, letter in re.findall(rf"({'|'.join(GAMES)})\.md,? {CITATION}", text):
            cited[game].add((number, letter or None, rel))
        # A bare "§2.4" belongs to the game whose files it is in.
        owners = [g for g in GAMES if g in path.parts or path.stem == g]
        if len(owners) == 1:
            for number, letter in re.findall(CITATION, text):
                cited[owners[0]].add((number, letter or None, rel))
    return cited


@pytest.mark.parametrize("game", GAMES)
def test_every_cited_section_exists_in_the_rules_reference(game: str) -> None:
    """Every § the code, tests and docs cite for a game is a section of docs/rules/<game>.md."""
    sections = _sections(RULES[game].read_text(encoding="utf-8"))
    cited = citations()[game]
    assert cited, f"nothing cites {game}'s rules"
    missing = sorted(
        f"§{number}{letter or ''} ({where})"
        for number, letter, where in cited
        if not _has_section(sections, number, letter)
    )
    assert not missing, f"docs/rules/{game}.md lacks: " + ", ".join(missing)


@pytest.mark.parametrize("game", GAMES)
def test_rules_reference_marks_what_is_assumed(game: str) -> None:
    """Each reference says where its values come from and marks the engine's own choices."""
    text = RULES[game].read_text(encoding="utf-8")
    assert "ASSUMED" in text
    assert "sourced" in text


def test_akropolis_tile_table_matches_the_engine() -> None:
    """docs/rules/akropolis.md §6.1 lists the engine's 61 tiles: id, smallest player count, hexes."""
    text = RULES["akropolis"].read_text(encoding="utf-8")
    table = _sections(text)["6.1"]
    rows = re.findall(r"^\| (\d\d) \| ([234]) \| `(\w{3})` \| \d+ \|$", table, re.M)
    listed = [(int(i), int(p), code) for i, p, code in rows]
    assert listed == [(t, TILE_MIN_PLAYERS[t], TILE_CODES[t]) for t in sorted(TILE_CODES)]

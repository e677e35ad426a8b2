"""Reading the ANU COMP1140 oracle data (tests/data/akropolis-anu/README.md).

The conversion between their notation and ours lives here, in the tests, not in the package:
ANU positions are offset columns (x east, y north, odd columns half a hex higher); ours are
axial (q, r) with r growing southward: q = x, r = -y - floor((x + (x & 1)) / 2).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DEFAULT_ORACLE_DIR = REPO / "tests" / "data" / "akropolis-anu"


def oracle_dir() -> Path:
    """The folder of recorded games: $AKROPOLIS_ORACLE_DIR, else the ANU games in tests/data."""
    return Path(os.environ.get("AKROPOLIS_ORACLE_DIR", str(DEFAULT_ORACLE_DIR)))


def game_dirs() -> list[Path]:
    """Every game folder (one holding a game.txt)."""
    root = oracle_dir()
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if (p / "game.txt").is_file())


def anu_to_axial(x: int, y: int) -> tuple[int, int]:
    return x, -y - (x + (x & 1)) // 2


def axial_to_anu(q: int, r: int) -> tuple[int, int]:
    return q, -r - (q + (q & 1)) // 2


_MOVE = re.compile(r"(\d\d)([NS])(\d\d)([EW])(\d\d)R([0-5])")


@dataclass(frozen=True)
class AnuMove:
    tile: int
    q: int
    r: int
    rotation: int


def parse_move(text: str) -> AnuMove:
    match = _MOVE.fullmatch(text.strip())
    if not match:
        raise ValueError(f"not an ANU move: {text!r}")
    tile, ns, dy, ew, dx, rot = match.groups()
    y = int(dy) if ns == "N" else -int(dy)
    x = int(dx) if ew == "E" else -int(dx)
    q, r = anu_to_axial(x, y)
    return AnuMove(int(tile), q, r, int(rot))


def move_text(tile: int, q: int, r: int, rotation: int) -> str:
    x, y = axial_to_anu(q, r)
    ns = "N" if y > 0 else "S"
    ew = "E" if x >= 0 else "W"
    return f"{tile:02d}{ns}{abs(y):02d}{ew}{abs(x):02d}R{rotation}"


@dataclass(frozen=True)
class AnuState:
    players: int
    variants: tuple[bool, ...]
    turn: int
    site: tuple[int, ...]
    stones: tuple[int, ...]
    moves: tuple[tuple[AnuMove, ...], ...]
    body: str  # everything after the settings field (the same position under any mask)


def parse_state(text: str) -> AnuState:
    fields = text.strip().split(";")
    if fields and fields[-1] == "":
        fields.pop()
    settings, shared, *players = fields
    count = int(settings[0])
    variants = tuple(c.isupper() for c in settings[1:6])
    turn = int(shared[0])
    site = tuple(int(shared[i : i + 2]) for i in range(1, len(shared), 2))
    stones = []
    moves = []
    for seat, text_player in enumerate(players):
        assert text_player[0] == "P" and int(text_player[1]) == seat, text_player
        stones.append(int(text_player[2:4]))
        rest = text_player[4:]
        moves.append(tuple(parse_move(rest[i : i + 10]) for i in range(0, len(rest), 10)))
    assert len(players) == count
    return AnuState(
        count,
        variants,
        turn,
        site,
        tuple(stones),
        tuple(moves),
        text.strip().split(";", 1)[1],
    )


def read_lines(path: Path) -> list[str]:
    return [line.strip() for line in path.read_text().splitlines() if line.strip()]


def parse_int_list(text: str) -> list[int]:
    inner = text.strip().strip("[]").strip()
    return [int(x) for x in inner.split(",")] if inner else []


def parse_str_set(text: str) -> set[str]:
    inner = text.strip().strip("[]").strip()
    return {x.strip() for x in inner.split(",")} if inner else set()


def to_position(anu: AnuState, pending: int = 0) -> str:
    """Our position string for an ANU state (standard flags; the stacks follow from the tiles
    still unseen, so ``pending`` says how many of them belong to a reveal under way)."""
    from stonework.games.akropolis.tiles import tiles_in_play

    letters = "".join(c.upper() if on else c for c, on in zip("hmbtg", anu.variants, strict=True))
    seen = set(anu.site) | {m.tile for moves in anu.moves for m in moves}
    unseen = len(set(tiles_in_play(anu.players, False)) - seen)
    stacks = (unseen - pending) // (anu.players + 1)
    parties = [
        f"{stones}:" + "+".join(f"{m.tile}@{m.q},{m.r}/{m.rotation}" for m in moves)
        for stones, moves in zip(anu.stones, anu.moves, strict=True)
    ]
    site = ",".join(str(t) for t in anu.site)
    # The ANU files do not say who holds the marker; it passes once per refill (§3.2).
    refills = 11 - stacks - (1 if pending else 0)
    chief = refills % anu.players
    return ";".join(
        [
            str(anu.players),
            letters,
            "any_empty,single_hex,std,hippodamos",
            f"{anu.turn},{chief},{stacks},{pending}",
            site,
            *parties,
        ]
    )

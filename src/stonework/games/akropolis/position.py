"""The Akropolis position string: everything in a position, readable back into a state.

Fields separated by ``;``::

    PLAYERS ; VARIANTS ; FLAGS ; TURN,CHIEF,STACKS,PENDING ; SITE ; PARTY ; PARTY ...

* ``PLAYERS``: 1 (solo against the Architect) to 4.
* ``VARIANTS``: the letters ``hmbtg`` (houses, markets, barracks, temples, gardens), capital
  where that scoring variant is on.
* ``FLAGS``: ``barracks_edge,lake,std|long,architect level``, then ``,value`` when the
  ``house_group`` option is ``value`` (left out for the default ``size``, so older strings read).
* ``TURN``: the party to move; ``CHIEF``: who holds the Chief Architect marker; ``STACKS``:
  stacks not yet revealed; ``PENDING``: tiles of the current reveal still to turn up.
* ``SITE``: tile ids on the construction site in cost order, comma-separated (may be empty).
* one ``PARTY`` per seat: ``STONES:`` then the tiles it laid, in order, as
  ``TILE@Q,R/ROTATION`` joined by ``+``. In solo play a last party ``A STONES:`` holds the
  Architect's stones and the tiles it took, joined by ``+``.

The tiles not yet seen are the ones in play that appear nowhere else.

>>> from stonework.games.akropolis import new_state
>>> write(new_state(2))
'2;hmbtg;any_empty,single_hex,std,hippodamos;0,0,11,4;;1:;2:'
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from stonework.core.errors import InvalidPosition
from stonework.games.akropolis.architect import ARCHITECT
from stonework.games.akropolis.hexgrid import (
    CELL_AT,
    COORDS,
    placement,
    placement_cell,
    placement_rotation,
)
from stonework.games.akropolis.invariants import check_invariants
from stonework.games.akropolis.tiles import NUM_TILES, tiles_in_play

if TYPE_CHECKING:
    from stonework.games.akropolis.state import AkropolisState

VARIANT_LETTERS: Final = "hmbtg"
_LAID_RE: Final = re.compile(r"(\d{1,6})@(-?\d{1,6}),(-?\d{1,6})/([0-5])", re.ASCII)


def write(state: AkropolisState) -> str:
    """The position string of ``state``."""
    letters = "".join(
        letter.upper() if on else letter
        for letter, on in zip(VARIANT_LETTERS, state.variants, strict=True)
    )
    flags = ",".join(
        (
            "outside_only" if state.barracks_outside_only else "any_empty",
            "enclosed_region" if state.lake_enclosed_region else "single_hex",
            "long" if state.options.get("long_game") else "std",
            state.level,
        )
    )
    if state.house_by_value:
        flags += ",value"
    clock = f"{state.turn},{state.chief},{state.stacks_left},{state.pending}"
    site = ",".join(str(t) for t in state.site)
    parties = []
    for seat, city in enumerate(state.cities):
        laid = "+".join(
            f"{tile}@{_coords(p)}/{placement_rotation(p)}" for tile, p in city.placements
        )
        parties.append(f"{state.stones[seat]}:{laid}")
    if state.solo:
        parties.append(f"A{state.stones[1]}:" + "+".join(str(t) for t in state.pile))
    return ";".join([str(state.num_players), letters, flags, clock, site, *parties])


def _coords(laid: int) -> str:
    q, r = COORDS[placement_cell(laid)]
    return f"{q},{r}"


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise InvalidPosition(f"{what} must be a whole number, not {text!r}") from None


def read(text: str) -> AkropolisState:
    """Build a state from a position string; InvalidPosition says what is wrong."""
    if not isinstance(text, str):
        raise InvalidPosition("a position must be text")
    fields = text.strip().split(";")
    if len(fields) < 6:
        raise InvalidPosition(
            "an Akropolis position has the fields PLAYERS;VARIANTS;FLAGS;TURN,CHIEF,STACKS,"
            f"PENDING;SITE;PARTY...; got {len(fields)} field(s)"
        )
    state = _new_state(fields[0], fields[1], fields[2])
    expected = 5 + state.parties
    if len(fields) != expected:
        raise InvalidPosition(
            f"a {state.num_players}-player position has {expected} fields, not {len(fields)}"
        )
    turn, chief, stacks, pending = _read_clock(state, fields[3])
    site = _read_site(state, fields[4])
    seen = list(site)
    for seat in range(state.num_players):
        seen += _read_party(state, seat, fields[5 + seat])
    if state.solo:
        seen += _read_architect(state, fields[5 + state.num_players])
    if any(s < 0 for s in state.stones):
        raise InvalidPosition("stones cannot be negative")
    pool = set(tiles_in_play(state.num_players, bool(state.options["long_game"])))
    if len(set(seen)) != len(seen) or not set(seen) <= pool:
        raise InvalidPosition("a tile appears twice, or is not in play with these options")
    unseen = sorted(pool - set(seen))
    if len(unseen) != pending + stacks * state.stack_size:
        raise InvalidPosition(
            f"{len(unseen)} tiles are unseen, but {pending} pending + {stacks} stacks of "
            f"{state.stack_size} were announced"
        )
    if pending and len(site) + pending > state.site_size:
        raise InvalidPosition("more tiles pending than the site has room for")
    if not pending and len(site) <= 1 and stacks:
        raise InvalidPosition("the site is down to one tile but the next stack is not revealed")
    if state.solo and not pending and turn == ARCHITECT and len(site) > 1:
        raise InvalidPosition("the Architect plays at once; its turn is never a position")
    state.site = site
    state.unseen = unseen
    state.turn, state.chief, state.stacks_left, state.pending = turn, chief, stacks, pending
    check_invariants(state)
    return state


def _new_state(players_text: str, letters: str, flags_text: str) -> AkropolisState:
    # PLAYERS ; VARIANTS ; FLAGS: an empty game of that configuration.
    from stonework.games.akropolis.state import AkropolisState

    players = _int(players_text, "the player count")
    if not 1 <= players <= 4:
        raise InvalidPosition(f"Akropolis is played by 1 to 4 players, not {players}")
    if len(letters) != 5 or letters.lower() != VARIANT_LETTERS:
        raise InvalidPosition(f"variants must be the letters hmbtg (capital = on), not {letters!r}")
    flags = flags_text.split(",")
    if (
        len(flags) not in (4, 5)
        or (len(flags) == 5 and flags[4] != "value")
        or flags[0] not in ("any_empty", "outside_only")
        or flags[1] not in ("single_hex", "enclosed_region")
        or flags[2] not in ("std", "long")
        or flags[3] not in ("hippodamos", "metagenes", "callicrates")
    ):
        raise InvalidPosition(
            "flags must be BARRACKS_EDGE,LAKE,std|long,LEVEL[,value] "
            f"(e.g. any_empty,single_hex,std,hippodamos), not {flags_text!r}"
        )
    options: dict[str, bool | int | str] = {
        name: letter.isupper()
        for name, letter in zip(
            ("houses", "markets", "barracks", "temples", "gardens"), letters, strict=True
        )
    }
    options.update(
        barracks_edge=flags[0],
        lake=flags[1],
        long_game=flags[2] == "long",
        architect=flags[3],
        house_group="value" if len(flags) == 5 else "size",
    )
    return AkropolisState(players, options)


def _read_clock(state: AkropolisState, text: str) -> tuple[int, int, int, int]:
    # TURN,CHIEF,STACKS,PENDING.
    clock = text.split(",")
    if len(clock) != 4:
        raise InvalidPosition(f"TURN,CHIEF,STACKS,PENDING expected, not {text!r}")
    turn, chief, stacks, pending = (_int(x, "a turn field") for x in clock)
    parties = state.parties
    if not (0 <= turn < parties and 0 <= chief < parties):
        raise InvalidPosition(f"turn and chief must be parties 0..{parties - 1}")
    return turn, chief, stacks, pending


def _read_site(state: AkropolisState, text: str) -> list[int]:
    # SITE: tile ids in cost order.
    site = [_int(x, "a site tile") for x in text.split(",")] if text else []
    if len(site) > state.site_size:
        raise InvalidPosition(f"the site holds at most {state.site_size} tiles")
    return site


def _read_party(state: AkropolisState, seat: int, text: str) -> list[int]:
    # STONES:TILE@Q,R/ROT+...: the seat's stones, and its city laid tile by tile.
    stones_text, sep, laid = text.partition(":")
    if not sep:
        raise InvalidPosition(f"seat {seat}: write STONES:TILE@Q,R/ROT+...")
    state.stones[seat] = _int(stones_text, f"seat {seat}'s stones")
    city = state.cities[seat]
    tiles = []
    for item in laid.split("+") if laid else []:
        match = _LAID_RE.fullmatch(item)
        if not match:
            raise InvalidPosition(f"seat {seat}: {item!r} is not TILE@Q,R/ROTATION")
        tile, q, r, rotation = (int(g) for g in match.groups())
        cell = CELL_AT.get((q, r))
        at = -1 if cell is None else placement(cell, rotation)
        if not 1 <= tile <= NUM_TILES or at < 0 or not city.is_legal(at):
            raise InvalidPosition(f"seat {seat}: {item} cannot be laid in that city")
        city.lay(tile, at)
        tiles.append(tile)
    return tiles


def _read_architect(state: AkropolisState, text: str) -> list[int]:
    # A<STONES>:TILE+TILE...: the solo Architect's stones and the tiles it took.
    if not text.startswith("A") or ":" not in text:
        raise InvalidPosition("a solo position ends with the Architect: A<stones>:<tiles>")
    stones_text, _, pile = text[1:].partition(":")
    state.stones[ARCHITECT] = _int(stones_text, "the Architect's stones")
    state.pile = [_int(x, "an Architect tile") for x in pile.split("+")] if pile else []
    return list(state.pile)

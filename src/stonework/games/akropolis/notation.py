"""The Akropolis position string: everything in a position, readable back into a state.

Fields separated by ``;``::

    PLAYERS ; VARIANTS ; FLAGS ; TURN,CHIEF,STACKS,PENDING ; SITE ; PARTY ; PARTY ...

* ``PLAYERS``: 1 (solo against the Architect) to 4.
* ``VARIANTS``: the letters ``hmbtg`` (houses, markets, barracks, temples, gardens), capital
  where that scoring variant is on.
* ``FLAGS``: ``barracks_edge,lake,std|long,architect level``.
* ``TURN``: the party to move; ``CHIEF``: who holds the Chief Architect marker; ``STACKS``:
  stacks not yet revealed; ``PENDING``: tiles of the current reveal still to turn up.
* ``SITE``: tile ids on the construction site in cost order, comma-separated (may be empty).
* one ``PARTY`` per seat: ``STONES:`` then the tiles it laid, in order, as
  ``TILE@Q,R/ROTATION`` joined by ``+``. In solo play a last party ``A STONES:`` holds the
  Architect's stones and the tiles it took, joined by ``+``.

The tiles not yet seen are the ones in play that appear nowhere else.

>>> from stonework.games.akropolis import new_state
>>> write_position(new_state(2))
'2;hmbtg;any_empty,single_hex,std,hippodamos;0,0,11,4;;1:;2:'
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from stonework.core.errors import InvalidPosition
from stonework.games.akropolis.hexgrid import CELL_AT, COORDS
from stonework.games.akropolis.invariants import check_invariants
from stonework.games.akropolis.tiles import NUM_TILES, tiles_in_play

if TYPE_CHECKING:
    from stonework.games.akropolis.state import AkropolisState

VARIANT_LETTERS: Final = "hmbtg"
_LAID_RE: Final = re.compile(r"(\d{1,6})@(-?\d{1,6}),(-?\d{1,6})/([0-5])", re.ASCII)


def write_position(state: AkropolisState) -> str:
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
    clock = f"{state.turn},{state.chief},{state.stacks_left},{state.pending}"
    site = ",".join(str(t) for t in state.site)
    parties = []
    for seat, city in enumerate(state.cities):
        laid = "+".join(
            f"{tile}@{COORDS[p // 6][0]},{COORDS[p // 6][1]}/{p % 6}" for tile, p in city.placements
        )
        parties.append(f"{state.stones[seat]}:{laid}")
    if state.solo:
        parties.append(f"A{state.stones[1]}:" + "+".join(str(t) for t in state.pile))
    return ";".join([str(state.num_players), letters, flags, clock, site, *parties])


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise InvalidPosition(f"{what} must be a whole number, not {text!r}") from None


def read_position(text: str) -> AkropolisState:
    """Build a state from a position string; InvalidPosition says what is wrong."""
    from stonework.games.akropolis.state import ARCHITECT, AkropolisState

    if not isinstance(text, str):
        raise InvalidPosition("a position must be text")
    fields = text.strip().split(";")
    if len(fields) < 6:
        raise InvalidPosition(
            "an Akropolis position has the fields PLAYERS;VARIANTS;FLAGS;TURN,CHIEF,STACKS,"
            f"PENDING;SITE;PARTY...; got {len(fields)} field(s)"
        )
    players = _int(fields[0], "the player count")
    if not 1 <= players <= 4:
        raise InvalidPosition(f"Akropolis is played by 1 to 4 players, not {players}")
    letters = fields[1]
    if len(letters) != 5 or letters.lower() != VARIANT_LETTERS:
        raise InvalidPosition(f"variants must be the letters hmbtg (capital = on), not {letters!r}")
    flags = fields[2].split(",")
    if (
        len(flags) != 4
        or flags[0] not in ("any_empty", "outside_only")
        or flags[1] not in ("single_hex", "enclosed_region")
        or flags[2] not in ("std", "long")
        or flags[3] not in ("hippodamos", "metagenes", "callicrates")
    ):
        raise InvalidPosition(
            "flags must be BARRACKS_EDGE,LAKE,std|long,LEVEL "
            f"(e.g. any_empty,single_hex,std,hippodamos), not {fields[2]!r}"
        )
    options: dict[str, bool | int | str] = {
        name: letter.isupper()
        for name, letter in zip(
            ("houses", "markets", "barracks", "temples", "gardens"), letters, strict=True
        )
    }
    options.update(
        barracks_edge=flags[0], lake=flags[1], long_game=flags[2] == "long", architect=flags[3]
    )
    state = AkropolisState(players, options)
    parties = state.parties
    expected = 5 + parties
    if len(fields) != expected:
        raise InvalidPosition(
            f"a {players}-player position has {expected} fields, not {len(fields)}"
        )
    clock = fields[3].split(",")
    if len(clock) != 4:
        raise InvalidPosition(f"TURN,CHIEF,STACKS,PENDING expected, not {fields[3]!r}")
    turn, chief, stacks, pending = (_int(x, "a turn field") for x in clock)
    if not (0 <= turn < parties and 0 <= chief < parties):
        raise InvalidPosition(f"turn and chief must be parties 0..{parties - 1}")
    pool = set(tiles_in_play(players, flags[2] == "long"))
    seen: list[int] = []
    site = [_int(x, "a site tile") for x in fields[4].split(",")] if fields[4] else []
    if len(site) > state.site_size:
        raise InvalidPosition(f"the site holds at most {state.site_size} tiles")
    seen += site
    for seat in range(players):
        stones_text, sep, laid = fields[5 + seat].partition(":")
        if not sep:
            raise InvalidPosition(f"seat {seat}: write STONES:TILE@Q,R/ROT+...")
        state.stones[seat] = _int(stones_text, f"seat {seat}'s stones")
        city = state.cities[seat]
        for item in laid.split("+") if laid else []:
            match = _LAID_RE.fullmatch(item)
            if not match:
                raise InvalidPosition(f"seat {seat}: {item!r} is not TILE@Q,R/ROTATION")
            tile, q, r, rotation = (int(g) for g in match.groups())
            cell = CELL_AT.get((q, r))
            placement = -1 if cell is None else cell * 6 + rotation
            if not 1 <= tile <= NUM_TILES or placement < 0 or not city.is_legal(placement):
                raise InvalidPosition(f"seat {seat}: {item} cannot be laid in that city")
            city.lay(tile, placement)
            seen.append(tile)
    if state.solo:
        last = fields[5 + players]
        if not last.startswith("A") or ":" not in last:
            raise InvalidPosition("a solo position ends with the Architect: A<stones>:<tiles>")
        stones_text, _, pile = last[1:].partition(":")
        state.stones[ARCHITECT] = _int(stones_text, "the Architect's stones")
        state.pile = [_int(x, "an Architect tile") for x in pile.split("+")] if pile else []
        seen += state.pile
    if any(s < 0 for s in state.stones):
        raise InvalidPosition("stones cannot be negative")
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

"""The Aztec position string (like FEN): five fields separated by spaces.

1. the player count, ``2`` or ``3``;
2. the options that differ from their defaults, ``key=value`` joined by commas, or ``-``;
3. the structure: nine ranks from 9 (north) down to 1 (south) joined by ``/``, each nine octal
   digits from file a (west) to i (east); a digit is the set of occupied levels of that column
   (1 = level 1, 2 = level 2, 4 = level 3, so 7 is a full column);
4. the 3-player auction so far, bids and ``p`` for passes joined by commas, or ``-``;
5. the last piece placed, in action notation, or ``-``.

Who moves, the pieces left and Ah Puch's seat follow from these fields.

>>> from stonework.games.aztec import SPEC
>>> text = SPEC.new_state(2, SPEC.options.defaults()).position()
>>> text.split()[2]
'000000000/000000000/000000000/000000000/000010000/000000000/000000000/000000000/000000000'
>>> SPEC.from_position(text).position() == text
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stonework.core.errors import InvalidPosition, StoneworkError
from stonework.games.aztec import rules
from stonework.games.aztec.actions import PLACEMENT_CELLS, Placement, parse_action
from stonework.games.aztec.geometry import PIECES, SIZE, START, cell_index
from stonework.games.aztec.options import OPTIONS

if TYPE_CHECKING:
    from stonework.games.aztec.state import AztecState


def board_text(occupied: int) -> str:
    """Field 3: the columns' occupied levels as octal digits, ranks north to south."""
    ranks = []
    for y in range(SIZE - 1, -1, -1):
        digits = []
        for x in range(SIZE):
            column = 0
            for z in (1, 2, 3):
                if occupied >> cell_index(x, y, z) & 1:
                    column |= 1 << (z - 1)
            digits.append(str(column))
        ranks.append("".join(digits))
    return "/".join(ranks)


def write(state: AztecState) -> str:
    """The position string of ``state``."""
    defaults = OPTIONS.defaults()
    changed = [f"{k}={v}" for k, v in state.options.items() if defaults.get(k) != v]
    auction = ",".join(str(b) if b else "p" for b in state.auction) or "-"
    last = str(state.last) if state.last is not None else "-"
    return " ".join(
        [
            str(state.num_players),
            ",".join(changed) or "-",
            board_text(state.occupied),
            auction,
            last,
        ]
    )


def _board(text: str) -> int:
    ranks = text.split("/")
    if len(ranks) != SIZE or any(len(r) != SIZE for r in ranks):
        raise InvalidPosition(f"the structure {text!r} must be 9 ranks of 9 digits joined by '/'")
    occupied = 0
    for row, rank in enumerate(ranks):
        y = SIZE - 1 - row
        for x, digit in enumerate(rank):
            if digit not in "01234567":
                raise InvalidPosition(f"{digit!r} in rank {y + 1} is not a digit 0..7")
            for z in (1, 2, 3):
                if int(digit) >> (z - 1) & 1:
                    occupied |= 1 << cell_index(x, y, z)
    return occupied


def read(text: str) -> AztecState:
    """Build a state from a position string; raise InvalidPosition saying what is wrong."""
    from stonework.games.aztec.state import AztecState

    if not isinstance(text, str):
        raise InvalidPosition(f"{text!r} is not an Aztec position string")
    fields = text.split()
    if len(fields) != 5:
        raise InvalidPosition(
            f"an Aztec position has 5 fields (players, options, structure, auction, last "
            f"piece); {text!r} has {len(fields)}"
        )
    players_text, options_text, board, auction_text, last_text = fields
    if players_text not in ("2", "3"):
        raise InvalidPosition(f"the player count must be 2 or 3, not {players_text!r}")
    players = int(players_text)
    given = {}
    if options_text != "-":
        for pair in options_text.split(","):
            key, sep, value = pair.partition("=")
            if not sep:
                raise InvalidPosition(f"option {pair!r} must be written key=value")
            given[key] = value
    try:
        options = OPTIONS.resolve("aztec", given)
    except StoneworkError as exc:
        raise InvalidPosition(str(exc)) from None
    state = AztecState(players, options)
    occupied = _board(board)
    if not occupied >> START & 1:
        raise InvalidPosition("the start cube at e5 level 1 is missing")
    cubes = occupied.bit_count() - 1
    if cubes % 6 or cubes // 6 > PIECES:
        raise InvalidPosition(
            f"{cubes} cubes besides the start cube are not a whole number of pieces (≤ {PIECES})"
        )
    state.occupied = occupied
    state.placed = cubes // 6
    if auction_text != "-":
        if players != 3:
            raise InvalidPosition("only the 3-player game has an auction")
        for entry in auction_text.split(","):
            if not state.in_auction:
                raise InvalidPosition(f"the auction {auction_text!r} goes on after it ended")
            if entry == "p":
                allowed = [str(a) for a in state.legal_actions()]
                if "pass" not in allowed:
                    raise InvalidPosition("the third seat must bid after two passes")
                rules.auction_seat_acts(state, rules.NO_BID)
            elif (
                entry.isascii()
                and entry.isdigit()
                and len(entry) <= 3
                and 1 <= int(entry) < (state.high_bid or state.max_bid + 1)
            ):
                rules.auction_seat_acts(state, int(entry))
            else:
                raise InvalidPosition(f"{entry!r} is not a pass or a bid below the last one")
    if state.in_auction and state.placed:
        raise InvalidPosition("pieces are placed but the auction for Ah Puch is not over")
    if last_text != "-":
        try:
            last = parse_action(last_text)
        except StoneworkError as exc:
            raise InvalidPosition(f"the last piece: {exc}") from None
        cells = PLACEMENT_CELLS[last.id] if isinstance(last, Placement) else None
        if (
            not isinstance(last, Placement)
            or cells is None
            or cells & ~occupied
            or not state.placed
        ):
            raise InvalidPosition(f"the last piece {last_text!r} is not in the structure")
        state.last = last
    return state

"""The position string: the whole state (hidden parts included) as one line, and back.

Fields are ``key=value`` separated by ``;``; lists are comma-separated, ``-`` is "none"::

    zapotec;players=4;options=...;round=2;phase=actions;active=1;order=1,0,3,2;turn=0;
    queue=trade.17;stamp=3;spaces=0:-,1:2,x,...;tiles_left=...;rows=3.5.-/7.8.9/...;
    stacks=...;pyramids=temple:0L2S/-:;scoring_tiles=hills,etla;rituals=4:5,0:0,9:0;
    scoring_card=12;offer=3,7;dealt=<hex>;played=...;hands=1.4.22/...;known=0/...;
    p0=<resources>|<grid>|houses|palace|pieces|discs|track|arrival|points|tiles|used;...;
    turn_state=bought.levels.free

(one line, without the line breaks shown here).
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import quote, unquote

from stonework.core import InvalidPosition, OptionValue
from stonework.games.zapotec.components import ICONS, piece, piece_owner, piece_size
from stonework.games.zapotec.invariants import check_invariants
from stonework.games.zapotec.phases import (
    PHASES,
    Q_HAND,
    Q_TILE,
    Q_TRADE,
    TASKS,
    trade_task_level,
    trade_task_slot,
)

if TYPE_CHECKING:
    from stonework.games.zapotec.state import ZapotecState

_SIZE_LETTER = "?SML"


def _ints(values: list[int]) -> str:
    return ",".join("-" if v < 0 else str(v) for v in values)


def _read_ints(text: str, sep: str = ",") -> list[int]:
    if not text:
        return []
    return [-1 if v == "-" else int(v) for v in text.split(sep)]


# Options added after position strings were first written, with the value that is written by
# leaving them out: at that value they are left out, so the positions (and the final positions
# of saved records) of games played before they existed stay exactly as they were.
_LATER_OPTIONS = {"pyramid_piece": "largest"}


def write(state: ZapotecState) -> str:
    """The position string of a state."""
    spec = state.spec
    options = ",".join(
        f"{name}:{quote(str(state.options[name]), safe='')}"
        for name in spec.options.names()
        if _LATER_OPTIONS.get(name) != state.options[name]
    )
    spaces = ",".join(
        "x"
        if not state.in_play[i]
        else f"{_dash(state.space_tile[i])}:{_dash(state.space_owner[i])}"
        for i in range(len(state.space_tile))
    )
    pyramids = "/".join(
        f"{ICONS[state.pyramid_tile[p]] if state.pyramid_tile[p] >= 0 else '-'}:"
        + "".join(f"{piece_owner(q)}{_SIZE_LETTER[piece_size(q)]}" for q in stack)
        for p, stack in enumerate(state.pyramids)
    )
    fields = [
        "zapotec",
        f"players={state.num_players}",
        f"options={options}",
        f"round={state.round}",
        f"phase={PHASES[state.phase]}",
        f"active={state.active}",
        f"order={_ints(state.turn_order)}",
        f"turn={state.turn_index}",
        "queue=" + ",".join(f"{TASKS[k]}.{a}" for k, a in state.queue),
        f"stamp={state.stamp}",
        f"spaces={spaces}",
        f"tiles_left={_ints(state.tiles_left)}",
        "rows=" + "/".join(".".join(_dash(t) for t in row) for row in state.trade_rows),
        f"stacks={_ints(state.trade_stack)}",
        f"pyramids={pyramids}",
        "scoring_tiles=" + ",".join(ICONS[i] for i in state.scoring_tiles),
        "rituals="
        + ",".join(f"{r}:{d}" for r, d in zip(state.rituals, state.ritual_discs, strict=True)),
        f"scoring_card={state.scoring_card}",
        f"offer={_ints(state.offer)}",
        f"dealt={state.dealt:x}",
        f"played={_ints(state.played)}",
        "hands=" + "/".join(".".join(map(str, hand)) for hand in state.hands),
        "known=" + "/".join(f"{k:x}" for k in state.known),
    ]
    for seat in range(state.num_players):
        parts = [
            _ints(state.res[seat]),
            _ints(state.grid[seat]),
            str(state.houses[seat]),
            _dash(state.palace[seat]),
            _ints(state.pieces[seat]),
            str(state.discs[seat]),
            str(state.track[seat]),
            str(state.track_stamp[seat]),
            str(state.points[seat]),
            _ints(state.tiles[seat]),
            ",".join("1" if u else "0" for u in state.used[seat]),
        ]
        fields.append(f"p{seat}=" + "|".join(parts))
    fields.append(f"turn_state={state.bought}.{state.pyramid_levels}.{state.free_rituals}")
    return ";".join(fields)


def _dash(value: int) -> str:
    return "-" if value < 0 else str(value)


def read(text: str) -> ZapotecState:
    """Build a state from a position string; InvalidPosition says what is wrong."""
    if not isinstance(text, str):
        raise InvalidPosition(f"a zapotec position is text, not {type(text).__name__}")
    try:
        return _read(text)
    except InvalidPosition:
        raise
    except (ValueError, KeyError, IndexError) as exc:
        raise InvalidPosition(f"bad zapotec position: {exc}") from None


def _read(text: str) -> ZapotecState:
    fields = _fields(text)
    state = _new_state(fields)
    _read_flow(state, fields)
    _read_board(state, fields)
    _read_pyramids_and_rituals(state, fields)
    _read_cards(state, fields)
    for seat in range(state.num_players):
        _read_player(state, seat, fields[f"p{seat}"])
    bought, levels, free = fields["turn_state"].split(".")
    state.bought, state.pyramid_levels, state.free_rituals = int(bought), int(levels), int(free)
    _check_ranges(state)
    recount_houses(state)
    check_invariants(state)
    return state


def _fields(text: str) -> dict[str, str]:
    # ``zapotec;key=value;...`` as a dict.
    parts = text.strip().split(";")
    if not parts or parts[0] != "zapotec":
        raise InvalidPosition("a zapotec position starts with 'zapotec;'")
    fields: dict[str, str] = {}
    for part in parts[1:]:
        key, sep, value = part.partition("=")
        if not sep:
            raise InvalidPosition(f"field {part!r} is not key=value")
        fields[key] = value
    return fields


def _new_state(fields: dict[str, str]) -> ZapotecState:
    # players= and options=: an empty state of that configuration, without its setup.
    from stonework.games.zapotec.state import ZapotecState

    players = int(fields["players"])
    if players not in ZapotecState.spec.player_counts:
        raise InvalidPosition(f"zapotec is not played by {players} players")
    given: dict[str, OptionValue] = {}
    for item in fields["options"].split(","):
        if item:
            name, _, value = item.partition(":")
            given[name] = unquote(value)
    spec = ZapotecState.spec
    options = spec.options.resolve(spec.name, {k: v for k, v in given.items()})
    return ZapotecState(players, options, setup=False)


def _read_flow(state: ZapotecState, fields: dict[str, str]) -> None:
    # round=, phase=, active=, order=, turn=, queue=, stamp=: where the game stands.
    state.round = int(fields["round"])
    state.phase = PHASES.index(fields["phase"])
    state.active = int(fields["active"])
    state.turn_order = _read_ints(fields["order"])
    state.turn_index = int(fields["turn"])
    state.queue = []
    for item in fields["queue"].split(","):
        if item:
            kind, _, arg = item.partition(".")
            state.queue.append((TASKS.index(kind), int(arg)))
    state.stamp = int(fields["stamp"])


def _read_board(state: ZapotecState, fields: dict[str, str]) -> None:
    # spaces=, tiles_left=, rows=, stacks=: the board's spaces and the trade market.
    spaces = fields["spaces"].split(",")
    if len(spaces) != len(state.space_tile):
        raise InvalidPosition(f"{len(spaces)} spaces given, the board has {len(state.space_tile)}")
    for i, item in enumerate(spaces):
        if item == "x":
            if state.in_play[i]:
                raise InvalidPosition(f"space {i} is in play with {state.num_players} players")
            continue
        tile, owner = item.split(":")
        state.space_tile[i] = -1 if tile == "-" else int(tile)
        state.space_owner[i] = -1 if owner == "-" else int(owner)
    state.tiles_left = _read_ints(fields["tiles_left"])
    state.trade_rows = [_read_ints(row, ".") for row in fields["rows"].split("/")]
    state.trade_stack = _read_ints(fields["stacks"])


def _read_pyramids_and_rituals(state: ZapotecState, fields: dict[str, str]) -> None:
    # pyramids=, scoring_tiles=, rituals=.
    n = state.num_players
    pyramids = fields["pyramids"].split("/")
    if len(pyramids) != n + 1:
        raise InvalidPosition(f"{n} players have {n + 1} pyramid spaces")
    for p, item in enumerate(pyramids):
        tile, _, pieces = item.partition(":")
        state.pyramid_tile[p] = -1 if tile == "-" else ICONS.index(tile)
        state.pyramids[p] = [
            piece(int(pieces[k]), _SIZE_LETTER.index(pieces[k + 1]))
            for k in range(0, len(pieces), 2)
        ]
    state.scoring_tiles = [ICONS.index(i) for i in fields["scoring_tiles"].split(",") if i]
    state.rituals = []
    state.ritual_discs = []
    for item in fields["rituals"].split(","):
        if item:
            r, _, d = item.partition(":")
            state.rituals.append(int(r))
            state.ritual_discs.append(int(d))


def _read_cards(state: ZapotecState, fields: dict[str, str]) -> None:
    # scoring_card=, offer=, dealt=, played=, hands=, known=.
    n = state.num_players
    state.scoring_card = int(fields["scoring_card"])
    state.offer = _read_ints(fields["offer"])
    state.dealt = int(fields["dealt"], 16)
    state.played = _read_ints(fields["played"])
    state.hands = [_read_ints(h, ".") for h in fields["hands"].split("/")]
    state.known = [int(k, 16) for k in fields["known"].split("/")]
    if len(state.played) != n or len(state.hands) != n or len(state.known) != n:
        raise InvalidPosition("played, hands and known need one entry per seat")


def _read_player(state: ZapotecState, seat: int, text: str) -> None:
    # p<seat>=resources|grid|houses|palace|pieces|discs|track|arrival|points|tiles|used.
    items = text.split("|")
    if len(items) != 11:
        raise InvalidPosition(f"p{seat} needs 11 parts separated by '|'")
    state.res[seat] = _read_ints(items[0])
    state.grid[seat] = _read_ints(items[1])
    state.houses[seat] = int(items[2])
    state.palace[seat] = -1 if items[3] == "-" else int(items[3])
    state.pieces[seat] = _read_ints(items[4])
    state.discs[seat] = int(items[5])
    state.track[seat] = int(items[6])
    state.track_stamp[seat] = int(items[7])
    state.points[seat] = int(items[8])
    state.tiles[seat] = _read_ints(items[9])
    state.used[seat] = [u == "1" for u in items[10].split(",") if u]
    if len(state.res[seat]) != 6 or len(state.grid[seat]) != 9 or len(state.pieces[seat]) != 3:
        raise InvalidPosition(f"p{seat}: 6 resources, 9 grid slots and 3 piece counts needed")
    if len(state.used[seat]) != len(state.tiles[seat]):
        raise InvalidPosition(f"p{seat}: one used flag per trade tile")


def _need(ok: bool, what: str) -> None:
    if not ok:
        raise InvalidPosition(f"bad zapotec position: {what}")


def _within(values: list[int], low: int, high: int) -> bool:
    return all(low <= v <= high for v in values)


def _check_ranges(state: ZapotecState) -> None:
    # Every number must name something that exists, so a read state cannot fail later.
    c = state.comp
    n = state.num_players
    seats = list(range(n))
    cards = set(c.cards)
    kinds = len(c.trade_tiles)
    tiles = len(c.building_tiles)
    _need(1 <= state.round <= c.rounds, f"round {state.round} is not 1..{c.rounds}")
    _need(-1 <= state.active < n, f"seat {state.active} to act does not exist")
    _need(not state.turn_order or sorted(state.turn_order) == seats, "turn order")
    _need(0 <= state.turn_index < max(1, len(state.turn_order)), "turn index")
    for kind, arg in state.queue:
        if kind == Q_TILE:
            _need(0 <= arg < len(c.spaces) and state.in_play[arg], "a building-tile task")
        elif kind == Q_TRADE:
            _need(
                1 <= trade_task_level(arg) <= 3 and trade_task_slot(arg) < c.trade_face_up,
                "a trade-tile task",
            )
        else:
            _need(0 <= arg < (n if kind == Q_HAND else 1), "a chance task")
    _need(_within(state.space_tile, -1, tiles - 1), "a building tile on the board")
    _need(_within(state.space_owner, -1, n - 1), "the owner of a space")
    _need(len(state.tiles_left) == tiles and _within(state.tiles_left, 0, 99), "tiles left")
    _need(len(state.trade_rows) == 3, "three trade rows")
    for row in state.trade_rows:
        _need(len(row) == c.trade_face_up and _within(row, -1, kinds - 1), "a trade row")
    _need(len(state.trade_stack) == kinds, "one trade stack count per tile kind")
    _need(
        all(0 <= k <= t.count for k, t in zip(state.trade_stack, c.trade_tiles, strict=True)),
        "stacks",
    )
    for p, stack in enumerate(state.pyramids):
        _need(len(stack) <= 3, f"pyramid {p + 1} is higher than 3")
        _need(
            all(piece_owner(q) < n and piece_size(q) for q in stack), f"a piece of pyramid {p + 1}"
        )
    _need(len(state.rituals) == len(state.ritual_discs) <= c.rituals_in_play, "rituals")
    _need(_within(state.rituals, 0, len(c.rituals) - 1), "a ritual card")
    _need(_within(state.ritual_discs, 0, (1 << n) - 1), "ritual discs")
    _need(state.scoring_card == 0 or state.scoring_card in cards, "the scoring card")
    hands = [card for hand in state.hands for card in hand]
    _need(all(card in cards for card in state.offer + hands), "a card of the offer or a hand")
    _need(all(card == 0 or card in cards for card in state.played), "a played card")
    _need(state.dealt >= 0 and all(k >= 0 for k in state.known), "card masks")
    for seat in seats:
        _need(_within(state.res[seat], 0, 999), f"seat {seat}'s resources")
        _need(_within(state.grid[seat], -1, tiles - 1), f"seat {seat}'s grid")
        _need(0 <= state.houses[seat] <= c.houses, f"seat {seat}'s houses")
        _need(-1 <= state.palace[seat] < len(c.spaces), f"seat {seat}'s palace")
        _need(
            all(0 <= k <= m for k, m in zip(state.pieces[seat], c.pyramid_pieces, strict=True)),
            "pieces",
        )
        _need(0 <= state.discs[seat] <= c.ritual_discs, f"seat {seat}'s ritual discs")
        _need(0 <= state.track[seat] <= c.track_length, f"seat {seat}'s track space")
        _need(state.track_stamp[seat] >= 0, f"seat {seat}'s arrival")
        _need(_within(state.tiles[seat], 0, kinds - 1), f"seat {seat}'s trade tiles")
    _need(min(state.bought, state.pyramid_levels, state.free_rituals) >= 0, "turn counters")


def recount_houses(state: ZapotecState) -> None:
    """Derive the houses per icon of every seat from the board (a palace counts 2, §5.2d)."""
    c = state.comp
    for seat in range(state.num_players):
        state.icon_houses[seat] = [0] * 9
    for s in c.spaces:
        owner = state.space_owner[s.index]
        if owner >= 0:
            weight = 2 if state.palace[owner] == s.index else 1
            for icon in s.icons():
                state.icon_houses[owner][icon] += weight

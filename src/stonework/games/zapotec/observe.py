"""What a seat may see: the observation (plain JSON), hidden tokens and the tensor.

Hidden from a seat: the cards in other hands that it has not seen (dealt cards; a card drafted
from the open offer stays known to all), and the cards other seats committed before the reveal.
Cards are written ``#14 hills/stone`` everywhere, so a hidden card's token is ``#14``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache, partial
from typing import TYPE_CHECKING, Final, NamedTuple

from stonework.core import CHANCE, JSON
from stonework.games.zapotec.components import (
    ICONS,
    LEVELS,
    RESOURCES,
    SIZES,
    Components,
    piece_owner,
    piece_size,
)
from stonework.games.zapotec.phases import COMMIT, PHASES, TASKS

if TYPE_CHECKING:
    from stonework.games.zapotec.state import ZapotecState


def card_token(card: int) -> str:
    """The token naming a card in observations and text (``#07``)."""
    return f"#{card:02d}"


def hidden_tokens(state: ZapotecState, player: int | None) -> set[str]:
    """Cards in other seats' hands that ``player`` has not seen (spectator: every unseen card)."""
    out: set[str] = set()
    for seat in range(state.num_players):
        if seat == player:
            continue
        known = state.known[seat]
        for card in state.hands[seat]:
            if not known >> card & 1:
                out.add(card_token(card))
    return out


def _resources(values: list[int]) -> dict[str, JSON]:
    return {RESOURCES[r]: values[r] for r in range(6)}


def observation(state: ZapotecState, player: int | None) -> dict[str, JSON]:
    """A plain-JSON view of the game as ``player`` sees it (``None``: a spectator)."""
    c = state.comp
    card = c.card_text
    committing = state.phase == COMMIT
    to_play = state.current_player
    board: list[JSON] = []
    for s in c.spaces:
        if not state.in_play[s.index]:
            continue
        tile = state.space_tile[s.index]
        owner = state.space_owner[s.index]
        board.append(
            {
                "space": s.name,
                "building": ICONS[s.building],
                "tile": c.building_tiles[tile].name if tile >= 0 else None,
                "owner": owner if owner >= 0 else None,
                "palace": owner >= 0 and state.palace[owner] == s.index,
            }
        )
    players: list[JSON] = []
    for seat in range(state.num_players):
        known = state.known[seat]
        revealed = not committing and state.played[seat] > 0
        entry: dict[str, JSON] = {
            "seat": seat,
            "resources": _resources(state.res[seat]),
            "grid": [c.building_tiles[t].name if t >= 0 else None for t in state.grid[seat]],
            "houses_left": state.houses[seat],
            "palace": c.spaces[state.palace[seat]].name if state.palace[seat] >= 0 else None,
            "pieces_left": {SIZES[k]: state.pieces[seat][k] for k in range(3)},
            "ritual_discs_left": state.discs[seat],
            "sacrifice": state.track[seat],
            "sacrifice_arrival": state.track_stamp[seat],
            "points": state.points[seat],
            "trade_tiles": [
                {"tile": c.trade_tiles[k].name, "used": u}
                for k, u in zip(state.tiles[seat], state.used[seat], strict=True)
            ],
            "hand_size": len(state.hands[seat]),
            "known_cards": [card(n) for n in state.hands[seat] if known >> n & 1],
            "committed": committing and state.played[seat] > 0,
            "played": card(state.played[seat]) if revealed else None,
        }
        if seat == player:
            entry["hand"] = [card(n) for n in state.hands[seat]]
            entry["my_choice"] = (
                card(state.played[seat]) if committing and state.played[seat] else None
            )
        players.append(entry)
    return {
        "game": "zapotec",
        "seat": player,
        "round": state.round,
        "phase": PHASES[state.phase],
        "to_play": to_play if to_play >= 0 else None,
        "chance": TASKS[state.queue[0][0]] if to_play == CHANCE else None,
        "scoring_card": card(state.scoring_card) if state.scoring_card else None,
        "offer": [card(n) for n in state.offer],
        "turn_order": list(state.turn_order),
        "board": board,
        "pyramids": [
            {
                "tile": ICONS[state.pyramid_tile[p]] if state.pyramid_tile[p] >= 0 else None,
                "pieces": [[piece_owner(q), SIZES[piece_size(q) - 1]] for q in stack],
            }
            for p, stack in enumerate(state.pyramids)
        ],
        "scoring_tiles": [ICONS[i] for i in state.scoring_tiles],
        "trade_rows": {
            LEVELS[k]: [c.trade_tiles[t].name if t >= 0 else None for t in state.trade_rows[k]]
            for k in range(3)
        },
        "trade_stacks": {
            LEVELS[k]: sum(state.trade_stack[t.index] for t in c.trade_tiles if t.level == k + 1)
            for k in range(3)
        },
        "rituals": [
            {
                "id": c.rituals[r].id,
                "text": c.rituals[r].text,
                "discs": [s for s in range(state.num_players) if state.ritual_discs[k] >> s & 1],
            }
            for k, r in enumerate(state.rituals)
        ],
        "players": players,
    }


# --- tensor -------------------------------------------------------------------------------------


def tensor(state: ZapotecState, player: int) -> list[float]:
    """The documented flat layout (docs/zapotec.md, "Observation tensor")."""
    out: list[float] = []
    for block in blocks(state.num_players):
        block.build(state, player, out)
    return out


class Block(NamedTuple):
    """One run of the tensor: the values it appends, in order (``observe_array`` writes the same
    values into a kept array field by field; ``private`` blocks depend on the observing seat)."""

    name: str
    private: bool
    build: Callable[[ZapotecState, int, list[float]], None]


@lru_cache(maxsize=8)
def blocks(players: int) -> tuple[Block, ...]:
    """The tensor's blocks in order, for a table of ``players`` seats."""
    shared = (
        Block("board", False, lambda state, _, out: _board_block(state, out)),
        Block("trade", False, lambda state, _, out: _trade_block(state, out)),
        Block("pyramids", False, lambda state, _, out: _pyramids_block(state, out)),
        Block("rituals", False, lambda state, _, out: _rituals_block(state, out)),
    )
    seats = tuple(
        Block(f"seat {seat} {part}", False, partial(build, seat))
        for seat in range(players)
        for part, build in (
            ("resources", _resources_block),
            ("grid", _grid_block),
            ("holdings", _holdings_block),
        )
    )
    return (
        Block("head", True, _head_block),
        Block("cards", True, _cards_block),
        *shared,
        *seats,
    )


def _head_block(state: ZapotecState, player: int, out: list[float]) -> None:
    # Round, phase, seat to play and observing seat, each one-hot.
    n = state.num_players
    _one_hot(out, state.round - 1, state.comp.rounds)
    _one_hot(out, state.phase, len(PHASES))
    _one_hot(out, state.current_player, n)
    _one_hot(out, player, n)


def _cards_block(state: ZapotecState, player: int, out: list[float]) -> None:
    # The scoring card, the offer, the player's hand and choice; per seat its known cards and
    # its revealed card (none while cards are being chosen).
    position = _card_positions(state.comp)
    size = len(position)
    out += _marked(position, size, (state.scoring_card,))
    out += _marked(position, size, state.offer)
    out += _marked(position, size, state.hands[player])
    out += _marked(position, size, (state.played[player],))
    committing = state.phase == COMMIT
    cards = state.comp.cards
    for seat in range(state.num_players):
        known = state.known[seat]
        out += [1.0 if known >> n_ & 1 else 0.0 for n_ in cards]
        out += _marked(position, size, (0 if committing else state.played[seat],))


@lru_cache(maxsize=8)
def _card_positions(c: Components) -> dict[int, int]:
    # Components are compared by identity: one table per data set.
    return {card: i for i, card in enumerate(c.cards)}


def _marked(position: dict[int, int], size: int, cards: Iterable[int]) -> list[float]:
    """1.0 at the position of each of ``cards`` that is a card (0 and the like are not)."""
    row = [0.0] * size
    for card in cards:
        at = position.get(card)
        if at is not None:
            row[at] = 1.0
    return row


@lru_cache(maxsize=8)
def _produce_floats(c: Components) -> tuple[tuple[float, ...], ...]:
    # Each building tile's resources as floats.
    return tuple(tuple(float(v) for v in t.produce) for t in c.building_tiles)


_NO_TILE: Final = (0.0,) * 6


def _board_block(state: ZapotecState, out: list[float]) -> None:
    # Per board space: in play, its building tile's resources, its owner, a palace on it.
    c = state.comp
    n = state.num_players
    produce = _produce_floats(c)
    in_play, space_tile, space_owner, palace = (
        state.in_play,
        state.space_tile,
        state.space_owner,
        state.palace,
    )
    for s in c.spaces:
        i = s.index
        out.append(1.0 if in_play[i] else 0.0)
        tile = space_tile[i]
        out += produce[tile] if tile >= 0 else _NO_TILE
        owner = space_owner[i]
        out += _one_hot_row(owner, n)
        out.append(1.0 if owner >= 0 and palace[owner] == i else 0.0)


def _trade_block(state: ZapotecState, out: list[float]) -> None:
    # The face-up trade tiles by row and slot, then each stack's share left.
    c = state.comp
    kinds = len(c.trade_tiles)
    for row in state.trade_rows:
        for tile in row:
            out += _one_hot_row(tile, kinds)
    out.extend(state.trade_stack[k] / max(1, c.trade_tiles[k].count) for k in range(kinds))


def _pyramids_block(state: ZapotecState, out: list[float]) -> None:
    # Per pyramid space and level: the piece's owner and size; its scoring tile; the tiles drawn.
    n = state.num_players
    for p in range(n + 1):
        stack = state.pyramids[p]
        for level in range(3):
            piece = stack[level] if level < len(stack) else -1
            out += _one_hot_row(piece_owner(piece) if piece >= 0 else -1, n)
            out += _one_hot_row(piece_size(piece) - 1 if piece >= 0 else -1, 3)
        out += _one_hot_row(state.pyramid_tile[p], 9)
    drawn = set(state.scoring_tiles)
    out.extend(1.0 if i in drawn else 0.0 for i in range(9))


def _rituals_block(state: ZapotecState, out: list[float]) -> None:
    # Per ritual slot: the card drawn there and the seats with a disc on it.
    c = state.comp
    for k in range(c.rituals_in_play):
        ritual = state.rituals[k] if k < len(state.rituals) else -1
        out += _one_hot_row(ritual, len(c.rituals))
        discs = state.ritual_discs[k] if k < len(state.ritual_discs) else 0
        out.extend(1.0 if discs >> s & 1 else 0.0 for s in range(state.num_players))


RESOURCE_CEILING: Final = 100
"""Resources of one kind beyond this show as this many (resources / 10 is at most 10): supply
is unlimited by default, so nothing else bounds them; play stays far below (greedy games hold
at most about 10)."""

POINTS_CEILING: Final = 1000
"""Points beyond this show as this many (points / 100 is at most 10); games end near 20-60."""


def ceiling(c: Components) -> float:
    """The greatest value any entry of the tensor can take with these components.

    One-hots and shares are at most 1; resources and points are clipped (the ceilings above);
    the counts are bounded by the data: pyramid pieces and ritual discs (conserved, checked by
    ``invariants``), hand size (at most the deal), trade tiles owned per kind (its copies), and
    a building tile's produce.
    """
    counts = [
        1.0,
        RESOURCE_CEILING / 10.0,
        POINTS_CEILING / 100.0,
        float(max(c.pyramid_pieces)),
        float(c.ritual_discs),
        float(max(c.hand_size.values())),
        float(max(t.count for t in c.trade_tiles)),
    ]
    counts += [float(v) for t in c.building_tiles for v in t.produce]
    return max(counts)


def _resources_block(seat: int, state: ZapotecState, player: int, out: list[float]) -> None:
    # A seat's resources (clipped at the ceiling) / 10.
    out.extend(min(v, RESOURCE_CEILING) / 10.0 for v in state.res[seat])


def _grid_block(seat: int, state: ZapotecState, player: int, out: list[float]) -> None:
    # What each of a seat's grid tiles produces.
    produce = _produce_floats(state.comp)
    for tile in state.grid[seat]:
        out += produce[tile] if tile >= 0 else _NO_TILE


def _holdings_block(seat: int, state: ZapotecState, player: int, out: list[float]) -> None:
    # A seat's houses, palace, pieces, discs, track, points, trade tiles, hand size and whether
    # it has chosen its card.
    c = state.comp
    out.append(state.houses[seat] / max(1, c.houses))
    out.append(1.0 if state.palace[seat] >= 0 else 0.0)
    out.extend(float(v) for v in state.pieces[seat])
    out.append(float(state.discs[seat]))
    out.append(state.track[seat] / max(1, c.track_length))
    out.append(min(state.points[seat], POINTS_CEILING) / 100.0)
    kinds = len(c.trade_tiles)
    owned = [0.0] * kinds
    used = [0.0] * kinds
    for k, u in zip(state.tiles[seat], state.used[seat], strict=True):
        owned[k] += 1.0
        used[k] += 1.0 if u else 0.0
    out.extend(owned)
    out.extend(used)
    out.append(float(len(state.hands[seat])))
    out.append(1.0 if state.phase == COMMIT and state.played[seat] else 0.0)


def _one_hot(out: list[float], index: int, size: int) -> None:
    out += _one_hot_row(index, size)


@lru_cache(maxsize=512)
def _one_hot_row(index: int, size: int) -> tuple[float, ...]:
    # Shared rows (tuples: never changed): a tensor is hundreds of small one-hots.
    return tuple(1.0 if i == index else 0.0 for i in range(size))


def shape(state: ZapotecState) -> tuple[int, ...]:
    """The tensor's shape for this config (constant over a game): one flat vector."""
    return (len(tensor(state, 0)),)

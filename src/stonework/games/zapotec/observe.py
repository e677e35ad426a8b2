"""What a seat may see: the observation (plain JSON), hidden tokens, the tensor, the heuristic.

Hidden from a seat: the cards in other hands that it has not seen (dealt cards; a card drafted
from the open offer stays known to all), and the cards other seats committed before the reveal.
Cards are written ``#14 hills/stone`` everywhere, so a hidden card's token is ``#14``.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from stonework.core import CHANCE, JSON

from .components import CORN, ICONS, LEVELS, PRIEST, RESOURCES, SIZES
from .effects import trade_discount
from .phases import COMMIT, DRAFT, END, INCOME, PHASES, TASKS
from .rules import pyramid_complete
from .scoring import pyramid_points, ritual_total, track_points

if TYPE_CHECKING:
    from .state import ZapotecState


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
                "pieces": [[piece >> 2, SIZES[(piece & 3) - 1]] for piece in stack],
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


def observation_tensor(state: ZapotecState, player: int) -> list[float]:
    """The documented flat layout (docs/zapotec.md, "Observation tensor")."""
    c = state.comp
    n = state.num_players
    cards = c.cards
    out: list[float] = []
    one_hot = _one_hot
    one_hot(out, state.round - 1, c.rounds)
    one_hot(out, state.phase, len(PHASES))
    one_hot(out, state.current_player, n)
    one_hot(out, player, n)
    # cards
    out.extend(1.0 if n_ == state.scoring_card else 0.0 for n_ in cards)
    offer = set(state.offer)
    out.extend(1.0 if n_ in offer else 0.0 for n_ in cards)
    mine = set(state.hands[player])
    out.extend(1.0 if n_ in mine else 0.0 for n_ in cards)
    out.extend(1.0 if n_ == state.played[player] else 0.0 for n_ in cards)
    committing = state.phase == COMMIT
    for seat in range(n):
        known = state.known[seat]
        out.extend(1.0 if known >> n_ & 1 else 0.0 for n_ in cards)
        shown = 0 if committing else state.played[seat]
        out.extend(1.0 if n_ == shown else 0.0 for n_ in cards)
    # board spaces
    for s in c.spaces:
        i = s.index
        out.append(1.0 if state.in_play[i] else 0.0)
        tile = state.space_tile[i]
        out.extend(float(v) for v in (c.building_tiles[tile].produce if tile >= 0 else (0,) * 6))
        one_hot(out, state.space_owner[i], n)
        owner = state.space_owner[i]
        out.append(1.0 if owner >= 0 and state.palace[owner] == i else 0.0)
    # trade rows and stacks
    kinds = len(c.trade_tiles)
    for row in state.trade_rows:
        for tile in row:
            one_hot(out, tile, kinds)
    out.extend(state.trade_stack[k] / max(1, c.trade_tiles[k].count) for k in range(kinds))
    # pyramids
    for p in range(n + 1):
        stack = state.pyramids[p]
        for level in range(3):
            piece = stack[level] if level < len(stack) else -1
            one_hot(out, piece >> 2 if piece >= 0 else -1, n)
            one_hot(out, (piece & 3) - 1 if piece >= 0 else -1, 3)
        one_hot(out, state.pyramid_tile[p], 9)
    drawn = set(state.scoring_tiles)
    out.extend(1.0 if i in drawn else 0.0 for i in range(9))
    # rituals
    for k in range(c.rituals_in_play):
        ritual = state.rituals[k] if k < len(state.rituals) else -1
        one_hot(out, ritual, len(c.rituals))
        discs = state.ritual_discs[k] if k < len(state.ritual_discs) else 0
        out.extend(1.0 if discs >> s & 1 else 0.0 for s in range(n))
    # players
    for seat in range(n):
        out.extend(v / 10.0 for v in state.res[seat])
        for tile in state.grid[seat]:
            out.extend(
                float(v) for v in (c.building_tiles[tile].produce if tile >= 0 else (0,) * 6)
            )
        out.append(state.houses[seat] / max(1, c.houses))
        out.append(1.0 if state.palace[seat] >= 0 else 0.0)
        out.extend(float(v) for v in state.pieces[seat])
        out.append(float(state.discs[seat]))
        out.append(state.track[seat] / max(1, c.track_length))
        out.append(state.points[seat] / 100.0)
        owned = [0.0] * kinds
        used = [0.0] * kinds
        for k, u in zip(state.tiles[seat], state.used[seat], strict=True):
            owned[k] += 1.0
            used[k] += 1.0 if u else 0.0
        out.extend(owned)
        out.extend(used)
        out.append(float(len(state.hands[seat])))
        out.append(1.0 if committing and state.played[seat] else 0.0)
    return out


def _one_hot(out: list[float], index: int, size: int) -> None:
    block = [0.0] * size
    if 0 <= index < size:
        block[index] = 1.0
    out.extend(block)


def observation_size(state: ZapotecState) -> int:
    """Length of the tensor for this config (constant over a game)."""
    return len(observation_tensor(state, 0))


# --- heuristic ----------------------------------------------------------------------------------

# What one resource is worth early in the game, in VP: a fraction of what it buys. Two basics
# build a house worth ~2/3 VP a remaining round plus its tile's income; four (with a priest) buy a
# pyramid piece; corn and a priest move the sacrifice marker; gold buys trade tiles and rituals.
_RESOURCE_VALUE = (0.5, 0.5, 0.5, 0.35, 0.45, 0.6)  # wood brick stone corn gold priest
_LEFTOVER = 0.15  # the share of that value a resource keeps when no round is left to use it
_ENTRY_SHARE = 0.35  # of the sacrifice reward still free, for each of a first priest and corn
_STEP_VALUE = 0.4  # a sacrifice step beyond the rank it earns: a later rank is cheaper to reach
_OPEN_PIECE = 1.5  # a piece on an unfinished pyramid: its chance of the completion bonus
_TILE_INCOME = 0.35  # a grid tile's resources, per remaining round, as VP (it runs ~1 turn in 3)
_TILE_ENTRY = 4.0  # added to corn and priest in a tile's income while the seat is off the track:
# cards bring only basic resources, so without a corn and a priest source a seat never enters the
# track and leaves 6-9 VP (§9) to the others; measured with the arena, smaller values lose more
_TRADE_TILE = 0.6  # a trade tile, per remaining round (its once-a-round use or lasting discount)


def _scored_this_round(state: ZapotecState, seat: int) -> bool:
    """Whether ``seat`` has already banked this round's points (§5.2d, at the end of its turn)."""
    if state.phase == END:
        return True
    order = state.turn_order
    if not order:  # card selection: no turn taken yet this round
        return False
    place = order.index(seat)
    if place != state.turn_index:
        return place < state.turn_index
    return state.phase == DRAFT


def _income_pending(state: ZapotecState, seat: int) -> bool:
    """Whether ``seat`` has chosen its card this round but not yet taken its income (§5.2a)."""
    if not state.played[seat] or state.phase == END:
        return False
    if state.phase == COMMIT:
        return True
    place = state.turn_order.index(seat)
    if place != state.turn_index:
        return place > state.turn_index
    return state.phase == INCOME


def _with_income(state: ZapotecState, seat: int) -> list[int]:
    """The seat's resources plus the income its committed card will bring (§5.2a): the card's
    resource and the better, by value, of the tiles in its row or its column."""
    c = state.comp
    resource = c.card_resource[state.played[seat]]
    grid = state.grid[seat]
    tiles = c.building_tiles
    best: list[int] = [0] * 6
    best_value = -1.0
    for slots in (
        (resource, resource + 3, resource + 6),
        (3 * resource, 3 * resource + 1, 3 * resource + 2),
    ):
        line = [0] * 6
        for slot in slots:
            if grid[slot] >= 0:
                produce = tiles[grid[slot]].produce
                for r in range(6):
                    line[r] += produce[r]
        value = sum(_RESOURCE_VALUE[r] * line[r] for r in range(6))
        if value > best_value:
            best, best_value = line, value
    out = [have + got for have, got in zip(state.res[seat], best, strict=True)]
    out[resource] += 1
    return out


def _houses_on_icon(state: ZapotecState, seat: int, card: int) -> int:
    return state.icon_houses[seat][state.comp.card_icon[card]] if card else 0


def estimate(state: ZapotecState, seat: int, track: list[int]) -> float:
    """The points ``seat`` may expect at the end, from what its determinized state holds.

    Banked points; the round scoring its houses will earn (exactly for the scoring cards already
    known, 2 VP x houses/3 on average for later rounds: each house carries 3 of the 9 icons);
    pyramids, rituals and the sacrifice rank as they stand, with something for open pyramids and
    track steps; the income of grid tiles and trade tiles over the remaining rounds; resources at a
    fraction of what they buy, falling as the game nears its end. Cheap: no search, no copy.
    """
    c = state.comp
    vp = c.round_vp_per_house
    icons = state.icon_houses[seat]
    houses = sum(icons) / 3.0  # a palace counts twice in each of its three icons
    scored = _scored_this_round(state, seat)
    rounds_after = max(0, c.rounds - state.round)  # rounds after the current one
    future = 0.0
    later = rounds_after
    if not scored:
        future += vp * _houses_on_icon(state, seat, state.scoring_card)
    if rounds_after and state.offer:
        # §4.3: the first offer card becomes the next round's scoring card.
        future += vp * _houses_on_icon(state, seat, state.offer[0])
        later -= 1
    future += later * vp * houses / 3.0
    left = rounds_after + (0 if scored else 1)  # rounds still to score for this seat
    horizon = left / c.rounds
    pyramids, _ = pyramid_points(state, seat)
    open_pieces = sum(
        1
        for stack in state.pyramids
        if not pyramid_complete(state, stack)
        for piece in stack
        if piece >> 2 == seat
    )
    rituals, _ = ritual_total(state, seat)
    res = _with_income(state, seat) if _income_pending(state, seat) else state.res[seat]
    keep = _LEFTOVER + (1.0 - _LEFTOVER) * horizon
    resources = sum(_RESOURCE_VALUE[r] * res[r] for r in range(6))
    if not state.track[seat] and left:
        # §9: off the track, a priest with corn is a ticket to the next free reward; each half
        # of the pair holds a share of it until it is spent on the sacrifice.
        on = sum(1 for t in state.track if t > 0)
        rewards = c.track_rewards
        entry = rewards[on] if on < len(rewards) else 0
        resources += _ENTRY_SHARE * entry * (min(1, res[PRIEST]) + min(1, res[CORN]))
    resources *= keep
    produce = c.building_tiles
    wanted = list(_RESOURCE_VALUE)
    if not state.track[seat]:
        wanted[CORN] += _TILE_ENTRY
        wanted[PRIEST] += _TILE_ENTRY
    tiles = sum(
        wanted[r] * produce[t].produce[r] for t in state.grid[seat] if t >= 0 for r in range(6)
    )
    engine = _TILE_INCOME * tiles + _TRADE_TILE * len(state.tiles[seat])
    engine += 0.3 * trade_discount(state, seat)
    return (
        state.points[seat]
        + future
        + pyramids
        + _OPEN_PIECE * open_pieces * horizon
        + rituals
        + track[seat]
        + _STEP_VALUE * state.track[seat] * horizon
        + resources
        + engine * rounds_after
    )


def heuristic(state: ZapotecState) -> list[float]:
    """Each seat's prospects in [-1, 1]: its estimate against the mean of the table."""
    track = track_points(state)
    values = [estimate(state, seat, track) for seat in range(state.num_players)]
    mean = sum(values) / len(values)
    return [math.tanh((v - mean) / 20.0) for v in values]

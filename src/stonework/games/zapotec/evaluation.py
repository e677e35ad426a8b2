"""The Zapotec heuristic: each seat's expected final points, squashed into a value in [-1, 1].

It reads only the state a seat's search holds (a determinized copy), so it sees nothing hidden.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING

from stonework.games.zapotec.components import CORN, PRIEST, Components, Vec
from stonework.games.zapotec.effects import (
    goal_count,
    ritual_points,
    track_pyramid_cost,
    trade_discount,
)
from stonework.games.zapotec.phases import COMMIT, DRAFT, END, INCOME
from stonework.games.zapotec.pieces import piece_owner, piece_size
from stonework.games.zapotec.rules import can_stack, income_slots, pyramid_complete
from stonework.games.zapotec.scoring import track_points

if TYPE_CHECKING:
    from stonework.games.zapotec.state import ZapotecState

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
_TRADE_TILE = 0.6  # a lasting trade tile, per remaining round, when its kind says no more
_SPENT_TILE = 0.15  # a spent immediate tile, per remaining round (ritual goals count tiles)
_HOUSES_A_ROUND = 1.2  # houses a seat builds in a round: what a building discount saves on
_LEVELS_A_ROUND = 0.8  # pyramid levels a seat builds in a round: what a pyramid discount saves on
_GOAL_PROGRESS = 0.6  # of an unmet ritual goal's points, per share of its count reached (§8)
_NEXT_HOUSES = 0.5  # houses a seat adds to a pyramid's icon in each remaining round (§7)
_COMPLETION = (0.0, 0.0, 0.55, 0.35)  # chance an open pyramid is finished, by its top piece size
# §7 under "largest piece left": a seat's small piece (its 4th level) is what completes a
# pyramid, so how near the table's nearest seat is to a small piece decides whether an open
# pyramid gets its top. By the seat's large and medium pieces still in its supply (0..3) while
# a small is left: the share of a completion's value that nearness is worth.
_NEARNESS = (1.0, 0.6, 0.35, 0.2)
_OWN_SMALL = 0.6  # of the 5 VP the seat's own small piece earns when it completes a pyramid
_FREE_DISC = 1.5  # a ritual disc the seat could still place on a card it would profit from


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


def _with_income(state: ZapotecState, seat: int, table: _Table) -> list[int]:
    """The seat's resources plus the income its committed card will bring (§5.2a): the card's
    resource and the better, by value, of the tiles in its row or its column."""
    c = state.comp
    resource = c.card_resource[state.played[seat]]
    grid = state.grid[seat]
    produce = table.produce
    best: list[int] = [0] * 6
    best_value = -1.0
    for slots in (income_slots(resource, column=True), income_slots(resource, column=False)):
        line = [0] * 6
        for slot in slots:
            if grid[slot] >= 0:
                made = produce[grid[slot]]
                for r in range(6):
                    line[r] += made[r]
        value = 0.0
        for r in range(6):
            value += _RESOURCE_VALUE[r] * line[r]
        if value > best_value:
            best, best_value = line, value
    out = [have + got for have, got in zip(state.res[seat], best, strict=True)]
    out[resource] += 1
    return out


def _houses_on_icon(state: ZapotecState, seat: int, card: int) -> int:
    return state.icon_houses[seat][state.comp.card_icon[card]] if card else 0


class _Table:
    """What one heuristic call shares between its seats: computed once, not once per seat."""

    def __init__(self, state: ZapotecState) -> None:
        self.track = track_points(state)
        self.produce = _produce(state.comp)
        self.tile_values = _tile_values(state.comp)
        # The nearest seat's nearness to a small piece, by a seat's rounds left (at most two
        # values in one position: whether a seat has scored this round); -1: not yet looked at.
        self.closest = [-1.0, -1.0]
        self.closest_left = [-1, -1]

    def nearest(self, state: ZapotecState, left: int) -> float:
        """``max(_nearness(state, other, left) for every seat)``, once per value of ``left``."""
        for k in range(2):
            if self.closest_left[k] == left:
                return self.closest[k]
            if self.closest_left[k] < 0:
                best = _nearness(state, 0, left)
                for other in range(1, state.num_players):
                    best = max(best, _nearness(state, other, left))
                self.closest_left[k] = left
                self.closest[k] = best
                return best
        raise AssertionError("a position has at most two values of the rounds left")


@lru_cache(maxsize=16)
def _produce(c: Components) -> list[tuple[int, ...]]:
    """Each building tile's resources as a plain tuple (no attribute lookup per resource)."""
    return [tuple(tile.produce) for tile in c.building_tiles]


@lru_cache(maxsize=16)
def _tile_values(c: Components) -> list[float]:
    """:func:`_tile_value` of every trade tile kind, in kind order."""
    return [_tile_value(c, kind) for kind in range(len(c.trade_tiles))]


def estimate(state: ZapotecState, seat: int, track: list[int]) -> float:
    """The points ``seat`` may expect at the end, from what its determinized state holds.

    Banked points; the round scoring its houses will earn (exactly for the scoring cards already
    known, 2 VP x houses/3 on average for later rounds: each house carries 3 of the 9 icons);
    pyramids, rituals and the sacrifice rank as they stand, with something for open pyramids and
    track steps; the income of grid tiles and trade tiles over the remaining rounds; resources at a
    fraction of what they buy, falling as the game nears its end. Cheap: no search, no copy.
    """
    table = _Table(state)
    table.track = track
    return _estimate(state, seat, table)


TERM_NAMES: tuple[str, ...] = (
    "banked points",
    "round scoring",
    "pyramids",
    "rituals",
    "track points",
    "track steps",
    "resources",
    "engine",
    "discounts",
)
"""The parts of :func:`estimate` in the order :func:`estimate_terms` gives them."""


def estimate_terms(state: ZapotecState) -> list[tuple[float, ...]]:
    """Each seat's :func:`estimate` as its parts (:data:`TERM_NAMES`), one table for all seats:
    the learned leaf value (:mod:`.leaf_net`) reads them as features."""
    table = _Table(state)
    return [_terms(state, seat, table) for seat in range(state.num_players)]


def _estimate(state: ZapotecState, seat: int, table: _Table) -> float:
    # Added left to right as the first version's single expression did: every value is the
    # same to the bit, so seeded play does not change (tests/zapotec/test_zapotec_digests.py).
    t = _terms(state, seat, table)
    return t[0] + t[1] + t[2] + t[3] + t[4] + t[5] + t[6] + t[7] + t[8]


def _terms(state: ZapotecState, seat: int, table: _Table) -> tuple[float, ...]:
    # The sums below add their terms in the order the first version's generator expressions
    # did (and skip only terms that are exactly 0.0), so every value is the same to the bit:
    # seeded play must not change (tests/zapotec/test_zapotec_digests.py).
    c = state.comp
    vp = c.round_vp_per_house
    icons = state.icon_houses[seat]
    icon_sum = 0
    for count in icons:
        icon_sum += count
    houses = icon_sum / 3.0  # a palace counts twice in each of its three icons
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
    pyramids = _pyramids(state, seat, left, table)
    rituals = _rituals(state, seat, left)
    res = _with_income(state, seat, table) if _income_pending(state, seat) else state.res[seat]
    keep = _LEFTOVER + (1.0 - _LEFTOVER) * horizon
    resources = 0.0
    for r in range(6):
        resources += _RESOURCE_VALUE[r] * res[r]
    if not state.track[seat] and left:
        # §9: off the track, a priest with corn is a ticket to the next free reward; each half
        # of the pair holds a share of it until it is spent on the sacrifice.
        on = 0
        for t in state.track:
            if t > 0:
                on += 1
        rewards = c.track_rewards
        entry = rewards[on] if on < len(rewards) else 0
        resources += _ENTRY_SHARE * entry * (min(1, res[PRIEST]) + min(1, res[CORN]))
    resources *= keep
    produce = table.produce
    off_track = not state.track[seat]
    tiles = 0.0
    for t in state.grid[seat]:
        if t < 0:
            continue
        made = produce[t]
        for r in range(6):
            amount = made[r]
            if amount:  # a zero term adds exactly 0.0
                weight = _RESOURCE_VALUE[r]
                if off_track and r in (CORN, PRIEST):
                    weight += _TILE_ENTRY
                tiles += weight * amount
    owned = 0.0
    values = table.tile_values
    discounts = 0.0
    trade = c.trade_tiles
    for kind in state.tiles[seat]:
        if trade[kind].effect.kind == "pyramid_discount":
            discounts += _discount_value(state, seat, trade[kind].effect.save, left)
        else:
            owned += values[kind]
    engine = _TILE_INCOME * tiles + owned
    engine += 0.3 * trade_discount(state, seat)
    # The banked and track points are whole numbers: as floats they add exactly as the ints did.
    return (
        float(state.points[seat]),
        future,
        pyramids,
        rituals,
        float(table.track[seat]),
        _STEP_VALUE * state.track[seat] * horizon,
        resources,
        engine * rounds_after,
        discounts,
    )


def _discount_value(state: ZapotecState, seat: int, save: Vec, left: int) -> float:
    """§7: what a pyramid discount tile saves on the levels the seat may still build: from the
    current round on (a level bought after it this turn is cheaper already), no more levels
    than its pieces left, and only what the track's own discounts leave of the price (with v6's
    space 2 a seat on the track saves just the brick). The per-round value of the other tiles
    counts only the rounds after this one, which left a discount bought in round 4 or 5 worth
    less than its gold, so it was never bought (issue 17)."""
    price = track_pyramid_cost(state, seat)
    saved = 0.0
    for r in range(6):
        if save[r] and price[r]:
            saved += _RESOURCE_VALUE[r] * min(save[r], price[r])
    pieces = state.pieces[seat]
    levels = min(float(pieces[0] + pieces[1] + pieces[2]), _LEVELS_A_ROUND * left)
    return saved * levels


def _tile_value(c: Components, kind: int) -> float:
    """§6: what an owned trade tile brings in a remaining round, by what it does: a round's
    resources at their value, an exchange's gain over its price, an income bonus about one turn
    in three, a discount on the houses a seat builds; a spent immediate tile little."""
    tile = c.trade_tiles[kind]
    effect = tile.effect
    if tile.timing == "immediate":
        return _SPENT_TILE
    basic = _RESOURCE_VALUE[0]
    if effect.kind == "gain":
        return sum(_RESOURCE_VALUE[r] * effect.get[r] for r in range(6))
    if effect.kind == "exchange":
        got = sum(_RESOURCE_VALUE[r] * effect.get[r] for r in range(6)) + basic * effect.get_basic
        paid = sum(_RESOURCE_VALUE[r] * effect.pay[r] for r in range(6)) + basic * effect.pay_basic
        # A swap is worth more than its arithmetic: it turns what a seat has into what it needs.
        return max(0.0, got - paid) + 0.25
    if effect.kind == "income_bonus":
        return basic * 0.4
    if effect.kind == "building_discount":
        return basic * min(1, effect.amount) * _HOUSES_A_ROUND
    if effect.kind == "pyramid_discount":
        return sum(_RESOURCE_VALUE[r] * effect.save[r] for r in range(6)) * _LEVELS_A_ROUND
    return _TRADE_TILE


def _nearness(state: ZapotecState, seat: int, left: int) -> float:
    """§7: how near ``seat`` is to placing a small piece, the one that completes a pyramid
    under "largest piece left" (0 without a small left or a round to place it in)."""
    pieces = state.pieces[seat]
    if not left or not pieces[0]:
        return 0.0
    if state.any_piece or state.fitting_piece:
        return _NEARNESS[0]  # under these options a small piece can go now
    before = pieces[1] + pieces[2]  # the large and medium pieces that must go first
    if before >= left + 2:  # more levels than the rounds can hold (about 2 levels a round)
        return 0.0
    return _NEARNESS[before]


def _pyramids(state: ZapotecState, seat: int, left: int, table: _Table) -> float:
    """§7: what the seat's pieces score now (``scoring.pyramid_points``, without its sheet),
    and before the end what they may still earn: the houses it may yet build on each pyramid's
    icon, the completion bonus times the chance an unfinished pyramid gets its small piece
    (higher as some seat nears its small piece), and a share of what the seat's own small piece
    will earn when it completes a pyramid."""
    c = state.comp
    vp = c.pyramid_completion_vp
    houses = state.icon_houses[seat]
    closest = table.nearest(state, left) if left else 0.0
    total = 0  # the points as they stand
    topped = 0  # the most pieces of the seat in an open pyramid its small piece could top
    out = 0.0
    for p, stack in enumerate(state.pyramids):
        mine = 0
        for piece in stack:
            if piece_owner(piece) == seat:
                mine += 1
        if not mine:
            continue
        complete = pyramid_complete(state, stack)
        total += mine * houses[state.pyramid_tile[p]] + (vp * mine if complete else 0)
        if not left:
            continue
        if can_stack(state, stack, 1):
            topped = max(topped, mine)
        out += mine * _NEXT_HOUSES * left
        if not complete:
            chance = min(1.0, _COMPLETION[piece_size(stack[-1])] * (0.5 + closest))
            out += chance * vp * mine + _OPEN_PIECE * mine * left / c.rounds
    if not left:
        return float(total)
    # The seat's own small piece completes a pyramid: 5 VP for it, and 5 for each of the seat's
    # pieces in the pyramid it tops (a share, as the seat nears that small piece).
    return float(total) + (out + _OWN_SMALL * vp * (1 + topped) * _nearness(state, seat, left))


def _rituals(state: ZapotecState, seat: int, left: int) -> float:
    """§8: what the ritual cards with the seat's disc score now (``scoring.ritual_total``,
    without its sheet), and before the end: an unmet goal of the seat's disc is worth a share of
    its points as its count nears the goal; a disc still in hand is worth something while a card
    would pay."""
    c = state.comp
    total = 0
    out = 0.0
    best_free = 0.0
    for k, discs in enumerate(state.ritual_discs):
        effect = c.rituals[state.rituals[k]].effect
        has_disc = discs >> seat & 1
        if effect.kind != "goal":
            if has_disc:
                total += ritual_points(state, seat, effect)
            continue
        count = goal_count(state, seat, effect)
        met = count >= effect.at_least  # what ritual_points tests
        if has_disc and met:
            total += effect.vp
        if not left:
            continue
        share = 1.0 if met and effect.vp else min(1.0, count / effect.at_least)
        if has_disc:
            if share < 1.0:
                out += _GOAL_PROGRESS * effect.vp * share
        else:
            best_free = max(best_free, share)
    if not left:
        return float(total)
    if state.discs[seat]:
        out += _FREE_DISC * best_free
    return float(total) + out


def heuristic(state: ZapotecState) -> list[float]:
    """Each seat's prospects in [-1, 1]: its estimate against the mean of the table."""
    table = _Table(state)
    values = [_estimate(state, seat, table) for seat in range(state.num_players)]
    mean = sum(values) / len(values)
    return [math.tanh((v - mean) / 20.0) for v in values]

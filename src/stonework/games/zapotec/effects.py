"""The effect kinds that interpret the data: trade tiles, sacrifice bonuses and ritual cards.

An :class:`~.components.Effect` names its kind; this module gives each kind its meaning, so a
new tile or card in a data set needs no new code as long as it uses these kinds:

- ``gain``: resources (trade tiles immediately or once per round; track bonuses);
- ``exchange``: pay some resources for others, once per round (the player picks any basics);
- ``income_bonus``: +1 of a basic resource at income when the card shows it (permanent);
- ``building_discount``: buildings cost 1 basic less, at least 1 (permanent; does not stack);
- ``build_anywhere``: once per round, one house ignoring the card icon;
- ``trade_discount``, ``ritual_priest_free``: permanent track bonuses of the spaces passed;
- ``free_ritual``: place a ritual disc at once, paying nothing;
- ``pyramid_discount`` (data set v4): a pyramid level costs the resources ``save`` names less,
  from a permanent trade tile or a sacrifice space passed; several add up, never below 0
  (:func:`pyramid_cost`);
- ``points``: victory points at once;
- ritual goals (data set v2, §8): ``goal``, a ``count`` (:func:`goal_count`) of at least
  ``at_least`` pays ``vp`` at the end, a smaller one nothing;
- per-unit ritual scoring (data set v1): ``per_group``, ``per_house``, ``per_complete_pyramid``,
  ``per_trade_tile``, ``per_full_line``, ``per_track_step``, ``per_set``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Final

from stonework.games.zapotec.components import ZERO, Components, Effect, Vec
from stonework.games.zapotec.pieces import piece_owner

if TYPE_CHECKING:
    from stonework.games.zapotec.state import ZapotecState


def affordable(res: list[int], cost: Vec) -> bool:
    """True if ``res`` covers ``cost``."""
    return (
        res[0] >= cost[0]
        and res[1] >= cost[1]
        and res[2] >= cost[2]
        and res[3] >= cost[3]
        and res[4] >= cost[4]
        and res[5] >= cost[5]
    )


def pay(res: list[int], cost: Vec) -> None:
    """Spend ``cost`` (known to be affordable)."""
    for r in range(6):
        res[r] -= cost[r]


def gain(state: ZapotecState, seat: int, amounts: Vec) -> None:
    """Give resources; with a limited supply (option), only what the supply still holds."""
    res = state.res[seat]
    if state.supply:
        for r in range(6):
            if amounts[r]:
                held = sum(state.res[p][r] for p in range(state.num_players))
                res[r] += max(0, min(amounts[r], state.supply - held))
        return
    for r in range(6):
        res[r] += amounts[r]


def gain_one(state: ZapotecState, seat: int, resource: int, amount: int = 1) -> None:
    """Give ``amount`` of one resource (respecting a limited supply)."""
    if state.supply:
        held = sum(state.res[p][resource] for p in range(state.num_players))
        amount = max(0, min(amount, state.supply - held))
    state.res[seat][resource] += amount


@lru_cache(maxsize=16)
def _track_tables(c: Components) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    discount = [0] * (c.track_length + 1)
    priest_free = [False] * (c.track_length + 1)
    for space in range(1, c.track_length + 1):
        effect = c.track_bonuses[space]
        discount[space] = discount[space - 1]
        priest_free[space] = priest_free[space - 1]
        if effect is not None and effect.kind == "trade_discount":
            discount[space] += effect.amount
        if effect is not None and effect.kind == "ritual_priest_free":
            priest_free[space] = True
    return tuple(discount), tuple(priest_free)


def trade_discount(state: ZapotecState, seat: int) -> int:
    """Gold saved on each trade tile: the track spaces passed (§9)."""
    return _track_tables(state.comp)[0][state.track[seat]]


def ritual_priest_free(state: ZapotecState, seat: int) -> bool:
    """True once a track bonus waives the priest of rituals (§9)."""
    return _track_tables(state.comp)[1][state.track[seat]]


@lru_cache(maxsize=16)
def _track_pyramid_saves(c: Components) -> tuple[Vec, ...]:
    # Per sacrifice space: what the pyramid_discount spaces up to it save on a level, summed.
    out: list[Vec] = [ZERO]
    for space in range(1, c.track_length + 1):
        effect = c.track_bonuses[space]
        last = out[-1]
        if effect is not None and effect.kind == "pyramid_discount":
            last = _add(last, effect.save)
        out.append(last)
    return tuple(out)


@lru_cache(maxsize=16)
def _has_pyramid_discount(c: Components) -> bool:
    # Data sets without the kind (v1-v3) keep their plain price: no per-call work.
    return any(t.effect.kind == "pyramid_discount" for t in c.trade_tiles) or any(
        e is not None and e.kind == "pyramid_discount" for e in c.track_bonuses
    )


def _add(a: Vec, b: Vec) -> Vec:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4], a[5] + b[5])


def _less(cost: Vec, saved: Vec) -> Vec:
    """``cost`` less ``saved``, no resource below 0 (discounts never pay out)."""
    return (
        max(0, cost[0] - saved[0]),
        max(0, cost[1] - saved[1]),
        max(0, cost[2] - saved[2]),
        max(0, cost[3] - saved[3]),
        max(0, cost[4] - saved[4]),
        max(0, cost[5] - saved[5]),
    )


def pyramid_cost(state: ZapotecState, seat: int) -> Vec:
    """What a pyramid level costs ``seat`` now (§7): the data set's price less what its
    ``pyramid_discount`` tiles (permanent, §6) and the sacrifice spaces it has passed (§9) save;
    savings add up, and no resource goes below 0."""
    c = state.comp
    cost = c.pyramid_cost
    if not _has_pyramid_discount(c):
        return cost
    saved = _track_pyramid_saves(c)[state.track[seat]]
    tiles = c.trade_tiles
    for kind in state.tiles[seat]:
        if tiles[kind].effect.kind == "pyramid_discount":
            saved = _add(saved, tiles[kind].effect.save)
    return _less(cost, saved)


def track_pyramid_cost(state: ZapotecState, seat: int) -> Vec:
    """A pyramid level's price for ``seat`` after the sacrifice spaces' discounts only (§9),
    not its tiles': what a ``pyramid_discount`` tile can still save it."""
    c = state.comp
    return _less(c.pyramid_cost, _track_pyramid_saves(c)[state.track[seat]])


def building_discount(state: ZapotecState, seat: int) -> int:
    """Basics saved per building by permanent tiles (at most 1: they do not stack, ASSUMED)."""
    tiles = state.comp.trade_tiles
    for kind in state.tiles[seat]:
        effect = tiles[kind].effect
        if effect.kind == "building_discount" and tiles[kind].timing == "permanent":
            return min(1, effect.amount)
    return 0


def income_bonus(state: ZapotecState, seat: int, resource: int) -> int:
    """Extra units of the income resource from permanent tiles (§6 level III)."""
    tiles = state.comp.trade_tiles
    return sum(
        1
        for kind in state.tiles[seat]
        if tiles[kind].effect.kind == "income_bonus" and tiles[kind].effect.resource == resource
    )


def unused_anywhere(state: ZapotecState, seat: int) -> int:
    """Index (among the seat's tiles) of an unused build-anywhere tile, or -1."""
    tiles = state.comp.trade_tiles
    for j, kind in enumerate(state.tiles[seat]):
        if tiles[kind].effect.kind == "build_anywhere" and not state.used[seat][j]:
            return j
    return -1


def on_buy(state: ZapotecState, seat: int, kind: int) -> None:
    """A tile is bought (§6): immediate tiles act now; the tile joins the player's board."""
    tile = state.comp.trade_tiles[kind]
    state.tiles[seat].append(kind)
    state.used[seat].append(False)
    if tile.timing == "immediate":
        apply_effect(state, seat, tile.effect)


def apply_effect(state: ZapotecState, seat: int, effect: Effect) -> None:
    """An effect that acts at once (a gain, points, a free ritual); permanent ones do nothing."""
    kind = effect.kind
    if kind == "gain":
        gain(state, seat, effect.get)
    elif kind == "points":
        state.points[seat] += effect.amount
    elif kind == "free_ritual":
        state.free_rituals += 1


def enter_track_spaces(state: ZapotecState, seat: int, old: int, new: int) -> None:
    """Collect the bonus of every sacrifice space entered (§9)."""
    bonuses = state.comp.track_bonuses
    for space in range(old + 1, new + 1):
        effect = bonuses[space]
        if effect is not None:
            apply_effect(state, seat, effect)


# --- ritual cards -------------------------------------------------------------------------------


def ritual_points(state: ZapotecState, seat: int, effect: Effect) -> int:
    """What a ritual card is worth to a seat with a disc on it at the end (§8)."""
    kind = effect.kind
    if kind == "goal":
        return effect.vp if goal_count(state, seat, effect) >= effect.at_least else 0
    houses = state.icon_houses[seat]
    if kind == "per_group":
        return effect.vp * _groups(houses, effect.group, effect.minimum)
    if kind == "per_house":
        return effect.vp * houses[effect.icon]
    if kind == "per_set":
        return effect.vp * min(houses[0], houses[1], houses[2])
    if kind == "per_complete_pyramid":
        return effect.vp * _complete_pyramids(state, seat)
    if kind == "per_trade_tile":
        return effect.vp * len(state.tiles[seat])
    if kind == "per_full_line":
        return effect.vp * _full_lines(state.grid[seat])
    if kind == "per_track_step":
        return effect.vp * state.track[seat]
    return 0


def goal_count(state: ZapotecState, seat: int, effect: Effect) -> int:
    """How far a seat is toward a ritual goal (§8): the count the goal names, as it stands now.

    ``groups``: regions, terrains or building types with at least ``min`` houses; ``houses``:
    houses on one icon; ``all_houses``: houses built; ``sets``: temple+village+cornfield sets;
    ``pieces``: pyramid pieces on the board; ``complete_pyramids``: complete pyramids holding a
    piece of the seat; ``trade_tiles``: tiles owned; ``full_lines``: full grid rows and columns;
    ``track``: the sacrifice space reached; ``palace``: 1 once the palace is built. A palace
    counts as two houses of its type in every house count.
    """
    count = effect.count
    houses = state.icon_houses[seat]
    if count == "groups":
        return _groups(houses, effect.group, effect.minimum)
    if count == "houses":
        return houses[effect.icon]
    if count == "all_houses":
        return houses[0] + houses[1] + houses[2]
    if count == "sets":
        return min(houses[0], houses[1], houses[2])
    if count == "pieces":
        return sum(state.comp.pyramid_pieces) - sum(state.pieces[seat])
    if count == "complete_pyramids":
        return _complete_pyramids(state, seat)
    if count == "trade_tiles":
        return len(state.tiles[seat])
    if count == "full_lines":
        return _full_lines(state.grid[seat])
    if count == "track":
        return state.track[seat]
    if count == "palace":
        return int(state.palace[seat] >= 0)
    return 0


_GROUP_BASE: Final = {"building": 0, "terrain": 3, "region": 6}
"""Where each kind of group starts among the nine icons (three of each kind)."""


def _groups(houses: list[int], group: str, minimum: int) -> int:
    base = _GROUP_BASE[group]
    return sum(1 for i in range(base, base + 3) if houses[i] >= minimum)


def _complete_pyramids(state: ZapotecState, seat: int) -> int:
    from stonework.games.zapotec.rules import pyramid_complete

    return sum(
        1
        for p in state.pyramids
        if p and pyramid_complete(state, p) and any(piece_owner(piece) == seat for piece in p)
    )


def _full_lines(grid: list[int]) -> int:
    rows = sum(1 for r in range(3) if all(grid[r * 3 + k] >= 0 for k in range(3)))
    cols = sum(1 for k in range(3) if all(grid[r * 3 + k] >= 0 for r in range(3)))
    return rows + cols


def track_space_points(c: Components, space: int) -> int:
    """The VP a seat collected from ``points`` bonuses on its way to ``space`` (§9)."""
    return sum(
        e.amount for e in c.track_bonuses[1 : space + 1] if e is not None and e.kind == "points"
    )

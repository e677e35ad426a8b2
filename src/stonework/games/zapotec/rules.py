"""The decisions of a round (§5): card selection, income, actions, building, scoring, draft.

A turn is a sequence of atomic decisions: ``income row|column``, then any number of actions
(buy, use, pyramid, ritual, sacrifice), then any number of builds, then ``done``; round scoring
follows at once, then the draft. Section numbers refer to ``docs/rules/zapotec.md``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from stonework.core import Action, IllegalAction

from .actions import (
    DONE,
    Build,
    Buy,
    Done,
    Draft,
    Income,
    Palace,
    Play,
    Pyramid,
    Ritual,
    Sacrifice,
    Use,
)
from .chance import chance_actions, queue_refills
from .components import CORN, GOLD, ICONS, LEVELS, PRIEST, RESOURCES, Components, Vec
from .effects import (
    affordable,
    building_discount,
    enter_track_spaces,
    gain,
    gain_one,
    income_bonus,
    on_buy,
    pay,
    ritual_priest_free,
    trade_discount,
    unused_anywhere,
)
from .phases import ACTIONS, BUILD, COMMIT, DRAFT, END, FREE_RITUAL, INCOME, PHASES, Q_OFFER

if TYPE_CHECKING:
    from .state import ZapotecState


# --- static tables per data set -----------------------------------------------------------------


@lru_cache(maxsize=16)
def matching_spaces(c: Components) -> tuple[tuple[int, ...], ...]:
    """For each of the 9 icons, the board spaces it allows building on (§5.2c)."""
    return tuple(tuple(s.index for s in c.spaces if icon in s.icons()) for icon in range(9))


@lru_cache(maxsize=64)
def _payments(cost: Vec, discount: int) -> tuple[tuple[int, Vec], ...]:
    # The ways to pay a building: (resource saved or -1, what is paid). A discount saves one
    # basic of the player's choice, never below a cost of 1 (§6 level III, ASSUMED).
    if not discount or sum(cost) <= 1:
        return ((-1, cost),)
    out = []
    for r in range(3):
        if cost[r]:
            paid = list(cost)
            paid[r] -= 1
            out.append((r, (paid[0], paid[1], paid[2], paid[3], paid[4], paid[5])))
    return tuple(out)


def payment(cost: Vec, discount: int, save: int) -> Vec | None:
    """What is paid for ``cost`` saving ``save`` (-1: nothing), or None if that is not allowed."""
    for saved, paid in _payments(cost, discount):
        if saved == save:
            return paid
    return None


def largest_piece(state: ZapotecState, seat: int) -> int:
    """The size of the seat's largest pyramid piece left (3 large .. 1 small), 0 if none (§7)."""
    pieces = state.pieces[seat]
    for size in (3, 2, 1):
        if pieces[size - 1]:
            return size
    return 0


def can_stack(state: ZapotecState, stack: list[int], size: int) -> bool:
    """True if a piece of ``size`` may go on top of ``stack`` (§7: smaller, height at most 3)."""
    if not stack or len(stack) >= 3:
        return False
    top = stack[-1] & 3
    return top > size and (state.small_on_large or top == size + 1)


def pyramid_complete(state: ZapotecState, stack: list[int]) -> bool:
    """§7: complete when the top piece is small (option: only at three levels)."""
    if state.complete_at_three:
        return len(stack) == 3
    return bool(stack) and stack[-1] & 3 == 1


def ritual_cards(state: ZapotecState, seat: int, free: bool) -> list[int]:
    """Ritual cards (positions) the seat may place a disc on now (§8; ``free``: track bonus)."""
    c = state.comp
    if state.discs[seat] <= 0:
        return []
    if not free or state.free_ritual_needs_pyramid:
        placed = c.ritual_discs - state.discs[seat]
        on_board = sum(c.pyramid_pieces) - sum(state.pieces[seat])
        if on_board < placed + 1:
            return []
    res = state.res[seat]
    bit = 1 << seat
    priest = 0 if free or ritual_priest_free(state, seat) else 1
    if res[PRIEST] < priest:
        return []
    out = []
    for k, discs in enumerate(state.ritual_discs):
        if discs & bit:
            continue
        if not free and res[GOLD] < discs.bit_count():
            continue
        out.append(k)
    return out


# --- legal decisions ----------------------------------------------------------------------------


def legal_decisions(state: ZapotecState) -> list[Action]:
    """Every legal decision of the seat to act, in a stable order."""
    phase = state.phase
    seat = state.active
    sp = state.space
    if phase == COMMIT:
        play = sp.play
        return [play[card] for card in state.hands[seat]]
    if phase == INCOME:
        return list(sp.income)
    if phase == DRAFT:
        draft = sp.draft
        return [draft[card] for card in state.offer]
    if phase == FREE_RITUAL:
        return [sp.ritual[k] for k in ritual_cards(state, seat, free=True)]
    out: list[Action] = []
    if phase == ACTIONS:
        _action_moves(state, seat, out)
    _build_moves(state, seat, out)
    out.append(DONE)
    return out


def _action_moves(state: ZapotecState, seat: int, out: list[Action]) -> None:
    c = state.comp
    sp = state.space
    res = state.res[seat]
    # §6 buy: at most one tile per row per turn
    gold = res[GOLD]
    discount = trade_discount(state, seat)
    for level in (1, 2, 3):
        if state.bought >> level & 1 or gold < c.trade_costs[level - 1] - discount:
            continue
        buys = sp.buy[level - 1]
        for slot, tile in enumerate(state.trade_rows[level - 1]):
            if tile >= 0:
                out.append(buys[slot])
    # §6 use a once-per-round tile
    used = state.used[seat]
    seen = 0
    for j, kind in enumerate(state.tiles[seat]):
        if used[j] or seen >> kind & 1:
            continue
        seen |= 1 << kind
        uses = sp.use[kind]
        for k, option in enumerate(c.use_options[kind]):
            if affordable(res, option.pay):
                out.append(uses[k])
    # §7 pyramid
    if affordable(res, c.pyramid_cost) and not (state.one_level and state.pyramid_levels):
        size = largest_piece(state, seat)
        if size:
            first_empty = -1
            for p, stack in enumerate(state.pyramids):
                if not stack:
                    if first_empty < 0:
                        first_empty = p
                elif can_stack(state, stack, size):
                    out.append(sp.pyramid_add[p])
            if first_empty >= 0:
                news = sp.pyramid_new[first_empty]
                for icon in state.scoring_tiles:
                    out.append(news[icon])
    # §8 ritual
    for k in ritual_cards(state, seat, free=False):
        out.append(sp.ritual[k])
    # §9 sacrifice
    if res[PRIEST] >= 1 and res[CORN] >= 1:
        top = min(c.max_corn, res[CORN])
        if not state.sacrifice_past_end:
            top = min(top, c.track_length - state.track[seat])
        sacrifice = sp.sacrifice
        for corn in range(1, top + 1):
            out.append(sacrifice[corn])


def _build_moves(state: ZapotecState, seat: int, out: list[Action]) -> None:
    c = state.comp
    houses = state.houses[seat]
    palace_left = state.palace[seat] < 0 and (houses > 0 or not state.palace_uses_house)
    if not houses and not palace_left:
        return
    res = state.res[seat]
    icon = c.card_icon[state.played[seat]]
    discount = building_discount(state, seat)
    anywhere = unused_anywhere(state, seat) >= 0
    spaces = c.spaces
    in_play = state.in_play
    owner = state.space_owner
    matching = matching_spaces(c)[icon]
    grid = state.grid[seat]
    empty = [slot for slot in range(9) if grid[slot] < 0]
    build = state.space.build
    if houses and empty:
        candidates = range(len(spaces)) if anywhere else matching
        for s in candidates:
            if not in_play[s] or owner[s] >= 0:
                continue
            options = build[s]
            for save, paid in _payments(c.building_costs[spaces[s].building], discount):
                if affordable(res, paid):
                    for slot in empty:
                        out.append(options[slot][save + 1])
    if palace_left:
        palaces = state.space.palace
        payments = _payments(c.palace_cost, discount)
        candidates = matching if state.palace_matches_icon else range(len(spaces))
        for s in candidates:
            if not in_play[s] or owner[s] >= 0:
                continue
            for save, paid in payments:
                if affordable(res, paid):
                    out.append(palaces[s][save + 1])


# --- checks with messages -----------------------------------------------------------------------


def check_action(state: ZapotecState, action: Action) -> None:
    """Raise IllegalAction with a reason if ``action`` is not legal now (never naming hidden cards)."""
    if state.queue:
        if action not in chance_actions(state):
            raise IllegalAction(f"{action} is not a possible outcome now ({state.describe_turn()})")
        return
    if action in legal_decisions(state):
        return
    raise IllegalAction(f"{action}: {_reason(state, action)} ({state.describe_turn()})")


_PHASE_OF = {
    Play: (COMMIT,),
    Income: (INCOME,),
    Draft: (DRAFT,),
    Buy: (ACTIONS,),
    Use: (ACTIONS,),
    Pyramid: (ACTIONS,),
    Sacrifice: (ACTIONS,),
    Ritual: (ACTIONS, FREE_RITUAL),
    Build: (ACTIONS, BUILD),
    Palace: (ACTIONS, BUILD),
    Done: (ACTIONS, BUILD),
}


def _reason(state: ZapotecState, action: Action) -> str:
    phases = _PHASE_OF.get(type(action))
    if phases is None:
        return "a chance outcome is not a decision"
    if state.phase not in phases:
        if state.phase == BUILD:
            return "building has started: no more actions this turn (§5.2c)"
        wanted = " or ".join(PHASES[p] for p in phases)
        return f"that belongs to the {wanted} phase, not the {PHASES[state.phase]} phase"
    seat = state.active
    res = state.res[seat]
    c = state.comp
    if isinstance(action, Play):
        return f"card {action.card} is not in your hand"
    if isinstance(action, Draft):
        return f"card {action.card} is not in the offer"
    if isinstance(action, Buy):
        level = LEVELS[action.level - 1]
        if state.bought >> action.level & 1:
            return f"you already bought a tile from row {level} this turn (§6: one per row)"
        if state.trade_rows[action.level - 1][action.slot] < 0:
            return f"row {level} has no tile in slot {action.slot + 1}"
        cost = max(0, c.trade_costs[action.level - 1] - trade_discount(state, seat))
        return f"it costs {cost} gold and you have {res[GOLD]}"
    if isinstance(action, Use):
        name = c.trade_tiles[action.tile].name
        if action.tile not in state.tiles[seat]:
            return f"you do not own a {name} tile"
        return f"your {name} tile is used this round, or you cannot pay for it"
    if isinstance(action, Pyramid):
        if state.one_level and state.pyramid_levels:
            return "only one pyramid level per turn (option one_pyramid_level_per_turn)"
        if not affordable(res, c.pyramid_cost):
            return "a level costs 1 wood, 1 brick, 1 stone and 1 priest"
        if not largest_piece(state, seat):
            return "you have no pyramid piece left"
        if action.space >= len(state.pyramids):
            return f"there are only {len(state.pyramids)} pyramid spaces"
        if action.tile >= 0:
            if state.pyramids[action.space]:
                return f"pyramid {action.space + 1} is already started"
            if action.tile not in state.scoring_tiles:
                return f"the scoring tile {ICONS[action.tile]} is not available"
            return "new pyramids start on the first empty pyramid space"
        if not state.pyramids[action.space]:
            return f"pyramid {action.space + 1} is empty: name a scoring tile to start it"
        return "your largest piece must go on a larger piece, at most 3 levels (§7)"
    if isinstance(action, Ritual):
        if action.card >= len(state.ritual_discs):
            return "there is no such ritual card"
        if state.ritual_discs[action.card] >> seat & 1:
            return "you already have a disc on that ritual"
        if state.discs[seat] <= 0:
            return "you have no ritual disc left"
        return "you need one pyramid piece per ritual, 1 priest and 1 gold per other disc (§8)"
    if isinstance(action, Sacrifice):
        return "a sacrifice costs 1 priest and 1 corn per step (§9)"
    if isinstance(action, Build | Palace):
        if state.space_owner[action.space] >= 0 or not state.in_play[action.space]:
            return "that space is not free"
        if action.space not in matching_spaces(c)[c.card_icon[state.played[seat]]]:
            return "that space does not match the icon of your card"
        if isinstance(action, Palace) and state.palace[seat] >= 0:
            return "you built your palace already"
        uses_house = isinstance(action, Build) or state.palace_uses_house
        if uses_house and state.houses[seat] <= 0:
            return "you have no house left"
        if isinstance(action, Build) and state.grid[seat][action.slot] >= 0:
            return f"slot {action.slot + 1} of your grid is taken"
        return "you cannot pay for it that way"
    return "not allowed now"


# --- applying decisions -------------------------------------------------------------------------


def apply_decision(state: ZapotecState, action: Action) -> None:
    """Apply a legal decision of the seat to act."""
    seat = state.active
    kind = type(action)
    if kind is Build:
        _build(state, seat, action)  # type: ignore[arg-type]
    elif kind is Done:
        _done(state, seat)
    elif kind is Buy:
        _buy(state, seat, action)  # type: ignore[arg-type]
    elif kind is Play:
        _play(state, seat, action.card)  # type: ignore[attr-defined]
    elif kind is Income:
        _income(state, seat, action.column)  # type: ignore[attr-defined]
    elif kind is Draft:
        _draft(state, seat, action.card)  # type: ignore[attr-defined]
    elif kind is Use:
        _use(state, seat, action)  # type: ignore[arg-type]
    elif kind is Pyramid:
        _pyramid(state, seat, action)  # type: ignore[arg-type]
    elif kind is Ritual:
        _ritual(state, seat, action.card)  # type: ignore[attr-defined]
    elif kind is Sacrifice:
        _sacrifice(state, seat, action.corn)  # type: ignore[attr-defined]
    elif kind is Palace:
        _palace(state, seat, action)  # type: ignore[arg-type]
    else:
        raise IllegalAction(f"{action} is not a decision")


def _play(state: ZapotecState, seat: int, card: int) -> None:
    # §5.1: secret commits in seat order; the hand keeps the card until all are revealed, so
    # nothing visible (hand size, known cards) changes before the reveal.
    state.played[seat] = card
    if seat + 1 < state.num_players:
        state.active = seat + 1
        return
    played = state.played
    state.turn_order = sorted(range(state.num_players), key=played.__getitem__)
    for s in range(state.num_players):
        state.hands[s].remove(played[s])
        state.known[s] &= ~(1 << played[s])
    state.turn_index = 0
    _start_turn(state, state.turn_order[0])


def _start_turn(state: ZapotecState, seat: int) -> None:
    state.active = seat
    state.phase = INCOME
    state.bought = 0
    state.pyramid_levels = 0
    state.free_rituals = 0


def _income(state: ZapotecState, seat: int, column: bool) -> None:
    # §5.2a: 1 of the card's resource plus both resources of every tile in its row or column.
    c = state.comp
    resource = c.card_resource[state.played[seat]]
    gain_one(state, seat, resource)
    grid = state.grid[seat]
    tiles = c.building_tiles
    slots = (
        (resource, resource + 3, resource + 6)
        if column
        else (3 * resource, 3 * resource + 1, 3 * resource + 2)
    )
    for slot in slots:
        tile = grid[slot]
        if tile >= 0:
            gain(state, seat, tiles[tile].produce)
    bonus = income_bonus(state, seat, resource)
    if bonus:
        gain_one(state, seat, resource, bonus)
    state.phase = ACTIONS


def _buy(state: ZapotecState, seat: int, action: Buy) -> None:
    c = state.comp
    row = state.trade_rows[action.level - 1]
    kind = row[action.slot]
    state.res[seat][GOLD] -= max(0, c.trade_costs[action.level - 1] - trade_discount(state, seat))
    row[action.slot] = -1  # refilled at the end of the turn (§6)
    state.bought |= 1 << action.level
    on_buy(state, seat, kind)


def _use(state: ZapotecState, seat: int, action: Use) -> None:
    tiles = state.tiles[seat]
    used = state.used[seat]
    for j, kind in enumerate(tiles):
        if kind == action.tile and not used[j]:
            used[j] = True
            break
    option = state.comp.use_options[action.tile][action.option]
    pay(state.res[seat], option.pay)
    gain(state, seat, option.get)


def _pyramid(state: ZapotecState, seat: int, action: Pyramid) -> None:
    pay(state.res[seat], state.comp.pyramid_cost)
    size = largest_piece(state, seat)
    state.pieces[seat][size - 1] -= 1
    if action.tile >= 0:
        state.pyramid_tile[action.space] = action.tile
        state.scoring_tiles.remove(action.tile)
    state.pyramids[action.space].append(seat * 4 + size)
    state.pyramid_levels += 1


def _ritual(state: ZapotecState, seat: int, card: int) -> None:
    discs = state.ritual_discs[card]
    if state.phase == FREE_RITUAL:
        state.free_rituals -= 1
    else:
        res = state.res[seat]
        if not ritual_priest_free(state, seat):
            res[PRIEST] -= 1
        res[GOLD] -= discs.bit_count()
    state.ritual_discs[card] = discs | 1 << seat
    state.discs[seat] -= 1
    if state.phase == FREE_RITUAL and not (
        state.free_rituals and ritual_cards(state, seat, free=True)
    ):
        state.free_rituals = 0
        state.phase = ACTIONS


def _sacrifice(state: ZapotecState, seat: int, corn: int) -> None:
    res = state.res[seat]
    res[PRIEST] -= 1
    res[CORN] -= corn
    old = state.track[seat]
    new = min(state.comp.track_length, old + corn)
    if new > old:
        state.track[seat] = new
        state.stamp += 1
        state.track_stamp[seat] = state.stamp  # §9: the newcomer goes under earlier arrivals
        enter_track_spaces(state, seat, old, new)
    if state.free_rituals:
        if ritual_cards(state, seat, free=True):
            state.phase = FREE_RITUAL
        else:
            state.free_rituals = 0


def _build(state: ZapotecState, seat: int, action: Build) -> None:
    c = state.comp
    s = action.space
    space = c.spaces[s]
    icon = c.card_icon[state.played[seat]]
    paid = payment(c.building_costs[space.building], building_discount(state, seat), action.save)
    assert paid is not None
    pay(state.res[seat], paid)
    if s not in matching_spaces(c)[icon]:
        state.used[seat][unused_anywhere(state, seat)] = True
    state.space_owner[s] = seat
    state.grid[seat][action.slot] = state.space_tile[s]
    state.space_tile[s] = -1
    state.houses[seat] -= 1
    houses = state.icon_houses[seat]
    houses[space.building] += 1
    houses[3 + space.terrain] += 1
    houses[6 + space.region] += 1
    if not state.actions_after_building:
        state.phase = BUILD


def _palace(state: ZapotecState, seat: int, action: Palace) -> None:
    # §5.2c: no house piece (ASSUMED, option palace_uses_house), no income (the tile goes back
    # to the box), counts as 2 houses.
    c = state.comp
    s = action.space
    space = c.spaces[s]
    paid = payment(c.palace_cost, building_discount(state, seat), action.save)
    assert paid is not None
    pay(state.res[seat], paid)
    state.space_owner[s] = seat
    state.palace[seat] = s
    state.space_tile[s] = -1
    if state.palace_uses_house:
        state.houses[seat] -= 1
    houses = state.icon_houses[seat]
    houses[space.building] += 2
    houses[3 + space.terrain] += 2
    houses[6 + space.region] += 2
    if not state.actions_after_building:
        state.phase = BUILD


def round_points(state: ZapotecState, seat: int) -> int:
    """§5.2d: 2 VP per house (palace 2 houses) on spaces matching the scoring card's icon."""
    c = state.comp
    if not state.scoring_card:
        return 0
    return c.round_vp_per_house * state.icon_houses[seat][c.card_icon[state.scoring_card]]


def _done(state: ZapotecState, seat: int) -> None:
    state.points[seat] += round_points(state, seat)
    if state.round < state.comp.rounds:
        state.phase = DRAFT  # §4.3: the draft ends the turn (none in the last round, ASSUMED)
    else:
        _end_turn(state)


def _draft(state: ZapotecState, seat: int, card: int) -> None:
    state.offer.remove(card)
    hand = state.hands[seat]
    hand.append(card)
    hand.sort()
    state.known[seat] |= 1 << card
    _end_turn(state)


def _end_turn(state: ZapotecState) -> None:
    last = state.turn_index == state.num_players - 1
    if not (last and state.round == state.comp.rounds):
        queue_refills(state)
    if not last:
        state.turn_index += 1
        _start_turn(state, state.turn_order[state.turn_index])
        return
    _end_round(state)


def _end_round(state: ZapotecState) -> None:
    c = state.comp
    n = state.num_players
    if state.round >= c.rounds:
        state.phase = END
        state.active = -1
        return
    # §4.3: the last offer card becomes the scoring card; the played cards and one card of the
    # mini deck form the next offer.
    state.scoring_card = state.offer[0] if state.offer else 0
    state.offer = sorted(state.played)
    if state.round <= c.mini_deck:
        state.queue.append((Q_OFFER, 0))
    for used in state.used:
        for j in range(len(used)):
            used[j] = False  # §6: level II tiles are turned face up again
    state.round += 1
    state.played = [0] * n
    state.turn_order = []
    state.turn_index = 0
    state.phase = COMMIT
    state.active = 0


__all__ = ["RESOURCES", "legal_decisions"]

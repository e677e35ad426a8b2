"""The decisions of a round (§5): card selection, income, actions, building, scoring, draft.

A turn is a sequence of atomic decisions: ``income row|column``, then any number of actions
(buy, use, pyramid, ritual, sacrifice), then any number of builds, then ``done``; round scoring
follows at once, then the draft. Section numbers refer to ``docs/rules/zapotec.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from stonework.core import Action, IllegalAction
from stonework.core.rng import Rng
from stonework.games.zapotec.actions import (
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
from stonework.games.zapotec.chance import chance_actions, queue_refills
from stonework.games.zapotec.components import (
    CORN,
    GOLD,
    ICONS,
    LEVELS,
    PRIEST,
    SIZES,
    SMALL,
    Components,
    Vec,
)
from stonework.games.zapotec.effect_words import amounts
from stonework.games.zapotec.effects import (
    affordable,
    building_discount,
    enter_track_spaces,
    gain,
    gain_one,
    income_bonus,
    on_buy,
    pay,
    pyramid_cost,
    ritual_priest_free,
    trade_discount,
    unused_anywhere,
)
from stonework.games.zapotec.phases import (
    ACTIONS,
    BUILD,
    COMMIT,
    DRAFT,
    END,
    FREE_RITUAL,
    INCOME,
    PHASES,
    Q_OFFER,
)
from stonework.games.zapotec.pieces import piece, piece_size

if TYPE_CHECKING:
    from stonework.games.zapotec.state import ZapotecState


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


def piece_for(state: ZapotecState, seat: int, stack: list[int]) -> int:
    """The size of the piece a level without a named piece takes on ``stack`` (§7), 0 if none.

    Option ``pyramid_piece=largest``: the seat's largest piece left, whether it fits or not;
    ``largest-fitting``: the largest of the seat's pieces that fits on ``stack`` (the largest
    left on an empty space).
    """
    if not state.fitting_piece or not stack:
        return largest_piece(state, seat)
    pieces = state.pieces[seat]
    for size in (3, 2, 1):
        if pieces[size - 1] and can_stack(state, stack, size):
            return size
    return 0


def can_stack(state: ZapotecState, stack: list[int], size: int) -> bool:
    """True if a piece of ``size`` may go on top of ``stack`` (§7: smaller, height at most 3)."""
    if not stack or len(stack) >= 3:
        return False
    top = piece_size(stack[-1])
    return top > size and (state.small_on_large or top == size + 1)


def pyramid_complete(state: ZapotecState, stack: list[int]) -> bool:
    """§7: complete when the top piece is small (option: only at three levels)."""
    if state.complete_at_three:
        return len(stack) == 3
    return bool(stack) and piece_size(stack[-1]) == SMALL


def ritual_cards(state: ZapotecState, seat: int, free: bool) -> list[int]:
    """Ritual cards (positions) the seat may place a disc on now (§8; ``free``: track bonus)."""
    if _why_no_ritual(state, seat, free) is not None:
        return []
    return [
        k
        for k in range(len(state.ritual_discs))
        if _why_not_ritual_on(state, seat, k, free) is None
    ]


def income_slots(resource: int, column: bool) -> tuple[int, int, int]:
    """The grid slots of the column (or row) headed by ``resource`` (§5.2a; grid in actions.py)."""
    if column:
        return (resource, resource + 3, resource + 6)
    return (3 * resource, 3 * resource + 1, 3 * resource + 2)


# --- legal decisions ----------------------------------------------------------------------------
#
# Each kind of decision has one predicate, ``_why_not_<kind>``, returning None when the seat to
# act may take it now and otherwise the reason in words. The legal list is built by running the
# predicate over a superset of candidates (chosen for speed, in a stable order), and an illegal
# action's message is the same predicate's answer, so the two cannot drift apart.


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
    discount = trade_discount(state, seat)
    for level in (1, 2, 3):
        if _why_not_buy_from(state, seat, level, discount) is None:
            buys = sp.buy[level - 1]
            for slot in range(len(state.trade_rows[level - 1])):
                if _why_not_buy_slot(state, level, slot) is None:
                    out.append(buys[slot])
    # Each kind with an unused tile once, in the order of its first unused tile.
    used = state.used[seat]
    for kind in dict.fromkeys(k for j, k in enumerate(state.tiles[seat]) if not used[j]):
        uses = sp.use[kind]
        for option in range(len(c.use_options[kind])):
            if _why_not_use(state, seat, kind, option) is None:
                out.append(uses[option])
    if _why_no_pyramid(state, seat) is None:
        if state.any_piece:
            _sized_pyramid_moves(state, seat, out)
        else:
            for p in range(len(state.pyramids)):
                if _why_not_pyramid_on(state, seat, p, -1) is None:
                    out.append(sp.pyramid_add[p])
            first_empty = next((p for p, stack in enumerate(state.pyramids) if not stack), -1)
            if first_empty >= 0:
                news = sp.pyramid_new[first_empty]
                for icon in state.scoring_tiles:
                    if _why_not_pyramid_on(state, seat, first_empty, icon) is None:
                        out.append(news[icon])
    for k in ritual_cards(state, seat, free=False):
        out.append(sp.ritual[k])
    if _why_no_sacrifice(state, seat) is None:
        for corn in range(1, c.max_corn + 1):
            if _why_not_sacrifice_steps(state, seat, corn) is not None:
                break  # more corn is refused too
            out.append(sp.sacrifice[corn])


def _build_moves(state: ZapotecState, seat: int, out: list[Action]) -> None:
    rows, empty = _house_rows(state, seat)
    if len(empty) == 9:
        for row in rows:
            out += row
    else:
        for row in rows:
            out += [row[slot] for slot in empty]
    out += _palace_builds(state, seat)


def _house_rows(state: ZapotecState, seat: int) -> tuple[list[Sequence[Action]], list[int]]:
    """The legal house builds as rows: one per (space, way of paying), each indexed by slot,
    and the empty slots that every row offers (in that order: space, payment, slot).

    The same predicates as why_not, cheapest first, over the spaces the icon rule allows;
    _why_not_slot, _why_not_free and _why_not_pay are written out (this loop is the legal
    list's hottest; the checks against why_not in tests/zapotec keep the two in step).
    Paying depends only on the building, so each building's ways of paying are tested once.
    """
    if _why_no_house(state, seat) is not None:
        return [], []
    grid = state.grid[seat]
    empty = [slot for slot in range(9) if grid[slot] < 0]
    if not empty:
        return [], empty
    c = state.comp
    discount = building_discount(state, seat)
    res = state.res[seat]
    saves = [
        [save + 1 for save, paid in _payments(cost, discount) if affordable(res, paid)]
        for cost in c.building_costs
    ]
    by_save = state.space.build_by_save
    spaces = c.spaces
    in_play, owner = state.in_play, state.space_owner
    rows: list[Sequence[Action]] = []
    for s in _house_spaces(state, seat):
        if in_play[s] and owner[s] < 0:
            ways = saves[spaces[s].building]
            if ways:
                row = by_save[s]
                rows += [row[way] for way in ways]
    return rows, empty


def _palace_builds(state: ZapotecState, seat: int) -> list[Action]:
    if _why_no_palace(state, seat) is not None:
        return []
    res = state.res[seat]
    ways = [
        save + 1
        for save, paid in _payments(state.comp.palace_cost, building_discount(state, seat))
        if affordable(res, paid)
    ]
    if not ways:
        return []
    palaces = state.space.palace
    in_play, owner = state.in_play, state.space_owner
    out: list[Action] = []
    for s in _palace_spaces(state, seat):
        if in_play[s] and owner[s] < 0:  # _why_not_free, inline on this hot path
            row = palaces[s]
            out += [row[way] for way in ways]
    return out


def random_decision(state: ZapotecState, rng: Rng) -> Action:
    """``legal_decisions(state)[int(rng.random() * n)]`` (the same draw), without listing the
    house builds: they are counted as rows times empty slots and only the drawn one is found."""
    phase = state.phase
    if phase not in (ACTIONS, BUILD):
        actions = legal_decisions(state)
        return actions[int(rng.random() * len(actions))]
    seat = state.active
    before: list[Action] = []
    if phase == ACTIONS:
        _action_moves(state, seat, before)
    rows, empty = _house_rows(state, seat)
    houses = len(rows) * len(empty)
    palaces = _palace_builds(state, seat)
    index = int(rng.random() * (len(before) + houses + len(palaces) + 1))
    if index < len(before):
        return before[index]
    index -= len(before)
    if index < houses:
        row, slot = divmod(index, len(empty))
        return rows[row][empty[slot]]
    index -= houses
    return palaces[index] if index < len(palaces) else DONE


@lru_cache(maxsize=64)
def _words(cost: Vec) -> str:
    # A price in words for a message; kept, since the legal list asks for it often.
    return amounts(cost)


def _why_not_play(state: ZapotecState, seat: int, card: int) -> str | None:
    return None if card in state.hands[seat] else f"card {card} is not in your hand"


def _why_not_draft(state: ZapotecState, card: int) -> str | None:
    return None if card in state.offer else f"card {card} is not in the offer"


def _why_not_buy_from(state: ZapotecState, seat: int, level: int, discount: int) -> str | None:
    # §6: at most one tile per row per turn, for its row's price in gold less the track's
    # discount (``discount``: trade_discount of the seat).
    if state.bought >> level & 1:
        return f"you already bought a tile from row {LEVELS[level - 1]} this turn (§6: one per row)"
    cost = max(0, state.comp.trade_costs[level - 1] - discount)
    gold = state.res[seat][GOLD]
    if gold < cost:
        return f"it costs {cost} gold and you have {gold}"
    return None


def _why_not_buy_slot(state: ZapotecState, level: int, slot: int) -> str | None:
    if state.trade_rows[level - 1][slot] < 0:
        return f"row {LEVELS[level - 1]} has no tile in slot {slot + 1}"
    return None


def _why_not_use(state: ZapotecState, seat: int, tile: int, option: int) -> str | None:
    # §6: a once-per-round tile the seat owns and has not used this round.
    c = state.comp
    owned = state.tiles[seat]
    if tile not in owned:
        return f"you do not own a {c.trade_tiles[tile].name} tile"
    used = state.used[seat]
    if all(used[j] for j, kind in enumerate(owned) if kind == tile):
        return f"your {c.trade_tiles[tile].name} tile is used this round"
    cost = c.use_options[tile][option].pay
    if not affordable(state.res[seat], cost):
        return f"that way of using your {c.trade_tiles[tile].name} tile costs {_words(cost)}"
    return None


def _sized_pyramid_moves(state: ZapotecState, seat: int, out: list[Action]) -> None:
    # Option pyramid_piece=any: one move per piece size the seat has left.
    sp = state.space
    sizes = [z for z in (3, 2, 1) if state.pieces[seat][z - 1]]
    for p in range(len(state.pyramids)):
        for z in sizes:
            if _why_not_pyramid_on(state, seat, p, -1, z) is None:
                out.append(sp.pyramid_add_sized[p][z - 1])
    first_empty = next((p for p, stack in enumerate(state.pyramids) if not stack), -1)
    if first_empty >= 0:
        news = sp.pyramid_new_sized[first_empty]
        for icon in state.scoring_tiles:
            for z in sizes:
                if _why_not_pyramid_on(state, seat, first_empty, icon, z) is None:
                    out.append(news[icon][z - 1])


def _why_no_pyramid(state: ZapotecState, seat: int) -> str | None:
    # §7: a level costs the data set's price (less the seat's pyramid discounts, data set v4)
    # and takes the seat's largest piece.
    if state.one_level and state.pyramid_levels:
        return "only one pyramid level per turn (option one_pyramid_level_per_turn)"
    cost = pyramid_cost(state, seat)
    if not affordable(state.res[seat], cost):
        return f"a level costs {_words(cost)}"
    if not largest_piece(state, seat):
        return "you have no pyramid piece left"
    return None


def _why_not_pyramid_on(
    state: ZapotecState, seat: int, space: int, tile: int, size: int = 0
) -> str | None:
    # §7: the largest piece (option pyramid_piece=any: the piece named) goes on a larger one, at
    # most 3 levels; a new pyramid goes on the first empty space with a scoring tile of the
    # seat's choice.
    if size and not state.any_piece:
        return "your largest piece goes: name no size (option pyramid_piece=largest, §7)"
    if not size and state.any_piece:
        return "name the piece: small, medium or large (option pyramid_piece=any)"
    if size and not state.pieces[seat][size - 1]:
        return f"you have no {SIZES[size - 1]} piece left"
    if space >= len(state.pyramids):
        return f"there are only {len(state.pyramids)} pyramid spaces"
    stack = state.pyramids[space]
    if tile >= 0:
        if stack:
            return f"pyramid {space + 1} is already started"
        if tile not in state.scoring_tiles:
            return f"the scoring tile {ICONS[tile]} is not available"
        if [] in state.pyramids[:space]:  # an earlier space is empty
            return "new pyramids start on the first empty pyramid space"
        return None
    if not stack:
        return f"pyramid {space + 1} is empty: name a scoring tile to start it"
    if not size and not piece_for(state, seat, stack):
        return "none of your pieces fits on that pyramid: smaller on larger, at most 3 levels"
    if not can_stack(state, stack, size or piece_for(state, seat, stack)):
        which = "that piece" if size else "your largest piece"
        return f"{which} must go on a larger piece, at most 3 levels (§7)"
    return None


def _why_no_ritual(state: ZapotecState, seat: int, free: bool) -> str | None:
    # §8: a disc left, one pyramid piece on the board per disc placed, and 1 priest (unless the
    # track makes it free); a free ritual of the track (§9) pays nothing.
    if state.discs[seat] <= 0:
        return "you have no ritual disc left"
    c = state.comp
    if not free or state.free_ritual_needs_pyramid:
        placed = c.ritual_discs - state.discs[seat]
        on_board = sum(c.pyramid_pieces) - sum(state.pieces[seat])
        if on_board < placed + 1:
            return "you need one pyramid piece on the board per ritual disc (§8)"
    if not free and not ritual_priest_free(state, seat) and state.res[seat][PRIEST] < 1:
        return "a ritual costs 1 priest (§8)"
    return None


def _why_not_ritual_on(state: ZapotecState, seat: int, card: int, free: bool) -> str | None:
    # §8: a ritual card without one of the seat's discs, 1 gold per other disc on it.
    if card >= len(state.ritual_discs):
        return "there is no such ritual card"
    discs = state.ritual_discs[card]
    if discs >> seat & 1:
        return "you already have a disc on that ritual"
    if not free and state.res[seat][GOLD] < discs.bit_count():
        return f"a ritual costs 1 gold per other disc on it: {discs.bit_count()} here (§8)"
    return None


def _why_no_sacrifice(state: ZapotecState, seat: int) -> str | None:
    # §9: 1 priest and 1 corn per step.
    res = state.res[seat]
    if res[PRIEST] < 1 or res[CORN] < 1:
        return "a sacrifice costs 1 priest and 1 corn per step (§9)"
    return None


def _why_not_sacrifice_steps(state: ZapotecState, seat: int, corn: int) -> str | None:
    # §9: the corn paid is the number of steps; past the end they are wasted (or refused).
    held = state.res[seat][CORN]
    if held < corn:
        return f"{corn} steps cost {corn} corn and you have {held} (§9)"
    left = state.comp.track_length - state.track[seat]
    if not state.sacrifice_past_end and corn > left:
        return f"only {left} steps are left on the track (option sacrifice_past_end)"
    return None


def _why_no_house(state: ZapotecState, seat: int) -> str | None:
    return "you have no house left" if state.houses[seat] <= 0 else None


def _why_not_slot(state: ZapotecState, seat: int, slot: int) -> str | None:
    # §5.2c: a house's building tile goes into an empty slot of the 3x3 grid.
    return None if state.grid[seat][slot] < 0 else f"slot {slot + 1} of your grid is taken"


def _why_no_palace(state: ZapotecState, seat: int) -> str | None:
    # §5.2c: once per game; it takes one of the seat's houses only with palace_uses_house.
    if state.palace[seat] >= 0:
        return "you built your palace already"
    if state.palace_uses_house and state.houses[seat] <= 0:
        return "you have no house left"
    return None


def _why_not_free(state: ZapotecState, space: int) -> str | None:
    # §5.2c: a free space of the board in play.
    if not state.in_play[space] or state.space_owner[space] >= 0:
        return "that space is not free"
    return None


def _why_not_pay(state: ZapotecState, seat: int, paid: Vec | None) -> str | None:
    # ``paid``: the building's cost after the discount the action names (None: not allowed).
    if paid is None or not affordable(state.res[seat], paid):
        return "you cannot pay for it that way"
    return None


def _house_spaces(state: ZapotecState, seat: int) -> Sequence[int]:
    # §5.2c: a house goes on a space matching the card's icon, anywhere with a tile that allows.
    c = state.comp
    if unused_anywhere(state, seat) >= 0:
        return range(len(c.spaces))
    return matching_spaces(c)[c.card_icon[state.played[seat]]]


def _palace_spaces(state: ZapotecState, seat: int) -> Sequence[int]:
    # §5.2c ASSUMED (option palace_matches_icon): the palace matches the icon too.
    c = state.comp
    if not state.palace_matches_icon:
        return range(len(c.spaces))
    return matching_spaces(c)[c.card_icon[state.played[seat]]]


_NO_MATCH: Final = "that space does not match the icon of your card"


def _why_not_build(state: ZapotecState, seat: int, action: Build) -> str | None:
    c = state.comp
    cost = c.building_costs[c.spaces[action.space].building]
    paid = payment(cost, building_discount(state, seat), action.save)
    return (
        _why_not_free(state, action.space)
        or (None if action.space in _house_spaces(state, seat) else _NO_MATCH)
        or _why_no_house(state, seat)
        or _why_not_slot(state, seat, action.slot)
        or _why_not_pay(state, seat, paid)
    )


def _why_not_palace(state: ZapotecState, seat: int, action: Palace) -> str | None:
    paid = payment(state.comp.palace_cost, building_discount(state, seat), action.save)
    return (
        _why_not_free(state, action.space)
        or (None if action.space in _palace_spaces(state, seat) else _NO_MATCH)
        or _why_no_palace(state, seat)
        or _why_not_pay(state, seat, paid)
    )


# --- checks with messages -----------------------------------------------------------------------


def check_action(state: ZapotecState, action: Action) -> None:
    """Raise IllegalAction with a reason if ``action`` is not legal now (never naming hidden cards)."""
    if state.queue:
        if action not in chance_actions(state):
            raise IllegalAction(f"{action} is not a possible outcome now ({state.describe_turn()})")
        return
    reason = why_not(state, action)
    if reason is not None:
        raise IllegalAction(f"{action}: {reason} ({state.describe_turn()})")


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


def why_not(state: ZapotecState, action: Action) -> str | None:
    """None if the seat to act may take the decision ``action`` now, else the reason in words."""
    phases = _PHASE_OF.get(type(action))
    if phases is None:
        return "a chance outcome is not a decision"
    if state.phase not in phases:
        if state.phase == BUILD:
            return "building has started: no more actions this turn (§5.2c)"
        wanted = " or ".join(PHASES[p] for p in phases)
        return f"that belongs to the {wanted} phase, not the {PHASES[state.phase]} phase"
    seat = state.active
    match action:
        case Play():
            return _why_not_play(state, seat, action.card)
        case Draft():
            return _why_not_draft(state, action.card)
        case Buy():
            discount = trade_discount(state, seat)
            return _why_not_buy_slot(state, action.level, action.slot) or _why_not_buy_from(
                state, seat, action.level, discount
            )
        case Use():
            return _why_not_use(state, seat, action.tile, action.option)
        case Pyramid():
            return _why_no_pyramid(state, seat) or _why_not_pyramid_on(
                state, seat, action.space, action.tile, action.size
            )
        case Ritual():
            free = state.phase == FREE_RITUAL
            return _why_not_ritual_on(state, seat, action.card, free) or _why_no_ritual(
                state, seat, free
            )
        case Sacrifice():
            return _why_no_sacrifice(state, seat) or _why_not_sacrifice_steps(
                state, seat, action.corn
            )
        case Build():
            return _why_not_build(state, seat, action)
        case Palace():
            return _why_not_palace(state, seat, action)
    return None  # income and done: always open in their phases


# --- applying decisions -------------------------------------------------------------------------


def apply_decision(state: ZapotecState, action: Action) -> None:
    """Apply a legal decision of the seat to act."""
    seat = state.active
    match action:
        case Build():
            _apply_build(state, seat, action)
        case Done():
            _apply_done(state, seat)
        case Buy():
            _apply_buy(state, seat, action)
        case Play():
            _apply_play(state, seat, action)
        case Income():
            _apply_income(state, seat, action)
        case Draft():
            _apply_draft(state, seat, action)
        case Use():
            _apply_use(state, seat, action)
        case Pyramid():
            _apply_pyramid(state, seat, action)
        case Ritual():
            _apply_ritual(state, seat, action)
        case Sacrifice():
            _apply_sacrifice(state, seat, action)
        case Palace():
            _apply_palace(state, seat, action)
        case _:
            raise IllegalAction(f"{action} is not a decision")


def _apply_play(state: ZapotecState, seat: int, action: Play) -> None:
    # §5.1: secret commits in seat order; the hand keeps the card until all are revealed, so
    # nothing visible (hand size, known cards) changes before the reveal.
    state.played[seat] = action.card
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


def _apply_income(state: ZapotecState, seat: int, action: Income) -> None:
    # §5.2a: 1 of the card's resource plus both resources of every tile in its row or column.
    c = state.comp
    resource = c.card_resource[state.played[seat]]
    gain_one(state, seat, resource)
    grid = state.grid[seat]
    tiles = c.building_tiles
    for slot in income_slots(resource, action.column):
        tile = grid[slot]
        if tile >= 0:
            gain(state, seat, tiles[tile].produce)
    bonus = income_bonus(state, seat, resource)
    if bonus:
        gain_one(state, seat, resource, bonus)
    state.phase = ACTIONS


def _apply_buy(state: ZapotecState, seat: int, action: Buy) -> None:
    c = state.comp
    row = state.trade_rows[action.level - 1]
    kind = row[action.slot]
    state.res[seat][GOLD] -= max(0, c.trade_costs[action.level - 1] - trade_discount(state, seat))
    row[action.slot] = -1  # refilled at the end of the turn (§6)
    state.bought |= 1 << action.level
    on_buy(state, seat, kind)


def _apply_use(state: ZapotecState, seat: int, action: Use) -> None:
    tiles = state.tiles[seat]
    used = state.used[seat]
    for j, kind in enumerate(tiles):
        if kind == action.tile and not used[j]:
            used[j] = True
            break
    option = state.comp.use_options[action.tile][action.option]
    pay(state.res[seat], option.pay)
    gain(state, seat, option.get)


def _apply_pyramid(state: ZapotecState, seat: int, action: Pyramid) -> None:
    pay(state.res[seat], pyramid_cost(state, seat))
    size = action.size or piece_for(state, seat, state.pyramids[action.space])
    state.pieces[seat][size - 1] -= 1
    if action.tile >= 0:
        state.pyramid_tile[action.space] = action.tile
        state.scoring_tiles.remove(action.tile)
    state.pyramids[action.space].append(piece(seat, size))
    state.pyramid_levels += 1


def _apply_ritual(state: ZapotecState, seat: int, action: Ritual) -> None:
    card = action.card
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


def _apply_sacrifice(state: ZapotecState, seat: int, action: Sacrifice) -> None:
    corn = action.corn
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


def _apply_build(state: ZapotecState, seat: int, action: Build) -> None:
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
    for icon in space.icons():
        houses[icon] += 1
    if not state.actions_after_building:
        state.phase = BUILD


def _apply_palace(state: ZapotecState, seat: int, action: Palace) -> None:
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
    for icon in space.icons():
        houses[icon] += 2  # the palace counts as two houses
    if not state.actions_after_building:
        state.phase = BUILD


def round_points(state: ZapotecState, seat: int) -> int:
    """§5.2d: 2 VP per house (palace 2 houses) on spaces matching the scoring card's icon."""
    c = state.comp
    if not state.scoring_card:
        return 0
    return c.round_vp_per_house * state.icon_houses[seat][c.card_icon[state.scoring_card]]


def _apply_done(state: ZapotecState, seat: int) -> None:
    state.points[seat] += round_points(state, seat)
    if state.round < state.comp.rounds:
        state.phase = DRAFT  # §4.3: the draft ends the turn (none in the last round, ASSUMED)
    else:
        _end_turn(state)


def _apply_draft(state: ZapotecState, seat: int, action: Draft) -> None:
    card = action.card
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

"""What every reachable Zapotec position satisfies, checked when a position string is read.

The range checks of :mod:`.position` make every number name something that exists; these make
the parts agree with each other, so that a position read from outside can be played on without
the engine failing later: each card in one place only and dealt, hand and offer sizes that fit
the round, the phase, the turn order and the played cards, building and trade tiles, pyramid
pieces, ritual discs and scoring tiles conserved, and a chance queue whose tasks can be drawn.
A position that breaks one is refused with InvalidPosition naming it.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from typing import TYPE_CHECKING

from stonework.core import InvalidPosition
from stonework.games.zapotec.chance import chance_actions
from stonework.games.zapotec.phases import (
    BUILD,
    COMMIT,
    DRAFT,
    END,
    FREE_RITUAL,
    INCOME,
    Q_HAND,
    Q_OFFER,
    Q_RITUAL,
    Q_SCORING_CARD,
    Q_SCORING_TILE,
    Q_TILE,
    Q_TRADE,
)

if TYPE_CHECKING:
    from stonework.games.zapotec.state import ZapotecState

_AFTER_BUYING = frozenset((*range(INCOME, DRAFT + 1), END))


def _need(ok: bool, what: str) -> None:
    if not ok:
        raise InvalidPosition(f"impossible zapotec position: {what}")


def check_invariants(state: ZapotecState) -> None:
    """Raise InvalidPosition unless the parts of ``state`` (already range-checked) agree."""
    _check_phase(state)
    _check_cards(state)
    _check_board(state)
    _check_trade(state)
    _check_pyramids_and_rituals(state)
    _check_queue(state)


def _check_phase(state: ZapotecState) -> None:
    n = state.num_players
    phase = state.phase
    if phase == END:
        _need(state.round == state.comp.rounds, "the game ends only after the last round")
        _need(state.active == -1 and not state.queue, "nothing is to be done after the end")
        _need(all(state.played), "every seat played a card in the last round")
        return
    _need(0 <= state.active < n, f"seat {state.active} cannot act in this phase")
    if phase == COMMIT:
        _need(not state.turn_order and state.turn_index == 0, "no turn order before the reveal")
        for seat in range(n):
            committed = state.played[seat] != 0
            _need(committed == (seat < state.active), "seats commit their cards in seat order")
            _need(
                not committed or state.played[seat] in state.hands[seat],
                f"seat {seat} committed a card it does not hold",
            )
        return
    played = state.played
    _need(all(played) and len(set(played)) == n, "every seat played a different card")
    _need(
        state.turn_order == sorted(range(n), key=played.__getitem__),
        "the turn order follows the played cards, lowest first",
    )
    _need(state.active == state.turn_order[state.turn_index], "the seat to act is the one in turn")
    if phase == INCOME:
        counters = (state.bought, state.pyramid_levels, state.free_rituals)
        _need(counters == (0, 0, 0), "a turn starts with its counters at zero")
    _need(not state.bought & ~0b1110, "bought rows are I, II and III")
    _need(phase != FREE_RITUAL or state.free_rituals > 0, "a free ritual is owed")
    _need(phase != BUILD or not state.actions_after_building, "no build phase with this option")


def _check_cards(state: ZapotecState) -> None:
    c = state.comp
    n = state.num_players
    all_cards = 0
    for card in c.cards:
        all_cards |= 1 << card
    _need(not state.dealt & ~all_cards, "only cards of the data set are dealt")
    revealed = state.phase != COMMIT
    places = list(state.offer)
    if state.scoring_card:
        places.append(state.scoring_card)
    for hand in state.hands:
        places += hand
    if revealed:
        places += state.played
    _need(len(set(places)) == len(places), "a card is in two places")
    in_places = 0
    for card in places:
        in_places |= 1 << card
    _need(not in_places & ~state.dealt, "a card in play was never dealt")
    # One scoring card leaves the game at each new round; nothing else leaves.
    gone = state.dealt.bit_count() - len(places)
    _need(0 <= gone <= state.round - 1, "cards dealt are missing from the game")
    for seat in range(n):
        mask = 0
        for card in state.hands[seat]:
            mask |= 1 << card
        _need(not state.known[seat] & ~mask, f"seat {seat}'s known cards are not in its hand")
    pending = Counter(arg for kind, arg in state.queue if kind == Q_HAND)
    size = c.hand_size[n]
    last_round = state.round == c.rounds
    for seat in range(n):
        if state.phase == COMMIT:
            want = size - pending[seat]
        elif state.phase == END or last_round:
            want = size - 1
        else:
            drafted = seat in state.turn_order[: state.turn_index]
            want = size if drafted else size - 1
        _need(len(state.hands[seat]) == want, f"seat {seat} holds {want} cards at this point")
    offers = sum(1 for kind, _ in state.queue if kind == Q_OFFER)
    start = n + 1 if state.round == 1 or state.round - 1 <= c.mini_deck else n
    if state.phase == COMMIT or last_round or state.phase == END:
        want = start - offers
    else:
        want = start - state.turn_index
    _need(len(state.offer) == want, f"the offer holds {want} cards at this point")


def _check_board(state: ZapotecState) -> None:
    c = state.comp
    n = state.num_players
    owned = Counter(owner for owner in state.space_owner if owner >= 0)
    waiting = {arg for kind, arg in state.queue if kind == Q_TILE}
    on_board = Counter(tile for tile in state.space_tile if tile >= 0)
    for s in c.spaces:
        tile, owner = state.space_tile[s.index], state.space_owner[s.index]
        if not state.in_play[s.index]:
            _need(tile < 0 and owner < 0, f"space {s.name} is not in play")
        elif owner >= 0:
            _need(tile < 0, f"the building tile of {s.name} went to its builder")
        elif tile >= 0:
            _need(
                c.building_tiles[tile].building == s.building,
                f"the building tile on {s.name} is of another building type",
            )
        else:
            _need(s.index in waiting, f"space {s.name} has no building tile")
        _need(s.index not in waiting or (tile < 0 and owner < 0), f"{s.name} already has a tile")
    in_grids: Counter[int] = Counter()
    palaces = 0
    for seat in range(n):
        filled = [tile for tile in state.grid[seat] if tile >= 0]
        in_grids.update(filled)
        palace = state.palace[seat]
        if palace >= 0:
            palaces += 1
            _need(state.space_owner[palace] == seat, f"seat {seat}'s palace is not on its space")
        _need(
            owned[seat] == len(filled) + (palace >= 0),
            f"seat {seat} owns one space per grid tile and palace",
        )
        used_houses = len(filled) + (palace >= 0 and state.palace_uses_house)
        _need(state.houses[seat] == c.houses - used_houses, f"seat {seat}'s houses left")
    total = 0
    for t in c.building_tiles:
        count = state.tiles_left[t.index] + on_board[t.index] + in_grids[t.index]
        _need(
            count <= t.count_for(state.num_players),
            f"more {t.name} building tiles than the game has",
        )
        total += count
    # A palace's building tile goes back to the box.
    in_game = sum(t.count_for(state.num_players) for t in c.building_tiles)
    _need(total + palaces == in_game, "building tiles are missing")


def _check_trade(state: ZapotecState) -> None:
    c = state.comp
    owned = Counter(kind for tiles in state.tiles for kind in tiles)
    shown: Counter[int] = Counter()
    waiting = {arg for kind, arg in state.queue if kind == Q_TRADE}
    for level in (1, 2, 3):
        left = sum(state.trade_stack[t.index] for t in c.trade_tiles if t.level == level)
        for slot, kind in enumerate(state.trade_rows[level - 1]):
            task = level * 8 + slot
            if kind >= 0:
                shown[kind] += 1
                _need(c.trade_tiles[kind].level == level, f"a level-{level} row shows another tile")
                _need(task not in waiting, "a trade tile is revealed onto a full slot")
            else:
                # A slot bought this turn is refilled when the turn ends (never after the last).
                bought = state.phase in _AFTER_BUYING and state.bought >> level & 1
                _need(
                    bool(task in waiting or bought or not left),
                    f"an empty slot in row {level} is never refilled",
                )
    for t in c.trade_tiles:
        count = state.trade_stack[t.index] + shown[t.index] + owned[t.index]
        _need(count == t.count, f"the {t.name} trade tiles do not add up to {t.count}")


def _check_pyramids_and_rituals(state: ZapotecState) -> None:
    c = state.comp
    n = state.num_players
    on_board: Counter[int] = Counter()
    started = [bool(stack) for stack in state.pyramids]
    _need(started == sorted(started, reverse=True), "pyramids are started in order")
    for p, stack in enumerate(state.pyramids):
        sizes = [piece & 3 for piece in stack]
        _need(all(a > b for a, b in pairwise(sizes)), "a pyramid narrows")
        _need((state.pyramid_tile[p] >= 0) == bool(stack), "a started pyramid has a tile")
        on_board.update(stack)
    for seat in range(n):
        for size in (1, 2, 3):
            count = state.pieces[seat][size - 1] + on_board[seat * 4 + size]
            _need(count == c.pyramid_pieces[size - 1], f"seat {seat}'s pyramid pieces")
    used = [tile for tile in state.pyramid_tile if tile >= 0]
    tiles = state.scoring_tiles + used
    pending = sum(1 for kind, _ in state.queue if kind == Q_SCORING_TILE)
    _need(len(set(tiles)) == len(tiles), "a scoring tile is in two places")
    _need(len(tiles) + pending == n + 1, f"{n + 1} scoring tiles are drawn")
    rituals = sum(1 for kind, _ in state.queue if kind == Q_RITUAL)
    _need(len(set(state.rituals)) == len(state.rituals), "a ritual card is drawn twice")
    _need(len(state.rituals) + rituals == c.rituals_in_play, "the rituals in play")
    for seat in range(n):
        placed = sum(1 for discs in state.ritual_discs if discs >> seat & 1)
        _need(state.discs[seat] + placed == c.ritual_discs, f"seat {seat}'s ritual discs")
    stamps = [state.track_stamp[s] for s in range(n) if state.track[s]]
    _need(len(set(stamps)) == len(stamps), "two seats arrived on the track at once")
    for seat in range(n):
        arrived = state.track_stamp[seat]
        _need((arrived > 0) == (state.track[seat] > 0), f"seat {seat}'s track arrival")
        _need(arrived <= state.stamp, f"seat {seat} arrived after the last arrival")


def _check_queue(state: ZapotecState) -> None:
    c = state.comp
    if not state.queue:
        return
    kinds = {kind for kind, _ in state.queue}
    if state.phase == INCOME:
        _need(kinds == {Q_TRADE}, "only trade tiles are revealed between turns")
    else:
        _need(state.phase == COMMIT, "chance acts only before a round or between turns")
        _need(state.active == 0 and not any(state.played), "chance acts before the commits")
    setup = {Q_TILE, Q_SCORING_TILE, Q_RITUAL, Q_SCORING_CARD, Q_HAND}
    _need(state.round == 1 or not kinds & setup, "the setup is drawn in the first round only")
    deals = sum(1 for kind, _ in state.queue if kind in (Q_SCORING_CARD, Q_OFFER, Q_HAND))
    _need(deals <= len(c.cards) - state.dealt.bit_count(), "more cards to deal than are left")
    tasks = [arg for kind, arg in state.queue if kind == Q_TILE]
    _need(len(set(tasks)) == len(tasks), "a space waits twice for its building tile")
    needed = Counter(c.spaces[arg].building for arg in tasks)
    for building, count in needed.items():
        left = sum(state.tiles_left[t.index] for t in c.building_tiles if t.building == building)
        _need(count <= left, "more building tiles to place than are left")
    _need(bool(chance_actions(state)), "the chance task waiting has no outcome")

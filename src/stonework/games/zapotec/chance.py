"""Chance: card deals, building-tile placement, trade-tile reveals, scoring-tile and ritual draws.

Nothing is drawn before the rules reveal it: a state holds a queue of chance tasks, and each is
resolved by one outcome when it reaches the front. Face-down stacks are never in the state, only
what is left in them (trade tiles by kind, cards as "not dealt yet"), so nothing can leak.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stonework.core import Action, Rng
from stonework.games.zapotec.actions import Deal, DrawRitual, DrawScoringTile, PlaceTile, Reveal
from stonework.games.zapotec.phases import (
    Q_HAND,
    Q_OFFER,
    Q_RITUAL,
    Q_SCORING_CARD,
    Q_SCORING_TILE,
    Q_TILE,
    Q_TRADE,
    trade_task,
    trade_task_level,
    trade_task_slot,
)

if TYPE_CHECKING:
    from stonework.games.zapotec.state import ZapotecState


def queue_setup(state: ZapotecState) -> None:
    """Queue the setup (§3): building tiles, trade rows, scoring tiles, rituals, the cards."""
    c = state.comp
    n = state.num_players
    queue = state.queue
    queue.extend((Q_TILE, s.index) for s in c.spaces if state.in_play[s.index])
    for level in (1, 2, 3):
        queue.extend((Q_TRADE, trade_task(level, slot)) for slot in range(c.trade_face_up))
    queue.extend((Q_SCORING_TILE, 0) for _ in range(n + 1))
    queue.extend((Q_RITUAL, 0) for _ in range(c.rituals_in_play))
    queue.append((Q_SCORING_CARD, 0))
    queue.extend((Q_OFFER, 0) for _ in range(n + 1))
    hand = c.hand_size[n]
    for seat in range(n):
        queue.extend((Q_HAND, seat) for _ in range(hand))
    settle(state)


def settle(state: ZapotecState) -> None:
    """Resolve the tasks at the front that need no draw: a forced tile, an empty stack."""
    queue = state.queue
    c = state.comp
    while queue:
        kind, arg = queue[0]
        if kind == Q_TILE:
            building = c.spaces[arg].building
            kinds = [
                t.index
                for t in c.building_tiles
                if t.building == building and state.tiles_left[t.index]
            ]
            if len(kinds) != 1:
                return
            del queue[0]
            state.space_tile[arg] = kinds[0]
            state.tiles_left[kinds[0]] -= 1
        elif kind == Q_TRADE:
            level = trade_task_level(arg)
            if any(state.trade_stack[t.index] for t in c.trade_tiles if t.level == level):
                return
            del queue[0]  # §6: an empty stack is not refilled (ASSUMED)
        else:
            return


def _undealt(state: ZapotecState) -> list[int]:
    dealt = state.dealt
    return [n for n in state.comp.cards if not dealt >> n & 1]


def _weighted(state: ZapotecState) -> list[tuple[Action, int]]:
    # Outcomes drawn from a stack of counted kinds, with their counts.
    kind, arg = state.queue[0]
    c = state.comp
    space = state.space
    if kind == Q_TILE:
        return [
            (space.place_tile_of[(arg, t.index)], state.tiles_left[t.index])
            for t in c.building_tiles
            if t.building == c.spaces[arg].building and state.tiles_left[t.index]
        ]
    level = trade_task_level(arg)
    return [
        (space.reveal[t.index], state.trade_stack[t.index])
        for t in c.trade_tiles
        if t.level == level and state.trade_stack[t.index]
    ]


def chance_actions(state: ZapotecState) -> list[Action]:
    """The outcomes of the chance node at the front of the queue, in a stable order."""
    kind, _ = state.queue[0]
    space = state.space
    if kind in (Q_TILE, Q_TRADE):
        return [a for a, _ in _weighted(state)]
    if kind == Q_SCORING_TILE:
        taken = set(state.scoring_tiles) | set(state.pyramid_tile)
        return [space.scoring_tile[i] for i in range(9) if i not in taken]
    if kind == Q_RITUAL:
        return [a for i, a in enumerate(space.draw_ritual) if i not in state.rituals]
    return [space.deal[n] for n in _undealt(state)]


def chance_outcomes(state: ZapotecState) -> list[tuple[Action, float]]:
    """Outcomes with probabilities: stacks by the count of each kind left, draws uniformly."""
    kind, _ = state.queue[0]
    if kind in (Q_TILE, Q_TRADE):
        weighted = _weighted(state)
        total = sum(w for _, w in weighted)
        return [(a, w / total) for a, w in weighted]
    actions = chance_actions(state)
    p = 1.0 / len(actions)
    return [(a, p) for a in actions]


def sample_chance(state: ZapotecState, rng: Rng) -> Action:
    """Draw the next outcome (the fast path of random playouts)."""
    kind, _ = state.queue[0]
    if kind >= Q_SCORING_CARD:
        undealt = _undealt(state)
        return state.space.deal[undealt[int(rng.random() * len(undealt))]]
    if kind in (Q_TILE, Q_TRADE):
        weighted = _weighted(state)
        pick = rng.random() * sum(w for _, w in weighted)
        for action, weight in weighted:
            pick -= weight
            if pick < 0:
                return action
        return weighted[-1][0]
    actions = chance_actions(state)
    return actions[int(rng.random() * len(actions))]


def apply_chance(state: ZapotecState, action: Action) -> None:
    """Resolve the task at the front of the queue with ``action`` (known to be legal)."""
    kind, arg = state.queue.pop(0)
    if kind >= Q_SCORING_CARD:
        assert isinstance(action, Deal)
        card = action.card
        state.dealt |= 1 << card
        if kind == Q_HAND:
            hand = state.hands[arg]
            hand.append(card)
            hand.sort()
        elif kind == Q_OFFER:
            state.offer.append(card)
            state.offer.sort()
        else:
            state.scoring_card = card
    elif kind == Q_TRADE:
        assert isinstance(action, Reveal)
        state.trade_rows[trade_task_level(arg) - 1][trade_task_slot(arg)] = action.tile
        state.trade_stack[action.tile] -= 1
    elif kind == Q_TILE:
        assert isinstance(action, PlaceTile)
        state.space_tile[arg] = action.tile
        state.tiles_left[action.tile] -= 1
    elif kind == Q_SCORING_TILE:
        assert isinstance(action, DrawScoringTile)
        state.scoring_tiles.append(action.icon)
        state.scoring_tiles.sort()
    else:
        assert isinstance(action, DrawRitual)
        state.rituals.append(action.ritual)
        state.ritual_discs.append(0)
    if state.queue:
        settle(state)


def queue_refills(state: ZapotecState) -> None:
    """End of a turn (§6): queue a reveal for each bought tile's empty slot."""
    for level in (1, 2, 3):
        row = state.trade_rows[level - 1]
        for slot, tile in enumerate(row):
            if tile < 0:
                state.queue.append((Q_TRADE, trade_task(level, slot)))
    if state.queue:
        settle(state)

"""Invariants that hold at every step of random games (zapotec.md §1 hard limits, §4.3 cards)."""

from __future__ import annotations

import pytest
from zapotec_helpers import eager_action, new

from stonework.core import make_rng
from stonework.games.zapotec.components import piece_owner, piece_size
from stonework.games.zapotec.phases import COMMIT
from stonework.games.zapotec.state import ZapotecState


def check_invariants(state: ZapotecState) -> None:
    c = state.comp
    n = state.num_players
    for seat in range(n):
        assert all(v >= 0 for v in state.res[seat]), "resources never go negative"
        owned = [s for s in range(len(c.spaces)) if state.space_owner[s] == seat]
        palace = 1 if state.palace[seat] >= 0 else 0
        assert len(owned) == c.houses - state.houses[seat] + palace
        assert sum(1 for t in state.grid[seat] if t >= 0) == c.houses - state.houses[seat]
        in_pyramids = sum(1 for p in state.pyramids for piece in p if piece_owner(piece) == seat)
        assert in_pyramids == sum(c.pyramid_pieces) - sum(state.pieces[seat])
        discs = sum(1 for d in state.ritual_discs if d >> seat & 1)
        assert discs == c.ritual_discs - state.discs[seat]
        assert 0 <= state.track[seat] <= c.track_length
        assert len(state.tiles[seat]) == len(state.used[seat])
    for p, stack in enumerate(state.pyramids):
        assert len(stack) <= 3
        assert all(piece_size(stack[k]) > piece_size(stack[k + 1]) for k in range(len(stack) - 1))
        assert (state.pyramid_tile[p] >= 0) == bool(stack)
    placed = [state.scoring_card, *state.offer, *(card for hand in state.hands for card in hand)]
    if state.phase != COMMIT:
        placed += [card for card in state.played if card]
    placed = [card for card in placed if card]
    assert len(placed) == len(set(placed)), "a card is in two places"
    assert all(state.dealt >> card & 1 for card in placed)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_invariants_in_random_games(players: int) -> None:
    """§1: houses, grid slots, pyramid pieces and discs are hard limits; §4.3 cards are unique."""
    for seed in range(3):
        state = new(players, seed=seed, building_tiles="rules" if seed == 1 else "seed")
        rng = make_rng(seed)
        while not state.is_terminal:
            check_invariants(state)
            if seed == 2:
                state.apply(state.random_action(rng))
            else:
                state.apply(eager_action(state, rng))
        check_invariants(state)

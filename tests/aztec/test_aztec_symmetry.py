"""The half turn of the board is a symmetry of the game (used to double training samples)."""

from __future__ import annotations

import random

import pytest

from stonework.core import new_game
from stonework.games.aztec.actions import NUM_PLACEMENTS, PLACEMENTS
from stonework.games.aztec.symmetry import ACTION_IDS, TENSOR_INDEX, action_ids, turn_cell


def test_the_maps_are_permutations_that_undo_themselves() -> None:
    assert sorted(ACTION_IDS) == list(range(NUM_PLACEMENTS))
    assert all(ACTION_IDS[ACTION_IDS[i]] == i for i in range(NUM_PLACEMENTS))
    assert sorted(TENSOR_INDEX) == list(range(len(TENSOR_INDEX)))
    assert all(TENSOR_INDEX[TENSOR_INDEX[k]] == k for k in range(len(TENSOR_INDEX)))
    centre = 4 + 9 * 4  # the centre cube's column stays put
    assert turn_cell(centre) == centre and turn_cell(0) == 80
    # EN with its corner cube at a1 turns to WS at i9 (arms east and north point west and south).
    assert (str(PLACEMENTS[0]), str(PLACEMENTS[ACTION_IDS[0]])) == ("EN-a1-1", "WS-i9-1")
    bids = action_ids(NUM_PLACEMENTS + 3)[NUM_PLACEMENTS:]
    assert bids == (NUM_PLACEMENTS, NUM_PLACEMENTS + 1, NUM_PLACEMENTS + 2)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_game_and_its_half_turn_play_alike(seed: int) -> None:
    """Played side by side, the turned game has the turned legal moves, tensors and scores."""
    rng = random.Random(seed)
    game = new_game("aztec", players=2)
    turned = new_game("aztec", players=2)
    while not game.is_terminal:
        legal = {game.action_id(a) for a in game.legal_actions()}
        turned_legal = {turned.action_id(a) for a in turned.legal_actions()}
        assert turned_legal == {ACTION_IDS[i] for i in legal}
        for seat in range(2):
            tensor = game.observation_tensor(seat)
            assert turned.observation_tensor(seat) == [tensor[k] for k in TENSOR_INDEX]
        pick = rng.choice(sorted(legal))
        game.apply(game.action_from_id(pick))
        turned.apply(turned.action_from_id(ACTION_IDS[pick]))
    assert turned.is_terminal
    assert [s.total for s in turned.scores()] == [s.total for s in game.scores()]

"""The observation tensors keep their values: digests of every seat's tensor over seeded games.

The learning adapters build their arrays by faster routes than ``observation_tensor`` (blocks
kept between steps, numpy); these digests, taken from the list-building code, pin the values
themselves, so a faster route cannot change them unnoticed. A deliberate change of a layout
(documented with the game) updates the digest here. Each game's data set is named (Zapotec's
``components=v3``, the default when the digests were taken), so a new default data set does not
move them.
"""

from __future__ import annotations

import hashlib
import random
import struct

import pytest

from stonework.core import State, get_game

# The options the digests were taken with, beyond each game's defaults.
PINNED_OPTIONS: dict[str, dict[str, object]] = {"zapotec": {"components": "v3"}}

# (game, players, seed) -> blake2b of every seat's float32 tensor at every step of the game.
DIGESTS: dict[tuple[str, int, int], str] = {
    ("akropolis", 1, 1): "965ba2b7fa92d8e502dad39e90e204b8",
    ("akropolis", 1, 2): "593fda75f65768262dce6107f99c9902",
    ("akropolis", 2, 1): "afb1069a99a1de90da652204be444741",
    ("akropolis", 2, 2): "165f9d298941fb6ccf0196f60b490d88",
    ("akropolis", 3, 1): "203855eecd38e68ffadac6e54cd15f89",
    ("akropolis", 3, 2): "c9f55481c829cbef20a8e38673da0b66",
    ("akropolis", 4, 1): "cf81198f84f8526a6fe5d709608380e5",
    ("akropolis", 4, 2): "c841592465ee005c19a762d5b74e2ae1",
    ("zapotec", 2, 1): "9c381c4e2bf75ef10e3178b2a74e70fd",
    ("zapotec", 2, 2): "ff337b66021526d8b5fd88476b3a88aa",
    ("zapotec", 3, 1): "3ebccc1c6e31eb7fbd0439c76a8715af",
    ("zapotec", 3, 2): "42e239860b86244a7ea4d029dc8f9369",
    ("zapotec", 4, 1): "ddd3720000539547ace0c0e85433f096",
    ("zapotec", 4, 2): "b5a710d329396850a792d41a1c39737c",
}


def tensor_digest(game: str, players: int, seed: int) -> str:
    """The digest of every seat's tensor, seat by seat, after every action of a random game."""
    spec = get_game(game)
    options = spec.options.resolve(game, PINNED_OPTIONS.get(game, {}))
    state: State = spec.new_state(players, options)
    rng = random.Random(seed)
    digest = hashlib.blake2b(digest_size=16)
    while True:
        for seat in range(players):
            values = state.observation_tensor(seat)
            digest.update(struct.pack(f"<{len(values)}f", *values))
        if state.is_terminal:
            return digest.hexdigest()
        state.apply(state.random_action(rng))


@pytest.mark.parametrize(("game", "players", "seed"), sorted(DIGESTS))
def test_tensor_values_are_unchanged(game: str, players: int, seed: int) -> None:
    assert tensor_digest(game, players, seed) == DIGESTS[game, players, seed]

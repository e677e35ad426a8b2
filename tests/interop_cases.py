"""Game configs the interop tests run over: every registered game and player count, plus a toy.

The toy (the secret pile of ``toys.py`` with an observation tensor) proves the adapters on a
game with chance and hidden information before any real game lands, and stays as the cheapest
case afterwards.
"""

from __future__ import annotations

from stonework.core import GameSpec, State, get_game, list_games
from toys import PileState, make_spec


class TensorPile(PileState):
    """The secret pile with an observation tensor: pile, own stones taken, own card (one-hot)."""

    def observation_shape(self) -> tuple[int, ...]:
        return (2 + 4,)

    def observation_bounds(self) -> tuple[float, float]:
        return (0.0, 1.0)  # the pile and the stones taken are at most 30

    def observation_tensor(self, player: int) -> list[float]:
        card = [0.0] * 4
        if player < len(self.cards):
            card[self.cards[player] - 1] = 1.0
        return [self.pile / 30, self.taken[player] / 30, *card]


TOY = make_spec(TensorPile, "pile_tensor")


def shipped_games() -> list[GameSpec]:
    """The registered games stonework ships (other tests register toys of their own)."""
    return [
        spec
        for spec in list_games()
        if type(
            spec.new_state(spec.default_players, spec.options.defaults())
        ).__module__.startswith("stonework.games.")
    ]


CASES: list[tuple[GameSpec, int]] = [(TOY, n) for n in TOY.player_counts] + [
    (spec, n) for spec in shipped_games() for n in spec.player_counts
]
IDS = [f"{spec.name}-{n}p" for spec, n in CASES]


def registered(*names: str) -> list[str]:
    """Those of ``names`` that are registered games now (real games land over time)."""
    known = {spec.name for spec in shipped_games()}
    return [name for name in names if name in known]


def spec_named(name: str) -> GameSpec:
    """The toy's spec or a registered game's."""
    return TOY if name == TOY.name else get_game(name)


def hidden_from(state: State, seat: int) -> set[str]:
    """Values hidden from ``seat`` now."""
    return state.hidden_tokens(seat)

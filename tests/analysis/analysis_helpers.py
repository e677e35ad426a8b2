"""Short games of each title for the analysis tests (seeded random play, fixed budgets)."""

from __future__ import annotations

import stonework
from stonework.core import CHANCE, Record, State, derive_rng
from stonework.games.zapotec.state import ZapotecState

AGENT = "mcts:iterations=40:mode=auto"
"""A fixed-iteration tree search: deterministic for a seed, and fast enough for tests."""


def settle_chance(state: State, seed: int) -> None:
    """Draw chance outcomes until a seat is to move (or the game ends)."""
    rng = derive_rng(seed, "chance")
    while state.current_player == CHANCE:
        state.apply(state.sample_chance(rng))


def short_record(game: str, players: int, decisions: int, seed: int = 3) -> Record:
    """The record of the first ``decisions`` decisions of a seeded random game."""
    state = stonework.new_game(game, players=players, seed=seed)
    rng = derive_rng(seed, "play")
    made = 0
    while not state.is_terminal and made < decisions:
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        state.apply(state.random_action(rng))
        made += 1
    return state.record()


def zapotec_decision_with_secrets() -> ZapotecState:
    """Seat 0 to move in a 3-player Zapotec game while the others hold cards it has not seen."""
    state = stonework.new_game("zapotec", players=3, seed=8)
    assert isinstance(state, ZapotecState)
    rng = derive_rng(8, "swap")
    for _ in range(2000):
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        unseen = any(
            not state.known[seat] >> card & 1 for seat in (1, 2) for card in state.hands[seat]
        )
        if state.current_player == 0 and unseen and len(state.legal_actions()) > 2:
            return state
        state.apply(state.random_action(rng))
    raise AssertionError("no decision with unseen cards")


def swapped(state: ZapotecState) -> ZapotecState:
    """The same state for seat 0, with the cards it cannot see dealt differently."""
    for k in range(50):
        other = state.determinize(0, derive_rng(k, "other world"))
        if other.hands != state.hands:
            return other
    raise AssertionError("no other world")

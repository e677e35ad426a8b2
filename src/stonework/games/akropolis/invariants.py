"""What every reachable Akropolis position satisfies, checked when a position string is read.

:mod:`.notation` already checks each field, the tiles (each once, all in play, legally laid)
and the reveals against the stacks. Turns follow a fixed rhythm these checks add: parties take
tiles in turn from party 0, a round is ``parties + 1`` takes (the site is refilled when one tile
is left), and the Chief Architect marker and the stacks left follow from the number of rounds.
A position off that rhythm is refused with InvalidPosition.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stonework.core.errors import InvalidPosition
from stonework.games.akropolis.tiles import tiles_in_play

if TYPE_CHECKING:
    from stonework.games.akropolis.state import AkropolisState


def _need(ok: bool, what: str) -> None:
    if not ok:
        raise InvalidPosition(f"impossible akropolis position: {what}")


def check_invariants(state: AkropolisState) -> None:
    """Raise InvalidPosition unless turns, marker and stacks agree with the tiles taken."""
    parties = state.parties
    taken = [len(city.placements) for city in state.cities]
    if state.solo:
        taken.append(len(state.pile))
    total = sum(taken)
    for party, count in enumerate(taken):
        want = total // parties + (party < total % parties)
        _need(count == want, f"party {party} took {count} tiles; turns give it {want}")
    per_round = parties + 1
    rounds = total // per_round
    pool = len(tiles_in_play(state.num_players, bool(state.options.get("long_game"))))
    stacks = (pool - state.site_size) // state.stack_size
    over = not state.pending and len(state.site) <= 1 and not state.stacks_left
    if over:
        # The last round ends the game: no refill, and the turn stays with the last taker.
        _need(total > 0 and state.turn == (total - 1) % parties, "the last taker keeps the turn")
        _need(rounds == stacks + 1, "the game ends after the last stack's round")
        _need(state.chief == (rounds - 1) % parties, "the Chief Architect marker")
        return
    _need(state.turn == total % parties, f"party {total % parties} is to take a tile")
    _need(state.stacks_left == stacks - rounds, f"{stacks - rounds} stacks are left")
    _need(state.chief == rounds % parties, "the Chief Architect marker")
    _need(
        len(state.site) + state.pending == state.site_size - total % per_round,
        "the construction site holds the tiles this round leaves",
    )

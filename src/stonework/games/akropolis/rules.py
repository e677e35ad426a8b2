"""What a seat may do and what each action changes: the construction site, costs and turns.

The geometry of a legal placement (§3.1) is kept up to date by each :class:`~.city.City`; this
module adds the rest of the turn (§3): which site positions a seat can pay for, the reveals of
new stacks, the Chief Architect marker, and the solo Architect's turns (§5), which follow the
person's turn at once so that ``current_player`` is only ever the person's seat 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Final

from stonework.core.errors import IllegalAction, InvalidAction
from stonework.core.rng import Rng
from stonework.core.state import CHANCE, TERMINAL, Action
from stonework.games.akropolis import actions as act
from stonework.games.akropolis.actions import Place, Reveal
from stonework.games.akropolis.architect import ARCHITECT, architect_choice
from stonework.games.akropolis.hexgrid import (
    CELL_AT,
    NUM_PLACEMENTS,
    PLACEMENT_TRIANGLE,
    PLACEMENTS_OF_TRIANGLE,
    placement,
)
from stonework.games.akropolis.tiles import NUM_TILES

if TYPE_CHECKING:
    from stonework.games.akropolis.state import AkropolisState

REVEALS: Final = tuple(Reveal(t) for t in range(NUM_TILES + 1))
"""One shared Reveal value per tile id, so states and histories hold the same objects."""


def affordable_positions(state: AkropolisState) -> int:
    """How many site positions the player to move may take (the k-th costs k - 1)."""
    return min(len(state.site), state.stones[state.turn] + 1)


def legal_placements(state: AkropolisState, seat: int) -> list[int]:
    """The placements (``cell * 6 + rotation``) open in a seat's city, in a stable order."""
    # Each triangle's placements go in as the table's own int objects: the compiled build
    # would unbox and box each of them again in a comprehension (and allocate the new ones),
    # which made this twice as slow compiled as from source.
    of_triangle: Sequence[Sequence[int]] = PLACEMENTS_OF_TRIANGLE
    out: list[int] = []
    for tri in state.cities[seat].sorted_legal():
        out.extend(of_triangle[tri])
    return out


def legal_actions(state: AkropolisState) -> list[Action]:
    """Reveals of the unseen tiles at a chance node, else every affordable position x placement."""
    player = state.current_player
    if player == CHANCE:
        return [REVEALS[t] for t in state.unseen]
    if player == TERMINAL:
        return []
    placements = legal_placements(state, state.turn)
    out: list[Action] = []
    if not placements:
        return out
    pick = itemgetter(*placements)  # one C call per row instead of a Python loop
    for position in range(1, affordable_positions(state) + 1):
        got = pick(act.place_row(position))
        if len(placements) == 1:
            out.append(got)
        else:
            out += got
    return out


def legal_action_ids(state: AkropolisState) -> list[int]:
    """The ids of :func:`legal_actions`, in its order, computed from the placement indices."""
    player = state.current_player
    if player == CHANCE:
        base = state.site_size * NUM_PLACEMENTS - 1
        return [base + t for t in state.unseen]
    if player == TERMINAL:
        return []
    placements = legal_placements(state, state.turn)
    out: list[int] = []
    for position in range(affordable_positions(state)):
        base = position * NUM_PLACEMENTS
        out += [base + p for p in placements]
    return out


def is_legal_id(state: AkropolisState, action_id: int) -> bool:
    """Whether ``action_id`` is in :func:`legal_action_ids`, without listing them: a seat's
    id is a site position it can pay for and a placement on a legal triangle of its city."""
    if type(action_id) is not int:
        return False
    if state.current_player < 0 or action_id < 0:
        return action_id in legal_action_ids(state)
    position, laid = divmod(action_id, NUM_PLACEMENTS)
    # Off-window placements have triangle -1, never legal.
    return (
        position < affordable_positions(state)
        and PLACEMENT_TRIANGLE[laid] in state.cities[state.turn].legal
    )


def random_action(state: AkropolisState, rng: Rng) -> Action:
    """A uniformly random legal action, drawn without listing them all."""
    if state.current_player == TERMINAL:
        raise IllegalAction("the game is over; there is no action to draw")
    if state.pending:
        return random_reveal(state, rng)
    triangles = state.cities[state.turn].sorted_legal()
    index = rng.randrange(affordable_positions(state) * 3 * len(triangles))
    position, rest = divmod(index, 3 * len(triangles))
    placement = PLACEMENTS_OF_TRIANGLE[triangles[rest // 3]][rest % 3]
    place = act.place_row(position + 1)[placement]
    assert place is not None
    return place


def reveal_outcomes(state: AkropolisState) -> list[tuple[Action, float]]:
    """Every unseen tile, equally likely to turn up next."""
    p = 1.0 / len(state.unseen)
    return [(REVEALS[t], p) for t in state.unseen]


def random_reveal(state: AkropolisState, rng: Rng) -> Action:
    """One unseen tile drawn uniformly."""
    return REVEALS[state.unseen[rng.randrange(len(state.unseen))]]


def check(state: AkropolisState, action: Action) -> None:
    """Raise InvalidAction or IllegalAction, naming the rule, unless ``action`` is legal now."""
    if not act.is_action(action):
        raise InvalidAction(
            f"{action!r} is not an Akropolis action (POSITION@Q,R/ROTATION or 'reveal NN')"
        )
    if type(action) is Reveal:
        _check_reveal(state, action)
    else:
        assert type(action) is Place
        _check_place(state, action)


def _check_reveal(state: AkropolisState, action: Reveal) -> None:
    if not state.pending:
        raise IllegalAction(f"{action}: no tile is being revealed ({state.describe_turn()})")
    if action.tile not in state.unseen:
        raise IllegalAction(f"{action}: tile {action.tile:02d} is not in the stacks")


def _check_place(state: AkropolisState, action: Place) -> None:
    if state.pending:
        raise IllegalAction(f"{action}: tiles must be revealed first")
    if action.position > len(state.site):
        raise IllegalAction(
            f"{action}: the construction site has {len(state.site)} tiles, "
            f"there is no position {action.position}"
        )
    cost = action.position - 1
    if cost > state.stones[state.turn]:
        raise IllegalAction(
            f"{action}: position {action.position} costs {cost} stones, "
            f"seat {state.turn} has {state.stones[state.turn]}"
        )
    laid = act.placement_index(action)
    if laid < 0:
        raise IllegalAction(f"{action}: the tile would stick out of the city window")
    if not state.cities[state.turn].is_legal(laid):
        raise IllegalAction(
            f"{action}: a tile cannot go there (on the ground it must touch the city; "
            "higher up it must lie flat on three hexes of one height from two tiles or more)"
        )


def apply(state: AkropolisState, action: Action) -> None:
    """Play a checked action: a reveal turns a tile up, a placement takes and lays a tile."""
    if type(action) is Reveal:
        _apply_reveal(state, action)
    else:
        assert type(action) is Place
        _apply_place(state, action)


def _apply_reveal(state: AkropolisState, action: Reveal) -> None:
    state.site.append(action.tile)
    state.unseen.remove(action.tile)
    state.pending -= 1
    if not state.pending and state.solo:
        _architect_turns(state)


def _apply_place(state: AkropolisState, action: Place) -> None:
    seat = state.turn
    cost = action.position - 1
    tile = state.site.pop(cost)
    state.stones[seat] -= cost
    if state.solo:
        state.stones[ARCHITECT] += cost  # solo: the person's stones go to the Architect (§5)
    laid = placement(CELL_AT[(action.q, action.r)], action.rotation)
    state.stones[seat] += state.cities[seat].lay(tile, laid)
    _end_turn(state)
    if state.solo:
        _architect_turns(state)


def _end_turn(state: AkropolisState) -> None:
    # §3.2: one tile left and stacks remain: reveal the next stack and pass the marker on.
    # One tile left and no stack: the game is over and the turn stays with the last player
    # (as in the oracle data).
    if len(state.site) == 1 and not state.stacks_left:
        return
    state.turn = (state.turn + 1) % state.parties
    if len(state.site) == 1:
        state.stacks_left -= 1
        state.pending = state.stack_size
        state.chief = state.turn


def _architect_turns(state: AkropolisState) -> None:
    while not state.pending and state.turn == ARCHITECT and len(state.site) > 1:
        position = architect_choice(state.site, state.stones[ARCHITECT])
        state.pile.append(state.site.pop(position - 1))
        state.stones[ARCHITECT] -= position - 1
        _end_turn(state)

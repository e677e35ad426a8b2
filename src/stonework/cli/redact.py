"""What a seat may read of a move: its notation, or nothing when the notation would tell a secret.

A move or chance outcome is written out for a viewer only when the viewer's observation after
it tells it apart from every other choice that could have been made: then the notation says
nothing the board does not show. "Every other choice" covers the choices of the real position
and of a few determinized copies of it (the hidden cards re-dealt from the viewer's side), so a
forced choice out of a hidden hand stays hidden too. A game without hidden information shows
every move, and a seat always reads its own moves.

The decision is a function of the viewer's observations, so two games that differ only in what
the viewer cannot see print the same words (the swap tests in ``tests/cli`` check it).
"""

from __future__ import annotations

from collections.abc import Iterator

from stonework.core import CHANCE, Action, State, derive_rng

SAMPLES = 3
"""Determinized copies whose choices are tried besides the real position's."""


def _worlds(before: State, viewer: int | None, seed: int) -> Iterator[State]:
    """The real position, then copies with what ``viewer`` cannot see re-sampled (made lazily:
    most moves are told apart or matched in the real position already)."""
    yield before
    if not before.hidden_tokens(viewer):
        return
    # A spectator sees less than any seat: re-deal from each seat's side in turn.
    sides = [viewer] if viewer is not None else list(range(before.num_players))
    seen = before.observation(viewer)
    for k in range(SAMPLES):
        for side in sides:
            copy = before.determinize(side, derive_rng(seed, "redact", k, side))
            # A copy the viewer could tell from the real position would compare the wrong things.
            if copy.observation(viewer) == seen:
                yield copy


def _choices(state: State) -> list[Action]:
    if state.current_player == CHANCE:
        return [outcome for outcome, _ in state.chance_outcomes()]
    return state.legal_actions()


def visible_text(before: State, seat: int, action: Action, viewer: int | None) -> str | None:
    """The notation of ``action`` (taken by ``seat`` from ``before``) if ``viewer`` may read it.

    ``None`` when the notation would tell ``viewer`` something its observation does not.
    """
    text = str(action)
    if not before.spec.hidden_information or (viewer is not None and seat == viewer):
        return text
    after = before.clone()
    after.apply_unchecked(action)
    seen = after.observation(viewer)
    for world in _worlds(before, viewer, len(before.history)):
        choices = _choices(world)
        # What the move does in this world, when it can be made there at all.
        same_move = next((choice for choice in choices if str(choice) == text), None)
        effect = None
        if same_move is not None:
            done = world.clone()
            done.apply_unchecked(same_move)
            effect = done.position()
        for other in choices:
            if str(other) == text:
                continue
            alternative = world.clone()
            alternative.apply_unchecked(other)
            if alternative.observation(viewer) != seen:
                continue
            # Two moves with the same effect ("income row" and "income column" on an empty
            # grid) differ in nothing to hide; two the viewer cannot tell apart do.
            if effect is None or alternative.position() != effect:
                return None
    return text


def described(before: State, action: Action, text: str) -> str:
    """The notation, and the game's words for what it did when it has any (``buy II.3 (...)``)."""
    from stonework.cli.game_views import action_words

    words = action_words(before, action)
    return text if not words else f"{text} ({words})"


def entry_words(before: State, seat: int, action: Action, viewer: int | None) -> str:
    """``seat 1 build ...``, ``chance deal 22``, or what stays of them when the move is secret."""
    text = visible_text(before, seat, action, viewer)
    who = "chance" if seat == CHANCE else f"seat {seat}"
    if text is not None:
        return f"{who} {described(before, action, text)}"
    return f"{who}: a hidden outcome" if seat == CHANCE else f"{who}: a secret choice"

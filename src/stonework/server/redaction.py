"""Who may read each log entry, and which entries reveal something hidden (built on the protocol only).

The server never reaches into a game, so it decides from observations alone:

* In a game without hidden information every entry is public.
* Otherwise the seat that acted reads its own entry. Another viewer reads it only if what it
  sees afterwards tells this action apart from every other one that was legal (its observation
  differs from the observation after each alternative). A secret commit, or a card dealt into
  another hand, leaves the other seats' observations the same for some alternative, so they get
  "(hidden)". A forced action (no alternative) is read only if every determinization of the
  viewer's knowledge had that same single action: otherwise the forcing itself is a secret.
* The spectator is checked first: a seat sees at least what the spectator sees, so an entry the
  spectator can tell apart is public.

An entry *reveals* something when a token hidden from some viewer before it (``hidden_tokens``)
appears in that viewer's observation after it; the undo policy never crosses such an entry.
"""

from __future__ import annotations

from collections.abc import Iterator

from stonework.core.rng import derive_rng
from stonework.core.state import JSON, Action, State, observation_json

DETERMINIZATIONS = 3


def readers(before: State, action: Action, after: State) -> list[int]:
    """The viewers who may read ``action``'s notation: seats, and ``num_players`` for spectators."""
    n = before.num_players
    everyone = [*range(n + 1)]
    if not before.spec.hidden_information:
        return everyone
    actor = before.current_player
    alternatives = _Alternatives(before, action)
    if _tells_apart(alternatives, after, None):
        return everyone
    out = []
    for seat in range(n):
        if seat == actor or _tells_apart(alternatives, after, seat):
            out.append(seat)
    return out


def reveals(before: State, after: State) -> bool:
    """True if something hidden from a seat or the spectator before is in its view after."""
    if not before.spec.hidden_information:
        return False
    for viewer in [*range(before.num_players), None]:
        hidden = before.hidden_tokens(viewer)
        if hidden:
            seen = observation_json(after, viewer)
            if any(token in seen for token in hidden):
                return True
    return False


class _Alternatives:
    """The other legal actions at ``before``, applied lazily and once, with observations cached."""

    def __init__(self, before: State, action: Action) -> None:
        self.before = before
        self.action = action
        self.others = [a for a in before.legal_actions() if a != action]
        self.states: list[State] = []
        self.views: dict[tuple[int, int | None], dict[str, JSON]] = {}

    def observations(self, viewer: int | None) -> Iterator[dict[str, JSON]]:
        for index, other in enumerate(self.others):
            if index == len(self.states):
                state = self.before.clone()
                state.apply_unchecked(other)
                self.states.append(state)
            key = (index, viewer)
            if key not in self.views:
                self.views[key] = self.states[index].observation(viewer)
            yield self.views[key]


def _tells_apart(alternatives: _Alternatives, after: State, viewer: int | None) -> bool:
    if not alternatives.others:
        return _forced_for(alternatives.before, alternatives.action, viewer)
    seen = after.observation(viewer)
    return all(other != seen for other in alternatives.observations(viewer))


def _forced_for(before: State, action: Action, viewer: int | None) -> bool:
    # A spectator has no determinization of its own: treat it as seeing what no seat hides.
    if viewer is None:
        return all(_forced_for(before, action, seat) for seat in range(before.num_players))
    expected = [str(action)]
    for index in range(DETERMINIZATIONS):
        world = before.determinize(viewer, derive_rng(0, "redaction", index))
        if [str(a) for a in world.legal_actions()] != expected:
            return False
    return True

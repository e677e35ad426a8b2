"""The game protocol: the ``State`` every game implements, and the values it returns.

A state is mutable and cheap to ``clone()``. Players are seat indices ``0..n-1``; the sentinels
:data:`CHANCE` and :data:`TERMINAL` stand in ``current_player`` at chance nodes and at the end.
Actions are small immutable hashable values whose ``str()`` is their notation; chance outcomes
are actions too, applied with the same ``apply``.

Subclasses implement the ``_``-prefixed hooks; the public methods add the checks that keep a
state unchanged on bad input.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Final, TypeAlias

from stonework.core.action_fields import describe_value, fresh_copy, has_exact_fields
from stonework.core.errors import IllegalAction, InvalidAction
from stonework.core.options import OptionValue
from stonework.core.rng import Rng

if TYPE_CHECKING:
    from stonework.core.record import Record
    from stonework.core.registry import GameSpec
    from stonework.core.solving import CompactRules

CHANCE: Final = -1
"""``current_player`` at a chance node (a tile reveal, a deal, a shuffle)."""

TERMINAL: Final = -2
"""``current_player`` once the game is over."""

Action: TypeAlias = Hashable
"""An action: a small immutable value; ``str(action)`` is its notation."""

JSON: TypeAlias = Any
"""A plain-JSON value (dicts with string keys, lists, str, int, float, bool, None)."""


@dataclass(frozen=True)
class Score:
    """One seat's score: the total and the breakdown a score sheet shows (plain JSON)."""

    total: int | float
    breakdown: dict[str, JSON] = field(default_factory=dict)

    def to_json(self) -> dict[str, JSON]:
        """Plain-JSON form."""
        return {"total": self.total, "breakdown": self.breakdown}


def seat_name(seat: int) -> str:
    """A seat index as it appears in records and messages (``chance`` for chance nodes)."""
    return "chance" if seat == CHANCE else str(seat)


class State(ABC):
    """The protocol every game's state implements (see docs/protocol.md)."""

    spec: ClassVar[GameSpec]
    """The registered game this state belongs to (set by the game's module)."""

    action_types: ClassVar[tuple[type, ...]] = ()
    """The game's action classes: ``apply`` refuses any other class (subclasses too) and any
    field not exactly of its declared type (see :mod:`stonework.core.action_fields`)."""

    num_players: int
    options: dict[str, OptionValue]
    history: list[tuple[int, Action]]

    # --- whose turn -------------------------------------------------------------------------

    @property
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` at a chance node, :data:`TERMINAL` at the end."""

    @property
    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.current_player == TERMINAL

    @property
    def is_chance_node(self) -> bool:
        """True when the next action is a chance outcome."""
        return self.current_player == CHANCE

    # --- actions ----------------------------------------------------------------------------

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action (chance outcomes at a chance node) in a stable order."""

    def legal_action_ids(self) -> list[int]:
        """The ids (:meth:`action_id`) of :meth:`legal_actions`, in the same order.

        What the learning adapters read for their action masks; games may answer without
        building and validating every action (the conformance kit checks the two agree).
        """
        return [self.action_id(action) for action in self.legal_actions()]

    def is_legal_id(self, action_id: int) -> bool:
        """True if ``action_id`` is one of :meth:`legal_action_ids` now (any int: out of range
        is False). Games that can tell at once override it (the conformance kit checks the two
        agree); the learning adapters then check an agent's id without building a list."""
        return type(action_id) is int and action_id in self.legal_action_ids()

    def random_action(self, rng: Rng) -> Action:
        """A uniformly random legal action (at a chance node: an outcome by its probability)."""
        if self.current_player == CHANCE:
            return self.sample_chance(rng)
        return rng.choice(self.legal_actions())

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node, the outcomes and their probabilities (they sum to 1)."""
        if self.current_player != CHANCE:
            raise IllegalAction("chance_outcomes() is only defined at a chance node")
        outcomes = self.legal_actions()
        p = 1.0 / len(outcomes)
        return [(outcome, p) for outcome in outcomes]

    def sample_chance(self, rng: Rng) -> Action:
        """Draw one chance outcome with its probability."""
        outcomes = self.chance_outcomes()
        actions = [a for a, _ in outcomes]
        weights = [p for _, p in outcomes]
        return rng.choices(actions, weights)[0]

    def apply(self, action: Action) -> None:
        """Apply a legal action; raise InvalidAction/IllegalAction and change nothing otherwise."""
        action = self.canonical_action(action)
        if self.current_player == TERMINAL:
            raise IllegalAction(f"the game is over; {action} cannot be played")
        self._check(action)
        self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> None:
        """Apply an action known to be legal, recording it (the playout hot path: no checks)."""
        self.history.append((self.current_player, action))
        self._apply(action)

    def apply_text(self, text: str) -> Action:
        """Parse notation and apply it; returns the action applied."""
        action = self.parse_action(text)
        self.apply(action)
        return action

    def canonical_action(self, value: object) -> Action:
        """The game's own action equal to ``value``; InvalidAction if malformed or a look-alike.

        ``apply`` stores what this returns, never the caller's object, so the history and the
        record hold exactly what the game would have built itself.
        """
        if self.action_types and not has_exact_fields(value, self.action_types):
            raise InvalidAction(f"{describe_value(value)} is not an action of {self.spec.name}")
        if not self.is_action(value):
            self._check(value)  # the game's own message for a well-typed value out of range
            raise InvalidAction(f"{describe_value(value)} is not an action of {self.spec.name}")
        return self._own_action(value)

    def _own_action(self, action: Action) -> Action:
        """The game's own value for a checked action (default: a fresh copy of its fields)."""
        return fresh_copy(action)

    def _check(self, action: Action) -> None:
        """Raise InvalidAction if ``action`` is malformed, IllegalAction if not legal here.

        The default looks the action up in :meth:`legal_actions`; games override it with a
        faster test and more specific messages.
        """
        if not self.is_action(action):
            raise InvalidAction(f"{action!r} is not a {self.spec.name} action")
        if action not in self.legal_actions():
            raise IllegalAction(f"{action} is not legal now ({self.describe_turn()})")

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Apply an action known to be legal (no checks; the hot path of playouts)."""

    @abstractmethod
    def is_action(self, value: object) -> bool:
        """True if ``value`` is a well-formed action of this game (legal or not)."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Read an action (or chance outcome) from its notation; raise InvalidAction if malformed."""

    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Size of the fixed action space for this game config (decisions and chance outcomes)."""

    @abstractmethod
    def action_id(self, action: Action) -> int:
        """The stable integer id of an action, ``0 <= id < num_distinct_actions()``."""

    @abstractmethod
    def action_from_id(self, action_id: int) -> Action:
        """The action with that id; raise InvalidAction for an id outside the space."""

    def action_targets(self, action: Action) -> tuple[str, ...]:
        """What a person clicks on the SVG, in order, to choose ``action`` (``kind:key`` strings).

        Each string names an element drawn with ``data-target="kind:key"`` by :meth:`to_svg`
        (``site:2``, ``hex:0,-3``). The default, ``()``, means a button is the natural control.
        """
        return ()

    def describe_turn(self) -> str:
        """A short phrase saying whose turn it is and what they must do (for messages)."""
        player = self.current_player
        if player == TERMINAL:
            return "the game is over"
        if player == CHANCE:
            return "waiting for a chance outcome"
        return f"seat {player} to play"

    # --- copies and positions -----------------------------------------------------------------

    @abstractmethod
    def clone(self) -> State:
        """An independent copy (hand-written; never ``deepcopy`` in a hot path)."""

    def scratch_copy(self) -> State:
        """A copy to play a move or two on, read and drop (a one-ply look-ahead).

        Its moves may write into storage it shares with this state where a clone would copy
        it, so :meth:`drop_scratch` must be called on it before this state (or any other copy
        of it) is read or changed again, and the copy is not used after. The default is
        :meth:`clone`, whose drop does nothing.
        """
        return self.clone()

    def drop_scratch(self) -> None:  # noqa: B027 (a hook: nothing to undo unless overridden)
        """Undo what this scratch copy's moves wrote into storage shared with its original."""

    @abstractmethod
    def position(self) -> str:
        """The position string: everything in the position (hidden parts included), FEN-like."""

    def determinize(self, player: int, rng: Rng) -> State:
        """A copy in which what ``player`` cannot see is re-sampled consistently with what they see.

        Games with perfect information return a clone.
        """
        return self.clone()

    # --- results ------------------------------------------------------------------------------

    @abstractmethod
    def scores(self) -> list[Score]:
        """Each seat's score now (running during play, final at the end), with its breakdown."""

    def score_totals(self) -> list[int | float]:
        """Each seat's score total now: :meth:`scores` without the breakdowns, which a game may
        give faster (searches that compare totals in every node read it)."""
        return [score.total for score in self.scores()]

    def ranking(self) -> list[int]:
        """Each seat's place, 1 = first; tied seats share a place. Default: by score total."""
        totals = [score.total for score in self.scores()]
        return [1 + sum(1 for other in totals if other > mine) for mine in totals]

    def returns(self) -> list[float]:
        """Per-seat outcome for learning code: zeros before the end; from the ranking at the end.

        A seat gets (seats it beats - seats that beat it) / (players - 1): +1 for a sole win and
        -1 for a sole loss in a two-player game, 0 for a draw; the values sum to zero.
        """
        if not self.is_terminal:
            return [0.0] * self.num_players
        ranks = self.ranking()
        n = self.num_players
        return [
            (sum(1 for r in ranks if r > mine) - sum(1 for r in ranks if r < mine)) / max(1, n - 1)
            for mine in ranks
        ]

    # --- what each seat may see ---------------------------------------------------------------

    @abstractmethod
    def observation(self, player: int | None) -> dict[str, JSON]:
        """A plain-JSON view of what ``player`` may see; ``None`` is a spectator."""

    def hidden_tokens(self, player: int | None) -> set[str]:
        """Strings naming the values hidden from ``player`` right now (hands, secret choices).

        The conformance kit checks that none of them appears in ``player``'s observation, as a
        string value or inside one, so games write hidden things in observations with the same
        strings. Perfect-information games return an empty set.
        """
        return set()

    # --- hooks for AI and learning code ---------------------------------------------------------

    def max_game_length(self) -> int | None:
        """An upper bound on the decisions (and, separately, chance nodes) of one game, or None.

        Research adapters that need a bound (OpenSpiel's ``max_game_length``) use a generous
        default when a game states none.
        """
        return None

    def decisions_left(self) -> int | None:
        """The most decisions the rest of the game can take, or None if the game cannot say.

        Endgame solvers (``stonework.agents.endgame``) read it to know when a position is near
        enough to the end to be solved exactly.
        """
        return None

    def compact_rules(self) -> tuple[CompactRules[Any], Any] | None:
        """This game's rules on compact positions and this state as one, for exact solvers.

        ``None`` (the default): a solver reads the game through its states, correct but slow.
        A two-player game of perfect information and no chance may give faster ones.
        """
        return None

    def heuristic(self) -> list[float] | None:
        """A cheap estimate of each seat's prospects in [-1, 1] (greedy play, search cut-offs).

        ``None`` when the game provides none. It may read only what is common knowledge or the
        true state of a determinized copy, so agents call it on determinized states.
        """
        return None

    def leaf_heuristic(self) -> list[float] | None:
        """A tree search's estimate of a leaf, where the game has one apart from :meth:`heuristic`.

        ``None`` (the default): the search judges leaves by :meth:`heuristic`, as greedy play
        does. A game may fit a second estimate to how games end (Akropolis, per player count)
        without changing what greedy plays; the same rules on what it may read apply.
        """
        return None

    def observation_shape(self) -> tuple[int, ...]:
        """Shape of :meth:`observation_tensor` for this game config (constant over a game)."""
        raise NotImplementedError(f"{self.spec.name} has no observation tensor")

    def observation_tensor(self, player: int) -> list[float]:
        """What ``player`` may see as a flat list of floats of ``prod(observation_shape())`` values.

        The layout is documented with the game; hidden values never enter another seat's tensor.
        """
        raise NotImplementedError(f"{self.spec.name} has no observation tensor")

    def observation_bounds(self) -> tuple[float, float]:
        """The least and greatest value any entry of :meth:`observation_tensor` can take
        (``inf`` for a counter with no fixed ceiling); the learning adapters declare these."""
        raise NotImplementedError(f"{self.spec.name} has no observation tensor")

    def observation_nonzero(self, player: int) -> tuple[list[int], list[float]]:
        """:meth:`observation_tensor` as (indices, values) of the entries that may be nonzero.

        Every index not listed is 0. Learning code fills an array of zeros from these; a game
        whose tensor is mostly zeros answers without building the whole list.
        """
        values = self.observation_tensor(player)
        indices = [i for i, value in enumerate(values) if value]
        return indices, [values[i] for i in indices]

    # --- records and rendering ----------------------------------------------------------------

    def record(self) -> Record:
        """The game record: options, players and every action and chance outcome with its seat."""
        from stonework.core.record import Record

        return Record(
            game=self.spec.name,
            players=self.num_players,
            options=dict(self.options),
            entries=[(seat, str(action)) for seat, action in self.history],
        )

    @abstractmethod
    def to_text(self, perspective: int | None = None) -> str:
        """A terminal drawing of the state as ``perspective`` sees it (``None``: spectator)."""

    @abstractmethod
    def to_svg(self, perspective: int | None = None) -> str:
        """An SVG drawing of the state as ``perspective`` sees it (``None``: spectator)."""

    svg_views: ClassVar[int] = 1
    """How many ways :meth:`to_svg_turned` can turn the drawing (Aztec: its 3D view's 4 corners)."""

    def to_svg_turned(self, perspective: int | None, view: int) -> str:
        """:meth:`to_svg` with the drawing turned to ``view`` (0 .. ``svg_views - 1``)."""
        if not 0 <= view < self.svg_views:
            raise ValueError(f"view must be from 0 to {self.svg_views - 1}, not {view!r}")
        return self.to_svg(perspective)

    def action_effects(self, action: Action) -> dict[str, dict[str, int]] | None:
        """What the legal ``action`` would cost and bring the seat to act, or None if the game
        does not say (``{"pay": {...}, "gain": {...}, "use": {...}}``, counts by name)."""
        return None

    def _repr_svg_(self) -> str:
        return self.to_svg(None)

    def __str__(self) -> str:
        return self.to_text(None)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec.name} {self.position()!r}>"


def observation_json(state: State, player: int | None) -> str:
    """The observation serialised canonically (for comparisons and the wire)."""
    return json.dumps(state.observation(player), sort_keys=True, separators=(",", ":"))


def play_random(state: State, rng: Rng, max_steps: int = 1_000_000) -> State:
    """Play ``state`` to the end with uniformly random actions and chance by its odds (in place)."""
    steps = 0
    while not state.is_terminal:
        state.apply_unchecked(state.random_action(rng))
        steps += 1
        if steps > max_steps:
            raise RuntimeError(f"{state.spec.name}: no end after {max_steps} steps")
    return state


def legal_ids(state: State) -> list[int]:
    """Integer ids of the legal actions, in the order of ``legal_actions()``."""
    return [state.action_id(a) for a in state.legal_actions()]


def action_mask(state: State) -> list[bool]:
    """A mask over the whole action space, True where the action is legal."""
    mask = [False] * state.num_distinct_actions()
    for i in legal_ids(state):
        mask[i] = True
    return mask

"""The Zapotec state: compact fields (ints and small lists), a hand-written clone, the protocol glue.

The rules live in :mod:`.rules` (decisions), :mod:`.chance` (deals and reveals) and
:mod:`.scoring`; what a seat may see in :mod:`.observe`; the heuristic in :mod:`.evaluation`;
this module holds the fields and delegates the protocol to those modules.
"""

from __future__ import annotations

import json
from typing import ClassVar, Final

from stonework.core import (
    CHANCE,
    JSON,
    TERMINAL,
    Action,
    GameSpec,
    IllegalAction,
    InvalidAction,
    OptionValue,
    Rng,
    Score,
    State,
)
from stonework.core.action_fields import has_exact_fields
from stonework.games.zapotec import (
    chance,
    costs,
    determinize,
    evaluation,
    observe,
    position,
    render_svg,
    render_text,
    rules,
    scoring,
    targets,
)
from stonework.games.zapotec.actions import ACTION_TYPES, ActionSpace, action_space
from stonework.games.zapotec.components import Components
from stonework.games.zapotec.datasets import load_components, register_components, registered_json
from stonework.games.zapotec.phases import COMMIT, END, PHASES, TASKS

FROM_SOURCE: Final = __file__.endswith(".py")
"""False in the compiled build (docs/speed.md), whose states keep their fields outside
``__dict__``."""

FIELDS: tuple[str, ...] = (
    *("num_players", "options", "history", "comp", "space"),
    *("one_level", "actions_after_building", "palace_matches_icon", "palace_uses_house"),
    *("shared_ties", "small_on_large", "complete_at_three", "any_piece", "fitting_piece"),
    *("free_ritual_needs_pyramid", "sacrifice_past_end", "supply"),
    *("round", "phase", "active", "turn_order", "turn_index", "queue", "in_play"),
    *("space_tile", "space_owner", "tiles_left", "trade_rows", "trade_stack", "pyramids"),
    *("pyramid_tile", "scoring_tiles", "rituals", "ritual_discs", "stamp", "scoring_card"),
    *("offer", "played", "dealt", "hands", "known", "res", "grid", "houses", "palace"),
    *("icon_houses", "pieces", "discs", "track", "track_stamp", "points", "tiles", "used"),
    *("bought", "pyramid_levels", "free_rituals"),
)
"""Every field of a :class:`ZapotecState`, for pickling (a test keeps it complete)."""


class ZapotecState(State):
    """A Zapotec game in progress (see ``docs/rules/zapotec.md``)."""

    spec: ClassVar[GameSpec]
    action_types: ClassVar[tuple[type, ...]] = ACTION_TYPES

    comp: Components
    space: ActionSpace

    def __init__(
        self, players: int = 0, options: dict[str, OptionValue] | None = None, setup: bool = True
    ) -> None:
        if options is None:
            # A blank for clone() and unpickling to fill: in the compiled build
            # (docs/speed.md) __new__ runs __init__ as well.
            if players:
                raise TypeError("ZapotecState(players, options): the options are missing")
            return
        self.num_players = players
        self.options = dict(options)
        self.history = []
        c = load_components(str(options.get("components", "")), str(options["building_tiles"]))
        self.comp = c
        self.space = action_space(c)
        self._read_flags()
        n = players
        self.round = 1
        self.phase = COMMIT
        self.active = 0
        self.turn_order: list[int] = []
        self.turn_index = 0
        self.queue: list[tuple[int, int]] = []
        # main board
        self.in_play = [s.min_players <= n for s in c.spaces]
        self.space_tile = [-1] * len(c.spaces)
        self.space_owner = [-1] * len(c.spaces)
        # §2.2: tiles marked for more players than the game has stay in the box.
        self.tiles_left = [t.count_for(n) for t in c.building_tiles]
        self.trade_rows = [[-1] * c.trade_face_up for _ in range(3)]
        self.trade_stack = [t.count for t in c.trade_tiles]
        self.pyramids: list[list[int]] = [[] for _ in range(n + 1)]  # components.piece(seat, size)
        self.pyramid_tile = [-1] * (n + 1)
        self.scoring_tiles: list[int] = []  # drawn and not yet on a pyramid
        self.rituals: list[int] = []  # indices into comp.rituals, in the order drawn
        self.ritual_discs: list[int] = []  # per ritual in play: bitmask of seats
        self.stamp = 0  # arrival counter for the sacrifice-track stack order
        # cards
        self.scoring_card = 0
        self.offer: list[int] = []
        self.played = [0] * n
        self.dealt = 0  # bitmask of every card number dealt anywhere
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.known = [0] * n  # bitmask of hand cards everyone saw (drafted from the offer)
        # players
        self.res = [list(c.start_resources) for _ in range(n)]
        self.grid = [[-1] * 9 for _ in range(n)]
        self.houses = [c.houses] * n
        self.palace = [-1] * n
        self.icon_houses = [[0] * 9 for _ in range(n)]  # houses per icon (palace counts 2)
        self.pieces = [list(c.pyramid_pieces) for _ in range(n)]  # small, medium, large left
        self.discs = [c.ritual_discs] * n
        self.track = [0] * n
        self.track_stamp = [0] * n
        self.points = [0] * n  # points scored during play (rounds, track bonuses)
        self.tiles: list[list[int]] = [[] for _ in range(n)]  # trade tile kinds owned
        self.used: list[list[bool]] = [[] for _ in range(n)]  # once-per-round tiles used
        # the current turn
        self.bought = 0  # bitmask of levels bought from this turn
        self.pyramid_levels = 0  # levels built this turn
        self.free_rituals = 0  # free ritual discs to place now (sacrifice track)
        if setup:
            chance.queue_setup(self)

    def _read_flags(self) -> None:
        o = self.options
        self.one_level = bool(o["one_pyramid_level_per_turn"])
        self.actions_after_building = bool(o["actions_after_building"])
        self.palace_matches_icon = bool(o["palace_matches_icon"])
        self.palace_uses_house = bool(o["palace_uses_house"])
        self.shared_ties = o["tie_breakers"] == "shared"
        self.small_on_large = bool(o["small_on_large"])
        self.complete_at_three = o["pyramid_complete"] == "three-levels"
        self.any_piece = o["pyramid_piece"] == "any"
        self.fitting_piece = o["pyramid_piece"] == "largest-fitting"
        self.free_ritual_needs_pyramid = bool(o["free_ritual_needs_pyramid"])
        self.sacrifice_past_end = bool(o["sacrifice_past_end"])
        self.supply = int(o["resource_supply"])

    # --- whose turn -------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        if self.queue:
            return CHANCE
        if self.phase == END:
            return TERMINAL
        return self.active

    @property
    def is_terminal(self) -> bool:
        # The protocol's own test, written here so that the compiled build runs it as native code
        # (a search and a playout ask it at every step).
        return not self.queue and self.phase == END

    def describe_turn(self) -> str:
        player = self.current_player
        if player == TERMINAL:
            return "the game is over"
        if player == CHANCE:
            kind, _ = self.queue[0]
            return f"round {self.round}: waiting for a chance outcome ({TASKS[kind]})"
        return f"round {self.round}: seat {player} to play, {PHASES[self.phase]} phase"

    # --- actions ----------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self.queue:
            return chance.chance_actions(self)
        if self.phase == END:
            return []
        return rules.legal_decisions(self)

    def legal_action_ids(self) -> list[int]:
        # The listed actions are the space's own values, looked up by identity in C (no
        # dataclass hash: an Actions-phase list holds about fifty house builds); a value that
        # is not the space's own (none is) would fall back to the lookup by value.
        actions = self.legal_actions()
        try:
            return list(map(self.space.ids_by_identity.__getitem__, map(id, actions)))
        except KeyError:
            ids = self.space.ids
            return [ids[action] for action in actions]  # type: ignore[index]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if not self.queue:
            raise IllegalAction("chance_outcomes() is only defined at a chance node")
        return chance.chance_outcomes(self)

    def sample_chance(self, rng: Rng) -> Action:
        return chance.sample_chance(self, rng)

    def random_action(self, rng: Rng) -> Action:
        if self.queue:
            return self.sample_chance(rng)
        if self.phase == END:
            raise IndexError("the game is over: there is no legal action to draw")
        return rules.random_decision(self, rng)

    def action_targets(self, action: Action) -> tuple[str, ...]:
        return targets.action_targets(self, action)

    def _check(self, action: Action) -> None:
        if not isinstance(action, ACTION_TYPES) or action not in self.space.ids:
            raise InvalidAction(f"{action!r} is not a zapotec action")
        rules.check_action(self, action)

    def apply_unchecked(self, action: Action) -> None:
        # The protocol's hot path (State.apply_unchecked: record, then apply), written here so
        # that the compiled build runs it as native code with direct calls.
        if self.queue:
            self.history.append((CHANCE, action))
            chance.apply_chance(self, action)
        else:
            self.history.append((self.current_player, action))
            rules.apply_decision(self, action)

    def _apply(self, action: Action) -> None:
        if self.queue:
            chance.apply_chance(self, action)
        else:
            rules.apply_decision(self, action)

    def is_action(self, value: object) -> bool:
        return has_exact_fields(value, ACTION_TYPES) and value in self.space.ids

    def _own_action(self, action: Action) -> Action:
        # The space's value, not the caller's: fields outside equality (notation) come from it.
        return self.space.actions[self.space.ids[action]]  # type: ignore[index]

    def parse_action(self, text: str) -> Action:
        return self.space.parse(text)

    def num_distinct_actions(self) -> int:
        return len(self.space)

    def action_id(self, action: Action) -> int:
        return self.space.action_id(action)

    def action_from_id(self, action_id: int) -> Action:
        return self.space.action_from_id(action_id)

    # --- copies and positions ---------------------------------------------------------------

    def clone(self) -> ZapotecState:
        if FROM_SOURCE:
            # One dict update copies every field at once (the lists are replaced by copies
            # below): faster from source than field by field.
            other = ZapotecState.__new__(ZapotecState)
            other.__dict__.update(self.__dict__)
        else:
            # Compiled, the fields live outside __dict__: copy each (FIELDS lists them all).
            other = ZapotecState()
            other._copy_fields(self)
        other.history = list(self.history)
        other.turn_order = list(self.turn_order)
        other.queue = list(self.queue)
        other.space_tile = list(self.space_tile)
        other.space_owner = list(self.space_owner)
        other.tiles_left = list(self.tiles_left)
        other.trade_rows = [list(row) for row in self.trade_rows]
        other.trade_stack = list(self.trade_stack)
        other.pyramids = [list(p) for p in self.pyramids]
        other.pyramid_tile = list(self.pyramid_tile)
        other.scoring_tiles = list(self.scoring_tiles)
        other.rituals = list(self.rituals)
        other.ritual_discs = list(self.ritual_discs)
        other.offer = list(self.offer)
        other.played = list(self.played)
        other.hands = [list(h) for h in self.hands]
        other.known = list(self.known)
        other.res = [list(r) for r in self.res]
        other.grid = [list(g) for g in self.grid]
        other.houses = list(self.houses)
        other.palace = list(self.palace)
        other.icon_houses = [list(h) for h in self.icon_houses]
        other.pieces = [list(p) for p in self.pieces]
        other.discs = list(self.discs)
        other.track = list(self.track)
        other.track_stamp = list(self.track_stamp)
        other.points = list(self.points)
        other.tiles = [list(t) for t in self.tiles]
        other.used = [list(u) for u in self.used]
        return other

    def _copy_fields(self, source: ZapotecState) -> None:
        """The fields that clone() shares rather than copies (it copies the lists after)."""
        self.num_players = source.num_players
        # Shared, not copied: nothing changes the options after the setup (the flags read from
        # them are fields of their own), and a dict copy per clone was a search's cost.
        self.options = source.options
        self.comp = source.comp
        self.space = source.space
        self.one_level = source.one_level
        self.actions_after_building = source.actions_after_building
        self.palace_matches_icon = source.palace_matches_icon
        self.palace_uses_house = source.palace_uses_house
        self.shared_ties = source.shared_ties
        self.small_on_large = source.small_on_large
        self.complete_at_three = source.complete_at_three
        self.any_piece = source.any_piece
        self.fitting_piece = source.fitting_piece
        self.free_ritual_needs_pyramid = source.free_ritual_needs_pyramid
        self.sacrifice_past_end = source.sacrifice_past_end
        self.supply = source.supply
        self.round = source.round
        self.phase = source.phase
        self.active = source.active
        self.turn_index = source.turn_index
        self.in_play = source.in_play  # never changes after the setup
        self.stamp = source.stamp
        self.scoring_card = source.scoring_card
        self.dealt = source.dealt
        self.bought = source.bought
        self.pyramid_levels = source.pyramid_levels
        self.free_rituals = source.free_rituals

    def __getstate__(self) -> dict[str, object]:
        # The data set and action space are shared per process: pickle the options only.
        state = {name: getattr(self, name) for name in FIELDS if name not in ("comp", "space")}
        state["components_json"] = registered_json(str(self.options["components"]))
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        given = state.pop("components_json", None)
        if isinstance(given, str):
            register_components(json.loads(given))  # a process that never registered it
        for name, value in state.items():
            setattr(self, name, value)
        options = self.options
        self.comp = load_components(str(options["components"]), str(options["building_tiles"]))
        self.space = action_space(self.comp)

    def position(self) -> str:
        return position.write(self)

    def determinize(self, player: int, rng: Rng) -> ZapotecState:
        return determinize.determinize(self, player, rng)

    # --- results ----------------------------------------------------------------------------

    def scores(self) -> list[Score]:
        return scoring.scores(self)

    def ranking(self) -> list[int]:
        return scoring.ranking(self)

    # --- what each seat may see -------------------------------------------------------------

    def observation(self, player: int | None) -> dict[str, JSON]:
        return observe.observation(self, player)

    def hidden_tokens(self, player: int | None) -> set[str]:
        return observe.hidden_tokens(self, player)

    def heuristic(self) -> list[float] | None:
        return evaluation.heuristic(self)

    def observation_shape(self) -> tuple[int, ...]:
        return observe.shape(self)

    def observation_bounds(self) -> tuple[float, float]:
        # One-hots, fractions, counts bounded by the data, and resources and points clipped at
        # documented ceilings (observe.ceiling).
        return (0.0, observe.ceiling(self.comp))

    def observation_tensor(self, player: int) -> list[float]:
        return observe.tensor(self, player)

    # --- rendering --------------------------------------------------------------------------

    def to_text(self, perspective: int | None = None) -> str:
        return render_text.render(self, perspective)

    def action_effects(self, action: Action) -> dict[str, dict[str, int]]:
        """The resources paid and gained, points and pieces of a legal decision (``costs``)."""
        return costs.action_effects(self, action)

    def to_svg(self, perspective: int | None = None) -> str:
        return render_svg.render(self, perspective)

"""The Akropolis game state: cities, stones, the construction site, turns and reveals.

Setup follows rules §1.3; the turn (§3) and its legality are in :mod:`.rules`. Tiles are turned
up one at a time by chance (:class:`~.actions.Reveal`) when the rules reveal them: players + 2
at the start, then players + 1 each time the site is down to one tile; tiles not yet seen are
not in the state. In solo play the Architect's turns are part of the transitions, so
``current_player`` is only ever the person's seat 0.
"""

from __future__ import annotations

from typing import ClassVar, Final, cast

from stonework.core.errors import IllegalAction
from stonework.core.options import OptionValue
from stonework.core.rng import Rng
from stonework.core.state import CHANCE, JSON, TERMINAL, Action, Score, State
from stonework.games.akropolis import (
    actions,
    evaluation,
    leaf_estimate,
    observe,
    position,
    render_svg,
    render_text,
    rules,
    targets,
)
from stonework.games.akropolis.actions import Place, Reveal
from stonework.games.akropolis.architect import (
    ARCHITECT,
    ARCHITECT_START_STONES,
    architect_score,
)
from stonework.games.akropolis.city import City
from stonework.games.akropolis.hexgrid import PLACEMENT_CELLS
from stonework.games.akropolis.scoring import (
    CityScore,
    city_tally,
    score_city,
    score_from_tally,
    sheet,
    tallies_locally,
)
from stonework.games.akropolis.tiles import DISTRICT_TYPES, tiles_in_play

VARIANT_OPTIONS: Final = ("houses", "markets", "barracks", "temples", "gardens")
"""The five scoring variants (§4), in district-type order."""


class AkropolisState(State):
    """A position of Akropolis for 1 (solo against the Architect) to 4 players."""

    action_types: ClassVar[tuple[type, ...]] = actions.ACTION_TYPES
    num_players: int
    parties: int
    solo: bool
    level: str
    variants: tuple[bool, ...]
    barracks_outside_only: bool
    lake_enclosed_region: bool
    house_by_value: bool
    cities: list[City]
    pile: list[int]
    stones: list[int]
    site: list[int]
    unseen: list[int]
    turn: int
    chief: int
    stacks_left: int
    pending: int

    def __init__(self, players: int = 0, options: dict[str, OptionValue] | None = None) -> None:
        if options is None:
            # A blank for clone() to fill: in the compiled build (docs/speed.md) __new__ runs
            # __init__ as well, so the blank must not build cities.
            if players:
                raise TypeError("AkropolisState(players, options): the options are missing")
            return
        self.num_players = players
        self.options = dict(options)
        self.history = []
        self.solo = players == 1
        self.parties = 2 if self.solo else players
        self.level = str(options.get("architect", "hippodamos"))
        self.variants = tuple(bool(options.get(name, False)) for name in VARIANT_OPTIONS)
        self.barracks_outside_only = options.get("barracks_edge", "any_empty") == "outside_only"
        self.lake_enclosed_region = options.get("lake", "single_hex") == "enclosed_region"
        self.house_by_value = options.get("house_group", "size") == "value"
        self.cities = [City.new() for _ in range(players)]
        self.pile = []
        # Stones 1, 2, 3, 4 clockwise from the first player (§1.3); solo: 1 and the Architect's.
        self.stones = [seat + 1 for seat in range(players)]
        if self.solo:
            self.stones.append(ARCHITECT_START_STONES)
        self.site = []
        self.unseen = list(tiles_in_play(players, bool(options.get("long_game", False))))
        self.turn = 0
        self.chief = 0
        self.pending = self.site_size
        self.stacks_left = (len(self.unseen) - self.site_size) // self.stack_size

    # --- sizes ------------------------------------------------------------------------------

    @property
    def site_size(self) -> int:
        """Tiles on the construction site at the start of a round: players + 2 (§1.2)."""
        return self.parties + 2

    @property
    def stack_size(self) -> int:
        """Tiles in each stack: players + 1 (§1.2)."""
        return self.parties + 1

    # --- whose turn -------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        if self.pending:
            return CHANCE
        if len(self.site) <= 1:
            return TERMINAL
        return self.turn

    def describe_turn(self) -> str:
        player = self.current_player
        if player == TERMINAL:
            return "the game is over"
        if player == CHANCE:
            tiles = "1 tile" if self.pending == 1 else f"{self.pending} tiles"
            return f"waiting for {tiles} to be revealed"
        stones = self.stones[player]
        return f"seat {player} to take a tile ({stones} stone{'' if stones == 1 else 's'})"

    # --- actions ----------------------------------------------------------------------------

    def affordable_positions(self) -> int:
        """How many site positions the player to move may take (the k-th costs k - 1)."""
        return rules.affordable_positions(self)

    def legal_placements(self, seat: int | None = None) -> list[int]:
        """The placements (``cell * 6 + rotation``) open in a seat's city, in a stable order."""
        return rules.legal_placements(self, self.turn if seat is None else seat)

    def legal_actions(self) -> list[Action]:
        return rules.legal_actions(self)

    def random_action(self, rng: Rng) -> Action:
        return rules.random_action(self, rng)

    def legal_action_ids(self) -> list[int]:
        return rules.legal_action_ids(self)

    def is_legal_id(self, action_id: int) -> bool:
        return rules.is_legal_id(self, action_id)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if not self.pending:
            raise IllegalAction("chance_outcomes() is only defined at a chance node")
        return rules.reveal_outcomes(self)

    def sample_chance(self, rng: Rng) -> Action:
        if not self.pending:
            raise IllegalAction("sample_chance() is only defined at a chance node")
        return rules.random_reveal(self, rng)

    def is_action(self, value: object) -> bool:
        return actions.is_action(value)

    def parse_action(self, text: str) -> Action:
        return actions.parse_action(text)

    def num_distinct_actions(self) -> int:
        return actions.num_distinct_actions(self.site_size)

    def action_id(self, action: Action) -> int:
        return actions.action_id(action, self.site_size)

    def action_from_id(self, action_id: int) -> Action:
        return actions.action_from_id(action_id, self.site_size)

    def _own_action(self, action: Action) -> Action:
        # The engine's shared values, never the caller's object (which passed the exact checks).
        if type(action) is Reveal:
            return rules.REVEALS[action.tile]
        return Place._make(action)  # type: ignore[arg-type]

    def action_targets(self, action: Action) -> tuple[str, ...]:
        return targets.action_targets(action)

    def _check(self, action: Action) -> None:
        rules.check(self, action)

    def _apply(self, action: Action) -> None:
        rules.apply(self, action)

    # --- copies -----------------------------------------------------------------------------

    def clone(self) -> AkropolisState:
        return self._copy(False)

    def scratch_copy(self) -> AkropolisState:
        # Its cities lay tiles into the lists they share with this state's (City.borrow).
        return self._copy(True)

    def drop_scratch(self) -> None:
        for city in self.cities:
            city.give_back()

    def _copy(self, scratch: bool) -> AkropolisState:
        other = AkropolisState.__new__(AkropolisState)
        other.num_players = self.num_players
        other.options = dict(self.options)
        other.history = self.history.copy()
        other.parties = self.parties
        other.solo = self.solo
        other.level = self.level
        other.variants = self.variants
        other.barracks_outside_only = self.barracks_outside_only
        other.lake_enclosed_region = self.lake_enclosed_region
        other.house_by_value = self.house_by_value
        other.cities = [city.borrow() if scratch else city.clone() for city in self.cities]
        other.pile = self.pile.copy()
        other.stones = self.stones.copy()
        other.site = self.site.copy()
        other.unseen = self.unseen.copy()
        other.turn = self.turn
        other.chief = self.chief
        other.stacks_left = self.stacks_left
        other.pending = self.pending
        return other

    def position(self) -> str:
        return position.write(self)

    # --- scores -----------------------------------------------------------------------------

    def city_score(self, seat: int, variants: tuple[bool, ...] | None = None) -> CityScore:
        """The district lines of a seat's city, under this game's variants or the ones given."""
        city = self.cities[seat]
        if variants is None:
            # A game's own variants never change, so its cities may remember their score.
            memo = city.memo.get("score")
            if memo is None:
                if tallies_locally(self.variants, self.barracks_outside_only):
                    memo = score_from_tally(city_tally(city, self.variants, self.house_by_value))
                else:
                    memo = self.city_score(seat, self.variants)
                city.memo["score"] = memo
            return cast(CityScore, memo)
        return score_city(
            city.columns,
            city.cells,
            variants,
            self.barracks_outside_only,
            self.lake_enclosed_region,
            self.house_by_value,
        )

    def architect_result(self) -> tuple[dict[str, JSON], int]:
        """The Architect's score sheet and total (solo play only)."""
        lines, bonus, total = architect_score(
            self.pile, self.stones[ARCHITECT], self.level, self.variants
        )
        out: dict[str, JSON] = {
            name: line._asdict() for name, line in zip(DISTRICT_TYPES, lines, strict=True)
        }
        out["level"] = self.level
        out["quarry_bonus"] = bonus
        out["stones"] = self.stones[ARCHITECT]
        out["total"] = total
        return out, total

    def scores(self) -> list[Score]:
        out: list[Score] = []
        for seat in range(self.num_players):
            score = self.city_score(seat)
            breakdown: dict[str, JSON] = sheet(score, self.stones[seat])
            total = score.districts_total + self.stones[seat]
            if self.solo:
                architect, architect_total = self.architect_result()
                breakdown["architect"] = architect
                breakdown["result"] = _solo_result(
                    total, self.stones[0], architect_total, self.stones[ARCHITECT]
                )
            out.append(Score(total, breakdown))
        return out

    def ranking(self) -> list[int]:
        """Places by total, then by stones left; seats equal on both share the place (§2.3)."""
        keys = [(s.total, self.stones[i]) for i, s in enumerate(self.scores())]
        return [1 + sum(1 for other in keys if other > mine) for mine in keys]

    def returns(self) -> list[float]:
        """Solo: +1 beating the Architect, 0 a shared victory, -1 losing; else the default."""
        if self.solo and self.is_terminal:
            result = self.scores()[0].breakdown["result"]
            return [{"won": 1.0, "shared": 0.0, "lost": -1.0}[result]]
        return super().returns()

    def heuristic(self) -> list[float]:
        """Each seat's estimated final lead over its best rival, in [-1, 1].

        The estimate counts what the score so far cannot see yet: plazas waiting for districts,
        districts waiting for plazas, temples not closed in (see ``evaluation``).
        """
        return evaluation.lead_values(self)

    def leaf_heuristic(self) -> list[float] | None:
        """The leads by the estimate fitted for this player count, if there is one.

        Tree searches judge their cut-off leaves by it where their playout says so
        (``leaf_estimate``); greedy play keeps :meth:`heuristic`.
        """
        return leaf_estimate.fitted_lead_values(self)

    # --- views ------------------------------------------------------------------------------

    def observation(self, player: int | None) -> dict[str, JSON]:
        return observe.observation(self, player)

    def observation_shape(self) -> tuple[int, ...]:
        return observe.shape(self)

    def observation_bounds(self) -> tuple[float, float]:
        # Counts are bounded by the tiles in play (T): a column is at most 1 + T high (height / 4);
        # stones only come from the start and from quarries (observe.bounds_parts, / 10); the
        # solo Architect's pile holds at most 3 hexes of a kind per tile (count / 20).
        # Everything else is a one-hot or a fraction. Loose, but no game played exceeds it
        # (a position string may name more stones than play can give).
        pool, stones = observe.bounds_parts(self)
        return (0.0, max(1.0, (1 + pool) / 4.0, stones / 10.0, 3 * pool / 20.0))

    def observation_tensor(self, player: int) -> list[float]:
        return observe.tensor(self, player)

    def observation_nonzero(self, player: int) -> tuple[list[int], list[float]]:
        entries = observe.tensor_entries(self, player)
        return list(entries), list(entries.values())

    def to_text(self, perspective: int | None = None) -> str:
        return render_text.render(self, perspective)

    def to_svg(self, perspective: int | None = None) -> str:
        return render_svg.render(self, perspective)

    # --- helpers for tests and tools --------------------------------------------------------

    def tiles_placed(self) -> int:
        """Turns taken so far (tiles laid in cities plus tiles the Architect took)."""
        return sum(len(city.placements) for city in self.cities) + len(self.pile)

    def placement_cells(self, action: Place) -> tuple[int, int, int] | None:
        """The three cells a Place action covers, or None if it leaves the window."""
        placement = actions.placement_index(action)
        return None if placement < 0 else PLACEMENT_CELLS[placement]


def _solo_result(total: int, stones: int, architect_total: int, architect_stones: int) -> str:
    mine, theirs = (total, stones), (architect_total, architect_stones)
    return "won" if mine > theirs else "shared" if mine == theirs else "lost"

"""Scenarios: a Zapotec position built in a few named steps, for tests, puzzles and examples.

A :class:`Scenario` starts from a seeded game (or a position string), is moved forward with
ordinary actions (:meth:`Scenario.play`, :meth:`Scenario.turn`, :meth:`Scenario.finish`) and is
then edited with steps named after the game (:meth:`Scenario.houses`, :meth:`Scenario.pyramid`,
:meth:`Scenario.ritual`, ...). Each edit moves pieces the way play would (a house takes a space's
building tile into the grid, a pyramid piece leaves its owner's supply), and :meth:`Scenario.state`
writes the position and reads it back, so the result passes every check of
:func:`.position.read`: an edit that no game could reach is refused with InvalidPosition.

>>> from stonework.games.zapotec.scenario import Scenario
>>> state = (
...     Scenario.new(players=4, seed=1)
...     .turn(0, "village", "brick")
...     .resources(0, wood=1, brick=1)
...     .state()
... )
>>> state.current_player, state.res[0]
(0, [1, 1, 0, 0, 0, 0])
>>> "build etla-plains.2 slot 1" in [str(a) for a in state.legal_actions()]
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Self

from stonework.core import CHANCE, Rng, make_rng
from stonework.games.zapotec import position
from stonework.games.zapotec.components import ICONS, RESOURCES, SIZES, piece
from stonework.games.zapotec.phases import COMMIT

if TYPE_CHECKING:
    from stonework.games.zapotec.state import ZapotecState

# The decisions :meth:`Scenario.finish` takes: a card, the income, the end of the turn, a draft.
_PASSING = ("play", "income", "done", "draft")


class Scenario:
    """A position under construction; every method returns the scenario, so steps chain."""

    def __init__(self, state: ZapotecState) -> None:
        self._state = state.clone()

    @classmethod
    def new(cls, players: int = 4, seed: int = 1, **options: object) -> Self:
        """A seeded game after its setup draws: seat 0 commits the first card next."""
        from stonework.core.registry import new_game
        from stonework.games.zapotec.state import ZapotecState

        state = new_game("zapotec", players=players, seed=seed, **options)
        assert isinstance(state, ZapotecState)
        return cls(state)

    @classmethod
    def read(cls, text: str) -> Self:
        """A scenario that starts from a position string (InvalidPosition if it is not one)."""
        return cls(position.read(text))

    def state(self) -> ZapotecState:
        """The position built so far, written and read back (InvalidPosition if unreachable)."""
        return position.read(position.write(self._state))

    def position(self) -> str:
        """The position string of the scenario, after the same checks as :meth:`state`."""
        return position.write(self.state())

    # -- moving on with ordinary actions ---------------------------------------------------------

    def play(self, *texts: str) -> Self:
        """Apply actions given in notation (IllegalAction if one is refused)."""
        for text in texts:
            self._state.apply_text(text)
        return self

    def turn(self, seat: int, icon: str, resource: str, income: bool = True) -> Self:
        """Round 1: ``seat`` on turn with the card showing ``icon`` and ``resource``.

        At the first commit of the game, the card is swapped into ``seat``'s hand from wherever
        it is (another hand, the offer, the scoring card or the undealt deck); every seat
        commits (``seat`` that card, the others their lowest card); the seats before it in turn
        order take their income, end their turn and draft the first card of the offer; then
        ``seat`` takes its row income, unless ``income`` is false.
        """
        s = self._state
        if not (s.round == 1 and s.phase == COMMIT and s.active == 0 and not s.queue):
            raise ValueError("a turn is set up from the first commit of a game")
        card = self.card(icon, resource)
        if card not in s.hands[seat]:
            self._swap(card, s.hands[seat][-1])
        for other in range(s.num_players):
            s.apply_text(f"play {card if other == seat else s.hands[other][0]}")
        while s.active != seat:
            s.apply_text("income row")
            s.apply_text("done")
            s.apply_text(f"draft {s.offer[0]}")
        if income:
            s.apply_text("income row")
        return self

    def finish(self, seed: int = 1) -> Self:
        """Play the game to its end without building, buying or scoring anything: every seat
        commits its lowest card, takes its row income, ends its turn and drafts the first card
        of the offer; chance is drawn with a generator seeded by ``seed``."""
        self._pass(seed, lambda: self._state.is_terminal)
        return self

    def end_round(self, seed: int = 1) -> Self:
        """Play on as :meth:`finish` does until the current round is over."""
        start = self._state.round
        self._pass(seed, lambda: self._state.round > start or self._state.is_terminal)
        return self

    def _pass(self, seed: int, done: Callable[[], bool]) -> None:
        s = self._state
        rng: Rng = make_rng(seed)
        while not done():
            if s.current_player == CHANCE:
                s.apply(s.sample_chance(rng))
                continue
            s.apply(next(a for a in s.legal_actions() if str(a).split()[0] in _PASSING))

    # -- edits -----------------------------------------------------------------------------------

    def card(self, icon: str, resource: str) -> int:
        """The number of the card showing ``icon`` and ``resource`` (KeyError if none)."""
        c = self._state.comp
        for n in c.cards:
            if ICONS[c.card_icon[n]] == icon and RESOURCES[c.card_resource[n]] == resource:
                return n
        raise KeyError(f"no card shows {icon} and {resource}")

    def scoring_card(self, icon: str, resource: str) -> Self:
        """Make the card showing ``icon`` and ``resource`` the scoring card (before any commit
        of round 1: the card it replaces takes its place)."""
        s = self._state
        if not (s.round == 1 and s.phase == COMMIT and not any(s.played)):
            raise ValueError("the scoring card is chosen before the first commit")
        self._swap(self.card(icon, resource), s.scoring_card)
        return self

    def _swap(self, card: int, out: int) -> None:
        # Exchange two cards of round 1's deal (either may be undealt): a different shuffle.
        s = self._state
        places = [*s.hands, s.offer]
        for place in places:
            for i, held in enumerate(place):
                if held in (card, out):
                    place[i] = out if held == card else card
            place.sort()
        if s.scoring_card in (card, out):
            s.scoring_card = out if s.scoring_card == card else card
        dealt_card, dealt_out = s.dealt >> card & 1, s.dealt >> out & 1
        s.dealt &= ~(1 << card | 1 << out)
        s.dealt |= dealt_out << card | dealt_card << out
        for seat in range(s.num_players):
            s.known[seat] &= ~(1 << card | 1 << out)

    def known(self, seat: int, *cards: int) -> Self:
        """Mark cards of ``seat``'s hand as known to all, as if it had drafted them openly."""
        s = self._state
        for card in cards:
            if card not in s.hands[seat]:
                raise ValueError(f"card {card} is not in seat {seat}'s hand")
            s.known[seat] |= 1 << card
        return self

    def resources(self, seat: int, **amounts: int) -> Self:
        """Set every resource of ``seat``: those named to their amounts, the others to 0."""
        unknown = set(amounts) - set(RESOURCES)
        if unknown:
            raise KeyError(f"no resource {sorted(unknown)}")
        self._state.res[seat] = [amounts.get(name, 0) for name in RESOURCES]
        return self

    def points(self, seat: int, vp: int) -> Self:
        """Set the points ``seat`` banked during play (rounds and track spaces)."""
        self._state.points[seat] = vp
        return self

    def track(self, seat: int, space: int) -> Self:
        """Move ``seat`` to ``space`` of the sacrifice track (without the bonuses on the way);
        it arrives after everyone already there, so it stands above them (§9)."""
        s = self._state
        s.track[seat] = space
        if space:
            s.stamp += 1
            s.track_stamp[seat] = s.stamp
        else:
            s.track_stamp[seat] = 0
        return self

    def houses(self, seat: int, *spaces: str, palace: str | None = None) -> Self:
        """Build houses of ``seat`` on the named spaces, each space's building tile going to the
        first empty slot of its grid, and its palace on ``palace`` (the tile goes to the box)."""
        for name in spaces:
            self.house(seat, name)
        if palace is not None:
            s = self._state
            if s.palace[seat] >= 0:
                raise ValueError(f"seat {seat} has a palace already")
            index = self._free_space(name=palace)
            s.space_owner[index] = seat
            s.palace[seat] = index
            s.space_tile[index] = -1
            if s.palace_uses_house:
                s.houses[seat] -= 1
        return self

    def house(self, seat: int, space: str, slot: int | None = None) -> Self:
        """Build one house of ``seat`` on ``space``, its tile into grid ``slot`` (1-9; the first
        empty one if not given)."""
        s = self._state
        index = self._free_space(space)
        grid = s.grid[seat]
        if s.houses[seat] == 0 or -1 not in grid:
            raise ValueError(f"seat {seat} has no house or grid slot left")
        at = grid.index(-1) if slot is None else slot - 1
        if grid[at] >= 0:
            raise ValueError(f"slot {at + 1} of seat {seat}'s grid is taken")
        grid[at] = s.space_tile[index]
        s.space_tile[index] = -1
        s.space_owner[index] = seat
        s.houses[seat] -= 1
        return self

    def _free_space(self, name: str) -> int:
        s = self._state
        index = s.comp.space_index[name]
        if s.space_owner[index] >= 0 or s.space_tile[index] < 0:
            raise ValueError(f"space {name} is not free")
        return index

    def trade_row(self, level: int, slot: int, name: str) -> Self:
        """Show trade tile ``name`` in ``slot`` (1-based) of row ``level``; the tile shown there
        goes back to its stack."""
        s = self._state
        kind = s.comp.trade_index[name]
        row = s.trade_rows[level - 1]
        if s.trade_stack[kind] == 0:
            raise ValueError(f"no {name} trade tile is left in its stack")
        if row[slot - 1] >= 0:
            s.trade_stack[row[slot - 1]] += 1
        s.trade_stack[kind] -= 1
        row[slot - 1] = kind
        return self

    def trade_tiles(self, seat: int, *names: str) -> Self:
        """Give ``seat`` trade tiles (unused this round) from their stacks, or when a stack is
        empty from the row showing that tile, whose slot is refilled with the first tile of the
        level left in the stacks (as after a purchase in an earlier turn). The effects a tile
        has when bought are not applied."""
        s = self._state
        for name in names:
            kind = s.comp.trade_index[name]
            if s.trade_stack[kind]:
                s.trade_stack[kind] -= 1
            else:
                self._take_from_row(kind, name)
            s.tiles[seat].append(kind)
            s.used[seat].append(False)
        return self

    def _take_from_row(self, kind: int, name: str) -> None:
        s = self._state
        c = s.comp
        level = c.trade_tiles[kind].level
        row = s.trade_rows[level - 1]
        if kind not in row:
            raise ValueError(f"no {name} trade tile is left to take")
        left = [t.index for t in c.trade_tiles if t.level == level and s.trade_stack[t.index]]
        refill = left[0] if left else -1
        if refill >= 0:
            s.trade_stack[refill] -= 1
        row[row.index(kind)] = refill

    def empty_stacks(self, level: int, seat: int) -> Self:
        """Give ``seat`` every tile left in the stacks of ``level``, so none is left to reveal."""
        s = self._state
        for t in s.comp.trade_tiles:
            if t.level == level:
                self.trade_tiles(seat, *[t.name] * s.trade_stack[t.index])
        return self

    def pyramid(self, number: int, *pieces: tuple[int, str], tile: str | None = None) -> Self:
        """Add pieces ``(seat, size)`` (size ``small``, ``medium`` or ``large``) on pyramid
        ``number`` (1-based), each from its owner's supply. A pyramid not yet started takes the
        scoring tile ``tile`` (by icon; the first one drawn if not given). A tile that was not
        drawn takes the place of the last one drawn (as if the draw had been different)."""
        s = self._state
        p = number - 1
        if not s.pyramids[p]:
            icon = s.scoring_tiles[0] if tile is None else ICONS.index(tile)
            if icon in s.pyramid_tile:
                raise ValueError(f"the {tile} scoring tile is on a pyramid already")
            if icon not in s.scoring_tiles:
                s.scoring_tiles[-1] = icon
            s.scoring_tiles.remove(icon)
            s.pyramid_tile[p] = icon
        for seat, size_name in pieces:
            size = SIZES.index(size_name) + 1
            if s.pieces[seat][size - 1] == 0:
                raise ValueError(f"seat {seat} has no {size_name} piece left")
            s.pieces[seat][size - 1] -= 1
            s.pyramids[p].append(piece(seat, size))
        return self

    def ritual(self, number: int, *seats: int) -> Self:
        """Place a ritual disc of each of ``seats`` on ritual card ``number`` (1-based, in the
        order the cards were drawn), from their supplies."""
        s = self._state
        for seat in seats:
            if s.discs[seat] == 0:
                raise ValueError(f"seat {seat} has no ritual disc left")
            s.ritual_discs[number - 1] |= 1 << seat
            s.discs[seat] -= 1
        return self

    def rituals(self, *ids: int) -> Self:
        """Make the ritual cards in play those with these ids (in this order), their discs
        cleared (before any disc is placed)."""
        s = self._state
        if any(s.ritual_discs):
            raise ValueError("the rituals are chosen before any disc is placed")
        if len(ids) != len(s.rituals):
            raise ValueError(f"{len(s.rituals)} ritual cards are in play")
        by_id = {r.id: k for k, r in enumerate(s.comp.rituals)}
        s.rituals = [by_id[i] for i in ids]
        return self

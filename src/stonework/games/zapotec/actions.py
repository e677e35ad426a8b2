"""Zapotec actions: small immutable values whose ``str()`` is the notation, and the action space.

Decisions (a turn is a sequence of them, ended by ``done``)::

    play 14                      commit card 14 secretly (card selection)
    income row | income column   take income from the row or column of the card's resource
    buy II.3                     buy the third face-up tile of row II
    use II:swap wood>stone       use a once-per-round trade tile (what is paid > what is got)
    use III:priest               ... a tile that just gives
    pyramid 2 temple             start pyramid 2 with the scoring tile "temple"
    pyramid 2                    add your largest piece to pyramid 2
    pyramid 2 small              add a small piece to pyramid 2 (option pyramid_piece=any)
    ritual 1                     place a disc on the first ritual card
    sacrifice 3                  pay 1 priest + 3 corn, move 3 steps on the sacrifice track
    build etla-hills.2 slot 5    build a house there, its tile into grid slot 5
    build etla-hills.2 slot 5 save wood   ... paying one wood less (a discount tile)
    palace etla-hills.2          build the palace there
    done                         end the actions/building of the turn
    draft 14                     take card 14 from the offer

Chance outcomes::

    deal 14                      a card is dealt (scoring space, offer, a hand, the mini deck)
    reveal II:swap               a trade tile is turned face up
    tile etla-hills.2 stone+gold a building tile is placed on a space
    scoring-tile hills           a scoring tile is drawn
    ritual-card 4                a ritual card is drawn

Grid slots are numbered 1-9 row by row; rows and columns are headed wood, brick, stone::

              wood brick stone
        wood  [1]  [2]  [3]
        brick [4]  [5]  [6]
        stone [7]  [8]  [9]

>>> space = action_space(default_components())
>>> a = space.parse("build etla-hills.2 slot 5")
>>> str(a), space.parse(str(a)) == a
('build etla-hills.2 slot 5', True)
>>> space.action_from_id(space.action_id(a)) == a
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from stonework.core.action_fields import describe_value, has_exact_fields
from stonework.core.errors import InvalidAction
from stonework.games.zapotec.components import (
    ICONS,
    LEVELS,
    RESOURCES,
    SIZES,
    Components,
    default_components,
)
from stonework.games.zapotec.notation_errors import notation_error

MAX_PYRAMIDS = 5  # players + 1 at four players


@dataclass(frozen=True, slots=True)
class Play:
    """Commit a hand card for this round (secret until everyone has committed)."""

    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Draft:
    """Take a card from the offer into the hand."""

    card: int

    def __str__(self) -> str:
        return f"draft {self.card}"


@dataclass(frozen=True, slots=True)
class Income:
    """Take income from the row or the column headed by the card's resource."""

    column: bool

    def __str__(self) -> str:
        return "income column" if self.column else "income row"


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy the face-up trade tile in ``slot`` (0-based) of row ``level`` (1-3)."""

    level: int
    slot: int

    def __str__(self) -> str:
        return f"buy {LEVELS[self.level - 1]}.{self.slot + 1}"


@dataclass(frozen=True, slots=True)
class Use:
    """Use a once-per-round trade tile of kind ``tile`` in its way number ``option``."""

    tile: int
    option: int
    text: str = field(compare=False, default="")

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Pyramid:
    """Build a pyramid level on space ``space`` (0-based); ``tile`` is the scoring icon for a new one.

    ``size`` 0 takes the largest piece left (§7); 1-3 names a piece (option ``pyramid_piece=any``).
    """

    space: int
    tile: int = -1
    size: int = 0

    def __str__(self) -> str:
        text = f"pyramid {self.space + 1}"
        if self.tile >= 0:
            text += f" {ICONS[self.tile]}"
        return f"{text} {SIZES[self.size - 1]}" if self.size else text


@dataclass(frozen=True, slots=True)
class Ritual:
    """Place a disc on the ritual card at position ``card`` (0-based)."""

    card: int

    def __str__(self) -> str:
        return f"ritual {self.card + 1}"


@dataclass(frozen=True, slots=True)
class Sacrifice:
    """Pay a priest and ``corn`` corn to advance on the sacrifice track."""

    corn: int

    def __str__(self) -> str:
        return f"sacrifice {self.corn}"


@dataclass(frozen=True, slots=True)
class Build:
    """Build a house on board space ``space``, its tile into grid slot ``slot`` (0-8)."""

    space: int
    slot: int
    save: int = -1  # the resource a discount tile saves, -1 for none
    name: str = field(compare=False, default="")

    def __str__(self) -> str:
        text = f"build {self.name} slot {self.slot + 1}"
        return text if self.save < 0 else f"{text} save {RESOURCES[self.save]}"


@dataclass(frozen=True, slots=True)
class Palace:
    """Build the palace on board space ``space``."""

    space: int
    save: int = -1
    name: str = field(compare=False, default="")

    def __str__(self) -> str:
        text = f"palace {self.name}"
        return text if self.save < 0 else f"{text} save {RESOURCES[self.save]}"


@dataclass(frozen=True, slots=True)
class Done:
    """End the actions and building of the turn."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: the card dealt next (where it goes depends on the moment)."""

    card: int

    def __str__(self) -> str:
        return f"deal {self.card}"


@dataclass(frozen=True, slots=True)
class Reveal:
    """Chance: the trade tile kind turned face up."""

    tile: int
    name: str = field(compare=False, default="")

    def __str__(self) -> str:
        return f"reveal {self.name}"


@dataclass(frozen=True, slots=True)
class PlaceTile:
    """Chance: the building tile kind placed on a board space during setup."""

    space: int
    tile: int
    text: str = field(compare=False, default="")

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class DrawScoringTile:
    """Chance: a scoring tile drawn during setup (its icon)."""

    icon: int

    def __str__(self) -> str:
        return f"scoring-tile {ICONS[self.icon]}"


@dataclass(frozen=True, slots=True)
class DrawRitual:
    """Chance: a ritual card drawn during setup (index in the data set)."""

    ritual: int
    number: int = field(compare=False, default=0)

    def __str__(self) -> str:
        return f"ritual-card {self.number}"


DONE = Done()

ZapotecAction = (
    Play
    | Draft
    | Income
    | Buy
    | Use
    | Pyramid
    | Ritual
    | Sacrifice
    | Build
    | Palace
    | Done
    | Deal
    | Reveal
    | PlaceTile
    | DrawScoringTile
    | DrawRitual
)
ACTION_TYPES = (
    Play,
    Draft,
    Income,
    Buy,
    Use,
    Pyramid,
    Ritual,
    Sacrifice,
    Build,
    Palace,
    Done,
    Deal,
    Reveal,
    PlaceTile,
    DrawScoringTile,
    DrawRitual,
)


class ActionSpace:
    """Every action of a data set with a fixed integer id, and prebuilt tables for the hot path."""

    def __init__(self, c: Components) -> None:
        self.components = c
        self._build_decisions(c)
        self._build_chance(c)
        actions = self._in_id_order()
        self.actions = actions
        self.ids: dict[ZapotecAction, int] = {a: i for i, a in enumerate(actions)}
        self.ids_by_identity: dict[int, int] = {id(a): i for i, a in enumerate(actions)}
        """``id()`` of each of the space's own values -> its action id. The space keeps its
        values alive, so no other live object has one of these ``id()`` values: a hit is
        always the space's own value (and costs no dataclass hash)."""
        self.by_text: dict[str, ZapotecAction] = {str(a): a for a in actions}
        if len(self.ids) != len(actions) or len(self.by_text) != len(actions):
            raise ValueError("zapotec: two actions share an id or a notation")

    def _build_decisions(self, c: Components) -> None:
        # One value per decision, in tables the legal-move generator indexes directly.
        self.play = {n: Play(n) for n in c.cards}
        self.draft = {n: Draft(n) for n in c.cards}
        self.income = (Income(False), Income(True))
        self.buy = [[Buy(level, slot) for slot in range(c.trade_face_up)] for level in (1, 2, 3)]
        self.use = [
            [Use(t.index, k, f"use {t.name} {o.label}".rstrip()) for k, o in enumerate(opts)]
            for t, opts in zip(c.trade_tiles, c.use_options, strict=True)
        ]
        self.pyramid_add = [Pyramid(p) for p in range(MAX_PYRAMIDS)]
        self.pyramid_new = [[Pyramid(p, icon) for icon in range(9)] for p in range(MAX_PYRAMIDS)]
        # A named piece (option pyramid_piece=any): [space][size - 1], [space][icon][size - 1].
        self.pyramid_add_sized = [
            [Pyramid(p, -1, z) for z in (1, 2, 3)] for p in range(MAX_PYRAMIDS)
        ]
        self.pyramid_new_sized = [
            [[Pyramid(p, icon, z) for z in (1, 2, 3)] for icon in range(9)]
            for p in range(MAX_PYRAMIDS)
        ]
        self.ritual = [Ritual(k) for k in range(c.rituals_in_play)]
        self.sacrifice = [Sacrifice(n) for n in range(c.max_corn + 1)]  # index 0 unused
        # build[space][slot][save + 1]
        self.build = [
            [[Build(s.index, slot, save, s.name) for save in (-1, 0, 1, 2)] for slot in range(9)]
            for s in c.spaces
        ]
        # build_by_save[space][save + 1][slot]: the same values, a row per way of paying, so
        # the legal list takes the empty slots of a row at once.
        self.build_by_save = [
            [[self.build[s][slot][k] for slot in range(9)] for k in range(4)]
            for s in range(len(c.spaces))
        ]
        self.palace = [[Palace(s.index, save, s.name) for save in (-1, 0, 1, 2)] for s in c.spaces]

    def _build_chance(self, c: Components) -> None:
        # One value per chance outcome: deals, reveals, building tiles, scoring tiles, rituals.
        self.deal = {n: Deal(n) for n in c.cards}
        self.reveal = [Reveal(t.index, t.name) for t in c.trade_tiles]
        self.place_tile = [
            [
                PlaceTile(s.index, t.index, f"tile {s.name} {t.name}")
                for t in c.building_tiles
                if t.building == s.building
            ]
            for s in c.spaces
        ]
        self.place_tile_of = {(a.space, a.tile): a for row in self.place_tile for a in row}
        self.scoring_tile = [DrawScoringTile(icon) for icon in range(9)]
        self.draw_ritual = [DrawRitual(i, r.id) for i, r in enumerate(c.rituals)]

    def _in_id_order(self) -> list[ZapotecAction]:
        # The fixed order of the ids: decisions by kind, then chance outcomes by kind.
        actions: list[ZapotecAction] = []
        actions.extend(self.play.values())
        actions.extend(self.draft.values())
        actions.extend(self.income)
        actions.extend(a for row in self.buy for a in row)
        actions.extend(a for row in self.use for a in row)
        actions.extend(self.pyramid_add)
        actions.extend(a for row in self.pyramid_new for a in row)
        actions.extend(self.ritual)
        actions.extend(self.sacrifice[1:])
        actions.extend(a for space in self.build for slot in space for a in slot)
        actions.extend(a for space in self.palace for a in space)
        actions.append(DONE)
        actions.extend(self.deal.values())
        actions.extend(self.reveal)
        actions.extend(self.place_tile_of.values())
        actions.extend(self.scoring_tile)
        actions.extend(self.draw_ritual)
        # Last, so the ids of every action above stay those of earlier versions.
        actions.extend(a for row in self.pyramid_add_sized for a in row)
        actions.extend(a for space in self.pyramid_new_sized for row in space for a in row)
        return actions

    def __len__(self) -> int:
        return len(self.actions)

    def action_id(self, action: object) -> int:
        """The id of an action; InvalidAction for a value outside the space."""
        if not has_exact_fields(action, ACTION_TYPES):
            raise InvalidAction(f"{describe_value(action)} is not a zapotec action")
        try:
            return self.ids[action]  # type: ignore[index]
        except KeyError:
            raise InvalidAction(f"{describe_value(action)} is not a zapotec action") from None

    def action_from_id(self, index: int) -> ZapotecAction:
        """The action with an id; InvalidAction outside ``0..len-1``."""
        if type(index) is not int or not 0 <= index < len(self.actions):
            raise InvalidAction(
                f"action id {describe_value(index)} is outside 0..{len(self.actions) - 1}"
            )
        return self.actions[index]

    def parse(self, text: object) -> ZapotecAction:
        """Read notation; InvalidAction says what the notation looks like."""
        if not isinstance(text, str):
            raise InvalidAction(f"{describe_value(text)} is not zapotec notation")
        key = " ".join(text.split())
        action = self.by_text.get(key)
        if action is None:
            raise InvalidAction(notation_error(key, self.components))
        return action


_SPACES: dict[int, ActionSpace] = {}


def action_space(c: Components) -> ActionSpace:
    """The action space of a data set (built once per data set)."""
    space = _SPACES.get(id(c))
    if space is None or space.components is not c:
        space = ActionSpace(c)
        _SPACES[id(c)] = space
    return space


__all__ = [
    "ACTION_TYPES",
    "DONE",
    "ActionSpace",
    "Build",
    "Buy",
    "Deal",
    "Done",
    "Draft",
    "DrawRitual",
    "DrawScoringTile",
    "Income",
    "Palace",
    "PlaceTile",
    "Play",
    "Pyramid",
    "Reveal",
    "Ritual",
    "Sacrifice",
    "Use",
    "ZapotecAction",
    "action_space",
    "default_components",
]

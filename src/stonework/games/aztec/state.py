"""The Aztec state: the structure as a bitmask, the turn, and the 3-player auction (aztec.md §4.4).

Seats: in the 2-player game seat 0 builds for the north and south rows, seat 1 for east and
west; ``starter`` says which of them places first. In the 3-player game an auction (§3.7) makes
one seat Ah Puch; the next seat after Ah Puch builds north/south, the one after that east/west,
and pieces are placed in rotation from Ah Puch (or from the N/S builder with
``ah_puch_turn=last``).

Legality does not depend on who places, so when the player to move has no legal placement
nobody has: the pass rule of §3.5 then ends the game at once, scored as it stands (with
``no_move=lose`` the player to move loses instead). No pass action is ever needed.
"""

from __future__ import annotations

import math
from typing import ClassVar

from stonework.core.action_fields import describe_value, has_exact_fields
from stonework.core.errors import InvalidAction
from stonework.core.options import OptionValue
from stonework.core.rng import Rng
from stonework.core.state import JSON, TERMINAL, Action, Score, State
from stonework.games.aztec import (
    evaluation,
    observe,
    position,
    render_svg,
    render_text,
    rules,
    targets,
)
from stonework.games.aztec.actions import (
    AUCTION_PASS,
    NUM_PLACEMENTS,
    PLACEMENTS,
    AuctionPass,
    Bid,
    Placement,
)
from stonework.games.aztec.actions import parse_action as parse_notation
from stonework.games.aztec.compact import CompactAztec
from stonework.games.aztec.geometry import (
    NUM_CELLS,
    ORIENTATIONS,
    PIECES,
    START,
    Mask,
)
from stonework.games.aztec.rules import NO_BID, Plan, anchor_ids, legal_anchors
from stonework.games.aztec.scoring import (
    ah_puch_margin,
    edge_breakdown,
    edge_scores,
    max_bid,
)
from stonework.games.aztec.svg_iso import VIEWS

try:
    from stonework.games.aztec import legal_words
except ImportError:  # its arrays come with mypy (the dev tools); without them, rules alone
    WORDS = False
else:
    WORDS = legal_words.COMPILED
"""True when the legal placements come from the compiled ``legal_words`` (the same ids as
``rules.legal_anchors``, several times faster compiled, slower from source)."""


class AztecState(State):
    """An Aztec position with its history (see the module docstring for seats and turns)."""

    __slots__ = (
        "_anchors",
        "_corners",
        "_legal",
        "_slide",
        "_stability",
        "_two_cubes",
        "ah_puch",
        "auction",
        "auction_passed",
        "auction_seat",
        "first",
        "high_bid",
        "high_bidder",
        "history",
        "last",
        "max_bid",
        "num_players",
        "occupied",
        "options",
        "placed",
    )

    action_types: ClassVar[tuple[type, ...]] = (Placement, Bid, AuctionPass)

    def __init__(self, players: int, options: dict[str, OptionValue]) -> None:
        if players not in (2, 3):
            raise ValueError(f"Aztec is played by 2 or 3 players, not {players}")
        self.num_players = players
        self.options = dict(options)
        self.history = []
        self.occupied: Mask = 1 << START
        self.placed = 0
        self.last: Placement | None = None
        self._stability = str(options["stability"])
        self._slide = options["insertion"] == "slide"
        self._two_cubes = options["contact"] == "cubes"
        self._corners = options["corners"] == "both"
        self._legal: tuple[int, ...] | None = None
        self._anchors: list[tuple[Plan, int]] | None = None
        # The auction (3 players): bids and passes in order, with its running summary.
        self.auction: list[int] = []  # a bid, or NO_BID for a pass
        self.auction_passed = 0  # bitmask of seats that passed
        self.auction_seat = 0  # the seat to bid or pass next
        self.high_bid = NO_BID
        self.high_bidder = -1
        self.max_bid = max_bid(str(options["threshold"]), self._corners)
        self.ah_puch = -1  # the 3-player auction decides
        # The seat placing the first piece (for 3 players, set when the auction ends).
        self.first = (0 if options["starter"] == "north_south" else 1) if players == 2 else -1

    # --- roles --------------------------------------------------------------------------------

    @property
    def in_auction(self) -> bool:
        """True while the 3-player auction for Ah Puch is running."""
        return self.num_players == 3 and self.ah_puch < 0

    def edges_of(self, seat: int) -> str | None:
        """``"north_south"``, ``"east_west"`` or None (Ah Puch, or before the auction ends)."""
        if self.num_players == 2:
            return "north_south" if seat == 0 else "east_west"
        if self.ah_puch < 0 or seat == self.ah_puch:
            return None
        return "north_south" if seat == (self.ah_puch + 1) % 3 else "east_west"

    def builder(self, edges: str) -> int:
        """The seat building for ``edges`` (-1 before the 3-player auction ends)."""
        if self.num_players == 2:
            return 0 if edges == "north_south" else 1
        if self.ah_puch < 0:
            return -1
        return (self.ah_puch + (1 if edges == "north_south" else 2)) % 3

    def role(self, seat: int) -> str:
        """A seat's role in words: ``N/S``, ``E/W``, ``Ah Puch`` or ``bidder``."""
        edges = self.edges_of(seat)
        if edges is not None:
            return "N/S" if edges == "north_south" else "E/W"
        return "Ah Puch" if seat == self.ah_puch else "bidder"

    @property
    def pieces_left(self) -> int:
        """Pieces not yet placed (22 at the start)."""
        return PIECES - self.placed

    @property
    def mover(self) -> int:
        """The seat whose turn it is to place (ignoring the end of the game)."""
        return (self.first + self.placed) % self.num_players

    # --- whose turn -----------------------------------------------------------------------------

    def _anchor_masks(self) -> list[tuple[Plan, int]]:
        """Each orientation with legal placements and its mask of anchors (once per position)."""
        anchors = self._anchors
        if anchors is None:
            anchors = self._anchors = legal_anchors(
                self.occupied, self._stability, self._slide, self._two_cubes
            )
        return anchors

    def _can_place(self) -> bool:
        """Whether any placement is legal (from source: the anchor masks only, not the ids)."""
        if WORDS:
            return bool(self._placement_ids())
        return bool(self._anchor_masks())

    def _placement_ids(self) -> tuple[int, ...]:
        """The ids of the legal placements, ascending (computed once per position)."""
        ids = self._legal
        if ids is None and WORDS:
            ids = self._legal = tuple(
                legal_words.legal_ids(self.occupied, self._stability, self._slide, self._two_cubes)
            )
        elif ids is None:
            ids = self._legal = tuple(anchor_ids(self._anchor_masks()))
        return ids

    @property
    def current_player(self) -> int:
        if self.ah_puch < 0 and self.num_players == 3:
            return self.auction_seat
        if self.placed >= PIECES or not self._can_place():
            return TERMINAL
        return (self.first + self.placed) % self.num_players

    @property
    def stuck(self) -> bool:
        """True when the game ended early because no legal placement was left (§3.5)."""
        return not self.in_auction and self.placed < PIECES and not self._can_place()

    def describe_turn(self) -> str:
        player = self.current_player
        if player == TERMINAL:
            if self.stuck:
                left = self.pieces_left
                return (
                    f"the game is over: no legal placement with {left} "
                    f"piece{'s' if left != 1 else ''} left"
                )
            return "the game is over"
        if self.in_auction:
            if self.high_bid == NO_BID and len(self.auction) == 2:
                return f"seat {player} must bid 1..{self.max_bid} for Ah Puch (both others passed)"
            if self.high_bid == NO_BID:
                return (
                    f"seat {player} to open the auction for Ah Puch (bid 1..{self.max_bid} or pass)"
                )
            return f"seat {player} to bid below {self.high_bid} or pass"
        return f"seat {player} ({self.role(player)}) to place a piece ({self.pieces_left} left)"

    # --- actions --------------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self.in_auction:
            return rules.auction_actions(self)
        if self.placed >= PIECES:
            return []
        return [PLACEMENTS[i] for i in self._placement_ids()]

    def legal_action_ids(self) -> list[int]:
        if self.in_auction:
            return [self.action_id(action) for action in rules.auction_actions(self)]
        if self.placed >= PIECES:
            return []
        return list(self._placement_ids())  # a placement's id is its index in PLACEMENTS

    def random_action(self, rng: Rng) -> Action:
        if self.in_auction:
            actions = rules.auction_actions(self)
            return actions[rng.randrange(len(actions))]
        ids = self._legal
        if ids is None and WORDS:
            ids = self._placement_ids()
        if ids is not None:
            return PLACEMENTS[ids[rng.randrange(len(ids))]]
        # The same draw as from the list of ids, found by counting anchor bits instead.
        anchors = self._anchor_masks()
        index = rng.randrange(sum(m.bit_count() for _, m in anchors))
        for plan, m in anchors:
            count = m.bit_count()
            if index < count:
                for _ in range(index):
                    m &= m - 1
                return PLACEMENTS[plan.id_base + (m & -m).bit_length() - 1]
            index -= count
        raise AssertionError("the anchor counts add up")

    def is_action(self, value: object) -> bool:
        if not has_exact_fields(value, self.action_types):
            return False
        if isinstance(value, Placement):
            o, c = value.orientation, value.corner
            return (
                type(o) is int
                and type(c) is int
                and 0 <= o < len(ORIENTATIONS)
                and 0 <= c < NUM_CELLS
            )
        if self.num_players != 3:
            return False
        if isinstance(value, Bid):
            return (
                isinstance(value.points, int)
                and not isinstance(value.points, bool)
                and 1 <= value.points <= self.max_bid
            )
        return isinstance(value, AuctionPass)

    def action_targets(self, action: Action) -> tuple[str, ...]:
        return targets.action_targets(action)

    def _check(self, action: Action) -> None:
        rules.check(self, action)

    def _apply(self, action: Action) -> None:
        rules.apply(self, action)

    def parse_action(self, text: str) -> Action:
        action = parse_notation(text)
        if not self.is_action(action):
            if self.num_players == 2:
                raise InvalidAction(f"{text!r}: 2-player Aztec has no auction")
            raise InvalidAction(f"{text!r}: bids run from 1 to {self.max_bid}")
        return action

    def num_distinct_actions(self) -> int:
        if self.num_players == 2:
            return NUM_PLACEMENTS
        return NUM_PLACEMENTS + self.max_bid + 1

    def _own_action(self, action: Action) -> Action:
        # Every well-formed Aztec action has an id: the shared value of the action space.
        return self.action_from_id(self.action_id(action))

    def action_id(self, action: Action) -> int:
        if not self.is_action(action):
            raise InvalidAction(f"{describe_value(action)} is not an action of this Aztec game")
        if isinstance(action, Placement):
            return action.orientation * NUM_CELLS + action.corner
        if isinstance(action, Bid) and self.num_players == 3:
            return NUM_PLACEMENTS + action.points - 1
        if isinstance(action, AuctionPass) and self.num_players == 3:
            return NUM_PLACEMENTS + self.max_bid
        raise InvalidAction(f"{action!r} is not an action of this Aztec game")

    def action_from_id(self, action_id: int) -> Action:
        if type(action_id) is not int or not 0 <= action_id < self.num_distinct_actions():
            raise InvalidAction(
                f"action id {describe_value(action_id)} is outside 0..{self.num_distinct_actions() - 1}"
            )
        if action_id < NUM_PLACEMENTS:
            return PLACEMENTS[action_id]
        if action_id == NUM_PLACEMENTS + self.max_bid:
            return AUCTION_PASS
        return Bid(action_id - NUM_PLACEMENTS + 1)

    # --- copies and positions -----------------------------------------------------------------

    def clone(self) -> AztecState:
        other = AztecState.__new__(AztecState)
        other.num_players = self.num_players
        other.options = self.options  # never mutated after construction
        other.history = list(self.history)
        other.occupied = self.occupied
        other.placed = self.placed
        other.last = self.last
        other._stability = self._stability
        other._slide = self._slide
        other._two_cubes = self._two_cubes
        other._corners = self._corners
        other._legal = self._legal
        other._anchors = self._anchors
        other.auction = list(self.auction)
        other.auction_passed = self.auction_passed
        other.auction_seat = self.auction_seat
        other.high_bid = self.high_bid
        other.high_bidder = self.high_bidder
        other.max_bid = self.max_bid
        other.ah_puch = self.ah_puch
        other.first = self.first
        return other

    def position(self) -> str:
        return position.write(self)

    # --- results ------------------------------------------------------------------------------

    def edge_points(self) -> tuple[int, int]:
        """The N/S and E/W builders' points now (§4.5)."""
        return edge_scores(self.occupied, self._corners)

    def score_totals(self) -> list[int | float]:
        """The builders' edge points, without the breakdowns; Ah Puch's total from scores."""
        if self.num_players == 2:
            ns, ew = self.edge_points()
            return [ns, ew]
        return super().score_totals()

    def scores(self) -> list[Score]:
        ns, ew = self.edge_points()
        out: list[Score] = []
        for seat in range(self.num_players):
            edges = self.edges_of(seat)
            if edges is not None:
                rows = edge_breakdown(self.occupied, edges, self._corners)
                total = ns if edges == "north_south" else ew
                out.append(Score(total, {"role": self.role(seat), **rows}))
            elif seat == self.ah_puch:
                margin = ah_puch_margin(str(self.options["threshold"]), self.high_bid, ns, ew)
                breakdown: dict[str, JSON] = {
                    "role": "Ah Puch",
                    "threshold": self.high_bid,
                    "test": str(self.options["threshold"]),
                    "builders_below": margin > 0,
                }
                out.append(Score(margin, breakdown))
            else:
                out.append(Score(0, {"role": "bidder"}))
        return out

    def _result_keys(self) -> list[float]:
        """Higher is better; equal keys share a place (see ranking())."""
        ns, ew = self.edge_points()
        if self.num_players == 2:
            keys: list[float] = [ns, ew]
        elif self.ah_puch < 0:
            keys = [0.0, 0.0, 0.0]
        else:
            margin = ah_puch_margin(str(self.options["threshold"]), self.high_bid, ns, ew)
            keys = [0.0, 0.0, 0.0]
            keys[self.builder("north_south")] = ns
            keys[self.builder("east_west")] = ew
            # §3.7 item 4 and A14: Ah Puch is first when the builders stay below the bid,
            # otherwise last; the builders are ranked by their points either way.
            keys[self.ah_puch] = math.inf if margin > 0 else -1.0
        if self.options["no_move"] == "lose" and self.stuck:
            keys[self.mover] = -math.inf  # §3.5 alternative: the player who cannot place loses
        return keys

    def ranking(self) -> list[int]:
        keys = self._result_keys()
        return [1 + sum(1 for other in keys if other > mine) for mine in keys]

    # --- AI and learning hooks ------------------------------------------------------------------

    def decisions_left(self) -> int | None:
        """One placement a piece left (None during the 3-player auction, whose length varies)."""
        if self.in_auction:
            return None
        return PIECES - self.placed

    def compact_rules(self) -> tuple[CompactAztec, Mask] | None:
        """At two players, the rules on cell masks and this position's mask (see compact)."""
        if self.num_players != 2:
            return None
        rules = CompactAztec(
            self.first,
            self._stability,
            self._slide,
            self._two_cubes,
            self._corners,
            self.options["no_move"] == "lose",
        )
        return rules, self.occupied

    def heuristic(self) -> list[float]:
        """Per seat in [-1, 1]: progress towards level-3 cubes on its edges (see evaluation)."""
        return evaluation.heuristic(self)

    def observation(self, player: int | None) -> dict[str, JSON]:
        return observe.observation(self, player)

    def observation_shape(self) -> tuple[int, ...]:
        return observe.shape(self)

    def observation_bounds(self) -> tuple[float, float]:
        # Planes of 0/1 cells and fractions (pieces left / 22, bid / top bid).
        return (0.0, 1.0)

    def observation_tensor(self, player: int) -> list[float]:
        return observe.tensor(self, player)

    # --- rendering ------------------------------------------------------------------------------

    def to_text(self, perspective: int | None = None) -> str:
        return render_text.render(self, perspective)

    def to_svg(self, perspective: int | None = None, corner: str = "sw") -> str:
        """An isometric drawing seen from ``corner`` (``sw``, ``se``, ``ne`` or ``nw``)."""
        return render_svg.render(self, perspective, corner)

    svg_views: ClassVar[int] = len(VIEWS)

    def to_svg_turned(self, perspective: int | None, view: int) -> str:
        """The drawing with its 3D view seen from corner ``view`` of ``VIEWS`` (sw, se, ne, nw:
        each a quarter turn from the last)."""
        if not 0 <= view < len(VIEWS):
            raise ValueError(f"view must be from 0 to {len(VIEWS) - 1}, not {view!r}")
        return render_svg.render(self, perspective, VIEWS[view])

"""An SVG drawing of Zapotec from one seat's view (or a spectator's), built from its observation.

Drawing from :func:`~stonework.games.zapotec.observe.observation` alone is what keeps hidden
things hidden: a hand appears only in its owner's view, a committed card only once revealed.
The main board and market are in :mod:`~stonework.games.zapotec.svg_board`, the player boards in
:mod:`~stonework.games.zapotec.svg_players`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from stonework.core import JSON, svg

from .actions import Build, Palace, Pyramid, Ritual, Sacrifice
from .observe import observation
from .svg_board import (
    BOARD_H,
    BOARD_W,
    BUILDING_COLOURS,
    SEAT_COLOURS,
    SEAT_INK,
    draw_market,
    draw_pyramids,
    draw_rituals,
    draw_sections,
    draw_track,
    seat_marker,
)
from .svg_players import BOARD_W as PLAYER_W
from .svg_players import card_number, draw_player
from .targets import card_target, pyramid_target, ritual_target, space_target, track_target

if TYPE_CHECKING:
    from .state import ZapotecState

PAD: Final = 14.0
WIDTH: Final = 1000.0


def status(state: ZapotecState, obs: dict[str, JSON]) -> str:
    """Whose turn it is, in words, from what the observation shows."""
    if state.is_terminal:
        return "the game is over"
    if obs["chance"]:
        return f"waiting for chance ({obs['chance']})"
    return f"seat {obs['to_play']} to play, {obs['phase']} phase"


def last_target(state: ZapotecState) -> str:
    """The target the last public board action changed ('' if none): the space built on, the
    pyramid raised, the ritual card taken or the track space reached."""
    for seat, action in reversed(state.history):
        if isinstance(action, (Build, Palace)):
            return space_target(state.comp.spaces[action.space].name)
        if isinstance(action, Pyramid):
            return pyramid_target(action.space)
        if isinstance(action, Ritual):
            return ritual_target(action.card)
        if isinstance(action, Sacrifice):
            return track_target(state.track[seat])
    return ""


def _cards(obs: dict[str, JSON], top: float) -> list[str]:
    """The scoring card, the offer and the turn order."""
    parts = ['<g class="cards">']
    x = PAD
    for title, cards in (
        ("Scoring card", [obs["scoring_card"]] if obs["scoring_card"] else []),
        ("Offer", obs["offer"]),
    ):
        parts.append(svg.text(x, top + 12, title, 12, weight="bold"))
        for n, card in enumerate(cards):
            # Offer cards are drafted by a click; the scoring card is only read.
            target = title == "Offer"
            if target:
                parts.append(f'<g class="card" data-target="{card_target(card_number(card))}">')
            parts += _card(x + n * 92, top + 18, str(card))
            if target:
                parts.append("</g>")
        x += max(1, len(cards)) * 92 + 24
    order = " > ".join(f"seat {s}" for s in obs["turn_order"]) or "-"
    parts.append(svg.text(x, top + 12, "Turn order", 12, weight="bold"))
    parts.append(svg.text(x, top + 36, order, 11))
    parts.append("</g>")
    return parts


def _card(x: float, y: float, card: str) -> list[str]:
    number, _, rest = card.partition(" ")
    icon, _, resource = rest.partition("/")
    return [
        svg.rect(x, y, 86, 40, "#fffdf5", "#6b5d48"),
        svg.text(x + 6, y + 17, number, 13, weight="bold"),
        svg.text(x + 42, y + 16, icon, 10),
        svg.text(x + 42, y + 31, resource, 10, fill="#555"),
    ]


def _legend(left: float, top: float) -> list[str]:
    def space(letter: str, building: str) -> str:
        return (
            f'<circle cx="7" cy="7" r="7" fill="{BUILDING_COLOURS[building]}" stroke="#333"/>'
            + svg.text(7, 11, letter, 9, "middle", weight="bold")
        )

    entries = [
        (space("C", "cornfield"), "cornfield space; WC under it: its tile gives wood + corn"),
        (space("V", "village"), "village space (SG: stone + gold)"),
        (space("T", "temple"), "temple space (BP: brick + priest)"),
        ("".join(seat_marker(7, 7, 0, 6)), "a house; the number is its owner's seat"),
        ("".join(seat_marker(7, 9, 1, 5, True)), "a palace (counts as two houses)"),
        (
            '<circle cx="7" cy="7" r="7" fill="#eee" stroke="#bbb" stroke-dasharray="2,2"/>',
            "space not in play at this player count",
        ),
        (
            f'<polygon points="-3,13 17,13 14,2 0,2" fill="{SEAT_COLOURS[0]}" stroke="#000"/>'
            + svg.text(7, 11, "0L", 8, "middle", SEAT_INK[0], "bold"),
            "pyramid piece: seat, L/M/S size; dashed: steps still open",
        ),
        (
            '<circle cx="7" cy="7" r="7" fill="none" stroke="#000" stroke-width="2" '
            'stroke-dasharray="4,2"/>',
            "the last board action (or a heavy outline)",
        ),
    ]
    parts = [svg.text(left, top + 12, "Legend", 13, weight="bold")]
    return parts + svg.legend(left, top + 20, entries, 10)


def render_svg(state: ZapotecState, perspective: int | None) -> str:
    """The main board, market, track, rituals, cards and player boards as one SVG string."""
    obs = observation(state, perspective)
    who = (
        "spectator view: no hand is shown"
        if perspective is None
        else (f"seat {perspective}'s view: only your own hand is shown")
    )
    rounds = state.comp.rounds
    title = f"Zapotec, {state.num_players} players, round {obs['round']} of {rounds}"
    parts = [
        svg.text(PAD, PAD + 14, f"{title}: {status(state, obs)}", 16, weight="bold"),
        svg.text(PAD, PAD + 32, who, 11, fill="#555"),
    ]
    y = PAD + 42
    parts += _cards(obs, y)
    y += 70
    last = last_target(state)
    parts += draw_sections(obs, PAD, y, last)
    pyramid_parts, pyramids_bottom = draw_pyramids(obs, PAD + BOARD_W + 20, y, last)
    parts += pyramid_parts
    y = max(y + BOARD_H, pyramids_bottom) + 14
    market, market_bottom = draw_market(obs, state.comp, PAD, y)
    parts += market
    y = market_bottom + 10
    rituals, rituals_bottom = draw_rituals(obs, PAD, y, last)
    parts += rituals
    parts += _legend(PAD + 560, y)
    y = max(rituals_bottom, y + 20 + 17 * 8) + 10
    track, y = draw_track(obs, state.comp, PAD, y, last)
    parts += track
    y += 10
    row_height = 0.0
    for n, player in enumerate(obs["players"]):
        x = PAD + (n % 2) * (PLAYER_W + 16)
        board, height = draw_player(player, obs, x, y)
        parts += board
        row_height = max(row_height, height)
        if n % 2 == 1 or n == len(obs["players"]) - 1:
            y += row_height + 12
            row_height = 0.0
    if state.is_terminal:
        parts += _final(state, PAD, y)
        y += 24 + 16 * state.num_players
    return svg.document(WIDTH, y + PAD, parts, f"{title}: {status(state, obs)}")


def _final(state: ZapotecState, left: float, top: float) -> list[str]:
    """The final score sheet (everything is public at the end)."""
    parts = [svg.text(left, top + 14, "Final scoring", 13, weight="bold")]
    for seat, (score, place) in enumerate(zip(state.scores(), state.ranking(), strict=True)):
        rows = ", ".join(f"{k} {v}" for k, v in score.breakdown.items() if type(v) is int)
        line = f"seat {seat}: {score.total} VP, place {place} ({rows})"
        parts.append(svg.text(left, top + 32 + 16 * seat, line, 11))
    return parts

"""A terminal drawing of Zapotec from one seat's view (or a spectator's): only what it may see.

Drawn from the observation, like the SVG, so a hand appears only in its owner's view. Spaces
are written ``k:type TILE|owner`` (``3:temp BP|.``: space 3, a temple space whose tile gives
brick + priest, no house yet); the legend at the end spells out every abbreviation.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from stonework.core import JSON, State
from stonework.games.zapotec.components import BUILDINGS, ICONS, REGIONS, RESOURCES, TERRAINS
from stonework.games.zapotec.effect_words import effect_words
from stonework.games.zapotec.observe import observation
from stonework.games.zapotec.svg_board import tile_code

if TYPE_CHECKING:
    from stonework.games.zapotec.state import ZapotecState

LEGEND: Final = (
    "legend: spaces k:type TILE|owner, k 1-3 always in play, 4 from 3 players (3+), 5 at 4;",
    "        type corn(field), vill(age), temp(le); TILE is the building tile's resources",
    "        (W wood, B brick, S stone, C corn, G gold, P priest); owner . none, a seat, * palace",
    "        pyramid pieces: seat + L/M/S (large, medium, small), bottom first;",
    "        grid slots 1-9 row by row, rows and columns headed wood, brick, stone",
    "notation: income row|column, buy II.3, pyramid 2 [temple], ritual 1, sacrifice 3,",
    "        build etla-hills.2 slot 5, palace SPACE, done, play 14, draft 14",
)


def _space(space: dict[str, JSON], k: int, letters: int) -> str:
    # ``k:type TILE|owner`` with the building's first ``letters`` letters.
    owner = space["owner"]
    mark = "." if owner is None else f"{owner}{'*' if space['palace'] else ''}"
    return f"{k}:{str(space['building'])[:letters]} {tile_code(space['tile'])}|{mark:2}"


def _section_lines(
    obs: dict[str, JSON], head: str, letters: int, width: int, gap: str
) -> list[str]:
    # The nine sections, one per line, in the given cell format.
    by_name = {space["space"]: space for space in obs["board"]}
    lines = [head]
    for region in REGIONS:
        for terrain in TERRAINS:
            cells = []
            for k in range(1, 6):
                space = by_name.get(f"{region}-{terrain}.{k}")
                if space is not None:
                    cells.append(_space(space, k, letters))
            lines.append(f"  {region + '-' + terrain:{width}} " + gap.join(cells))
    return lines


def board_lines(obs: dict[str, JSON]) -> list[str]:
    """The nine sections, one per line."""
    return _section_lines(obs, "board (space k:type TILE|owner)", 4, 17, "  ")


def market_lines(state: ZapotecState, obs: dict[str, JSON]) -> list[str]:
    """Pyramids, the trade rows with what each tile does, the rituals and the sacrifice track."""
    c = state.comp
    lines = []
    for p, pyramid in enumerate(obs["pyramids"], start=1):
        pieces = " ".join(f"{seat}{size[0].upper()}" for seat, size in pyramid["pieces"])
        lines.append(f"pyramid {p}: tile {pyramid['tile'] or '-'}, pieces {pieces or '-'}")
    lines.append("scoring tiles left: " + (", ".join(obs["scoring_tiles"]) or "-"))
    for k, (level, row) in enumerate(obs["trade_rows"].items()):
        stack = obs["trade_stacks"][level]
        lines.append(f"trade row {level} ({c.trade_costs[k]} gold, stack {stack}):")
        for slot, name in enumerate(row, start=1):
            if name is None:
                lines.append(f"  {level + '.' + str(slot):6} -")
                continue
            tile = c.trade_tiles[c.trade_index[name]]
            words = effect_words(tile.effect)
            lines.append(f"  {level + '.' + str(slot):6} {name:14} {words} ({tile.timing})")
    for k, ritual in enumerate(obs["rituals"], start=1):
        discs = ",".join(str(s) for s in ritual["discs"]) or "-"
        lines.append(f"ritual {k}: {ritual['text']} [discs of seats {discs}]")
    track = "  ".join(f"seat {p['seat']}:{p['sacrifice']}" for p in obs["players"])
    rewards = "/".join(str(v) for v in c.track_rewards)
    lines.append(f"sacrifice track: {track}   (end: {rewards} VP by rank)")
    bonuses = [
        f"{space} {effect_words(effect)}"
        for space, effect in enumerate(c.track_bonuses)
        if effect is not None
    ]
    lines.append("  bonuses on entering a space:")
    lines += [f"    {b}" for b in bonuses]
    return lines


def shown_points(state: ZapotecState, seat: int) -> int | float:
    """A seat's points as every view shows them: the final total once the game is over."""
    return state.scores()[seat].total if state.is_terminal else state.points[seat]


def player_lines(
    player: dict[str, JSON], obs: dict[str, JSON], points: int | float | None = None
) -> list[str]:
    """One player board: resources, pieces, grid, trade tiles and cards."""
    res = player["resources"]
    pieces = player["pieces_left"]
    you = " (you)" if obs["seat"] == player["seat"] else ""
    lines = [
        f"seat {player['seat']}{you}: {player['points'] if points is None else points} VP; "
        + " ".join(f"{r} {res[r]}" for r in RESOURCES),
        f"    houses left {player['houses_left']}, palace {player['palace'] or '-'}, "
        f"pieces large {pieces['large']} medium {pieces['medium']} small {pieces['small']}, "
        f"ritual discs {player['ritual_discs_left']}",
        "            " + " ".join(f"{h:^5}" for h in ("wood", "brick", "stone")),
    ]
    grid = player["grid"]
    for r, head in enumerate(("wood", "brick", "stone")):
        cells = []
        for k in range(3):
            tile = grid[r * 3 + k]
            cells.append(
                f"[{tile_code(tile)}]" if isinstance(tile, str) else f" {r * 3 + k + 1:>2} "
            )
        lines.append(f"    {head:>6}  " + " ".join(cells))
    tiles = ", ".join(t["tile"] + (" (used)" if t["used"] else "") for t in player["trade_tiles"])
    lines.append(f"    trade tiles: {tiles or '-'}")
    if "hand" in player:
        lines.append(f"    hand: {', '.join(player['hand']) or '-'}")
        if player["my_choice"]:
            lines.append(f"    my choice: {player['my_choice']}")
    else:
        known = ", ".join(player["known_cards"])
        lines.append(
            f"    hand: {player['hand_size']} cards" + (f" (seen: {known})" if known else "")
        )
    if player["committed"]:
        lines.append("    has chosen a card")
    if player["played"]:
        lines.append(f"    played: {player['played']}")
    return lines


def render(state: ZapotecState, perspective: int | None) -> str:
    """The main board, the market and every player board, as ``perspective`` sees it."""
    obs = observation(state, perspective)
    who = "spectator" if perspective is None else f"seat {perspective}"
    lines = [
        f"Zapotec, {state.num_players} players, round {obs['round']} of {state.comp.rounds} "
        f"({who}'s view); {state.describe_turn()}",
        f"scoring card: {obs['scoring_card'] or '-'}    offer: {', '.join(obs['offer']) or '-'}",
    ]
    if obs["turn_order"]:
        lines.append("turn order: " + " > ".join(f"seat {s}" for s in obs["turn_order"]))
    lines += ["", *board_lines(obs), "", *market_lines(state, obs), ""]
    for player in obs["players"]:
        lines += player_lines(player, obs, shown_points(state, int(player["seat"])))
    if state.is_terminal:
        lines += ["", "final scoring:", *sheet_lines(state)]
    lines += ["", *LEGEND]
    return "\n".join(line.rstrip() for line in lines)


# --- the score sheet ----------------------------------------------------------------------------


def score_sheet(state: ZapotecState) -> list[tuple[str, list[str]]]:
    """The score sheet: points banked in the rounds, then each end scoring with its details."""
    n = state.num_players
    sheet = [score.breakdown for score in state.scores()]
    rows: list[tuple[str, list[str]]] = [("rounds", [str(b["rounds"]) for b in sheet])]
    rows.append(("pyramids", [str(b["pyramids"]) for b in sheet]))
    pyramids: dict[int, list[str]] = {}
    names: dict[int, str] = {}
    for seat, b in enumerate(sheet):
        for item in b["pyramid_detail"]:
            number = int(item["pyramid"])
            names[number] = str(item["tile"])
            bonus = " +completion" if item["complete"] else ""
            cells = pyramids.setdefault(number, [""] * n)
            cells[seat] = f"{item['pieces']} x {item['houses']}{bonus} = {item['points']}"
    for number in sorted(pyramids):
        rows.append((f"  pyramid {number} ({names[number]}): pieces x houses", pyramids[number]))
    rows.append(("sacrifice track", [str(b["sacrifice"]) for b in sheet]))
    rows.append(("rituals", [str(b["rituals"]) for b in sheet]))
    rituals: dict[int, list[str]] = {}
    for seat, b in enumerate(sheet):
        for item in b["ritual_detail"]:
            rituals.setdefault(int(item["ritual"]), [""] * n)[seat] = str(item["points"])
    for number in sorted(rituals):
        rows.append((f"  ritual card {number}", rituals[number]))
    if not state.is_terminal:
        rows.append(("total if the game ended now", [str(b["projected"]) for b in sheet]))
    return rows


def sheet_lines(state: ZapotecState) -> list[str]:
    """The score sheet as aligned text: a column per seat, then the totals and places."""
    rows = score_sheet(state)
    if state.is_terminal:
        rows.append(("total", [str(score.total) for score in state.scores()]))
        rows.append(("place", [str(place) for place in state.ranking()]))
    heads = [f"seat {seat}" for seat in range(state.num_players)]
    label_width = max(len(label) for label, _ in rows)
    width = max(len(cell) for _, cells in rows for cell in [*cells, *heads])
    out = ["  " + " " * label_width + "".join(f"  {head:>{width}}" for head in heads)]
    for label, cells in rows:
        out.append(f"  {label:<{label_width}}" + "".join(f"  {cell:>{width}}" for cell in cells))
    return out


# --- the compact view and the details on request --------------------------------------------


def _amounts(res: dict[str, JSON]) -> str:
    return " ".join(f"{name[0].upper()}{res[name]}" for name in RESOURCES)


def _wrap(text: str, indent: str = "    ") -> list[str]:
    return textwrap.wrap(text, 79, subsequent_indent=indent, break_on_hyphens=False) or [""]


def _status(state: ZapotecState, obs: dict[str, JSON]) -> str:
    if state.is_terminal:
        return "the game is over"
    if obs["chance"]:
        return f"waiting for chance ({obs['chance']})"
    return f"seat {obs['to_play']} to play, {obs['phase']} phase"


def compact_text(state: ZapotecState, perspective: int | None) -> str:
    """What a seat needs at each turn in 80 columns: cards, every seat in a line, its own grid."""
    obs = observation(state, perspective)
    order = " > ".join(str(s) for s in obs["turn_order"]) or "-"
    lines = [
        f"Zapotec round {obs['round']}/{state.comp.rounds}: {_status(state, obs)}; "
        f"turn order {order}",
        *_wrap(
            f"scoring card {obs['scoring_card'] or '-'}; offer {', '.join(obs['offer']) or '-'}"
        ),
    ]
    mine = None
    played = []
    for player in obs["players"]:
        seat = int(player["seat"])
        mark = ">" if obs["to_play"] == seat else " "
        held = len(player["hand"]) if "hand" in player else player["hand_size"]
        chosen = ", chosen" if player["committed"] else ""
        you = " (you)" if seat == perspective else ""
        lines.append(
            f"{mark}seat {seat}{you}: {shown_points(state, seat)} VP  {_amounts(player['resources'])}"
            f"  houses {player['houses_left']}  track {player['sacrifice']}  hand {held}{chosen}"
        )
        if player["played"]:
            played.append(f"{seat} {player['played']}")
        if seat == perspective:
            mine = player
    if played:
        lines += _wrap("played: " + ", ".join(played))
    if mine is not None:
        lines += _own_board(mine)
    rows = []
    for level, row in obs["trade_rows"].items():
        tiles = " ".join(str(name).partition(":")[2] if name else "-" for name in row)
        rows.append(f"{level}: {tiles}")
    lines += _wrap("trade tiles " + "  ".join(rows))
    pyramids = []
    for p, pyramid in enumerate(obs["pyramids"], start=1):
        pieces = "".join(f"{seat}{size[0].upper()}" for seat, size in pyramid["pieces"])
        pyramids.append(f"{p}:{pyramid['tile'] or '-'}" + (f" {pieces}" if pieces else ""))
    discs = [",".join(map(str, r["discs"])) or "-" for r in obs["rituals"]]
    lines += _wrap("pyramids " + "  ".join(pyramids) + "; ritual discs " + " | ".join(discs))
    lines.append("more: board, spaces, market, seat K, scores, legend (type help)")
    return "\n".join(line.rstrip() for line in lines)


def _own_board(player: dict[str, JSON]) -> list[str]:
    """The seat's own grid (slot numbers where empty) beside its pieces and tiles, then its hand."""
    grid = player["grid"]
    pieces = player["pieces_left"]
    tiles = ", ".join(
        str(t["tile"]) + (" (used)" if t["used"] else "") for t in player["trade_tiles"]
    )
    side = [
        f"pieces L{pieces['large']} M{pieces['medium']} S{pieces['small']}, "
        f"ritual discs {player['ritual_discs_left']}",
        f"palace {player['palace'] or '-'}",
        f"my choice {player['my_choice'] or '-'}",
    ]
    out = ["  grid   wood brick stone   " + ("trade tiles " + (tiles or "-"))[:52]]
    for r, head in enumerate(("wood", "brick", "stone")):
        row = " ".join(
            f"[{tile_code(grid[r * 3 + k])}]"
            if isinstance(grid[r * 3 + k], str)
            else f" {r * 3 + k + 1:>2} "
            for k in range(3)
        )
        out.append(f"  {head:>5} {row}   {side[r]}")
    out += _wrap("hand " + (", ".join(player["hand"]) or "-"), "      ")
    return out


def spaces_lines(obs: dict[str, JSON]) -> list[str]:
    """The nine sections in 80 columns: ``k:t TILE|owner``, t the building's initial."""
    head = "spaces k:t TILE|owner (t: c cornfield, v village, t temple; owner . none, * palace)"
    return _section_lines(obs, head, 1, 16, " ")


def _view_spaces(state: State, perspective: int | None, argument: str) -> str:
    return "\n".join(spaces_lines(observation(_zapotec(state), perspective)))


def _view_market(state: State, perspective: int | None, argument: str) -> str:
    zapotec = _zapotec(state)
    return "\n".join(market_lines(zapotec, observation(zapotec, perspective)))


def _view_seat(state: State, perspective: int | None, argument: str) -> str:
    zapotec = _zapotec(state)
    obs = observation(zapotec, perspective)
    if not argument.isdigit() or not 0 <= int(argument) < zapotec.num_players:
        raise ValueError(f"write the seat: seat K, K from 0 to {zapotec.num_players - 1}")
    seat = int(argument)
    return "\n".join(player_lines(obs["players"][seat], obs, shown_points(zapotec, seat)))


def _view_scores(state: State, perspective: int | None, argument: str) -> str:
    return "\n".join(
        ["score sheet (end scorings as if the game ended now):", *sheet_lines(_zapotec(state))]
    )


def _view_legend(state: State, perspective: int | None, argument: str) -> str:
    return "\n".join(LEGEND)


def action_words(state: State, action: object) -> str | None:
    """What a public move did, in words the notation leaves out (``buy II.3``: which tile).

    Called with the position before the move, and only for moves the viewer may read: the words
    name what the notation points at (a slot's tile, a card's icon and resource), nothing more.
    """
    from stonework.games.zapotec.actions import Build, Buy, Deal, Draft, Palace, Play, Ritual

    zapotec = _zapotec(state)
    c = zapotec.comp
    if isinstance(action, Buy):
        tile = zapotec.trade_rows[action.level - 1][action.slot]
        if tile < 0:
            return None
        bought = c.trade_tiles[tile]
        return f"{bought.name}: {effect_words(bought.effect)}, {bought.timing}"
    if isinstance(action, (Draft, Deal, Play)):
        return c.card_text(action.card)
    if isinstance(action, (Build, Palace)):
        tile = zapotec.space_tile[action.space]
        resources = tile_code(c.building_tiles[tile].name) if tile >= 0 else "--"
        what = "the palace" if isinstance(action, Palace) else "a house"
        return f"{what} on a {ICONS[c.spaces[action.space].building]} space, tile {resources}"
    if isinstance(action, Ritual) and action.card < len(zapotec.rituals):
        return c.rituals[zapotec.rituals[action.card]].text
    return None


def _zapotec(state: State) -> ZapotecState:
    from stonework.games.zapotec.state import ZapotecState

    assert isinstance(state, ZapotecState)
    return state


TEXT_VIEWS: Final[dict[str, tuple[str, Callable[[State, int | None, str], str]]]] = {
    "spaces": ("the nine sections of the board, space by space", _view_spaces),
    "market": ("pyramids, trade rows, rituals and the sacrifice track", _view_market),
    "seat": ("seat K: that seat's board as you may see it", _view_seat),
    "scores": ("the score sheet so far", _view_scores),
    "legend": ("what the abbreviations mean, and the notation", _view_legend),
}


__all__ = ["BUILDINGS", "TEXT_VIEWS", "action_words", "compact_text", "render", "score_sheet"]

"""A terminal drawing of Zapotec from one seat's view (or a spectator's): only what it may see.

Drawn from the observation, like the SVG, so a hand appears only in its owner's view. Spaces
are written ``k:type TILE|owner`` (``3:temp BP|.``: space 3, a temple space whose tile gives
brick + priest, no house yet); the legend at the end spells out every abbreviation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from stonework.core import JSON
from stonework.games.zapotec.components import REGIONS, RESOURCES, TERRAINS
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


def _space(space: dict[str, JSON], k: int) -> str:
    owner = space["owner"]
    mark = "." if owner is None else f"{owner}{'*' if space['palace'] else ''}"
    return f"{k}:{str(space['building'])[:4]} {tile_code(space['tile'])}|{mark:2}"


def board_lines(obs: dict[str, JSON]) -> list[str]:
    """The nine sections, one per line."""
    by_name = {space["space"]: space for space in obs["board"]}
    lines = ["board (space k:type TILE|owner)"]
    for region in REGIONS:
        for terrain in TERRAINS:
            cells = []
            for k in range(1, 6):
                space = by_name.get(f"{region}-{terrain}.{k}")
                if space is not None:
                    cells.append(_space(space, k))
            lines.append(f"  {region + '-' + terrain:17} " + "  ".join(cells))
    return lines


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


def player_lines(player: dict[str, JSON], obs: dict[str, JSON]) -> list[str]:
    """One player board: resources, pieces, grid, trade tiles and cards."""
    res = player["resources"]
    pieces = player["pieces_left"]
    you = " (you)" if obs["seat"] == player["seat"] else ""
    lines = [
        f"seat {player['seat']}{you}: {player['points']} VP; "
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
        lines += player_lines(player, obs)
    if state.is_terminal:
        totals = ", ".join(f"seat {i} {s.total}" for i, s in enumerate(state.scores()))
        places = ", ".join(f"seat {i} place {r}" for i, r in enumerate(state.ranking()))
        lines.append(f"final scores: {totals}; places: {places}")
    lines += ["", *LEGEND]
    return "\n".join(line.rstrip() for line in lines)

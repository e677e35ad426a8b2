"""A terminal drawing of the game from one seat's view (or a spectator's): only what it may see."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stonework.core import JSON

from .components import BUILDINGS, REGIONS, RESOURCES, TERRAINS
from .observe import observation

if TYPE_CHECKING:
    from .state import ZapotecState

_SHORT = {"wood": "W", "brick": "B", "stone": "S", "corn": "C", "gold": "G", "priest": "P"}


def _tile(name: JSON) -> str:
    if not isinstance(name, str):
        return "--"
    return "".join(_SHORT[r] for r in name.split("+"))


def render_text(state: ZapotecState, perspective: int | None) -> str:
    """The main board, the market and every player board, as ``perspective`` sees them."""
    obs = observation(state, perspective)
    lines: list[str] = []
    who = "spectator" if perspective is None else f"seat {perspective}"
    turn = state.describe_turn()
    lines.append(f"Zapotec, {state.num_players} players, round {obs['round']} ({who}); {turn}")
    scoring = obs["scoring_card"] or "-"
    lines.append(f"scoring card: {scoring}    offer: {', '.join(obs['offer']) or '-'}")
    if obs["turn_order"]:
        lines.append("turn order: " + " > ".join(f"seat {s}" for s in obs["turn_order"]))
    lines.append("")
    lines.append("board (space: building tile | owner; * palace)")
    by_name = {space["space"]: space for space in obs["board"]}
    for region in REGIONS:
        for terrain in TERRAINS:
            cells = []
            for k in range(1, 6):
                space = by_name.get(f"{region}-{terrain}.{k}")
                if space is None:
                    continue
                owner = space["owner"]
                mark = "." if owner is None else f"{owner}{'*' if space['palace'] else ''}"
                cells.append(f"{k}:{space['building'][:4]} {_tile(space['tile'])}|{mark}")
            lines.append(f"  {region + '-' + terrain:17} " + "  ".join(cells))
    lines.append("")
    pyramids = []
    for p, pyramid in enumerate(obs["pyramids"], start=1):
        pieces = " ".join(f"{seat}{size[0].upper()}" for seat, size in pyramid["pieces"]) or "empty"
        pyramids.append(f"{p}[{pyramid['tile'] or '-'}: {pieces}]")
    lines.append("pyramids: " + "  ".join(pyramids))
    lines.append("scoring tiles left: " + (", ".join(obs["scoring_tiles"]) or "-"))
    for level, row in obs["trade_rows"].items():
        tiles = "  ".join(f"{k}:{t or '-'}" for k, t in enumerate(row, start=1))
        lines.append(f"trade row {level:3} {tiles}   (stack {obs['trade_stacks'][level]})")
    for k, ritual in enumerate(obs["rituals"], start=1):
        discs = ",".join(str(s) for s in ritual["discs"]) or "-"
        lines.append(f"ritual {k}: {ritual['text']} [discs {discs}]")
    track = "  ".join(f"seat {p['seat']}:{p['sacrifice']}" for p in obs["players"])
    lines.append(f"sacrifice track: {track}")
    lines.append("")
    for player in obs["players"]:
        res = player["resources"]
        lines.append(
            f"seat {player['seat']}: {player['points']} VP  "
            + " ".join(f"{_SHORT[r]}{res[r]}" for r in RESOURCES)
            + f"  houses {player['houses_left']}  palace {player['palace'] or '-'}"
            + "  pieces "
            + "/".join(str(player["pieces_left"][s]) for s in ("large", "medium", "small"))
            + f"  discs {player['ritual_discs_left']}"
        )
        grid = player["grid"]
        for r, head in enumerate(("W", "B", "S")):
            lines.append(
                f"    {head} " + " ".join(f"[{_tile(grid[r * 3 + k]):>2}]" for k in range(3))
            )
        tiles = ", ".join(
            t["tile"] + (" (used)" if t["used"] else "") for t in player["trade_tiles"]
        )
        lines.append(f"    trade tiles: {tiles or '-'}")
        if "hand" in player:
            lines.append(f"    hand: {', '.join(player['hand'])}")
            if player["my_choice"]:
                lines.append(f"    my choice: {player['my_choice']}")
        else:
            known = ", ".join(player["known_cards"])
            lines.append(
                f"    hand: {player['hand_size']} cards" + (f" (known: {known})" if known else "")
            )
        if player["committed"]:
            lines.append("    has chosen a card")
        if player["played"]:
            lines.append(f"    played: {player['played']}")
    if state.is_terminal:
        totals = ", ".join(f"seat {i} {s.total}" for i, s in enumerate(state.scores()))
        places = ", ".join(f"seat {i} place {r}" for i, r in enumerate(state.ranking()))
        lines.append(f"final scores: {totals}; places: {places}")
    return "\n".join(lines)


__all__ = ["BUILDINGS", "render_text"]

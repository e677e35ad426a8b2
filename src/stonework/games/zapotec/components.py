"""Every component of Zapotec as data: cards, board sections, tiles, rituals, sacrifice track.

The rulebook could not be read in full, so many values are **ASSUMED (engine default)** in
``docs/rules/zapotec.md``; each table below says which. The tables are written in the same
JSON shape an alternative data set uses (registered by :mod:`.datasets`), so the real values can
replace them without touching the rules code: :func:`default_data` returns this shape and
:func:`compile_components` turns either into the compact :class:`Components` the engine reads.

>>> c = default_components()
>>> len(c.cards), len(c.spaces), c.trade_tile_count(1)
(27, 45, 12)
>>> c.card_text(14)
'#14 hills/stone'
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any, Final

from stonework.core.errors import UnknownOption

# A pyramid piece on the board is one int (pieces.py, compiled with the rules), re-exported here.
from stonework.games.zapotec.pieces import piece as piece
from stonework.games.zapotec.pieces import piece_owner as piece_owner
from stonework.games.zapotec.pieces import piece_size as piece_size

# --- the game's vocabulary (names, not data that could change) ------------------------------

RESOURCES = ("wood", "brick", "stone", "corn", "gold", "priest")
# Final, so that the compiled engines (docs/speed.md) fold them instead of looking them up.
WOOD: Final = 0
BRICK: Final = 1
STONE: Final = 2
CORN: Final = 3
GOLD: Final = 4
PRIEST: Final = 5
BASICS = (WOOD, BRICK, STONE)
REGIONS = ("etla", "ocotlan", "mitla")
TERRAINS = ("plains", "hills", "forests")
BUILDINGS = ("cornfield", "village", "temple")
# The nine icons of cards and scoring tiles: building types 0-2, terrains 3-5, regions 6-8.
ICONS = BUILDINGS + TERRAINS + REGIONS
SIZES = ("small", "medium", "large")  # pyramid piece sizes 1, 2, 3
SMALL: Final = 1
MEDIUM: Final = 2
LARGE: Final = 3
LEVELS = ("I", "II", "III")

Vec = tuple[int, int, int, int, int, int]
"""An amount of each resource, in the order of :data:`RESOURCES`."""

ZERO: Vec = (0, 0, 0, 0, 0, 0)


# --- the default data set (JSON shape) ---------------------------------------------------------

# §4.2: ASSUMED card table: blocks 1-9 building types, 10-18 terrains, 19-27 regions; inside a
# block card k has icon k mod 3 and resource (k mod 3 + k div 3) mod 3.
_CARDS = [
    [1, "cornfield", "wood"], [2, "village", "brick"], [3, "temple", "stone"],
    [4, "cornfield", "brick"], [5, "village", "stone"], [6, "temple", "wood"],
    [7, "cornfield", "stone"], [8, "village", "wood"], [9, "temple", "brick"],
    [10, "plains", "wood"], [11, "hills", "brick"], [12, "forests", "stone"],
    [13, "plains", "brick"], [14, "hills", "stone"], [15, "forests", "wood"],
    [16, "plains", "stone"], [17, "hills", "wood"], [18, "forests", "brick"],
    [19, "etla", "wood"], [20, "ocotlan", "brick"], [21, "mitla", "stone"],
    [22, "etla", "brick"], [23, "ocotlan", "stone"], [24, "mitla", "wood"],
    [25, "etla", "stone"], [26, "ocotlan", "wood"], [27, "mitla", "brick"],
]  # fmt: skip

# §2.1: each section has a cornfield, a village and a temple for 2+ players (H), a "3+" space of
# type (r + t) mod 3 and a "4" space of type (r + t + 1) mod 3 (ASSUMED).
_SECTIONS = [
    ["etla", "plains", ["cornfield", "village", "temple", "cornfield", "village"]],
    ["etla", "hills", ["cornfield", "village", "temple", "village", "temple"]],
    ["etla", "forests", ["cornfield", "village", "temple", "temple", "cornfield"]],
    ["ocotlan", "plains", ["cornfield", "village", "temple", "village", "temple"]],
    ["ocotlan", "hills", ["cornfield", "village", "temple", "temple", "cornfield"]],
    ["ocotlan", "forests", ["cornfield", "village", "temple", "cornfield", "village"]],
    ["mitla", "plains", ["cornfield", "village", "temple", "temple", "cornfield"]],
    ["mitla", "hills", ["cornfield", "village", "temple", "cornfield", "village"]],
    ["mitla", "forests", ["cornfield", "village", "temple", "village", "temple"]],
]
_SPACE_PLAYERS = [2, 2, 2, 3, 4]  # the 4th space is marked "3+", the 5th "4" (§2.1)

# §2.2 and the seed: a village gives stone + gold, a temple brick + priest, a cornfield wood +
# corn. The seed states it per type, so every tile of a type gives the same (the seed wins).
_BUILDING_TILES_SEED: list[tuple[str, list[str], int]] = [
    ("cornfield", ["wood", "corn"], 15),
    ("village", ["stone", "gold"], 15),
    ("temple", ["brick", "priest"], 15),
]
# §2.2 ASSUMED alternative (option building_tiles=rules): the advanced resource is fixed by type,
# the basic one splits 5 wood / 5 brick / 5 stone per type.
_BUILDING_TILES_RULES: list[tuple[str, list[str], int]] = [
    (building, [basic, advanced], 5)
    for building, advanced in (("cornfield", "corn"), ("village", "gold"), ("temple", "priest"))
    for basic in ("wood", "brick", "stone")
]

# §2.2 (v2): the same reading as a fixed pool per player count. Tiles carry the "3+" and "4"
# marks of the spaces [a translated setup sheet] and the marked ones leave the game at fewer
# players, so each count has exactly one tile per space of the type (ASSUMED which tile has
# which mark: per type 3 wood/3 brick/3 stone unmarked, one of each basic "3+" and one "4"). A
# row's count is then per player count: the tiles of that kind in play.
_BUILDING_TILES_POOL: list[tuple[str, list[str], dict[str, int]]] = [
    (building, [basic, advanced], {"2": 3, "3": 4, "4": 5})
    for building, advanced in (("cornfield", "corn"), ("village", "gold"), ("temple", "priest"))
    for basic in ("wood", "brick", "stone")
]

# §6: ASSUMED tile lists, 12 per level. Timing: immediate, round (once per round) or permanent.
_TRADE_TILES = [
    ["I:WW", 1, 2, "immediate", {"kind": "gain", "get": {"wood": 2}}],
    ["I:BB", 1, 2, "immediate", {"kind": "gain", "get": {"brick": 2}}],
    ["I:SS", 1, 2, "immediate", {"kind": "gain", "get": {"stone": 2}}],
    ["I:WB", 1, 2, "immediate", {"kind": "gain", "get": {"wood": 1, "brick": 1}}],
    ["I:WS", 1, 2, "immediate", {"kind": "gain", "get": {"wood": 1, "stone": 1}}],
    ["I:BS", 1, 2, "immediate", {"kind": "gain", "get": {"brick": 1, "stone": 1}}],
    ["II:swap", 2, 3, "round", {"kind": "exchange", "pay": {"basic": 1}, "get": {"basic": 1}}],
    ["II:corn", 2, 3, "round", {"kind": "exchange", "pay": {"basic": 1}, "get": {"corn": 1}}],
    ["II:priest", 2, 2, "round", {"kind": "exchange", "pay": {"basic": 2}, "get": {"priest": 1}}],
    ["II:offering", 2, 2, "round", {"kind": "exchange", "pay": {"corn": 1}, "get": {"priest": 1}}],
    ["II:gold", 2, 2, "round", {"kind": "exchange", "pay": {"basic": 2}, "get": {"gold": 1}}],
    ["III:wood", 3, 1, "permanent", {"kind": "income_bonus", "resource": "wood"}],
    ["III:brick", 3, 1, "permanent", {"kind": "income_bonus", "resource": "brick"}],
    ["III:stone", 3, 1, "permanent", {"kind": "income_bonus", "resource": "stone"}],
    ["III:mason", 3, 2, "permanent", {"kind": "building_discount", "amount": 1}],
    ["III:priest", 3, 2, "round", {"kind": "gain", "get": {"priest": 1}}],
    ["III:harvest", 3, 2, "round", {"kind": "gain", "get": {"corn": 2}}],
    ["III:tribute", 3, 2, "immediate", {"kind": "gain", "get": {"priest": 1, "gold": 1, "corn": 1}}],
    ["III:architect", 3, 1, "round", {"kind": "build_anywhere"}],
]  # fmt: skip


def _goal(count: str, at_least: int, vp: int, **extra: object) -> dict[str, object]:
    """A ritual goal in the data's JSON shape: ``count`` at least ``at_least`` pays ``vp``."""
    return {"kind": "goal", "count": count, "at_least": at_least, "vp": vp, **extra}


# §8 (v1): ASSUMED ritual cards paying per unit. A palace counts as two houses of its type.
_RITUALS = [
    [1, "3 VP per region with 2+ houses", {"kind": "per_group", "group": "region", "min": 2, "vp": 3}],
    [2, "3 VP per terrain with 2+ houses", {"kind": "per_group", "group": "terrain", "min": 2, "vp": 3}],
    [3, "2 VP per temple house", {"kind": "per_house", "icon": "temple", "vp": 2}],
    [4, "2 VP per village house", {"kind": "per_house", "icon": "village", "vp": 2}],
    [5, "2 VP per cornfield house", {"kind": "per_house", "icon": "cornfield", "vp": 2}],
    [6, "4 VP per complete pyramid you are in", {"kind": "per_complete_pyramid", "vp": 4}],
    [7, "2 VP per trade tile you own", {"kind": "per_trade_tile", "vp": 2}],
    [8, "3 VP per full grid row or column", {"kind": "per_full_line", "vp": 3}],
    [9, "1 VP per sacrifice step", {"kind": "per_track_step", "vp": 1}],
    [10, "5 VP per temple+village+cornfield set", {"kind": "per_set", "vp": 5}],
]  # fmt: skip

# §9: ASSUMED track, spaces 0..11; the bonus of a space is collected when entering it.
_TRACK_BONUSES = {
    "2": {"kind": "gain", "get": {"gold": 1}},
    "3": {"kind": "trade_discount", "amount": 1},
    "5": {"kind": "gain", "get": {"priest": 1}},
    "6": {"kind": "ritual_priest_free"},
    "8": {"kind": "gain", "get": {"gold": 1}},
    "9": {"kind": "trade_discount", "amount": 1},
    "11": {"kind": "free_ritual"},
}

# §8 (v2): ritual cards as goals [SUM]: a condition and its points, paid in full to a disc owner
# who meets it at the end and not at all otherwise. The conditions and points are ASSUMED.
_RITUALS_V2 = [
    [1, "a house in each region: 12 VP", _goal("groups", 3, 12, group="region", min=1)],
    [2, "a house in each terrain: 12 VP", _goal("groups", 3, 12, group="terrain", min=1)],
    [3, "2 temple houses: 10 VP", _goal("houses", 2, 10, icon="temple")],
    [4, "2 village houses: 10 VP", _goal("houses", 2, 10, icon="village")],
    [5, "2 cornfield houses: 10 VP", _goal("houses", 2, 10, icon="cornfield")],
    [6, "a piece in a complete pyramid: 12 VP", _goal("complete_pyramids", 1, 12)],
    [7, "3 trade tiles: 10 VP", _goal("trade_tiles", 3, 10)],
    [8, "a full row or column of the grid: 10 VP", _goal("full_lines", 1, 10)],
    [9, "space 6 of the sacrifice track: 12 VP", _goal("track", 6, 12)],
    [10, "2 sets of temple, village and cornfield houses: 13 VP", _goal("sets", 2, 13)],
]  # fmt: skip

# §9 (v2): the track with VP spaces among its bonuses [SUM: "VP, resources or reduced costs"] and
# a free ritual disc on the last space [ZR]; which space gives what is ASSUMED.
_TRACK_BONUSES_V2 = {
    "1": {"kind": "gain", "get": {"corn": 1}},
    "2": {"kind": "points", "amount": 2},
    "3": {"kind": "trade_discount", "amount": 1},
    "4": {"kind": "gain", "get": {"priest": 1}},
    "5": {"kind": "points", "amount": 3},
    "6": {"kind": "ritual_priest_free"},
    "7": {"kind": "gain", "get": {"corn": 1, "gold": 1}},
    "8": {"kind": "points", "amount": 4},
    "9": {"kind": "trade_discount", "amount": 1},
    "10": {"kind": "points", "amount": 5},
    "11": {"kind": "free_ritual"},
}

# §6 (v2): three tiles changed from v1 after the balance lab (BENCHMARKS.md) showed them almost
# never bought: priests come cheaper, and the level III harvest and priest tiles feed the track.
_TRADE_TILE_CHANGES_V2: dict[str, dict[str, Any]] = {
    "II:priest": {"kind": "exchange", "pay": {"basic": 1}, "get": {"priest": 1}},
    "III:priest": {"kind": "gain", "get": {"priest": 1, "corn": 1}},
    "III:harvest": {"kind": "gain", "get": {"corn": 2, "priest": 1}},
}

# §9 (v3): the track retuned with the balance lab (BENCHMARKS.md): corn, gold and priests early
# so a seat that enters can go on, the first discount one space sooner, larger VP spaces.
# Every bonus is ASSUMED; VP spaces, the last space's free ritual and 9 / 6 / 3 are sourced.
_TRACK_BONUSES_V3 = {
    "1": {"kind": "gain", "get": {"corn": 1, "gold": 1}},
    "2": {"kind": "trade_discount", "amount": 1},
    "3": {"kind": "gain", "get": {"corn": 1, "priest": 1}},
    "4": {"kind": "points", "amount": 3},
    "5": {"kind": "gain", "get": {"corn": 1, "gold": 1}},
    "6": {"kind": "ritual_priest_free"},
    "7": {"kind": "gain", "get": {"corn": 1, "priest": 1}},
    "8": {"kind": "points", "amount": 5},
    "9": {"kind": "trade_discount", "amount": 1},
    "10": {"kind": "points", "amount": 6},
    "11": {"kind": "free_ritual"},
}

# §6 (v3), on top of v2's changes: the level III income tiles, never bought in v2, give a
# building's produce once per round; a level II corn tile gives 2 corn (ASSUMED, the balance lab).
_TRADE_TILE_CHANGES_V3: dict[str, tuple[str, dict[str, Any]]] = {
    "II:corn": ("round", {"kind": "exchange", "pay": {"basic": 1}, "get": {"corn": 2}}),
    "III:wood": ("round", {"kind": "gain", "get": {"wood": 1, "corn": 1}}),
    "III:brick": ("round", {"kind": "gain", "get": {"brick": 1, "priest": 1}}),
    "III:stone": ("round", {"kind": "gain", "get": {"stone": 1, "gold": 1}}),
}

# §8 (v3): v2's goals with two cards changed so that pyramids and the far track pay (ASSUMED).
_RITUAL_CHANGES_V3: dict[int, tuple[str, dict[str, Any]]] = {
    6: ("3 pyramid pieces on the board: 12 VP", _goal("pieces", 3, 12)),
    9: ("space 8 of the sacrifice track: 12 VP", _goal("track", 8, 12)),
}

# §6 (v4), on top of v3's: the two tiles v3 never sold at 1 s a move (BENCHMARKS.md) change. The
# seed's "reduced costs for other actions" made a tile: III:architect saves a level's priest and
# wood (with track space 2 a level then costs 1 brick); III:wood gives a level's three basics once
# per round (ASSUMED effects, the balance lab).
_TRADE_TILE_CHANGES_V4: dict[str, tuple[str, dict[str, Any]]] = {
    "III:architect": ("permanent", {"kind": "pyramid_discount", "save": {"priest": 1, "wood": 1}}),
    "III:wood": ("round", {"kind": "gain", "get": {"wood": 1, "brick": 1, "stone": 1}}),
}

# §9 (v4): v3's track with a pyramid discount on space 2 (a level costs no priest and no stone
# from there on [SUM: "reduced costs for other actions"]) and the first trade discount moved to
# space 4 in place of 3 VP, so that a seat on the track can build the four levels whose last,
# its small piece, completes a pyramid (§7) (ASSUMED bonuses, the balance lab).
_TRACK_BONUSES_V4 = {
    **_TRACK_BONUSES_V3,
    "2": {"kind": "pyramid_discount", "save": {"priest": 1, "stone": 1}},
    "4": {"kind": "trade_discount", "amount": 1},
}

# §8 (v4): card 6 pays for a piece in a complete pyramid again (v2's card), which the v4 pyramid
# discounts put within reach (ASSUMED).
_RITUAL_CHANGES_V4: dict[int, tuple[str, dict[str, Any]]] = {
    6: ("a piece in a complete pyramid: 12 VP", _goal("complete_pyramids", 1, 12)),
}

# §9 (v5): v4's track with 2 corn (v4: 1) on spaces 1 and 3, so that a seat entering the track
# gathers the corn of a second sacrifice and reaches space 8 (ASSUMED, the balance lab).
_TRACK_BONUSES_V5 = {
    **_TRACK_BONUSES_V4,
    "1": {"kind": "gain", "get": {"corn": 2, "gold": 1}},
    "3": {"kind": "gain", "get": {"corn": 2, "priest": 1}},
}

# §6 (v5), on top of v4's: III:mason (houses one basic resource cheaper, bought in under 5% of
# the games it was offered in v1-v4) gives a house's wood and stone once per round (ASSUMED).
_TRADE_TILE_CHANGES_V5: dict[str, tuple[str, dict[str, Any]]] = {
    "III:mason": ("round", {"kind": "gain", "get": {"wood": 1, "stone": 1}}),
}

# §9 (v6): v5's track with a larger pyramid discount on space 2 (no priest, stone or wood), so a
# seat on the track builds a level for 1 brick and reaches its fourth level, its first small
# piece, the one that completes a pyramid (§7) (ASSUMED, the balance lab, issue 17's fifth pass).
_TRACK_BONUSES_V6 = {
    **_TRACK_BONUSES_V5,
    "2": {"kind": "pyramid_discount", "save": {"priest": 1, "stone": 1, "wood": 1}},
}

# §6 (v6), on top of v5's: the tiles bought in under 5% of the games they were offered in v5.
# Gold comes late (tiles are mostly bought in rounds 4-5), so three once-a-round level III tiles
# pay at once instead (a level's price, a sacrifice's priest and corn, a level's brick and
# priests); III:architect saves what space 2 does not (with it a level is free); the two level
# II exchanges bought least trade one basic for more (ASSUMED, the balance lab).
_TRADE_TILE_CHANGES_V6: dict[str, tuple[str, dict[str, Any]]] = {
    "II:priest": (
        "round",
        {"kind": "exchange", "pay": {"basic": 1}, "get": {"priest": 1, "corn": 1}},
    ),
    "II:gold": ("round", {"kind": "exchange", "pay": {"basic": 1}, "get": {"gold": 1}}),
    "III:stone": (
        "immediate",
        {"kind": "gain", "get": {"wood": 1, "brick": 1, "stone": 1, "priest": 1}},
    ),
    "III:priest": ("immediate", {"kind": "gain", "get": {"priest": 2, "corn": 2}}),
    "III:brick": ("immediate", {"kind": "gain", "get": {"brick": 2, "priest": 2}}),
    "III:architect": ("permanent", {"kind": "pyramid_discount", "save": {"brick": 1, "stone": 1}}),
}

# §9 (v7): v6's track with a brick on space 1 (with its 2 corn and 1 gold), the price of a
# seat's first level once space 2 waives the rest: at two players v6 completed a pyramid in 57%
# of the search's games, short of issue 17's 60% (ASSUMED, the balance lab, sixth pass).
_TRACK_BONUSES_V7 = {
    **_TRACK_BONUSES_V6,
    "1": {"kind": "gain", "get": {"corn": 2, "gold": 1, "brick": 1}},
}

# §6 (v7), on top of v6's: the three level III tiles v6 left once a round, still bought in under
# 5% of the games they were on offer (search players, two players: III:mason 0/62, III:wood
# 0/23, III:harvest 2/50), pay at once like v6's III:stone, III:priest and III:brick: what a
# tile bought in round 4 returned over rounds 4-5, and a little more (ASSUMED, the balance lab).
_TRADE_TILE_CHANGES_V7: dict[str, tuple[str, dict[str, Any]]] = {
    "III:mason": ("immediate", {"kind": "gain", "get": {"wood": 1, "brick": 2, "stone": 1}}),
    "III:wood": ("immediate", {"kind": "gain", "get": {"wood": 2, "brick": 1, "stone": 1}}),
    "III:harvest": ("immediate", {"kind": "gain", "get": {"corn": 3, "priest": 2}}),
    "III:tribute": ("immediate", {"kind": "gain", "get": {"priest": 2, "corn": 1, "gold": 1}}),
}

# §6 (v8), on top of v7's: at two players and 1 s a move the search never bought III:architect
# (0 of the 21 games it was on offer) or III:brick (0 of 18), though four players bought them in
# 35% and 28%: at two players a seat on the track already builds a level for 1 brick, so neither a
# discount on levels nor bricks pay for 3 gold. Both pay at once what two-player seats buy, the
# priests and corn of sacrifices and rituals (III:priest's 2 + 2 sold in 24%), and a little more
# (ASSUMED, the balance lab, issue 17's eighth pass).
_TRADE_TILE_CHANGES_V8: dict[str, tuple[str, dict[str, Any]]] = {
    "III:architect": (
        "immediate",
        {"kind": "gain", "get": {"wood": 1, "brick": 1, "stone": 1, "priest": 2}},
    ),
    "III:brick": ("immediate", {"kind": "gain", "get": {"brick": 1, "priest": 2, "corn": 2}}),
}

# §9 (v8): v7's track with a gold on spaces 3 and 7 (with their corn and priest). With v8's tiles
# alone two players bought III:architect and III:brick but left III:priest, III:stone and III:wood
# (0 of 10-16 offers each, 40 games): their seats spend all their gold (half a gold left at the
# end) on about 0.4 level III tiles a game, so a richer tile only takes another's buyers. More gold
# on the way to space 8 buys more tiles (ASSUMED, the balance lab, issue 17's eighth pass).
_TRACK_BONUSES_V8 = {
    **_TRACK_BONUSES_V7,
    "3": {"kind": "gain", "get": {"corn": 2, "priest": 1, "gold": 1}},
    "7": {"kind": "gain", "get": {"corn": 1, "priest": 1, "gold": 1}},
}

_NOTES = {
    "cards": "ASSUMED (§4.2): numbers 1-9 building types, 10-18 terrains, 19-27 regions",
    "sections": "ASSUMED (§2.1): the types of the '3+' and '4' spaces",
    "building_tiles": "seed: produce per type; option building_tiles=rules: ASSUMED 5/5/5 split",
    "trade_tiles": "ASSUMED (§6): every effect; costs 1/2/3 gold are from the sources",
    "rituals": "ASSUMED (§8): all ten cards",
    "sacrifice_track": "ASSUMED (§9): length 11 and every bonus; 9/6/3 from the seed",
    "pyramid_spaces": "ASSUMED (§2.3): players + 1, one per scoring tile",
    "start": "rulebook (§3): 1 wood, 1 brick, 1 stone",
}


_NOTES_V2 = {
    **_NOTES,
    "building_tiles": "seed: produce per type; option building_tiles=rules: a fixed pool per "
    "player count, the '3+' and '4' marks sourced, which tile has which mark ASSUMED",
    "rituals": "goals (a condition and its points) sourced (§8); all ten cards ASSUMED",
    "sacrifice_track": "VP spaces and the last space's free ritual sourced (§9); length 11 and "
    "every bonus ASSUMED; 9/6/3 for the top three sourced",
}

_NOTES_V3 = {
    **_NOTES_V2,
    "trade_tiles": "ASSUMED (§6): every effect (v3: six changed from v1 by the balance lab); "
    "costs 1/2/3 gold are from the sources",
    "rituals": "goals sourced (§8); all ten cards ASSUMED (v3: cards 6 and 9 changed)",
    "sacrifice_track": "VP spaces and the last space's free ritual sourced (§9); length 11 and "
    "every bonus ASSUMED (v3: retuned by the balance lab); 9/6/3 for the top three sourced",
}

_NOTES_V4 = {
    **_NOTES_V3,
    "trade_tiles": "ASSUMED (§6): every effect (v4: eight changed from v1 by the balance lab, "
    "III:architect a pyramid discount); costs 1/2/3 gold are from the sources",
    "rituals": "goals sourced (§8); all ten cards ASSUMED (v4: cards 6 and 9 changed)",
    "sacrifice_track": "VP spaces, reduced costs and the last space's free ritual sourced (§9); "
    "length 11 and every bonus ASSUMED (v4: a pyramid discount on space 2); 9/6/3 sourced",
}

_NOTES_V5 = {
    **_NOTES_V4,
    "trade_tiles": "ASSUMED (§6): every effect (v5: nine changed from v1 by the balance lab, "
    "III:architect a pyramid discount, III:mason a house's price once a round); costs 1/2/3 "
    "gold are from the sources",
    "sacrifice_track": "VP spaces, reduced costs and the last space's free ritual sourced (§9); "
    "length 11 and every bonus ASSUMED (v5: v4's with 2 corn on spaces 1 and 3); 9/6/3 sourced",
}

_NOTES_V6 = {
    **_NOTES_V5,
    "trade_tiles": "ASSUMED (§6): every effect (v6: fourteen changed from v1 by the balance lab; "
    "III:stone, III:priest and III:brick pay at once); costs 1/2/3 gold are from the sources",
    "sacrifice_track": "VP spaces, reduced costs and the last space's free ritual sourced (§9); "
    "length 11 and every bonus ASSUMED (v6: v5's with space 2 saving a level's priest, stone "
    "and wood); 9/6/3 sourced",
}

_NOTES_V7 = {
    **_NOTES_V6,
    "trade_tiles": "ASSUMED (§6): every effect (v7: v6's with III:mason, III:wood and "
    "III:harvest paying at once, as v6's III:stone, III:priest and III:brick do); costs 1/2/3 "
    "gold are from the sources",
    "sacrifice_track": "VP spaces, reduced costs and the last space's free ritual sourced (§9); "
    "length 11 and every bonus ASSUMED (v7: v6's with a brick on space 1); 9/6/3 sourced",
}

_NOTES_V8 = {
    **_NOTES_V7,
    "trade_tiles": "ASSUMED (§6): every effect (v8: v7's with III:architect and III:brick "
    "paying at once, as every other level III tile does); costs 1/2/3 gold are from the sources",
    "sacrifice_track": "VP spaces, reduced costs and the last space's free ritual sourced (§9); "
    "length 11 and every bonus ASSUMED (v8: v7's with a gold on spaces 3 and 7); 9/6/3 sourced",
}

VERSIONS = ("v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8")
"""The built-in data sets: ``v1`` (the first engine's tables), ``v2`` (ritual goals, VP spaces),
``v3`` (v2 retuned with the balance lab, the default before v5), ``v4`` (v3 with pyramid
discounts), ``v5`` (the default before v7: v4 with a richer track start and III:mason a round's
produce, issue 17's fourth pass, BENCHMARKS.md), ``v6`` (v5 with cheaper pyramid levels on
the track and the unsold tiles changed, issue 17's fifth pass) and ``v7`` (v6 with the last
three once-a-round level III tiles paying at once and a brick on track space 1, issue 17's
sixth pass; the default before v8) and ``v8`` (v7 with III:architect and III:brick paying at once
and a gold on track spaces 3 and 7, issue 17's eighth pass; the default)."""

DEFAULT_VERSION = "v8"
"""The built-in data set a game uses unless the ``components`` option names another."""


def _trade_tile(version: str, row: list[Any]) -> dict[str, Any]:
    name, level, count, timing, effect = row
    if version != "v1":
        effect = _TRADE_TILE_CHANGES_V2.get(str(name), effect)
    if version in ("v3", "v4", "v5", "v6", "v7", "v8") and name in _TRADE_TILE_CHANGES_V3:
        timing, effect = _TRADE_TILE_CHANGES_V3[str(name)]
    if version in ("v4", "v5", "v6", "v7", "v8") and name in _TRADE_TILE_CHANGES_V4:
        timing, effect = _TRADE_TILE_CHANGES_V4[str(name)]
    if version in ("v5", "v6", "v7", "v8") and name in _TRADE_TILE_CHANGES_V5:
        timing, effect = _TRADE_TILE_CHANGES_V5[str(name)]
    if version in ("v6", "v7", "v8") and name in _TRADE_TILE_CHANGES_V6:
        timing, effect = _TRADE_TILE_CHANGES_V6[str(name)]
    if version in ("v7", "v8") and name in _TRADE_TILE_CHANGES_V7:
        timing, effect = _TRADE_TILE_CHANGES_V7[str(name)]
    if version == "v8" and name in _TRADE_TILE_CHANGES_V8:
        timing, effect = _TRADE_TILE_CHANGES_V8[str(name)]
    return {"name": name, "level": level, "count": count, "timing": timing, "effect": effect}


def default_data(building_tiles: str = "seed", version: str = DEFAULT_VERSION) -> dict[str, Any]:
    """A built-in data set in its JSON shape (``building_tiles`` is ``seed`` or ``rules``).

    ``version`` is one of :data:`VERSIONS`, :data:`DEFAULT_VERSION` unless named: ``v8`` (the
    default: v7 with III:architect and III:brick paying at once and a gold on track spaces 3 and
    7), ``v7`` (the default before v8: v6 with III:mason, III:wood, III:harvest and III:tribute paying at once and a brick on track space 1),
    ``v6`` (v5 with a level on the track for 1 brick and six tiles changed), ``v5`` (the
    default before v7: v4 with 2 corn on track spaces 1 and 3 and III:mason a house's price once a
    round), ``v4`` (v3 with pyramid discounts), ``v3`` (v2 retuned with the balance lab), ``v2`` (ritual goals, a
    track with VP spaces, a fixed building tile pool per player count) or ``v1`` (the first
    tables); the older ones are kept so old records replay.
    """
    if version not in VERSIONS:
        raise UnknownOption(f"components: no built-in data set {version!r}")
    v1 = version == "v1"
    if building_tiles != "rules":
        tiles: list[list[Any]] = [[b, list(p), n] for b, p, n in _BUILDING_TILES_SEED]
    elif v1:
        tiles = [[b, list(p), n] for b, p, n in _BUILDING_TILES_RULES]
    else:
        tiles = [[b, list(p), dict(n)] for b, p, n in _BUILDING_TILES_POOL]
    rituals: list[list[Any]] = [list(row) for row in (_RITUALS if v1 else _RITUALS_V2)]
    from_v4 = {**_RITUAL_CHANGES_V3, **_RITUAL_CHANGES_V4}
    changes = {
        "v3": _RITUAL_CHANGES_V3,
        "v4": from_v4,
        "v5": from_v4,
        "v6": from_v4,
        "v7": from_v4,
        "v8": from_v4,
    }
    for row in rituals:
        if row[0] in changes.get(version, {}):
            row[1:] = changes[version][row[0]]
    track = {
        "v1": _TRACK_BONUSES,
        "v2": _TRACK_BONUSES_V2,
        "v3": _TRACK_BONUSES_V3,
        "v4": _TRACK_BONUSES_V4,
        "v5": _TRACK_BONUSES_V5,
        "v6": _TRACK_BONUSES_V6,
        "v7": _TRACK_BONUSES_V7,
        "v8": _TRACK_BONUSES_V8,
    }[version]
    notes = {
        "v1": _NOTES,
        "v2": _NOTES_V2,
        "v3": _NOTES_V3,
        "v4": _NOTES_V4,
        "v5": _NOTES_V5,
        "v6": _NOTES_V6,
        "v7": _NOTES_V7,
        "v8": _NOTES_V8,
    }[version]
    return {
        "format": "zapotec-components",
        "version": version,
        "notes": dict(notes),
        "cards": [list(row) for row in _CARDS],
        "sections": [
            {"region": r, "terrain": t, "spaces": list(b), "players": list(_SPACE_PLAYERS)}
            for r, t, b in _SECTIONS
        ],
        "building_costs": {
            "cornfield": {"wood": 1, "stone": 1},
            "village": {"brick": 1, "wood": 1},
            "temple": {"brick": 1, "stone": 1},
            "palace": {"wood": 1, "brick": 1, "stone": 1},
        },
        "building_tiles": tiles,
        "trade_tiles": [_trade_tile(version, row) for row in _TRADE_TILES],
        "trade_costs": [1, 2, 3],
        "trade_face_up": 3,
        "rituals": [{"id": i, "text": text, "effect": e} for i, text, e in rituals],
        "rituals_in_play": 3,
        "sacrifice_track": {
            "length": 11,
            "max_corn": 5,
            "bonuses": dict(track),
            "rewards": [9, 6, 3],
        },
        "pyramid_cost": {"wood": 1, "brick": 1, "stone": 1, "priest": 1},
        "pyramid_pieces": {"large": 1, "medium": 2, "small": 3},
        "pyramid_completion_vp": 5,
        "round_vp_per_house": 2,
        "start_resources": {"wood": 1, "brick": 1, "stone": 1},
        "houses": 9,
        "ritual_discs": 3,
        "rounds": 5,
        "hand_size": {"2": 6, "3": 5, "4": 4},
        "mini_deck": 4,
    }


# --- compiled form ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Space:
    """A building space of the main board."""

    index: int
    name: str  # e.g. "etla-hills.2"
    region: int
    terrain: int
    building: int
    min_players: int

    def icons(self) -> tuple[int, int, int]:
        """The three icons this space matches: its building type, terrain and region."""
        return (self.building, 3 + self.terrain, 6 + self.region)


@dataclass(frozen=True)
class Effect:
    """One effect, interpreted by :mod:`stonework.games.zapotec.effects` by its ``kind``."""

    kind: str
    get: Vec = ZERO  # gain: what is gained; exchange: the fixed part of what is got
    pay: Vec = ZERO  # exchange: the fixed part of what is paid
    pay_basic: int = 0  # exchange: basics of the player's choice paid
    get_basic: int = 0  # exchange: basics of the player's choice got
    resource: int = -1  # income_bonus: the income resource it follows
    amount: int = 0  # discounts, points
    group: str = ""  # ritual per_group: region, terrain or building
    icon: int = -1  # ritual per_house: the icon counted
    minimum: int = 0  # ritual per_group: houses needed in a group
    vp: int = 0  # ritual points
    count: str = ""  # ritual goal: what is counted (see effects.GOAL_COUNTS)
    at_least: int = 0  # ritual goal: the count that meets it
    save: Vec = ZERO  # pyramid_discount: what a pyramid level costs less (data set v4, §7)


@dataclass(frozen=True)
class TradeTile:
    """A kind of trade tile (several copies may exist)."""

    index: int
    name: str
    level: int  # 1, 2 or 3
    count: int
    timing: str  # immediate, round or permanent
    effect: Effect


@dataclass(frozen=True)
class BuildingTile:
    """A kind of building tile: its building type and the resources it produces."""

    index: int
    building: int
    produce: Vec
    count: int  # the most in play (with 4 players)
    in_play: tuple[int, int, int] = (0, 0, 0)  # §2.2: in play with 2, 3, 4 players (marks)

    def count_for(self, players: int) -> int:
        """How many tiles of this kind a game of ``players`` uses (marked ones stay out)."""
        return self.in_play[players - 2]

    @property
    def name(self) -> str:
        """Its notation, the resources it gives: ``stone+gold``."""
        return "+".join(RESOURCES[r] for r in range(6) for _ in range(self.produce[r]))


@dataclass(frozen=True)
class Ritual:
    """A ritual card."""

    id: int
    text: str
    effect: Effect


@dataclass(frozen=True)
class UseOption:
    """One way to use a once-per-round trade tile: what is paid and got (``label`` in notation)."""

    label: str
    pay: Vec
    get: Vec


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: one per data set
class Components:
    """The compiled data set the engine reads (built once per data set and cached)."""

    source: str
    cards: tuple[int, ...]  # card numbers in order
    card_icon: tuple[int, ...]  # indexed by number (index 0 unused)
    card_resource: tuple[int, ...]
    spaces: tuple[Space, ...]
    space_index: dict[str, int]
    building_costs: tuple[Vec, Vec, Vec]
    palace_cost: Vec
    building_tiles: tuple[BuildingTile, ...]
    trade_tiles: tuple[TradeTile, ...]
    trade_index: dict[str, int]
    trade_costs: tuple[int, int, int]
    trade_face_up: int
    use_options: tuple[tuple[UseOption, ...], ...]  # per trade tile kind (empty if not usable)
    rituals: tuple[Ritual, ...]
    rituals_in_play: int
    track_length: int
    max_corn: int
    track_bonuses: tuple[Effect | None, ...]  # per space 0..length
    track_rewards: tuple[int, ...]
    pyramid_cost: Vec
    pyramid_pieces: tuple[int, int, int]  # small, medium, large
    pyramid_completion_vp: int
    round_vp_per_house: int
    start_resources: Vec
    houses: int
    ritual_discs: int
    rounds: int
    hand_size: dict[int, int]
    mini_deck: int

    def card_text(self, number: int) -> str:
        """A card as people read it: ``#14 hills/stone`` (its number, icon, resource)."""
        return (
            f"#{number:02d} {ICONS[self.card_icon[number]]}/{RESOURCES[self.card_resource[number]]}"
        )

    def trade_tile_count(self, level: int) -> int:
        """How many trade tiles a level's stack starts with."""
        return sum(t.count for t in self.trade_tiles if t.level == level)

    def to_json(self) -> str:
        """The JSON text this data set was compiled from (for docs and editing)."""
        return self.source


def _vec(table: object, what: str) -> Vec:
    if not isinstance(table, dict):
        raise UnknownOption(f"components: {what} must be an object of resource amounts")
    amounts = [0] * 6
    for name, amount in table.items():
        if name not in RESOURCES or not isinstance(amount, int) or amount < 0:
            raise UnknownOption(f"components: {what}: bad entry {name!r}: {amount!r}")
        amounts[RESOURCES.index(name)] = amount
    return (amounts[0], amounts[1], amounts[2], amounts[3], amounts[4], amounts[5])


def _split_choice(table: object, what: str) -> tuple[Vec, int]:
    # An exchange side: resource amounts plus an optional "basic" count chosen by the player.
    if not isinstance(table, dict):
        raise UnknownOption(f"components: {what} must be an object")
    rest = {k: v for k, v in table.items() if k != "basic"}
    basic = table.get("basic", 0)
    if not isinstance(basic, int) or basic < 0:
        raise UnknownOption(f"components: {what}: 'basic' must be a count")
    return _vec(rest, what), basic


def _icon(name: object, what: str) -> int:
    if name not in ICONS:
        raise UnknownOption(f"components: {what}: {name!r} is not one of {', '.join(ICONS)}")
    return ICONS.index(str(name))


def _effect(data: object, what: str) -> Effect:
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise UnknownOption(f"components: {what} must be an object with a 'kind'")
    kind = data["kind"]
    if kind in ("gain", "points"):
        if kind == "points":
            return Effect(kind, amount=int(data.get("amount", 0)))
        return Effect(kind, get=_vec(data.get("get", {}), what))
    if kind == "exchange":
        pay, pay_basic = _split_choice(data.get("pay", {}), what + " pay")
        get, get_basic = _split_choice(data.get("get", {}), what + " get")
        return Effect(kind, get=get, pay=pay, pay_basic=pay_basic, get_basic=get_basic)
    if kind == "income_bonus":
        resource = data.get("resource")
        if resource not in ("wood", "brick", "stone"):
            raise UnknownOption(f"components: {what}: income_bonus needs a basic resource")
        return Effect(kind, resource=RESOURCES.index(str(resource)))
    if kind in ("building_discount", "trade_discount"):
        return Effect(kind, amount=int(data.get("amount", 1)))
    if kind in ("build_anywhere", "ritual_priest_free", "free_ritual"):
        return Effect(kind)
    if kind == "pyramid_discount":
        save = _vec(data.get("save", {}), what + " save")
        if not any(save):
            raise UnknownOption(f"components: {what}: a pyramid_discount must save something")
        return Effect(kind, save=save)
    if kind == "per_group":
        group = data.get("group")
        if group not in ("region", "terrain", "building"):
            raise UnknownOption(f"components: {what}: group must be region, terrain or building")
        return Effect(kind, group=str(group), minimum=int(data.get("min", 1)), vp=int(data["vp"]))
    if kind == "per_house":
        return Effect(kind, icon=_icon(data.get("icon"), what), vp=int(data["vp"]))
    if kind == "goal":
        return _goal_effect(data, what)
    if kind in (
        "per_complete_pyramid",
        "per_trade_tile",
        "per_full_line",
        "per_track_step",
        "per_set",
    ):
        return Effect(kind, vp=int(data["vp"]))
    raise UnknownOption(f"components: {what}: unknown effect kind {kind!r}")


GOAL_COUNTS = (
    "groups",
    "houses",
    "all_houses",
    "sets",
    "pieces",
    "complete_pyramids",
    "trade_tiles",
    "full_lines",
    "track",
    "palace",
)
"""What a ritual goal may count (their meaning is in :func:`.effects.goal_count`)."""


def _goal_effect(data: dict[str, Any], what: str) -> Effect:
    # §8: a ritual goal: a count, the least that meets it, and its points.
    count = data.get("count")
    if count not in GOAL_COUNTS:
        raise UnknownOption(f"components: {what}: a goal counts one of {', '.join(GOAL_COUNTS)}")
    at_least, vp = data.get("at_least"), data.get("vp")
    if not isinstance(at_least, int) or not isinstance(vp, int) or at_least < 1 or vp < 0:
        raise UnknownOption(f"components: {what}: a goal needs at_least >= 1 and vp >= 0")
    group, icon, minimum = "", -1, 0
    if count == "groups":
        group = str(data.get("group"))
        if group not in ("region", "terrain", "building"):
            raise UnknownOption(f"components: {what}: group must be region, terrain or building")
        minimum = int(data.get("min", 1))
    if count == "houses":
        icon = _icon(data.get("icon"), what)
    return Effect(
        "goal", group=group, icon=icon, minimum=minimum, vp=vp, count=str(count), at_least=at_least
    )


def _basic_choices(count: int) -> list[Vec]:
    out: list[Vec] = []
    for combo in combinations_with_replacement(BASICS, count):
        amounts = [0] * 6
        for r in combo:
            amounts[r] += 1
        out.append((amounts[0], amounts[1], amounts[2], amounts[3], amounts[4], amounts[5]))
    return out


def vec_label(vec: Vec) -> str:
    """Resource amounts in notation: ``wood+wood+priest``."""
    return "+".join(RESOURCES[r] for r in range(6) for _ in range(vec[r]))


def _use_options(tile: TradeTile) -> tuple[UseOption, ...]:
    effect = tile.effect
    if tile.timing != "round":
        return ()
    if effect.kind == "gain":
        return (UseOption("", ZERO, effect.get),)
    if effect.kind != "exchange":
        return ()  # build_anywhere is used by building, not by a "use" action
    out: list[UseOption] = []
    for extra_pay in _basic_choices(effect.pay_basic):
        pay = tuple(a + b for a, b in zip(effect.pay, extra_pay, strict=True))
        for extra_get in _basic_choices(effect.get_basic):
            get = tuple(a + b for a, b in zip(effect.get, extra_get, strict=True))
            if pay == get:
                continue  # trading a resource for itself changes nothing
            p: Vec = (pay[0], pay[1], pay[2], pay[3], pay[4], pay[5])
            g: Vec = (get[0], get[1], get[2], get[3], get[4], get[5])
            out.append(UseOption(f"{vec_label(p)}>{vec_label(g)}", p, g))
    return tuple(out)


def compile_components(data: dict[str, Any]) -> Components:
    """Check a data set in its JSON shape and compile it; errors name the bad entry."""
    try:
        return _compile(data)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        if isinstance(exc, UnknownOption):
            raise
        raise UnknownOption(f"components: malformed data set: {exc!r}") from None


def _compile(data: dict[str, Any]) -> Components:
    numbers: list[int] = []
    icon = [0] * 28
    res = [0] * 28
    for number, icon_name, resource in data["cards"]:
        if not isinstance(number, int) or not 1 <= number <= 99 or number in numbers:
            raise UnknownOption(f"components: card number {number!r} is not a new number 1..99")
        if resource not in ("wood", "brick", "stone"):
            raise UnknownOption(f"components: card {number}: {resource!r} is not a basic resource")
        while len(icon) <= number:
            icon.append(0)
            res.append(0)
        numbers.append(number)
        icon[number] = _icon(icon_name, f"card {number}")
        res[number] = RESOURCES.index(resource)
    spaces: list[Space] = []
    for section in data["sections"]:
        region = REGIONS.index(section["region"])
        terrain = TERRAINS.index(section["terrain"])
        for k, (building, players) in enumerate(
            zip(section["spaces"], section["players"], strict=True)
        ):
            name = f"{REGIONS[region]}-{TERRAINS[terrain]}.{k + 1}"
            spaces.append(
                Space(len(spaces), name, region, terrain, BUILDINGS.index(building), int(players))
            )
    costs = data["building_costs"]
    tiles = tuple(_building_tile(i, row) for i, row in enumerate(data["building_tiles"]))
    trade: list[TradeTile] = []
    for entry in data["trade_tiles"]:
        level = int(entry["level"])
        if level not in (1, 2, 3) or entry["timing"] not in ("immediate", "round", "permanent"):
            raise UnknownOption(f"components: trade tile {entry['name']!r}: bad level or timing")
        trade.append(
            TradeTile(
                len(trade),
                str(entry["name"]),
                level,
                int(entry["count"]),
                str(entry["timing"]),
                _effect(entry["effect"], f"trade tile {entry['name']}"),
            )
        )
        if trade[-1].effect.kind == "pyramid_discount" and trade[-1].timing != "permanent":
            raise UnknownOption(
                f"components: trade tile {entry['name']!r}: a pyramid_discount is permanent"
            )
    track = data["sacrifice_track"]
    length = int(track["length"])
    bonuses: list[Effect | None] = [None] * (length + 1)
    for space, effect in track["bonuses"].items():
        bonuses[int(space)] = _effect(effect, f"sacrifice space {space}")
    rituals = tuple(
        Ritual(int(r["id"]), str(r["text"]), _effect(r["effect"], f"ritual {r['id']}"))
        for r in data["rituals"]
    )
    pieces = data["pyramid_pieces"]
    tc = data["trade_costs"]
    components = Components(
        source=json.dumps(data, indent=1),
        cards=tuple(numbers),
        card_icon=tuple(icon),
        card_resource=tuple(res),
        spaces=tuple(spaces),
        space_index={s.name: s.index for s in spaces},
        building_costs=(
            _vec(costs["cornfield"], "cost"),
            _vec(costs["village"], "cost"),
            _vec(costs["temple"], "cost"),
        ),
        palace_cost=_vec(costs["palace"], "palace cost"),
        building_tiles=tiles,
        trade_tiles=tuple(trade),
        trade_index={t.name: t.index for t in trade},
        trade_costs=(int(tc[0]), int(tc[1]), int(tc[2])),
        trade_face_up=int(data["trade_face_up"]),
        use_options=tuple(_use_options(t) for t in trade),
        rituals=rituals,
        rituals_in_play=int(data["rituals_in_play"]),
        track_length=length,
        max_corn=int(track["max_corn"]),
        track_bonuses=tuple(bonuses),
        track_rewards=tuple(int(v) for v in track["rewards"]),
        pyramid_cost=_vec(data["pyramid_cost"], "pyramid cost"),
        pyramid_pieces=(int(pieces["small"]), int(pieces["medium"]), int(pieces["large"])),
        pyramid_completion_vp=int(data["pyramid_completion_vp"]),
        round_vp_per_house=int(data["round_vp_per_house"]),
        start_resources=_vec(data["start_resources"], "start resources"),
        houses=int(data["houses"]),
        ritual_discs=int(data["ritual_discs"]),
        rounds=int(data["rounds"]),
        hand_size={int(k): int(v) for k, v in data["hand_size"].items()},
        mini_deck=int(data["mini_deck"]),
    )
    _check_counts(components)
    return components


def _building_tile(index: int, row: list[Any]) -> BuildingTile:
    # [building, [resources...], count]; count is a number, or the tiles in play per player
    # count ({"2": 3, "3": 4, "4": 5}) when some carry the "3+" and "4" marks.
    if not isinstance(row, list) or len(row) != 3:
        raise UnknownOption(f"components: building tile {index + 1}: [building, produce, count]")
    given = row[2]
    if isinstance(given, dict):
        in_play = tuple(int(given[str(n)]) for n in (2, 3, 4))
        if not 0 <= in_play[0] <= in_play[1] <= in_play[2]:
            raise UnknownOption(
                f"components: building tile {index + 1}: more tiles in play with more players"
            )
    else:
        in_play = (int(given),) * 3
    produce = _vec(_count(row[1]), "building tile")
    return BuildingTile(
        index, BUILDINGS.index(row[0]), produce, in_play[2], (in_play[0], in_play[1], in_play[2])
    )


def _count(names: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for name in names:
        out[name] = out.get(name, 0) + 1
    return out


def _check_counts(c: Components) -> None:
    if len(c.rituals) < c.rituals_in_play:
        raise UnknownOption("components: fewer ritual cards than rituals in play")
    for building in range(3):
        for players in (2, 3, 4):
            need = sum(1 for s in c.spaces if s.building == building and s.min_players <= players)
            have = sum(t.count_for(players) for t in c.building_tiles if t.building == building)
            if have < need:
                raise UnknownOption(
                    f"components: {need} {BUILDINGS[building]} spaces at {players} players "
                    f"but only {have} tiles"
                )
    missing = [n for n in (2, 3, 4) if n not in c.hand_size]
    if missing:
        raise UnknownOption(f"components: hand_size needs an entry for {missing} players")
    for players, hand in c.hand_size.items():
        need = 1 + (players + 1) + players * hand + c.mini_deck
        if need > len(c.cards):
            raise UnknownOption(f"components: {players} players need {need} cards")


def default_components(building_tiles: str = "seed", version: str = DEFAULT_VERSION) -> Components:
    """A built-in data set, :data:`DEFAULT_VERSION` unless named (compiled once per data set)."""
    return _built_in(building_tiles, version)


@lru_cache(maxsize=16)
def _built_in(building_tiles: str, version: str) -> Components:
    # Cached on the values, however the caller spelled the arguments.
    return compile_components(default_data(building_tiles, version))

"""Screen candidate Zapotec data sets with the balance lab, one Markdown row per candidate.

    PYTHONPATH=src python benchmarks/zapotec_balance_screen.py --players 4 --games 40 \
        --agents greedy [--seed 0] [--only v4,v5a,...] [--tiles III:mason,III:wood]

Each candidate is a registered data set (``register_components``: tables replacing those of the
built-in set it names), so it is played exactly like ``--option components=sha256:...``; the
built-in names (``v3``, ``v4``, ``v5``) are played as they are. Every candidate plays the same
seeds, so the rows compare the data alone. The columns are issue 17's targets: each scoring
source's share, the games with a completed pyramid, the games where a seat reaches track space
8, the trade tiles bought in fewer than 5% of the games they were on offer, and the winner's
mean score.
"""

from __future__ import annotations

import argparse
import copy
from typing import Any

from stonework.arena.balance import BalanceReport, run_balance
from stonework.arena.runner import MatchConfig
from stonework.games.zapotec.components import default_data
from stonework.games.zapotec.datasets import register_components


def _track(base: str, **spaces: dict[str, Any]) -> dict[str, Any]:
    track = copy.deepcopy(default_data(version=base)["sacrifice_track"])
    for space, bonus in spaces.items():
        track["bonuses"][space.removeprefix("s")] = bonus
    return track


def _tiles(base: str, **changes: tuple[str, dict[str, Any]]) -> list[dict[str, Any]]:
    tiles = copy.deepcopy(default_data(version=base)["trade_tiles"])
    for tile in tiles:
        key = str(tile["name"]).replace(":", "_")
        if key in changes:
            tile["timing"], tile["effect"] = changes[key]
    return tiles


def _rituals(base: str, **cards: tuple[str, dict[str, Any]]) -> list[dict[str, Any]]:
    rituals = copy.deepcopy(default_data(version=base)["rituals"])
    for card in rituals:
        key = f"r{card['id']}"
        if key in cards:
            card["text"], card["effect"] = cards[key]
    return rituals


def _gain(**get: int) -> tuple[str, dict[str, Any]]:
    """A level III tile that pays ``get`` at once (the timing and effect ``_tiles`` takes)."""
    return ("immediate", {"kind": "gain", "get": get})


def _goal(count: str, at_least: int, vp: int) -> dict[str, Any]:
    return {"kind": "goal", "count": count, "at_least": at_least, "vp": vp}


def sixth_candidates() -> dict[str, dict[str, Any] | str]:
    """Issue 17's fifth pass: candidates on top of v5 (pyramid completion, unsold tiles)."""
    level_on_brick = _track(
        "v5", s2={"kind": "pyramid_discount", "save": {"priest": 1, "stone": 1, "wood": 1}}
    )
    four_pieces = _rituals(
        "v5", r8=("4 pyramid pieces on the board: 12 VP", _goal("pieces", 4, 12))
    )
    architect = {
        "III_architect": (
            "permanent",
            {"kind": "pyramid_discount", "save": {"brick": 1, "stone": 1}},
        )
    }
    level_price = {
        "III_stone": (
            "immediate",
            {"kind": "gain", "get": {"wood": 1, "brick": 1, "stone": 1, "priest": 1}},
        )
    }
    sacrifice_price = {
        "III_priest": ("immediate", {"kind": "gain", "get": {"priest": 2, "corn": 2}})
    }
    gold_start = _track("v5", s1={"kind": "gain", "get": {"corn": 2, "gold": 2}})
    return {
        # a level on the track costs 1 brick (v5: 1 wood + 1 brick)
        "v5-pyr": {"version": "v5", "sacrifice_track": level_on_brick},
        # ritual 8 (a full grid line) asks for a seat's fourth pyramid piece, its first small one
        "v5-4pc": {"version": "v5", "rituals": four_pieces},
        # 2 gold on space 1 (v5: 1), for trade tiles bought earlier
        "v5-gold": {"version": "v5", "sacrifice_track": gold_start},
        # III:architect saves a priest and a brick (v5: priest and wood)
        "v5-arch": {
            "version": "v5",
            "trade_tiles": _tiles(
                "v5",
                III_architect=(
                    "permanent",
                    {"kind": "pyramid_discount", "save": {"priest": 1, "brick": 1}},
                ),
            ),
        },
        "v5-pyr-4pc": {"version": "v5", "sacrifice_track": level_on_brick, "rituals": four_pieces},
        # v5-pyr with III:architect saving a brick and a stone: with space 2, levels are free
        "v6a": {
            "version": "v5",
            "sacrifice_track": level_on_brick,
            "trade_tiles": _tiles("v5", **architect),
        },
        # v6a with two late-bought round tiles paying at once: a level's price, a sacrifice's
        "v6b": {
            "version": "v5",
            "sacrifice_track": level_on_brick,
            "trade_tiles": _tiles("v5", **architect, **level_price, **sacrifice_price),
        },
        "v6c": {
            "version": "v5",
            "sacrifice_track": level_on_brick,
            "trade_tiles": _tiles(
                "v5",
                **architect,
                **level_price,
                **sacrifice_price,
                III_brick=("immediate", {"kind": "gain", "get": {"brick": 2, "priest": 2}}),
            ),
        },
        # v6c with the two level II exchanges bought least made better deals
        "v6d": {
            "version": "v5",
            "sacrifice_track": level_on_brick,
            "trade_tiles": _tiles(
                "v5",
                **architect,
                **level_price,
                **sacrifice_price,
                III_brick=("immediate", {"kind": "gain", "get": {"brick": 2, "priest": 2}}),
                II_priest=(
                    "round",
                    {"kind": "exchange", "pay": {"basic": 1}, "get": {"priest": 1, "corn": 1}},
                ),
                II_gold=("round", {"kind": "exchange", "pay": {"basic": 1}, "get": {"gold": 1}}),
            ),
        },
    }


def seventh_candidates() -> dict[str, dict[str, Any] | str]:
    """Issue 17's sixth pass: candidates on top of v6 (the three level III tiles still bought
    in under 5% of the games they are on offer, and two-player pyramid completion)."""
    mason_houses = {"III_mason": ("immediate", {"kind": "gain", "get": {"wood": 2, "stone": 2}})}
    mason_levels = {
        "III_mason": (
            "immediate",
            {"kind": "gain", "get": {"wood": 1, "brick": 2, "stone": 1}},
        )
    }
    wood_once = {
        "III_wood": ("immediate", {"kind": "gain", "get": {"wood": 2, "brick": 1, "stone": 1}})
    }
    harvest_once = {"III_harvest": ("immediate", {"kind": "gain", "get": {"corn": 3, "priest": 2}})}
    tribute = {
        "III_tribute": (
            "immediate",
            {"kind": "gain", "get": {"priest": 2, "corn": 1, "gold": 1}},
        )
    }
    priests_more = {
        "III_stone": _gain(wood=1, brick=1, stone=1, priest=2),
        "III_wood": _gain(wood=2, brick=1, stone=1, priest=1),
        "III_mason": _gain(wood=1, brick=2, stone=1, priest=1),
        "III_harvest": _gain(corn=3, priest=2),
        "III_tribute": _gain(priest=2, corn=2, gold=1),
    }
    brick_start = _track("v6", s1={"kind": "gain", "get": {"corn": 2, "gold": 1, "brick": 1}})
    return {
        "v6": "v6",
        "v7": "v7",
        # III:mason its v6 round produce (wood + stone) twice, at once
        "v7a": {"version": "v6", "trade_tiles": _tiles("v6", **mason_houses)},
        # III:mason a house and two levels on the track (2 bricks), at once
        "v7b": {"version": "v6", "trade_tiles": _tiles("v6", **mason_levels)},
        # v7b with III:wood a level's basics and a wood at once (v6: wood + brick + stone a round)
        "v7c": {"version": "v6", "trade_tiles": _tiles("v6", **mason_levels, **wood_once)},
        # v7c with III:harvest a sacrifice and more at once (v6: 2 corn + priest a round)
        "v7d": {
            "version": "v6",
            "trade_tiles": _tiles("v6", **mason_levels, **wood_once, **harvest_once),
        },
        # v7d with a brick on track space 1, a first level for a seat entering the track
        "v7e": {
            "version": "v6",
            "sacrifice_track": brick_start,
            "trade_tiles": _tiles("v6", **mason_levels, **wood_once, **harvest_once),
        },
        # v7e with III:tribute (priest + gold + corn since v1, then the weakest level III tile)
        # a second priest: = v7
        "v7f": {
            "version": "v6",
            "sacrifice_track": brick_start,
            "trade_tiles": _tiles("v6", **mason_levels, **wood_once, **harvest_once, **tribute),
        },
        # v7f with a priest more on the three tiles the search bought least at two players
        # (III:stone, III:wood: basics are plenty there, priests scarce) and on III:mason; a
        # corn more on III:tribute
        "v7h": {
            "version": "v6",
            "sacrifice_track": brick_start,
            "trade_tiles": _tiles("v6", **priests_more),
        },
        # v7f without the brick on space 1 (v7d with the tribute)
        "v7g": {
            "version": "v6",
            "trade_tiles": _tiles("v6", **mason_levels, **wood_once, **harvest_once, **tribute),
        },
    }


def candidates() -> dict[str, dict[str, Any] | str]:
    """The candidates by name: a built-in name, or the tables replacing a built-in set's."""
    corn_track = _track(
        "v4",
        s1={"kind": "gain", "get": {"corn": 2, "gold": 1}},
        s3={"kind": "gain", "get": {"corn": 2, "priest": 1}},
    )
    return {
        "v3": "v3",
        "v4": "v4",
        "v5": "v5",
        # v4 with 3 VP back on space 4 and the trade discount on space 1 (v4: corn + gold there)
        "v4-vp4": {
            "version": "v4",
            "sacrifice_track": _track(
                "v4",
                s1={"kind": "trade_discount", "amount": 1},
                s4={"kind": "points", "amount": 3},
            ),
        },
        # v4 with richer odd spaces (2 corn), so a second sacrifice reaches space 8 more often
        "v4-corn": {"version": "v4", "sacrifice_track": corn_track},
        # v4 with bigger VP spaces past the middle of the track
        "v4-vp": {
            "version": "v4",
            "sacrifice_track": _track(
                "v4",
                s8={"kind": "points", "amount": 6},
                s10={"kind": "points", "amount": 7},
            ),
        },
        # v4-corn plus the III:priest tile made a level's priest and corn once a round
        "v4-corn-tiles": {
            "version": "v4",
            "sacrifice_track": corn_track,
            "trade_tiles": _tiles(
                "v4",
                III_priest=("round", {"kind": "gain", "get": {"priest": 1, "corn": 2}}),
                III_brick=("round", {"kind": "gain", "get": {"brick": 2, "priest": 1}}),
                II_swap=("round", {"kind": "exchange", "pay": {"basic": 1}, "get": {"basic": 2}}),
            ),
        },
        # v4-corn with III:mason (v1-v4: houses 1 basic cheaper, almost never bought) giving
        # a house's price once a round
        "v4-corn-mason": {
            "version": "v4",
            "sacrifice_track": _track(
                "v4",
                s1={"kind": "gain", "get": {"corn": 2, "gold": 1}},
                s3={"kind": "gain", "get": {"corn": 2, "priest": 1}},
            ),
            "trade_tiles": _tiles(
                "v4", III_mason=("round", {"kind": "gain", "get": {"wood": 1, "stone": 1}})
            ),
        },
        # v4-corn-mason with a larger pyramid discount on space 2 (a level costs a seat on the
        # track 1 brick) and III:architect saving a priest and a brick
        "v4-corn-pyr": {
            "version": "v4",
            "sacrifice_track": _track(
                "v4",
                s1={"kind": "gain", "get": {"corn": 2, "gold": 1}},
                s2={"kind": "pyramid_discount", "save": {"priest": 1, "stone": 1, "wood": 1}},
                s3={"kind": "gain", "get": {"corn": 2, "priest": 1}},
            ),
            "trade_tiles": _tiles(
                "v4",
                III_mason=("round", {"kind": "gain", "get": {"wood": 1, "stone": 1}}),
                III_architect=(
                    "permanent",
                    {"kind": "pyramid_discount", "save": {"priest": 1, "brick": 1}},
                ),
            ),
        },
        **sixth_candidates(),
        **seventh_candidates(),
        "v4-s5": {
            "version": "v4",
            "sacrifice_track": _track("v4", s5={"kind": "gain", "get": {"corn": 2, "gold": 1}}),
        },
    }


def _row(name: str, players: int, report: BalanceReport, watch: list[str]) -> str:
    shares = {s: report.sources.get(s, {}).get("share", 0.0) for s in report.sources}
    counts = report.game_counts
    reach = counts.get("games_reaching_space", {}).get("8", 0.0)
    low = [
        f"{tile} {v['bought_games']}/{v['offered_games']}"
        for tile, v in counts.get("trade_tiles", {}).items()
        if v["purchase_rate"] < 0.05
    ]
    cells = [
        name,
        str(players),
        str(report.games),
        *(
            f"{100 * shares.get(s, 0.0):.1f}%"
            for s in ("rounds", "pyramids", "sacrifice", "rituals")
        ),
        f"{report.mean_winning_score:.1f}",
        f"{100 * counts.get('games_with_complete_pyramid', 0.0):.0f}%",
        f"{counts.get('pyramids_started', 0.0):.2f}",
        f"{100 * reach:.0f}%",
        f"{len(low)} ({', '.join(low)})" if low else "0",
    ]
    tiles = counts.get("trade_tiles", {})
    cells += [
        f"{tiles[t]['bought_games']}/{tiles[t]['offered_games']}" if t in tiles else "-"
        for t in watch
    ]
    return "| " + " | ".join(cells) + " |"


def main() -> None:
    """Parse the arguments, play every candidate on the same seeds and print the table."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--agents", default="greedy")
    parser.add_argument("--only", default="", help="comma-separated candidate names")
    parser.add_argument(
        "--tiles", default="", help="comma-separated trade tiles to show bought/offered for"
    )
    args = parser.parse_args()
    table = candidates()
    names = [n for n in args.only.split(",") if n] or list(table)
    watch = [t for t in args.tiles.split(",") if t]
    print(
        "| candidate | players | games | rounds | pyramids | track | rituals | winner's mean "
        "| complete pyramid | pyramids started | space 8 | tiles < 5% |"
        + "".join(f" {t} |" for t in watch)
    )
    print("|" + " --- |" * (12 + len(watch)))
    for name in names:
        given = table[name]
        data_set = given if isinstance(given, str) else register_components(given)
        config = MatchConfig(
            game="zapotec",
            agents=args.agents.split(","),
            games=args.games,
            seed=args.seed,
            players=args.players,
            options={"components": data_set},
        )
        print(_row(name, args.players, run_balance(config), watch), flush=True)


if __name__ == "__main__":
    main()

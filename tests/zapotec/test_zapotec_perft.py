"""Perft for Zapotec: counts of decision sequences from fixed positions, as fixed numbers.

Card selection (§5.1) is a sequence of secret commits, so from a seeded setup the counts are
products of hand sizes until the reveal; the later positions (an actions phase, an income
phase) were reached by seeded random play and are pinned by their position strings, so a
change in any legality rule (§5.2, §6-§9) changes a count.
"""

from __future__ import annotations

import pytest

import stonework
from stonework.core.conformance import perft

OPENINGS = {
    # (players, seed): perft 1, 2, ... from the first card selection.
    (2, 1): [6, 36, 72, 6552],
    (4, 5): [4, 16, 64, 256, 512],
}

POSITIONS = {
    # round 1, seat 1 in its actions phase: buys, pyramids, rituals, builds and done
    "actions": (
        "zapotec;players=2;"
        "options=components:,building_tiles:seed,one_pyramid_level_per_turn:False,"
        "actions_after_building:False,palace_matches_icon:True,palace_uses_house:False,"
        "small_on_large:True,pyramid_complete:small-top,free_ritual_needs_pyramid:False,"
        "sacrifice_past_end:True,resource_supply:0,tie_breakers:track-resources;"
        "round=1;phase=actions;active=1;order=1,0;turn=0;queue=;stamp=0;"
        "spaces=0:-,1:-,2:-,x,x,0:-,1:-,2:-,x,x,0:-,1:-,2:-,x,x,0:-,1:-,2:-,x,x,0:-,1:-,2:-,x,"
        "x,0:-,1:-,2:-,x,x,0:-,1:-,2:-,x,x,0:-,1:-,2:-,x,x,0:-,1:-,2:-,x,x;"
        "tiles_left=6,6,6;rows=0.5.4/7.8.7/16.17.11;"
        "stacks=1,2,2,2,1,1,3,1,1,2,2,0,1,1,2,2,1,1,1;pyramids=-:/-:/-:;"
        "scoring_tiles=cornfield,hills,ocotlan;rituals=7:0,0:0,4:0;scoring_card=20;"
        "offer=6,24,26;dealt=713abce;played=15,8;hands=1.2.7.11.25/3.9.13.16.17;known=0/0;"
        "p0=1,1,1,0,0,0|-,-,-,-,-,-,-,-,-|9|-|3,2,1|3|0|0|0||;"
        "p1=2,1,1,0,0,0|-,-,-,-,-,-,-,-,-|9|-|3,2,1|3|0|0|0||;turn_state=0.0.0"
    ),
    # round 1, seat 0 to take income (row or column), then its actions
    "income": (
        "zapotec;players=3;"
        "options=components:,building_tiles:seed,one_pyramid_level_per_turn:False,"
        "actions_after_building:False,palace_matches_icon:True,palace_uses_house:False,"
        "small_on_large:True,pyramid_complete:small-top,free_ritual_needs_pyramid:False,"
        "sacrifice_past_end:True,resource_supply:0,tie_breakers:track-resources;"
        "round=1;phase=income;active=0;order=1,2,0;turn=2;queue=;stamp=0;"
        "spaces=0:-,1:-,2:-,0:-,x,0:-,1:-,2:-,1:-,x,0:-,1:-,2:-,2:-,x,0:-,1:-,2:-,1:-,x,-:1,"
        "1:-,2:-,-:1,x,-:2,1:-,2:-,0:-,x,0:-,1:-,2:-,2:-,x,0:-,1:-,2:-,0:-,x,0:-,1:-,2:-,1:-,x;"
        "tiles_left=3,3,3;rows=1.0.2/6.6.8/18.16.16;"
        "stacks=1,1,1,2,2,2,1,3,1,2,2,1,1,1,2,2,0,2,0;pyramids=-:/-:/-:/-:;"
        "scoring_tiles=village,temple,plains,forests;rituals=1:0,2:0,9:0;scoring_card=23;"
        "offer=9,21;dealt=bf9debc;played=24,14,20;hands=2.16.19.25/4.5.11.12.15/3.7.10.22.27;"
        "known=0/20/400000;p0=1,1,1,0,0,0|-,-,-,-,-,-,-,-,-|9|-|3,2,1|3|0|0|0||;"
        "p1=0,0,0,0,0,0|-,-,2,-,-,0,-,-,-|7|-|3,2,1|3|0|0|4||;"
        "p2=0,2,0,0,0,0|-,-,-,-,-,-,-,0,-|8|-|3,2,1|3|0|0|2||;turn_state=0.0.0"
    ),
}
COUNTS = {"actions": [91, 93, 276], "income": [2, 242, 4852]}


@pytest.mark.parametrize(("players", "seed"), list(OPENINGS))
def test_opening_perft(players: int, seed: int) -> None:
    """§5.1: each seat commits one of its hand cards in turn; the reveal follows."""
    state = stonework.new_game("zapotec", players=players, seed=seed)
    counts = OPENINGS[(players, seed)]
    assert [perft(state, depth) for depth in range(1, len(counts) + 1)] == counts


@pytest.mark.parametrize("name", list(POSITIONS))
def test_perft_from_position(name: str) -> None:
    """§5.2-§9 from pinned positions: the same counts as when they were pinned."""
    state = stonework.from_position("zapotec", POSITIONS[name])
    assert [perft(state, depth) for depth in (1, 2, 3)] == COUNTS[name]

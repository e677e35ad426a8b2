"""Setup and components (zapotec.md §1-§4, §12)."""

from __future__ import annotations

import pytest
from zapotec_helpers import RULES, new

from stonework.core import CHANCE, make_rng
from stonework.games.zapotec.components import (
    BUILDINGS,
    GOLD,
    PRIEST,
    default_components,
)
from stonework.games.zapotec.phases import COMMIT


def test_rules_file_is_reachable() -> None:
    """The tests read the project's own rules reference, docs/rules/zapotec.md, in the repository."""
    assert "Zapotec" in RULES.read_text(encoding="utf-8")


@pytest.mark.parametrize(("players", "spaces"), [(2, 27), (3, 36), (4, 45)])
def test_spaces_in_play(players: int, spaces: int) -> None:
    """§2.1, §12: 3 / 4 / 5 spaces per section at 2 / 3 / 4 players; unused spaces get no tile."""
    state = new(players)
    assert sum(state.in_play) == spaces
    for i, tile in enumerate(state.space_tile):
        assert (tile >= 0) == state.in_play[i]


def test_two_players_one_space_of_each_type_per_section() -> None:
    """§2.1: every section always keeps one space of each building type."""
    state = new(2)
    c = state.comp
    for section in range(9):
        kinds = sorted(
            s.building for s in c.spaces[section * 5 : section * 5 + 5] if state.in_play[s.index]
        )
        assert kinds == [0, 1, 2]


def test_four_players_fifteen_of_each_type() -> None:
    """§2.1: with 45 spaces, exactly 15 of each building type (arithmetic, H)."""
    c = default_components()
    for b in range(3):
        assert sum(1 for s in c.spaces if s.building == b) == 15


def test_seed_building_tiles() -> None:
    """§2.2 and the seed: village stone+gold, temple brick+priest, cornfield wood+corn."""
    state = new(4)
    c = state.comp
    expected = {"cornfield": "wood+corn", "village": "stone+gold", "temple": "brick+priest"}
    for s in c.spaces:
        tile = c.building_tiles[state.space_tile[s.index]]
        assert tile.building == s.building
        assert tile.name == expected[BUILDINGS[s.building]]


def test_rules_building_tiles_are_chance_nodes_split_five_five_five() -> None:
    """§2.2 ASSUMED option building_tiles=rules: basic resource 5/5/5 per type, drawn at setup."""
    import stonework

    state = stonework.new_game("zapotec", players=4, building_tiles="rules")
    assert state.current_player == CHANCE
    first = [str(a) for a in state.legal_actions()]
    assert first == [
        "tile etla-plains.1 wood+corn",
        "tile etla-plains.1 brick+corn",
        "tile etla-plains.1 stone+corn",
    ]
    rng = make_rng(5)
    while state.current_player == CHANCE:
        state.apply(state.sample_chance(rng))
    c = state.comp  # type: ignore[attr-defined]
    placed = [c.building_tiles[t] for t in state.space_tile if t >= 0]  # type: ignore[attr-defined]
    assert len(placed) == 45
    for b in range(3):
        for basic in range(3):
            assert sum(1 for t in placed if t.building == b and t.produce[basic]) == 5


@pytest.mark.parametrize(("players", "hand", "removed"), [(2, 6, 7), (3, 5, 3), (4, 4, 1)])
def test_card_setup(players: int, hand: int, removed: int) -> None:
    """§4.3, §12: scoring card, offer of players + 1, hands 6/5/4, mini deck 4, the rest removed."""
    state = new(players)
    assert state.scoring_card > 0
    assert len(state.offer) == players + 1
    assert all(len(h) == hand for h in state.hands)
    undealt = [n for n in state.comp.cards if not state.dealt >> n & 1]
    assert len(undealt) == state.comp.mini_deck + removed
    everything = [state.scoring_card, *state.offer, *(c for h in state.hands for c in h)]
    assert len(set(everything)) == len(everything)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_board_setup(players: int) -> None:
    """§3, §2.3, §6: 3 face-up tiles per trade row, players + 1 scoring tiles and pyramid spaces,
    3 of the 10 rituals, and each player starts with 1 wood, 1 brick, 1 stone and an empty grid."""
    state = new(players)
    assert all(all(t >= 0 for t in row) for row in state.trade_rows)
    for level in (1, 2, 3):
        left = sum(state.trade_stack[t.index] for t in state.comp.trade_tiles if t.level == level)
        assert left == 9
    assert len(state.scoring_tiles) == players + 1 == len(state.pyramids)
    assert len(state.rituals) == 3 and len(set(state.rituals)) == 3
    for seat in range(players):
        assert state.res[seat] == [1, 1, 1, 0, 0, 0]
        assert state.grid[seat] == [-1] * 9
        assert state.houses[seat] == 9 and state.palace[seat] == -1
        assert state.pieces[seat] == [3, 2, 1]  # small, medium, large
        assert state.discs[seat] == 3 and state.track[seat] == 0 and state.points[seat] == 0
    assert state.phase == COMMIT and state.current_player == 0


def test_card_table() -> None:
    """§4.2 ASSUMED table: 1-9 building types, 10-18 terrains, 19-27 regions; e.g. #14 hills/stone."""
    c = default_components()
    assert c.card_text(1) == "#01 cornfield/wood"
    assert c.card_text(14) == "#14 hills/stone"
    assert c.card_text(27) == "#27 mitla/brick"
    pairs = {(c.card_icon[n], c.card_resource[n]) for n in c.cards}
    assert len(pairs) == 27  # every icon once with every resource


def test_trade_tiles_and_costs() -> None:
    """§6: 12 tiles per level; costs 1/2/3 gold; level I gives two resources."""
    c = default_components()
    assert [c.trade_tile_count(level) for level in (1, 2, 3)] == [12, 12, 12]
    assert c.trade_costs == (1, 2, 3)
    for t in c.trade_tiles:
        if t.level == 1:
            assert t.timing == "immediate" and sum(t.effect.get) == 2
        if t.level == 2:
            assert t.timing == "round"


def test_ten_rituals_and_track() -> None:
    """§8, §9 (data set v1): ten ritual cards; track 0..11 with gold, discounts, priest, free
    ritual; 9/6/3."""
    c = default_components("seed", "v1")
    assert len(c.rituals) == 10
    assert c.track_length == 11 and c.track_rewards == (9, 6, 3)
    kinds = {i: e.kind for i, e in enumerate(c.track_bonuses) if e is not None}
    assert kinds == {
        2: "gain",
        3: "trade_discount",
        5: "gain",
        6: "ritual_priest_free",
        8: "gain",
        9: "trade_discount",
        11: "free_ritual",
    }
    assert c.track_bonuses[2] is not None and c.track_bonuses[2].get[GOLD] == 1
    assert c.track_bonuses[5] is not None and c.track_bonuses[5].get[PRIEST] == 1


def _table_rows(first_cell: str) -> list[list[str]]:
    # Rows of the rules file's markdown tables whose first cell matches (a regex).
    import re

    rows = []
    for line in RULES.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("|") and re.fullmatch(first_cell, cells[0]):
            rows.append(cells)
    return rows


def test_card_table_matches_the_rules_file() -> None:
    """§4.2 ASSUMED card table: all 27 cards (number, icon, resource) as the rules file lists."""
    c = default_components()
    listed = {}
    for row in _table_rows(r"\d+"):
        if len(row) == 9:
            for k in range(0, 9, 3):
                listed[int(row[k])] = f"{row[k + 1].lower()}/{row[k + 2].lower()}"
    assert sorted(listed) == list(range(1, 28))
    for number, text in listed.items():
        assert c.card_text(number) == f"#{number:02d} {text}"


def test_extra_spaces_match_the_rules_file() -> None:
    """§2.1 ASSUMED layout: each section's "3+" and "4" space types as the rules file's table
    gives them; the "3+" space is in play from 3 players, the "4" space at 4."""
    c = default_components()
    rows = _table_rows(r"(Etla|Ocotlan|Mitla)-(Plains|Hills|Forests)")
    assert len(rows) == 9
    for section, three, four in rows:
        name = section.lower()
        fourth = c.spaces[c.space_index[f"{name}.4"]]
        fifth = c.spaces[c.space_index[f"{name}.5"]]
        assert (BUILDINGS[fourth.building], fourth.min_players) == (three.lower(), 3)
        assert (BUILDINGS[fifth.building], fifth.min_players) == (four.lower(), 4)
        base = [c.spaces[c.space_index[f"{name}.{k}"]] for k in (1, 2, 3)]
        assert [(s.building, s.min_players) for s in base] == [(0, 2), (1, 2), (2, 2)]


def test_trade_tile_kinds_counts_and_timings() -> None:
    """§6 ASSUMED tile lists (data set v1): level I two of each basic pair; level II 3 swap, 3 basic>corn,
    2 two basics>priest, 2 corn>priest, 2 two basics>gold; level III one income tile per basic,
    2 building discounts, 2 priest and 2 double-corn per round, 2 immediate priest+gold+corn,
    1 build-anywhere per round."""
    c = default_components("seed", "v1")
    level_one = sorted(t.effect.get[:3] for t in c.trade_tiles if t.level == 1)
    assert level_one == sorted([(2, 0, 0), (0, 2, 0), (0, 0, 2), (1, 1, 0), (1, 0, 1), (0, 1, 1)])
    assert all(t.count == 2 for t in c.trade_tiles if t.level == 1)
    by_name = {t.name: t for t in c.trade_tiles}
    expected = {
        "II:swap": (3, "round", "exchange"),
        "II:corn": (3, "round", "exchange"),
        "II:priest": (2, "round", "exchange"),
        "II:offering": (2, "round", "exchange"),
        "II:gold": (2, "round", "exchange"),
        "III:wood": (1, "permanent", "income_bonus"),
        "III:brick": (1, "permanent", "income_bonus"),
        "III:stone": (1, "permanent", "income_bonus"),
        "III:mason": (2, "permanent", "building_discount"),
        "III:priest": (2, "round", "gain"),
        "III:harvest": (2, "round", "gain"),
        "III:tribute": (2, "immediate", "gain"),
        "III:architect": (1, "round", "build_anywhere"),
    }
    for name, (count, timing, kind) in expected.items():
        tile = by_name[name]
        assert (tile.count, tile.timing, tile.effect.kind) == (count, timing, kind), name
    assert by_name["III:tribute"].effect.get == (0, 0, 0, 1, 1, 1)
    assert by_name["III:harvest"].effect.get == (0, 0, 0, 2, 0, 0)
    assert by_name["II:priest"].effect.pay_basic == 2 and by_name["II:gold"].effect.pay_basic == 2
    assert by_name["II:offering"].effect.pay == (0, 0, 0, 1, 0, 0)
    assert sum(t.count for t in c.trade_tiles) == 36

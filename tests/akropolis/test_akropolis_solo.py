"""Solo play against the Illustrious Architect (akropolis.md §5, the online implementation)."""

from __future__ import annotations

import pytest

import stonework
from stonework.core import CHANCE, TERMINAL, derive_rng, play_random
from stonework.games.akropolis import AkropolisState, Place, Reveal, new_state
from stonework.games.akropolis.architect import architect_choice, architect_score

PILE = [18, 2, 15]  # H m b / M b q / h g m
# With the starting tile: districts h1 m2 b2 t0 g1; plazas H (start) + H, M; quarries 3 + 1.


def solo(
    level: str = "hippodamos", site: tuple[int, ...] = (1, 2, 3, 4), **options: object
) -> AkropolisState:
    state = new_state(1, {"architect": level, **options})  # type: ignore[dict-item]
    for tile in site:
        state.apply(Reveal(tile))
    return state


def test_solo_setup() -> None:
    """§5 setup: the two-player tiles (37, 11 stacks of 3, a site of 4); the person starts
    first with 1 stone, the Architect has 2."""
    state = new_state(1)
    assert len(state.unseen) == 37 and state.stacks_left == 11 and state.pending == 4
    assert state.stones == [1, 2] and state.num_players == 1


def test_architect_takes_the_cheapest_plaza_tile_it_can_pay() -> None:
    """§5: the cheapest tile with a plaza if affordable, else the first tile; none: the first."""
    assert architect_choice([1, 3, 2, 18], stones=2) == 3  # tile 2 (M b q) at position 3
    assert architect_choice([1, 3, 2, 18], stones=1) == 1  # cannot pay 2 stones
    assert architect_choice([1, 3, 7, 8], stones=5) == 1  # no plaza on the site


def test_architect_turn_is_part_of_the_transition() -> None:
    """§5 (our protocol choice): after the person's turn the Architect plays at once."""
    state = solo(site=(1, 3, 2, 18))
    state.apply(Place(2, 0, -2, 0))  # person takes tile 3 for 1 stone
    # The Architect (2 + 1 stones) took tile 2 at position 2 (cost 1): site 1, 18.
    assert state.pile == [2] and state.site == [1, 18]
    assert state.stones == [0, 2]
    assert state.current_player == 0


def test_the_persons_stones_go_to_the_architect() -> None:
    """§5: stones the person spends go to the Architect, not to the reserve."""
    state = solo(site=(1, 3, 7, 8))
    state.apply(Place(2, 0, -2, 0))
    # The person paid 1 stone to the Architect (2 -> 3); the Architect took the free first tile.
    assert state.stones == [0, 3] and state.pile == [1]


def test_solo_game_runs_36_turns_with_refills() -> None:
    """§5 with §3.2: 12 rounds of 3 turns; each party takes 18 tiles; refills as at 2 players."""
    state = stonework.new_game("akropolis", players=1, seed=4)
    play_random(state, derive_rng(4, "solo"))
    assert isinstance(state, AkropolisState)
    assert state.current_player == TERMINAL
    assert len(state.cities[0].placements) == 18 and len(state.pile) == 18
    assert all(seat in (0, CHANCE) for seat, _ in state.history)


@pytest.mark.parametrize(
    ("level", "lines", "bonus"),
    [
        ("hippodamos", (2, 4, 0, 0, 0), 0),
        ("metagenes", (2, 4, 0, 0, 0), 8),
        ("callicrates", (4, 8, 0, 0, 0), 0),
    ],
)
def test_architect_score_by_level(level: str, lines: tuple[int, ...], bonus: int) -> None:
    """§5 levels: Hippodamos counts districts at 1; Metagenes adds 2 per quarry (start's
    included); Callicrates counts districts at 2. Points = value x stars of its plazas."""
    got, got_bonus, total = architect_score(PILE, 5, level, (False,) * 5)
    assert tuple(line.points for line in got) == lines
    assert got_bonus == bonus and total == sum(lines) + bonus + 5


def test_architect_variants() -> None:
    """§5 variants: houses double at value 10+; markets double, at most 3 per market plaza;
    barracks and gardens double; temples only at Callicrates."""
    everything = (True,) * 5
    lines, _, _ = architect_score(PILE, 0, "hippodamos", everything)
    assert [line.value for line in lines] == [1, 4, 4, 0, 2]
    lines, _, _ = architect_score(PILE, 0, "callicrates", everything)
    assert [line.value for line in lines] == [2, 8, 8, 0, 4]
    many_markets = [12, 26, 9, 10, 27, 8, 17]  # six market districts, one market plaza (17)
    lines, _, _ = architect_score(many_markets, 0, "hippodamos", everything)
    assert lines[1].districts == 6 and lines[1].value == 6 + 3
    houses = [19, 41, 58, 44, 55, 60, 12]  # enough houses for a value of 10 at Callicrates
    lines, _, _ = architect_score(houses, 0, "callicrates", everything)
    assert lines[0].value == 2 * 2 * lines[0].districts
    temple = [1]
    assert architect_score(temple, 0, "callicrates", everything)[0][3].value == 4
    assert architect_score(temple, 0, "metagenes", everything)[0][3].value == 1


def test_solo_result_and_returns() -> None:
    """§5 / §2.3: beating the Architect (points, then stones) is a win; equal is shared."""
    state = stonework.new_game("akropolis", players=1, seed=6, architect="callicrates")
    play_random(state, derive_rng(6, "solo-result"))
    assert isinstance(state, AkropolisState)
    sheet = state.scores()[0].breakdown
    architect = sheet["architect"]
    mine = (state.scores()[0].total, state.stones[0])
    theirs = (architect["total"], architect["stones"])
    expected = "won" if mine > theirs else "shared" if mine == theirs else "lost"
    assert sheet["result"] == expected
    assert state.returns() == [{"won": 1.0, "shared": 0.0, "lost": -1.0}[expected]]
    assert state.ranking() == [1]


def test_solo_position_round_trip() -> None:
    """§5: the Architect's stones and pile are part of the position string."""
    state = stonework.new_game("akropolis", players=1, seed=9, architect="metagenes")
    rng = derive_rng(9, "solo-pos")
    for _ in range(20):
        state.apply(state.random_action(rng))
    text = state.position()
    assert ";A" in text
    again = stonework.from_position("akropolis", text)
    assert again.position() == text

"""The pure parts of benchmarks/peer_alphazero.py: the translation between the peer's grid,
tile and action encodings and ours. The peer itself is never needed here."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from bench_scripts import load_script
from stonework.games.akropolis import city as city_module
from stonework.games.akropolis.actions import Place
from stonework.games.akropolis.hexgrid import CENTER, PLACEMENT_CELLS, STEP
from stonework.games.akropolis.tiles import START_QUARRY_DIRECTIONS, TILE_KINDS, tiles_in_play


@pytest.fixture(scope="module")
def bridge() -> ModuleType:
    return load_script("peer_alphazero")


def peer_style(tile: int) -> tuple[int, int, int]:
    """A tile of ours written as the peer writes it: first, middle (the centre), last hex.

    Our origin hex is the peer's middle hex; going round the tile in our clockwise order, the
    peer's last hex follows it and its first hex comes after that.
    """
    k0, k1, k2 = TILE_KINDS[tile]
    return (k2, k0, k1)


def test_the_starting_tiles_coincide(bridge: ModuleType) -> None:
    start = bridge.PEER_START[0] * bridge.PEER_SIZE + bridge.PEER_START[1]
    assert bridge.peer_to_cell(start) == CENTER
    x, z = bridge._peer_axial(start)
    # The peer puts its starting quarries on its directions 0, 2 and 4 (SW, E, NW).
    peer_quarries = {
        bridge.peer_to_cell(bridge._peer_index(x + dx, z + dz))
        for dx, dz in bridge._PEER_AXIAL_DIRS[::2]
    }
    assert peer_quarries == {STEP[CENTER][d] for d in START_QUARRY_DIRECTIONS}


def test_cells_round_trip_and_the_window_ends(bridge: ModuleType) -> None:
    size = bridge.PEER_SIZE
    assert all(bridge.cell_to_peer(bridge.peer_to_cell(i)) == i for i in range(size * size))
    far = bridge.peer_to_cell(0)
    west = STEP[far][5]
    assert west >= 0 and bridge.cell_to_peer(west) == -1


def test_tiles_pair_one_to_one_and_refuse_a_mirror(bridge: ModuleType) -> None:
    for players in (2, 3, 4):
        ours = list(tiles_in_play(players, long_game=False))
        table = dict(enumerate(peer_style(t) for t in reversed(ours)))
        mapping = bridge.peer_tile_to_ours(table, players)
        assert sorted(mapping.values()) == sorted(ours)
        for peer_id, tile in mapping.items():
            assert peer_style(tile) == table[peer_id]
    # A mirrored tile (its hexes in the other turning sense) lies like none of ours.
    mirrored = {t: tuple(reversed(peer_style(t))) for t in tiles_in_play(2, long_game=False)}
    with pytest.raises(ValueError):
        bridge.peer_tile_to_ours(mirrored, 2)


def test_actions_round_trip_and_lay_the_same_kinds(bridge: ModuleType) -> None:
    tiles = (1, 2, 28, 47)  # three different kinds, a plaza tile, an Hqq, a 3-player tile
    checked = 0
    for pattern in range(bridge.PEER_PATTERNS):
        cells = bridge.peer_pattern_cells(pattern)
        if cells is None:
            continue
        for slot, tile in enumerate(tiles):
            kinds = peer_style(tile)
            action = slot * bridge.PEER_PATTERNS + pattern
            place = bridge.peer_action_to_ours(action, kinds, tile)
            assert place.position == slot + 1
            laid = bridge.placement(bridge.CELL_AT[(place.q, place.r)], place.rotation)
            covered = PLACEMENT_CELLS[laid]
            assert covered is not None
            ours = dict(zip(covered, TILE_KINDS[tile], strict=True))
            theirs = {bridge.peer_to_cell(c): k for c, k in zip(cells, kinds, strict=True)}
            assert ours == theirs
            assert bridge.our_action_to_peer(place, tile, kinds) == action
            checked += 1
    assert checked > 3000


def test_a_move_outside_the_window_has_no_peer_action(bridge: ModuleType) -> None:
    far = bridge.peer_to_cell(0)
    q, r = bridge.COORDS[STEP[far][5]]
    assert bridge.our_action_to_peer(Place(1, q, r, 0), 1, peer_style(1)) == -1


def test_wilson_interval(bridge: ModuleType) -> None:
    low, high = bridge.wilson(3, 40)
    assert low == pytest.approx(0.026, abs=0.001) and high == pytest.approx(0.199, abs=0.001)
    assert bridge.wilson(0, 0) == (0.0, 1.0)


def test_a_journal_resumes_only_its_own_match(bridge: ModuleType, tmp_path: Path) -> None:
    setup = {
        "players": 2,
        "agent": "expert",
        "sims": 0,
        "seed": 4,
        "window_aware": False,
        "set": [],
        "build": "compiled",
    }
    played = bridge.Tally(games=1, wins=1.0, our_scores=[120], peer_scores=[101], window_bit=2)
    journal = tmp_path / "peer.jsonl"
    # The first line as written before --window-aware, --set and the build were recorded: the
    # first two were not given; the build is not known, so the line resumes on either.
    new_keys = ("window_aware", "set", "build")
    old = {k: v for k, v in setup.items() if k not in new_keys}
    lines = [{**old, "game": 0, "tally": vars(played)}, {**setup, "game": 1, "tally": vars(played)}]
    journal.write_text("".join(bridge.json.dumps(line) + "\n" for line in lines))
    records = bridge.read_journal(journal, setup)
    total = bridge.Tally()
    for record in records:
        total.add(bridge.Tally(**record["tally"]))
    assert (total.games, total.wins, total.window_bit) == (2, 2.0, 4)
    assert total.our_scores == [120, 120] and total.peer_scores == [101, 101]
    with pytest.raises(SystemExit, match="another match .*seed"):
        bridge.read_journal(journal, {**setup, "seed": 5})
    with pytest.raises(SystemExit, match=":1: a game of another match .*window_aware"):
        bridge.read_journal(journal, {**setup, "window_aware": True})
    with pytest.raises(SystemExit, match=":1: a game of another match .*set"):
        bridge.read_journal(journal, {**setup, "set": ["STACK_SPOTS=0,0"]})
    with pytest.raises(SystemExit, match=":2: a game of another match .*build"):
        bridge.read_journal(journal, {**setup, "build": "pure"})
    journal.write_text(journal.read_text() + '{"players": 2, "ag')
    with pytest.raises(SystemExit, match=":3: not a JSON line"):
        bridge.read_journal(journal, setup)


@pytest.mark.skipif(
    not (city_module.__file__ or "").endswith(".py"), reason="compiled code binds the constants"
)
def test_set_gives_the_estimate_another_constant_and_refuses_a_wrong_shape(
    bridge: ModuleType,
) -> None:
    from stonework.games.akropolis import evaluation

    kept = (evaluation.STACK_SPOTS, evaluation.TEMPLE_SHARE, evaluation.VALUE_PER_TILE)
    try:
        bridge.set_constant("STACK_SPOTS=4,1")
        assert evaluation.STACK_SPOTS == (4.0, 1.0)
        bridge.set_constant("TEMPLE_SHARE=0.5")
        assert evaluation.TEMPLE_SHARE == 0.5
        bridge.set_constant("VALUE_PER_TILE=1,2,3,4,5")
        assert evaluation.VALUE_PER_TILE == (1.0, 2.0, 3.0, 4.0, 5.0)
        for wrong in ("NO_SUCH=1", "STACK_SPOTS=4", "STACK_SPOTS=a,b", "TEMPLE_SHARE=1,2"):
            with pytest.raises(SystemExit, match="--set"):
                bridge.set_constant(wrong)
    finally:
        (
            evaluation.STACK_SPOTS,  # type: ignore[misc]
            evaluation.TEMPLE_SHARE,  # type: ignore[misc]
            evaluation.VALUE_PER_TILE,  # type: ignore[misc]
        ) = kept


def _sprawl(seed: int) -> set[int]:
    """The cells of a two-player game whose every move lays its tile as far out as it can."""
    from stonework.core.registry import get_game
    from stonework.core.rng import Rng
    from stonework.core.state import CHANCE
    from stonework.games.akropolis.hexgrid import CELL_AT, COORDS, distance, placement

    def cells(place: Place) -> tuple[int, ...]:
        covered = PLACEMENT_CELLS[placement(CELL_AT[(place.q, place.r)], place.rotation)]
        assert covered is not None
        return covered

    spec = get_game("akropolis")
    state = spec.new_state(2, dict(spec.options.resolve("akropolis", {})))
    rng = Rng(seed)
    laid: set[int] = set()
    while not state.is_terminal:
        if state.current_player == CHANCE:
            state.apply(state.random_action(rng))
            continue
        moves = [a for a in state.legal_actions() if isinstance(a, Place)]
        move = max(moves, key=lambda a: (sum(distance(*COORDS[c]) for c in cells(a)), str(a)))
        laid.update(cells(move))
        state.apply(move)
    return laid


def test_a_confined_search_sees_only_moves_inside_the_window(bridge: ModuleType) -> None:
    # A player laying every tile as far out as it can leaves the window within a game; with the
    # cities confined, the same player never does, and the unconfined table comes back. Run on
    # whichever build is present: the compiled city reads the table from its module too.
    assert min(bridge.cell_to_peer(c) for c in _sprawl(1)) < 0
    unconfined = bridge.confine_to_window()
    try:
        assert min(bridge.cell_to_peer(c) for c in _sprawl(1)) >= 0
    finally:
        city_module.TRIANGLES_AROUND = unconfined  # type: ignore[misc]
    assert min(bridge.cell_to_peer(c) for c in _sprawl(1)) < 0


def test_a_score_sheet_adds_up_to_the_total(bridge: ModuleType) -> None:
    from stonework.core.registry import get_game
    from stonework.core.rng import Rng
    from stonework.core.state import play_random

    spec = get_game("akropolis")
    state = play_random(spec.new_state(3, dict(spec.options.resolve("akropolis", {}))), Rng(5))
    for seat, score in enumerate(state.scores()):
        points = bridge.sheet_points(state, seat)
        assert len(points) == len(bridge.SHEET) and sum(points) == score.total


def test_the_share_ahead_of_a_peer_seat_counts_ties_half(bridge: ModuleType) -> None:
    tally = bridge.Tally(games=2, our_scores=[100, 80], peer_scores=[90, 110, 80, 70])
    share, half = bridge.ahead_share(tally, 3)
    # Game 1: ahead of one of two (0.5); game 2: a tie and ahead (0.75).
    assert share == pytest.approx(0.625) and half > 0

"""Notation, ids, positions, bad input, observations and drawings of the Akropolis engine."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import stonework
from stonework.core import (
    CHANCE,
    IllegalAction,
    InvalidAction,
    InvalidPosition,
    Record,
    UnknownOption,
    derive_rng,
    play_random,
    replay,
)
from stonework.core.conformance import check_game
from stonework.games.akropolis import AkropolisState, Place, Reveal, new_state
from stonework.games.akropolis.actions import action_from_id, action_id, parse_action
from stonework.games.akropolis.hexgrid import NUM_CELLS, NUM_PLACEMENTS, RADIUS


def midgame(players: int = 2, seed: int = 1, steps: int = 30, **options: object) -> AkropolisState:
    state = stonework.new_game("akropolis", players=players, seed=seed, **options)
    rng = derive_rng(seed, "midgame")
    for _ in range(steps):
        state.apply(state.random_action(rng))
    assert isinstance(state, AkropolisState)
    return state


# --- notation and ids -----------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), [(1, 3), (2, 4), (3, 5), (4, 6)])
def test_is_legal_id_agrees_with_the_id_list_over_a_game(players: int, seed: int) -> None:
    """is_legal_id answers without a list exactly as legal_action_ids would: every legal id,
    and ids near them, off the window, beyond the affordable positions and outside the space."""
    state = stonework.new_game("akropolis", players=players, seed=seed)
    rng = derive_rng(seed, "ids")
    size = state.num_distinct_actions()
    while not state.is_terminal:
        legal = set(state.legal_action_ids())
        probes = set(legal)
        for index in list(legal)[:50]:
            probes.update((index - 1, index + 1, index + NUM_PLACEMENTS, index - NUM_PLACEMENTS))
        probes.update(rng.randrange(size) for _ in range(200))
        probes.update((-1, 0, size - 1, size, size * 2))
        for index in probes:
            assert state.is_legal_id(index) == (index in legal), index
        state.apply(state.random_action(rng))


def test_notation_round_trip_and_leniency() -> None:
    """Action notation: POSITION@Q,R/ROTATION and 'reveal NN' round-trip exactly."""
    for action in (Place(1, 0, -2, 0), Place(6, -12, 7, 5), Reveal(3), Reveal(61)):
        assert parse_action(str(action)) == action
    assert parse_action(" 2 @ -1 , 3 / 4 ") == Place(2, -1, 3, 4)
    assert parse_action("REVEAL:7") == Reveal(7)


@pytest.mark.parametrize("text", ["", "0@0,0/0", "1@0,0/6", "1@0,0", "reveal 62", "reveal 0", "x"])
def test_malformed_notation_is_invalid(text: str) -> None:
    """Bad input: malformed notation raises InvalidAction with a message."""
    with pytest.raises(InvalidAction):
        parse_action(text)


def test_action_ids_cover_decisions_and_reveals() -> None:
    """Ids: (position - 1) * NUM_PLACEMENTS + cell * 6 + rotation, then the reveals."""
    state = new_state(3)
    assert state.num_distinct_actions() == 5 * NUM_PLACEMENTS + 61
    assert NUM_PLACEMENTS == 6 * NUM_CELLS
    assert action_id(Reveal(1), 5) == 5 * NUM_PLACEMENTS
    for index in (0, 17, NUM_PLACEMENTS * 4 + 999, 5 * NUM_PLACEMENTS + 60):
        action = action_from_id(index, 5)
        if isinstance(action, Reveal) or state.placement_cells(action) is not None:
            assert action_id(action, 5) == index
    with pytest.raises(InvalidAction):
        action_from_id(5 * NUM_PLACEMENTS + 61, 5)


def test_outside_the_window_has_no_id_and_is_illegal() -> None:
    """The city window (radius RADIUS): a tile sticking out of it has no id and is refused."""
    far = Place(1, RADIUS + 3, 0, 0)
    with pytest.raises(InvalidAction, match="window"):
        action_id(far, 4)
    state = midgame(steps=0)
    before = state.position()
    with pytest.raises(IllegalAction, match="window"):
        state.apply(far)
    edge = Place(1, RADIUS, 0, 0)  # its second hex (north) is in, its third (north-east) is out
    with pytest.raises(IllegalAction, match="window"):
        state.apply(edge)
    assert state.position() == before


# --- bad input ----------------------------------------------------------------------------


def test_illegal_actions_change_nothing() -> None:
    """Bad input: wrong phase, missing site position, unaffordable tile, bad placement."""
    state = midgame()
    before = state.position()
    history = len(state.history)
    bad = [
        Reveal(state.site[0]),  # not a chance node
        Place(9, 0, -2, 0),  # no such site position
        Place(1, 0, 0, 0),  # on the starting plaza (covered hexes of one tile)
    ]
    if state.stones[state.turn] < 3:
        bad.append(Place(4, 0, -2, 0))
    for action in bad:
        with pytest.raises(IllegalAction):
            state.apply(action)
    for value in ("1@0,-2/0", (1, 0, -2, 0), None, Place(1, 0, -2, 9)):
        with pytest.raises(InvalidAction):
            state.apply(value)
    assert state.position() == before and len(state.history) == history


def test_placing_while_tiles_are_revealed_is_illegal() -> None:
    """§3.2: while a refill is being revealed nobody may take a tile."""
    state = new_state(2)
    with pytest.raises(IllegalAction, match="revealed first"):
        state.apply(Place(1, 0, -2, 0))


def test_the_end_refuses_actions() -> None:
    """After the end no action is accepted."""
    state = stonework.new_game("akropolis", players=2, seed=2)
    play_random(state, derive_rng(2, "end"))
    with pytest.raises(IllegalAction, match="over"):
        state.apply(Place(1, 0, -2, 0))


def test_unknown_options_and_player_counts() -> None:
    """Bad input: unknown options, bad option values and player counts raise UnknownOption."""
    with pytest.raises(UnknownOption):
        stonework.new_game("akropolis", players=5)
    with pytest.raises(UnknownOption):
        stonework.new_game("akropolis", lake="ocean")
    with pytest.raises(UnknownOption):
        stonework.new_game("akropolis", castles=True)


# --- positions ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_position_round_trip_through_a_game(players: int) -> None:
    """The position string holds everything: rebuilt states match at every step."""
    state = stonework.new_game(
        "akropolis", players=players, seed=players, houses=True, barracks_edge="outside_only"
    )
    rng = derive_rng(players, "positions")
    step = 0
    while not state.is_terminal:
        if step % 5 == 0:
            text = state.position()
            again = stonework.from_position("akropolis", text)
            assert again.position() == text
            assert again.legal_actions() == state.legal_actions()
            assert [s.to_json() for s in again.scores()] == [s.to_json() for s in state.scores()]
        state.apply(state.random_action(rng))
        step += 1


@pytest.mark.parametrize(
    "text",
    [
        "",
        "5;hmbtg;any_empty,single_hex,std,hippodamos;0,0,11,4;;1:;2:",
        "2;hmbxg;any_empty,single_hex,std,hippodamos;0,0,11,4;;1:;2:",
        "2;hmbtg;any_empty,pond,std,hippodamos;0,0,11,4;;1:;2:",
        "2;hmbtg;any_empty,single_hex,std,hippodamos;0,0,11,3;;1:;2:",  # tiles unaccounted
        "2;hmbtg;any_empty,single_hex,std,hippodamos;0,0,11,0;1,2,3,4;1:1@0,0/0;2:",  # on start
        "2;hmbtg;any_empty,single_hex,std,hippodamos;0,0,11,0;1,2,3,4;1:1@0,-2/0;2:",  # tile twice
        "2;hmbtg;any_empty,single_hex,std,hippodamos;0,0,11,0;1,2,3,40;1:;2:",  # not in play
        "2;hmbtg;any_empty,single_hex,std,hippodamos;0,0,11,4;;-1:;2:",
        "2;hmbtg;any_empty,single_hex,std,hippodamos;0,0,11,4;;1:",
    ],
)
def test_bad_positions_are_refused(text: str) -> None:
    """Bad input: malformed or impossible positions raise InvalidPosition."""
    with pytest.raises(InvalidPosition):
        stonework.from_position("akropolis", text)


def test_record_replays_without_the_seed() -> None:
    """DESIGN records: reveals are in the record, so it replays to the same position."""
    state = stonework.new_game("akropolis", players=3, seed=12)
    play_random(state, derive_rng(12, "record"))
    record = Record.loads(state.record().dumps())
    assert replay(record).position() == state.position()
    assert any(seat == CHANCE for seat, _ in record.entries)


def test_clone_is_independent() -> None:
    """clone(): applying to a copy leaves the original as it was."""
    state = midgame()
    before = state.position()
    copy = state.clone()
    copy.apply(copy.legal_actions()[-1])
    assert state.position() == before and copy.position() != before
    assert state.determinize(0, derive_rng(0, "det")).position() == before
    assert state.hidden_tokens(0) == set()


@pytest.mark.parametrize(
    "options",
    [
        {
            "barracks_edge": "outside_only",
            "lake": "enclosed_region",
            "gardens": True,
            "barracks": True,
        },
        {"long_game": True, "houses": True, "markets": True, "temples": True},
    ],
)
def test_conformance_with_alternative_options(options: dict[str, object]) -> None:
    """The conformance kit also holds with the alternative readings and the long game."""
    report = check_game("akropolis", games=1, seed=4, players=3, **options)
    assert report.games == 1 and report.decisions == 48 + (12 if options.get("long_game") else 0)


# --- observations, heuristic, drawings ---------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 4])
def test_observation_tensor_layout(players: int) -> None:
    """The tensor has observation_shape() values; each built hex sets one kind channel."""
    state = midgame(players=players, steps=25)
    (size,) = state.observation_shape()
    for seat in range(players):
        tensor = state.observation_tensor(seat)
        assert len(tensor) == size
        city_block = NUM_CELLS * 12
        mine = tensor[:city_block]
        kinds = sum(mine[i] for i in range(city_block) if i % 12)
        assert kinds == len(state.cities[seat].cells)
    if players > 1:
        # Blocks run clockwise from the viewer, so seat 0 is the last block in seat 1's view.
        last = (players - 1) * city_block
        assert (
            state.observation_tensor(0)[:city_block]
            == state.observation_tensor(1)[last : last + city_block]
        )


def test_observation_is_public_json() -> None:
    """Akropolis hides nothing: each seat's view equals the spectator's apart from 'seat'."""
    state = midgame(players=3)
    spectator = state.observation(None)
    for seat in range(3):
        view = state.observation(seat)
        assert {**view, "seat": None} == spectator
    assert spectator["site"][0]["cost"] == 0
    assert "unseen" not in spectator


def test_heuristic_is_in_range() -> None:
    """heuristic(): one value per seat in [-1, 1], favouring the seat that leads."""
    state = stonework.new_game("akropolis", players=2, seed=21)
    play_random(state, derive_rng(21, "heuristic"))
    values = state.heuristic()
    assert values is not None and len(values) == 2 and all(-1 <= v <= 1 for v in values)
    totals = [s.total for s in state.scores()]
    if totals[0] != totals[1]:
        assert (values[0] > values[1]) == (totals[0] > totals[1])


def test_text_and_svg_drawings() -> None:
    """Text shows the site with costs and each city; SVG is XML with letters, stars, heights."""
    state = midgame(players=2, steps=40)
    text = state.to_text()
    assert "site" in text and "seat 0" in text and "H1" in text
    svg = state.to_svg()
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert "★" in svg and "1: free" in svg and "total" in svg
    solo = midgame(players=1, steps=20)
    assert "Architect" in solo.to_text() and "Architect" in solo.to_svg()


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.sampled_from([1, 2, 3, 4]),
    steps=st.integers(0, 90),
)
def test_clone_position_and_record_properties(seed: int, players: int, steps: int) -> None:
    """Properties: a clone is independent, the position rebuilds the state, the record replays."""
    state = stonework.new_game("akropolis", players=players, seed=seed)
    rng = derive_rng(seed, "property")
    for _ in range(steps):
        if state.is_terminal:
            break
        state.apply(state.random_action(rng))
    text = state.position()
    copy = state.clone()
    if not copy.is_terminal:
        copy.apply(copy.random_action(rng))
    assert state.position() == text
    rebuilt = stonework.from_position("akropolis", text)
    assert rebuilt.position() == text and rebuilt.legal_actions() == state.legal_actions()
    assert replay(state.record()).position() == text

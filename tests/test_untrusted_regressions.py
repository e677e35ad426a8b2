"""Regressions of issue 13 items 1-4: bad input from outside gets the documented error and
changes nothing (look-alike actions, component data sets named by files, impossible positions,
other exception types escaping from text, records and options)."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any, NamedTuple

import pytest

import stonework
from stonework.core import (
    IllegalAction,
    InvalidAction,
    InvalidPosition,
    Record,
    RecordError,
    State,
    UnknownOption,
    derive_rng,
    from_position,
    new_game,
    play_random,
    replay,
)
from stonework.core.action_fields import look_alikes
from stonework.games.akropolis.actions import Place
from stonework.games.aztec.actions import AUCTION_PASS, Bid, Placement
from stonework.games.zapotec.actions import Buy, Play, Reveal
from stonework.games.zapotec.datasets import (
    BUILT_IN,
    MAX_FILE_BYTES,
    read_components_file,
    register_components,
)
from stonework.games.zapotec.state import ZapotecState


def snapshot(state: State) -> tuple[str, list[tuple[int, str]]]:
    """What a refused input must leave as it was."""
    return state.position(), [(seat, str(action)) for seat, action in state.history]


def refused(state: State, value: object, error: type[Exception] = InvalidAction) -> str:
    """Apply ``value`` expecting ``error``; the state must not change. Returns the message."""
    before = snapshot(state)
    with pytest.raises(error) as caught:
        state.apply(value)
    assert snapshot(state) == before
    return str(caught.value)


def with_field(position: str, key: str, value: str) -> str:
    """A Zapotec position string with one ``key=value`` field replaced."""
    fields = position.split(";")
    index = next(i for i, f in enumerate(fields) if f.startswith(key + "="))
    fields[index] = f"{key}={value}"
    return ";".join(fields)


def field(position: str, key: str) -> str:
    """The value of a ``key=value`` field of a Zapotec position string."""
    return next(f for f in position.split(";") if f.startswith(key + "="))[len(key) + 1 :]


# --- item 1: look-alike actions ------------------------------------------------------------------


def test_zapotec_refuses_look_alike_plays_and_stores_its_own_action() -> None:
    state = new_game("zapotec", players=3, seed=1)
    card = state.legal_actions()[0].card  # type: ignore[attr-defined]
    for fake in (Play(float(card)), Play(True), Play([card]), Play(None)):  # type: ignore[arg-type]
        assert "is not an action of zapotec" in refused(state, fake)
        assert not state.is_action(fake)
    caller = Play(card)
    state.apply(caller)
    assert state.history[-1][1] is not caller
    assert state.history[-1][1] is state.space.play[card]  # type: ignore[attr-defined]


def test_zapotec_reveal_without_its_name_is_stored_with_the_games_notation() -> None:
    state = new_game("zapotec", players=3)  # waits for the setup's trade-tile reveals
    legal = state.legal_actions()[0]
    assert isinstance(legal, Reveal) and legal.name
    refused(state, Reveal(tile=float(legal.tile), name=legal.name))  # type: ignore[arg-type]
    refused(state, Reveal(legal.tile, name=7))  # type: ignore[arg-type]
    state.apply(Reveal(legal.tile))
    assert state.history[-1][1] is legal and str(state.history[-1][1]) == str(legal)
    assert replay(state.record()).position() == state.position()


def test_zapotec_finished_game_refuses_malformed_actions_before_naming_them() -> None:
    state = play_random(new_game("zapotec", players=2, seed=3), derive_rng(3, "end"))
    refused(state, Buy(7, 0))  # str() of it would raise IndexError
    assert "the game is over" in refused(state, state.space.play[1], IllegalAction)  # type: ignore[attr-defined]


def test_akropolis_refuses_bool_fields_and_look_alike_classes() -> None:
    state = new_game("akropolis", players=2, seed=1)
    legal = state.legal_actions()[0]
    assert isinstance(legal, Place)
    refused(state, Place(True, legal.q, legal.r, legal.rotation))
    refused(state, Place(1.0, legal.q, legal.r, legal.rotation))  # type: ignore[arg-type]

    class Loud(Place):
        def __str__(self) -> str:
            return "not what the game would write"

    refused(state, Loud(*legal))

    class Other(NamedTuple):
        position: int
        q: int
        r: int
        rotation: int

    refused(state, Other(*legal))
    caller = Place(*legal)
    state.apply(caller)
    assert type(state.history[-1][1]) is Place and state.history[-1][1] is not caller


def test_aztec_refuses_look_alikes_in_placements_and_the_auction() -> None:
    two = new_game("aztec", players=2)
    legal = two.legal_actions()[0]
    assert isinstance(legal, Placement)
    refused(two, Placement(True, legal.corner))
    with pytest.raises(InvalidAction):
        two.action_id(Placement(legal.orientation, float(legal.corner)))  # type: ignore[arg-type]
    three = new_game("aztec", players=3)
    refused(three, Bid(True))
    refused(three, Bid(3.0))  # type: ignore[arg-type]
    three.apply(Bid(3))
    assert three.history[-1][1] == Bid(3) and three.legal_actions()[-1] is AUCTION_PASS


@pytest.mark.parametrize("name, players", [("zapotec", 3), ("akropolis", 2), ("aztec", 3)])
def test_every_look_alike_of_every_legal_action_is_invalid(name: str, players: int) -> None:
    state = new_game(name, players=players, seed=2)
    for action in state.legal_actions()[:40]:
        for fake in look_alikes(action):
            refused(state, fake)


# --- item 2: component data sets are named, never read from a path ----------------------------


def test_components_option_never_reads_a_file(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text(json.dumps({"trade_costs": [0, 0, 1]}))
    messages = []
    for path in (real, tmp_path / "missing.json", Path("/dev/zero")):
        with pytest.raises(UnknownOption) as caught:
            new_game("zapotec", players=3, components=str(path))
        messages.append(str(caught.value).replace(repr(str(path)), "PATH"))
    assert len(set(messages)) == 1  # nothing tells whether a path exists or what it holds
    assert "no data set named PATH" in messages[0]


def test_positions_and_records_cannot_name_a_file() -> None:
    state = new_game("zapotec", players=3, seed=4)
    position = state.position()
    options = field(position, "options")
    assert f"components:{BUILT_IN}" in options
    options = options.replace(f"components:{BUILT_IN}", "components:%2Fdev%2Fzero")
    with pytest.raises(InvalidPosition, match="no data set named '/dev/zero'"):
        from_position("zapotec", with_field(position, "options", options))
    data = state.record().to_json()
    data["options"]["components"] = "/etc/passwd"
    with pytest.raises(RecordError, match="no data set named '/etc/passwd'"):
        replay(data)


def test_records_name_their_data_set_by_name_or_content_hash() -> None:
    state = new_game("zapotec", players=3, seed=4)
    assert state.record().options["components"] == BUILT_IN
    name = register_components({"trade_costs": [0, 0, 1]})
    assert name == register_components({"trade_costs": [0, 0, 1]})  # the content names it
    custom = new_game("zapotec", players=3, seed=4, components=name)
    record = custom.record()
    assert record.options["components"] == name
    assert replay(record.dumps()).position() == custom.position()
    data = record.to_json()
    data["options"]["components"] = "sha256:" + "0" * 64
    with pytest.raises(RecordError, match="no data set named"):
        replay(data)


def test_a_data_set_file_named_by_the_user_is_read_bounded(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_text(" " * MAX_FILE_BYTES + "{}")
    with pytest.raises(UnknownOption, match="larger than"):
        read_components_file(big)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(UnknownOption, match="not UTF-8"):
        read_components_file(binary)
    nested = tmp_path / "nested.json"
    nested.write_text("[" * 100_000)
    with pytest.raises(UnknownOption, match="nested too deeply|not valid JSON"):
        read_components_file(nested)
    with pytest.raises(UnknownOption, match="not a regular file|Is a directory"):
        read_components_file(tmp_path)
    if Path("/dev/zero").exists():
        with pytest.raises(UnknownOption, match="not a regular file"):
            read_components_file("/dev/zero")
    listing = tmp_path / "list.json"
    listing.write_text("[1, 2]")
    with pytest.raises(UnknownOption, match="JSON object"):
        read_components_file(listing)


# --- item 3: impossible positions ---------------------------------------------------------------


def zapotec_after_commits() -> ZapotecState:
    """A 3-player game in the first turn: every seat has committed its card."""
    state = new_game("zapotec", players=3, seed=5)
    assert isinstance(state, ZapotecState)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    assert state.phase != 0 and all(state.played)
    return state


def test_zapotec_positions_with_a_card_in_two_places_are_refused() -> None:
    position = zapotec_after_commits().position()
    hands = [hand.split(".") for hand in field(position, "hands").split("/")]
    hands[1][0] = hands[0][0]
    with pytest.raises(InvalidPosition, match="two places"):
        from_position("zapotec", with_field(position, "hands", "/".join(map(".".join, hands))))
    offer = field(position, "offer").split(",")
    offer[1] = offer[0]
    with pytest.raises(InvalidPosition, match="two places"):
        from_position("zapotec", with_field(position, "offer", ",".join(offer)))


def test_zapotec_positions_with_no_card_played_after_the_commits_are_refused() -> None:
    position = zapotec_after_commits().position()
    with pytest.raises(InvalidPosition, match="played a different card"):
        from_position("zapotec", with_field(position, "played", "0,0,0"))


def test_zapotec_positions_whose_counts_do_not_add_up_are_refused() -> None:
    position = zapotec_after_commits().position()
    hands = field(position, "hands").split("/")
    hands[2] = hands[2].rsplit(".", 1)[0]  # a card vanished from a hand
    with pytest.raises(InvalidPosition, match="holds|missing"):
        from_position("zapotec", with_field(position, "hands", "/".join(hands)))
    with pytest.raises(InvalidPosition, match="phase|turn"):
        from_position("zapotec", with_field(position, "phase", "commit"))
    stacks = field(position, "stacks").split(",")
    stacks[0] = str(int(stacks[0]) - 1)
    with pytest.raises(InvalidPosition, match="trade tiles"):
        from_position("zapotec", with_field(position, "stacks", ",".join(stacks)))


def test_akropolis_positions_off_the_turn_rhythm_are_refused() -> None:
    state = new_game("akropolis", players=3, seed=2)
    for _ in range(2):
        state.apply(state.legal_actions()[0])
    fields = state.position().split(";")
    turn, chief, stacks, pending = fields[3].split(",")
    fields[3] = ",".join(((str((int(turn) + 1) % 3)), chief, stacks, pending))
    with pytest.raises(InvalidPosition, match="impossible akropolis position"):
        from_position("akropolis", ";".join(fields))
    fields = state.position().split(";")
    fields[6], fields[7] = fields[7], fields[6]  # seat 2 took seat 1's tile out of turn
    with pytest.raises(InvalidPosition):
        from_position("akropolis", ";".join(fields))


# --- item 4: other exception types escaping ----------------------------------------------------


def test_huge_numbers_in_notation_are_invalid_actions() -> None:
    state = new_game("akropolis", players=2, seed=1)
    for text in ("9" * 5000 + "@0,0/0", "1@" + "9" * 5000 + ",0/0", "reveal " + "9" * 5000):
        with pytest.raises(InvalidAction):
            state.parse_action(text)
    for name in ("zapotec", "aztec"):
        with pytest.raises(InvalidAction):
            new_game(name, seed=1).parse_action("bid " + "9" * 5000)


def test_record_seats_that_only_look_like_digits_are_record_errors() -> None:
    state = new_game("akropolis", players=2, seed=1)
    state.apply(state.legal_actions()[0])
    for seat in ("²", "٣", "9" * 5000, -1, True, 1.0):
        data = state.record().to_json()
        data["actions"][-1]["seat"] = seat
        with pytest.raises(RecordError, match="is not a seat"):
            replay(data)


def test_bad_record_text_is_a_record_error(tmp_path: Path) -> None:
    for text in ("[" * 100_000, '{"a": ' * 5000, "1" * 5000, "\x00"):
        with pytest.raises(RecordError):
            Record.loads(text)
    binary = tmp_path / "binary.json"
    binary.write_bytes(bytes(range(256)))
    with pytest.raises(RecordError, match="not a stonework record"):
        Record.load(binary)
    with pytest.raises(RecordError, match="not a regular file|Is a directory"):
        Record.load(tmp_path)
    if Path("/dev/zero").exists():
        with pytest.raises(RecordError, match="not a regular file"):
            Record.load("/dev/zero")
    for value in (None, b"{}", 7, ["x"]):
        with pytest.raises(RecordError):
            replay(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["zapotec", "akropolis", "aztec"])
def test_positions_that_are_not_text_are_invalid(name: str) -> None:
    text = new_game(name, seed=1).position()
    for value in (None, text.encode(), 7, [text]):
        with pytest.raises(InvalidPosition):
            from_position(name, value)  # type: ignore[arg-type]
    with pytest.raises(InvalidPosition):
        from_position(name, text + " " * (1 << 17))


@pytest.mark.parametrize("name", ["zapotec", "akropolis", "aztec"])
def test_player_counts_are_exact_ints(name: str) -> None:
    for players in (2.0, True, "2", None.__class__):
        with pytest.raises(UnknownOption, match="is played by"):
            stonework.new_game(name, players=players)  # type: ignore[arg-type]


def test_aztec_auction_entries_that_only_look_like_digits_are_invalid() -> None:
    text = new_game("aztec", players=3).position().split()
    for entry in ("²", "9" * 5000, "٣"):
        text[3] = entry
        with pytest.raises(InvalidPosition):
            from_position("aztec", " ".join(text))


def test_option_values_of_the_wrong_type_are_unknown_options() -> None:
    bad: list[dict[str, Any]] = [
        {"components": 3},
        {"components": ["v1"]},
        {"resource_supply": 2.0},
        {"resource_supply": True},
        {"resource_supply": "9" * 5000},
        {"small_on_large": 1},
    ]
    for options in bad:
        with pytest.raises(UnknownOption):
            new_game("zapotec", players=3, **options)


def test_a_pickled_state_carries_its_registered_data_set(tmp_path: Path) -> None:
    """A worker process (arena, spawn) rebuilds a state whose data set it never registered."""
    name = register_components({"trade_costs": [0, 0, 2]})
    state = new_game("zapotec", players=2, seed=1, components=name)
    path = tmp_path / "state.pickle"
    path.write_bytes(pickle.dumps(state))
    script = (
        "import pickle, sys; s = pickle.loads(open(sys.argv[1], 'rb').read()); "
        "print(s.comp.trade_costs, s.position() == sys.argv[2])"
    )
    out = subprocess.run(
        [sys.executable, "-c", script, str(path), state.position()],
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.split() == ["(0,", "0,", "2)", "True"]


ZAPOTEC_VARIANTS: list[dict[str, Any]] = [
    {"palace_uses_house": True, "building_tiles": "rules"},
    {"actions_after_building": True, "pyramid_complete": "three-levels"},
    {"one_pyramid_level_per_turn": True, "resource_supply": 3, "small_on_large": False},
    {"free_ritual_needs_pyramid": True, "sacrifice_past_end": False},
]


@pytest.mark.parametrize("options", ZAPOTEC_VARIANTS)
def test_zapotec_checks_accept_every_position_of_real_games(options: dict[str, Any]) -> None:
    """The position checks are not stricter than the game: every position of played games
    (rule variants, determinized copies too) reads back."""
    state = new_game("zapotec", players=3, **options)
    rng = derive_rng(7, "variants", *sorted(options))
    while not state.is_terminal:
        assert from_position("zapotec", state.position()).position() == state.position()
        if state.current_player >= 0 and rng.random() < 0.2:
            copy = state.determinize(state.current_player, rng)
            from_position("zapotec", copy.position())
        state.apply(state.random_action(rng))
    assert from_position("zapotec", state.position()).position() == state.position()


@pytest.mark.parametrize("players", [1, 3])
def test_akropolis_checks_accept_every_position_of_a_long_game(players: int) -> None:
    """The turn-rhythm checks hold in the long game and solo (the Architect takes tiles too)."""
    state = new_game("akropolis", players=players, long_game=True)
    rng = derive_rng(8, "long", players)
    while not state.is_terminal:
        assert from_position("akropolis", state.position()).position() == state.position()
        state.apply(state.random_action(rng))
    assert from_position("akropolis", state.position()).position() == state.position()

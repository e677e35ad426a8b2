"""The core: registry, options, records and randomness discipline (DESIGN.md, "The game protocol")."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import stonework
from stonework.core import (
    Record,
    RecordError,
    UnknownGame,
    UnknownOption,
    derive_rng,
    play_random,
    register,
    replay,
    save_state,
)
from stonework.core.options import OptionSpec
from stonework.core.registry import get_game, new_game, unregister
from toys import make_spec

SRC = Path(__file__).resolve().parents[1] / "src" / "stonework"


@pytest.fixture(autouse=True)
def pile_registered() -> Iterator[None]:
    """The toy game is registered only while these tests run."""
    register(make_spec())
    yield
    unregister("pile")


def finished_game(seed: int = 5) -> stonework.State:
    return play_random(new_game("pile", players=3, pile=9), derive_rng(seed, "test"))


def test_unknown_game_lists_valid_names() -> None:
    with pytest.raises(UnknownGame, match="the games are: .*pile"):
        new_game("chess")


def test_unknown_option_lists_valid_options() -> None:
    with pytest.raises(UnknownOption, match="its options are: pile"):
        new_game("pile", colour="red")
    with pytest.raises(UnknownOption, match="out of range"):
        new_game("pile", pile=99)
    with pytest.raises(UnknownOption, match="played by 2, 3 players"):
        new_game("pile", players=5)


def test_option_parsing_from_text() -> None:
    spec = OptionSpec("x", "bool", False, "a flag")
    assert spec.parse("yes") is True and spec.parse("off") is False
    with pytest.raises(UnknownOption, match="not true or false"):
        spec.parse("maybe")
    choice = OptionSpec("mode", "choice", "a", "a mode", choices=("a", "b"))
    with pytest.raises(UnknownOption, match="allowed: a, b"):
        choice.validate("c")
    pairs = get_game("pile").options.parse_pairs("pile", ["pile=12"])
    assert pairs == {"pile": 12}
    with pytest.raises(UnknownOption, match="KEY=VALUE"):
        get_game("pile").options.parse_pairs("pile", ["pile"])


def test_seed_resolves_setup_chance() -> None:
    state = new_game("pile", seed=3)
    assert state.current_player == 0
    assert new_game("pile", seed=3).position() == state.position()
    assert new_game("pile").current_player == stonework.CHANCE


def test_list_games_metadata_is_json() -> None:
    data = [spec.to_json() for spec in stonework.list_games()]
    assert json.loads(json.dumps(data)) == data
    pile = next(d for d in data if d["name"] == "pile")
    assert pile["has_chance"] and pile["hidden_information"]
    assert pile["options"][0]["default"] == 7


def test_record_round_trip_and_replay(tmp_path: Path) -> None:
    state = finished_game()
    path = tmp_path / "game.json"
    save_state(state, path)
    again = replay(Record.load(path))
    assert again.position() == state.position()
    assert again.history == state.history
    partial = replay(Record.load(path), upto=4)
    assert len(partial.history) == 4


def test_truncated_record_fails(tmp_path: Path) -> None:
    data = finished_game().record().to_json()
    data["actions"] = data["actions"][:-2]
    with pytest.raises(RecordError, match="says it has .* entries but holds"):
        replay(data)
    path = tmp_path / "cut.json"
    path.write_text(json.dumps(finished_game().record().to_json())[:-40])
    with pytest.raises(RecordError, match="not valid JSON"):
        Record.load(path)


def test_reordered_record_names_first_bad_entry() -> None:
    data = finished_game().record().to_json()
    actions = data["actions"]
    actions[2], actions[4] = actions[4], actions[2]  # a deal moved after a move
    with pytest.raises(RecordError, match=r"entry 2 \(1: .take \d.\): it is not that seat"):
        replay(data)


def test_tampered_record_names_first_bad_entry() -> None:
    data = finished_game().record().to_json()
    data["actions"][1]["action"] = data["actions"][0]["action"]  # the same card twice
    with pytest.raises(RecordError, match=r"entry 1 \(chance: 'deal \d'\): .*not legal"):
        replay(data)
    data = finished_game().record().to_json()
    data["actions"][5]["action"] = "steal 3"
    with pytest.raises(RecordError, match="entry 5 .*'steal 3'"):
        replay(data)
    data = finished_game().record().to_json()
    data["actions"][5]["seat"] = "chance"
    with pytest.raises(RecordError, match="entry 5 .*not that seat's turn"):
        replay(data)


def test_edited_final_position_is_caught() -> None:
    state = finished_game()
    record = state.record()
    record.final_position = state.position().replace(";", ";9", 1)
    with pytest.raises(RecordError, match="different position"):
        replay(record.dumps())


def test_garbage_records() -> None:
    for bad in ("[]", '{"format": "x"}', '{"format": "stonework-record", "version": 99}'):
        with pytest.raises(RecordError):
            Record.loads(bad)
    with pytest.raises(RecordError, match="seat"):
        Record.from_json(
            {
                "format": "stonework-record",
                "version": 1,
                "game": "pile",
                "players": 2,
                "actions": [{"seat": "x", "action": "deal 1"}],
            }
        )


GLOBAL_RANDOM = re.compile(
    r"\brandom\.(random|choice|choices|randint|randrange|shuffle|sample|seed|uniform|getrandbits)\("
    r"|from random import"
)


def test_no_global_random_anywhere() -> None:
    """DESIGN.md: nothing uses the global ``random``; generators are passed in."""
    offenders = []
    for path in SRC.rglob("*.py"):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if GLOBAL_RANDOM.search(line):
                offenders.append(f"{path.relative_to(SRC)}:{number}: {line.strip()}")
    assert offenders == []


def test_bench_measures_complete_games() -> None:
    from stonework.core.bench import bench

    result = bench("pile", players=2, seconds=0.05)
    assert result.games >= 1 and result.decisions >= result.games * 4
    assert result.chance_per_game == 2
    assert result.to_json()["game"] == "pile"

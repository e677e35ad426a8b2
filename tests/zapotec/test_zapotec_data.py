"""Data sets, options, notation, positions, the golden game and rendering of Zapotec.

Regenerate the golden record (only after a deliberate rules change) with
``python tests/zapotec/test_zapotec_data.py``.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from zapotec_helpers import (
    DATA,
    eager_action,
    legal_texts,
    new,
    on_turn,
)

import stonework
from stonework.core import (
    InvalidAction,
    InvalidPosition,
    Record,
    UnknownOption,
    derive_rng,
    from_position,
    make_rng,
    replay,
)
from stonework.core.conformance import check_game, perft
from stonework.core.state import State
from stonework.games.zapotec.components import compile_components, default_data
from stonework.games.zapotec.datasets import read_components_file, register_components
from stonework.games.zapotec.phases import FREE_RITUAL, INCOME
from stonework.games.zapotec.scenario import Scenario

GOLDEN = DATA / "zapotec_4p_seed17.json"


def golden_game(seed: int = 17) -> State:
    """The seeded 4-player game of the golden file: setup by seed 17, seeded players after."""
    state = stonework.new_game("zapotec", players=4, seed=seed)
    rng = derive_rng(seed, "zapotec-golden")
    while not state.is_terminal:
        state.apply(eager_action(state, rng))  # type: ignore[arg-type]
    return state


def write_golden() -> None:
    state = golden_game()
    record = state.record()
    record.final_position = state.position()
    record.meta = {"scores": [s.to_json() for s in state.scores()], "ranking": state.ranking()}
    GOLDEN.parent.mkdir(exist_ok=True)
    record.save(GOLDEN)


def test_golden_game_replays() -> None:
    """A seeded 4-player game recorded as a golden file replays to its final position and scores."""
    record = Record.load(GOLDEN)
    state = replay(record)
    assert state.is_terminal
    assert state.position() == record.final_position
    assert [s.to_json() for s in state.scores()] == record.meta["scores"]
    assert state.ranking() == record.meta["ranking"]


def test_golden_game_is_reproduced() -> None:
    """The same seeds play the same game (engine order and chance are stable)."""
    assert golden_game().record().entries == Record.load(GOLDEN).entries


def test_default_data_round_trips_through_json() -> None:
    """components.py tables and their JSON form compile to the same data set."""
    data = default_data()
    again = compile_components(json.loads(json.dumps(data)))
    base = compile_components(data)
    assert again.cards == base.cards and again.trade_tiles == base.trade_tiles
    assert again.rituals == base.rituals and again.track_bonuses == base.track_bonuses


def test_alternative_data_set_from_a_file(tmp_path: Path) -> None:
    """An alternative data set loads from a JSON file the user names, by its content hash."""
    path = tmp_path / "cheap.json"
    path.write_text(json.dumps({"trade_costs": [0, 0, 1], "start_resources": {"gold": 1}}))
    name = read_components_file(path)
    assert name.startswith("sha256:") and str(tmp_path) not in name
    state = new(4, components=name)
    assert state.res[0] == [0, 0, 0, 0, 1, 0]
    state = on_turn("village", "brick", Scenario(state))
    assert "buy I.1" in legal_texts(state) and "buy II.1" in legal_texts(state)
    assert "buy III.1" not in legal_texts(state)
    rebuilt = from_position("zapotec", state.position())
    assert rebuilt.position() == state.position()


def test_alternative_data_set_with_new_effects() -> None:
    """New cards of known effect kinds need no code: a track bonus of points, a new ritual."""
    data = default_data()
    data["sacrifice_track"]["bonuses"]["1"] = {"kind": "points", "amount": 2}
    scenario = Scenario.new(
        4, components=register_components({"sacrifice_track": data["sacrifice_track"]})
    )
    state = on_turn("village", "brick", scenario, priest=1, corn=1)
    state.apply_text("sacrifice 1")
    assert state.points[0] == 2


def test_bad_data_sets_are_refused(tmp_path: Path) -> None:
    """A missing file, bad JSON or an unknown effect kind fail with UnknownOption."""
    with pytest.raises(UnknownOption, match="cannot read"):
        read_components_file(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(UnknownOption, match="not valid JSON"):
        read_components_file(bad)
    data = default_data()
    data["rituals"][0]["effect"] = {"kind": "dance"}
    with pytest.raises(UnknownOption, match="unknown effect kind"):
        compile_components(data)
    data = default_data()
    data["building_tiles"] = [["village", ["stone", "gold"], 2]]
    with pytest.raises(UnknownOption, match="tiles"):
        compile_components(data)


def test_options_are_declared_with_assumed_flags() -> None:
    """Every flag of the rules file is an option; ASSUMED defaults say so."""
    spec = stonework.get_game("zapotec")
    by_name = {o.name: o for o in spec.options.specs}
    assert by_name["one_pyramid_level_per_turn"].default is False
    for name in (
        "actions_after_building",
        "palace_matches_icon",
        "small_on_large",
        "pyramid_complete",
        "free_ritual_needs_pyramid",
        "sacrifice_past_end",
        "resource_supply",
        "palace_uses_house",
        "tie_breakers",
    ):
        assert by_name[name].assumed, name
    with pytest.raises(UnknownOption):
        stonework.new_game("zapotec", players=4, flying_pyramids=True)


def test_limited_supply_option() -> None:
    """§1 ASSUMED unlimited supply; resource_supply=N caps what can be taken."""
    scenario = Scenario.new(2, resource_supply=3).turn(0, "cornfield", "wood", income=False)
    state = scenario.resources(0, wood=2).resources(1, wood=1).state()  # 3 wood held in all
    assert state.phase == INCOME and state.current_player == 0
    state.apply_text("income row")
    assert state.res[0][0] == 2


def test_notation_round_trip_and_ids() -> None:
    """Every action of the space has a unique id and notation that reads back to it."""
    state = new(4)
    space = state.space
    for index, action in enumerate(space.actions):
        assert state.action_id(action) == index
        assert state.parse_action(str(action)) == action
    assert str(state.parse_action("buy  II.3")) == "buy II.3"
    for text in ("", "build nowhere slot 1", "buy IV.1", "pyramid 9", "play 99"):
        with pytest.raises(InvalidAction):
            state.parse_action(text)


def test_position_round_trip_mid_game() -> None:
    """The position string rebuilds the same state at every kind of moment."""
    state = new(3, seed=21)
    rng = make_rng(4)
    for step in range(200):
        if state.is_terminal:
            break
        if step % 5 == 0:
            rebuilt = from_position("zapotec", state.position())
            assert rebuilt.position() == state.position()
            assert [str(a) for a in rebuilt.legal_actions()] == legal_texts(state)
            assert rebuilt.observation(1) == state.observation(1)
        state.apply(state.random_action(rng))


def test_bad_positions() -> None:
    """Malformed positions fail with InvalidPosition."""
    good = new(2).position()
    for text in ("", "akropolis;players=2", good.replace("players=2", "players=7"), good[:-30]):
        with pytest.raises(InvalidPosition):
            from_position("zapotec", text)


def test_svg_is_well_formed_and_text_shows_own_hand() -> None:
    """Rendering: the SVG parses as XML; text shows the board and only the viewer's hand."""
    state = new(4, seed=2)
    for seat in (None, 0, 3):
        ET.fromstring(state.to_svg(seat))
    text = state.to_text(2)
    assert "pyramid 1:" in text and "trade row II" in text and "sacrifice track" in text
    assert state.comp.card_text(state.hands[2][0]) in text
    assert state.comp.card_text(state.hands[1][0]) not in text
    assert state._repr_svg_().startswith("<svg")


def test_summary_for_rules_command() -> None:
    """The registered summary describes the game for ``stonework rules zapotec``."""
    assert "pyramid" in stonework.get_game("zapotec").summary


def test_random_games_all_player_counts() -> None:
    """Random complete games end at every player count with plain-JSON scores."""
    for players in (2, 3, 4):
        state = new(players, seed=players)
        rng = make_rng(players)
        while not state.is_terminal:
            state.apply_unchecked(state.random_action(rng))
        assert state.round == 5
        assert json.loads(json.dumps([s.to_json() for s in state.scores()]))


if __name__ == "__main__":
    write_golden()
    print(f"wrote {GOLDEN}")


def test_perft_from_a_seeded_start() -> None:
    """Perft regression: 6 cards to commit per seat at 2 players (§4.3), then 2 incomes (§5.2a)."""
    state = new(2, seed=1)
    assert [perft(state, depth) for depth in range(1, 6)] == [6, 36, 72, 6552, 30024]
    tiles = stonework.new_game("zapotec", players=4, building_tiles="rules")
    assert [perft(tiles, depth) for depth in range(1, 4)] == [3, 9, 27]


@pytest.mark.parametrize(
    "options",
    [
        {"building_tiles": "rules", "one_pyramid_level_per_turn": True},
        {"actions_after_building": True, "palace_matches_icon": False, "small_on_large": False},
        {"pyramid_complete": "three-levels", "sacrifice_past_end": False, "resource_supply": 6},
        {"palace_uses_house": True, "tie_breakers": "shared", "free_ritual_needs_pyramid": True},
    ],
)
def test_conformance_with_options(options: dict[str, object]) -> None:
    """The conformance kit also passes with the non-default rule options."""
    report = check_game("zapotec", games=1, seed=3, players=3, **options)
    assert report.games == 1 and report.decisions > 0


def test_pickle_shares_the_data_set() -> None:
    """A pickled state (process pools) carries no copy of the data set and plays on."""
    import pickle

    state = new(4, seed=3)
    text = pickle.dumps(state)
    again = pickle.loads(text)
    assert again.position() == state.position() and again.comp is state.comp
    assert len(text) < 20_000
    again.apply(again.legal_actions()[0])


def test_reshaped_data_set_plays_without_code_changes() -> None:
    """Issue 5 / zapotec.md preamble: every ASSUMED table can be replaced from JSON. A data set
    with another card table (§4.2), other "3+"/"4" spaces (§2.1), the 5/5/5 building tiles
    (§2.2), another track (§9: length, corn, bonuses, rewards), other rituals (§8), 2 face-up
    tiles per row (§6), other hand sizes, rounds and mini deck (§4.3) plays complete games that
    pass the conformance kit, and follows the new values."""
    data = default_data("rules")
    for row in data["cards"]:
        row[2] = {"wood": "brick", "brick": "stone", "stone": "wood"}[row[2]]
    for section in data["sections"]:
        section["spaces"][3], section["spaces"][4] = section["spaces"][4], section["spaces"][3]
    data["sacrifice_track"] = {
        "length": 13,
        "max_corn": 4,
        "rewards": [10, 5, 2],
        "bonuses": {
            "1": {"kind": "points", "amount": 1},
            "4": {"kind": "trade_discount", "amount": 2},
            "10": {"kind": "free_ritual"},
        },
    }
    data["rituals"] = data["rituals"][:2]
    data["rituals_in_play"] = 2
    data["trade_face_up"] = 2
    data["hand_size"] = {"2": 5, "3": 4, "4": 3}
    data["rounds"] = 4
    data["mini_deck"] = 3
    name = register_components(data)
    report = check_game("zapotec", games=1, seed=5, players=3, components=name)
    assert report.games == 1
    state = new(4, seed=2, components=name)
    assert len(state.rituals) == 2 and all(len(row) == 2 for row in state.trade_rows)
    assert all(len(hand) == 3 for hand in state.hands)
    assert state.comp.card_text(14) == "#14 hills/wood"
    assert sum(state.in_play) == 45
    state = on_turn("village", "stone", Scenario(state), priest=1, corn=4, gold=1)
    assert [m for m in legal_texts(state) if m.startswith("sacrifice")][-1] == "sacrifice 4"
    state.apply_text("sacrifice 4")
    assert state.points[0] == 1 and "buy III.1" in legal_texts(state)  # 3 - 2 gold
    rng = make_rng(1)
    while not state.is_terminal:
        state.apply(eager_action(state, rng))  # type: ignore[arg-type]
    assert state.round == 4


def test_svg_player_boards_show_pieces_discs_and_own_choice() -> None:
    """Rendering (issue 5): each player board shows resources, pieces left, ritual discs and the
    track; a committed card is shown to its owner only, others see that a card was chosen."""
    state = new(3, seed=4)
    card = state.hands[0][0]
    state.apply_text(f"play {card}")
    own = state.to_svg(0)
    # Pieces are drawn as shapes with their counts (large, medium, small; houses; discs).
    for count in ("L×1", "M×2", "S×3", "×3 discs", "×9 houses", "sacrifice track: space 0"):
        assert f">{count}</text>" in own, count
    assert f"your choice: {state.comp.card_text(card)}" in own
    for seat in (1, None):
        view = state.to_svg(seat)
        assert "has chosen a card" in view and state.comp.card_text(card) not in view


def test_position_round_trip_during_a_free_ritual() -> None:
    """The position string keeps the free-ritual moment of §9 (space 11) and the turn counters
    (§6 rows bought, §5.2b levels built)."""
    scenario = Scenario.new(4, one_pyramid_level_per_turn=True)
    state = on_turn("village", "brick", scenario, priest=2, corn=5, gold=1)
    state.apply_text("buy I.1")
    state = Scenario(state).track(0, 9).state()
    state.apply_text("sacrifice 2")
    assert state.phase == FREE_RITUAL
    text = state.position()
    rebuilt = from_position("zapotec", text)
    assert rebuilt.position() == text
    assert [str(a) for a in rebuilt.legal_actions()] == ["ritual 1", "ritual 2", "ritual 3"]
    rebuilt.apply_text("ritual 2")
    assert "buy I.2" not in [str(a) for a in rebuilt.legal_actions()]  # row I bought this turn


def test_documented_notation_parses() -> None:
    """Issue 5 (notation documented): every action written in docs/zapotec.md's notation table
    and chance-outcome list reads back, and ``str`` gives the same text."""
    import re

    docs = (Path(__file__).parents[2] / "docs" / "zapotec.md").read_text(encoding="utf-8")
    section = docs.split("## Notation", 1)[1].split("Spaces are", 1)[0]
    examples = [
        text
        for text in re.findall(r"`([^`]+)`", section)
        if text not in ("save RESOURCE", ">") and not text.startswith("#")
    ]
    assert len(examples) >= 18
    # v5: the table's once-a-round tile that only gives (III:priest) pays at once from v6 on
    state = new(4, building_tiles="rules", components="v5")
    for text in examples:
        assert str(state.parse_action(text)) == text, text


def test_out_of_range_positions_are_invalid() -> None:
    """Bad input: a position string whose numbers are out of range (a grid tile, a card, a
    trade stack, a seat) is refused with InvalidPosition when read, never accepted to fail later."""
    state = new(4, seed=3)
    rng = make_rng(3)
    for _ in range(60):
        state.apply(eager_action(state, rng))
    good = state.position()
    fields = dict(part.partition("=")[::2] for part in good.split(";")[1:])
    edits = {
        "hands": fields["hands"].replace(".", ".-", 1),
        "stacks": "9," + fields["stacks"],
        "offer": fields["offer"] + ",99",
        "scoring_card": "28",
        "order": "0,1,2,7",
        "rituals": "42:0," + fields["rituals"].split(",", 1)[1],
        "pyramids": "temple:9L/" + fields["pyramids"].split("/", 1)[1],
        "p2": "0,0,0,0,0,0|5,-,-,-,-,-,-,-,-|9|-|3,2,1|3|0|0|0||",
        "p1": "0,0,0,0,0,0|-,-,-,-,-,-,-,-,-|9|-|3,2,1|3|40|0|0||",
        "queue": "hand.6",
        "round": "9",
    }
    for key, value in edits.items():
        text = good.replace(f";{key}={fields[key]};", f";{key}={value};")
        assert text != good, key
        with pytest.raises(InvalidPosition):
            from_position("zapotec", text)
    assert from_position("zapotec", good).position() == good


def test_mangled_positions_are_refused_or_playable() -> None:
    """Bad input: a position string with a few characters changed either fails with
    InvalidPosition or builds a state whose views and moves all work (no other exception)."""
    from stonework.core import StoneworkError

    state = new(3, seed=5)
    rng = make_rng(5)
    for _ in range(50):
        state.apply(eager_action(state, rng))
    good = state.position()
    mangle = make_rng(9)
    for _ in range(400):
        chars = list(good)
        k = mangle.randrange(len(chars))
        chars[k] = mangle.choice("0123456789-,;=.:/|x")
        try:
            other = from_position("zapotec", "".join(chars))
        except StoneworkError:
            continue
        actions = other.legal_actions()
        other.observation(0), other.to_text(1), other.observation_tensor(2), other.scores()
        if actions and not other.is_terminal:
            other.apply(actions[mangle.randrange(len(actions))])


@pytest.mark.parametrize("from_source", [True, False])
def test_fields_name_every_field_and_clone_and_pickle_copy_them(
    from_source: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """FIELDS is complete (pickling, and clone() in the compiled build, copy field by field),
    and both copies hold every field; the compiled build's clone() is also run from source."""
    import pickle

    from stonework.core.compiled import is_extension
    from stonework.games.zapotec import state as state_module
    from stonework.games.zapotec.state import FIELDS

    if is_extension(state_module):
        if from_source:
            pytest.skip("the compiled build always copies field by field")
    else:
        monkeypatch.setattr(state_module, "FROM_SOURCE", from_source)
    state = new(3, seed=5)
    rng = derive_rng(5, "fields")
    for _ in range(60):
        state.apply(state.random_action(rng))
    if not is_extension(state_module):  # a compiled state keeps its fields outside __dict__
        assert sorted(vars(state)) == sorted(FIELDS)
    for copy in (state.clone(), pickle.loads(pickle.dumps(state))):
        for name in FIELDS:
            assert getattr(copy, name) == getattr(state, name), name
        assert copy.position() == state.position()

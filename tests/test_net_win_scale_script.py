"""benchmarks/akropolis_net_win_scale.py: the network squashed by a law of the tiles left."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from types import ModuleType

import pytest

from bench_scripts import load_script

pytest.importorskip("numpy")

from stonework.agents.catalog import agent_from_spec
from stonework.agents.shipped_leaf import ShippedLeafNet, shipped_leaf_path
from stonework.core.registry import get_game
from stonework.core.state import CHANCE
from stonework.games.akropolis.evaluation import tiles_left
from stonework.games.akropolis.leaf_net import LeafNet


@pytest.fixture(scope="module")
def script() -> ModuleType:
    return load_script("akropolis_net_win_scale")


def test_the_law_squashes_by_the_tiles_left_and_25_everywhere_is_expert(
    script: ModuleType,
) -> None:
    net = LeafNet.load(shipped_leaf_path("akropolis", 2) or "")
    spec = get_game("akropolis")
    state = spec.new_state(2, spec.options.resolve("akropolis", {}))
    rng = random.Random(4)
    greedy = agent_from_spec("greedy")
    same = script.ScaledLeafNet(net, (25.0, 0.0, 25.0))
    law = script.ScaledLeafNet(net, (9.0, 1.5, 36.0))
    shipped = ShippedLeafNet()
    seen = 0
    while not state.is_terminal:
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        assert same(state) == pytest.approx(shipped(state))
        scale = min(36.0, 9.0 + 1.5 * tiles_left(state))
        assert law(state)[0] == pytest.approx(math.tanh(net.margin(state) / scale))
        assert law(state)[1] == -law(state)[0]
        seen += 1
        state.apply(greedy.act(state, rng))
    assert seen > 30


@pytest.mark.parametrize("law", ["9,1.5", "a,b,c", "0,1,30", "20,1,10"])
def test_a_bad_law_is_one_line(script: ModuleType, law: str) -> None:
    with pytest.raises(SystemExit, match="--law"):
        script.main(["match", "--law", law, "--", "akropolis"])


def test_measure_prints_a_scale_for_each_count_of_tiles_left(
    script: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from stonework.learn.leaf_games import play_games

    journal = tmp_path / "teacher.jsonl"
    play_games(journal, "greedy", 2, 0)
    assert [json.loads(line)["seed"] for line in journal.read_text().splitlines()]
    assert script.main(["measure", "--journal", str(journal)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 games; by tiles left")
    assert "   0.5: " in out and "(squared error" in out

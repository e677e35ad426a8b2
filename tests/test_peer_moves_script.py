"""benchmarks/akropolis_peer_moves.py on a journal of our own making (the peer is never needed):
each judge's error of the final margin, by tiles left."""

from __future__ import annotations

import json
import random
from pathlib import Path
from types import ModuleType

import pytest

from bench_scripts import load_script

pytest.importorskip("numpy")

from stonework.agents.catalog import agent_from_spec
from stonework.core.registry import get_game
from stonework.core.state import CHANCE
from stonework.games.akropolis.evaluation import estimate, tiles_left
from stonework.games.akropolis.position import read, write

SHIPPED = Path(__file__).resolve().parent.parent / "src/stonework/learn/weights"


@pytest.fixture(scope="module")
def script() -> ModuleType:
    return load_script("akropolis_peer_moves")


def record(game: int) -> dict[str, object]:
    """A greedy game as the peer bridge journals one: our position before each decision, the
    final position last (our seat is ``game % players``)."""
    spec = get_game("akropolis")
    state = spec.new_state(2, spec.options.resolve("akropolis", {}))
    rng = random.Random(game)
    greedy = agent_from_spec("greedy")
    positions = []
    while not state.is_terminal:
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        positions.append(write(state))
        state.apply(greedy.act(state, rng))
    positions.append(write(state))
    tally = {"our_sheets": [], "peer_sheets": []}  # the final points by type: not looked at here
    return {"game": game, "players": 2, "positions": positions, "tally": tally}


def test_the_margin_errors_cover_every_decision_from_our_seat(
    script: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = [record(0), record(1)]
    net_path = next(SHIPPED.glob("akropolis-2p-*.npz"))
    net = script.load_leaf_value(net_path)
    sums: dict[str, dict[int, list[float]]] = {}
    for game in games:
        script.margin_errors(game, {"hand": None, "net": net}, sums)
    decisions = sum(len(g["positions"]) - 1 for g in games)  # type: ignore[arg-type]
    assert all(sum(len(e) for e in sums[name].values()) == decisions for name in ("hand", "net"))
    # Game 1 has us in seat 1: its last decision's errors, worked out here from that seat.
    positions = games[1]["positions"]
    assert isinstance(positions, list)
    final, last = read(positions[-1]), read(positions[-2])
    scores = [s.total for s in final.scores()]
    margin = scores[1] - scores[0]
    phase = int(tiles_left(last)) // script.PHASE
    hand = estimate(last, 1) - estimate(last, 0) - margin
    assert sums["hand"][phase][-1] == pytest.approx(hand)
    assert sums["net"][phase][-1] == pytest.approx(net.margins(last)[1] - margin)
    journal = tmp_path / "match.jsonl"
    journal.write_text("".join(json.dumps(g) + "\n" for g in games))
    assert script.main([str(journal), "--growth-only", "--net", str(net_path)]) == 0
    out = capsys.readouterr().out
    assert "2 games" in out and f"  {net_path.name}: 0-2: " in out and "  hand: 0-2: " in out


def test_a_net_that_is_not_one_is_one_line(script: ModuleType, tmp_path: Path) -> None:
    bad = tmp_path / "bad.npz"
    bad.write_text("not a network")
    with pytest.raises(SystemExit, match="cannot read the leaf network"):
        script.main([str(tmp_path / "none.jsonl"), "--net", str(bad)])

"""Speed work must not change play: digests of seeded heuristics, scores and agent records.

The digests were taken before the Zapotec greedy speed-up (issue 18, branch ``zspeed``) and must
never move unless the rules, the data or the agents change on purpose: along seeded random games
(data set v5, the default when they were taken, at two, three and four players, and v1 at two),
every decision's legal ids, its heuristic values and those of each one-ply child (what greedy
ranking and a search's expansion read), and the final scores; and the records of seeded greedy
and search tables. The heuristic is hashed through ``repr``, so a value that moves by one bit
fails. Regenerate with ``python tests/zapotec/test_zapotec_digests.py`` only when a change of
play is meant.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys

from stonework.arena.match import Table, play_table
from stonework.core.registry import get_game
from stonework.core.state import CHANCE

RANDOM_GAMES = (
    (2, {"components": "v5"}),
    (3, {"components": "v5"}),
    (4, {"components": "v5"}),
    (2, {"components": "v1"}),
)

TABLES = (
    (2, ("greedy", "greedy"), {"components": "v5"}),
    (4, ("greedy", "greedy", "greedy", "greedy"), {"components": "v5"}),
    (2, ("greedy", "greedy"), {"components": "v1"}),
    (2, ("mcts:40", "greedy"), {"components": "v5"}),
    (4, ("ismcts:30", "greedy", "mcts:30", "greedy"), {"components": "v5"}),
)

EXPECTED = {
    "random": "a29a9f8aef909f966a36f073e2e99db740c13617784781e65d16f8c56f393b0d",
    "tables": "653426b4524f471bb99d4f25ced73b803ae43ccf70148ab2e2fac0559d55f957",
}


def random_digest() -> str:
    """Legal ids, heuristic values (of each decision and its children) and scores, hashed."""
    spec = get_game("zapotec")
    digest = hashlib.sha256()
    for index, (players, options) in enumerate(RANDOM_GAMES):
        for seed in range(2):
            rng = random.Random(1000 * index + seed)
            state = spec.new_state(players, spec.options.resolve("zapotec", dict(options)))
            while not state.is_terminal:
                if state.current_player != CHANCE:
                    digest.update(json.dumps(state.legal_action_ids()).encode())
                    digest.update(repr(state.heuristic()).encode())
                    for action in state.legal_actions():
                        child = state.clone()
                        child.apply_unchecked(action)
                        if child.current_player == CHANCE:
                            child.apply_unchecked(child.sample_chance(rng))
                        digest.update(repr(child.heuristic()).encode())
                state.apply_unchecked(state.random_action(rng))
            digest.update(json.dumps([s.total for s in state.scores()]).encode())
    return digest.hexdigest()


def tables_digest() -> str:
    """The records and scores of seeded greedy and search tables, hashed."""
    out = []
    for index, (players, specs, options) in enumerate(TABLES):
        seats = tuple(range(players))
        table = Table(index, "zapotec", players, dict(options), seats, specs, 90 + index, 5)
        result = play_table(table)
        out.append({"record": result.record, "scores": result.scores})
    return hashlib.sha256(json.dumps(out, sort_keys=True).encode()).hexdigest()


def test_seeded_legal_lists_heuristics_and_scores_are_unchanged() -> None:
    assert random_digest() == EXPECTED["random"]


def test_seeded_greedy_and_search_records_are_unchanged() -> None:
    assert tables_digest() == EXPECTED["tables"]


if __name__ == "__main__":
    json.dump({"random": random_digest(), "tables": tables_digest()}, sys.stdout, indent=4)

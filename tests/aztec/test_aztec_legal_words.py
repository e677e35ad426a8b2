"""The legality test on machine words (``legal_words``, the compiled build's) against big-int
``rules`` and against the engine as it was before it (issue 18, fourth pass).

The reference tests of ``test_aztec_rules.py`` compare both forms through
``aztec_helpers.engine_placements``; here: every option set on game positions and on clouds of
cubes, and fingerprints of seeded play recorded at b372f40 (before ``legal_words`` existed), so
a legal list, a random draw or a search's move that changes in either build fails.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from itertools import product
from pathlib import Path

import pytest

import stonework
from stonework.agents.base import Budget
from stonework.agents.mcts import MCTSAgent
from stonework.games.aztec import legal_words, rules
from stonework.games.aztec.geometry import START, cell_index

OPTION_SETS = list(
    product(("structure", "per_piece", "cell_below"), ("free", "slide"), ("faces", "cubes"))
)

# sha256 of the legal id lists and final positions of 6 seeded random games per option set,
# and of the moves of seeded mcts:40 games at 2 and 3 players, made with main at b372f40.
LEGAL_FINGERPRINT = "8c5b24d239c8168a6f3b884b7960aa7332e049adde18c67013d58db612bf7c3d"
SEARCH_FINGERPRINT = "19928d211e15843c48c5197304ecddb834243eb5d6752ef862a318555bb8d356"


def rules_ids(occupied: int, stability: str, slide: bool, two_cubes: bool) -> list[int]:
    """The legal placement ids from the big-int masks of ``rules``, ascending."""
    return rules.anchor_ids(rules.legal_anchors(occupied, stability, slide, two_cubes))


@pytest.mark.parametrize(("stability", "insertion", "contact"), OPTION_SETS)
def test_words_and_big_ints_agree_on_game_positions(
    stability: str, insertion: str, contact: str
) -> None:
    """Every position of seeded random games: the same ids in the same order."""
    rng = random.Random(f"words-{stability}-{insertion}-{contact}")
    slide, two_cubes = insertion == "slide", contact == "cubes"
    for _ in range(4):
        state = stonework.new_game(
            "aztec", stability=stability, insertion=insertion, contact=contact
        )
        while True:
            ids = rules_ids(state.occupied, stability, slide, two_cubes)
            assert legal_words.legal_ids(state.occupied, stability, slide, two_cubes) == ids
            if state.is_terminal:
                break
            state.apply_unchecked(state.random_action(rng))


def test_words_and_big_ints_agree_on_clouds_of_cubes() -> None:
    """Unreachable cube sets (many floating, cubes on every edge and level) for every option
    set: the windows' edge rows and the slots above and below the board are read correctly."""
    rng = random.Random(18)
    for trial in range(240):
        stability, insertion, contact = OPTION_SETS[trial % len(OPTION_SETS)]
        density = rng.choice((0.05, 0.15, 0.3, 0.5, 0.7))
        occupied = 1 << START
        for x, y, z in product(range(9), range(9), (1, 2, 3)):
            if rng.random() < density / z:
                occupied |= 1 << cell_index(x, y, z)
        slide, two_cubes = insertion == "slide", contact == "cubes"
        ids = rules_ids(occupied, stability, slide, two_cubes)
        assert legal_words.legal_ids(occupied, stability, slide, two_cubes) == ids


def test_every_word_stays_below_two_to_the_63() -> None:
    """The compiled words are 64-bit: from source no mask may grow past 63 bits either, or
    the two builds could differ (a position with cubes on every edge of every window)."""
    occupied = 0
    for x, y, z in product(range(9), range(9), (1, 2, 3)):
        if x in (0, 8) or y in (0, 2, 3, 5, 6, 8) or (x + y + z) % 3 == 0:
            occupied |= 1 << cell_index(x, y, z)
    for stability in rules.STABILITY_MODES:
        for word in legal_words.position_words(occupied, stability, True):
            assert 0 <= word < 1 << 63


def test_seeded_play_is_what_it_was_before_the_words() -> None:
    """Legal lists, random draws and a seeded search's moves equal those of b372f40, in
    whichever build runs (``state.WORDS`` says which form the state uses)."""
    digest = hashlib.sha256()
    for stability, insertion, contact in OPTION_SETS:
        rng = random.Random(f"{stability}{insertion}{contact}")
        for _ in range(6):
            state = stonework.new_game(
                "aztec", stability=stability, insertion=insertion, contact=contact
            )
            while not state.is_terminal:
                ids = [state.action_id(a) for a in state.legal_actions()]
                digest.update(json.dumps(ids).encode())
                state.apply_unchecked(state.random_action(rng))
            digest.update(state.position().encode())
    assert digest.hexdigest() == LEGAL_FINGERPRINT
    digest = hashlib.sha256()
    for players in (2, 3):
        rng = random.Random(players)
        state = stonework.new_game("aztec", players=players)
        agent = MCTSAgent(Budget(iterations=40))
        while not state.is_terminal:
            action = agent.act(state, rng)
            digest.update(str(action).encode())
            state.apply(action)
        digest.update(state.position().encode())
    assert digest.hexdigest() == SEARCH_FINGERPRINT


def test_without_mypys_runtime_the_state_plays_from_rules() -> None:
    """``make run`` installs no dev tools, so no ``librt``: ``legal_words`` cannot be imported,
    the state falls back to ``rules`` and the build report still answers."""
    code = (
        "import sys; sys.modules['librt.vecs'] = None\n"
        "import stonework\n"
        "from stonework.core.compiled import build_state\n"
        "from stonework.games.aztec import state\n"
        "game = stonework.new_game('aztec')\n"
        "print(state.WORDS, build_state(), len(game.legal_actions()))\n"
    )
    src = Path(stonework.__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(src), "STONEWORK_PURE": "1"}
    done = subprocess.run(
        [sys.executable, "-P", "-c", code], capture_output=True, text=True, env=env, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "pure", "8"]

"""Replay the recorded ANU oracle games and check every state (akropolis.md §7.2).

For each state of each game: the position (seat to move, site, stones, every tile laid), each
district score and the total under the standard rules (§2), under the variant mask of each line
of variant.txt (§4), the exact set of legal moves (§3.1), game over, and every transition,
including the state just before each refill and the tiles still unseen then (§3.2). The folder
is $AKROPOLIS_ORACLE_DIR when set, else tests/data/akropolis-anu (the 14 recorded ANU games).
The state is built by applying the recorded moves (and the reveals the next state shows), so
every transition is exercised and no state is recomputed from scratch.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from akropolis_anu import (
    AnuState,
    game_dirs,
    move_text,
    oracle_dir,
    parse_int_list,
    parse_state,
    parse_str_set,
    read_lines,
)

from stonework.games.akropolis import AkropolisState, Place, Reveal, new_state
from stonework.games.akropolis.scoring import NO_VARIANTS

DISTRICT_FILES = ("House", "Market", "Barracks", "Temple", "Garden")
VARIANT_NAMES = ("houses", "markets", "barracks", "temples", "gardens")

GAMES = game_dirs()


def test_the_oracle_folder_holds_games() -> None:
    """The oracle data must be there: a missing folder is a failure, not a skip."""
    assert GAMES, f"no oracle games found in {oracle_dir()} (set AKROPOLIS_ORACLE_DIR)"


def anu_body(state: AkropolisState) -> str:
    """Our state written the way the ANU state string writes it (everything after settings)."""
    parts = [f"{state.turn}" + "".join(f"{t:02d}" for t in state.site)]
    for seat, city in enumerate(state.cities):
        laid = "".join(move_text(tile, *_coords(p), p % 6) for tile, p in city.placements)
        parts.append(f"P{seat}{state.stones[seat]:02d}{laid}")
    return ";".join(parts) + ";"


def _coords(placement: int) -> tuple[int, int]:
    from stonework.games.akropolis.hexgrid import COORDS

    return COORDS[placement // 6]


def legal_move_texts(state: AkropolisState) -> list[str]:
    out = []
    for action in state.legal_actions():
        assert isinstance(action, Place)
        out.append(move_text(state.site[action.position - 1], action.q, action.r, action.rotation))
    return out


def to_place(state: AkropolisState, text: str) -> Place:
    from akropolis_anu import parse_move

    move = parse_move(text)
    return Place(state.site.index(move.tile) + 1, move.q, move.r, move.rotation)


def score_rows(state: AkropolisState, variants: tuple[bool, ...]) -> dict[str, list[int]]:
    rows: dict[str, list[int]] = {name: [] for name in (*DISTRICT_FILES, "Complete")}
    for seat in range(state.num_players):
        score = state.city_score(seat, variants)
        for name, line in zip(DISTRICT_FILES, score.lines, strict=True):
            rows[name].append(line.points)
        rows["Complete"].append(score.districts_total + state.stones[seat])
    return rows


def check_game(folder: Path) -> tuple[list[str], int]:
    """Replay one game; return the mismatches (game, line, expected, actual) and checks made."""
    name = folder.name
    lines = read_lines(folder / "game.txt")
    states: list[AnuState] = [parse_state(text) for text in lines[0::2]]
    moves = lines[1::2]
    standard = {
        key: [parse_int_list(t) for t in read_lines(folder / f"standard{key}.txt")]
        for key in (*DISTRICT_FILES, "Complete")
    }
    variant_states = [parse_state(t) for t in read_lines(folder / "variant.txt")]
    variant_scores = {
        key: [parse_int_list(t) for t in read_lines(folder / f"variant{key}.txt")]
        for key in (*DISTRICT_FILES, "Complete")
    }
    valid = [parse_str_set(t) for t in read_lines(folder / "allValidMoves.txt")]
    over = [t == "true" for t in read_lines(folder / "isGameOver.txt")]
    pre_resupply = [parse_state(t).body for t in read_lines(folder / "preResupply.txt")]
    available = [set(parse_int_list(t)) for t in read_lines(folder / "availableTiles.txt")]

    # Each line of variant.txt is one of the game's positions under another mask.
    by_body: dict[str, list[int]] = {}
    for index, vs in enumerate(variant_states):
        by_body.setdefault(vs.body, []).append(index)

    problems: list[str] = []
    checks = 0

    def expect(where: str, what: str, expected: object, actual: object) -> None:
        nonlocal checks
        checks += 1
        if expected != actual:
            problems.append(f"{name} {where}: {what}: expected {expected}, got {actual}")

    first = states[0]
    options = dict(zip(VARIANT_NAMES, first.variants, strict=True))
    state = new_state(first.players, options)
    for tile in first.site:
        state.apply(Reveal(tile))
    refills = 0
    for i, expected in enumerate(states):
        where = f"game.txt line {2 * i + 1}"
        expect(where, "position", expected.body, anu_body(state))
        expect(where, "game over", over[i], state.is_terminal)
        rows = score_rows(state, NO_VARIANTS)
        for key, actual in rows.items():
            expect(where, f"standard{key}", standard[key][i], actual)
        for v in by_body.get(expected.body, []):
            mask = variant_states[v].variants
            rows = score_rows(state, mask)
            for key, actual in rows.items():
                expect(
                    f"variant.txt line {v + 1}",
                    f"variant{key} under mask {mask}",
                    variant_scores[key][v],
                    actual,
                )
        if state.is_terminal:
            expect(where, "legal moves", valid[i], set())
            continue
        texts = legal_move_texts(state)
        expect(where, "legal moves are distinct", len(texts), len(set(texts)))
        wanted = valid[i]
        got = set(texts)
        if wanted != got:
            problems.append(
                f"{name} {where}: legal moves: missing {sorted(wanted - got)[:8]}, "
                f"extra {sorted(got - wanted)[:8]}"
            )
        checks += 1
        if i >= len(moves):
            problems.append(f"{name} {where}: the game is not over but no move follows")
            break
        state.apply(to_place(state, moves[i]))
        if state.is_chance_node:
            where = f"preResupply.txt line {refills + 1}"
            expect(where, "position before the refill", pre_resupply[refills], anu_body(state))
            expect(where, "tiles unseen", available[refills], set(state.unseen))
            refills += 1
            following = states[i + 1].site
            for tile in following[len(state.site) :]:
                state.apply(Reveal(tile))
    expect("end", "refills seen", len(pre_resupply), refills)
    expect("end", "variant lines matched", len(variant_states), sum(map(len, by_body.values())))
    return problems, checks


@pytest.mark.parametrize("folder", GAMES, ids=[p.name for p in GAMES])
def test_oracle_game(folder: Path) -> None:
    """Every state of the recorded game matches the oracle (§2, §3, §4; data from §7.2)."""
    problems, checks = check_game(folder)
    assert checks > 100
    assert not problems, f"{len(problems)} mismatch(es):\n" + "\n".join(problems[:30])


def test_worked_example_final_state_of_game_p2_00() -> None:
    """§7.2 worked example: the final state of game_p2_00, built from its state string."""
    from akropolis_anu import DEFAULT_ORACLE_DIR, to_position

    import stonework

    text = read_lines(DEFAULT_ORACLE_DIR / "game_p2_00" / "game.txt")[72]
    state = stonework.from_position("akropolis", to_position(parse_state(text)))
    assert isinstance(state, AkropolisState) and state.is_terminal
    p0, p1 = (s.breakdown for s in state.scores())
    names = ("house", "market", "barracks", "temple", "garden")
    assert [p0[n]["stars"] for n in names] == [3, 6, 6, 4, 3]
    assert [p0[n]["points"] for n in names] == [15, 42, 48, 0, 3]
    assert (p0["house"]["value"], p0["market"]["value"], p0["barracks"]["value"]) == (5, 7, 8)
    assert (p0["stones"], p0["total"]) == (0, 108)
    assert [p1[n]["stars"] for n in names] == [2, 0, 0, 0, 0]
    assert (p1["house"]["points"], p1["house"]["value"], p1["total"]) == (6, 3, 7)
    every = (True,) * 5
    totals = [state.city_score(seat, every).districts_total + state.stones[seat] for seat in (0, 1)]
    assert totals == [195, 7]
    assert [line.points for line in state.city_score(0, every).lines] == [15, 78, 96, 0, 6]


def test_house_group_example_game_p2_02() -> None:
    """§7.2 house-group oracle: game_p2_02 state 34, seat 1 scores its 3-hex group (5 x 2)."""
    from akropolis_anu import DEFAULT_ORACLE_DIR, to_position

    import stonework

    text = read_lines(DEFAULT_ORACLE_DIR / "game_p2_02" / "game.txt")[68]
    state = stonework.from_position("akropolis", to_position(parse_state(text)))
    assert isinstance(state, AkropolisState)
    house = state.scores()[1].breakdown["house"]
    assert house == {"districts": 3, "value": 5, "stars": 2, "points": 10}


@pytest.mark.parametrize("folder", GAMES, ids=[p.name for p in GAMES])
def test_final_states_from_their_strings(folder: Path) -> None:
    """Positions: each game's final state, read from its string, scores as the oracle says."""
    from akropolis_anu import to_position

    import stonework

    lines = read_lines(folder / "game.txt")
    final = parse_state(lines[-1])
    state = stonework.from_position("akropolis", to_position(final))
    assert isinstance(state, AkropolisState) and state.is_terminal
    expected = parse_int_list(read_lines(folder / "standardComplete.txt")[-1])
    assert [s.total for s in state.scores()] == expected
    assert anu_body(state) == final.body

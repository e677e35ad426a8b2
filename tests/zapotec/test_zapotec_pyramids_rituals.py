"""Pyramids (§7), rituals (§8) and the sacrifice track (§9) of zapotec.md."""

from __future__ import annotations

from zapotec_helpers import illegal, legal_texts, new, resources

from stonework.games.zapotec import register_components
from stonework.games.zapotec.components import ICONS, LARGE, MEDIUM, SMALL, piece
from stonework.games.zapotec.phases import ACTIONS, FREE_RITUAL
from stonework.games.zapotec.scenario import Scenario
from stonework.games.zapotec.state import ZapotecState


def turn(scenario: Scenario, **amounts: int) -> ZapotecState:
    """Seat 0 on turn in round 1 (village/brick card, first in turn order) with these resources."""
    return scenario.turn(0, "village", "brick").resources(0, **amounts).state()


def game(**options: object) -> Scenario:
    return Scenario.new(4, **options)


def test_pyramid_cost_tile_choice_and_largest_piece() -> None:
    """§7: a level costs W+B+S+priest; a new pyramid takes a scoring tile of the player's choice;
    the player's largest piece is used."""
    state = turn(game(), wood=2, brick=2, stone=2, priest=2)
    first = state.scoring_tiles[0]
    moves = legal_texts(state)
    news = [m for m in moves if m.startswith("pyramid 1 ")]
    assert sorted(news) == sorted(f"pyramid 1 {ICONS[i]}" for i in state.scoring_tiles)
    assert not any(m.startswith("pyramid 2") for m in moves)  # the first empty space only
    state.apply_text(f"pyramid 1 {ICONS[first]}")
    assert state.res[0] == resources(wood=1, brick=1, stone=1, priest=1)
    assert state.pyramids[0] == [piece(0, LARGE)] and state.pyramid_tile[0] == first
    assert first not in state.scoring_tiles
    state.apply_text("pyramid 1")  # the medium goes on the large
    assert state.pyramids[0] == [piece(0, LARGE), piece(0, MEDIUM)]
    assert state.pieces[0] == [3, 1, 0]
    assert "pyramid 1" not in legal_texts(state)


def test_new_pyramid_needs_an_available_tile() -> None:
    """§7 bad input: starting a pyramid with a tile not on offer, or on a later space, fails."""
    state = turn(game(), wood=1, brick=1, stone=1, priest=1)
    missing = next(i for i in range(9) if i not in state.scoring_tiles)
    assert "not available" in illegal(state, f"pyramid 1 {ICONS[missing]}")
    assert "first empty" in illegal(state, f"pyramid 2 {ICONS[state.scoring_tiles[0]]}")
    state = Scenario(state).resources(0, wood=1, brick=1, stone=1).state()
    assert "priest" in illegal(state, f"pyramid 1 {ICONS[state.scoring_tiles[0]]}")


def test_stack_on_other_players_smaller_only_height_three() -> None:
    """§7: pieces go on anyone's pyramid, only on a larger piece, at most three levels."""
    scenario = game().pyramid(1, (1, "large")).pyramid(2, (2, "medium"))
    state = turn(scenario, wood=3, brick=3, stone=3, priest=3)
    moves = legal_texts(state)
    assert "pyramid 1" not in moves and "pyramid 2" not in moves  # my large goes nowhere old
    state = Scenario(state).pyramid(3, (0, "large")).state()  # my large already used
    moves = legal_texts(state)
    assert "pyramid 1" in moves and "pyramid 2" not in moves  # medium only on the large
    state.apply_text("pyramid 1")
    state = Scenario(state).pyramid(3, (0, "medium")).state()  # my last medium used
    assert state.pieces[0] == [3, 0, 0]
    state.apply_text("pyramid 1")
    assert state.pyramids[0] == [piece(1, LARGE), piece(0, MEDIUM), piece(0, SMALL)]
    assert "pyramid 1" not in legal_texts(state)  # height 3 and complete
    assert "larger piece" in illegal(state, "pyramid 1")


def test_small_on_large_and_option() -> None:
    """§7 ASSUMED: a small piece may go straight on a large one (L-S complete); option off."""
    for options, allowed in (({}, True), ({"small_on_large": False}, False)):
        # seat 0's large and mediums are built elsewhere: its largest piece is a small one
        scenario = game(**options).pyramid(1, (1, "large"))
        scenario.pyramid(2, (0, "large"), (0, "medium")).pyramid(3, (0, "medium"))
        state = turn(scenario, wood=1, brick=1, stone=1, priest=1)
        assert state.pieces[0] == [3, 0, 0]
        assert ("pyramid 1" in legal_texts(state)) is allowed


def test_one_pyramid_level_per_turn_option() -> None:
    """§5.2b flag ONE_PYRAMID_LEVEL_PER_TURN: off by default, on limits to one level a turn."""
    state = turn(game(one_pyramid_level_per_turn=True), wood=2, brick=2, stone=2, priest=2)
    state.apply_text(f"pyramid 1 {ICONS[state.scoring_tiles[0]]}")
    assert not any(m.startswith("pyramid") for m in legal_texts(state))
    assert "one pyramid level per turn" in illegal(state, "pyramid 1")


def test_pyramid_completion_rule() -> None:
    """§7 interpretation: complete when the top piece is small; option three-levels."""
    from stonework.games.zapotec.rules import pyramid_complete

    state = new(4)
    for sizes, complete in (
        ([SMALL], True),
        ([MEDIUM, SMALL], True),
        ([LARGE, SMALL], True),
        ([LARGE, MEDIUM, SMALL], True),
        ([LARGE], False),
        ([LARGE, MEDIUM], False),
    ):
        assert pyramid_complete(state, [piece(0, size) for size in sizes]) is complete
    state = new(4, pyramid_complete="three-levels")
    assert pyramid_complete(state, [piece(0, MEDIUM), piece(0, SMALL)]) is False
    assert pyramid_complete(state, [piece(0, LARGE), piece(0, MEDIUM), piece(0, SMALL)]) is True


def test_ritual_needs_one_pyramid_piece_per_ritual() -> None:
    """§8: at least as many pyramid pieces on the board as ritual discs placed."""
    state = turn(game(), priest=3, gold=3)
    assert not any(m.startswith("ritual") for m in legal_texts(state))
    assert "pyramid piece" in illegal(state, "ritual 1")
    state = Scenario(state).pyramid(1, (0, "large")).state()  # one piece on the board
    state.apply_text("ritual 1")
    assert state.ritual_discs[0] == 1 and state.discs[0] == 2
    assert not any(m.startswith("ritual") for m in legal_texts(state))
    state = Scenario(state).pyramid(1, (0, "medium")).state()  # a second piece
    assert "ritual 2" in legal_texts(state)
    assert "already have a disc" in illegal(state, "ritual 1")


def test_ritual_cost_worked_example() -> None:
    """§13 example 4 (§8): card R holds discs of B and C; A pays 1 priest + 2 gold."""
    state = turn(game().ritual(1, 1, 2).pyramid(1, (0, "large")), priest=1, gold=2)
    state.apply_text("ritual 1")
    assert state.res[0] == resources()
    state = turn(game().ritual(1, 1, 2).pyramid(1, (0, "large")), priest=1, gold=1)
    assert "ritual 1" not in legal_texts(state) and "ritual 2" in legal_texts(state)


def test_ritual_priest_waived_on_track() -> None:
    """§9 ASSUMED bonus of space 6: rituals no longer cost a priest."""
    state = turn(game().pyramid(1, (0, "large")).track(0, 6), gold=0)
    state.apply_text("ritual 1")
    assert state.res[0] == resources()


def test_sacrifice_moves_and_collects_every_bonus() -> None:
    """§9: pay 1 priest + 1-5 corn, move one space per corn, collect every bonus entered (the v1 track)."""
    state = turn(game(components="v1"), priest=2, corn=7)
    moves = [m for m in legal_texts(state) if m.startswith("sacrifice")]
    assert moves == [f"sacrifice {n}" for n in range(1, 6)]
    state.apply_text("sacrifice 5")  # spaces 1..5: +1 gold (2), discount (3), +1 priest (5)
    assert state.track[0] == 5
    assert state.res[0] == resources(priest=2, corn=2, gold=1)
    assert "buy I.1" in legal_texts(state) and state.res[0][4] == 1
    state.apply_text("buy I.1")
    assert state.res[0][4] == 1  # level I is free with one discount


def test_sacrifice_track_end_and_free_ritual() -> None:
    """§9 ASSUMED: space 11 places a ritual disc free (no priest, gold or pyramid piece);
    the track ends at 11 and extra corn is wasted."""
    state = turn(game().ritual(1, 1, 2, 3).track(0, 8), priest=1, corn=5)
    state.apply_text("sacrifice 5")
    assert state.track[0] == 11 and state.res[0] == resources()  # spaces 9-11: no gain
    assert state.phase == FREE_RITUAL
    assert legal_texts(state) == ["ritual 1", "ritual 2", "ritual 3"]
    assert "phase" in illegal(state, "done")
    state.apply_text("ritual 1")
    assert state.ritual_discs[0] == 0b1111 and state.phase == ACTIONS
    assert state.res[0] == resources() and state.discs[0] == 2


def test_sacrifice_past_end_option() -> None:
    """§9 ASSUMED: past the end is allowed by default; the option limits corn to the steps left."""
    state = turn(game(sacrifice_past_end=False).track(0, 9), priest=1, corn=5)
    assert [m for m in legal_texts(state) if m.startswith("sacrifice")] == [
        "sacrifice 1",
        "sacrifice 2",
    ]


def test_free_ritual_needs_pyramid_option() -> None:
    """§9 ASSUMED waiver; with free_ritual_needs_pyramid=true the free disc needs a piece."""
    state = turn(game(free_ritual_needs_pyramid=True).track(0, 10), priest=1, corn=1)
    state.apply_text("sacrifice 1")
    assert state.track[0] == 11 and state.phase == ACTIONS
    assert state.discs[0] == 3


def test_three_ritual_discs_at_most() -> None:
    """§8: each player has 3 ritual discs, so at most 3 rituals."""
    four = register_components({"rituals_in_play": 4})
    every_piece = ((0, "large"), (0, "medium"), (0, "small"))
    scenario = game(components=four).pyramid(1, *every_piece).pyramid(2, *every_piece[1:])
    state = turn(scenario.pyramid(3, (0, "small")), priest=5, gold=5)
    assert state.pieces[0] == [0, 0, 0] and len(state.rituals) == 4
    for k in (1, 2, 3):
        state.apply_text(f"ritual {k}")
    assert state.discs[0] == 0
    assert state.ritual_discs[3] == 0  # even with a fourth card there is no disc left
    assert not any(m.startswith("ritual") for m in legal_texts(state))


def test_pyramid_piece_largest_refuses_a_named_piece() -> None:
    """§7 (sourced): the largest piece goes, so a named size is refused under the default."""
    state = turn(game(), wood=1, brick=1, stone=1, priest=1)
    tile = ICONS[state.scoring_tiles[0]]
    assert f"pyramid 1 {tile} small" not in legal_texts(state)
    assert "largest piece goes" in illegal(state, f"pyramid 1 {tile} small")
    assert "pyramid_piece" not in state.position()  # the default is left out of positions


def test_pyramid_piece_any_names_the_piece() -> None:
    """§7, option pyramid_piece=any (the seed's wording): any piece left, named in the action;
    a small piece alone completes a pyramid (small-top), a piece still goes on a larger one."""
    state = turn(game(pyramid_piece="any"), wood=2, brick=2, stone=2, priest=2)
    tile = ICONS[state.scoring_tiles[0]]
    moves = legal_texts(state)
    assert {f"pyramid 1 {tile} {size}" for size in ("small", "medium", "large")} <= set(moves)
    assert f"pyramid 1 {tile}" not in moves
    assert "name the piece" in illegal(state, f"pyramid 1 {tile}")
    state.apply_text(f"pyramid 1 {tile} medium")
    assert state.pyramids[0] == [piece(0, MEDIUM)] and state.pieces[0] == [3, 1, 1]
    assert "pyramid 1 large" not in legal_texts(state)
    assert "must go on a larger piece" in illegal(state, "pyramid 1 large")
    state.apply_text("pyramid 1 small")
    assert state.pyramids[0] == [piece(0, MEDIUM), piece(0, SMALL)]
    assert state.pieces[0] == [2, 1, 1]
    assert "pyramid_piece:any" in state.position()

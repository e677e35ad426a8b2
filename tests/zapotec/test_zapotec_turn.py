"""A round and a turn (zapotec.md §4.3, §5): commits, income, building, round scoring, draft."""

from __future__ import annotations

from zapotec_helpers import illegal, legal_texts, new, on_turn, resources, space

import stonework
from stonework.core import CHANCE, TERMINAL, make_rng
from stonework.games.zapotec.phases import ACTIONS, BUILD, COMMIT, DRAFT, INCOME
from stonework.games.zapotec.scenario import Scenario
from stonework.games.zapotec.state import ZapotecState

CORNFIELD, VILLAGE, TEMPLE = 0, 1, 2  # building tile kinds of the seed data set


def space_with_tile(scenario: Scenario, kind: int) -> str:
    """A free space whose building tile is of ``kind``."""
    state = scenario.state()
    return next(
        s.name
        for s in state.comp.spaces
        if state.space_tile[s.index] == kind and state.space_owner[s.index] < 0
    )


def nine_houses(scenario: Scenario) -> Scenario:
    """Seat 0's nine houses built on cornfields and temples (spaces no test here builds on)."""
    state = scenario.state()
    spaces = [s for s in state.comp.spaces if state.in_play[s.index] and s.building != 1]
    return scenario.houses(0, *[s.name for s in spaces if s.name != "ocotlan-hills.1"][:9])


def resolve_chance(state: ZapotecState, seed: int = 0) -> None:
    rng = make_rng(seed)
    while state.current_player == CHANCE:
        state.apply(state.sample_chance(rng))


def test_commits_are_sequential_and_secret() -> None:
    """§5.1: each seat picks a card secretly; nobody sees a choice until all are revealed."""
    state = new(3)
    card = state.hands[0][0]
    state.apply_text(f"play {card}")
    assert state.current_player == 1 and state.phase == COMMIT
    for seat in (1, 2, None):
        view = state.observation(seat)
        assert view["players"][0]["committed"] is True
        assert view["players"][0]["played"] is None
        assert f"#{card:02d}" not in state.to_text(seat)
    assert state.observation(0)["players"][0]["my_choice"] == state.comp.card_text(card)


def test_turn_order_by_card_number() -> None:
    """§5.1: after the reveal, turn order runs from the lowest card number to the highest."""
    state = new(4, seed=3)
    chosen = [state.hands[s][-1 if s % 2 else 0] for s in range(4)]
    for card in chosen:
        state.apply_text(f"play {card}")
    assert state.turn_order == sorted(range(4), key=lambda s: chosen[s])
    assert state.current_player == state.turn_order[0] and state.phase == INCOME
    assert all(chosen[s] not in state.hands[s] for s in range(4))
    assert state.observation(1)["players"][0]["played"] == state.comp.card_text(chosen[0])


def test_income_worked_example() -> None:
    """§13 example 1 (§5.2a): the row or the column of the card's resource, plus 1 of it."""
    for column, expected in (
        (False, resources(wood=1, brick=1, stone=1, gold=1, priest=1)),
        (True, resources(wood=2, brick=1, corn=1, priest=1)),
    ):
        scenario = Scenario.new(4).turn(0, "cornfield", "wood", income=False).resources(0)
        scenario.house(0, space_with_tile(scenario, TEMPLE), slot=1)  # (wood row, wood column)
        scenario.house(0, space_with_tile(scenario, VILLAGE), slot=2)  # (wood row, brick column)
        scenario.house(0, space_with_tile(scenario, CORNFIELD), slot=4)  # (brick row, wood column)
        state = scenario.state()
        assert state.grid[0] == [TEMPLE, VILLAGE, -1, CORNFIELD, -1, -1, -1, -1, -1]
        state.apply_text("income column" if column else "income row")
        assert state.res[0] == expected
        assert state.phase == ACTIONS


def test_first_round_income_is_the_card_resource() -> None:
    """§3 / seed: with an empty grid the first income is only the card's resource."""
    state = on_turn("hills", "stone", income=False, wood=1, brick=1, stone=1)
    state.apply_text("income row")
    assert state.res[0] == resources(wood=1, brick=1, stone=2)


def test_build_matches_icon_and_pays() -> None:
    """§5.2c: build only on empty spaces matching the card icon; pay the cost; tile into a slot."""
    state = on_turn("hills", "stone", brick=1, wood=1)
    moves = legal_texts(state)
    assert "build etla-hills.2 slot 5" in moves  # a village, brick + wood
    assert not any(m.startswith("build etla-plains") for m in moves)
    assert not any(m.startswith("build etla-hills.3") for m in moves)  # temple: brick + stone
    assert "not match" in illegal(state, "build etla-plains.2 slot 5")
    state.apply_text("build etla-hills.2 slot 5")
    s = space(state, "etla-hills.2")
    assert state.space_owner[s] == 0 and state.space_tile[s] == -1
    assert state.grid[0][4] == VILLAGE
    assert state.res[0] == resources() and state.houses[0] == 8
    assert "not free" in illegal(state, "build etla-hills.2 slot 1")


def test_building_costs() -> None:
    """§5.2c: village brick + wood, temple brick + stone, cornfield wood + stone."""
    state = on_turn("etla", "wood", wood=1, brick=1, stone=1)
    state.apply_text("build etla-plains.1 slot 1")  # cornfield
    assert state.res[0] == resources(brick=1)
    state = on_turn("etla", "wood", wood=1, brick=1, stone=1)
    state.apply_text("build etla-plains.3 slot 1")  # temple
    assert state.res[0] == resources(wood=1)


def test_any_number_of_buildings_then_no_more_actions() -> None:
    """§5.2c: build as often as resources last; once building has started no actions (ASSUMED)."""
    state = on_turn("village", "brick", wood=2, brick=2, gold=5)
    state.apply_text("build etla-plains.2 slot 1")
    assert state.phase == BUILD
    assert "building has started" in illegal(state, "buy I.1")
    state.apply_text("build etla-plains.5 slot 2")
    assert state.houses[0] == 7
    assert legal_texts(state) == ["done"]


def test_option_actions_after_building() -> None:
    """§5.2c flag: with actions_after_building=true, actions stay open after a build."""
    state = on_turn(
        "village", "brick", Scenario.new(4, actions_after_building=True), wood=1, brick=1, gold=5
    )
    state.apply_text("build etla-plains.2 slot 1")
    assert state.phase == ACTIONS
    assert "buy I.1" in legal_texts(state)


def test_palace() -> None:
    """§5.2c: the palace once, wood + brick + stone, no income tile, counts as two houses."""
    state = on_turn("hills", "stone", wood=2, brick=2, stone=2)
    state.apply_text("palace ocotlan-hills.1")
    s = space(state, "ocotlan-hills.1")
    assert state.palace[0] == s and state.space_owner[0 + s] == 0
    assert state.grid[0] == [-1] * 9  # the tile went back to the box
    assert state.houses[0] == 9  # no house piece used
    assert state.res[0] == resources(wood=1, brick=1, stone=1)
    assert not any(m.startswith("palace") for m in legal_texts(state))
    assert state.icon_houses[0][4] == 2  # hills


def test_palace_must_match_icon_unless_option() -> None:
    """§5.2c ASSUMED: the palace goes on a matching space; palace_matches_icon=false lifts it."""
    state = on_turn("hills", "stone", wood=1, brick=1, stone=1)
    assert "not match" in illegal(state, "palace etla-plains.1")
    state = on_turn(
        "hills", "stone", Scenario.new(4, palace_matches_icon=False), wood=1, brick=1, stone=1
    )
    state.apply_text("palace etla-plains.1")


def test_round_scoring_worked_example() -> None:
    """§13 example 2 (§5.2d): scoring card Hills; houses on Etla-Hills, Mitla-Hills and the
    palace on Ocotlan-Hills give (1 + 1 + 2) x 2 = 8 VP at the end of the turn."""
    scenario = Scenario.new(4).scoring_card("hills", "brick")
    state = on_turn("hills", "stone", scenario, wood=2, brick=3, stone=2)
    state.apply_text("build etla-hills.2 slot 1")  # village
    state.apply_text("build mitla-hills.3 slot 2")  # temple
    state.apply_text("palace ocotlan-hills.1")
    assert state.points[0] == 0
    state.apply_text("done")
    assert state.points[0] == 8
    assert state.phase == DRAFT


def test_draft_and_card_flow_four_players() -> None:
    """§13 example 6 (§4.3): each player drafts at the end of their turn; the last offer card
    becomes the next scoring card; the played cards plus one mini-deck card form the next offer."""
    state = new(4, seed=9)
    played = [state.hands[s][0] for s in range(4)]
    for card in played:
        state.apply_text(f"play {card}")
    undealt_before = [n for n in state.comp.cards if not state.dealt >> n & 1]
    assert len(undealt_before) == 5
    for turn in range(4):
        seat = state.current_player
        assert seat == state.turn_order[turn]
        state.apply_text("income row")
        state.apply_text("done")
        assert state.phase == DRAFT
        offer = list(state.offer)
        assert len(offer) == 5 - turn
        state.apply_text(f"draft {offer[-1]}")
        assert offer[-1] in state.hands[seat] and len(state.hands[seat]) == 4
        assert state.observation((seat + 1) % 4)["players"][seat]["known_cards"] == [
            state.comp.card_text(offer[-1])
        ]
        resolve_chance(state)
    left = offer[0] if offer[-1] != offer[0] else offer[1]
    assert state.scoring_card == left
    assert state.round == 2 and state.phase == COMMIT
    assert len(state.offer) == 5
    assert set(played) <= set(state.offer)
    (fresh,) = set(state.offer) - set(played)
    assert fresh in undealt_before


def test_no_draft_in_last_round_and_game_end() -> None:
    """§4.3 ASSUMED: no draft in round 5; §10 the game ends after round 5 with final scoring."""
    state = new(2, seed=4)
    rng = make_rng(1)
    while state.round < 5 or state.phase == COMMIT:
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
        elif state.phase == ACTIONS:
            state.apply_text("done")
        else:
            state.apply(state.legal_actions()[0])
    while state.current_player != TERMINAL:
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        assert state.phase != DRAFT
        state.apply(
            state.legal_actions()[-1] if state.phase == ACTIONS else state.legal_actions()[0]
        )
    assert state.is_terminal and state.legal_actions() == []
    assert all(len(h) == 5 for h in state.hands)  # 6 cards, one played each round without draft
    assert state.scores()[0].breakdown["final"] is True


def test_wrong_phase_and_wrong_seat_messages() -> None:
    """Bad input: an action of another phase, or a card the seat to play does not hold, is
    refused with a reason that names no hidden card, and changes nothing."""
    state = new(4, seed=2)
    message = illegal(state, "buy I.1")
    assert "actions phase" in message and "commit phase" in message
    other = state.hands[1][0]
    message = illegal(state, f"play {other}")
    assert "not in your hand" in message
    for card in state.hands[1] + state.hands[2] + state.hands[3]:
        if card != other:
            assert f"#{card:02d}" not in message and f"play {card}" not in message
    assert "income" in illegal(state, "income row")


def test_unaffordable_build_is_refused() -> None:
    """Bad input: a build the player cannot pay for is illegal and changes nothing."""
    state = on_turn("village", "brick", wood=1)
    assert "cannot pay" in illegal(state, "build etla-plains.2 slot 1")


def test_grid_slot_must_be_empty() -> None:
    """§5.2c: the tile goes into an empty slot of the 3x3 grid."""
    state = on_turn("village", "brick", wood=2, brick=2)
    state.apply_text("build etla-plains.2 slot 1")
    assert "slot 1 of your grid is taken" in illegal(state, "build etla-plains.5 slot 1")


def test_new_game_via_registry_has_players_plus_one_offer() -> None:
    """§4.3 through the public entry point."""
    state = stonework.new_game("zapotec", players=2, seed=3)
    assert len(state.observation(0)["offer"]) == 3


def test_actions_in_any_order_and_repeatable() -> None:
    """§5.2b: any number of actions, in any order, each repeatable while resources last."""
    # the v1 track: +1 gold on space 2
    state = on_turn("village", "brick", Scenario.new(4, components="v1"), priest=2, corn=2, gold=1)
    state.apply_text("sacrifice 1")
    state.apply_text("buy I.1")
    state.apply_text("sacrifice 1")
    assert state.track[0] == 2 and state.res[0][4] == 1  # +1 gold on space 2
    assert state.phase == ACTIONS


def test_round_scoring_counts_all_houses() -> None:
    """§5.2d: all the player's matching houses score, not only those built this turn; other
    players' houses do not."""
    scenario = Scenario.new(4).scoring_card("etla", "wood")
    scenario.houses(0, "etla-plains.1", "etla-forests.3").houses(1, "etla-hills.1")
    state = on_turn("village", "brick", scenario)
    assert state.turn_order[0] == 0  # seat 1 has not scored its own turn yet
    state.apply_text("done")
    assert state.points[0] == 4 and state.points[1] == 0


def test_house_limit_and_palace_without_houses() -> None:
    """§1: nine houses per player; the palace needs no house piece (ASSUMED)."""
    state = on_turn("village", "brick", nine_houses(Scenario.new(4)), wood=3, brick=3, stone=1)
    assert state.houses[0] == 0
    moves = legal_texts(state)
    assert not any(m.startswith("build") for m in moves)
    assert any(m.startswith("palace") for m in moves)
    assert "no house left" in illegal(state, "build etla-plains.2 slot 1")


def test_palace_uses_a_house_option() -> None:
    """§5.2c ASSUMED: the palace uses no house piece; palace_uses_house=true makes it take one
    (and then it needs a house left)."""
    state = on_turn(
        "hills", "stone", Scenario.new(4, palace_uses_house=True), wood=2, brick=2, stone=2
    )
    state.apply_text("palace ocotlan-hills.1")
    assert state.houses[0] == 8 and state.palace[0] == space(state, "ocotlan-hills.1")
    scenario = nine_houses(Scenario.new(4, palace_uses_house=True))
    state = on_turn("hills", "stone", scenario, wood=2, brick=2, stone=2)
    assert state.houses[0] == 0
    assert not any(m.startswith("palace") for m in legal_texts(state))
    assert "no house left" in illegal(state, "palace ocotlan-hills.1")


def test_icon_matching_by_building_type_region_or_terrain() -> None:
    """§5.2c: a building-type icon allows that type in any region or terrain; a region or
    terrain icon allows any building type there (4 players: 15 spaces each)."""
    for icon, resource, check in (
        ("temple", "stone", lambda s: s.building == 2),
        ("ocotlan", "brick", lambda s: s.region == 1),
        ("forests", "stone", lambda s: s.terrain == 2),
    ):
        state = on_turn(icon, resource, wood=9, brick=9, stone=9)
        built = {m.split()[1] for m in legal_texts(state) if m.startswith("build")}
        expected = {s.name for s in state.comp.spaces if check(s)}
        assert built == expected and len(built) == 15, icon


def test_old_scoring_card_leaves_the_game() -> None:
    """§4.3 ASSUMED: when the last offer card becomes the scoring card, the previous scoring
    card leaves the game (it is in no offer or hand and is never dealt again)."""
    state = new(3, seed=4)
    old = state.scoring_card
    rng = make_rng(2)
    while state.round == 1:
        state.apply(state.random_action(rng))
    assert state.scoring_card != old
    while not state.is_terminal:
        assert old not in state.offer and all(old not in hand for hand in state.hands)
        assert old not in state.played and state.scoring_card != old
        state.apply(state.random_action(rng))

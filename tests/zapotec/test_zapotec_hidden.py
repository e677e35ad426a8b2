"""Hidden information (DESIGN.md, zapotec.md §5.1): observations, tokens, determinization."""

from __future__ import annotations

import json

import pytest
from zapotec_helpers import new

from stonework.core import CHANCE, IllegalAction, make_rng
from stonework.core.state import observation_json
from stonework.games.zapotec.phases import COMMIT
from stonework.games.zapotec.scenario import Scenario
from stonework.games.zapotec.state import ZapotecState


def play_until(state: ZapotecState, steps: int, seed: int = 0) -> ZapotecState:
    rng = make_rng(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state.apply(state.random_action(rng))
    return state


def test_hands_are_hidden_from_other_seats_and_spectators() -> None:
    """§5.1: a seat sees its own hand only; others see how many cards it holds."""
    state = new(4, seed=5)
    for seat in range(4):
        text = json.dumps(state.observation(seat))
        for other in range(4):
            for card in state.hands[other]:
                token = f"#{card:02d}"
                assert (token in text) == (other == seat)
                assert (token in state.to_text(seat)) == (other == seat)
                assert (token in state.to_svg(seat)) == (other == seat)
        assert state.observation(seat)["players"][(seat + 1) % 4]["hand_size"] == 4
    spectator = json.dumps(state.observation(None))
    assert not any(f"#{c:02d}" in spectator for h in state.hands for c in h)


def test_hidden_tokens_name_unseen_cards_only() -> None:
    """A card drafted from the open offer is known to all; dealt cards stay hidden."""
    state = new(4, seed=6)
    tokens = state.hidden_tokens(0)
    assert tokens == {f"#{c:02d}" for s in (1, 2, 3) for c in state.hands[s]}
    state = Scenario(state).known(1, state.hands[1][0]).state()
    assert f"#{state.hands[1][0]:02d}" not in state.hidden_tokens(0)
    assert (
        state.comp.card_text(state.hands[1][0]) in state.observation(0)["players"][1]["known_cards"]
    )


def test_committed_known_card_stays_secret() -> None:
    """§5.1: even when a seat commits a card everyone knows it holds, nothing shows which."""
    state = new(3, seed=7)
    card = state.hands[0][0]
    state = Scenario(state).known(0, card).state()
    before = [observation_json(state, seat) for seat in (1, 2)]
    state.apply_text(f"play {card}")
    after = [json.loads(observation_json(state, seat)) for seat in (1, 2)]
    for view, old in zip(after, before, strict=True):
        assert view["players"][0]["known_cards"] == json.loads(old)["players"][0]["known_cards"]
        assert view["players"][0]["committed"] is True
        assert view["players"][0]["played"] is None


def test_error_messages_name_no_hidden_card() -> None:
    """Bad input during a commit never reveals another seat's cards in the message."""
    state = new(4, seed=8)
    for other in (1, 2, 3):
        for card in state.hands[other]:
            try:
                state.apply_text(f"play {card}")
            except IllegalAction as exc:
                message = str(exc)
            else:
                raise AssertionError("a card of another seat was accepted")
            hidden = state.hidden_tokens(0) - {f"#{card:02d}"}
            assert not any(token in message for token in hidden)
            for s in (1, 2, 3):
                for c in state.hands[s]:
                    if c != card:
                        assert f" {c} " not in f" {message} "


def test_determinize_keeps_the_view_and_redeals_the_rest() -> None:
    """Determinization: what the seat sees is unchanged; other hands are re-dealt from unseen
    cards, drafted (known) cards stay, commits are re-drawn from the new hands."""
    state = play_until(new(4, seed=10), 70, seed=3)
    assert not state.is_terminal
    while state.current_player == CHANCE:
        state.apply(state.sample_chance(make_rng(0)))
    rng = make_rng(11)
    changed = False
    for _ in range(10):
        det = state.determinize(0, rng)
        assert det.observation(0) == state.observation(0)
        assert det.hands[0] == state.hands[0]
        for seat in (1, 2, 3):
            assert len(det.hands[seat]) == len(state.hands[seat])
            for card in state.hands[seat]:
                if state.known[seat] >> card & 1:
                    assert card in det.hands[seat]
        everything = [det.scoring_card, *det.offer, *(c for h in det.hands for c in h)]
        if det.phase != COMMIT:
            everything += [c for c in det.played if c]
        located = [c for c in everything if c]
        assert len(set(located)) == len(located)
        for card in located:
            assert det.dealt >> card & 1
        changed |= det.hands != state.hands
        assert det.position() != "" and det.legal_actions()
    assert changed
    assert state.observation(0) == state.clone().observation(0)


def test_determinize_during_commits() -> None:
    """A seat that committed gets a committed card from its re-dealt hand."""
    state = new(4, seed=12)
    state.apply_text(f"play {state.hands[0][0]}")
    state.apply_text(f"play {state.hands[1][0]}")
    det = state.determinize(2, make_rng(1))
    for seat in (0, 1):
        assert det.played[seat] in det.hands[seat]
    assert det.played[2] == 0 and det.observation(2) == state.observation(2)
    while det.phase == COMMIT:
        det.apply(det.legal_actions()[0])
    assert det.turn_order


def test_tensor_has_no_hidden_values() -> None:
    """The tensor of a seat is the same in every determinization from its view."""
    state = play_until(new(4, seed=13), 60, seed=4)
    while state.current_player == CHANCE:
        state.apply(state.sample_chance(make_rng(0)))
    tensor = state.observation_tensor(1)
    assert len(tensor) == state.observation_shape()[0]
    rng = make_rng(2)
    for _ in range(5):
        assert state.determinize(1, rng).observation_tensor(1) == tensor


def test_heuristic_in_range() -> None:
    """heuristic(): one value per seat in [-1, 1]."""
    state = play_until(new(3, seed=14), 300, seed=5)
    values = state.heuristic()
    assert values is not None and len(values) == 3
    assert all(-1.0 <= v <= 1.0 for v in values)


def _hidden_cards(state: ZapotecState, player: int) -> set[int]:
    return {
        card
        for seat in range(state.num_players)
        if seat != player
        for card in state.hands[seat]
        if not state.known[seat] >> card & 1
    }


def test_determinized_history_shows_no_hidden_card() -> None:
    """Determinization (DESIGN.md hidden information, §5.1): the copy's history and record are
    those of the sampled world, so they neither name the real cards of other hands nor the real
    secret choices, and they replay to the determinized state itself."""
    from stonework.core import replay

    state = play_until(new(4, seed=21), 30, seed=6)
    # stop during the commits of a later round, after two seats have chosen
    rng = make_rng(7)
    while not (state.round >= 2 and state.phase == COMMIT and state.current_player == 2):
        state.apply(state.random_action(rng))
    assert state.played[0] and state.played[1]
    for player in (2, 3):
        real_hidden = _hidden_cards(state, player)
        for k in range(6):
            det = state.determinize(player, make_rng(k))
            located = {c for h in det.hands for c in h} | set(det.offer) | {det.scoring_card}
            texts = [text for _, text in det.record().entries]
            for card in real_hidden - located:
                assert f"deal {card}" not in texts, f"determinize({player}) history shows #{card}"
            for seat in (0, 1):
                plays = [t for s, t in det.record().entries if s == seat and t.startswith("play")]
                assert plays[-1] == f"play {det.played[seat]}"
            assert replay(det.record()).position() == det.position()


def test_no_view_depends_on_an_uncommitted_choice() -> None:
    """§5.1: whichever card a seat commits (even one everyone knows it holds), every other
    seat's observation, text, SVG and tensor, and a spectator's view, are the same."""
    state = new(3, seed=15)
    hand = state.hands[0]
    state = Scenario(state).known(0, hand[0], hand[1]).state()  # two cards everyone saw it draft
    branches = []
    for card in hand:
        branch = state.clone()
        branch.apply_text(f"play {card}")
        branches.append(branch)
    first = branches[0]
    for branch in branches[1:]:
        for seat in (1, 2, None):
            assert branch.observation(seat) == first.observation(seat)
            assert branch.to_text(seat) == first.to_text(seat)
            assert branch.to_svg(seat) == first.to_svg(seat)
        for seat in (1, 2):
            assert branch.observation_tensor(seat) == first.observation_tensor(seat)
        assert branch.legal_actions() == first.legal_actions()  # seat 1's choices
        with pytest.raises(IllegalAction) as refused:
            branch.apply_text(f"play {hand[0]}")
        assert str(refused.value) == f"play {hand[0]}: card {hand[0]} is not in your hand " + (
            "(round 1: seat 1 to play, commit phase)"
        )

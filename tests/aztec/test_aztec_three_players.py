"""The 3-player variant (aztec.md §3.7, §5 A11-A14): the auction for Ah Puch, turns and the result."""

from __future__ import annotations

import pytest

import stonework
from stonework.core import IllegalAction, InvalidAction, derive_rng, play_random
from stonework.games.aztec.actions import AUCTION_PASS, Bid


def three(**options: object) -> stonework.State:
    return stonework.new_game("aztec", players=3, **options)


def play(state: stonework.State, *texts: str) -> None:
    for text in texts:
        state.apply_text(text)


def test_descending_auction_last_bidder_becomes_ah_puch() -> None:
    """aztec.md §3.7 item 1, A11: bids in seat order, each strictly lower; a seat that passed is
    skipped; when all but one have passed after a bid, the last bidder is Ah Puch at that bid."""
    state = three()
    assert state.in_auction and state.current_player == 0
    assert [str(a) for a in state.legal_actions()][:2] == ["bid 19", "bid 18"]
    play(state, "bid 12")
    assert state.current_player == 1 and str(state.legal_actions()[0]) == "bid 11"
    play(state, "bid 10", "pass")
    assert state.current_player == 0  # seat 2 passed, back to seat 0
    play(state, "bid 9")
    assert state.current_player == 1  # seat 2 is skipped from now on
    play(state, "pass")
    assert not state.in_auction
    assert (state.ah_puch, state.high_bid) == (0, 9)
    assert [state.role(s) for s in range(3)] == ["Ah Puch", "N/S", "E/W"]
    assert state.current_player == 0  # A13: Ah Puch places first
    with pytest.raises(IllegalAction, match="the auction is over"):
        play(state, "bid 3")


def test_a_seat_that_passed_may_not_bid_again() -> None:
    """aztec.md §3.7 item 1: passing is final."""
    state = three()
    play(state, "pass", "bid 7")
    assert state.current_player == 2
    play(state, "bid 6")
    assert state.current_player == 1  # seat 0 passed and never comes back
    play(state, "pass")
    assert (state.ah_puch, state.high_bid) == (2, 6)
    assert [state.role(s) for s in range(3)] == ["N/S", "E/W", "Ah Puch"]


def test_third_seat_must_bid_after_two_passes() -> None:
    """aztec.md §3.7 item 1: if the first two pass without a bid, the third must bid."""
    state = three()
    play(state, "pass", "pass")
    assert AUCTION_PASS not in state.legal_actions()
    with pytest.raises(IllegalAction, match="must bid"):
        play(state, "pass")
    play(state, "bid 15")
    assert (state.ah_puch, state.high_bid) == (2, 15)


def test_bids_must_go_down_and_stay_in_range() -> None:
    """aztec.md §3.7 item 1: each bid strictly lower than the last; bids run 1..max+1."""
    state = three()
    play(state, "bid 1")
    assert state.legal_actions() == [AUCTION_PASS]  # nobody can go lower than 1
    with pytest.raises(IllegalAction, match="lower than 1"):
        play(state, "bid 1")
    fresh = three()
    with pytest.raises(InvalidAction, match="bids run from 1 to 19"):
        fresh.parse_action("bid 20")
    with pytest.raises(InvalidAction, match="bids run from 1 to 19"):
        fresh.apply(Bid(0))
    assert three(threshold="sum").max_bid == 37 and three(corners="none").max_bid == 15


def test_no_placement_during_the_auction() -> None:
    """Bad input, wrong phase: pieces are placed only once Ah Puch is chosen."""
    state = three()
    before = state.position()
    with pytest.raises(IllegalAction, match="before the auction for Ah Puch is over"):
        play(state, "NU-d4-1")
    assert state.position() == before


@pytest.mark.parametrize(
    ("turn", "order", "split"),
    [("first", [1, 2, 0], {1: 8, 2: 7, 0: 7}), ("last", [2, 0, 1], {2: 8, 0: 7, 1: 7})],
)
def test_turn_order_and_piece_split(turn: str, order: list[int], split: dict[int, int]) -> None:
    """aztec.md §3.7 item 3, A13: Ah Puch, N/S, E/W in rotation (8/7/7 pieces), or with
    ah_puch_turn=last N/S, E/W, then Ah Puch."""
    state = three(ah_puch_turn=turn)
    play(state, "pass", "bid 11", "pass")  # seat 1 is Ah Puch; N/S = seat 2, E/W = seat 0
    assert state.ah_puch == 1 and state.builder("north_south") == 2
    rng = derive_rng(3, "three")
    seen = []
    while not state.is_terminal:
        seen.append(state.current_player)
        state.apply(state.random_action(rng))
    assert seen[:3] == order
    placed = [seat for seat, action in state.history[3:]]
    assert len(placed) == 22
    assert {seat: placed.count(seat) for seat in range(3)} == split


def _final_board() -> tuple[str, int, int]:
    """The structure of a finished random game, with its N/S and E/W points."""
    state = play_random(stonework.new_game("aztec"), derive_rng(21, "final"))
    ns, ew = (s.total for s in state.scores())
    return state.position().split()[2], ns, ew


@pytest.mark.parametrize("test", ["each", "sum"])
def test_ah_puch_wins_when_the_builders_stay_below_the_bid(test: str) -> None:
    """aztec.md §3.7 item 4, A12, A14: with threshold=each Ah Puch wins iff both builders score
    below the bid; with sum iff their total does. Otherwise the better builder wins; Ah Puch is
    then last. The builders are ranked by their points either way."""
    board, ns, ew = _final_board()
    assert ns != ew
    limit = max(ns, ew) if test == "each" else ns + ew
    options = "-" if test == "each" else "threshold=sum"
    # Seat 0 bids and the others pass: seat 0 is Ah Puch, seat 1 N/S, seat 2 E/W.
    wins = stonework.from_position("aztec", f"3 {options} {board} {limit + 1},p,p -")
    loses = stonework.from_position("aztec", f"3 {options} {board} {limit},p,p -")
    better = 1 if ns > ew else 2
    worse = 3 - better
    for state, puch_wins in ((wins, True), (loses, False)):
        assert state.is_terminal
        scores = state.scores()
        assert [scores[1].total, scores[2].total] == [ns, ew]
        assert scores[0].breakdown["builders_below"] is puch_wins
        ranks = state.ranking()
        if puch_wins:
            assert ranks[0] == 1 and ranks[better] == 2 and ranks[worse] == 3
            assert state.returns()[0] == 1.0
        else:
            assert ranks[better] == 1 and ranks[worse] == 2 and ranks[0] == 3
            assert state.returns()[better] == 1.0


def test_builders_tie_share_the_win() -> None:
    """aztec.md §3.7 item 4: a builders' tie when Ah Puch fails is a shared win."""
    for seed in range(60):
        state = play_random(stonework.new_game("aztec"), derive_rng(seed, "tie"))
        ns, ew = (s.total for s in state.scores())
        if ns == ew and ns > 0:
            board = state.position().split()[2]
            tied = stonework.from_position("aztec", f"3 - {board} {ns},p,p -")
            assert tied.ranking() == [3, 1, 1]
            return
    raise AssertionError("no tied game found")  # pragma: no cover


def test_three_player_observation_and_heuristic() -> None:
    """Ah Puch's role and the bid appear in the tensor; the heuristic stays in [-1, 1]."""
    state = three()
    assert state.heuristic() == [0.0, 0.0, 0.0]
    assert set(state.observation_tensor(0)[10 * 81 :]) == {1.0}  # auction plane
    play(state, "bid 12", "pass", "pass")
    tensor = state.observation_tensor(0)
    assert set(tensor[8 * 81 : 9 * 81]) == {1.0}  # seat 0 is Ah Puch
    assert set(tensor[9 * 81 : 10 * 81]) == {12 / 19}
    assert sum(tensor[3 * 81 : 4 * 81]) == 0  # Ah Puch owns no edge
    rng = derive_rng(5, "three-heuristic")
    while not state.is_terminal:
        assert all(-1 <= v <= 1 for v in state.heuristic())
        state.apply(state.random_action(rng))
    assert "auction: bid 12, pass, pass" not in state.to_text()
    assert "auction: 12, pass, pass" in state.to_text()


def test_no_move_lose_with_three_players() -> None:
    """aztec.md §3.5 A8 alternative with 3 players: the stuck seat is last, the others keep the
    order of the normal result (here Ah Puch, seat 0, is due to place the 22nd piece)."""
    board = (
        "071174710/117372010/075310571/011747711/117275757/747171471/171133111/111411757/113711410"
    )
    normal = stonework.from_position("aztec", f"3 - {board} 12,p,p -")
    assert normal.is_terminal and normal.mover == 0
    assert [s.total for s in normal.scores()] == [6, 6, 3]  # margin 12 - 6; N/S 6; E/W 3
    assert normal.ranking() == [1, 2, 3]
    losing = stonework.from_position("aztec", f"3 no_move=lose {board} 12,p,p -")
    assert losing.ranking() == [3, 1, 2]

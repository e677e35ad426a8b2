"""Determinization: re-deal what a seat cannot see, consistently with what it has seen.

A seat sees its own hand and choice, every public card (scoring card, offer, played cards, cards
drafted by others) and how many cards each hand holds. The other cards in other hands are
re-dealt from the cards it has not seen (those hands, the mini deck, the cards removed unseen);
a seat that has committed but not revealed gets a random card of its new hand as its choice.
Everything else is public. The copy's history is that of the sampled world (the deals of the
re-dealt cards and the secret choices are rewritten), so its record names no real hidden card
and replays to the copy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stonework.core import Action, Rng
from stonework.games.zapotec.actions import Deal, Play
from stonework.games.zapotec.phases import COMMIT

if TYPE_CHECKING:
    from stonework.games.zapotec.state import ZapotecState


def determinize(state: ZapotecState, player: int, rng: Rng) -> ZapotecState:
    """A copy in which ``player``'s unseen cards are re-sampled (the original is untouched)."""
    other = state.clone()
    n = state.num_players
    unseen_slots: list[tuple[int, int]] = []  # (seat, count of unknown cards)
    pool_mask = 0
    for c in state.comp.cards:
        pool_mask |= 1 << c
    for c in state.hands[player]:
        pool_mask &= ~(1 << c)
    public = [state.scoring_card, *state.offer]
    if state.phase != COMMIT:
        public.extend(state.played)
    for card in public:
        pool_mask &= ~(1 << card)
    dealt = state.dealt
    for seat in range(n):
        if seat == player:
            continue
        known = state.known[seat]
        for card in state.hands[seat]:
            if known >> card & 1:
                pool_mask &= ~(1 << card)
        unknown = sum(1 for card in state.hands[seat] if not known >> card & 1)
        if unknown:
            unseen_slots.append((seat, unknown))
    # Cards no longer anywhere (earlier scoring cards) were seen by everyone.
    for card in state.comp.cards:
        if dealt >> card & 1 and not _located(state, card):
            pool_mask &= ~(1 << card)
    pool = [card for card in state.comp.cards if pool_mask >> card & 1]
    rng.shuffle(pool)
    new_dealt = dealt
    for seat, _ in unseen_slots:
        for card in state.hands[seat]:
            if not state.known[seat] >> card & 1:
                new_dealt &= ~(1 << card)
    redealt: dict[int, int] = {}  # real unseen card -> the card dealt in its place
    for seat, count in unseen_slots:
        known = state.known[seat]
        fresh = [pool.pop() for _ in range(count)]
        hand = sorted([card for card in state.hands[seat] if known >> card & 1] + fresh)
        other.hands[seat] = hand
        unseen = [card for card in state.hands[seat] if not known >> card & 1]
        redealt.update(zip(unseen, fresh, strict=True))
        for card in fresh:
            new_dealt |= 1 << card
    other.dealt = new_dealt
    choices: dict[int, int] = {}
    if state.phase == COMMIT:
        for seat in range(n):
            if seat != player and state.played[seat]:
                hand = other.hands[seat]
                choices[seat] = other.played[seat] = hand[int(rng.random() * len(hand))]
    if redealt or choices:
        other.history = _sampled_history(state, redealt, choices)
    return other


def _sampled_history(
    state: ZapotecState, redealt: dict[int, int], choices: dict[int, int]
) -> list[tuple[int, Action]]:
    # The history would otherwise carry the real deals and secret choices into the copy a
    # search works on. Unseen hand cards were all dealt by chance (drafted cards are known), and
    # the secret choices are each seat's last play of this round.
    deal = state.space.deal
    history = [
        (seat, deal[redealt[action.card]])
        if type(action) is Deal and action.card in redealt
        else (seat, action)
        for seat, action in state.history
    ]
    play = state.space.play
    waiting = dict(choices)
    for k in range(len(history) - 1, -1, -1):
        if not waiting:
            break
        seat, action = history[k]
        if type(action) is Play and seat in waiting:
            history[k] = (seat, play[waiting.pop(seat)])
    return history


def _located(state: ZapotecState, card: int) -> bool:
    if card == state.scoring_card or card in state.offer:
        return True
    if card in state.played:
        return True
    return any(card in hand for hand in state.hands)

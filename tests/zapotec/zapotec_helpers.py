"""Helpers for the Zapotec tests: seeded games and white-box set-ups of a turn."""

from __future__ import annotations

from pathlib import Path
from typing import cast

import stonework
from stonework.core import Action, IllegalAction, Rng
from stonework.games.zapotec import position
from stonework.games.zapotec.components import ICONS, RESOURCES
from stonework.games.zapotec.phases import ACTIONS
from stonework.games.zapotec.state import ZapotecState

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules" / "zapotec.md"
DATA = Path(__file__).parent / "data"


def new(players: int = 4, seed: int = 1, **options: object) -> ZapotecState:
    """A seeded game after setup (the first commit is next)."""
    return cast(ZapotecState, stonework.new_game("zapotec", players=players, seed=seed, **options))


def space(state: ZapotecState, name: str) -> int:
    """The index of a board space by name (``etla-hills.2``)."""
    return state.comp.space_index[name]


def card_with(state: ZapotecState, icon: str, resource: str) -> int:
    """The number of the card showing ``icon`` and ``resource``."""
    c = state.comp
    for n in c.cards:
        if ICONS[c.card_icon[n]] == icon and RESOURCES[c.card_resource[n]] == resource:
            return n
    raise KeyError((icon, resource))


def resources(**amounts: int) -> list[int]:
    """A resource list from keyword amounts (``wood=1, priest=2``)."""
    return [amounts.get(name, 0) for name in RESOURCES]


def give_turn(
    state: ZapotecState, seat: int, card: int, phase: int = ACTIONS, **amounts: int
) -> ZapotecState:
    """White-box: make ``seat`` the player on turn with ``card`` played and these resources."""
    state.queue.clear()
    n = state.num_players
    others = [c for c in state.comp.cards if c != card][:n]
    state.played = [card if s == seat else others[s] for s in range(n)]
    state.turn_order = [seat] + [s for s in range(n) if s != seat]
    state.turn_index = 0
    state.active = seat
    state.phase = phase
    state.bought = 0
    state.pyramid_levels = 0
    state.free_rituals = 0
    state.res[seat] = resources(**amounts)
    return state


def reachable_turn(state: ZapotecState, seat: int, card: int, **amounts: int) -> ZapotecState:
    """Like :func:`give_turn`, but a position a game can reach (it reads back from its string).

    At the first commit of a seeded game, ``card`` is swapped into ``seat``'s hand from wherever
    it is; every seat commits (``seat`` that card), the seats before it in turn order take
    income, end and draft, ``seat`` takes its income, and its resources are then set.
    """
    assert state.round == 1 and state.active == 0 and not state.queue
    hand = state.hands[seat]
    if card not in hand:
        out = hand.pop()
        places = [*state.hands, state.offer]
        holder = next((p for p in places if card in p), None)
        if holder is not None:
            holder[holder.index(card)] = out
            holder.sort()
        elif state.scoring_card == card:
            state.scoring_card = out
        else:
            state.dealt = state.dealt & ~(1 << out) | 1 << card
        hand.append(card)
        hand.sort()
    for s in range(state.num_players):
        state.apply_text(f"play {card if s == seat else state.hands[s][0]}")
    while state.active != seat:
        for text in ("income row", "done", f"draft {state.offer[0]}"):
            state.apply_text(text)
    state.apply_text("income row")
    state.res[seat] = resources(**amounts)
    return state


def rederive(state: ZapotecState) -> None:
    """After a white-box edit of owners or palaces: recount the houses per icon (§5.2d) the way
    reading a position does. (Not through the position string: such hand-made states need not be
    reachable, and reading a position refuses unreachable ones.)"""
    position.recount_houses(state)


def legal_texts(state: ZapotecState) -> list[str]:
    """The legal actions in notation."""
    return [str(a) for a in state.legal_actions()]


def illegal(state: ZapotecState, text: str) -> str:
    """Apply ``text`` expecting IllegalAction; return the message (the state must not change)."""
    before = state.position()
    try:
        state.apply_text(text)
    except IllegalAction as exc:
        assert state.position() == before
        return str(exc)
    raise AssertionError(f"{text!r} was accepted")


# Players that prefer these actions (each with probability 0.8, in this order) reach pyramids,
# rituals and the sacrifice track far more often than uniformly random ones.
PRIORITY = ("pyramid", "ritual", "sacrifice", "use", "buy", "palace", "build")


def eager_action(state: ZapotecState, rng: Rng) -> Action:
    """A seeded choice that favours the actions of :data:`PRIORITY` (chance by its odds)."""
    if state.current_player < 0:
        return state.sample_chance(rng)
    actions = state.legal_actions()
    choice = actions[int(rng.random() * len(actions))]
    for word in PRIORITY:
        some = [a for a in actions if str(a).startswith(word)]
        if some and rng.random() < 0.8:
            return some[int(rng.random() * len(some))]
    return choice

"""Helpers for the Zapotec tests: seeded games and white-box set-ups of a turn."""

from __future__ import annotations

from pathlib import Path
from typing import cast

import stonework
from stonework.core import Action, IllegalAction, Rng
from stonework.games.zapotec.components import ICONS, RESOURCES
from stonework.games.zapotec.phases import ACTIONS
from stonework.games.zapotec.state import ZapotecState

RULES = Path(__file__).parents[2] / ".." / "shared" / "rules" / "zapotec.md"
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


def rederive(state: ZapotecState) -> None:
    """After a white-box edit of owners or palaces: recount the houses per icon (§5.2d) the way
    reading a position does, so the test uses the public surface, not a private helper."""
    fresh = cast(ZapotecState, stonework.from_position("zapotec", state.position()))
    state.icon_houses = fresh.icon_houses


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

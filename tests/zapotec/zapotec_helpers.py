"""Helpers for the Zapotec tests: seeded games, a turn set up as a scenario, notation checks."""

from __future__ import annotations

from pathlib import Path
from typing import cast

import stonework
from stonework.core import Action, IllegalAction, Record, Rng, replay
from stonework.games.zapotec.components import ICONS, RESOURCES
from stonework.games.zapotec.datasets import load_components
from stonework.games.zapotec.scenario import Scenario
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


def on_turn(
    icon: str,
    resource: str,
    scenario: Scenario | None = None,
    income: bool = True,
    **amounts: int,
) -> ZapotecState:
    """Round 1 of ``scenario`` (a 4-player game, seed 1, by default): seat 0 on turn with the
    card showing ``icon`` and ``resource``, its income taken (unless ``income`` is false) and
    then exactly these resources (see :meth:`Scenario.turn`)."""
    scenario = Scenario.new(4) if scenario is None else scenario
    return scenario.turn(0, icon, resource, income=income).resources(0, **amounts).state()


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


def assert_record_replays(path: Path, version: str) -> None:
    """A record played with data set ``version`` replays to its saved final position, on that
    data set's own tables (an old data set keeps replaying after a newer one is added)."""
    record = Record.load(path)
    assert record.options["components"] == version
    state = replay(record)  # checks the final position too
    assert state.is_terminal
    assert state.position() == record.final_position
    assert state.comp is load_components(version, str(record.options["building_tiles"]))


def buy_gains(scenario: Scenario, name: str, seat: int = 0) -> list[int]:
    """What ``seat`` gains (and pays in gold, negative) by buying the trade tile ``name``: from
    its slot if the deal shows it, else put in slot 1 of its row first."""
    level = name.split(":")[0]
    state = scenario.state()
    kind = state.comp.trade_index[name]
    if kind not in state.trade_rows[len(level) - 1]:
        state = scenario.trade_row(len(level), 1, name).state()
    slot = 1 + list(state.trade_rows[len(level) - 1]).index(kind)
    before = list(state.res[seat])
    state.apply_text(f"buy {level}.{slot}")
    assert state.comp.trade_tiles[state.tiles[seat][-1]].name == name
    return [after - was for after, was in zip(state.res[seat], before, strict=True)]

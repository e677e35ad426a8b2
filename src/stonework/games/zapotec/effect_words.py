"""Short words for what a trade tile or a sacrifice-track space does, for the drawings.

They are read off the effect data (its ``kind`` and amounts), so an alternative data set is
described as faithfully as the built-in one.

>>> from stonework.games.zapotec.components import default_components
>>> c = default_components()
>>> [effect_words(c.trade_tiles[c.trade_index[n]].effect) for n in ("I:WB", "II:corn")]
['+1 wood +1 brick', '1 basic > 2 corn']
>>> effect_words(c.track_bonuses[2])
'pyramid levels save 1 wood and 1 stone and 1 priest'
>>> effect_words(default_components(version="v3").track_bonuses[2])
'trade tiles cost 1 gold less'
"""

from __future__ import annotations

from typing import Final

from stonework.games.zapotec.components import RESOURCES, Effect, Vec

SHORT: Final = {"wood": "W", "brick": "B", "stone": "S", "corn": "C", "gold": "G", "priest": "P"}
"""One letter per resource, as in the text view and the building tiles' codes (``WC``)."""


def amounts(vec: Vec) -> str:
    """``+1 wood +2 corn`` style words for a resource vector (empty when it is all zero)."""
    return " ".join(f"{n} {RESOURCES[r]}" for r, n in enumerate(vec) if n)


def effect_words(effect: Effect | None) -> str:
    """A few words saying what ``effect`` does."""
    if effect is None:
        return ""
    kind = effect.kind
    if kind == "gain":
        return " ".join(f"+{n} {RESOURCES[r]}" for r, n in enumerate(effect.get) if n)
    if kind == "exchange":
        pay = " ".join(p for p in (amounts(effect.pay), _basics(effect.pay_basic)) if p)
        get = " ".join(g for g in (amounts(effect.get), _basics(effect.get_basic)) if g)
        return f"{pay} > {get}"
    if kind == "income_bonus":
        return f"+1 {RESOURCES[effect.resource]} with {RESOURCES[effect.resource]} income"
    if kind == "building_discount":
        return f"buildings cost {effect.amount} less"
    if kind == "build_anywhere":
        return "build on any space"
    if kind == "trade_discount":
        return f"trade tiles cost {effect.amount} gold less"
    if kind == "ritual_priest_free":
        return "rituals need no priest"
    if kind == "free_ritual":
        return "a free ritual disc"
    if kind == "points":
        return f"+{effect.amount} VP"
    if kind == "pyramid_discount":
        # "save ... and ...": the track's drawing wraps it at 14 letters into lines that each
        # translate ("pyramid levels", "save 1 stone", "and 1 priest").
        saved = [f"{n} {RESOURCES[r]}" for r, n in enumerate(effect.save) if n]
        return "pyramid levels save " + " and ".join(saved)
    return kind.replace("_", " ")


def _basics(n: int) -> str:
    return f"{n} basic" if n else ""

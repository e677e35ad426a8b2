"""Why a text is not a Zapotec action: the reason a person can act on, not just "not notation".

``play 99`` has the shape of an action but names a card that does not exist; ``pyramid 9`` a
pyramid space the board does not have; ``build etla-hills.9 slot 5`` a space past the section's
five. :func:`notation_error` names the part that is wrong and what it may be.

>>> from stonework.games.zapotec.components import default_components
>>> c = default_components()
>>> notation_error("play 99", c)
'play 99: there is no card 99; cards are numbered 1 to 27'
>>> notation_error("build etla-hills.9 slot 5", c)
'build etla-hills.9 slot 5: etla-hills has spaces 1 to 5, not 9'
"""

from __future__ import annotations

from stonework.games.zapotec.components import ICONS, LEVELS, RESOURCES, Components

MAX_PYRAMIDS = 5
"""Pyramid spaces of the largest (four-player) game, as in the action space."""

SHAPES = (
    "actions read like 'play 14', 'draft 14', 'income row', 'buy II.3', "
    "'use II:swap wood>stone', 'pyramid 2 temple', 'ritual 1', 'sacrifice 3', "
    "'build etla-hills.2 slot 5', 'palace etla-hills.2', 'done' (see docs/zapotec.md)"
)


def _number(word: str, what: str, low: int, high: int) -> str | None:
    """Why ``word`` is not a number from ``low`` to ``high`` (None when it is)."""
    if not (word.isascii() and word.isdigit()) or len(word) > 6:
        return f"{what} must be a number from {low} to {high}, not {word!r}"
    if not low <= int(word) <= high:
        return f"there is no {what} {int(word)}; {what}s are numbered {low} to {high}"
    return None


def _corn(word: str, most: int) -> str | None:
    if not (word.isascii() and word.isdigit()) or not 1 <= int(word) <= most:
        return f"a sacrifice pays 1 to {most} corn, not {word!r}"
    return None


def _space(name: str, c: Components) -> str | None:
    """Why ``name`` is not a board space (None when it is)."""
    section, dot, number = name.rpartition(".")
    sections = sorted({space.name.rpartition(".")[0] for space in c.spaces})
    if not dot or section not in sections:
        return (
            f"{name!r} is not a board space; spaces read like etla-hills.2 ({', '.join(sections)})"
        )
    count = sum(1 for space in c.spaces if space.name.startswith(section + "."))
    if not (number.isascii() and number.isdigit()) or not 1 <= int(number) <= count:
        return f"{section} has spaces 1 to {count}, not {number}"
    return None


def _save(words: list[str]) -> str | None:
    if not words:
        return None
    if len(words) != 2 or words[0] != "save":
        return f"after the space comes only 'save RESOURCE', not {' '.join(words)!r}"
    if words[1] not in RESOURCES[:3]:
        return f"a discount saves wood, brick or stone, not {words[1]!r}"
    return None


def _build(args: list[str], c: Components) -> str | None:
    if len(args) < 3 or args[1] != "slot":
        return "write it as build SPACE slot N, e.g. build etla-hills.2 slot 5"
    return (
        _space(args[0], c)
        or _number(args[2], "grid slot", 1, 9)
        or _save(args[3:])
        or "that building is not in the action space"
    )


def _buy(args: list[str], c: Components) -> str | None:
    if len(args) != 1 or "." not in args[0]:
        return "write it as buy ROW.SLOT, e.g. buy II.3"
    level, _, slot = args[0].partition(".")
    if level not in LEVELS:
        return f"the trade rows are I, II and III, not {level!r}"
    return _number(slot, "slot", 1, c.trade_face_up)


def _pyramid(args: list[str]) -> str | None:
    if not 1 <= len(args) <= 2:
        return "write it as pyramid N, or pyramid N TILE to start one, e.g. pyramid 2 temple"
    if len(args) == 2 and args[1] not in ICONS:
        return f"a scoring tile is one of {', '.join(ICONS)}, not {args[1]!r}"
    return _number(args[0], "pyramid", 1, MAX_PYRAMIDS)


def _use(args: list[str], c: Components) -> str:
    if not args:
        return "write which tile to use, e.g. use II:swap wood>stone"
    usable = sorted(
        t.name for t, options in zip(c.trade_tiles, c.use_options, strict=True) if options
    )
    if args[0] not in c.trade_index:
        return f"there is no trade tile {args[0]!r}; tiles used this way: {', '.join(usable)}"
    tile = c.trade_tiles[c.trade_index[args[0]]]
    options = c.use_options[tile.index]
    if not options:
        return f"{args[0]} is not used: it acts on its own"
    ways = ", ".join(f"'use {tile.name} {option.label}'".replace(" '", "'") for option in options)
    return f"{args[0]} is used as one of: {ways}"


def notation_error(text: str, c: Components) -> str:
    """What is wrong with ``text`` as a Zapotec action, in words."""
    words = text.split()
    if not words:
        return f"an empty text is not an action; {SHAPES}"
    head, args = words[0], words[1:]
    reason: str | None
    if head in ("play", "draft", "deal"):
        reason = (
            "write the card's number, e.g. " + f"{head} 14"
            if len(args) != 1
            else _number(args[0], "card", min(c.cards), max(c.cards))
        )
    elif head == "income":
        reason = "income is taken from the 'row' or the 'column'"
    elif head == "buy":
        reason = _buy(args, c)
    elif head == "use":
        reason = _use(args, c)
    elif head == "pyramid":
        reason = _pyramid(args)
    elif head == "ritual":
        reason = (
            "write the ritual card's place, e.g. ritual 1"
            if len(args) != 1
            else _number(args[0], "ritual", 1, c.rituals_in_play)
        )
    elif head == "sacrifice":
        reason = (
            "write the corn paid, e.g. sacrifice 3"
            if len(args) != 1
            else _corn(args[0], c.max_corn)
        )
    elif head == "build":
        reason = _build(args, c)
    elif head == "palace":
        reason = (
            "write the space, e.g. palace etla-hills.2"
            if not args
            else _space(args[0], c) or _save(args[1:])
        )
    elif head == "done":
        reason = "done takes nothing after it"
    elif head in ("reveal", "tile", "scoring-tile", "ritual-card"):
        reason = "that is not one of the chance outcomes of these components"
    else:
        return f"{text!r} is not zapotec notation: no action starts with {head!r}; {SHAPES}"
    return f"{' '.join(words)}: {reason or 'that is not one of the actions; ' + SHAPES}"

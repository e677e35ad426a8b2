"""Engine texts in another language: message catalogues matched against the English the engines write.

The engines word their drawings' labels, their refusals and their turn lines in English, with
the numbers and names of the moment in them (``seat 2 to play``). Rather than thread a language
through every drawing function, each game keeps one catalogue (``stonework.games.<game>.messages``)
of its English sentences as templates with named placeholders, each with its French; a text is
translated by finding the template it matches and filling the French one with the captured
values, themselves translated when the catalogue knows them (``{resource}`` = ``wood`` -> ``bois``).
A text no template matches stays as it is: notation, numbers and names need no translation.

>>> cat = Catalogue("demo", [
...     Message("seat", "seat {n#}", "siège {n#}"),
...     Message("to-play", "{who} to play", "au tour de {who}"),
...     Message("wood", "wood", "bois"),
...     Message("gain", "+{n#} {what}", "+{n#} {what}"),
... ])
>>> cat.translate("seat 2 to play", "fr")
'au tour de siège 2'
>>> cat.translate("+3 wood", "fr"), cat.translate("NU-d4-1", "fr"), cat.translate("wood", "en")
('+3 bois', 'NU-d4-1', 'wood')
>>> translate_svg('<svg><text x="1">seat 1 to play</text><title>a &lt; b</title></svg>', cat, "fr")
'<svg><text x="1">au tour de siège 1</text><title>a &lt; b</title></svg>'
"""

from __future__ import annotations

import html
import importlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final
from xml.sax.saxutils import escape

LANGUAGES: Final = ("en", "fr")
"""The languages the engines' texts exist in; English is what the engines write."""

NAMES: Final = frozenset(
    [
        "action",
        "text",
        "cell",
        "space",
        "card",
        "cards",
        "tile",
        "slot",
        "corner",
        "orientation",
        "row",
        "level",
        "icon",
        "who",
        "a",
        "b",
    ]
)
"""Placeholders that hold names or notation (a cell, a card code, a seat's name): kept as is."""

_PLACEHOLDER: Final = re.compile(r"\{([a-z_]+#?)\}")
_CACHE_LIMIT: Final = 20_000


@dataclass(frozen=True)
class Message:
    """One sentence: a stable key, the English template the engine writes, and its French.

    Placeholders are ``{name}`` (any text, translated in turn when the catalogue knows it) or
    ``{name#}`` (a number, copied); a text value's brackets pair up. Both languages must have the same placeholders.
    """

    key: str
    en: str
    fr: str

    def placeholders(self, lang: str) -> set[str]:
        """The placeholder names of the template in ``lang``."""
        return set(_PLACEHOLDER.findall(self.text(lang)))

    def text(self, lang: str) -> str:
        """The template in ``lang`` (``en`` or ``fr``)."""
        if lang == "en":
            return self.en
        if lang == "fr":
            return self.fr
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {lang!r}")


_TEXT: Final = r"(?:[^()]|\([^()]*\))+?"
"""A text placeholder's value: any text whose brackets pair up, one level deep, so that in
``{action}: {reason} ({turn})`` a reason ending in ``(§9)`` is not cut at its bracket."""


def _pattern(template: str) -> re.Pattern[str]:
    out = []
    pos = 0
    for match in _PLACEHOLDER.finditer(template):
        out.append(re.escape(template[pos : match.start()]))
        name = match.group(1)
        group = name.rstrip("#")
        out.append(
            rf"(?P<{group}>-?\d+(?:\.\d+)?)" if name.endswith("#") else rf"(?P<{group}>{_TEXT})"
        )
        pos = match.end()
    out.append(re.escape(template[pos:]))
    return re.compile("".join(out), re.DOTALL)


class Catalogue:
    """A game's messages, with lookups by exact English text and by template."""

    def __init__(self, name: str, messages: Iterable[Message], parents: Sequence[Catalogue] = ()):
        self.name = name
        self.messages = list(messages)
        for parent in parents:
            self.messages += parent.messages
        keys = [m.key for m in self.messages]
        duplicates = {k for k in keys if keys.count(k) > 1}
        if duplicates:
            raise ValueError(f"catalogue {name}: keys used twice: {sorted(duplicates)}")
        self._exact: dict[str, Message] = {}
        templates = []
        for message in self.messages:
            for lang in LANGUAGES:
                if re.search(r"\{[^}]*\}", _PLACEHOLDER.sub("", message.text(lang))):
                    raise ValueError(f"catalogue {name}: {message.key} has a malformed placeholder")
            if _PLACEHOLDER.search(message.en):
                if _PLACEHOLDER.fullmatch(message.en):
                    raise ValueError(f"catalogue {name}: {message.key} is only a placeholder")
                templates.append(message)
            else:
                self._exact.setdefault(message.en, message)
        # The most specific templates (the most literal text) are tried first.
        templates.sort(key=lambda m: -len(_PLACEHOLDER.sub("", m.en)))
        self._templates = [(m, _pattern(m.en)) for m in templates]
        self._cache: dict[tuple[str, str], str] = {}

    def translate(self, text: str, lang: str) -> str:
        """``text`` (an engine's English) in ``lang``; unchanged when no message matches."""
        if lang == "en" or not text.strip():
            return text
        key = (text, lang)
        found = self._cache.get(key)
        if found is None:
            found = self._translate(text, lang)
            if len(self._cache) > _CACHE_LIMIT:
                self._cache.clear()
            self._cache[key] = found
        return found

    def knows(self, text: str) -> bool:
        """Whether ``text`` translates wholly: a message matches it, and every placeholder value
        in it is known in turn, except those that hold names or notation (:data:`NAMES`)."""
        text = text.strip()
        if text in self._exact:
            return True
        for _, pattern in self._templates:
            match = pattern.fullmatch(text)
            if match is not None and all(
                name in NAMES or value.lstrip("-").replace(".", "").isdigit() or self.knows(value)
                for name, value in match.groupdict().items()
            ):
                return True
        return False

    def _translate(self, text: str, lang: str) -> str:
        # Leading and trailing blanks (indented continuation lines) are kept as they are.
        stripped = text.strip()
        if stripped != text:
            start = text.index(stripped[0])
            return text[:start] + self.translate(stripped, lang) + text[start + len(stripped) :]
        exact = self._exact.get(text)
        if exact is not None:
            return exact.text(lang)
        for message, pattern in self._templates:
            match = pattern.fullmatch(text)
            if match is None:
                continue
            values = {
                name: self.translate(value, lang) for name, value in match.groupdict().items()
            }
            return _fill(message.text(lang), values)
        return text


def _fill(template: str, values: dict[str, str]) -> str:
    return _PLACEHOLDER.sub(lambda m: values[m.group(1).rstrip("#")], template)


_SVG_TEXT: Final = re.compile(r"(<(text|title|tspan|desc)\b[^>]*>)([^<]+)(</\2>)")
_SVG_LABEL: Final = re.compile(r'(aria-label=")([^"]*)(")')


def translate_svg(svg: str, catalogue: Catalogue, lang: str) -> str:
    """The drawing with every text element, title and aria-label translated to ``lang``."""
    if lang == "en":
        return svg

    def body(match: re.Match[str]) -> str:
        text = html.unescape(match.group(3))
        return match.group(1) + escape(catalogue.translate(text, lang)) + match.group(4)

    def label(match: re.Match[str]) -> str:
        text = html.unescape(match.group(2))
        translated = escape(catalogue.translate(text, lang), {'"': "&quot;"})
        return match.group(1) + translated + match.group(3)

    return _SVG_LABEL.sub(label, _SVG_TEXT.sub(body, svg))


COMMON: Final = Catalogue(
    "common",
    [
        Message("common.seat", "seat {n#}", "siège {n#}"),
        Message("common.seat-who", "seat {n#} ({who})", "siège {n#} ({who})"),
        Message("common.to-play", "{who} to play: {what}", "{who} joue : {what}"),
        Message(
            "common.waiting",
            "waiting for players: seat {seats} open",
            "en attente de joueurs : siège {seats} libre",
        ),
        Message(
            "common.resigned",
            "the game is over: seat {n#} resigned",
            "la partie est finie : le siège {n#} a abandonné",
        ),
        Message("common.abandoned", "the table was abandoned", "la table a été abandonnée"),
        Message("common.Seat", "Seat {n#}", "Siège {n#}"),
        Message("common.legend", "Legend", "Légende"),
        Message("common.empty", "(empty)", "(vide)"),
        Message("common.hidden", "(hidden)", "(caché)"),
        Message("common.game-over", "the game is over", "la partie est finie"),
        Message(
            "common.not-legal",
            "{action} is not legal: {reason}",
            "{action} n'est pas permis : {reason}",
        ),
        Message(
            "common.not-legal-now",
            "{action} is not legal now",
            "{action} n'est pas permis maintenant",
        ),
        Message(
            "common.not-your-turn",
            "it is not seat {n#}'s turn ({turn})",
            "ce n'est pas au tour du siège {n#} ({turn})",
        ),
        # The server's refusals of a move that came too late (409), shown to the player.
        Message(
            "common.stale-move",
            "the table is at seq {seq#}, not {n#}: reload it (stale or repeated move)",
            "la partie en est au coup {seq#}, pas {n#} : rechargez-la (coup en retard ou répété)",
        ),
        Message(
            "common.stale",
            "the table is at seq {seq#}, not {n#}: reload it",
            "la partie en est au coup {seq#}, pas {n#} : rechargez-la",
        ),
        Message(
            "common.moved-meanwhile",
            "the table changed meanwhile (another move came first): reload it",
            "la partie a changé entre-temps (un autre coup est arrivé avant) : rechargez-la",
        ),
        Message(
            "common.waiting-join",
            "the table is waiting for players to join",
            "la table attend que des joueurs la rejoignent",
        ),
        Message("common.table-is", "the table is {status}", "la table est {status}"),
        Message("common.status-finished", "finished", "terminée"),
        Message("common.status-abandoned", "abandoned", "abandonnée"),
        Message("common.cannot-undo", "cannot undo: {reason}", "annulation impossible : {reason}"),
        Message(
            "common.undo-revealed",
            "an AI move since yours revealed hidden information",
            "un coup d'IA après le vôtre a révélé une information cachée",
        ),
        Message("common.undo-not-moved", "you have not moved yet", "vous n'avez pas encore joué"),
        Message(
            "common.undo-chance",
            "a chance outcome (a reveal, draw or deal) came after your move",
            "un tirage (révélation, pioche ou donne) a suivi votre coup",
        ),
        Message(
            "common.undo-person",
            "seat {n#} (a person) has moved since",
            "le siège {n#} (une personne) a joué depuis",
        ),
        Message(
            "common.undo-own-reveal",
            "your last move revealed hidden information",
            "votre dernier coup a révélé une information cachée",
        ),
    ],
)
"""Sentences every game shares (the server's own among them)."""


@cache
def catalogue(game: str) -> Catalogue:
    """The catalogue of ``game`` (its ``messages`` module), or the common one if it has none."""
    if not re.fullmatch(r"[a-z_]+", game):
        return COMMON
    try:
        module = importlib.import_module(f"stonework.games.{game}.messages")
    except ModuleNotFoundError:
        return COMMON
    found: Catalogue = module.CATALOGUE
    return found


def check_language(lang: str) -> str:
    """``lang`` if it is one of :data:`LANGUAGES`, else ValueError."""
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    return lang

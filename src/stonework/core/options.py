"""Game options: variants and rule flags, declared up front so they can be listed and validated."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from stonework.core.errors import UnknownOption

OptionValue = bool | int | str


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game: its name, type, default, allowed values and a one-line description.

    ``kind`` is ``"bool"``, ``"int"``, ``"choice"`` or ``"str"``. For ``"choice"``, ``choices``
    lists the allowed values; for ``"int"``, ``minimum``/``maximum`` bound it when given.
    """

    name: str
    kind: str
    default: OptionValue
    description: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    assumed: bool = False  # the default is an ASSUMED reading of the rules (see the rules file)

    def allowed(self) -> str:
        """The allowed values in words, for help text and error messages."""
        if self.kind == "bool":
            return "true or false"
        if self.kind == "choice":
            return ", ".join(self.choices)
        if self.kind == "int":
            lo = "" if self.minimum is None else str(self.minimum)
            hi = "" if self.maximum is None else str(self.maximum)
            return f"an integer {lo}..{hi}" if lo or hi else "an integer"
        return "any text"

    def validate(self, value: object) -> OptionValue:
        """Return ``value`` checked (and converted from text where needed), or raise UnknownOption."""
        if isinstance(value, str) and self.kind in ("bool", "int"):
            return self.parse(value)
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
        elif self.kind == "int":
            if isinstance(value, int) and not isinstance(value, bool):
                if (self.minimum is not None and value < self.minimum) or (
                    self.maximum is not None and value > self.maximum
                ):
                    raise UnknownOption(
                        f"option {self.name!r}: {value} is out of range; allowed: {self.allowed()}"
                    )
                return value
        elif self.kind == "choice":
            if isinstance(value, str) and value in self.choices:
                return value
        elif isinstance(value, str):
            return value
        raise UnknownOption(
            f"option {self.name!r}: {value!r} is not allowed; allowed: {self.allowed()}"
        )

    def parse(self, text: str) -> OptionValue:
        """Read a value typed on a command line (``true``/``false``, digits, a choice name)."""
        if self.kind == "bool":
            low = text.strip().lower()
            if low in ("true", "yes", "on", "1"):
                return True
            if low in ("false", "no", "off", "0"):
                return False
            raise UnknownOption(f"option {self.name!r}: {text!r} is not true or false")
        if self.kind == "int":
            try:
                number = int(text.strip())
            except ValueError:
                raise UnknownOption(f"option {self.name!r}: {text!r} is not an integer") from None
            return self.validate(number)
        return self.validate(text.strip())

    def to_json(self) -> dict[str, Any]:
        """A plain-JSON description (for ``list_games`` and the server)."""
        out: dict[str, Any] = {
            "name": self.name,
            "type": self.kind,
            "default": self.default,
            "description": self.description,
            "assumed": self.assumed,
        }
        if self.choices:
            out["choices"] = list(self.choices)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return out


@dataclass(frozen=True)
class OptionSet:
    """The options a game declares, with validation of a caller's settings against them."""

    specs: tuple[OptionSpec, ...] = field(default_factory=tuple)

    def names(self) -> list[str]:
        """Option names in declaration order."""
        return [spec.name for spec in self.specs]

    def defaults(self) -> dict[str, OptionValue]:
        """Every option at its default."""
        return {spec.name: spec.default for spec in self.specs}

    def resolve(self, game: str, given: Mapping[str, object]) -> dict[str, OptionValue]:
        """All options, defaults filled in, each given value validated; unknown names fail."""
        by_name = {spec.name: spec for spec in self.specs}
        out = self.defaults()
        for name, value in given.items():
            spec = by_name.get(name)
            if spec is None:
                valid = ", ".join(by_name) or "(none)"
                raise UnknownOption(f"{game} has no option {name!r}; its options are: {valid}")
            out[name] = spec.validate(value)
        return out

    def parse_pairs(self, game: str, pairs: list[str]) -> dict[str, OptionValue]:
        """Read ``KEY=VALUE`` strings from a command line into validated option values."""
        by_name = {spec.name: spec for spec in self.specs}
        out: dict[str, OptionValue] = {}
        for pair in pairs:
            if "=" not in pair:
                raise UnknownOption(f"option {pair!r} must be written KEY=VALUE")
            name, _, text = pair.partition("=")
            name = name.strip()
            spec = by_name.get(name)
            if spec is None:
                valid = ", ".join(by_name) or "(none)"
                raise UnknownOption(f"{game} has no option {name!r}; its options are: {valid}")
            out[name] = spec.parse(text)
        return out

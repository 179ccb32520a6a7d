"""Named, validated game options (variant rules, deck choices, caps)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import OptionError


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game: its name, type, default and allowed values.

    ``kind`` is ``"int"``, ``"bool"``, ``"str"`` or ``"choice"`` (one of ``choices``). ``minimum``/``maximum`` bound
    an int; ``None`` as a default means "not set" and is allowed when ``optional`` is true.
    """

    name: str
    kind: str
    default: Any
    help: str
    choices: tuple[str, ...] = field(default_factory=tuple)
    minimum: int | None = None
    maximum: int | None = None
    optional: bool = False

    def parse(self, raw: Any) -> Any:
        """Convert and check one value (a string from the command line, or an already typed value)."""
        if raw is None:
            if self.optional:
                return None
            raise OptionError(f"option {self.name!r} needs a value")
        if self.kind == "int":
            if isinstance(raw, bool):
                raise OptionError(f"option {self.name!r} must be an integer, got {raw!r}")
            if isinstance(raw, str):
                text = raw.strip().lower()
                if self.optional and text in ("none", "off", ""):
                    return None
                try:
                    raw = int(text)
                except ValueError:
                    raise OptionError(f"option {self.name!r} must be an integer, got {raw!r}") from None
            if not isinstance(raw, int):
                raise OptionError(f"option {self.name!r} must be an integer, got {raw!r}")
            if self.minimum is not None and raw < self.minimum:
                raise OptionError(f"option {self.name!r} must be at least {self.minimum}, got {raw}")
            if self.maximum is not None and raw > self.maximum:
                raise OptionError(f"option {self.name!r} must be at most {self.maximum}, got {raw}")
            return raw
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in ("1", "true", "yes", "on"):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise OptionError(f"option {self.name!r} must be true or false, got {raw!r}")
        if self.kind == "choice":
            text = str(raw).strip()
            if text not in self.choices:
                raise OptionError(
                    f"option {self.name!r} must be one of {', '.join(self.choices)}; got {raw!r}"
                )
            return text
        if self.kind == "str":
            if not isinstance(raw, str):
                raise OptionError(f"option {self.name!r} must be text, got {raw!r}")
            return raw
        raise AssertionError(f"unknown option kind {self.kind!r}")


def parse_option_pairs(pairs: list[str]) -> dict[str, str]:
    """Split ``key=value`` strings from the command line into a dict."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise OptionError(f"option {pair!r} must be written key=value")
        if key in out:
            raise OptionError(f"option {key!r} is given twice")
        out[key] = value.strip()
    return out


def resolve_options(
    game_id: str, specs: tuple[OptionSpec, ...], given: dict[str, Any] | None
) -> dict[str, Any]:
    """All options of a game with defaults filled in; unknown names and bad values raise :class:`OptionError`."""
    given = dict(given or {})
    by_name = {s.name: s for s in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(sorted(by_name)) or "none"
        raise OptionError(f"unknown option {unknown[0]!r} for {game_id} (options: {known})")
    out: dict[str, Any] = {}
    for spec in specs:
        out[spec.name] = spec.parse(given[spec.name]) if spec.name in given else spec.default
    return out

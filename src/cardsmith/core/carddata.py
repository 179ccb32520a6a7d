"""Reading a game's card data file: the packaged ``cards.toml`` or a file a user names."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any, Generic, TypeVar

import msgspec

from .errors import CardDataError, DeckError

T = TypeVar("T")


def read_card_toml(
    package: str, path: str | Path | None = None, filename: str = "cards.toml", *, what: str = "card data"
) -> dict[str, Any]:
    """The decoded TOML of ``path``, or of ``filename`` shipped in ``package`` when no path is given.

    Any failure (unreadable file, not UTF-8, not TOML) raises :class:`CardDataError` with a one-line reason; the
    game's own parser then checks the data against its card schema.
    """
    where = str(path) if path is not None else f"{package}/{filename}"
    try:
        if path is None:
            raw = resources.files(package).joinpath(filename).read_bytes()
        else:
            raw = Path(path).read_bytes()
    except OSError as exc:
        raise CardDataError(f"cannot read {what} {where}: {exc.strerror or exc}") from None
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise CardDataError(f"{what} {where} is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(f"{what} {where} is not valid TOML: {exc}") from None


_STEP = re.compile(r"\.(\w+)|\[(\d+)\]")


def _where_in(data: Any, path: str) -> str:
    """Words for a msgspec error path (``$.cards[3].atk``): the card by its name (or title) where the path passes
    one; a list of values (not of tables) is a field like any other."""
    parts: list[str] = []
    node = data
    for key, index in _STEP.findall(path[1:] if path.startswith("$") else path):
        if key:
            node = node.get(key) if isinstance(node, dict) else None
            is_table_list = isinstance(node, list) and any(isinstance(item, dict) for item in node)
            parts.append(key if is_table_list else f"field {key!r}")
        else:
            i = int(index)
            node = node[i] if isinstance(node, list) and i < len(node) else None
            name = (
                next((node[k] for k in ("name", "title") if k in node), None)
                if isinstance(node, dict)
                else None
            )
            if parts and not parts[-1].startswith("field"):
                parts[-1] = f"{parts[-1]}[{i}]" + (f" {name!r}" if isinstance(name, str) else "")
            else:
                parts.append(f"item {i}")
    return ", ".join(parts)


def decode(
    data: Any,
    schema: type[T],
    where: str,
    *,
    what: str = "card data",
    reword: Callable[[str], str] | None = None,
) -> T:
    """Check decoded card data against ``schema`` (msgspec structs) and build it.

    Any mismatch raises :class:`CardDataError` with one line naming the file, the card (by its ``name`` where the
    entry has one) and the field: ``card data cards.toml: cards[3] 'Iron Wall', field 'atk': Expected `int`, got
    `str```. ``reword(line)`` gives that line a game's own words (the keys of its card file, the rule a field
    comes from).
    """
    try:
        return msgspec.convert(data, type=schema, strict=True)
    except msgspec.ValidationError as exc:
        text = str(exc)
        message, sep, path = text.rpartition(" - at `")
        if not sep:
            line = f"{what} {where}: {text}"
        else:
            place = _where_in(data, path.rstrip("`"))
            line = f"{what} {where}: {place}: {message}" if place else f"{what} {where}: {message}"
        raise CardDataError(line if reword is None else reword(line)) from None


def load(package: str, schema: type[T], path: str | Path | None = None, filename: str = "cards.toml") -> T:
    """Read a game's card file (the packaged one, or ``path``) and check it against ``schema``."""
    where = str(path) if path is not None else f"{package}/{filename}"
    return decode(read_card_toml(package, path, filename), schema, where)


C = TypeVar("C")


class CardIndex(Generic[C]):
    """A game's card definitions by name (a game's card set derives from it and adds its own lookups)."""

    cards: dict[str, C]

    def __contains__(self, name: object) -> bool:
        return name in self.cards

    def __len__(self) -> int:
        return len(self.cards)

    def get(self, name: str) -> C:
        """The card called ``name``; raises :class:`CardDataError` if there is none."""
        try:
            return self.cards[name]
        except KeyError:
            raise CardDataError(f"unknown card {name!r}") from None


D = TypeVar("D")


class DeckIndex(Generic[D]):
    """A game's sample decks by id (a game's card set derives from it when its card file lists decks)."""

    decks: dict[str, D]

    def deck(self, name: str) -> D:
        """The sample deck with id ``name``; raises :class:`DeckError` if there is none."""
        try:
            return self.decks[name]
        except KeyError:
            known = ", ".join(sorted(self.decks)) or "none"
            raise DeckError(f"unknown deck {name!r} (known decks: {known})") from None


class DeckEntry(msgspec.Struct, frozen=True):
    """One entry of a deck list: its text, the heading it names (``"mp"`` for ``MP: Name``) or None, the count of
    copies (``3x Name``; 1 when none is written) and the card or heading value."""

    text: str
    heading: str | None
    count: int
    name: str


def deck_list_entries(text: str, headings: tuple[str, ...] = ()) -> list[DeckEntry]:
    """The entries of a deck list, in order: separated by semicolons or new lines, ``#`` comments to the end of a
    line, each a name with an optional ``Nx`` count before it, or ``Heading: value`` for one of ``headings``
    (matched without regard to case). What the entries mean, and which are refused, is the game's to say."""
    entries: list[DeckEntry] = []
    for line in text.splitlines():
        for raw in line.split("#", 1)[0].split(";"):
            entry = raw.strip()
            if not entry:
                continue
            heading, sep, value = entry.partition(":")
            if sep and heading.strip().lower() in headings and value.strip():
                entries.append(DeckEntry(entry, heading.strip().lower(), 1, value.strip()))
                continue
            match = _COUNTED.fullmatch(entry)
            count, name = (int(match.group(1)), match.group(2).strip()) if match else (1, entry)
            entries.append(DeckEntry(entry, None, count, name))
    return entries


_COUNTED = re.compile(r"(\d+)\s*[xX×]\s+(.+)")

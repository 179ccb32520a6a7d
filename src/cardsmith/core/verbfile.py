"""A game's verbs declared as data: the ``verbs.toml`` shipped beside its rules.

The file lists the verbs in action-space order, each with its arguments and what it means::

    [[verb]]
    name = "block"
    help = "block the waiting attack with a card from hand (MA-6.2)"
    args = [{ name = "card", type = "card", help = "a Move card with DEF in hand" }]

A verb that throws away the deciding seat's own cards (a discard from hand) says ``discards = true``, so that a table
asks a person to confirm it.

An argument's ``type`` is ``card`` (a card named by what it is), ``seat``, ``choice`` (with ``choices``: a list of
words, or the name of a word list the game supplies) or ``int`` (with ``lo`` and ``hi``: numbers, or names of bounds
the game supplies because they depend on players and options). The file is checked against its schema when the game
is imported: a mistake is one error naming the file, the verb and the field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

import msgspec

from .actions import Arg, Bound, CardArg, ChoiceArg, IntArg, SeatArg, Verb
from .carddata import decode, read_card_toml
from .errors import CardDataError

Named = Bound | Sequence[str]
"""What a game may supply by name: a bound (a number or a function of players and options) or a word list."""


class _ArgSpec(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    name: str
    type: Literal["card", "seat", "choice", "int"]
    help: str = ""
    lo: int | str | None = None
    hi: int | str | None = None
    choices: list[str] | str | None = None


class _VerbSpec(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    name: str
    help: str
    args: list[_ArgSpec] = []
    discards: bool = False


class _VerbFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    verb: list[_VerbSpec]


def load_verbs(
    package: str, named: Mapping[str, Named] | None = None, filename: str = "verbs.toml"
) -> tuple[Verb, ...]:
    """The verbs declared in ``filename`` shipped in ``package``, in order; ``named`` supplies the bounds and word
    lists the file refers to by name. Raises :class:`CardDataError` naming the file, the verb and the field."""
    where = f"{package}/{filename}"
    data = read_card_toml(package, None, filename, what="verb declarations")
    spec = decode(data, _VerbFile, where, what="verb declarations")
    named = named or {}
    verbs = []
    for verb in spec.verb:
        args = tuple(_arg(arg, named, f"verb declarations {where}: verb {verb.name!r}") for arg in verb.args)
        try:
            verbs.append(Verb(verb.name, args, help=verb.help, discards=verb.discards))
        except ValueError as exc:
            raise CardDataError(f"verb declarations {where}: {exc}") from None
    return tuple(verbs)


def _arg(spec: _ArgSpec, named: Mapping[str, Named], where: str) -> Arg:
    place = f"{where}, argument {spec.name!r}"
    fields = {"lo": spec.lo, "hi": spec.hi, "choices": spec.choices}
    allowed = {"int": {"lo", "hi"}, "choice": {"choices"}}.get(spec.type, set())
    for key, value in fields.items():
        if (value is not None) != (key in allowed):
            need = "needs" if value is None else "takes no"
            raise CardDataError(f"{place}: an argument of type {spec.type!r} {need} field {key!r}")
    if spec.type == "card":
        return CardArg(spec.name, help=spec.help)
    if spec.type == "seat":
        return SeatArg(spec.name, help=spec.help)
    if spec.type == "choice":
        words = _named(spec.choices, named, place, "word list")
        return ChoiceArg(spec.name, tuple(words), help=spec.help)
    return IntArg(
        spec.name,
        _named(spec.lo, named, place, "bound"),
        _named(spec.hi, named, place, "bound"),
        help=spec.help,
    )


def _named(value: Any, named: Mapping[str, Named], place: str, what: str) -> Any:
    if not isinstance(value, str):
        return value
    if value not in named:
        known = ", ".join(sorted(named)) or "none"
        raise CardDataError(f"{place}: {value!r} names no {what} the game supplies (it supplies: {known})")
    found = named[value]
    if what == "bound" and not (isinstance(found, int) or callable(found)):
        raise CardDataError(f"{place}: {value!r} is not a number or a function of players and options")
    if what == "word list" and (isinstance(found, str) or callable(found)):
        raise CardDataError(f"{place}: {value!r} is not a list of words")
    return found

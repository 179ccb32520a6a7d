"""Typed options and the action encoding every game shares.

An option of a decision is a *verb* with typed *arguments* and a label for people. A game declares its verbs once,
each with the domain of each argument::

    VERBS = (
        Verb("take", help="take the hit unblocked"),
        Verb("block", (CardArg("card"),), help="block with a card from hand, named by what it is"),
        Verb("start", (SeatArg("seat"),), help="chance: who attacks first"),
    )

and builds every option with :func:`option` (``option("block", "Iron Wall", label="Block with Iron Wall")``). The
id (``"block:Iron Wall"``) is made here from the verb and its arguments, and parsed back here: a game receives an
:class:`Action` with ``verb`` and ``args`` already typed and never takes an id apart itself.

The verbs and their argument domains give each game a finite, documented action space (:class:`ActionSpace`): each
verb owns a block of indices, one per combination of argument values, so ``encode(option id) -> int`` and
``decode(int) -> option id`` are exact inverses, and a legal-action mask has a fixed length for given players and
options. A card in hand is named by what it is (its name, an index into the game's card table), so two copies are one
action and the index says nothing the seat cannot see; a card in play is named by where it is (a card id or a place).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

SEP = ":"
"""Separates a verb and its argument tokens in an option id."""

Bound = int | Callable[[int, dict[str, Any]], int]
"""A domain bound: a number, or a function of (players, options) for a domain that grows with the game."""


def _resolve(bound: Bound, players: int, options: dict[str, Any]) -> int:
    return bound(players, options) if callable(bound) else bound


@dataclass(frozen=True)
class IntArg:
    """A whole number from ``lo`` to ``hi`` inclusive (either bound may depend on players and options)."""

    name: str
    lo: Bound
    hi: Bound
    help: str = ""

    def values(self, players: int, options: dict[str, Any], game: Any) -> list[Any]:
        """Every value of the domain, in index order."""
        return list(range(_resolve(self.lo, players, options), _resolve(self.hi, players, options) + 1))

    def parse(self, token: str) -> int:
        """The value an id token stands for (raises ValueError)."""
        return int(token)


@dataclass(frozen=True)
class SeatArg:
    """A seat, 0 to the game's largest player count less one."""

    name: str
    help: str = ""

    def values(self, players: int, options: dict[str, Any], game: Any) -> list[Any]:
        """Every seat of the largest table, so the index of a seat never depends on the player count."""
        return list(range(game.max_players))

    def parse(self, token: str) -> int:
        """The seat a token stands for."""
        return int(token)


@dataclass(frozen=True)
class ChoiceArg:
    """One of a fixed list of words."""

    name: str
    choices: tuple[str, ...] = ()
    help: str = ""

    def values(self, players: int, options: dict[str, Any], game: Any) -> list[Any]:
        """The words, in index order."""
        return list(self.choices)

    def parse(self, token: str) -> str:
        """The word itself."""
        return token


@dataclass(frozen=True)
class CardArg:
    """A card named by what it is: a name from the game's card table (``game.card_names()``), sorted."""

    name: str
    help: str = ""

    def values(self, players: int, options: dict[str, Any], game: Any) -> list[Any]:
        """The game's card names in sorted order."""
        return sorted(game.card_names())

    def parse(self, token: str) -> str:
        """The card name itself."""
        return token


Arg = IntArg | SeatArg | ChoiceArg | CardArg


@dataclass(frozen=True)
class Verb:
    """One kind of option: a name, its typed arguments (at most two), and what it means."""

    name: str
    args: tuple[Arg, ...] = ()
    help: str = ""
    discards: bool = False
    """The option throws away the deciding seat's own cards (a discard from hand): a table asks a person to confirm."""

    def __post_init__(self) -> None:
        if not self.name or SEP in self.name:
            raise ValueError(f"verb name {self.name!r} must be non-empty and hold no {SEP!r}")
        if len(self.args) > 2:
            raise ValueError(f"verb {self.name!r}: at most two arguments keep the action space small")


@dataclass(frozen=True)
class Option:
    """One legal option of a decision: a stable id (what an action names), a label for people, and the verb and
    typed arguments the id is built from (:class:`Verbs` parses them)."""

    id: str
    label: str
    verb: str = ""
    args: tuple[Any, ...] = ()


class Action(NamedTuple):
    """A chosen option as the rules receive it: its id, its verb and its parsed arguments."""

    id: str
    verb: str
    args: tuple[Any, ...]


def option(verb: str, *args: Any, label: str) -> list[str]:
    """A typed option ``[id, label]`` of ``verb`` with ``args``, ready for :meth:`cardsmith.core.game.Game.ask`."""
    if not args:
        return [verb, label]
    if len(args) == 1:
        return [f"{verb}{SEP}{args[0]}", label]
    return [verb + SEP + SEP.join([str(a) for a in args]), label]


def option_id(verb: str, *args: Any) -> str:
    """The id of the option of ``verb`` with ``args`` (what :func:`option` builds)."""
    if not args:
        return verb
    return verb + SEP + SEP.join([str(a) for a in args])


TYPED_KEPT = 50_000
"""How many typed options a verb table keeps before it forgets them all (labels may carry numbers, so a long run
could otherwise keep adding new ones)."""


class UnknownVerb(ValueError):
    """An option id whose verb the game does not declare, or whose arguments do not fit it."""


class Verbs:
    """A game's declared verbs by name: parses ids back into typed actions."""

    def __init__(self, verbs: Iterable[Verb]) -> None:
        self.by_name: dict[str, Verb] = {}
        # What was already worked out: a game's ids are finite (its action space), and the same few recur. Typed
        # options are immutable, so one object serves every decision that offers it.
        self._parsed: dict[str, Action] = {}
        self._typed: dict[tuple[str, str], Option] = {}
        for verb in verbs:
            if verb.name in self.by_name:
                raise ValueError(f"verb {verb.name!r} is declared twice")
            self.by_name[verb.name] = verb

    def __bool__(self) -> bool:
        return bool(self.by_name)

    def parse(self, oid: str) -> Action:
        """The :class:`Action` an option id names (raises :class:`UnknownVerb`)."""
        action = self._parsed.get(oid)
        if action is None:
            action = self._parsed[oid] = self._parse(oid)
        return action

    def typed(self, oid: str, label: str) -> Option:
        """The typed :class:`~cardsmith.core.decision.Option` of an id and its label, built once (a search builds the
        same few again and again). At most :data:`TYPED_KEPT` are kept; then they are all forgotten."""
        key = (oid, label)
        option = self._typed.get(key)
        if option is None:
            if len(self._typed) >= TYPED_KEPT:
                self._typed.clear()
            action = self.parse(oid)
            option = self._typed[key] = Option(oid, label, action.verb, action.args)
        return option

    def _parse(self, oid: str) -> Action:
        name, sep, rest = oid.partition(SEP)
        verb = self.by_name.get(name)
        if verb is None:
            raise UnknownVerb(f"option id {oid!r}: no verb {name!r}")
        n = len(verb.args)
        if n == 0:
            if sep:
                raise UnknownVerb(f"option id {oid!r}: verb {name!r} takes no arguments")
            return Action(oid, name, ())
        if not sep:
            raise UnknownVerb(f"option id {oid!r}: verb {name!r} takes {n} argument(s)")
        # The last argument may hold the separator (a card name never needs to, but nothing breaks if it does).
        tokens = rest.split(SEP, n - 1)
        if len(tokens) != n:
            raise UnknownVerb(f"option id {oid!r}: verb {name!r} takes {n} argument(s)")
        try:
            args = tuple(arg.parse(tok) for arg, tok in zip(verb.args, tokens, strict=True))
        except ValueError:
            raise UnknownVerb(f"option id {oid!r}: an argument does not fit verb {name!r}") from None
        return Action(oid, name, args)


@dataclass
class ActionSpace:
    """The finite action space of one game for given players and options.

    Verbs are laid out in declaration order; a verb with arguments ``a`` and ``b`` owns ``|a| * |b|`` indices, the
    first argument varying slowest. ``size`` is the length of every mask.
    """

    verbs: tuple[Verb, ...] = field(repr=False)
    players: int
    options: dict[str, Any] = field(repr=False)
    game: Any = field(repr=False)
    size: int = 0
    _offset: dict[str, int] = field(default_factory=dict, repr=False)
    _values: dict[str, list[list[Any]]] = field(default_factory=dict, repr=False)
    _index: dict[str, list[dict[Any, int]]] = field(default_factory=dict, repr=False)
    _parser: Verbs | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        total = 0
        for verb in self.verbs:
            values = [arg.values(self.players, self.options, self.game) for arg in verb.args]
            count = 1
            for vals in values:
                count *= len(vals)
            self._offset[verb.name] = total
            self._values[verb.name] = values
            self._index[verb.name] = [{v: i for i, v in enumerate(vals)} for vals in values]
            total += count
        self.size = total
        self._parser = Verbs(self.verbs)

    def encode(self, oid: str) -> int:
        """The index of an option id (raises :class:`UnknownVerb` when it is outside the space)."""
        action = self._parser.parse(oid)  # type: ignore[union-attr]
        index = 0
        for pos, (value, vals) in enumerate(zip(action.args, self._values[action.verb], strict=True)):
            i = self._index[action.verb][pos].get(value)
            if i is None:
                raise UnknownVerb(f"option id {oid!r}: argument {value!r} is outside its domain")
            index = index * len(vals) + i
        return self._offset[action.verb] + index

    def decode(self, index: int) -> str:
        """The option id at an index (raises IndexError outside the space)."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self.size:
            raise IndexError(f"action index {index!r} is outside 0..{self.size - 1}")
        for verb in reversed(self.verbs):
            offset = self._offset[verb.name]
            if index >= offset:
                break
        rest = index - offset
        values = self._values[verb.name]
        args: list[Any] = []
        for vals in reversed(values):
            rest, i = divmod(rest, len(vals))
            args.append(vals[i])
        return option_id(verb.name, *reversed(args))

    def mask(self, option_ids: Iterable[str]) -> bytearray:
        """A 0/1 mask of length :attr:`size` with 1 at the index of each given option id."""
        out = bytearray(self.size)
        for oid in option_ids:
            out[self.encode(oid)] = 1
        return out

    def describe(self) -> list[dict[str, Any]]:
        """The layout, one row per verb: name, first index, count, argument names and domain sizes, help."""
        rows = []
        for verb in self.verbs:
            values = self._values[verb.name]
            count = 1
            for vals in values:
                count *= len(vals)
            rows.append(
                {
                    "verb": verb.name,
                    "first": self._offset[verb.name],
                    "count": count,
                    "args": [[arg.name, len(vals)] for arg, vals in zip(verb.args, values, strict=True)],
                    "help": verb.help,
                }
            )
        return rows

"""A game's declarations as data: the ``game.toml`` shipped beside its rules.

The file holds what a game declares rather than computes: its names, player counts, rules version, default
opponent, the search agent's default settings, options, zones and marks, and the options a random playout uses::

    id = "martial-arts"
    name = "Martial Arts: The Card Game"
    summary = "A two-player duel of combos, blocks and counterattacks."
    players = { min = 2, max = 2 }
    rules_version = "3"
    opponent = "ismcts"

    [search]                     # the search agent's defaults for this game
    iterations = 1000
    rollout = "heuristic"

    [[option]]
    name = "deck_p1"
    kind = "choice"
    default = "tiger"
    help = "P1's sample deck"
    choices = "decks"            # a word list the game supplies by name

    [zones]
    deck = { visibility = "none", description = "face-down deck", title = "Deck" }
    event_slot = { visibility = "all", owned = false, description = "the active event" }

An option's ``kind`` is ``int``, ``bool``, ``str`` or ``choice``; ``choices`` is a list of words or the name of a
list the game supplies, and ``default_from`` names a default the game supplies (a value worked out from its card
data). A zone's ``visibility`` is ``all``, ``owner`` or ``none``; its ``title``, the pile's short name at the table,
defaults to its description. The file is checked against its schema when the
game is imported: a mistake is one error naming the file and the field. A game takes the declarations with
``class MyGame(Game, declared=load_game_file(__package__))``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec

from .carddata import decode, read_card_toml
from .errors import CardDataError, OptionError
from .options import OptionSpec
from .zones import ALL, NONE, OWNER, Visibility, ZoneKind

_VISIBILITY = {"all": ALL, "owner": OWNER, "none": NONE}


class _Players(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    min: int
    max: int


class _Option(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    name: str
    kind: Literal["int", "bool", "str", "choice"]
    help: str
    default: Any = None
    default_from: str | None = None
    choices: list[str] | str | None = None
    minimum: int | None = None
    maximum: int | None = None
    optional: bool = False


class _Zone(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    visibility: Literal["all", "owner", "none"]
    description: str
    owned: bool = True
    title: str = ""


class _Search(msgspec.Struct, forbid_unknown_fields=True, frozen=True, omit_defaults=True):
    iterations: Annotated[int, msgspec.Meta(ge=1, le=10**7)] | None = None
    think: Annotated[float, msgspec.Meta(gt=0, le=3600)] | None = None
    c: Annotated[float, msgspec.Meta(ge=0, le=100)] | None = None
    rollout: Literal["random", "heuristic"] | None = None
    depth: Annotated[int, msgspec.Meta(ge=0, le=10**6)] | None = None
    expand: Literal["random", "heuristic"] | None = None
    epsilon: Annotated[float, msgspec.Meta(ge=0, le=1)] | None = None
    bias: Annotated[float, msgspec.Meta(ge=0, le=100)] | None = None


class _GameFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    id: str
    name: str
    players: _Players
    summary: str = ""
    rules_version: str = "1"
    opponent: str = "random"
    search: _Search = _Search()
    option: list[_Option] = []
    zones: dict[str, _Zone] = {}
    marks: dict[str, str] = {}
    playout_options: dict[str, Any] = {}


class Declarations(msgspec.Struct, frozen=True):
    """What ``game.toml`` declares, as the class attributes of a :class:`~cardsmith.core.game.Game`."""

    id: str
    name: str
    summary: str
    min_players: int
    max_players: int
    rules_version: str
    opponent: str
    search: dict[str, Any]
    option_specs: tuple[OptionSpec, ...]
    visibility: Visibility | None
    playout_options: dict[str, Any]

    def attributes(self) -> dict[str, Any]:
        """The class attributes to set (a game without zones in the file declares its visibility in code)."""
        out = {field: getattr(self, field) for field in self.__struct_fields__}
        if self.visibility is None:
            del out["visibility"]
        return out


def load_game_file(
    package: str,
    named: Mapping[str, Any] | None = None,
    filename: str = "game.toml",
    *,
    path: str | Path | None = None,
) -> Declarations:
    """The declarations in ``filename`` shipped in ``package`` (or in the file ``path``); ``named`` supplies the
    word lists and defaults the file refers to by name. Raises :class:`CardDataError` naming the file and the
    field."""
    where = str(path) if path is not None else f"{package}/{filename}"
    data = read_card_toml(package, path, filename, what="game declarations")
    spec = decode(data, _GameFile, where, what="game declarations")
    named = named or {}
    try:
        options = tuple(_option(option, named, where) for option in spec.option)
        visibility = None
        if spec.zones:
            zones = {
                name: ZoneKind(_VISIBILITY[zone.visibility], zone.owned, zone.description, zone.title)
                for name, zone in spec.zones.items()
            }
            visibility = Visibility(
                zones, {mark: _VISIBILITY.get(vis, vis) for mark, vis in spec.marks.items()}
            )
    except ValueError as exc:
        raise CardDataError(f"game declarations {where}: {exc}") from None
    if not 1 <= spec.players.min <= spec.players.max:
        raise CardDataError(f"game declarations {where}: players needs 1 <= min <= max")
    return Declarations(
        spec.id,
        spec.name,
        spec.summary,
        spec.players.min,
        spec.players.max,
        spec.rules_version,
        spec.opponent,
        {key: value for key, value in msgspec.structs.asdict(spec.search).items() if value is not None},
        options,
        visibility,
        dict(spec.playout_options),
    )


def _option(spec: _Option, named: Mapping[str, Any], where: str) -> OptionSpec:
    place = f"game declarations {where}: option {spec.name!r}"
    if (spec.choices is not None) != (spec.kind == "choice"):
        need = "needs" if spec.choices is None else "takes no"
        raise CardDataError(f"{place}: an option of kind {spec.kind!r} {need} field 'choices'")
    if spec.default_from is not None and spec.default is not None:
        raise CardDataError(f"{place}: give 'default' or 'default_from', not both")
    default = _named(spec.default_from, named, place) if spec.default_from is not None else spec.default
    choices = spec.choices or ()
    if isinstance(choices, str):
        choices = _named(choices, named, place)
        if isinstance(choices, str) or not isinstance(choices, Sequence):
            raise CardDataError(f"{place}: {spec.choices!r} is not a list of words")
    option = OptionSpec(
        spec.name,
        spec.kind,
        default,
        spec.help,
        choices=tuple(choices),
        minimum=spec.minimum,
        maximum=spec.maximum,
        optional=spec.optional,
    )
    if default is not None or not spec.optional:
        try:
            option.parse(default)
        except OptionError as exc:  # the default must be a value the option accepts
            raise CardDataError(f"{place}: default {default!r} is refused: {exc}") from None
    return option


def _named(name: str, named: Mapping[str, Any], place: str) -> Any:
    if name not in named:
        known = ", ".join(sorted(named)) or "none"
        raise CardDataError(f"{place}: {name!r} names nothing the game supplies (it supplies: {known})")
    return named[name]

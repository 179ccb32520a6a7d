"""Effects as checked data: one registry per game of named effects, each with a typed parameter schema.

A card's power is data when a small vocabulary of effects covers it. A game declares each effect once as a
:class:`msgspec.Struct` subclass of :class:`Effect` whose ``tag`` is the effect's name in the card file, and registers
the code that carries it out::

    EFFECTS = Effects()

    @EFFECTS.define
    class GainLife(Effect, tag="GAIN_LIFE"):
        n: Annotated[int, msgspec.Meta(ge=1)]

    @EFFECTS.handler(GainLife)
    def gain_life(game, state, effect, seat): ...

A card file then writes ``{ effect = "GAIN_LIFE", n = 3 }``; :func:`cardsmith.core.carddata.decode` checks it against
the schema (an unknown effect, a missing or extra parameter, a wrong type or a value out of range is one clear error
naming the file, the card and the field), and :meth:`Effects.run` finds the handler by the effect's type. A card
that no vocabulary covers keeps a handler of its own, registered by name the same way.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Callable
from typing import Any, TypeVar, Union

import msgspec


class Effect(msgspec.Struct, tag_field="effect", forbid_unknown_fields=True, frozen=True):
    """The base of every effect: subclasses set ``tag="NAME"`` and declare their parameters as fields."""


E = TypeVar("E", bound=type[Effect])
Handler = Callable[..., Any]


class Effects:
    """A game's effect vocabulary: the schemas by name and the handler of each."""

    def __init__(self) -> None:
        self.types: dict[str, type[Effect]] = {}
        self.handlers: dict[type[Effect], Handler] = {}

    def define(self, cls: E) -> E:
        """Register an effect schema (a subclass of :class:`Effect` with a ``tag``)."""
        tag = cls.__struct_config__.tag
        if not isinstance(tag, str):
            raise ValueError(f"effect {cls.__name__} needs tag='NAME'")
        if tag in self.types:
            raise ValueError(f"effect {tag!r} is defined twice")
        self.types[tag] = cls
        return cls

    def declare(
        self, tag: str, doc: str, base: type[Effect] = Effect, *, kw_only: bool = False, **fields: Any
    ) -> Any:
        """Define and register the effect ``tag`` in one line: a subclass of ``base`` named after the tag
        (``GAIN_LIFE`` -> ``GainLife``) with the documentation ``doc`` and the parameters ``fields``, each a type
        or a ``(type, default)`` pair (keyword-only with ``kw_only``). The same as writing the class out with ``@define``, for the many effects
        that are a name, a rule and a parameter or two."""
        annotations: dict[str, Any] = {}
        defaults: dict[str, Any] = {}
        for field, spec in fields.items():
            if isinstance(spec, tuple):
                annotations[field], defaults[field] = spec
            else:
                annotations[field] = spec

        module = sys._getframe(1).f_globals.get("__name__", __name__)  # the declaring module, as for a class

        def body(namespace: dict[str, Any]) -> None:
            namespace.update(defaults, __annotations__=annotations, __doc__=doc, __module__=module)

        name = "".join(word.title() for word in tag.split("_"))
        return self.define(types.new_class(name, (base,), {"tag": tag, "kw_only": kw_only}, body))

    def handler(self, cls: type[Effect]) -> Callable[[Handler], Handler]:
        """Register the function that carries out effects of schema ``cls``."""

        def register(fn: Handler) -> Handler:
            if cls in self.handlers:
                raise ValueError(f"effect {cls.__struct_config__.tag!r} has two handlers")
            self.handlers[cls] = fn
            return fn

        return register

    def union(self) -> Any:
        """The type of "any effect of this vocabulary", for a card schema's field."""
        if not self.types:
            raise ValueError("no effects are defined")
        kinds = tuple(self.types.values())
        return kinds[0] if len(kinds) == 1 else Union[kinds]  # noqa: UP007 - built at run time

    def missing_handlers(self) -> list[str]:
        """The names of defined effects with no handler (a game's tests check this is empty)."""
        return sorted(tag for tag, cls in self.types.items() if cls not in self.handlers)

    def run(self, effect: Effect, *args: Any, **kwargs: Any) -> Any:
        """Carry out ``effect`` with its handler (the game passes what its handlers take)."""
        return self.handlers[type(effect)](*args, effect, **kwargs)

"""Ani-Mayhem's effects (rules section 11) as :mod:`cardsmith.core.effects` vocabularies.

:data:`EFFECTS` is the vocabulary of the card file (AM-11.1): :mod:`.card_schema` declares each verb once as a
:class:`cardsmith.core.effects.Effect` with its parameters, and :mod:`.cards` decodes every card against it. A verb
is carried out in two places, each a registry of its own over the same schemas, whose handlers live with the rules
they carry out:

- :data:`FLASH_EFFECTS`: a Flash Effect resolving on its target (AM-10.22), in :mod:`.steps.flash`;
- :data:`DISASTER_TEXT`: a Non-Combat Disaster's text on the Characters where it arrived (AM-5.17), in
  :mod:`.steps.disasters`.

A loaded card's effect (:class:`.card_defs.Effect`) keeps the schema it was decoded with (``kind``), and
:func:`carry_out` finds the handler by it: nothing is looked up by the verb's name while a game runs.
"""

from __future__ import annotations

from typing import Any

from ...core.effects import Effects

EFFECTS = Effects()
"""The verbs a card may use (AM-11.1), with the parameters of each (registered by :mod:`.card_schema`)."""

FLASH_EFFECTS = Effects()
"""What each verb of a Flash Effect does when it resolves (AM-10.22): MODIFY, HEAL, BONK, DESTROY_LOCATION, MOVE
and STEAL_ITEM. A handler is called as ``handler(state, frame, user, effect)`` (the Flash Effect's frame, the
Character using it or None) and returns True when the Flash Effect stops there."""

DISASTER_TEXT = Effects()
"""What each verb of a Non-Combat Disaster's text does where it arrived (AM-5.17): BONK, MODIFY, DESTROY_LOCATION
and MOVE. A handler is called as ``handler(state, frame, chars, effect)`` (the ``disaster_text`` frame and the
Characters still there)."""


def carry_out(effects: Effects, effect: Any, *args: Any) -> Any:
    """Carry out a loaded card's ``effect`` with the handler ``effects`` has for its verb, if any: a verb with no
    handler there does nothing in that place (GRANT_SKILL on a Flash Effect, say)."""
    handler = effects.handlers.get(effect.kind)
    return None if handler is None else handler(*args, effect)


def handles(effects: Effects, schema: type) -> Any:
    """Register ``schema`` (a verb of :data:`EFFECTS`) in ``effects`` with the decorated function as its handler."""
    effects.define(schema)
    return effects.handler(schema)

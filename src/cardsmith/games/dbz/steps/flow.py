"""The ``dbz`` step engine: the decision kinds, declared once (the steps register themselves on :data:`FLOW`)."""

from __future__ import annotations

from cardsmith.core.flow import Flow, Kind
from cardsmith.core.steps import SHARED

FLOW = Flow(
    kinds=[
        Kind("first_player"),  # chance (DBZ-2.10)
        # DBZ-9.4, DBZ-9.7: Step 2, the combat action and the response carry the clash choices of drawn drills
        # folded in (steps.clash.ask_with_clashes): the seat's own prompt tells of them, every other seat sees the
        # ordinary prompt (flow.ask(shown_as=...)).
        # DBZ-1.7: Step 2, the combat action, the response and the hand-limit discard are asked even with one
        # option, since a hidden hand could make it so; the steps themselves skip a decision only where public
        # facts (an empty hand, the DBZ-14.3 lock) leave nothing else.
        Kind("non_combat"),
        Kind("declare"),
        Kind("combat"),
        Kind("response"),
        Kind("keep_colour"),
        # DBZ-12.13: every drill in play is public (DBZ-1.9), so a single drill to target is forced by public facts.
        Kind("target", auto=True),
        Kind("discard"),
    ]
)
FLOW.adopt(SHARED)  # the hand-limit discard (DBZ-3.9) is the core's shared discard step

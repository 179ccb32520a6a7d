"""Taking of Taidian: the step registry of the core's step engine and the decision kinds, declared once.

No kind is taken automatically: every decision this game asks, even one with a single option (a window offering
only "Play nothing", an end step with nothing but "End"), is asked because being asked must depend on public facts
alone (TAI-1.17, TAI-1.18), and today's decision sequence (records, replays, agents) counts every one of them.
"""

from __future__ import annotations

from cardsmith.core.flow import Flow, Kind

KINDS = (
    Kind("character"),  # TAI-2.6
    Kind("order"),  # TAI-3.6
    Kind("powerup"),  # TAI-5.2, TAI-5.12
    Kind("turn_type"),  # TAI-3.7
    Kind("upgrade"),  # section 4
    Kind("attack"),  # section 6
    Kind("burn"),  # TAI-8.53
    Kind("shotgun"),  # TAI-8.12
    Kind("respond"),  # section 7
    Kind("counter_shield"),  # TAI-8.6
    Kind("tick"),  # TAI-8.28
    Kind("structure"),  # TAI-9.7
    Kind("reward"),  # TAI-13.6
)

FLOW = Flow(kinds=KINDS)

"""Games recorded before a change that must not alter play are played the same after it: the same agents with the
same seeds choose the same options, in the same order, and the game ends in the same state with the same result.

The records in ``recorded/`` were written by ``cardsmith simulate`` at commit de1b61c, before the engine's speed
work (clones, borrowed views, the verb table's parse cache), with::

    cardsmith simulate GAME -n 2 --seed 11 --seats random,random --record recorded/random
    cardsmith simulate GAME -n 2 --seed 12 --seats heuristic,heuristic --record recorded/heuristic
    cardsmith simulate GAME -n 1 --seed 13 --seats ismcts:iterations=20,heuristic --record recorded/ismcts

A change that is meant to alter play (a rules version, a new rule of thumb, a different search) records them again
and says why in its commit; a record of an older rules version is refused by ``load_record``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardsmith.agents.factory import agent_from_spec
from cardsmith.core.engine import new_game
from cardsmith.core.state import state_hash
from cardsmith.records.record import load_record, verify
from cardsmith.sim.runner import play

RECORDED = sorted((Path(__file__).parent / "recorded").glob("*/*.json"))


def test_every_game_and_agent_has_recorded_games():
    games = {path.stem.rsplit("-", 1)[0] for path in RECORDED}
    assert games == {"martial-arts", "taidian", "bpoker", "ani-mayhem", "dbz"}
    assert {path.parent.name for path in RECORDED} == {"random", "heuristic", "ismcts"}


@pytest.mark.parametrize("path", RECORDED, ids=[f"{p.parent.name}/{p.stem}" for p in RECORDED])
def test_a_recorded_game_is_played_the_same_by_the_same_agents(path):
    record = load_record(path)
    verify(record)  # its options, applied in order, still lead to its final state
    seed = record["seed"]
    state = new_game(record["game"], record["players"], seed, record["options"])
    agents = [agent_from_spec(spec, seat, f"{seed}/{seat}") for seat, spec in enumerate(record["seats"])]
    actions = play(state, agents)
    assert len(actions) == len(record["actions"])
    first = next((i for i, (a, b) in enumerate(zip(actions, record["actions"], strict=True)) if a != b), None)
    assert first is None, f"option {first} differs: {actions[first]!r}, recorded {record['actions'][first]!r}"
    assert state["result"] == record["result"]
    assert state_hash(state) == record["final_hash"]

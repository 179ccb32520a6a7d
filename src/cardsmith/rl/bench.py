"""Environment steps per second on one core, for cardsmith's AEC environments and PettingZoo's classic card games.

Every environment is driven by the same loop, the one a PettingZoo user writes: ``env.last()`` for the agent to act
(its observation and action mask), a uniformly random legal action drawn from the mask, ``env.step``. A step is one
``env.step`` of a live agent; games are dealt from successive seeds until the time is up.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np

from .aec import env as cardsmith_env

PEERS = ("leduc_holdem_v4", "texas_holdem_v4")
"""PettingZoo's classic card environments (backed by RLCard) measured beside cardsmith's."""


def aec_steps(make: Callable[[], Any], seconds: float) -> dict[str, float]:
    """Drive ``make()``'s environment with random legal actions for ``seconds``: steps and games per second."""
    aec = make()
    rng = np.random.default_rng(0)
    steps = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        aec.reset(seed=games)
        for _agent in aec.agent_iter():
            obs, _, terminated, truncated, _ = aec.last()
            if terminated or truncated:
                aec.step(None)
                continue
            aec.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"steps_per_s": steps / elapsed, "games_per_s": games / elapsed}


def peer_available() -> bool:
    """Whether PettingZoo's classic card environments can run (they need RLCard and pygame)."""
    try:
        import rlcard  # noqa: F401
        from pettingzoo.classic import leduc_holdem_v4  # noqa: F401
    except ImportError:
        return False
    return True


def bench_env(game_id: str, seconds: float, players: int | None = None) -> dict[str, float]:
    """cardsmith's AEC environment of ``game_id`` (its smallest table unless ``players``)."""
    cardsmith_env(game_id, players=players)  # build the observation layout before the clock starts
    return aec_steps(lambda: cardsmith_env(game_id, players=players), seconds)


def bench_peer(name: str, seconds: float) -> dict[str, float]:
    """PettingZoo's classic environment ``name`` (one of :data:`PEERS`)."""
    import importlib

    module = importlib.import_module(f"pettingzoo.classic.{name}")
    return aec_steps(module.env, seconds)

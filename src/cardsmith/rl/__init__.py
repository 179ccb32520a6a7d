"""Research environments: PettingZoo (AEC) and Gymnasium for every cardsmith game (``pip install cardsmith[rl]``).

``env(game, players=N)`` is a PettingZoo AEC environment with one agent per seat; ``single_agent(game)`` is a
Gymnasium environment for one seat against built-in agents. Both observe a seat through a fixed-length encoding of
its view (:mod:`cardsmith.rl.encoding`: :func:`feature_name`, :func:`describe`) with a mask over the game's action
space.
"""

from __future__ import annotations

from .aec import CardsmithAEC, env
from .encoding import describe, encoder, feature_name
from .single import SingleAgentEnv, single_agent

__all__ = ["CardsmithAEC", "SingleAgentEnv", "describe", "encoder", "env", "feature_name", "single_agent"]

"""A trained policy as an agent (``--seats human,policy:DIR``), and the files a policy directory holds.

A policy directory (written by ``cardsmith train``) holds ``policy.zip`` (the sb3-contrib MaskablePPO model),
``policy.json`` (the game, players and options it was trained for, and the observation layout's size and digest) and
``normalize.npz`` (the mean and variance each observation feature is standardised with before the model reads it).
The agent is given an :class:`~cardsmith.core.observe.Observation` like every agent: it encodes the observation's
view (:mod:`cardsmith.rl.encoding`), masks the actions to the legal options, and plays the policy's most likely
legal action. It never sees the state.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from ..agents.base import AgentError
from ..agents.factory import AgentMaker
from ..core.game import Game
from ..core.observe import Observation
from .encoding import Encoder, encoder

MODEL_FILE = "policy.zip"
META_FILE = "policy.json"
NORMALIZE_FILE = "normalize.npz"
CLIP = 10.0
"""Standardised observation features are clipped to this (as stable-baselines3's VecNormalize does)."""

_MODELS: dict[str, Any] = {}


def layout_digest(enc: Encoder) -> str:
    """A digest of the observation layout (its feature names), so a policy is never fed another layout."""
    return hashlib.sha256("\n".join(enc.names).encode()).hexdigest()[:16]


def write_meta(out: Path, enc: Encoder, extra: dict[str, Any]) -> None:
    """Write ``policy.json`` for a policy trained on ``enc``'s layout."""
    meta = {
        "game": enc.game.id,
        "rules_version": enc.game.rules_version,
        "players": enc.players,
        "options": enc.options,
        "observation_size": enc.size,
        "layout": layout_digest(enc),
        **extra,
    }
    (out / META_FILE).write_text(json.dumps(meta, indent=2) + "\n")


def read_meta(directory: str | Path) -> dict[str, Any]:
    """The ``policy.json`` of a policy directory (raises :class:`AgentError` when it is missing or unreadable)."""
    path = Path(directory) / META_FILE
    try:
        meta = json.loads(path.read_text())
    except (OSError, ValueError) as exc:
        raise AgentError(f"policy directory {str(directory)!r}: cannot read {META_FILE}: {exc}") from None
    if not isinstance(meta, dict) or not {"game", "players", "options", "layout"} <= meta.keys():
        raise AgentError(f"policy directory {str(directory)!r}: {META_FILE} is not a policy description")
    if not (Path(directory) / MODEL_FILE).is_file():
        raise AgentError(f"policy directory {str(directory)!r} holds no {MODEL_FILE}")
    return meta


def load_model(directory: str | Path) -> tuple[Any, Callable[[np.ndarray], np.ndarray]]:
    """The MaskablePPO model of a policy directory and the standardisation of its input, loaded once per process."""
    key = str(Path(directory).resolve())
    loaded = _MODELS.get(key)
    if loaded is None:
        import torch
        from sb3_contrib import MaskablePPO

        torch.set_num_threads(1)
        model = MaskablePPO.load(str(Path(directory) / MODEL_FILE), device="cpu")
        loaded = _MODELS[key] = (model, _standardiser(Path(directory) / NORMALIZE_FILE))
    return loaded


def _standardiser(path: Path) -> Callable[[np.ndarray], np.ndarray]:
    if not path.is_file():
        return lambda vector: vector
    with np.load(path) as stats:
        mean, var, clip, eps = stats["mean"], stats["var"], float(stats["clip"]), float(stats["epsilon"])
    scale = np.sqrt(var + eps)
    return lambda vector: np.clip((vector - mean) / scale, -clip, clip).astype(np.float32)


class PolicyAgent:
    """Plays a trained policy's most likely legal action for the fair observation (see the module docstring)."""

    name = "policy"

    def __init__(self, directory: str, seed: int | str = 0) -> None:
        self.directory = directory
        self.meta = read_meta(directory)
        self._encoder: Encoder | None = None

    def _layout(self, observation: Observation) -> Encoder:
        enc = self._encoder
        if enc is None:
            meta = self.meta
            if observation.game.id != meta["game"] or observation.players != meta["players"]:
                raise AgentError(
                    f"the policy in {self.directory!r} plays {meta['game']} with {meta['players']} players, "
                    f"not {observation.game.id} with {observation.players}"
                )
            enc = encoder(observation.game, observation.players, observation.options)
            if layout_digest(enc) != meta["layout"]:
                raise AgentError(
                    f"the policy in {self.directory!r} was trained on another observation layout "
                    "(other options or rules version): train it again"
                )
            self._encoder = enc
        return enc

    def choose(self, turn: Observation) -> str:
        """The legal option the policy rates highest."""
        enc = self._layout(turn)
        vector = enc.encode(turn.view, np.zeros(enc.size, np.float32))
        space = turn.game.action_space(turn.players, turn.options)
        mask = np.zeros(space.size, bool)
        for oid in turn.option_ids:
            mask[space.encode(oid)] = True
        model, standardise = load_model(self.directory)
        action, _ = model.predict(standardise(vector), action_masks=mask, deterministic=True)
        return space.decode(int(action))


def _build(seat: int, seed: int | str, dir: str = "") -> PolicyAgent:
    if not dir:
        raise AgentError("the policy agent needs its directory: policy:DIR (written by cardsmith train)")
    return PolicyAgent(dir, seed)


def _check(game: Game, params: dict[str, Any]) -> None:
    meta = read_meta(params["dir"])
    if meta["game"] != game.id:
        raise AgentError(f"the policy in {params['dir']!r} plays {meta['game']}, not {game.id}")


AGENT = AgentMaker(_build, {"dir": str}, positional="dir", check=_check)
"""The ``policy`` agent (``policy:DIR`` or ``policy:dir=DIR``), offered through the ``cardsmith.agents`` entry points."""

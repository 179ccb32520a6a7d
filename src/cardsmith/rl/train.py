"""Training a policy with sb3-contrib's MaskablePPO, its learning curve, and its evaluation against built-in agents.

``train(game, steps, out)`` trains one seat (drawn anew each game, so the policy plays every seat) against
``opponents`` in the Gymnasium environment (:mod:`cardsmith.rl.single`), then writes to ``out``:

* ``policy.zip``, ``policy.json`` and ``normalize.npz``: the model, what it was trained for, and the running mean
  and variance of each observation feature that the model's input is standardised with (:mod:`cardsmith.rl.policy`);
* ``learning_curve.png`` and ``learning_curve.csv``: the win rate of the training games against environment steps;
* ``evaluation.json``: the policy (as the ``policy`` agent, through the fair observation) against ``random`` and
  ``heuristic``, seats rotated, wins with their 95% Wilson interval.
"""

from __future__ import annotations

import csv
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from ..agents.factory import agent_from_spec
from ..agents.heuristic import game_heuristic
from ..core.engine import new_game
from ..core.registry import get_game
from ..sim.runner import play
from .policy import CLIP, MODEL_FILE, NORMALIZE_FILE, PolicyAgent, write_meta
from .single import single_agent

ALGOS = ("maskable-ppo",)


def _wilson(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    if trials <= 0:
        return (0.0, 0.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * (p * (1 - p) / trials + z * z / (4 * trials * trials)) ** 0.5 / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _model(env: Any, seed: int, net: tuple[int, ...], n_steps: int) -> Any:
    from sb3_contrib import MaskablePPO

    return MaskablePPO(
        "MlpPolicy",
        env,
        seed=seed,
        n_steps=n_steps,
        batch_size=min(256, n_steps),
        learning_rate=3e-4,
        gamma=0.99,
        ent_coef=0.01,
        policy_kwargs={"net_arch": list(net)},
        device="cpu",
        verbose=0,
    )


def train(
    game_id: str,
    steps: int,
    out: str | Path,
    *,
    algo: str = "maskable-ppo",
    opponents: str = "random",
    players: int | None = None,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    net: tuple[int, ...] = (128, 128),
    n_steps: int = 1024,
    eval_games: int = 200,
    time_limit: float | None = None,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Train, plot and evaluate (see the module docstring); returns the evaluation. Training stops after
    ``steps`` environment steps, or once ``time_limit`` seconds have passed; ``steps`` in the files is what ran."""
    if algo not in ALGOS:
        raise ValueError(f"unknown algorithm {algo!r} (known: {', '.join(ALGOS)})")
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    env = single_agent(game_id, seat=None, opponents=opponents, players=players, options=options)
    steps, seconds, episodes = _learn(env, steps, out, seed, net, n_steps, time_limit)
    table = env.table
    about = {"algo": algo, "opponents": opponents, "steps": steps, "seed": seed, "net": list(net)}
    write_meta(out, table.encoder, {**about, "train_seconds": round(seconds, 1)})
    _write_curve(out, episodes, game_id, opponents)
    if progress is not None:
        progress(f"trained {steps} steps in {seconds:.0f}s; evaluating")
    evaluation = {"game": game_id, "steps": steps, "train_seconds": round(seconds, 1), "against": {}}
    for rival in ("random", "heuristic"):
        if rival == "heuristic" and game_heuristic(table.game) is None:
            continue
        evaluation["against"][rival] = evaluate(out, game_id, rival, eval_games, table.players, table.options)
    (out / "evaluation.json").write_text(json.dumps(evaluation, indent=2) + "\n")
    return evaluation


def _learn(
    env: Any, steps: int, out: Path, seed: int, net: tuple[int, ...], n_steps: int, time_limit: float | None
) -> tuple[int, float, list[tuple[int, float]]]:
    """Run MaskablePPO on ``env`` (observations standardised by a running mean and variance) and save the model
    and the standardisation to ``out``. Returns the steps run, the seconds taken and each training game's
    (steps so far, reward)."""
    import torch
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.vec_env import DummyVecEnv, VecNormalize

    torch.set_num_threads(1)
    episodes: list[tuple[int, float]] = []
    started = time.monotonic()

    class _Curve(BaseCallback):
        def _on_step(self) -> bool:
            for done, reward in zip(self.locals["dones"], self.locals["rewards"], strict=True):
                if done:
                    episodes.append((self.num_timesteps, float(reward)))
            return time_limit is None or time.monotonic() - started < time_limit

    venv = VecNormalize(DummyVecEnv([lambda: env]), norm_obs=True, norm_reward=False, clip_obs=CLIP)
    model = _model(venv, seed, net, n_steps)
    model.learn(total_timesteps=steps, callback=_Curve())
    seconds = time.monotonic() - started
    model.save(str(out / MODEL_FILE))
    rms = venv.obs_rms
    np.savez(out / NORMALIZE_FILE, mean=rms.mean, var=rms.var, clip=CLIP, epsilon=venv.epsilon)
    return int(model.num_timesteps), seconds, episodes


def _write_curve(out: Path, episodes: list[tuple[int, float]], game_id: str, opponents: str) -> None:
    """The win rate over a sliding window of training games, against environment steps (CSV and PNG)."""
    window = max(1, min(200, len(episodes) // 10))
    points = []
    for i in range(window - 1, len(episodes)):
        recent = episodes[i - window + 1 : i + 1]
        points.append((episodes[i][0], sum(1 for _, r in recent if r > 0) / window))
    with open(out / "learning_curve.csv", "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["steps", "win_rate"])
        writer.writerows(points)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot([p[0] for p in points], [p[1] for p in points])
    ax.set_xlabel("environment steps (the learner's decisions)")
    ax.set_ylabel(f"win rate over the last {window} games")
    ax.set_ylim(0, 1)
    ax.set_title(f"{game_id}: MaskablePPO against {opponents}")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(out / "learning_curve.png", dpi=100)
    plt.close(fig)


def evaluate(
    directory: str | Path,
    game_id: str,
    rival: str,
    games: int,
    players: int,
    options: dict[str, Any],
    seed: int = 0,
) -> dict[str, Any]:
    """The policy in ``directory`` against ``rival`` for ``games`` games, its seat rotated game by game."""
    game = get_game(game_id)
    wins = draws = 0
    for k in range(games):
        state = new_game(game, players, f"cardsmith-rl-eval:{seed}:{k}", options)
        mine = k % players
        agents = [
            PolicyAgent(str(directory)) if s == mine else agent_from_spec(rival, s, f"{seed}:{k}:{s}")
            for s in range(players)
        ]
        play(state, agents)
        result = state["result"]
        wins += mine in result["winners"]
        draws += bool(result["draw"])
    low, high = _wilson(wins, games)
    return {
        "games": games,
        "wins": wins,
        "draws": draws,
        "win_rate": wins / games if games else 0.0,
        "ci95": [round(low, 4), round(high, 4)],
    }

"""Games per second of one run played three ways: ``--jobs 1``, ``--jobs 2`` and Ray on N CPUs, in one process.

    python -m cardsmith.sim.backend_speed GAME GAMES [--seats A,B] [--cpus 2] [--seed S] [--option K=V ...]
        [--rounds R]

Ray is started first (its start-up time is printed apart and not counted in its games per second). The first Ray run
includes its workers' first imports; ``ray_again`` is the same run once more on the warm workers. Each run's digest
is printed, and they must all be equal. With ``--rounds R`` the ways take turns R times and each keeps its quickest
round (on a machine shared with other work, a way is slowed by whatever else runs at the time).
"""

from __future__ import annotations

import argparse
import json
import time

from ..core.options import parse_option_pairs
from .batch import simulate
from .settings import RunSettings


def main(argv: list[str] | None = None) -> None:
    """Measure and print one JSON object: games per second and digest per way, and Ray's start-up time."""
    parser = argparse.ArgumentParser(prog="python -m cardsmith.sim.backend_speed")
    parser.add_argument("game")
    parser.add_argument("games", type=int)
    parser.add_argument("--seats", default="random,random")
    parser.add_argument("--cpus", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", action="append", default=[])
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args(argv)
    import ray

    seats = args.seats.split(",")
    options = parse_option_pairs(args.option)
    began = time.perf_counter()
    ray.init(num_cpus=args.cpus, include_dashboard=False, log_to_driver=False, configure_logging=False)
    out: dict[str, object] = {"game": args.game, "games": args.games, "seats": seats, "cpus": args.cpus,
                              "ray_start_s": round(time.perf_counter() - began, 2)}  # fmt: skip
    ray_run = RunSettings(backend="ray")
    ways = [("jobs1", RunSettings(jobs=1)), ("jobs2", RunSettings(jobs=2)), ("ray", ray_run)]
    for round_ in range(args.rounds):
        for name, run in ways if round_ else [*ways, ("ray_again", ray_run)]:
            name = "ray_again" if round_ and name == "ray" else name  # after round 1, Ray's workers are warm
            began = time.perf_counter()
            result = simulate(args.game, args.games, args.seed, seats, options, run=run)
            seconds = time.perf_counter() - began
            best = out.get(name)
            if best is None or seconds < best["seconds"]:  # type: ignore[index]
                out[name] = {"seconds": round(seconds, 2), "games_per_s": round(args.games / seconds, 2),
                             "digest": result.digest, "round": round_ + 1}  # fmt: skip
    out["ray_vs_jobs1"] = round(out["jobs1"]["seconds"] / out["ray"]["seconds"], 2)  # type: ignore[index]
    out["ray_again_vs_jobs1"] = round(out["jobs1"]["seconds"] / out["ray_again"]["seconds"], 2)  # type: ignore[index]
    out["jobs2_vs_jobs1"] = round(out["jobs1"]["seconds"] / out["jobs2"]["seconds"], 2)  # type: ignore[index]
    ray.shutdown()
    print(json.dumps(out))


if __name__ == "__main__":
    main()

"""A game's behavioural fingerprint, for refactors that must not change behaviour: seeded random playouts (the
conformance suite's cases and agents), with every decision (seat, kind, prompt, options with labels, the chosen id)
and every seat's and a spectator's view at every step hashed into one digest.

    python -m tests.fingerprint GAME_ID [GAMES] [--dump FILE]

Run it on the code before a change (a copy of it: `git archive HEAD | tar -x -C DIR`, then
`PYTHONPATH=DIR/src:DIR python -m tests.fingerprint ...`) and after: equal digests mean the games played alike. With
`--dump FILE` each step is written as a line, so two dumps can be compared with `diff` to find the first difference.
"""

from __future__ import annotations

import hashlib
import json
import sys

from tests.conformance.harness import agents_for, cases

from cardsmith import core
from cardsmith.agents import Turn


def main() -> None:
    game_id = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2].isdigit() else 60
    dump = sys.argv[sys.argv.index("--dump") + 1] if "--dump" in sys.argv else None
    game = core.get_game(game_id)
    total = hashlib.sha256()
    lines = []
    for players, options, seed in cases(game, range(n)):
        state = core.new_game(game, players, seed, options)
        agents = agents_for(game_id, players, seed)
        step = 0
        while state["pending"] is not None:
            p = state["pending"]
            views = [core.view(state, s) for s in [*range(players), None]]
            seen = [(v["pending"], v["events"], v["zones"]) for v in views]
            if p["seat"] == core.CHANCE:
                oid = core.sample_chance(state)
            else:
                oid = agents[p["seat"]].choose(Turn(state))
            rec = json.dumps(
                [players, options, seed, step, p["seat"], p["kind"], p["prompt"], p["options"], oid, seen],
                sort_keys=True,
            )
            total.update(rec.encode())
            if dump:
                lines.append(rec)
            core.apply(state, oid)
            step += 1
        total.update(json.dumps(state["result"], sort_keys=True).encode())
        if dump:
            lines.append(json.dumps(state["result"], sort_keys=True))
    if dump:
        with open(dump, "w") as f:
            f.write("\n".join(lines))
    print(game_id, n, total.hexdigest())


if __name__ == "__main__":
    main()

"""A tiny game used only by the tests, to exercise the engine without any real game's rules.

Each player starts with a hidden deck of cards numbered 1..4 and draws 2. Chance picks the first player. On a turn
the player plays a card from hand face up to their table, plays one face down (a mark hiding it from the others),
or draws. The game ends when every deck and hand is empty or after 40 decisions; the highest face-up total wins.
"""

from __future__ import annotations

from typing import Any

from cardsmith.core import ALL, NONE, OWNER, Game, IntArg, SeatArg, Verb, Visibility, ZoneKind, register
from cardsmith.core.actions import Action
from cardsmith.core.errors import ScenarioError
from cardsmith.core.options import OptionSpec


class ToyGame(Game):
    id = "toy"
    name = "Toy"
    summary = "test-only"
    min_players = 2
    max_players = 4
    option_specs = (OptionSpec("cap", "int", 40, "decision cap", minimum=4, maximum=200),)
    visibility = Visibility(
        {
            "deck": ZoneKind(NONE),
            "hand": ZoneKind(OWNER),
            "table": ZoneKind(ALL),
        },
        {"face_down": OWNER},
    )

    verbs = (
        Verb("first", (SeatArg("seat"),), help="chance: who starts"),
        Verb(
            "up", (IntArg("card", 0, lambda players, options: 4 * players - 1),), help="play a card face up"
        ),
        Verb(
            "down", (IntArg("card", 0, lambda players, options: 4 * players - 1),), help="play one face down"
        ),
        Verb("draw", help="draw a card"),
    )

    def card_names(self) -> set[str]:
        return {"1", "2", "3", "4"}

    def max_decisions(self, options: dict[str, Any], players: int) -> int:
        return options["cap"] + 1

    def setup(self, state: dict[str, Any]) -> None:
        for seat in range(state["players"]):
            for n in "1234":
                self.new_card(state, n, f"deck:{seat}", seat)
            from cardsmith.core import rng

            rng.shuffle(state, state["zones"][f"deck:{seat}"])
            for _ in range(2):
                self._draw(state, seat)
        state["g"] = {"current": None}
        self.ask_chance(
            state,
            "first",
            "Who starts?",
            [[f"first:{s}", f"P{s + 1}"] for s in range(state["players"])],
            [1] * state["players"],
        )

    def load_scenario(self, state: dict[str, Any], setup: dict[str, Any]) -> None:
        current = setup.get("current", 0)
        if not isinstance(current, int) or not 0 <= current < state["players"]:
            raise ScenarioError("setup.current must be a seat number")
        state["g"] = {"current": current}
        self._ask(state)

    def _draw(self, state: dict[str, Any], seat: int) -> None:
        deck = state["zones"][f"deck:{seat}"]
        if deck:
            self.move(state, deck[-1], f"deck:{seat}", f"hand:{seat}")

    def _ask(self, state: dict[str, Any]) -> None:
        z = state["zones"]
        if state["step"] >= state["options"]["cap"] or all(
            not z[f"deck:{s}"] and not z[f"hand:{s}"] for s in range(state["players"])
        ):
            totals = [
                sum(int(state["cards"][c]) for c in z[f"table:{s}"] if str(c) not in state["marks"])
                for s in range(state["players"])
            ]
            best = max(totals)
            winners = [s for s, t in enumerate(totals) if t == best]
            self.finish(state, winners if len(winners) == 1 else [], "highest total")
            return
        seat = state["g"]["current"]
        opts = [[f"up:{c}", f"Play {state['cards'][c]} face up"] for c in z[f"hand:{seat}"]]
        opts += [[f"down:{c}", f"Play {state['cards'][c]} face down"] for c in z[f"hand:{seat}"]]
        opts.append(["draw", "Draw a card"])
        self.ask(state, seat, "play", "Play or draw", opts)

    def act(self, state: dict[str, Any], seat: int, action: Action) -> None:
        if action.verb == "first":
            state["g"]["current"] = action.args[0]
            state["turn"] = 1
        else:
            if action.verb == "draw":
                self._draw(state, seat)
            else:
                mark = "face_down" if action.verb == "down" else None
                self.move(state, action.args[0], f"hand:{seat}", f"table:{seat}", mark=mark)
            state["g"]["current"] = (seat + 1) % state["players"]
            state["turn"] += 1
        self._ask(state)


TOY = register(ToyGame())

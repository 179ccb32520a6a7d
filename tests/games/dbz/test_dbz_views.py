"""DBZ: what the terminal shows (summary and narration), the turn-limit safety cap and scenario checks."""

from __future__ import annotations

import pytest
from tests.support.dbz_helpers import do, position

from cardsmith.agents import RandomAgent
from cardsmith.core import ScenarioError, apply, new_game, view
from cardsmith.games.dbz import GAME
from cardsmith.sim.runner import play


def test_the_summary_shows_each_mp_the_drills_with_colours_and_the_combat_in_progress():
    s = position(
        {
            "hand:0": ["Pinwheel Heel Strike", "Drum-Chest Roar"],
            "hand:1": ["Oak-Arm Guard"],
            "drills:0": ["Two-Schools Drill", "Orange Kiln-Step Drill", "Black Anvil Posture Drill"],
            "drills:1": ["Red Brick-Wall Drill"],
        },
        step="combat",
        level=[2, 1],
        stage=[7, 4],
        anger=[3, 1],
    )
    do(s, "attack", "Pinwheel Heel Strike")
    text = "\n".join(GAME.summarize(view(s, 1)))
    assert "P1 Kairo: level 2/3 (Kairo, Storm-Tested), power stage 7/10, power 4500 (PAT row 4)" in text
    assert "anger 3/5" in text and "anger 1/5" in text
    assert "life deck 10, hand 1" in text
    assert (
        "drills: Black Anvil Posture Drill [Black]; Orange Kiln-Step Drill [Orange]; Two-Schools Drill [colourless]"
        in text
    )
    assert "drill colours in play: Black, Orange (allowed: 2)" in text
    assert "drills: Red Brick-Wall Drill [Red]" in text
    assert "physical attack Pinwheel Heel Strike by P1, own bonus +1, awaiting P2's response" in text


def test_narration_describes_every_event_a_seat_sees():
    s = new_game("dbz", 2, 7, {"final_physical_attack": True})
    lines = []

    def narrate(state, _oid):
        for seat in (0, 1, None):
            for event in view(state, seat)["events"]:
                line = GAME.describe_event(event, seat)
                assert line is None or (isinstance(line, str) and line)
                if line:
                    lines.append(line)

    play(s, [RandomAgent(f"n/{i}") for i in range(2)], on_step=narrate)
    assert any("draws a card" in x for x in lines) and any("wins" in x for x in lines)


def test_the_turn_limit_ends_a_game_as_a_draw():
    s = position(step="declare", options={"turn_limit": 1})
    apply(s, "no_combat")
    assert s["result"] == {"winners": [], "draw": True, "reason": "the turn limit of 1 turns was reached"}
    assert GAME.max_decisions(new_game("dbz", 2, 0)["options"], 2) > 300


def test_scenarios_refuse_bad_setup_values():
    for setup, message in (
        ({"level": [4, 1]}, "level must be"),
        ({"stage": [11, 1]}, "stage must be"),
        ({"step": "lunch"}, "step must be one of"),
        ({"turn": 2, "active": 0, "first": 0}, "agree with turn"),
        ({"passes": 1}, "only with step = 'combat'"),
        ({"colour": "Red"}, "\\[setup\\] of dbz: Object contains unknown field `colour`"),
    ):
        with pytest.raises(ScenarioError, match=message):
            position(**setup)
    with pytest.raises(ScenarioError, match="not a drill"):
        position({"drills:0": ["Lantern Bolt"]})

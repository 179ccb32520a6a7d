"""Taking of Taidian: views and hidden information, words for the terminal, the rules guide and its rule index,
the card-move primitive, and seeded playouts for every player count and option."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from tests.support.taidian_helpers import (
    attack_table,
    health,
    lay,
    table,
    volley,
)

from cardsmith.agents import HumanAgent, RandomAgent, Turn
from cardsmith.core import Game, apply, clone, get_game, new_game, to_json, view
from cardsmith.core.scenario import state_from_scenario
from cardsmith.present import presenter_for
from cardsmith.present.terminal import screen_lines
from cardsmith.sim.runner import play

GAME = get_game("taidian")
TEST_DIR = Path(__file__).resolve().parent


# ================================================================ views never show what a seat may not see


def test_other_hands_and_decks_stay_hidden_and_the_volley_being_laid_is_private():
    s = attack_table(3, hands={0: ["Punch", "Kick"], 1: ["Medic", "Shield"], 2: ["9mm"]})
    lay(s, "Punch", 1)
    for seat in (None, 1, 2):
        v = view(s, seat)
        assert v["zones"]["hand:0"] == [None, None] and v["private"] == {}
        assert v["public"]["volley"] is None and v["pending"].get("options") is None
    assert view(s, 0)["private"]["volley_being_laid"] == [["Punch", 1, None]]
    assert view(s, 2)["zones"]["hand:1"] == [None, None]


def rerandomised(state: dict, seat: int, rnd: random.Random) -> dict:
    """The state with every card ``seat`` cannot see renamed among themselves."""
    vis = GAME.visibility
    hidden = [c for z, ids in state["zones"].items() for c in ids if not vis.card_visible(state, c, z, seat)]
    alt = clone(state)
    names_ = [state["cards"][c] for c in hidden]
    rnd.shuffle(names_)
    for c, name in zip(hidden, names_, strict=True):
        alt["cards"][c] = name
    alt["rng"] ^= 0xABCDEF
    return alt


def test_no_view_changes_when_hidden_cards_are_shuffled_mid_game():
    rnd = random.Random(3)
    for players in (2, 4, 6):
        s = new_game("taidian", players, 77, {"knockout_reward": True})
        agents = [RandomAgent(f"leak{i}") for i in range(players)]
        step = 0
        while s["pending"] is not None and step < 400:
            if step % 37 == 0:
                for seat in [*range(players), None]:
                    base = view(s, seat)
                    assert view(rerandomised(s, seat if seat is not None else -1, rnd), seat) == base
            apply(s, agents[s["pending"]["seat"]].choose(Turn(s)))
            step += 1


def test_prompts_name_no_hidden_card():
    s = new_game("taidian", 4, 5)
    agents = [RandomAgent(f"p{i}") for i in range(4)]
    card_names = GAME.card_names()
    for _ in range(600):
        if s["pending"] is None:
            break
        prompt = s["pending"]["prompt"]
        named = {n for n in card_names if re.search(rf"\b{re.escape(n)}\b", prompt)}
        assert named <= {"Poison", "Robber", "Shotgun", "Shield", "Medic", "Antidote"}, (
            prompt
        )  # public words only
        apply(s, agents[s["pending"]["seat"]].choose(Turn(s)))


# ================================================================ the terminal


def test_the_summary_shows_every_players_trackers_and_counts_but_only_ones_own_hand():
    s = table(3, step="choice", hands={0: ["Punch", "Gold"], 1: ["Medic", "Shield"], 2: ["9mm"]},
              health=[120, 90, 150], energy=[3, 0, 7], levels=[[1, 0, 0, 2], [0, 3, 0, 0], [0, 0, 0, 0]],
              structs={1: ["Bunker"]}, discards={2: ["Coin", "Coin"]},
              poisons=[{"owner": 2, "victim": 0, "ticks": 3, "damage": 15}])  # fmt: skip
    lines = GAME.summarize(view(s, 0))
    assert lines[-1].startswith("Supply: Coin 30, Cash 30, Gold 30")  # the supply is public
    text = "\n".join(lines[:-1])
    assert "P1 (you) Volt: health 120/150, energy 3, Aim 1 Strength 0 Skill 0 Healing 2" in text
    assert "P2 Rook: health 90/150, energy 0, Aim 0 Strength 3 Skill 0 Healing 0" in text
    assert "structures: Bunker" in text and "P3's 15/tick, 3 left" in text
    assert "hand 2, deck 10, discard 0" in text and "hand 1, deck 10, discard 2" in text
    assert "Your hand: Gold, Punch" in text
    assert "Medic" not in text and "9mm" not in text  # other players' hands never show
    seen = {line.split(" ", 1)[0]: line for line in screen_lines(presenter_for(GAME).table(view(s, 0), None))}
    assert "· Hand 2 ·" in seen["P2"] and "· Hand 1 ·" in seen["P3"]  # other hands as counts at the table


def test_a_human_lays_cards_one_at_a_time_and_a_defender_is_asked_out_of_turn():
    s = attack_table(2, hands={0: ["Punch", "Kick", "Punch"], 1: ["Shield", "Kick"]})
    out: list[str] = []
    answers = iter(["1", "1"])
    attacker = HumanAgent(0, read=lambda _p: next(answers), write=out.append)
    first = attacker.choose(Turn(s))
    apply(s, first)
    assert GAME.parse_action(first).verb == "lay" and any("at P2" in line for line in out)
    apply(s, attacker.choose(Turn(s)))  # the second card: one more, then the reveal is offered
    assert "reveal" in [o[0] for o in s["pending"]["options"]]
    apply(s, "reveal")
    out2: list[str] = []
    defender = HumanAgent(1, read=lambda _p: "1", write=out2.append)
    assert s["pending"]["seat"] == 1  # not seat 1's turn, but it is asked
    choice = defender.choose(Turn(s))
    assert GAME.parse_action(choice).verb in ("counter", "play")
    assert any("you are attacked by P1" in line for line in out2)
    assert not any("Punch, " in line and "Your hand" in line for line in out2)


def test_every_event_has_words_for_every_seat():
    presenter = presenter_for(GAME)
    for players, seed in ((2, 1), (3, 2), (5, 3)):
        s = new_game("taidian", players, seed, {"knockout_reward": True})
        agents = [RandomAgent(f"w{i}") for i in range(players)]
        seen_types: set[str] = set()
        while s["pending"] is not None:
            apply(s, agents[s["pending"]["seat"]].choose(Turn(s)))
            for seat in [*range(players), None]:
                lines = presenter.event_lines(s["events"], view(s, seat))
                assert all(isinstance(x, str) and x for x in lines)
            seen_types.update(e["t"] for e in s["events"])
        assert {"turn", "volley", "resolve", "declare", "end"} <= seen_types


# ================================================================ the rules guide


def guide_ids() -> list[str]:
    return list(dict.fromkeys(re.findall(r"(?<![A-Za-z0-9])(TAI-\d+\.\d+)(?!\d)", GAME.rules_guide())))


def test_the_guide_lists_every_rule_id_and_ends_with_a_rule_index():
    ids = guide_ids()
    assert len(ids) == 240
    guide = GAME.rules_guide()
    body, index = guide.split("## Rule index")
    assert set(re.findall(r"TAI-\d+\.\d+", index)) == set(ids)
    assert set(re.findall(r"TAI-\d+\.\d+", body)) == set(ids)  # each rule is explained, not only listed


def test_no_rule_id_of_the_guide_is_left_uncited_by_a_taidian_test():
    names: set[str] = set()
    for path in TEST_DIR.glob("test_tai_*.py"):
        names |= set(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    uncited = [
        rid
        for rid in guide_ids()
        if not any(
            re.search(rf"(?<![A-Za-z0-9]){rid.replace('-', '_').replace('.', '_')}(?!\d)", n) for n in names
        )
    ]
    assert uncited == []


# ================================================================ the card-move primitive


def test_moves_give_the_same_events_as_the_core_primitive():
    """The game's specialised ``move`` records exactly what :meth:`cardsmith.core.zones.Visibility.move` would."""
    core_game = type("CoreMoves", (type(GAME),), {"move": Game.move})()
    a = new_game("taidian", 3, 12, {"knockout_reward": True})
    b = clone(a)
    agents_a = [RandomAgent(f"m{i}") for i in range(3)]
    agents_b = [RandomAgent(f"m{i}") for i in range(3)]
    steps = 0
    while a["pending"] is not None:
        oa = agents_a[a["pending"]["seat"]].choose(Turn(a))
        ob = agents_b[b["pending"]["seat"]].choose(Turn(b))
        assert oa == ob
        apply(a, oa)
        pending = b["pending"]
        b["events"] = []
        b["pending"] = None
        b["step"] += 1
        core_game.act(
            b, pending["seat"], core_game.parse_action(ob)
        )  # the same rules, with the core primitive
        assert to_json(a) == to_json(b)
        steps += 1
    assert steps > 100


# ================================================================ playouts for every player count and option


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_end_with_every_card_accounted_for(players: int):
    variants = [{}, {"knockout_reward": True}, {"character_selection": "choose", "extra_punches": True},
                {"starting_health": "100", "round_cap": 8}, {"starting_player": str(players - 1)}]  # fmt: skip
    if players >= 4:
        variants.append({"teams": "0,2/1,3" + ("".join(f",{s}" for s in range(4, players)))})
    for i, options in enumerate(variants):
        s = new_game("taidian", players, 1000 + i, options)
        bound = GAME.max_decisions(s["options"], players)
        actions = play(s, [RandomAgent(f"{i}/{seat}") for seat in range(players)])
        assert s["result"] is not None and len(actions) <= bound
        placed = sorted(c for ids in s["zones"].values() for c in ids)
        assert placed == list(range(len(s["cards"]))) and len(placed) >= 330 + 11 * players
        assert all(hp >= 0 for hp in health(s))


def test_a_scenario_file_round_trips_through_the_core_loader():
    s = state_from_scenario({"game": "taidian", "players": 2, "zones": {"hand:0": ["Punch"]},
                             "setup": {"step": "play", "turn_type": "attack", "characters": ["Volt", "Rook"]}})  # fmt: skip
    assert s["pending"]["kind"] == "attack"
    volley(s, ("Punch", 1))
    assert health(s)[1] == 140
    with pytest.raises(Exception, match="unknown field `bogus`"):
        state_from_scenario({"game": "taidian", "setup": {"bogus": 1}})

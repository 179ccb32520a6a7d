"""Taking of Taidian scenario tests, section 3: turn order, rounds, the four steps, drawing and refilling."""

from __future__ import annotations

from tests.support.taidian_helpers import (
    alive,
    apply,
    attack_table,
    current,
    deciding,
    do,
    done,
    end_play,
    energy,
    health,
    ids,
    names,
    poisons,
    refused,
    round_number,
    table,
    upgrade_table,
    verbs,
    volley,
)

from cardsmith.core import view
from cardsmith.core.actions import option_id


def turn_events(s: dict) -> list[str]:
    return [e["t"] for e in s["events"] if e["t"] != "move"]


def test_TAI_3_1_turns_pass_clockwise_one_player_at_a_time():
    s = table(
        4, step="choice", start=1, current=1, hands={1: ["Coin"], 2: ["Coin"], 3: ["Coin"], 0: ["Coin"]}
    )
    order = []
    for _ in range(5):
        order.append(deciding(s)[0])
        apply(s, "upgrade")
        end_play(s)
    assert order == [1, 2, 3, 0, 1]


def test_TAI_3_2_an_eliminated_seat_takes_no_turn_only_its_poisons_tick():
    s = table(
        3,
        step="choice",
        current=0,
        hands={0: ["Coin"], 2: ["Coin"]},
        alive=[True, False, True],
        health=[150, 0, 100],
        poisons=[{"owner": 1, "victim": 2, "ticks": 3, "damage": 15}],
    )
    apply(s, "upgrade")
    end_play(s)  # seat 0's turn ends; seat 1 is out: its Poison ticks on seat 2, then seat 2 plays
    assert health(s)[2] == 85 and poisons(s)[0]["ticks"] == 2
    assert deciding(s) == (2, "turn_type")
    assert "visit" in turn_events(s) and s["turn"] == 2  # seat 1 got no turn of its own


def test_TAI_3_3_a_round_starts_at_the_starting_seat_even_after_it_is_out():
    s = table(3, step="choice", start=0, current=2, round=4, hands={2: ["Coin"]}, alive=[False, True, True],
              health=[0, 150, 150])  # fmt: skip
    apply(s, "upgrade")
    end_play(s)
    assert round_number(s) == 5 and current(s) == 1  # seat 0 was visited: round 5 began there
    assert any(e["t"] == "round" and e["round"] == 5 for e in s["events"])


def test_TAI_3_4_a_turn_is_start_choice_play_end():
    s = table(
        2, step="start", current=0, hands={0: ["Coin"]}, poisons=[{"owner": 0, "victim": 1, "ticks": 4}]
    )
    events = turn_events(s)
    assert events.index("turn") < events.index("tick")  # start step: the Poison ticked first
    assert deciding(s) == (0, "turn_type")  # then the choice step
    apply(s, "upgrade")
    assert deciding(s) == (0, "upgrade")  # then the play step
    do(s, "play_money", "Coin")
    end_play(s)  # then the end step: discard and draw
    assert names(s, "discard:0") == ["Coin"] and len(s["zones"]["hand:0"]) == 5


def test_TAI_3_5_the_active_players_poisons_tick_in_the_order_played():
    s = table(
        3,
        step="start",
        current=0,
        hands={0: ["Coin"]},
        poisons=[
            {"owner": 0, "victim": 2, "ticks": 4, "damage": 5},
            {"owner": 1, "victim": 2, "ticks": 4, "damage": 7},
            {"owner": 0, "victim": 1, "ticks": 4, "damage": 9},
        ],
    )
    ticks = [(e["s"], e["dmg"]) for e in s["events"] if e["t"] == "tick"]
    assert ticks == [(2, 5), (1, 9)]  # only seat 0's Poisons, in the order they were played
    assert health(s) == [150, 141, 145]


def test_TAI_3_6_start_effects_come_in_the_order_the_active_player_chooses():
    s = table(2, step="start", current=0, characters=["Phoenix", "Volt"], structs={0: ["Generator"]},
              health=[100, 150], energy=[8, 0])  # fmt: skip
    assert deciding(s) == (0, "order") and len(ids(s)) == 2
    first = next(o for o in ids(s) if o != option_id("first", "ability"))
    apply(s, first)  # Generator first: 8 + 3 = 11 energy, a power-up before the heal
    assert [e["t"] for e in s["events"] if e["t"] in ("energy", "heal")] == ["energy"]
    assert deciding(s) == (0, "powerup")
    apply(s, option_id("power_up", "aim"))
    assert [e["t"] for e in s["events"] if e["t"] in ("powerup", "heal")] == ["powerup", "heal"]
    assert health(s)[0] == 105 and energy(s)[0] == 1
    t = table(2, step="start", current=0, characters=["Phoenix", "Volt"], structs={0: ["Generator"]},
              health=[100, 150], energy=[8, 0])  # fmt: skip
    apply(t, option_id("first", "ability"))  # the ability first: the heal comes before the energy
    kinds = [e["t"] for e in t["events"] if e["t"] in ("energy", "powerup", "heal")]
    assert kinds == ["heal", "energy"] and deciding(t) == (0, "powerup")


def test_TAI_3_7_the_turn_type_is_declared_once_and_cannot_change():
    s = table(2, step="choice", hands={0: ["Coin", "Punch"]})
    assert sorted(ids(s)) == ["attack", "upgrade"]
    apply(s, "upgrade")
    assert "attack" not in ids(s) and refused(s, "attack")
    assert "lay" not in verbs(s)  # the Punch stays unplayable all turn
    assert view(s, 1)["public"]["turn_type"] == "upgrading"


def test_TAI_3_8_no_card_before_the_choice_step():
    s = table(2, step="choice", hands={0: ["Burn-Barrel", "Coin", "Punch"]})
    assert sorted(ids(s)) == ["attack", "upgrade"]
    assert "Burn-Barrel" in names(s, "hand:0") and refused(s, option_id("use_barrel", "Burn-Barrel"))


def test_TAI_3_9_play_any_number_of_cards_and_stop_whenever():
    s = upgrade_table(2, hands={0: ["Coin", "Coin", "Coin"]})
    do(s, "play_money", "Coin")
    do(s, "play_money", "Coin")
    assert "end" in ids(s)
    end_play(s)  # one Coin left unplayed: legal
    assert names(s, "discard:0").count("Coin") == 3
    t = upgrade_table(2, hands={0: ["Coin"]})
    end_play(t)  # playing nothing at all is legal too
    assert current(t) == 1


def test_TAI_3_10_a_player_always_has_a_legal_turn_even_with_no_cards():
    s = table(2, step="choice", hands={0: []}, decks={0: [], 1: ["Coin"] * 10})
    assert sorted(ids(s)) == ["attack", "upgrade"]
    apply(s, "attack")  # nothing to lay: the play step ends by itself and the turn passes
    assert deciding(s) == (1, "turn_type")
    assert s["zones"]["hand:0"] == []


def test_TAI_3_11_the_end_step_discards_play_area_hand_and_bought_area():
    s = upgrade_table(2, hands={0: ["Cash", "Punch", "Shield"]})
    do(s, "play_money", "Cash")
    apply(s, option_id("buy", "Coin"))
    end_play(s)
    assert sorted(names(s, "discard:0")) == ["Cash", "Coin", "Punch", "Shield"]
    assert names(s, "play:0") == names(s, "bought:0") == []


def test_TAI_3_12_the_active_player_then_draws_five():
    s = upgrade_table(
        2, hands={0: ["Coin"]}, decks={0: ["Gold", "Bolt", "Cash", "Kick", "Punch", "Medic", "Shield"]}
    )
    end_play(s)
    assert sorted(names(s, "hand:0")) == ["Bolt", "Cash", "Gold", "Kick", "Punch"]
    assert names(s, "deck:0") == ["Shield", "Medic"]  # bottom first: Medic is on top now


def test_TAI_3_13_an_empty_deck_is_refilled_from_the_shuffled_discard_pile():
    s = upgrade_table(
        2, hands={0: ["Coin"]}, decks={0: ["Gold", "Bolt"]}, discards={0: ["Punch", "Kick", "Medic"]}
    )
    end_play(s)  # Coin goes to the discard pile first, then 2 draws, a reshuffle of 4, then 3 more draws
    hand = names(s, "hand:0")
    assert len(hand) == 5 and {"Gold", "Bolt"} <= set(hand)
    assert len(s["zones"]["deck:0"]) == 1 and names(s, "discard:0") == []
    assert sorted(hand + names(s, "deck:0")) == sorted(["Gold", "Bolt", "Punch", "Kick", "Medic", "Coin"])
    assert any(e["t"] == "shuffle" and e["s"] == 0 for e in s["events"])


def test_TAI_3_14_with_deck_and_discard_empty_the_hand_stays_short():
    s = upgrade_table(2, hands={0: ["Bolt"]}, decks={0: ["Gold", "Cash"]})
    do(s, "play_energy", "Bolt")  # nothing else to do: the play step ends
    # Bolt discarded, Gold and Cash drawn, the Bolt reshuffled and drawn; then nothing is left
    assert sorted(names(s, "hand:0")) == ["Bolt", "Cash", "Gold"]
    t = table(2, hands={0: []}, decks={0: ["Gold"]}, step="choice")
    apply(t, "upgrade")  # empty hand: the step ends at once; one card to draw, and no discard pile
    assert names(t, "hand:0") == ["Gold"]


def test_TAI_3_15_cards_spent_defending_are_replaced_only_in_the_owners_end_step():
    s = attack_table(2, hands={0: ["Punch", "Kick"], 1: ["Shield", "Shield", "Coin"]})
    volley(s, ("Punch", 1))
    do(s, "play", "Shield")
    done(s)
    assert len(s["zones"]["hand:1"]) == 2
    volley(s, ("Kick", 1))
    do(s, "play", "Shield")
    assert len(s["zones"]["hand:1"]) == 1  # seat 0's turn ended; seat 1 still holds only the Coin
    assert deciding(s) == (1, "turn_type")
    apply(s, "upgrade")
    end_play(s)
    assert len(s["zones"]["hand:1"]) == 5  # refilled in its own end step


def test_TAI_3_16_an_active_player_knocked_out_on_their_turn_ends_it_at_once():
    s = attack_table(3, hands={0: ["Punch", "Punch", "Kick"], 1: ["Kick"]}, health=[5, 150, 150])
    volley(s, ("Punch", 1))
    do(s, "counter", "Kick")  # 5 counter damage: seat 0 drops to 0
    assert alive(s)[0] is False
    assert deciding(s) == (1, "turn_type")  # the rest of seat 0's turn is gone: no end step, no draw
    assert names(s, "hand:0") == [] and names(s, "deck:0") == []
    assert "Punch" in names(s, "out") and len(names(s, "out")) >= 13


def test_TAI_3_17_after_a_turn_or_an_eliminated_seats_ticks_play_moves_on():
    s = table(3, step="choice", current=0, hands={0: ["Coin"], 2: ["Coin"]}, alive=[True, False, True],
              health=[150, 0, 150])  # fmt: skip
    apply(s, "upgrade")
    end_play(s)
    assert deciding(s) == (2, "turn_type")
    apply(s, "upgrade")
    end_play(s)
    assert deciding(s) == (0, "turn_type")

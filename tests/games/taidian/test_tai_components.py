"""Taking of Taidian scenario tests, section 1: seats, trackers, card kinds, zones and visibility, randomness.

Numbers used (from the packaged cards.toml): Coin 1 (cost 1), Cash 2 (cost 3), Gold 4 (cost 6); Bolt 3, Flash 4,
Strike 6 energy; Punch 10 and Kick 5 (Strength), 9mm 15 (Aim), Poison 5/tick (Skill, 4 ticks); Shield block 10
(Skill), Shotgun block 5 (Aim) + 5 counter damage, Medic heal 15 and First Aid heal 10 (Healing).
"""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path

import pytest
from tests.support.taidian_helpers import (
    apply,
    attack_table,
    card_names_in,
    characters,
    current,
    deciding,
    do,
    done,
    end_play,
    energy,
    health,
    ids,
    lay,
    names,
    poisons,
    pool,
    round_number,
    table,
    targets_of,
    upgrade_table,
    volley,
)

from cardsmith.agents import RandomAgent
from cardsmith.core import CardDataError, new_game, state_hash, view
from cardsmith.core.actions import option_id
from cardsmith.games.taidian import cards as tc
from cardsmith.games.taidian.cards import parse_card_set
from cardsmith.sim.runner import play

CARDS_TOML = Path(tc.__file__).with_name("cards.toml")


def raw_cards() -> dict:
    return tomllib.loads(CARDS_TOML.read_text(encoding="utf-8"))


def edit_card(data: dict, name: str, **changes: object) -> dict:
    data = copy.deepcopy(data)
    for card in data["card"]:
        if card["name"] == name:
            card.update(changes)
    return data


# ================================================================ terms


def test_TAI_1_1_clockwise_is_the_next_higher_seat_wrapping_to_zero():
    s = table(3, step="choice", current=2, start=0, hands={0: ["Coin"], 2: ["Coin"]})
    apply(s, "upgrade")
    end_play(s)  # seat 2's turn ends
    assert deciding(s) == (0, "turn_type")  # wraps from seat 2 to seat 0
    assert current(s) == 0
    apply(s, "upgrade")
    end_play(s)
    assert deciding(s) == (1, "turn_type")


def test_TAI_1_2_only_living_players_take_turns_and_can_be_targeted():
    s = attack_table(3, hands={0: ["Punch"]}, alive=[True, False, True], health=[150, 0, 150])
    assert targets_of(s, "Punch") == {"2"}  # seat 1 is out: never a target
    end_play(s)
    assert deciding(s) == (2, "turn_type")  # seat 1 takes no turn


def test_TAI_1_3_opponents_are_other_living_players_except_teammates():
    s = attack_table(4, hands={0: ["Punch"]}, options={"teams": "0,2/1,3"})
    assert targets_of(s, "Punch") == {"1", "3"}
    free = attack_table(4, hands={0: ["Punch"]})
    assert targets_of(free, "Punch") == {"1", "2", "3"}


def test_TAI_1_4_the_active_player_runs_the_turn_others_only_answer():
    s = attack_table(3, hands={0: ["Punch", "Punch"], 1: ["Shield"], 2: ["Shield"]})
    assert current(s) == 0 and deciding(s) == (0, "attack")
    volley(s, ("Punch", 1))
    assert deciding(s) == (1, "respond")  # non-active seats decide only inside windows
    done(s)
    assert deciding(s) == (2, "respond")
    done(s)
    assert deciding(s) == (0, "attack") and current(s) == 0


# ================================================================ character and trackers


def test_TAI_1_5_each_player_has_one_of_ten_characters_with_one_ability():
    s = new_game("taidian", 6, 3)
    chars = characters(s)
    assert len(chars) == 6 and len(set(chars)) == 6
    card_set = tc.load_card_set()
    assert len(card_set.characters) == 10
    assert all(c in card_set.characters for c in chars)
    assert len({c.ability for c in card_set.characters.values()}) == 10


def test_TAI_1_6_health_and_energy_are_whole_numbers_visible_to_all():
    s = table(3, step="choice", health=[120, 150, 99], energy=[4, 0, 7])
    for seat in (None, 0, 1, 2):
        players = view(s, seat)["public"]["players"]
        assert [p["health"] for p in players] == [120, 150, 99]
        assert [p["energy"] for p in players] == [4, 0, 7]


def test_TAI_1_7_four_tracks_with_public_levels_from_0_to_3():
    s = table(2, step="choice", levels=[[3, 0, 1, 2], [0, 0, 0, 0]])
    assert view(s, 1)["public"]["players"][0]["levels"] == {"aim": 3, "strength": 0, "skill": 1, "healing": 2}
    with pytest.raises(Exception, match="levels"):
        table(2, step="choice", levels=[[4, 0, 0, 0], [0, 0, 0, 0]])


def test_TAI_1_8_the_poison_track_is_public_with_ticks_left():
    s = table(3, step="choice", poisons=[{"owner": 0, "victim": 1, "ticks": 3, "damage": 15}])
    for seat in (None, 0, 1, 2):
        pub = view(s, seat)["public"]
        assert pub["poisons"] == [{"victim": 1, "owner": 0, "ticks": 3, "damage": 15}]
        assert [e[1] for e in view(s, seat)["zones"]["poison:1"]] == ["Poison"]


def test_TAI_1_9_characters_and_power_ups_are_never_deck_cards():
    s = new_game("taidian", 4, 11)
    play(s, [RandomAgent(f"x{i}") for i in range(4)])
    card_set = tc.load_card_set()
    forbidden = set(card_set.characters) | set(card_set.tracks)
    assert not forbidden & set(s["cards"])  # never created as cards, so never shuffled, drawn, bought, ...
    assert set(s["cards"]) <= set(card_set.cards)


# ================================================================ deck cards


def test_TAI_1_10_colour_gives_the_kind_of_card():
    card_set = tc.load_card_set()
    expected = {"red": "attack", "blue": "defense", "black": "upgrading", "green": "structure"}
    assert all(c.type == expected[c.color] for c in card_set.cards.values())
    with pytest.raises(CardDataError, match="TAI-1.10"):
        parse_card_set(edit_card(raw_cards(), "Shield", type="attack"))
    # in play: a blue card is never laid on an attacking turn, a red one is
    s = attack_table(2, hands={0: ["Shield", "Punch"]})
    assert card_names_in(s, "lay") == {"Punch"}


def test_TAI_1_11_a_card_shows_name_type_value_cost_one_icon_and_text():
    card_set = tc.load_card_set()
    punch = card_set.cards["Punch"]
    assert (punch.name, punch.type, punch.value, punch.cost, punch.icon) == (
        "Punch",
        "attack",
        10,
        3,
        "strength",
    )
    assert isinstance(punch.text, str)
    with pytest.raises(CardDataError, match="icon"):
        parse_card_set(edit_card(raw_cards(), "Punch", icon="strength+aim"))


def test_TAI_1_12_money_gives_its_left_number_and_costs_its_right_number():
    s = upgrade_table(2, hands={0: ["Cash", "Coin"]})
    do(s, "play_money", "Cash")
    assert pool(s) == 2  # Cash: buying power 2 (its cost is 3)
    assert option_id("buy", "Cash") not in ids(s)  # Cash costs 3, more than the pool
    s2 = upgrade_table(2, hands={0: ["Cash", "Coin"]})
    do(s2, "play_money", "Cash")
    apply(s2, option_id("buy", "Kick"))  # Kick costs 2
    assert pool(s2) == 0 and names(s2, "bought:0") == ["Kick"]


def test_TAI_1_13_only_damage_dealing_red_cards_add_to_the_attack_total():
    s = attack_table(
        2, hands={0: ["Punch", "Poison", "Robber", "Fire Bomb"], 1: ["Coin"]}, structs={1: ["Bunker"]}
    )
    lay(s, "Punch", 1)
    lay(s, "Poison", 1)
    lay(s, "Robber", 1)
    from tests.support.taidian_helpers import struct_target

    lay(s, "Fire Bomb", struct_target(s, 1, "Bunker"))
    apply(s, "reveal")  # seat 1 has nothing to answer with, so the volley resolves at once
    assert health(s) == [150, 140]  # only the Punch counts
    shown = next(e for e in s["events"] if e["t"] == "resolve")
    assert shown["hp"] == [[1, 10, 0, 140]]


def test_TAI_1_14_the_point_value_means_attack_block_healing_energy_or_buying_power():
    s = upgrade_table(2, hands={0: ["Bolt", "Gold"]})
    do(s, "play_energy", "Bolt")
    do(s, "play_money", "Gold")
    assert energy(s)[0] == 3 and pool(s) == 4
    a = attack_table(2, hands={0: ["Punch", "First Aid"], 1: ["Shield", "Medic"]}, health=[100, 100])
    volley(a, ("Punch", 1), ("First Aid", 0))
    do(a, "play", "Shield")  # block 10
    do(a, "play", "Medic")  # heal 15; seat 1's hand is empty now, so the window closes
    assert health(a) == [110, 100 - 0 + 15]  # First Aid healed 10; Punch 10 - block 10 = 0, Medic +15
    with pytest.raises(CardDataError, match="TAI-1.14"):
        parse_card_set(edit_card(raw_cards(), "Robber", value=5))


def test_TAI_1_15_burn_barrel_is_black_but_neither_money_nor_energy():
    s = upgrade_table(2, hands={0: ["Burn-Barrel", "Punch"]})
    do(s, "use_barrel", "Burn-Barrel")
    assert pool(s) == 0 and energy(s)[0] == 0
    assert names(s, "play:0") == ["Burn-Barrel"]
    assert tc.load_card_set().cards["Burn-Barrel"].color == "black"


def test_TAI_1_16_numbers_are_whole_and_never_negative():
    with pytest.raises(CardDataError, match="TAI-1.16"):
        parse_card_set(edit_card(raw_cards(), "Punch", value=-1))
    with pytest.raises(CardDataError, match="field 'value': Expected `int`, got `float`"):
        parse_card_set(edit_card(raw_cards(), "Punch", value=2.5))
    s = attack_table(2, hands={0: ["Punch"]}, health=[150, 5])
    volley(s, ("Punch", 1))
    assert health(s)[1] == 0  # recorded as 0, not -5


# ================================================================ zones and visibility


def test_TAI_1_17_decks_are_face_down_with_public_sizes_and_order_set_by_shuffling():
    s = new_game("taidian", 2, 5)
    for seat in (None, 0, 1):
        v = view(s, seat)
        assert v["zones"]["deck:0"] == [None] * 6  # nobody sees a deck card, the count is public
    s2 = table(
        2, step="choice", hands={0: ["Coin"]}, decks={0: ["Gold", "Cash", "Punch", "Kick", "Shield", "Bolt"]}
    )
    apply(s2, "upgrade")
    end_play(s2)
    assert sorted(names(s2, "hand:0")) == sorted(["Gold", "Cash", "Punch", "Kick", "Shield"])  # top first


def test_TAI_1_18_a_hand_is_seen_only_by_its_owner_its_size_by_all():
    s = table(3, step="choice", hands={1: ["Punch", "Medic"]})
    assert sorted(e[1] for e in view(s, 1)["zones"]["hand:1"]) == ["Medic", "Punch"]
    for seat in (None, 0, 2):
        assert view(s, seat)["zones"]["hand:1"] == [None, None]


def test_TAI_1_19_discard_piles_are_face_up_for_everyone():
    s = table(3, step="choice", discards={2: ["Gold", "Robber"]})
    for seat in (None, 0, 1, 2):
        assert sorted(e[1] for e in view(s, seat)["zones"]["discard:2"]) == ["Gold", "Robber"]


def test_TAI_1_20_cards_used_this_turn_lie_face_up_in_the_play_area_until_the_end_step():
    s = upgrade_table(2, hands={0: ["Coin", "Bolt"]})
    do(s, "play_money", "Coin")
    do(s, "play_energy", "Bolt")
    assert names(s, "play:0") == ["Coin", "Bolt"]
    assert [e[1] for e in view(s, 1)["zones"]["play:0"]] == ["Coin", "Bolt"]
    end_play(s)
    assert names(s, "play:0") == [] and sorted(names(s, "discard:0")) == ["Bolt", "Coin"]


def test_TAI_1_21_structures_lie_face_up_beside_their_owner():
    s = table(2, step="choice", structs={1: ["Bunker", "Market"]})
    assert sorted(e[1] for e in view(s, 0)["zones"]["struct:1"]) == ["Bunker", "Market"]


def test_TAI_1_22_bought_cards_wait_face_up_in_the_bought_area_until_the_end_step():
    s = upgrade_table(2, hands={0: ["Cash", "Coin"]})
    do(s, "play_money", "Cash")
    apply(s, option_id("buy", "Kick"))
    assert names(s, "bought:0") == ["Kick"]
    assert [e[1] for e in view(s, 1)["zones"]["bought:0"]] == ["Kick"]
    end_play(s)
    assert names(s, "bought:0") == [] and "Kick" in names(s, "discard:0")


def test_TAI_1_23_the_supply_is_public_piles_of_identical_cards():
    s = table(2, step="choice")
    pub = view(s, 1)["public"]
    assert pub["piles"]["Coin"] == 30 and pub["piles"]["Punch"] == 10 and len(pub["piles"]) == 21
    supply = view(s, 0)["zones"]["supply"]
    assert all(e is not None for e in supply) and len(supply) == 6 * 30 + 15 * 10


def test_TAI_1_24_burned_cards_go_out_of_the_game_for_good():
    s = upgrade_table(2, hands={0: ["Burn-Barrel", "Punch", "Coin"]}, decks={0: ["Coin"] * 40})
    do(s, "use_barrel", "Burn-Barrel")
    do(s, "burn", "Punch")
    apply(s, "stop")
    assert names(s, "out") == ["Punch"]
    end_play(s)
    while round_number(s) < 6:  # more rounds: the Punch never comes back
        apply(s, "upgrade" if deciding(s)[1] == "turn_type" else "end")
    assert names(s, "out") == ["Punch"]
    assert all("Punch" not in names(s, f"{k}:0") for k in ("deck", "hand", "discard"))


def test_TAI_1_25_a_stolen_card_is_the_thiefs_and_a_poison_stays_its_owners():
    s = attack_table(2, hands={0: ["Robber", "Poison", "Punch"], 1: ["Gold"]})
    volley(s, ("Robber", 1), ("Poison", 1))
    assert names(s, "discard:0") == ["Gold"]  # stolen black card: the thief's from then on
    assert (
        names(s, "poison:1") == ["Poison"] and poisons(s)[0]["owner"] == 0
    )  # on seat 1's track, owned by seat 0
    s2 = table(2, step="start", current=0, poisons=[{"owner": 0, "victim": 1, "ticks": 1, "damage": 5}])
    assert names(s2, "discard:0") == ["Poison"]  # its last tick sends it to its owner's pile
    assert names(s2, "poison:1") == []


def test_TAI_1_26_one_seeded_generator_makes_games_reproducible():
    def run(seed: int) -> tuple[list[str], str]:
        s = new_game("taidian", 3, seed)
        acts = play(s, [RandomAgent(f"same{i}") for i in range(3)])
        return acts, state_hash(s)

    assert run(42) == run(42)
    assert run(42) != run(43)
    assert "rng" not in view(new_game("taidian", 3, 42), 0)

    def stolen(seed: int) -> str:  # a Robber's pick comes from the state's generator
        s = attack_table(2, hands={0: ["Robber"], 1: ["Gold", "Cash", "Coin", "Bolt", "Flash"]}, seed=seed)
        volley(s, ("Robber", 1))
        return names(s, "discard:0")[0]

    picks = {seed: stolen(seed) for seed in range(12)}
    assert all(stolen(seed) == pick for seed, pick in picks.items())  # same seed, same pick
    assert len(set(picks.values())) > 1  # the seed decides it

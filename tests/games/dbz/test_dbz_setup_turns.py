"""DBZ scenario tests: components and visibility (section 1), setup (section 2), the turn (section 3)."""

from __future__ import annotations

import pytest
from tests.support.dbz_helpers import (
    active,
    angers,
    cid,
    combat,
    deciding,
    do,
    drills,
    first_player,
    has,
    levels,
    mps,
    opt,
    phase,
    play_id,
    position,
    refused,
    stages,
)
from tests.support.scenario import ids, names

from cardsmith.agents import RandomAgent
from cardsmith.core import (
    SeatCountError,
    apply,
    clone,
    new_game,
    option_id,
    resolve_chance,
    rng,
    state_hash,
    view,
)
from cardsmith.games.dbz import GAME
from cardsmith.sim.runner import play

# ================================================================ section 1: components


def test_DBZ_1_1_exactly_two_players():
    for players in (1, 3, 4):
        with pytest.raises(SeatCountError, match="exactly 2"):
            new_game("dbz", players, 0)
    assert new_game("dbz", 2, 0)["players"] == 2


def test_DBZ_1_2_each_player_has_mp_life_deck_hand_discard_and_drill_area():
    s = new_game("dbz", 2, 1)
    for seat in (0, 1):
        for kind in ("mp", "life", "hand", "discard", "drills"):
            assert f"{kind}:{seat}" in s["zones"]
    assert mps(s) == ["Kairo", "Vashna"]
    assert len(s["zones"]["mp:0"]) == 3 and len(s["zones"]["mp:1"]) == 3
    # 60 life-deck cards each, all owned by their seat
    assert all(s["owner"][c] == 1 for zone in ("life:1", "hand:1") for c in s["zones"][zone])


def test_DBZ_1_5_each_mp_has_public_level_stage_and_anger():
    s = position(level=[2, 1], stage=[7, 3], anger=[4, 0], step="declare")
    for seat in (0, 1, None):
        pub = view(s, seat)["public"]["seats"]
        assert [(p["level"], p["stage"], p["anger"]) for p in pub] == [(2, 7, 4), (1, 3, 0)]
    assert pub[0]["power"] == 4500  # Kairo level 2, stage 7


def test_DBZ_1_6_the_life_deck_is_hidden_even_from_its_owner_but_counted():
    s = position({"life:0": ["Lantern Bolt", "Oak-Arm Guard", "Cobblestone Jab"]})
    for seat in (0, 1, None):
        v = view(s, seat)
        assert v["zones"]["life:0"] == [None, None, None]
        assert v["public"]["seats"][0]["life"] == 3
    # drawing takes the top card (listed first in the scenario)
    s = position({"life:0": ["Lantern Bolt", "Oak-Arm Guard", "Cobblestone Jab", "Sieve Palm"]}, step="draw")
    assert sorted(names(s, "hand:0")) == ["Cobblestone Jab", "Lantern Bolt", "Oak-Arm Guard"]
    assert names(s, "life:0") == ["Sieve Palm"]


def test_DBZ_1_7_only_the_owner_sees_a_hand_its_size_is_public():
    s = position({"hand:0": ["Lantern Bolt", "Oak-Arm Guard"]})
    mine, theirs = view(s, 0), view(s, 1)
    assert [e[1] for e in mine["zones"]["hand:0"]] == ["Oak-Arm Guard", "Lantern Bolt"]
    assert theirs["zones"]["hand:0"] == [None, None]
    assert theirs["public"]["seats"][0]["hand"] == 2


def test_DBZ_1_8_discard_piles_are_public_in_order_top_is_last_placed():
    s = position({"hand:0": ["Lantern Bolt", "Oak-Arm Guard"], "discard:0": ["Sieve Palm", "Willow Roll"]})
    for seat in (0, 1, None):
        assert [e[1] for e in view(s, seat)["zones"]["discard:0"]] == ["Willow Roll", "Sieve Palm"]
    assert view(s, 1)["public"]["seats"][0]["discard_top"] == "Sieve Palm"


def test_DBZ_1_9_drills_in_play_are_public_and_belong_to_who_played_them():
    s = position({"hand:0": ["Black Anvil Posture Drill"]})
    do(s, "play", "Black Anvil Posture Drill")
    c = s["zones"]["drills:0"][0]
    assert s["owner"][c] == 0
    for seat in (0, 1, None):
        assert view(s, seat)["zones"]["drills:0"] == [[c, "Black Anvil Posture Drill"]]
        assert view(s, seat)["public"]["seats"][0]["drills"][0]["colour"] == "Black"


def test_DBZ_1_12_a_discarded_card_goes_to_its_owners_pile():
    s = position(
        {
            "hand:0": ["Scrambled Routine"],
            "drills:1": ["Red Brick-Wall Drill"],
            "drills:0": ["Hill-Sprint Drill"],
        }
    )
    do(s, "play", "Scrambled Routine")
    do(s, "destroy_drill", "Red Brick-Wall Drill")
    assert names(s, "discard:1") == ["Red Brick-Wall Drill"]  # the opponent's drill, to the opponent's pile
    assert names(s, "discard:0") == ["Scrambled Routine"]


def test_DBZ_1_13_losing_a_life_card_moves_the_top_card_face_up_to_ones_own_pile():
    s = position(
        {
            "hand:0": ["Lantern Bolt", "Drum-Chest Roar"],
            "life:1": ["Oak-Arm Guard", "Sieve Palm", "Willow Roll", "Lantern Bolt", "Furnace Wave"],
        },
        step="combat",
    )
    do(s, "attack", "Lantern Bolt")  # 4 life cards, P2 has no block in hand and then passes
    assert deciding(s) == (0, "combat")
    assert names(s, "discard:1") == ["Oak-Arm Guard", "Sieve Palm", "Willow Roll", "Lantern Bolt"]
    assert names(s, "life:1") == ["Furnace Wave"]
    assert all(e[1] for e in view(s, 0)["zones"]["discard:1"])  # face up: both see them


def test_DBZ_1_14_cards_played_from_hand_are_public_until_discarded():
    s = position({"hand:0": ["Pinwheel Heel Strike"], "hand:1": ["Oak-Arm Guard"]}, step="combat")
    do(s, "attack", "Pinwheel Heel Strike")
    card = cid(s, "play:0", "Pinwheel Heel Strike")
    assert view(s, 1)["zones"]["play:0"] == [[card, "Pinwheel Heel Strike"]]
    assert view(s, None)["public"]["combat"]["attack"]["title"] == "Pinwheel Heel Strike"
    do(s, "block", "Oak-Arm Guard")
    assert s["zones"]["play:0"] == [] and names(s, "discard:0") == ["Pinwheel Heel Strike"]


def test_DBZ_1_15_the_same_seed_and_choices_give_the_same_game():
    def run(seed):
        s = new_game("dbz", 2, seed, {"deck_p2": "kairo"})
        actions = play(s, [RandomAgent(f"x{seed}/{i}") for i in range(2)])
        return actions, state_hash(s)

    assert run(5) == run(5)
    assert run(5)[1] != run(6)[1]


# ================================================================ section 2: setup


def test_DBZ_2_5_mps_start_at_level_1_stage_5_anger_0():
    s = new_game("dbz", 2, 3, {"deck_p2": "kairo"})  # mirror match: no power check
    assert mps(s) == ["Kairo", "Kairo"]
    assert (levels(s), stages(s), angers(s)) == ([1, 1], [5, 5], [0, 0])
    assert s["zones"]["hand:0"] == [] and s["zones"]["hand:1"] == []


def test_DBZ_2_6_both_life_decks_are_shuffled_and_nothing_is_dealt():
    s = new_game("dbz", 2, 3, {"deck_p2": "kairo"})
    deck = list(GAME.cards.deck("kairo").cards)
    for seat in (0, 1):
        assert len(s["zones"][f"life:{seat}"]) == 60
        order = [s["cards"][c] for c in reversed(s["zones"][f"life:{seat}"])]
        assert sorted(order) == sorted(deck) and order != deck
    assert names(s, "life:0") != names(s, "life:1")


def test_DBZ_2_7_doubling_check_weaker_mp_gets_stage_10_and_goes_first():
    s = new_game("dbz", 2, 0)  # Kairo (600 at stage 5) against Vashna (1200)
    assert stages(s) == [10, 2]
    assert first_player(s) == 0 and active(s) == 0 and s["turn"] == 1
    swapped = new_game("dbz", 2, 0, {"deck_p1": "vashna", "deck_p2": "kairo"})
    assert stages(swapped) == [2, 10] and first_player(swapped) == 1 and active(swapped) == 1
    assert swapped["pending"]["seat"] == 1


def test_DBZ_2_8_equal_start_values_never_trigger_the_check():
    s = new_game("dbz", 2, 0, {"deck_p1": "vashna"})  # Vashna mirror: 1200 = 1200
    assert stages(s) == [5, 5]
    assert s["pending"]["kind"] == "first_player"


def test_DBZ_2_9_DBZ_2_10_without_alignment_a_fair_seeded_pick_decides_the_first_player():
    firsts = set()
    for seed in range(12):
        s = new_game("dbz", 2, seed, {"deck_p2": "kairo"})
        assert s["pending"]["seat"] == -1 and s["pending"]["weights"] == [1, 1]
        assert ids(s) == [option_id("first_player", 0), option_id("first_player", 1)]
        apply(s, option_id("first_player", 1))
        assert first_player(s) == 1 and active(s) == 1 and s["turn"] == 1
        t = new_game("dbz", 2, seed, {"deck_p2": "kairo"})
        firsts.add(resolve_chance(t))
    assert firsts == {option_id("first_player", 0), option_id("first_player", 1)}


def test_DBZ_2_11_setup_shuffles_seat_0_then_seat_1_then_checks_then_picks():
    seed = 9
    s = new_game("dbz", 2, seed, {"deck_p2": "kairo"})
    # Replay the documented order of random draws on a bare generator.
    probe = {"rng": rng.seed_word(seed)}
    decks = []
    for _ in (0, 1):
        ids_ = list(range(60))
        rng.shuffle(probe, ids_)
        decks.append(ids_)
    deck = GAME.cards.deck("kairo").cards
    for seat in (0, 1):
        base = 3 + seat * 63  # level cards first, then the 60 life cards of that seat
        expected = [deck[i] for i in decks[seat]]
        assert [s["cards"][c] for c in s["zones"][f"life:{seat}"]] == expected
        # the names are dealt to the ids, which keep their places: an id says nothing about its card
        assert [c - base for c in s["zones"][f"life:{seat}"]] == list(range(60))
    # the chance pick comes last: the generator word is exactly where the two shuffles left it
    assert s["rng"] == probe["rng"]


# ================================================================ section 3: the turn


def test_DBZ_3_1_players_alternate_turns_from_the_first_player():
    s = position(step="declare", turn=1, active=0)
    apply(s, "no_combat")
    assert s["turn"] == 2 and active(s) == 1
    apply(s, "done")  # P2 holds cards, so Step 2 is asked even with nothing to play
    apply(s, "no_combat")
    while s["turn"] == 2:  # P2's hand-limit discards
        apply(s, ids(s)[0])
    assert s["turn"] == 3 and active(s) == 0


def test_DBZ_3_2_five_steps_in_order():
    s = position({"hand:0": ["Old Grudge Remembered"]}, step="draw")
    phases = []
    assert phase(s) == "noncombat" and len(s["zones"]["hand:0"]) == 4  # Step 1 drew 3
    phases.append(phase(s))
    do(s, "done")
    assert [e["t"] for e in s["events"]][:1] == ["power_up"]  # Step 3 ran before the Step 4 question
    phases.append(phase(s))
    apply(s, "no_combat")
    assert phase(s) == "discard"
    do(s, "discard", "Old Grudge Remembered")
    for _ in range(2):  # copies of one card are still asked for: the opponent must not learn the hand
        assert deciding(s) == (0, "discard") and len(ids(s)) == 1
        do(s, "discard", "Cobblestone Jab")
    kinds = [e.get("cause") or e["t"] for e in s["events"]]
    # Step 5 (hand limit, then rejuvenation) before the next turn's Step 1 draw
    assert kinds.index("hand_limit") < kinds.index("rejuvenate") < kinds.index("turn") < kinds.index("draw")
    assert phases == ["noncombat", "declare"]


def test_DBZ_3_3_step_1_draws_three_cards():
    top = ["Lantern Bolt", "Sieve Palm", "Willow Roll", "Furnace Wave", "Oak-Arm Guard"]
    s = position({"life:0": top}, step="draw")
    assert sorted(names(s, "hand:0")) == sorted(top[:3])
    assert len(s["zones"]["life:0"]) == 2


def test_DBZ_3_4_the_first_players_first_turn_is_normal():
    s = new_game("dbz", 2, 11)
    assert s["turn"] == 1 and active(s) == 0
    assert len(s["zones"]["hand:0"]) == 3 and len(s["zones"]["life:0"]) == 57
    while s["pending"]["kind"] != "declare":
        apply(s, ids(s)[-1])  # "done" / "keep_in_hand" style last options
    assert ids(s) == ["declare_combat", "no_combat"]
    apply(s, "declare_combat")
    assert combat(s) is not None and combat(s)["attacker"] == 0


def test_DBZ_3_5_step_2_any_number_of_non_combat_cards_one_at_a_time_until_done():
    s = position(
        {"hand:0": ["Old Grudge Remembered", "Lullaby of the Valley", "Black Anvil Posture Drill"]},
        anger=[0, 3],
    )
    do(s, "play", "Old Grudge Remembered")
    assert angers(s) == [2, 3] and deciding(s) == (0, "non_combat")
    do(s, "play", "Black Anvil Posture Drill")
    do(s, "play", "Lullaby of the Valley")
    assert angers(s) == [2, 1] and deciding(s) == (0, "declare")  # nothing left: Step 2 ends by itself
    s = position({"hand:0": ["Old Grudge Remembered"]})
    do(s, "done")
    assert phase(s) == "declare" and names(s, "hand:0") == ["Old Grudge Remembered"]


def test_DBZ_3_6_non_combat_cards_only_in_ones_own_step_2():
    hand = ["Old Grudge Remembered", "Black Anvil Posture Drill", "Drum-Chest Roar"]
    s = position({"hand:0": hand, "hand:1": list(hand)}, step="combat")
    assert not has(s, "play")
    assert refused(s, play_id(s, 0, "Old Grudge Remembered"))
    do(s, "combat_action", "Drum-Chest Roar")  # now P2 acts in combat: still no Non-Combat plays
    assert deciding(s) == (1, "combat") and not has(s, "play")
    assert refused(s, play_id(s, 1, "Black Anvil Posture Drill"))


def test_DBZ_3_7_step_3_gains_pur_and_stops_at_10():
    s = position(step="powerup", stage=[3, 5])
    assert stages(s) == [5, 5]  # Kairo level 1 PUR 2
    s = position(step="powerup", level=[2, 1], stage=[9, 5])
    assert stages(s) == [10, 5]  # PUR 3, the excess is lost
    assert deciding(s) == (0, "declare")


def test_DBZ_3_8_step_4_declaring_combat_is_a_choice():
    s = position(step="declare")
    assert ids(s) == ["declare_combat", "no_combat"]
    skip = clone(s)
    apply(skip, "no_combat")
    assert combat(skip) is None and skip["turn"] == 2
    apply(s, "declare_combat")
    assert phase(s) == "combat"


def test_DBZ_3_9_hand_limit_active_player_first_then_the_other():
    s = position(
        {
            "hand:0": ["Lantern Bolt", "Sieve Palm"],
            "hand:1": ["Oak-Arm Guard", "Willow Roll", "Furnace Wave"],
        },
        step="declare",
    )
    apply(s, "no_combat")
    assert deciding(s) == (0, "discard")
    do(s, "discard", "Sieve Palm")
    assert deciding(s) == (1, "discard")
    do(s, "discard", "Willow Roll")
    do(s, "discard", "Furnace Wave")
    assert names(s, "hand:0") == ["Lantern Bolt"]
    assert names(s, "discard:1") == ["Willow Roll", "Furnace Wave"]
    assert s["turn"] == 2 and sorted(names(s, "hand:1")) == ["Cobblestone Jab"] * 3 + ["Oak-Arm Guard"]


def test_DBZ_3_10_hand_limit_discards_in_the_chosen_order():
    s = position({"hand:0": ["Lantern Bolt", "Sieve Palm", "Oak-Arm Guard"]}, step="declare")
    apply(s, "declare_combat")  # no rejuvenation, so the pile keeps its order
    while combat(s) is not None:
        apply(s, "pass")
    do(s, "discard", "Oak-Arm Guard")
    do(s, "discard", "Lantern Bolt")
    assert names(s, "discard:0") == ["Oak-Arm Guard", "Lantern Bolt"]


def test_DBZ_3_11_without_combat_the_top_discard_goes_to_the_bottom_of_the_life_deck():
    s = position(
        {"discard:0": ["Sieve Palm", "Oak-Arm Guard"], "life:0": ["Lantern Bolt"] * 5}, step="declare"
    )
    apply(s, "no_combat")
    assert names(s, "discard:0") == ["Oak-Arm Guard"]
    assert names(s, "life:0")[0] == "Sieve Palm" and len(s["zones"]["life:0"]) == 6
    assert view(s, 0)["zones"]["life:0"][0] is None  # face down


def test_DBZ_3_12_rejuvenating_with_an_empty_pile_does_nothing():
    s = position(step="declare")
    apply(s, "no_combat")
    assert len(s["zones"]["life:0"]) == 10 and s["zones"]["discard:0"] == []


def test_DBZ_3_13_declaring_combat_skips_rejuvenation_even_without_attacks():
    s = position({"discard:0": ["Sieve Palm"]}, step="declare")
    apply(s, "declare_combat")  # P1 has nothing to do and passes at once; P2 drew 3 and may attack
    assert deciding(s) == (1, "combat")
    apply(s, "pass")
    while s["pending"]["kind"] == "discard":  # P2's hand-limit discards
        apply(s, ids(s)[0])
    assert s["turn"] == 2
    assert names(s, "discard:0") == ["Sieve Palm"] and len(s["zones"]["life:0"]) == 10


def test_DBZ_3_14_after_step_5_the_other_player_begins_with_step_1():
    s = position({"life:1": ["Lantern Bolt", "Sieve Palm", "Willow Roll", "Oak-Arm Guard"]}, step="declare")
    apply(s, "no_combat")
    assert active(s) == 1 and s["turn"] == 2
    assert sorted(names(s, "hand:1")) == ["Lantern Bolt", "Sieve Palm", "Willow Roll"]
    assert names(s, "life:1") == ["Oak-Arm Guard"]
    assert deciding(s) == (1, "non_combat") and ids(s) == ["done"]
    do(s, "done")
    assert drills(s, 1) == [] and opt(s, "no_combat") == "no_combat"


def _public_trail(state, seat):
    """What ``seat`` sees of the pending decision (who decides, what kind, the prompt)."""
    pending = view(state, seat)["pending"]
    return None if pending is None else (pending["seat"], pending["kind"], pending["prompt"])


def test_DBZ_1_7_the_decisions_asked_never_reveal_what_a_hand_holds():
    # The response: a defender holding a fitting block and one holding none look the same to the attacker.
    seen = []
    for held in (["Oak-Arm Guard"], ["Lantern Bolt"]):
        s = position({"hand:0": ["Cobblestone Jab", "Drum-Chest Roar"], "hand:1": held}, step="combat")
        do(s, "attack", "Cobblestone Jab")
        seen.append((_public_trail(s, 0), view(s, 0)["public"]))
    assert seen[0] == seen[1] and seen[0][0][:2] == (1, "response")
    # Step 2: a hand with a playable Non-Combat card and one without look the same to the opponent.
    steps = []
    for held in (["Old Grudge Remembered"], ["Lantern Bolt"]):
        s = position({"hand:0": held})
        steps.append(_public_trail(s, 1))
    assert steps[0] == steps[1] and steps[0][:2] == (0, "non_combat")
    # A combat action: holding an attack or only blocks looks the same.
    acts = []
    for held in (["Cobblestone Jab"], ["Oak-Arm Guard"]):
        s = position({"hand:0": held}, step="combat")
        acts.append(_public_trail(s, 1))
    assert acts[0] == acts[1] and acts[0][:2] == (0, "combat")
    # The hand limit: three copies of one card or three different cards.
    limits = []
    for held in (["Sieve Palm"] * 3, ["Sieve Palm", "Lantern Bolt", "Oak-Arm Guard"]):
        s = position({"hand:0": held}, step="discard")
        limits.append(_public_trail(s, 1))
    assert limits[0] == limits[1] and limits[0][:2] == (0, "discard")
    # With an empty hand (public) nothing can be hidden, so the engine still acts for the player.
    empty = position({"hand:0": ["Cobblestone Jab", "Drum-Chest Roar"]}, step="combat")
    do(empty, "attack", "Cobblestone Jab")
    assert deciding(empty) == (0, "combat") and combat(empty)["passes"] == 1  # took it, then passed
    assert [e["t"] for e in empty["events"] if e["t"] in ("damage", "pass")] == ["damage", "pass"]

"""DBZ: the shipped card set, the card loader, deck construction and the card-set requirements (section 15).

The section 15 tests recompute each requirement from the shipped data on their own rather than trusting
``card_set_problems``; a separate test checks that ``card_set_problems`` agrees and catches broken data.
"""

from __future__ import annotations

import copy
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from tests.support.dbz_helpers import do, drills, position, stages

from cardsmith.core import CardDataError, DeckError, OptionError, ScenarioError, new_game
from cardsmith.core.scenario import state_from_scenario
from cardsmith.games.dbz import GAME
from cardsmith.games.dbz import cards as dbz
from cardsmith.games.dbz.cards import (
    Card,
    Drill,
    card_set_problems,
    classify_drill,
    load_card_set,
    parse_card_set,
    validate_deck,
)
from cardsmith.games.dbz.effects import EFFECTS, POWERS

CARDS_TOML = Path(dbz.__file__).with_name("cards.toml")
SHIPPED = tomllib.loads(CARDS_TOML.read_text(encoding="utf-8"))
CS = load_card_set()
WORDS = CS.colour_words
NAMES = ("Kairo", "Vashna")


@pytest.fixture()
def raw() -> dict[str, Any]:
    return copy.deepcopy(SHIPPED)


def card(raw: dict[str, Any], title: str) -> dict[str, Any]:
    return next(c for c in raw["card"] if c["title"] == title)


def deck_of(mp: str) -> list[str]:
    return list(next(d for d in CS.decks.values() if d.mp == mp).cards)


# ================================================================ section 1: card records


def test_DBZ_1_3_level_cards_start_in_play_and_never_enter_a_life_deck():
    s = new_game("dbz", 2, 0)
    assert [s["cards"][c] for c in s["zones"]["mp:0"]] == [
        "Kairo, Village Brawler",
        "Kairo, Storm-Tested",
        "Kairo, Unbound",
    ]
    life = {s["cards"][c] for seat in (0, 1) for c in s["zones"][f"life:{seat}"]}
    assert not life & set(CS.level_titles)
    with pytest.raises(DeckError, match="DBZ-1.3"):
        validate_deck([*deck_of("Kairo"), "Kairo, Unbound"], CS, "Kairo")
    with pytest.raises(ScenarioError, match="level card"):
        position({"hand:0": ["Kairo, Unbound"]})


def test_DBZ_1_4_a_level_has_a_pur_and_eleven_power_values_starting_at_0(raw):
    for mp in CS.mps.values():
        for level in mp.levels:
            assert isinstance(level.pur, int) and level.pur >= 0
            assert len(level.power) == 11 and level.power[0] == 0
    raw["mp"][0]["levels"][0]["power"][0] = 100
    with pytest.raises(CardDataError, match="stage 0 must be 0"):
        parse_card_set(raw)
    raw = copy.deepcopy(SHIPPED)
    raw["mp"][1]["levels"][2]["power"] = raw["mp"][1]["levels"][2]["power"][:10]
    with pytest.raises(
        CardDataError,
        match=r"levels\[2\] 'Vashna, the Cold Tyrant', field 'power': Expected `array` of length >= 11",
    ):
        parse_card_set(raw)


def test_DBZ_1_10_every_card_is_non_combat_or_combat_with_a_subtype(raw):
    subtypes = Counter((c.type, c.subtype) for c in CS.cards.values())
    assert set(subtypes) == {
        ("non-combat", "drill"),
        ("non-combat", "one-shot"),
        ("combat", "physical attack"),
        ("combat", "energy attack"),
        ("combat", "physical block"),
        ("combat", "energy block"),
        ("combat", "any-attack block"),
        ("combat", "combat action"),
    }
    card(raw, "Cobblestone Jab")["type"] = "ally"
    with pytest.raises(CardDataError, match="field 'type': Invalid enum value 'ally'"):
        parse_card_set(raw)
    raw = copy.deepcopy(SHIPPED)
    card(raw, "Cobblestone Jab")["subtype"] = "drill"
    with pytest.raises(CardDataError, match="field 'type': Invalid enum value 'combat'"):
        parse_card_set(raw)


def test_DBZ_1_11_cards_are_records_drills_with_kind_colour_restriction_and_limit(raw):
    d = CS.cards["Silent Pagoda Drill"]
    assert isinstance(d, Drill)
    assert (d.kind, d.colour, d.restricted_against, d.in_play_limit, d.power, d.n) == (
        "colourless", None, "Red", 4, "ENERGY_DAMAGE_REDUCTION", 1
    )  # fmt: skip
    assert isinstance(CS.cards["Bull-Temper Rush"], Card)
    card(raw, "Hill-Sprint Drill")["speed"] = 3
    with pytest.raises(CardDataError, match="unknown field `speed`"):
        parse_card_set(raw)
    raw = copy.deepcopy(SHIPPED)
    card(raw, "Black Anvil Posture Drill")["kind"] = "colourless"
    with pytest.raises(CardDataError, match="its title makes it coloured"):
        parse_card_set(raw)
    rows = GAME.card_rows()
    assert {r["title"] for r in rows} >= set(CS.cards) | set(CS.level_titles)
    assert all(r.keys() == rows[0].keys() for r in rows)


# ================================================================ section 2: deck construction


def test_DBZ_2_1_a_life_deck_holds_at_least_50_cards():
    kairo = deck_of("Kairo")
    assert len(kairo) == 60 and len(deck_of("Vashna")) == 60
    assert len(validate_deck(kairo[:50], CS, "Kairo")) == 50
    with pytest.raises(DeckError, match=r"at least 50 cards, this one holds 49 \(DBZ-2.1\)"):
        validate_deck(kairo[:49], CS, "Kairo")
    every = [t for t in CS.cards for _ in range(3)]
    assert len(validate_deck(every, CS, "Kairo", "big")) == 3 * len(CS.cards) > 100  # no upper limit


def test_DBZ_2_2_three_copies_or_four_of_a_title_naming_the_decks_own_mp():
    base = [t for t in deck_of("Kairo") if t not in ("Cobblestone Jab", "Kairo's Morning Kata Drill")]
    with pytest.raises(DeckError, match=r"4 copies of 'Cobblestone Jab'.*at most 3.*DBZ-2.2"):
        validate_deck(base + ["Cobblestone Jab"] * 4, CS, "Kairo")
    assert validate_deck(base + ["Kairo's Morning Kata Drill"] * 4, CS, "Kairo")
    with pytest.raises(DeckError, match="at most 4 times"):
        validate_deck(base + ["Kairo's Morning Kata Drill"] * 5, CS, "Kairo")
    with pytest.raises(DeckError, match='4 copies of "Kairo\'s Morning Kata Drill"'):
        validate_deck(base + ["Kairo's Morning Kata Drill"] * 4, CS, "Vashna")
    GAME.check_options(new_game("dbz", 2, 0)["options"], 2)  # the sample decks pass


def test_DBZ_2_3_a_deck_may_hold_drills_of_several_colours():
    for mp in NAMES:
        colours = {CS.cards[t].colour for t in deck_of(mp) if isinstance(CS.cards[t], Drill)} - {None}
        assert len(colours) >= 3
        validate_deck(deck_of(mp), CS, mp)


def test_DBZ_2_4_named_cards_are_open_to_any_player():
    vashna = [t for t in deck_of("Vashna") if t != "Cobblestone Jab"] + ["Kairo's Morning Kata Drill"] * 3
    assert validate_deck(vashna, CS, "Vashna")
    s = position({"hand:1": ["Kairo's Morning Kata Drill", "Old Grudge Remembered"]}, active=1, turn=2)
    do(s, "play", "Kairo's Morning Kata Drill")
    assert drills(s, 1) == ["Kairo's Morning Kata Drill"]


# ================================================================ section 8: kinds and colours from titles


def test_DBZ_8_1_colour_words_are_whole_words_in_any_case():
    assert WORDS == ("Black", "Blue", "Orange", "Red", "Saiyan", "Namekian")
    assert classify_drill("RED Lantern Drill", WORDS, NAMES) == ("coloured", "Red")
    assert classify_drill("Redwood Drill", WORDS, NAMES) == ("colourless", None)
    assert classify_drill("Saiyan Pride Drill", WORDS, NAMES) == ("coloured", "Saiyan")
    assert classify_drill("Brick-Red Drill", WORDS, NAMES) == ("coloured", "Red")


def test_DBZ_8_2_a_personality_name_as_a_whole_word_makes_a_named_drill():
    assert classify_drill("Kairo's Morning Kata Drill", WORDS, NAMES) == ("named", None)
    assert classify_drill("Vashna Drill", WORDS, NAMES) == ("named", None)
    assert classify_drill("Kairoan Drill", WORDS, NAMES) == ("colourless", None)
    assert CS.cards["Vashna's Cold Focus Drill"].kind == "named"


def test_DBZ_8_3_no_colour_word_and_no_name_is_colourless():
    assert classify_drill("Hill-Sprint Drill", WORDS, NAMES) == ("colourless", None)
    assert {d.title for d in CS.drills() if d.kind == "colourless"} == {
        "Gravel-Sack Conditioning Drill",
        "Hill-Sprint Drill",
        "Two-Schools Drill",
        "Silent Pagoda Drill",
        "Clenched-Breath Drill",
    }


def test_DBZ_8_4_any_other_drill_is_coloured_by_its_colour_word():
    assert classify_drill("Blue Heron Watch Drill", WORDS, NAMES) == ("coloured", "Blue")
    assert CS.cards["Namekian Taproot Drill"].colour == "Namekian"


def test_DBZ_8_5_a_name_and_a_colour_word_make_a_named_drill_without_colour(raw):
    assert classify_drill("Kairo's Red Fist Drill", WORDS, NAMES) == ("named", None)
    raw["card"].append({"title": "Kairo's Red Fist Drill", "type": "non-combat", "subtype": "drill", "kind": "named",
                        "power": "PHYS_ATTACK_BONUS", "n": 1})  # fmt: skip
    assert parse_card_set(copy.deepcopy(raw)).cards["Kairo's Red Fist Drill"].colour is None
    raw["card"][-1]["kind"], raw["card"][-1]["colour"] = "coloured", "Red"
    with pytest.raises(CardDataError, match="makes it named"):
        parse_card_set(raw)


def test_DBZ_8_6_two_colour_words_in_one_title_are_refused(raw):
    with pytest.raises(CardDataError, match="DBZ-8.6"):
        classify_drill("Black and Blue Drill", WORDS, NAMES)
    assert classify_drill("Red Red Drill", WORDS, NAMES) == ("coloured", "Red")
    raw["card"].append({"title": "Black and Blue Drill", "type": "non-combat", "subtype": "drill", "kind": "coloured",
                        "colour": "Black", "power": "EXTRA_DRAW", "n": 1})  # fmt: skip
    with pytest.raises(CardDataError, match="two colour words"):
        parse_card_set(raw)
    with pytest.raises(OptionError, match="DBZ-8.6"):
        new_game("dbz", 2, 0, {"colour_words": "Black,Blue,Orange,Red,Namekian,Taproot"})


# ================================================================ sections 11 and 12: vocabularies


def test_DBZ_11_1_drill_powers_come_from_the_fixed_vocabulary(raw):
    powers = {d.power for d in CS.drills()}
    assert powers <= set(dbz.CONTINUOUS_POWERS) | set(dbz.ACTIVATED_POWERS)
    card(raw, "Hill-Sprint Drill")["power"] = "FLY"
    with pytest.raises(CardDataError, match="power 'FLY' with n = 1: Invalid value 'FLY'"):
        parse_card_set(raw)
    raw = copy.deepcopy(SHIPPED)
    card(raw, "Hill-Sprint Drill")["n"] = 0
    with pytest.raises(CardDataError, match="power 'POWER_UP_BONUS' with n = 0: Expected `int` >= 1"):
        parse_card_set(raw)
    raw = copy.deepcopy(SHIPPED)
    card(raw, "Blue Mirror-Lake Drill")["n"] = 1
    with pytest.raises(
        CardDataError, match="power 'ACT_STOP_ENERGY' with n = 1: Object contains unknown field `n`"
    ):
        parse_card_set(raw)


def test_DBZ_12_1_effects_come_from_the_vocabulary_and_keep_their_order(raw):
    assert [e.effect for e in CS.cards["Bull-Temper Rush"].effects] == ["PHYS_ATTACK", "ANGER_SELF"]
    assert [e.effect for e in CS.cards["Needling Spark"].effects] == ["ENERGY_ATTACK", "ANGER_OPP"]
    card(raw, "Old Grudge Remembered")["effects"] = [{"effect": "HEAL", "n": 2}]
    with pytest.raises(CardDataError, match="field 'effect': Invalid value 'HEAL'"):
        parse_card_set(raw)
    raw = copy.deepcopy(SHIPPED)
    card(raw, "Oak-Arm Guard")["effects"] = [{"effect": "STOP_ENERGY"}]
    with pytest.raises(CardDataError, match="physical block card starts with STOP_PHYS or REDUCE_PHYS"):
        parse_card_set(raw)
    raw = copy.deepcopy(SHIPPED)
    card(raw, "Drum-Chest Roar")["effects"] = [{"effect": "ANGER_SELF", "n": 1, "when": "ON_HIT"}]
    with pytest.raises(CardDataError, match="marked ON_HIT"):
        parse_card_set(raw)


def test_DBZ_12_1_effects_and_drill_powers_that_resolve_on_their_own_have_handlers():
    # the anger and level effects (DBZ-12.9 .. DBZ-12.12) and ACT_ANGER (DBZ-11.9) resolve through their handlers;
    # the numbers of attacks, blocks and continuous powers are read by the rules, and DESTROY_DRILL asks first
    assert EFFECTS.missing_handlers() == sorted(
        ["PHYS_ATTACK", "ENERGY_ATTACK", "STOP_PHYS", "REDUCE_PHYS", "STOP_ENERGY", "REDUCE_ENERGY", "STOP_ANY",
         "DESTROY_DRILL"]
    )  # fmt: skip
    assert POWERS.missing_handlers() == sorted(
        set(dbz.CONTINUOUS_POWERS) | {"ACT_PHYS_ATTACK", "ACT_STOP_ENERGY"}
    )
    assert set(POWERS.types) == set(dbz.CONTINUOUS_POWERS) | set(dbz.ACTIVATED_POWERS)


def test_DBZ_12_3_energy_attack_damage_and_cost_default_to_4_and_2(raw):
    card(raw, "Lantern Bolt")["effects"] = [{"effect": "ENERGY_ATTACK"}]
    bolt = parse_card_set(raw).cards["Lantern Bolt"].effects[0]
    assert (bolt.damage, bolt.cost) == (4, 2)
    assert (CS.cards["Furnace Wave"].effects[0].damage, CS.cards["Furnace Wave"].effects[0].cost) == (6, 3)


# ================================================================ section 15: the sample set


def test_DBZ_15_1_kairo_and_vashna_three_levels_and_every_pat_row():
    # Kairo and Vashna are the sample set; Brannoc is the one MP beyond it (RULES.md, "Beyond the sample set")
    assert sorted(CS.mps) == ["Brannoc", "Kairo", "Vashna"]
    sample = [CS.mps["Kairo"], CS.mps["Vashna"]]
    assert all(len(mp.levels) == 3 for mp in sample)
    bands = [0, 500, 900, 2900, 9900, 14900, 24900]

    def row(v: int) -> int:
        return 0 if v == 0 else 1 + sum(v > b for b in bands[1:])

    rows = {row(p) for mp in sample for lv in mp.levels for p in lv.power}
    assert rows == set(range(8))


def test_DBZ_15_2_vashnas_start_up_power_is_exactly_twice_kairos():
    assert CS.mps["Vashna"].levels[0].power[5] == 2 * CS.mps["Kairo"].levels[0].power[5] == 1200
    mirror = new_game("dbz", 2, 0, {"deck_p2": "kairo"})
    assert mirror["pending"]["kind"] == "first_player"
    assert stages(new_game("dbz", 2, 0)) == [10, 2]


def test_DBZ_15_3_one_legal_60_card_deck_per_mp():
    assert sorted((d.mp, len(d.cards)) for d in CS.decks.values()) == [
        ("Brannoc", 60),
        ("Kairo", 60),
        ("Vashna", 60),
    ]
    for d in CS.decks.values():
        counts = Counter(d.cards)
        assert all(n <= 3 or d.mp in t for t, n in counts.items())


def test_DBZ_15_4_at_least_16_distinct_drills_of_every_kind_and_colour():
    ds = CS.drills()
    assert len(ds) >= 16
    colours = Counter(d.colour for d in ds)
    assert all(colours[c] >= 2 for c in ("Black", "Blue", "Orange", "Red")) and colours["Namekian"] >= 1
    named = [d.title for d in ds if d.kind == "named"]
    assert any("Kairo" in t for t in named) and any("Vashna" in t for t in named)
    assert sum(d.kind == "colourless" for d in ds) >= 2


def test_DBZ_15_5_the_three_restricted_drills():
    ds = {d.title: d for d in CS.drills()}
    assert (ds["Orange Single-Wick Drill"].colour, ds["Orange Single-Wick Drill"].restricted_against) == (
        "Orange",
        "Orange",
    )
    assert (ds["Black Nightfall Drill"].colour, ds["Black Nightfall Drill"].restricted_against) == (
        "Black",
        "Orange",
    )
    assert (ds["Silent Pagoda Drill"].kind, ds["Silent Pagoda Drill"].restricted_against) == (
        "colourless",
        "Red",
    )
    assert all("Black Nightfall Drill" in CS.decks[d].cards for d in ("kairo", "vashna"))


def test_DBZ_15_6_a_colourless_extra_colour_drill_limited_to_one():
    d = CS.cards["Two-Schools Drill"]
    assert (d.kind, d.power, d.n, d.in_play_limit) == ("colourless", "EXTRA_COLOUR", 1, 1)


def test_DBZ_15_7_stackable_powers_and_every_power_present():
    ds = CS.drills()
    for power in ("PHYS_ATTACK_BONUS", "PHYS_DAMAGE_REDUCTION", "ENERGY_ATTACK_BONUS", "POWER_UP_BONUS"):
        holders = [d for d in ds if d.power == power]
        # two drills one player can hold together: a named/colourless one (up to its limit) plus anything
        assert len(holders) >= 2 and any(d.kind != "coloured" for d in holders)
    every = set(dbz.CONTINUOUS_POWERS) | set(dbz.ACTIVATED_POWERS)
    assert {d.power for d in ds} == every


def test_DBZ_15_8_each_sample_deck_holds_drills_of_three_colours():
    for mp in NAMES:
        assert len({CS.cards[t].colour for t in deck_of(mp) if isinstance(CS.cards[t], Drill)} - {None}) >= 3


def test_DBZ_15_9_the_other_cards_cover_every_effect():
    others = [c for c in CS.cards.values() if isinstance(c, Card)]
    effects = {(c.subtype, e.effect, e.when) for c in others for e in c.effects}
    for needed in (
        ("physical attack", "ANGER_SELF", "ON_PLAY"),
        ("physical attack", "LEVEL_OPP", "ON_HIT"),
        ("physical block", "STOP_PHYS", None),
        ("physical block", "REDUCE_PHYS", None),
        ("energy block", "STOP_ENERGY", None),
        ("energy block", "REDUCE_ENERGY", None),
        ("any-attack block", "STOP_ANY", None),
        ("combat action", "ANGER_SELF", None),
        ("combat action", "ANGER_OPP", None),
        ("one-shot", "ANGER_SELF", None),
        ("one-shot", "ANGER_OPP", None),
        ("one-shot", "LEVEL_SELF", None),
        ("one-shot", "DESTROY_DRILL", None),
    ):
        assert needed in effects, needed
    assert sum(c.subtype == "physical attack" for c in others) >= 3
    assert any(c.subtype == "physical attack" and c.effects[0].n > 0 for c in others)
    unusual = [
        c
        for c in others
        if c.subtype == "energy attack" and (c.effects[0].damage, c.effects[0].cost) != (4, 2)
    ]
    assert len(unusual) >= 2


def test_DBZ_15_10_the_shipped_data_meets_every_requirement_and_the_check_catches_breaks(raw):
    assert card_set_problems(CS) == []
    raw["mp"][1]["levels"][0]["power"][5] = 1100
    assert any(p.startswith("DBZ-15.2") for p in card_set_problems(parse_card_set(raw)))
    raw = copy.deepcopy(SHIPPED)
    raw["deck"][0]["cards"] = raw["deck"][0]["cards"][1:]
    assert any(p.startswith("DBZ-15.3") for p in card_set_problems(parse_card_set(raw)))
    raw = copy.deepcopy(SHIPPED)
    card(raw, "Two-Schools Drill")["in_play_limit"] = 2
    assert any(p.startswith("DBZ-15.6") for p in card_set_problems(parse_card_set(raw)))
    # the tunable numbers are written down in the data file itself
    assert "tuning values" in CARDS_TOML.read_text(encoding="utf-8")


def test_scenarios_refuse_cards_the_set_does_not_have():
    with pytest.raises(ScenarioError, match="unknown card"):
        state_from_scenario({"game": "dbz", "zones": {"hand:0": ["Spirit Bomb"]}})


def test_DBZ_2_1_DBZ_2_2_a_players_own_deck_list_is_checked_when_the_game_is_created():
    counts = Counter(deck_of("Kairo"))
    listing = "; ".join(f"{n}x {t}" for t, n in counts.items())
    s = new_game("dbz", 2, 0, {"decklist_p1": listing.replace("3x Cobblestone Jab", "2x Cobblestone Jab")})
    assert len(s["zones"]["life:0"]) + len(s["zones"]["hand:0"]) + len(s["zones"]["discard:0"]) == 59
    with pytest.raises(
        DeckError, match=r"P1's deck list for Kairo: a life deck holds at least 50 cards, this one holds 3"
    ):
        new_game("dbz", 2, 0, {"decklist_p1": "3x Cobblestone Jab"})
    with pytest.raises(DeckError, match=r"4 copies of 'Cobblestone Jab'.*\(DBZ-2.2\)"):
        new_game("dbz", 2, 0, {"decklist_p1": listing.replace("3x Cobblestone Jab", "4x Cobblestone Jab")})
    vashna = "; ".join(f"{n}x {t}" for t, n in Counter(deck_of("Vashna")).items())
    with pytest.raises(
        DeckError, match="P2's deck list for Vashna: 4 copies of \"Kairo's Morning Kata Drill\""
    ):
        new_game("dbz", 2, 0, {"decklist_p2": vashna + "; 4x Kairo's Morning Kata Drill"})
    assert (
        new_game("dbz", 2, 0, {"decklist_p2": vashna + "; 3x Kairo's Morning Kata Drill"})["result"] is None
    )
    with pytest.raises(DeckError, match="level card"):
        new_game("dbz", 2, 0, {"decklist_p1": listing + "; Kairo, Unbound"})
    with pytest.raises(DeckError, match="'Spirit Bomb' is not a card"):
        new_game("dbz", 2, 0, {"decklist_p1": listing + "; Spirit Bomb"})

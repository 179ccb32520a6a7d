"""Taking of Taidian: the shipped card set (section 14) and the card loader.

The section 14 tests recompute each requirement from the shipped data themselves; the loader tests check that data
breaking a requirement is refused with a message naming the rule.
"""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

import pytest

from cardsmith.core import CardDataError, get_game
from cardsmith.games.taidian import cards as tc
from cardsmith.games.taidian.cards import card_set_problems, load_card_set, parse_card_set

CARDS_TOML = Path(tc.__file__).with_name("cards.toml")


@pytest.fixture(scope="module")
def shipped() -> dict[str, Any]:
    return tomllib.loads(CARDS_TOML.read_text(encoding="utf-8"))


@pytest.fixture()
def raw(shipped: dict[str, Any]) -> dict[str, Any]:
    return copy.deepcopy(shipped)


@pytest.fixture(scope="module")
def cs() -> tc.CardSet:
    return load_card_set()


def card(raw: dict[str, Any], name: str) -> dict[str, Any]:
    return next(c for c in raw["card"] if c["name"] == name)


def character(raw: dict[str, Any], name: str) -> dict[str, Any]:
    return next(c for c in raw["character"] if c["name"] == name)


def problems_after(raw: dict[str, Any]) -> list[str]:
    return card_set_problems(parse_card_set(raw))


def test_TAI_14_1_every_card_carries_the_required_fields(cs: tc.CardSet, shipped: dict[str, Any]):
    for entry in shipped["card"]:
        for key in ("name", "color", "type", "value", "icon", "cost", "text", "direct", "pile"):
            assert key in entry, (entry["name"], key)
    rows = get_game("taidian").card_rows()
    assert len(rows) == len(cs.cards) + 10 and all(rows[0].keys() == r.keys() for r in rows)
    assert {"name", "color", "type", "value", "icon", "cost", "pile", "text"} <= rows[0].keys()


def test_TAI_14_1_unknown_or_missing_fields_are_refused(raw: dict[str, Any]):
    card(raw, "Punch")["damage"] = 3
    with pytest.raises(CardDataError, match="unknown field `damage`"):
        parse_card_set(raw)
    del card(raw, "Punch")["damage"]
    del card(raw, "Punch")["cost"]
    with pytest.raises(CardDataError, match="missing required field `cost`"):
        parse_card_set(raw)


def test_TAI_14_2_the_set_holds_every_card_the_seed_names(cs: tc.CardSet, raw: dict[str, Any]):
    seed_cards = {"Coin", "Cash", "Gold", "Bolt", "Flash", "Strike", "Punch", "Kick", "9mm", "Poison", "Robber",
                  "Fire Bomb", "First Aid", "Shield", "Medic", "Antidote", "Shotgun", "Burn-Barrel"}  # fmt: skip
    assert seed_cards <= set(cs.cards)
    assert [t.lower() for t in cs.tracks] == ["aim", "strength", "skill", "healing"]
    raw["card"] = [c for c in raw["card"] if c["name"] != "Antidote"]
    assert "TAI-14.2: the set lacks 'Antidote'" in problems_after(raw)


def test_TAI_14_3_punch(cs: tc.CardSet, raw: dict[str, Any]):
    p = cs.cards["Punch"]
    assert (p.color, p.direct, p.icon, p.value) == ("red", True, "strength", 10)
    card(raw, "Punch")["value"] = 12
    assert any(x.startswith("TAI-14.3") for x in problems_after(raw))


def test_TAI_14_4_kick(cs: tc.CardSet, raw: dict[str, Any]):
    k = cs.cards["Kick"]
    assert (k.color, k.direct, k.icon, k.value, k.counter) == ("red", True, "strength", 5, True)
    card(raw, "Kick")["icon"] = "aim"
    assert any(x.startswith("TAI-14.4") for x in problems_after(raw))


def test_TAI_14_5_9mm(cs: tc.CardSet, raw: dict[str, Any]):
    n = cs.cards["9mm"]
    assert n.direct and n.icon == "aim" and n.value > 0 and n.counter
    card(raw, "9mm")["value"] = 0
    assert any(x.startswith("TAI-14.5") for x in problems_after(raw))


def test_TAI_14_6_a_damage_card_or_poison_bears_skill(cs: tc.CardSet, raw: dict[str, Any]):
    assert any(c.icon == "skill" and (c.direct or c.kind == "poison") for c in cs.cards.values())
    card(raw, "Poison")["icon"] = "none"
    assert any(x.startswith("TAI-14.6") for x in problems_after(raw))


def test_TAI_14_7_a_blocking_blue_card_bears_aim_strength_or_skill(cs: tc.CardSet, raw: dict[str, Any]):
    assert cs.cards["Shield"].icon == "skill" and cs.cards["Shotgun"].icon == "aim"
    card(raw, "Shield")["icon"] = "none"
    card(raw, "Shotgun")["icon"] = "none"
    assert any(x.startswith("TAI-14.7") for x in problems_after(raw))


def test_TAI_14_8_first_aid_and_medic_bear_healing(cs: tc.CardSet, raw: dict[str, Any]):
    for name in ("First Aid", "Medic"):
        assert cs.cards[name].icon == "healing" and cs.cards[name].value > 0
    card(raw, "Medic")["icon"] = "none"
    assert any(x.startswith("TAI-14.8") for x in problems_after(raw))


def test_TAI_14_9_shotgun_is_blue_with_block_zero_or_more(cs: tc.CardSet, raw: dict[str, Any]):
    s = cs.cards["Shotgun"]
    assert s.color == "blue" and s.value >= 0 and tc.SHOTGUN_DAMAGE == 5
    card(raw, "Shotgun")["value"] = -5
    with pytest.raises(CardDataError, match="field 'value': Expected `int` >= 0"):
        parse_card_set(raw)


def test_TAI_14_10_shield_poison_and_zero_value_cards(cs: tc.CardSet, raw: dict[str, Any]):
    assert cs.cards["Shield"].value > 0
    assert cs.cards["Poison"].ticks == 4 and cs.cards["Poison"].value > 0
    for name in ("Robber", "Fire Bomb", "Antidote", "Burn-Barrel"):
        assert cs.cards[name].value == 0
    card(raw, "Poison")["ticks"] = 3
    assert any(x.startswith("TAI-14.10") for x in problems_after(raw))


def test_TAI_14_11_money_values_and_costs(cs: tc.CardSet, raw: dict[str, Any]):
    coin, cash, gold = (cs.cards[n] for n in ("Coin", "Cash", "Gold"))
    assert coin.value >= 1 and coin.cost <= coin.value
    assert cash.cost > cash.value and gold.cost > gold.value
    assert coin.value < cash.value < gold.value
    card(raw, "Gold")["cost"] = 4
    assert any("Gold must cost more" in x for x in problems_after(raw))


def test_TAI_14_12_three_energy_values_one_not_dividing_ten(cs: tc.CardSet, raw: dict[str, Any]):
    values = [cs.cards[n].value for n in ("Bolt", "Flash", "Strike")]
    assert len(set(values)) == 3 and all(1 <= v <= 9 for v in values) and any(10 % v for v in values)
    card(raw, "Bolt")["value"] = 2
    card(raw, "Strike")["value"] = 5
    card(raw, "Flash")["value"] = 1
    assert any(x.startswith("TAI-14.12") for x in problems_after(raw))


def test_TAI_14_13_costs_are_at_least_one_and_openings_can_buy(cs: tc.CardSet, raw: dict[str, Any]):
    assert all(c.cost >= 1 for c in cs.cards.values())
    three = 3 * cs.cards["Coin"].value
    for pick in (lambda c: c.kind == "energy", lambda c: c.color == "red", lambda c: c.color == "blue"):
        assert any(pick(c) and c.cost <= three for c in cs.cards.values())
    card(raw, "Coin")["cost"] = 0
    with pytest.raises(CardDataError, match="TAI-14.13"):
        parse_card_set(raw)


def test_TAI_14_14_three_structures_with_the_required_effects(cs: tc.CardSet, raw: dict[str, Any]):
    structures = cs.of_kind("structure")
    assert {s.effect for s in structures} == {"reduce", "buy_bonus", "start_energy"}
    assert len({s.name for s in structures}) >= 3
    card(raw, "Market")["effect"] = "reduce"
    assert any(x.startswith("TAI-14.14") for x in problems_after(raw))


def test_TAI_14_15_exactly_ten_characters_with_different_abilities(cs: tc.CardSet, raw: dict[str, Any]):
    assert len(cs.characters) == 10 and len({c.ability for c in cs.characters.values()}) == 10
    raw["character"].append({"name": "Extra", "text": "x", "ability": {"kind": "discount", "amount": 2}})
    assert any(x.startswith("TAI-14.15") for x in problems_after(raw))


def test_TAI_14_15_two_identical_abilities_are_refused(raw: dict[str, Any]):
    character(raw, "Spark")["ability"] = {"kind": "start_step", "effect": "heal", "amount": 5}  # as Phoenix
    assert "TAI-14.15: two characters have the same ability" in problems_after(raw)


def test_TAI_14_16_extra_cards_starting_energy_and_a_conditional_ability(cs: tc.CardSet, raw: dict[str, Any]):
    abilities = [c.ability for c in cs.characters.values()]
    assert any(a.kind == "extra_cards" and a.cards for a in abilities)
    assert any(a.kind == "start_energy" and 1 <= a.amount <= 9 for a in abilities)
    assert any(a.kind == "modify" and a.below is not None for a in abilities)
    character(raw, "Volt")["ability"] = {"kind": "start_energy", "amount": 12}
    with pytest.raises(CardDataError, match="TAI-14.16"):
        parse_card_set(raw)


def test_TAI_14_17_abilities_use_only_the_known_kinds(cs: tc.CardSet, raw: dict[str, Any]):
    kinds = {c.ability.kind for c in cs.characters.values()}
    assert kinds <= {"extra_cards", "start_energy", "modify", "start_step", "discount", "on_play"}
    character(raw, "Volt")["ability"] = {"kind": "teleport", "amount": 1}
    with pytest.raises(CardDataError, match="TAI-14.17"):
        parse_card_set(raw)


def test_TAI_14_18_pile_sizes_follow_the_setup_rule(cs: tc.CardSet, raw: dict[str, Any]):
    for c in cs.cards.values():
        assert c.pile == ((30, 30) if c.kind in ("money", "energy") else (10, 12))
    card(raw, "Punch")["pile"] = [8, 12]
    with pytest.raises(CardDataError, match="TAI-2.15"):
        parse_card_set(raw)


def test_the_loader_refuses_a_card_set_that_breaks_section_14(tmp_path: Path, raw: dict[str, Any]):
    card(raw, "Kick")["value"] = 7
    text = CARDS_TOML.read_text(encoding="utf-8").replace(
        'name = "Kick"\ncolor = "red"\ntype = "attack"\nkind = "attack"\nvalue = 5',
        'name = "Kick"\ncolor = "red"\ntype = "attack"\nkind = "attack"\nvalue = 7',
    )
    path = tmp_path / "cards.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CardDataError, match="TAI-14.4"):
        load_card_set(path)
    path.write_text("not = [valid", encoding="utf-8")
    with pytest.raises(CardDataError, match="not valid TOML"):
        load_card_set(path)
    with pytest.raises(CardDataError, match="cannot read"):
        load_card_set(tmp_path / "missing.toml")
    assert load_card_set().cards.keys() == load_card_set(CARDS_TOML).cards.keys()

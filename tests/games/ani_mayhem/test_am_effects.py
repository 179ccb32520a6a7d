"""Ani-Mayhem scenario tests, section 11: the effect vocabulary, checked when the card data is loaded and in play."""

from __future__ import annotations

import dataclasses
import tomllib
from importlib import resources

import pytest
from tests.support.ani_mayhem_helpers import (
    board,
    cell,
    choose,
    choose_pair,
    cid,
    combat,
    kind,
    opts,
    pairs,
    phase,
    public,
    skip_to,
    stats,
    steps_left,
    where,
    zone_of,
)

from cardsmith.core.actions import option_id
from cardsmith.core.errors import CardDataError
from cardsmith.games.ani_mayhem.cards import DURATIONS, KEYWORDS, VERBS, parse_card_set
from cardsmith.games.ani_mayhem.effects import DISASTER_TEXT, EFFECTS, FLASH_EFFECTS
from cardsmith.games.ani_mayhem.rules import CARDS

KEEP = {"it:2:0": ["Prototype Chip"], "pc:-1:0": ["Unit Thirty-Three"]}
MODIFY = {"verb": "MODIFY", "target": "bearer", "attr": "atk", "value": "+1", "duration": "attached"}


def load_with(card: dict) -> None:
    data = tomllib.loads(resources.files("cardsmith.games.ani_mayhem").joinpath("cards.toml").read_text())
    data["card"].append(card)
    parse_card_set(data, check_decks=False)


def test_AM_11_1_every_effect_uses_the_closed_vocabulary():
    for card in CARDS.cards.values():
        assert all(e.verb in VERBS for e in card.effects), card.name
        assert card.keywords <= set(KEYWORDS)
    with pytest.raises(CardDataError, match="unknown verb 'TELEPORT'"):
        load_with({"name": "X", "type": "global", "effects": [{"verb": "TELEPORT"}]})


def test_AM_11_1_each_verb_is_one_registered_schema_and_every_verb_a_card_plays_has_a_handler():
    assert tuple(EFFECTS.types) == VERBS  # the vocabulary, in the order of AM-11.1
    assert FLASH_EFFECTS.missing_handlers() == [] and DISASTER_TEXT.missing_handlers() == []
    assert sorted(FLASH_EFFECTS.types) == ["BONK", "DESTROY_LOCATION", "HEAL", "MODIFY", "MOVE", "STEAL_ITEM"]
    assert sorted(DISASTER_TEXT.types) == ["BONK", "DESTROY_LOCATION", "MODIFY", "MOVE"]
    for card in CARDS.cards.values():
        assert all(EFFECTS.types[e.verb] is e.kind for e in card.effects), card.name
        if card.type == "flash":  # AM-10.22
            assert all(e.kind in FLASH_EFFECTS.handlers for e in card.effects), card.name
        if card.type == "disaster" and not card.is_combat_disaster and not card.off_field:  # AM-5.17
            assert all(e.kind in DISASTER_TEXT.handlers for e in card.effects), card.name


def test_AM_11_2_modify_adds_signed_values_and_replaces_with_unsigned_ones():
    tar = CARDS.cards["Tar Pit"].effects[0]
    spot = CARDS.cards["Weak Spot"].effects[0]
    assert (tar.op, tar.value) == ("+", -2) and (spot.op, spot.value) == ("=", 0)
    with pytest.raises(CardDataError, match="attr must be one of"):
        load_with(
            {"name": "X", "type": "global", "effects": [{**MODIFY, "target": "own_field", "attr": "luck"}]}
        )


def test_AM_11_3_grant_skill_gives_a_skill_or_a_scavenge_right():
    s = board(
        {**KEEP, "pc:1:0": ["Reiko Sato"], "gear:0:Reiko Sato": ["Ninja Hacking Course", "Bathhouse Pass"]}
    )
    skills = public(s)["chars"][str(cid(s, "Reiko Sato"))]["skills"]
    assert "Hacking" in skills and "scav:Hot Tub" in skills
    with pytest.raises(CardDataError, match="exactly one of skill or scavenge"):
        load_with(
            {
                "name": "X",
                "type": "enhancement",
                "effects": [{"verb": "GRANT_SKILL", "target": "bearer", "duration": "attached"}],
            }
        )


def test_AM_11_4_steal_item_makes_the_user_steal():
    s = board(
        {
            **KEEP,
            "hand:0": ["Pickpocket"],
            "pc:1:0": ["Reiko Sato"],
            "dz:1:0": ["Slime Blob"],
            "loot:1:0:Slime Blob": ["Photo Album"],
        }
    )
    choose_pair(s, "play_flash", "Pickpocket", cid(s, "Slime Blob"))
    assert zone_of(s, "Photo Album") == f"bag:0:{cid(s, 'Reiko Sato')}"
    with pytest.raises(CardDataError, match="from must be character, disaster or either"):
        load_with(
            {
                "name": "X",
                "type": "flash",
                "aim": "either",
                "effects": [{"verb": "STEAL_ITEM", "from": "bank"}],
            }
        )


def test_AM_11_5_destroy_location_destroys_the_users_location():
    s = board(
        {**KEEP, "dz:2:0": ["Meteor Strike"], "pc:2:1": ["Reiko Sato"], "it:2:1": ["Data Disk"]},
        {"phase": "maintenance"},
    )
    assert cell(s, cid(s, "Hospital Ward"))["dead"]  # where it reached Characters
    assert zone_of(s, "Data Disk") == "destroyed" and zone_of(s, "Meteor Strike") == "discard:0"


def test_AM_11_6_heal_wipes_combat_damage_and_does_nothing_outside_combat():
    # Round 1: Kenji (Fumble, Defense 4 + 1) takes 3 + 4 - 5 = 2 from the Mecha (Power Up). Round 2 (Dodge Rolls):
    # Mina pays 1 Energy for First Aid on Kenji, wiping his 2 damage; nobody is hurt in round 2.
    s = board(
        {
            **KEEP,
            "dz:1:0": ["Runaway Mecha"],
            "pc:1:0": ["Kenji Hoshino", "Mina Sparks"],
            "bag:0:Kenji Hoshino": ["Data Disk"],
            "hand:0": ["First Aid"],
            "combat:0": ["Fumble", "Power Up", "Dodge Roll", "Dodge Roll"],
        }
    )
    kenji, mina = cid(s, "Kenji Hoshino"), cid(s, "Mina Sparks")
    assert opts(s) == ["pass"]  # outside combat First Aid has nothing to do
    choose(s, "pass")
    choose(s, option_id("attack", cid(s, "Runaway Mecha")))
    choose(s, "fight")
    choose(s, "done")
    choose(s, "pass")
    assert combat(s)["damage"] == {str(kenji): 2}
    choose(s, "fight")
    choose(s, "done")
    assert set(opts(s)) == {option_id("play_flash", "First Aid"), "pass"}
    assert pairs(s, "play_flash") == {
        ("First Aid", kenji),
        ("First Aid", mina),
        ("First Aid", cid(s, "Runaway Mecha")),
    }
    choose_pair(s, "play_flash", "First Aid", kenji)
    assert kind(s) == "flash_user" and set(opts(s)) == {
        option_id("used_by", kenji),
        option_id("used_by", mina),
    }  # AM-10.19: who pays?
    choose(s, option_id("used_by", mina))
    assert kind(s) == "run_or_fight" and combat(s)["damage"] == {str(kenji): 0}


def test_AM_11_7_move_blows_characters_along_their_owners_path():
    s = board({**KEEP, "dz:2:0": ["Whirlwind"], "pc:2:1": ["Reiko Sato"]}, {"phase": "maintenance"})
    assert kind(s) == "step" and s["pending"]["seat"] == 0  # moved by the effect in the Maintenance phase
    assert phase(s) == "maintenance" and steps_left(s) == 2
    choose(s, option_id("step_to", cid(s, "Hot Springs Inn")))
    choose(s, option_id("step_to", cid(s, "Police Station")))
    assert where(s, "Reiko Sato") == "Police Station"
    assert not public(s)["chars"][str(cid(s, "Reiko Sato"))]["moved"]  # her own movement action is untouched
    assert zone_of(s, "Whirlwind") == "discard:0"


def test_AM_11_8_bonk_takes_a_character_out_at_once():
    s = board(
        {**KEEP, "dz:2:0": ["Rampaging Fan"], "pc:2:1": ["Reiko Sato", "Biff the Brawler"]},
        {"phase": "maintenance"},
    )
    assert zone_of(s, "Biff the Brawler") == "bonked:0" and where(s, "Reiko Sato") == "Hospital Ward"


def test_AM_11_9_only_the_listed_targets_are_allowed():
    with pytest.raises(CardDataError, match="target 'each' is not allowed"):
        load_with({"name": "X", "type": "global", "effects": [{**MODIFY, "target": "each"}]})
    with pytest.raises(CardDataError, match="target 'bearer' is not allowed"):
        load_with(
            {
                "name": "X",
                "type": "disaster",
                "major": False,
                "mov": 1,
                "effects": [{"verb": "BONK", "target": "bearer"}],
            }
        )
    assert CARDS.cards["Rampaging Fan"].effects[0].target == "highest_atk"


def test_AM_11_10_only_the_listed_durations_are_allowed():
    assert DURATIONS == ("attached", "round", "phase", "turn", "owner_next")
    with pytest.raises(CardDataError, match="duration 'forever' is not allowed"):
        load_with(
            {
                "name": "X",
                "type": "global",
                "effects": [{**MODIFY, "target": "own_field", "duration": "forever"}],
            }
        )
    # owner_next: the Tar Pit's Movement -2 lasts until the end of the Character owner's next turn
    s = board({**KEEP, "dz:2:0": ["Tar Pit"], "pc:2:1": ["Reiko Sato"]}, {"phase": "maintenance"})
    assert stats(s, "Reiko Sato")["mov"] == 1
    choose(s, "end")
    skip_to(s, "move")
    assert public(s)["turns"] == [1] and stats(s, "Reiko Sato")["mov"] == 1
    choose(s, "end")
    skip_to(s, "move")
    assert stats(s, "Reiko Sato")["mov"] == 3


def test_AM_11_11_the_keywords(monkeypatch):
    with pytest.raises(CardDataError, match="runs_away must be"):
        load_with(
            {
                "name": "X",
                "type": "disaster",
                "major": False,
                "atk": 1,
                "def": 1,
                "mov": 1,
                "runs_away": "soon",
            }
        )
    ninja = CARDS.cards["Cowardly Ninja"]
    monkeypatch.setitem(CARDS.cards, "Cowardly Ninja", dataclasses.replace(ninja, runs_away=("after", 2)))
    s = board(
        {**KEEP, "dz:1:0": ["Cowardly Ninja"], "pc:1:0": ["Kenji Hoshino"], "combat:0": ["Dodge Roll"] * 8}
    )
    choose(s, option_id("attack", cid(s, "Cowardly Ninja")))
    choose(s, "fight")
    assert kind(s) == "run_or_fight"
    choose(s, "fight")  # after round 2 it runs away
    assert kind(s) == "move" and where(s, "Cowardly Ninja") == "Police Station"
    assert {"STEALS", "MOVES_ONCE"} == set(KEYWORDS) and CARDS.cards["Acid Fog"].off_field == "drawer_next"

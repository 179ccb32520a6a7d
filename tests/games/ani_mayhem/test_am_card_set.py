"""Ani-Mayhem: the sample card set against rules section 14, and the words the terminal shows."""

from __future__ import annotations

import dataclasses
import re
import tomllib
from importlib import resources
from itertools import combinations

import pytest
from tests.support.ani_mayhem_helpers import GAME, board, cid

from cardsmith.core import get_game, new_game, view
from cardsmith.core.errors import CardDataError
from cardsmith.games.ani_mayhem.cards import (
    CardSet,
    card_set_problems,
    load_card_set,
    parse_card_set,
    validate_deck,
)
from cardsmith.games.ani_mayhem.rules import CARDS

CHARS = CARDS.of_type("character")


def without(*names: str) -> CardSet:
    return CardSet({n: c for n, c in CARDS.cards.items() if n not in names}, CARDS.skills, CARDS.decks)


def replaced(name: str, **changes) -> CardSet:
    cards = dict(CARDS.cards)
    cards[name] = dataclasses.replace(cards[name], **changes)
    return CardSet(cards, CARDS.skills, CARDS.decks)


def test_the_sample_set_meets_every_requirement():
    assert card_set_problems(CARDS) == []


def test_AM_14_1_a_solo_deck_and_two_duel_decks():
    solo = CARDS.decks["solo"]
    assert (len(solo.characters), sum(n for _, n in solo.power), len(solo.locations)) == (8, 20, 9)
    assert sum(n for _, n in solo.disasters) == 31
    assert sum(n for n_, n in solo.disasters if CARDS.cards[n_].major) == 11
    assert sum(n for n_, n in solo.disasters if CARDS.cards[n_].is_combat_disaster) == 16
    validate_deck(solo, CARDS, 1)
    for did in ("tank_police", "spirit_office"):
        d = CARDS.decks[did]
        assert (
            len(d.characters),
            sum(n for _, n in d.power),
            len(d.locations),
            sum(n for _, n in d.items),
        ) == (6, 15, 7, 7)
        assert sum(n for _, n in d.disasters) == 21
        validate_deck(d, CARDS, 2)
    for players in range(1, 7):
        new_game(GAME, players, 0)  # a legal default deck for every player count


def test_AM_14_2_eight_skills_each_held_twice_every_location_reachable_by_three():
    assert len(CARDS.skills) == 8
    for skill in CARDS.skills:
        assert sum(1 for c in CHARS if skill in c.skills) >= 2
    for loc in CARDS.of_type("location"):
        assert any(
            set(loc.skills) <= set().union(*(set(c.skills) for c in group))
            for k in (1, 2, 3)
            for group in combinations(CHARS, k)
        )
    assert any(
        "AM-14.2" in p
        for p in card_set_problems(replaced("Kappa Junior", skills=("Cooking",)))
        + card_set_problems(without("Neko-chan", "Biff the Brawler"))
    )


def test_AM_14_3_the_characters():
    assert len(CHARS) >= 14
    assert all(None not in (c.atk, c.dfn, c.mov, c.cha, c.nrg) and 1 <= len(c.skills) <= 3 for c in CHARS)
    assert {"male", "female", "none"} <= {c.gender for c in CHARS}
    assert sum(1 for c in CHARS if c.symbols) >= 2
    assert (
        min(c.cha for c in CHARS) == 0 and max(c.cha for c in CHARS) >= 5 and any(c.dfn == 1 for c in CHARS)
    )
    assert (min(c.nrg for c in CHARS), max(c.nrg for c in CHARS)) == (0, 5)
    assert any("AM-14.3" in p for p in card_set_problems(without("Tomo the Cook")))


def test_AM_14_4_the_locations():
    locs = CARDS.of_type("location")
    assert len(locs) >= 12 and all(c.cats for c in locs)
    assert sum(1 for c in locs if 1 <= len(c.skills) <= 2) == 11 and sum(1 for c in locs if not c.skills) == 1
    hard = [
        c for c in locs if len(c.skills) == 2 and not any(set(c.skills) <= set(ch.skills) for ch in CHARS)
    ]
    assert len(hard) >= 3
    assert sum(1 for c in locs if "Hot Tub" in c.cats) >= 2
    assert any("AM-14.4" in p for p in card_set_problems(without("Shopping Arcade")))


def test_AM_14_5_the_items():
    items = CARDS.of_type("item")
    assert len(items) >= 10 and all(c.cats for c in items)
    buttons = [c for c in items if c.effects]
    assert len(buttons) >= 3 and any(e.attr == "cha" and e.value > 0 for c in buttons for e in c.effects)
    assert any("AM-14.5" in p for p in card_set_problems(without("Lucky Cat Charm")))


def test_AM_14_6_the_havens():
    havens = {c.name: c for c in CARDS.of_type("haven")}
    assert havens["Cafe Hideout"].effects[0].verb == "MODIFY"
    assert havens["Temple Sanctuary"].effects[0].verb == "GRANT_SKILL"
    assert any("AM-14.6" in p for p in card_set_problems(without("Temple Sanctuary")))


def test_AM_14_7_the_disasters():
    dis = {c.name: c for c in CARDS.of_type("disaster")}
    assert len(dis) >= 15
    assert dis["Runaway Mecha"].mov >= 3 and dis["Slime Blob"].mov == 1  # the two plain Minor Combat ones
    assert (
        dis["Siren Idol"].cha is not None
        and "STEALS" in dis["Cat Burglar"].keywords
        and dis["Cat Burglar"].mov >= 3
    )
    assert dis["Cowardly Ninja"].runs_away and "MOVES_ONCE" in dis["Road Block Golem"].keywords
    assert dis["Rampaging Fan"].effects[0].target == "highest_atk" and dis["Falling Piano"].mov is None
    assert dis["Tar Pit"].effects[0].duration == "owner_next" and dis["Acid Fog"].off_field == "drawer_next"
    assert dis["Giant Kaiju"].atk >= 5 and dis["Giant Kaiju"].dfn >= 5 and dis["Alien Queen"].cha is not None
    assert (
        dis["Rogue Tank"].atk == dis["Runaway Mecha"].atk
        and dis["Rogue Tank"].dfn != dis["Runaway Mecha"].dfn
    )
    assert dis["Meteor Strike"].effects[0].verb == "DESTROY_LOCATION" and dis["Whirlwind"].effects[0].n == 2
    assert any("AM-14.7" in p for p in card_set_problems(without("Cat Burglar")))


def test_AM_14_8_the_enhancements():
    assert len(CARDS.of_type("enhancement")) >= 4
    assert CARDS.cards["Ninja Hacking Course"].requires and CARDS.cards["Battle Aura"].cost == ("nrg", 2)
    assert any("AM-14.8" in p for p in card_set_problems(without("Bad Hair Day")))


def test_AM_14_9_the_equipment():
    tank, scooter = CARDS.cards["Hover Tank"], CARDS.cards["Scooter"]
    assert tank.vehicle_fights and scooter.is_vehicle and not scooter.vehicle_fights
    assert CARDS.cards["Plasma Sword"].cost and CARDS.cards["Plasma Sword"].requires
    assert any("AM-14.9" in p for p in card_set_problems(without("Kevlar Jacket")))


def test_AM_14_10_the_flash_effects():
    assert len(CARDS.of_type("flash")) >= 7
    assert any("AM-14.10" in p for p in card_set_problems(without("Weak Spot")))


def test_AM_14_11_the_global_effects():
    assert {c.name for c in CARDS.of_type("global")} == {"Team Spirit", "Tailwind"}
    assert any("AM-14.11" in p for p in card_set_problems(without("Tailwind")))


def test_AM_14_12_the_combat_cards():
    cc = CARDS.of_type("combat")
    assert len(cc) >= 20 and all(-2 <= v <= 4 for c in cc for v in (c.charm, c.attack, c.defense))
    assert (
        sum(1 for c in cc if min(c.charm, c.attack, c.defense) < 0) >= 4
        and sum(1 for c in cc if c.charm == 0) >= 2
    )
    assert any("AM-14.12" in p for p in card_set_problems(without("Flying Kick")))


def test_AM_14_13_every_effect_in_the_vocabulary():
    from cardsmith.games.ani_mayhem.cards import VERBS

    assert all(e.verb in VERBS for c in CARDS.cards.values() for e in c.effects)


# ================================================================ the card file: its schema and the checks across keys


def card_file_text() -> str:
    return resources.files("cardsmith.games.ani_mayhem").joinpath("cards.toml").read_text()


NEW = len(tomllib.loads(card_file_text())["card"])  # the index a card appended to the file gets


def refused(card: dict) -> str:
    data = tomllib.loads(card_file_text())
    data["card"].append(card)
    with pytest.raises(CardDataError) as err:
        parse_card_set(data, check_decks=False)
    return str(err.value)


def test_a_card_file_error_names_the_file_the_card_and_the_key(tmp_path):
    reiko = 'name = "Reiko Sato"\ntype = "character"\natk = 3\n'
    assert reiko in card_file_text()
    path = tmp_path / "broken.toml"
    path.write_text(card_file_text().replace(reiko, reiko.replace("atk = 3", 'atk = "3"')))
    with pytest.raises(CardDataError) as err:
        load_card_set(path)
    msg = str(err.value)
    assert str(path) in msg and "'Reiko Sato'" in msg and "field 'atk'" in msg and "Expected `int`" in msg
    assert list(load_card_set().cards) == list(CARDS.cards)  # the packaged file loads as the game's set


def test_AM_1_11_only_the_three_special_symbols():
    msg = refused({"name": "X", "type": "item", "symbols": ["Magic"]})
    assert f"card[{NEW}] 'X', field 'symbols'" in msg and "unknown symbols 'Magic'" in msg
    assert "Science, Dimensional or Planetary, AM-1.11" in msg


def test_AM_14_2_a_card_names_only_skills_of_the_pool():
    msg = refused({"name": "X", "type": "location", "categories": ["Park"], "skills": ["Juggling"]})
    assert (
        f"card[{NEW}] 'X', field 'skills': 'Juggling' is not one of the set's skills" in msg
        and "(AM-14.2)" in msg
    )
    msg = refused({"name": "X", "type": "enhancement", "requires": ["Cooking", "Cooking"], "effects": []})
    assert "field 'effects'" in msg and "length >= 1" in msg  # AM-14.13: a Power card has an effect
    effect = {"verb": "MODIFY", "target": "bearer", "attr": "atk", "value": "+1", "duration": "attached"}
    msg = refused(
        {"name": "X", "type": "enhancement", "requires": ["Cooking", "Cooking"], "effects": [effect]}
    )
    assert f"card[{NEW}] 'X', field 'requires': lists a name twice" in msg


def test_AM_1_16_a_card_is_defined_once_and_a_disaster_says_whether_it_is_major():
    assert f"card[{NEW}] 'Reiko Sato' is defined twice" in refused(
        dict(tomllib.loads(card_file_text())["card"][0])
    )
    msg = refused({"name": "X", "type": "disaster", "atk": 1, "def": 1})
    assert f"card[{NEW}] 'X': key major missing" in msg


# ================================================================ words for people


def test_the_terminal_draws_the_field_as_a_grid():
    s = board(
        {
            "pc:1:0": ["Reiko Sato"],
            "bag:0:Reiko Sato": ["Lucky Cat Charm"],
            "dz:2:0": ["Runaway Mecha"],
            "ds:1:1": ["Slime Blob", "Tar Pit"],
            "pc:-1:0": ["Kenji Hoshino"],
            "gear:0:Kenji Hoshino": ["Scooter"],
            "hand:0": ["Team Spirit"],
        },
        {"destroyed": [[2, 1]]},
    )
    lines = get_game(GAME).summarize(view(s, 0))
    text = "\n".join(lines)
    assert "#1 Space Port" in text and "P1 Haven" in text and "XX Hospital Ward"[:14] in text
    assert "D:Runawa" in text and "?D2" in text and "P1x1" in text
    assert (
        "Disaster route: Space Port -> Hot Springs Inn -> Haunted Shrine -> Police Station -> Shopping Arcade"
        in text
    )
    assert "Items: Lucky Cat Charm" in text and "Cha 5" in text  # her own Item and its button, for her owner
    assert "equipped: Scooter" in text and "Mov 5" in text
    assert "Your hand: Team Spirit" in text
    other = "\n".join(get_game(GAME).summarize(view(s, None)))
    assert "Lucky Cat Charm" not in other and "1 Item(s)" in other and "Cha 3" in other


def test_the_card_list_and_the_rules_guide():
    game = get_game(GAME)
    rows = game.card_rows()
    assert len(rows) == len(CARDS) and all(r.keys() == rows[0].keys() for r in rows)
    kenji = next(r for r in rows if r["name"] == "Kenji Hoshino")
    assert (kenji["atk"], kenji["def"], kenji["mov"]) == (4, 4, 2) and "solo" in kenji["decks"]
    guide = game.rules_guide()
    doc_ids = set(re.findall(r"AM-\d+\.\d+", guide))
    assert len(doc_ids) == 279 and "## Rule index" in guide
    s = board({"pc:1:0": ["Reiko Sato"]})
    for e in s["events"]:
        assert game.describe_event(e, 0) is None or isinstance(game.describe_event(e, 0), str)
    assert cid(s, "Reiko Sato") >= 0

"""Ani-Mayhem decks given by their list (the ``decklist_pN`` options, RULES.md "Decks"): a list is read into the
piles of its cards' types and checked against AM-2.1 to AM-2.15, with one line for each rule it breaks.

Each illegal list is the solo sample deck (1 player: 8 Characters, 20 Power cards, 9 Locations and Items, 31
Disasters of which 11 Major and 16 Combat) written out and changed just enough to break one rule.
"""

from __future__ import annotations

import pytest
from tests.support.scenario import build

from cardsmith.cli.main import run
from cardsmith.core import DeckError, new_game
from cardsmith.core.errors import ScenarioError
from cardsmith.games.ani_mayhem.cards import Deck
from cardsmith.games.ani_mayhem.rules import CARDS


def written(deck: Deck, haven: bool = True) -> list[str]:
    """A deck as the lines of a deck list."""
    lines = [f"Haven: {deck.haven}"] if haven else [deck.haven]
    lines += [*deck.characters, *deck.locations]
    for table in (deck.items, deck.power, deck.disasters, deck.combat):
        lines += [f"{n}x {name}" for name, n in table]
    return lines


SOLO = written(CARDS.decks["solo"])


def changed(lines: list[str], old: str, new: str | None) -> str:
    assert old in lines, old
    return "\n".join(line for line in (new if line == old else line for line in lines) if line is not None)


def refusal(text: str, players: int = 1, **options: object) -> str:
    with pytest.raises(DeckError) as err:
        new_game("ani-mayhem", players, 0, {"decklist_p1": text, **options})
    return str(err.value)


def count_of(name: str) -> str:
    return next(line for line in SOLO if line.endswith(f"x {name}"))


def test_a_list_of_a_sample_deck_plays_the_same_game():
    for seed in (0, 1):
        s = new_game("ani-mayhem", 1, seed, {"decklist_p1": "# the solo deck\n" + ";".join(SOLO)})
        t = new_game("ani-mayhem", 1, seed, {})
        assert (s["cards"], s["zones"], s["pending"]) == (t["cards"], t["zones"], t["pending"])
    s = new_game("ani-mayhem", 1, 0, {"decklist_p1": "\n".join(written(CARDS.decks["solo"], haven=False))})
    assert s["zones"] == new_game("ani-mayhem", 1, 0, {})["zones"]  # the one Haven listed is the Haven


def test_a_list_may_bring_the_cards_beyond_the_sample_decks():
    text = changed(SOLO, "Neko-chan", "Paper Crane Spirit")
    text = changed(
        text.splitlines(), "2x Giant Kaiju", "1x Giant Kaiju\n1x Moonlight Phantom"
    )  # Major Combat
    text = changed(text.splitlines(), "2x Battle Aura", "1x Flare Cartridge\n1x Freeze Frame")
    s = new_game("ani-mayhem", 1, 0, {"decklist_p1": text})
    assert {"Paper Crane Spirit", "Moonlight Phantom", "Flare Cartridge", "Freeze Frame"} <= set(s["cards"])


def test_AM_2_1_a_list_without_a_combat_pile_or_with_an_unknown_card():
    text = "\n".join(
        line for line in SOLO if not any(line.endswith(f"x {c}") for c, _ in CARDS.decks["solo"].combat)
    )
    assert "AM-2.1: a deck brings a Combat pile; this one has 0 Combat cards" in refusal(text)
    msg = refusal(changed(SOLO, "Neko-chan", "Neko-chan the Second"))
    assert msg == "P1's deck list: 'Neko-chan the Second': not a card of the set"


def test_AM_2_2_a_fourth_copy_of_a_disaster():
    msg = refusal(changed(SOLO, count_of("Slime Blob"), "4x Slime Blob"))
    assert "AM-2.2: 4 copies of 'Slime Blob', at most 3 (1 too many)" in msg


def test_AM_2_3_a_character_twice():
    msg = refusal(changed(SOLO, "Neko-chan", "Reiko Sato"))
    assert "AM-2.3: Character 'Reiko Sato' appears 2 times, 1 too many" in msg


def test_AM_2_4_AM_2_6_any_number_of_power_cards_and_of_combat_copies():
    text = changed(SOLO, "2x Battle Aura", "3x Bad Hair Day\n3x Flare Cartridge\n3x Freeze Frame")
    msg = refusal(text)  # 7 more Power cards are allowed; only the Disasters they call for are missing
    assert "AM-2.5" not in msg and "AM-2.13: 31 Disasters, needs exactly 34" in msg
    new_game("ani-mayhem", 1, 0, {"decklist_p1": changed(SOLO, count_of("Dodge Roll"), "40x Dodge Roll")})


def test_AM_2_5_a_fourth_copy_of_a_power_card():
    text = changed(SOLO, count_of("Battle Aura"), "4x Battle Aura")
    assert "AM-2.5: 4 copies of 'Battle Aura', at most 3 (1 too many)" in refusal(text)


def test_AM_2_7_AM_2_8_locations_by_the_player_count_all_different_within_a_deck():
    msg = refusal(changed(SOLO, "Shopping Arcade", "Police Station"))
    assert "AM-2.7: Location 'Police Station' appears 2 times" in msg
    msg = refusal(";".join(SOLO), players=2, decks="tank_police,spirit_office")
    assert "AM-2.7: 9 Locations, needs exactly 7 (2 too many)" in msg
    a, b = CARDS.decks["tank_police"], CARDS.decks["spirit_office"]
    assert set(a.locations) & set(b.locations)  # AM-2.8: two decks may share a Location name
    lists = {"decklist_p1": "\n".join(written(a)), "decklist_p2": "\n".join(written(b))}
    assert new_game("ani-mayhem", 2, 0, lists)["zones"] == new_game("ani-mayhem", 2, 0, {})["zones"]


def test_AM_2_9_one_item_per_location():
    msg = refusal(changed(SOLO, count_of("Photo Album"), "2x Photo Album"))
    assert "AM-2.9: 10 Items for 9 Locations (1 too many)" in msg


def test_AM_2_10_exactly_one_haven():
    msg = refusal("\n".join(line for line in SOLO if not line.startswith("Haven:")))
    assert "AM-2.10: a deck brings exactly one Haven; this list names none" in msg
    msg = refusal(";".join([*SOLO, "Temple Sanctuary"]))
    assert "AM-2.10: exactly one Haven; 1 more are only allowed with extra_havens" in msg
    msg = refusal(";".join([*SOLO, "Haven: Temple Sanctuary"]))
    assert "'Haven: Temple Sanctuary': a deck names one Haven" in msg


def test_AM_2_10_a_spare_location_stands_in_for_the_haven():
    text = changed(SOLO, "Haven: Cafe Hideout", "Haven: Ramen Stand")
    s = new_game("ani-mayhem", 1, 0, {"decklist_p1": text})
    assert "Ramen Stand" in s["cards"] and "Cafe Hideout" not in s["cards"]


def test_AM_2_11_to_AM_2_13_the_disaster_total():
    msg = refusal(changed(SOLO, count_of("Acid Fog"), "3x Acid Fog"))
    assert "AM-2.13: 32 Disasters, needs exactly 31 (13 for the Draw pile by AM-2.11 + 18" in msg


def test_AM_2_14_the_major_count():
    msg = refusal(_swap("Giant Kaiju", "Runaway Mecha"))
    assert "AM-2.14: 10 Major Disasters, needs exactly 11 of 31 (1 too few)" in msg


def test_AM_2_15_the_combat_count():
    msg = refusal(_swap("Rampaging Fan", "Cowardly Ninja"))
    assert "AM-2.15: 17 Combat Disasters, needs exactly 16 of 31 (1 too many)" in msg


def _swap(out: str, into: str) -> str:
    """One copy of ``out`` replaced by one more ``into`` (the Disaster total unchanged)."""
    counts = dict(CARDS.decks["solo"].disasters)
    assert counts[into] < 3
    lines = [line for line in SOLO if not line.endswith((f"x {out}", f"x {into}"))]
    lines += [f"{counts[into] + 1}x {into}"] + ([f"{counts[out] - 1}x {out}"] if counts[out] > 1 else [])
    return "\n".join(lines)


def test_every_broken_rule_is_one_line():
    text = changed(SOLO, "Neko-chan", "Reiko Sato")
    text = changed(text.splitlines(), count_of("Battle Aura"), "4x Battle Aura")
    lines = refusal(text).splitlines()
    assert [line.split(": ")[1] for line in lines] == ["AM-2.5", "AM-2.3", "AM-2.13"]
    assert all(line.startswith('deck "P1\'s deck list" (1 player): ') for line in lines)


def test_a_scenario_checks_its_deck_lists():
    with pytest.raises(ScenarioError, match="AM-2.3: Character 'Reiko Sato' appears 2 times"):
        build(
            "ani-mayhem",
            {"pc:0:0": ["Reiko Sato"]},
            None,
            {"decklist_p1": changed(SOLO, "Neko-chan", "Reiko Sato")},
            1,
            0,
        )


def test_a_deck_list_from_a_file_on_the_command_line(tmp_path, capsys):
    path = tmp_path / "deck.txt"
    path.write_text(changed(SOLO, count_of("Battle Aura"), "4x Battle Aura"))
    code = run(["simulate", "ani-mayhem", "--seats", "random", "-n", "1", "--option", f"decklist_p1=@{path}"])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("error: ") and "AM-2.5: 4 copies of 'Battle Aura'" in err
    path.write_text("\n".join(SOLO))
    assert (
        run(["simulate", "ani-mayhem", "--seats", "random", "-n", "1", "--option", f"decklist_p1=@{path}"])
        == 0
    )

"""Martial Arts: the shipped card set, the card loader and deck validation.

The section 14 tests recompute each requirement from the shipped data on their own. They do not
rely on the predicates in ``cards.py``, so a mistake in either place shows up.
"""

from __future__ import annotations

import copy
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from cardsmith.core.errors import CardDataError, DeckError, OptionError
from cardsmith.games.martial_arts import cards as ma
from cardsmith.games.martial_arts.cards import (
    AdrCard,
    CardSet,
    Deck,
    EventCard,
    MoveCard,
    card_set_problems,
    load_card_set,
    longest_chain,
    parse_card_set,
    validate_deck,
)
from cardsmith.games.martial_arts.powers import DefMod, ExtraDraw
from cardsmith.games.martial_arts.text import describe_card

CARDS_TOML = Path(ma.__file__).with_name("cards.toml")
SEVEN_EFFECTS = {
    "GAIN_LIFE",
    "DIRECT_DAMAGE",
    "DRAW",
    "FORCE_DISCARD",
    "BOOST_NEXT_ATK",
    "BOOST_NEXT_DEF",
    "REDUCE_PENDING_ATK",
}


# --------------------------------------------------------------------------- fixtures and helpers


@pytest.fixture(scope="module")
def card_set() -> CardSet:
    return load_card_set()


@pytest.fixture(scope="module")
def shipped_raw() -> dict[str, Any]:
    return tomllib.loads(CARDS_TOML.read_text(encoding="utf-8"))


@pytest.fixture()
def raw(shipped_raw: dict[str, Any]) -> dict[str, Any]:
    """A private copy of the shipped TOML data that a test may modify."""
    return copy.deepcopy(shipped_raw)


@pytest.fixture(scope="module")
def tiger(card_set: CardSet) -> Deck:
    return card_set.decks["tiger"]


@pytest.fixture(scope="module")
def crane(card_set: CardSet) -> Deck:
    return card_set.decks["crane"]


def cards_in(card_set: CardSet, deck: Deck) -> list[Any]:
    return [card_set.cards[name] for name in deck.cards]


def moves_in(card_set: CardSet, deck: Deck) -> list[MoveCard]:
    return [card for card in cards_in(card_set, deck) if isinstance(card, MoveCard)]


def attack_values(card_set: CardSet, deck: Deck) -> list[int]:
    return [card.atk for card in moves_in(card_set, deck) if card.atk is not None]


def both_decks(card_set: CardSet) -> list[tuple[Deck, Deck]]:
    tiger, crane = card_set.decks["tiger"], card_set.decks["crane"]
    return [(tiger, crane), (crane, tiger)]


def move(name: str = "Test Jab", **fields: Any) -> dict[str, Any]:
    card: dict[str, Any] = {"name": name, "type": "move", "style": "Test", "cpt": 1, "atk": 2, "lnk": 1}
    card["blank"] = ["def"]
    card.update(fields)
    return {key: value for key, value in card.items() if value is not None}


def adr(name: str = "Test Focus", **fields: Any) -> dict[str, Any]:
    card: dict[str, Any] = {
        "name": name,
        "type": "adr",
        "style": "Common",
        "cost": 2,
        "effect": "DRAW",
        "n": 1,
    }
    card.update(fields)
    return {key: value for key, value in card.items() if value is not None}


def event(name: str = "Test Weather", clauses: Any = None, **fields: Any) -> dict[str, Any]:
    if clauses is None:
        clauses = [{"kind": "TURN_START_DISCARD", "n": 1, "target": "each"}]
    card: dict[str, Any] = {"name": name, "type": "event", "style": "Common", "clauses": clauses}
    card.update(fields)
    return card


def parse_cards(*cards: dict[str, Any]) -> CardSet:
    return parse_card_set({"card": list(cards)})


def refused(*cards: dict[str, Any]) -> str:
    with pytest.raises(CardDataError) as info:
        parse_cards(*cards)
    message = str(info.value)
    assert "\n" not in message
    return message


def pool(card_set: CardSet, style: str | None = None) -> list[str]:
    """Every non-Event card name four times over (legal copies), grouped by name in file order."""
    names = [
        card.name
        for card in card_set.cards.values()
        if not isinstance(card, EventCard) and (style is None or card.style == style)
    ]
    return [name for name in names for _ in range(4)]


def event_names(card_set: CardSet) -> list[str]:
    return [card.name for card in card_set.cards.values() if isinstance(card, EventCard)]


def links(previous: MoveCard, following: MoveCard) -> bool:
    """MA-5.5 .. MA-5.8, written out again here for the tests."""
    if previous.lnk is None or following.cpt is None or following.atk is None:
        return False
    return following.cpt >= previous.lnk


# --------------------------------------------------------------------------- section 1: card data


def test_MA_1_3_every_shipped_card_has_exactly_one_of_three_types(card_set: CardSet) -> None:
    kinds = {MoveCard: "move", AdrCard: "adr", EventCard: "event"}
    seen = Counter()
    for card in card_set.cards.values():
        assert type(card) in kinds, card
        assert card.type == kinds[type(card)]
        seen[card.type] += 1
    assert set(seen) == {"move", "adr", "event"}
    assert seen["move"] > seen["adr"] > 0 and seen["event"] > 0


@pytest.mark.parametrize("bad_type", ["strategy", "weapon", "Move", "", 3])
def test_MA_1_3_card_with_other_type_is_refused(bad_type: Any) -> None:
    message = refused(move("Sideboard Sword", type=bad_type))
    assert "'Sideboard Sword'" in message and "'type'" in message and "MA-1.3" in message
    assert isinstance(parse_cards(move("Sideboard Sword")).get("Sideboard Sword"), MoveCard)


def test_MA_1_3_card_without_type_is_refused() -> None:
    card = move("Typeless")
    del card["type"]
    message = refused(card)
    assert "'Typeless'" in message and "MA-1.3" in message


def test_MA_1_4_move_cards_have_four_attributes_and_each_may_be_blank(card_set: CardSet) -> None:
    moves = card_set.moves()
    for attr in ("cpt", "atk", "dfn", "lnk"):
        values = [getattr(card, attr) for card in moves]
        assert None in values, f"no shipped Move card has a blank {attr}"
        assert any(isinstance(v, int) for v in values), f"no shipped Move card has a numeric {attr}"
    parsed = parse_cards(move("All Blank", cpt=None, atk=None, lnk=None, blank=["cpt", "atk", "def", "lnk"]))
    card = parsed.get("All Blank")
    assert (card.cpt, card.atk, card.dfn, card.lnk) == (None, None, None, None)


@pytest.mark.parametrize("attr", ["cpt", "atk", "def", "lnk"])
def test_MA_1_4_attribute_neither_given_nor_blank_is_refused(attr: str) -> None:
    card = move("Half Printed", blank=[], **{"def": 3})
    del card[attr]
    message = refused(card)
    assert "'Half Printed'" in message and f"'{attr}'" in message and "MA-1.4" in message


def test_MA_1_6_blank_is_its_own_value_and_not_zero(card_set: CardSet) -> None:
    raking, fang = card_set.get("Raking Claw"), card_set.get("Tiger Fang Palm")
    assert raking.lnk == 0 and raking.lnk is not None
    assert fang.lnk is None
    assert card_set.get("Pouncing Knee").cpt == 0
    assert card_set.get("Ambush Lunge").cpt is None
    parsed = parse_cards(
        move("Zero Link", lnk=0),
        move("No Link", lnk=None, blank=["def", "lnk"]),
    )
    assert parsed.get("Zero Link").lnk == 0
    assert parsed.get("No Link").lnk is None


@pytest.mark.parametrize("bad_value", [-1, 1.5, "3", True, [2]])
def test_MA_1_6_attribute_must_be_whole_number_zero_or_more(bad_value: Any) -> None:
    message = refused(move("Odd Numbers", cpt=bad_value))
    assert "'Odd Numbers'" in message and "'cpt'" in message and "MA-1.6" in message


def test_MA_1_6_attribute_given_and_blank_is_refused() -> None:
    message = refused(move("Both Ways", blank=["def", "lnk"]))
    assert "'Both Ways'" in message and "'lnk'" in message and "MA-1.6" in message


def test_MA_1_10_pure_defense_cards_only_block_and_blank_def_cards_never_block(card_set: CardSet) -> None:
    guard = card_set.get("Crane Wing Shelter")
    assert isinstance(guard, MoveCard)
    assert guard.can_block and not guard.can_attack
    jab = card_set.get("Tiger Paw Jab")
    assert jab.can_attack and not jab.can_block
    hybrid = card_set.get("Willow Bends")
    assert hybrid.can_attack and hybrid.can_block
    for card in card_set.moves():
        assert card.can_attack == (card.atk is not None)
        assert card.can_block == (card.dfn is not None)


def test_MA_1_12_adr_card_with_move_attributes_is_refused() -> None:
    message = refused(adr("Armed Focus", atk=3))
    assert "'Armed Focus'" in message and "'atk'" in message and "MA-1.12" in message
    message = refused(adr("Blank Focus", blank=["lnk"]))
    assert "MA-1.12" in message


@pytest.mark.parametrize("field", [{"cost": 2}, {"def": 3}, {"effect": "DRAW"}])
def test_MA_1_13_event_card_with_cost_or_move_attributes_is_refused(field: dict[str, Any]) -> None:
    message = refused(event("Costly Weather", **field))
    assert "'Costly Weather'" in message and f"'{next(iter(field))}'" in message and "MA-1.13" in message


def test_MA_1_24_shipped_names_are_unique_and_copies_come_from_counts(
    shipped_raw: dict[str, Any], card_set: CardSet, tiger: Deck
) -> None:
    names = [card["name"] for card in shipped_raw["card"]]
    assert len(names) == len(set(names)) == len(card_set.cards)
    assert tiger.cards.count("Tiger Paw Jab") == 4
    assert len(set(tiger.cards)) < len(tiger.cards)


def test_MA_1_24_two_cards_with_the_same_name_are_refused() -> None:
    message = refused(move("Twin Fist", atk=2), move("Twin Fist", atk=5))
    assert "'Twin Fist'" in message and "MA-1.24" in message


# --------------------------------------------------------------------------- section 2: deck rules


def test_MA_2_1_deck_must_hold_40_to_50_cards(card_set: CardSet) -> None:
    cards = pool(card_set)
    assert validate_deck(cards[:40], card_set, "hand") == cards[:40]
    assert validate_deck(cards[:50], card_set, "hand") == cards[:50]
    with pytest.raises(DeckError) as small:
        validate_deck(cards[:38], card_set, "hand", deck_name="x")
    assert str(small.value) == "deck 'x' breaks MA-2.1: 38 cards, at least 40 are needed (2 short)"
    with pytest.raises(DeckError) as large:
        validate_deck(cards[:53], card_set, "hand", deck_name="x")
    assert str(large.value) == "deck 'x' breaks MA-2.1: 53 cards, at most 50 are allowed (3 too many)"


def test_MA_2_2_at_most_four_copies_of_a_card(card_set: CardSet, tiger: Deck) -> None:
    deck = list(tiger.cards)
    assert validate_deck(deck, card_set, "hand") == deck  # four Tiger Paw Jabs are fine
    five = [*deck, "Tiger Paw Jab"]
    assert 40 <= len(five) <= 50  # only the copy limit is broken
    with pytest.raises(DeckError) as info:
        validate_deck(five, card_set, "hand", deck_name="tiger+1")
    message = str(info.value)
    assert message.startswith("deck 'tiger+1' breaks MA-2.2:")
    assert "5 copies of 'Tiger Paw Jab' (1 too many)" in message


def test_MA_2_2_copy_limit_applies_to_event_cards_under_both_modes(card_set: CardSet) -> None:
    deck = pool(card_set)[:42] + ["Torrential Rain"] * 5
    for mode in ("hand", "per_game"):
        with pytest.raises(DeckError, match=r"MA-2\.2: 5 copies of 'Torrential Rain'"):
            validate_deck(deck, card_set, mode)


def test_MA_2_3_deck_may_only_hold_known_cards(card_set: CardSet, crane: Deck) -> None:
    deck = [*crane.cards[:-1], "Dragon Tail Whip"]
    assert len(deck) == len(crane.cards)
    with pytest.raises(DeckError) as info:
        validate_deck(deck, card_set, "hand", deck_name="crane?")
    message = str(info.value)
    assert message.startswith("deck 'crane?' breaks MA-2.3:") and "'Dragon Tail Whip'" in message


def test_MA_2_3_card_data_deck_naming_unknown_card_is_refused(raw: dict[str, Any]) -> None:
    raw["deck"][0]["cards"].append({"card": "Dragon Tail Whip", "count": 1})
    with pytest.raises(CardDataError) as info:
        parse_card_set(raw)
    assert "'tiger'" in str(info.value) and "'Dragon Tail Whip'" in str(info.value)
    assert "MA-2.3" in str(info.value)


def test_MA_2_4_hand_mode_counts_event_cards_toward_deck_size(card_set: CardSet) -> None:
    deck = pool(card_set)[:38] + event_names(card_set)[:2]
    used = validate_deck(deck, card_set, "hand")
    assert used == deck and len(used) == 40
    assert sum(card_set.is_event(name) for name in used) == 2
    with pytest.raises(DeckError, match=r"MA-2\.1.*38 cards.*2 short"):
        validate_deck(deck, card_set, "per_game")


def test_MA_2_5_per_game_sets_events_aside_before_the_size_check(card_set: CardSet) -> None:
    deck = pool(card_set)[:38] + event_names(card_set)[:3]
    assert len(deck) == 41
    assert validate_deck(deck, card_set, "hand") == deck
    with pytest.raises(DeckError) as info:
        validate_deck(deck, card_set, "per_game", deck_name="sly")
    assert str(info.value) == (
        "deck 'sly' breaks MA-2.1 after MA-2.5 set aside 3 Event cards: 38 cards, at least 40 are needed (2 short)"
    )


def test_MA_2_5_per_game_returns_the_deck_without_events(card_set: CardSet) -> None:
    moves = pool(card_set)[:48]
    deck = moves[:20] + event_names(card_set)[:3] + moves[20:]
    assert len(deck) == 51
    with pytest.raises(DeckError, match=r"MA-2\.1: 51 cards, at most 50 are allowed \(1 too many\)"):
        validate_deck(deck, card_set, "hand")
    assert validate_deck(deck, card_set, "per_game") == moves


@pytest.mark.parametrize(
    ("build", "mode", "rule"),
    [
        (lambda cs: pool(cs)[:39], "hand", "MA-2.1"),
        (lambda cs: pool(cs)[:51], "per_game", "MA-2.1"),
        (lambda cs: pool(cs)[:44] + [pool(cs)[0]], "hand", "MA-2.2"),
        (lambda cs: pool(cs)[:44] + ["Nonexistent Kata"], "per_game", "MA-2.3"),
        (lambda cs: pool(cs)[:39] + event_names(cs)[:2], "per_game", "MA-2.5"),
    ],
)
def test_MA_2_6_illegal_decks_are_refused_naming_the_rule(
    card_set: CardSet, build: Any, mode: str, rule: str
) -> None:
    with pytest.raises(DeckError) as info:
        validate_deck(build(card_set), card_set, mode, deck_name="bad")
    message = str(info.value)
    assert message.startswith("deck 'bad' breaks MA-2.")
    assert rule in message
    assert "\n" not in message


def test_MA_2_6_unknown_event_mode_is_an_option_error(card_set: CardSet, tiger: Deck) -> None:
    with pytest.raises(OptionError, match="event_mode"):
        validate_deck(list(tiger.cards), card_set, "sideboard")


# --------------------------------------------------------------------------- rules 9 and 10: ADR and events


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"effect": "HEAL_ALL"}, "'effect'"),
        ({"effect": "gain_life"}, "'effect'"),
        ({"effect": None}, "'effect'"),
        ({"n": 0}, "'n'"),
        ({"cost": 0}, "'cost'"),
        ({"cost": None}, "'cost'"),
        ({"n": "2"}, "'n'"),
    ],
)
def test_MA_9_7_adr_effect_number_and_cost_are_checked(fields: dict[str, Any], field: str) -> None:
    message = refused(adr("Strange Focus", **fields))
    assert "'Strange Focus'" in message and field in message and "MA-9.7" in message


def test_MA_9_7_every_valid_adr_effect_parses() -> None:
    parsed = parse_cards(
        *(adr(f"Focus {effect}", effect=effect, n=1, cost=1) for effect in sorted(SEVEN_EFFECTS))
    )
    assert {card.effect for card in parsed.adr_cards()} == SEVEN_EFFECTS


@pytest.mark.parametrize(
    ("clauses", "needle"),
    [
        ([], "MA-10.8"),
        ([{"kind": "ATK_MOD", "n": 1}] * 3, "MA-10.8"),
        ([{"kind": "SKIP_TURN", "n": 1, "target": "each"}], "MA-10.8"),
        ([{"kind": "TURN_END_DISCARD", "n": 1, "target": "everyone"}], "MA-10.7"),
        ([{"kind": "TURN_START_DISCARD", "n": 1}], "MA-10.7"),
        ([{"kind": "ATK_MOD", "n": 1, "target": "attacker"}], "MA-10.11"),
        ([{"kind": "DEF_MOD", "n": 0}], "MA-10.12"),
        ([{"kind": "TURN_START_DISCARD", "n": 0, "target": "each"}], "MA-10.9"),
        ([{"kind": "ATK_MOD", "n": 1, "when": "noon"}], "'when'"),
        ("ATK_MOD", "MA-10.8"),
    ],
)
def test_MA_10_8_event_clauses_are_checked(clauses: Any, needle: str) -> None:
    message = refused(event("Odd Weather", clauses=clauses))
    assert "'Odd Weather'" in message and needle in message


def test_MA_10_8_one_or_two_known_clauses_parse() -> None:
    parsed = parse_cards(
        event(
            "Two Clauses",
            clauses=[{"kind": "DEF_MOD", "n": -2}, {"kind": "EXTRA_DRAW", "n": 2, "target": "each"}],
        )
    )
    card = parsed.get("Two Clauses")
    assert isinstance(card, EventCard)
    assert card.clauses == (DefMod(n=-2), ExtraDraw(n=2, target="each"))


def test_MA_10_13_extra_draw_needs_n_of_at_least_one() -> None:
    message = refused(event("Lazy Morning", clauses=[{"kind": "EXTRA_DRAW", "n": 0, "target": "attacker"}]))
    assert "'Lazy Morning'" in message and "'n'" in message and "MA-10.13" in message
    ok = parse_cards(event("Busy Morning", clauses=[{"kind": "EXTRA_DRAW", "n": 1, "target": "attacker"}]))
    assert ok.get("Busy Morning").clauses[0] == ExtraDraw(n=1, target="attacker")


# --------------------------------------------------------------------------- section 14: the shipped set


def test_MA_14_1_card_file_documents_format_and_design_choices() -> None:
    text = CARDS_TOML.read_text(encoding="utf-8")
    header = []
    for line in text.splitlines():
        if not line.startswith("#") and line.strip():
            break
        header.append(line)
    header_text = "\n".join(header)
    assert "MA-14.1" in header_text and "Q1" in header_text
    for word in ("blank", "cost", "effect", "clauses", "target", "[[deck]]"):
        assert word in header_text


def test_MA_14_1_every_card_has_name_type_style_and_its_values(
    shipped_raw: dict[str, Any], card_set: CardSet
) -> None:
    assert len(card_set.cards) == len(shipped_raw["card"])
    for card in card_set.cards.values():
        assert card.name and card.style and card.type in ("move", "adr", "event")
        if isinstance(card, AdrCard):
            assert card.cost >= 1 and card.n >= 1 and card.effect in SEVEN_EFFECTS
        elif isinstance(card, EventCard):
            assert 1 <= len(card.clauses) <= 2
    assert load_card_set(CARDS_TOML).cards == card_set.cards


def test_MA_14_1_deck_entries_expand_to_copies_in_file_order(
    shipped_raw: dict[str, Any], tiger: Deck
) -> None:
    entries = shipped_raw["deck"][0]["cards"]
    assert shipped_raw["deck"][0]["name"] == "tiger"
    expected = [entry["card"] for entry in entries for _ in range(entry["count"])]
    assert list(tiger.cards) == expected
    assert tiger.title and tiger.style == "Tiger"


def test_MA_14_1_broken_toml_and_unknown_fields_are_card_data_errors(
    tmp_path: Path, raw: dict[str, Any]
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[[card]]\nname = 'Unclosed\n", encoding="utf-8")
    with pytest.raises(CardDataError, match="not valid TOML"):
        load_card_set(bad)
    with pytest.raises(CardDataError, match="cannot read"):
        load_card_set(tmp_path / "missing.toml")
    raw["card"][0]["colour"] = "orange"
    with pytest.raises(CardDataError, match=r"card\[0\] 'Tiger Paw Jab': unknown field 'colour'"):
        parse_card_set(raw)


def test_MA_14_2_two_decks_in_two_styles_sharing_no_move_card(
    card_set: CardSet, tiger: Deck, crane: Deck
) -> None:
    assert set(card_set.decks) == {"tiger", "crane"}
    assert tiger.style != crane.style
    shared = set(tiger.cards) & set(crane.cards)
    assert shared, "the decks are expected to share some ADR cards"
    assert all(not isinstance(card_set.cards[name], MoveCard) for name in shared)
    for deck in (tiger, crane):
        assert {card.style for card in moves_in(card_set, deck)} == {deck.style}
        assert {card.style for card in cards_in(card_set, deck)} <= {deck.style, "Common"}


def test_MA_14_3_sample_decks_size_and_copies(card_set: CardSet, tiger: Deck, crane: Deck) -> None:
    for deck in (tiger, crane):
        non_events = [name for name in deck.cards if not isinstance(card_set.cards[name], EventCard)]
        assert 40 <= len(deck.cards) <= 50
        assert len(non_events) >= 40
        copies = Counter(deck.cards)
        assert max(copies.values()) == 4
        assert validate_deck(list(deck.cards), card_set, "hand") == list(deck.cards)
        assert validate_deck(list(deck.cards), card_set, "per_game") == non_events
    assert (len(tiger.cards), len(crane.cards)) == (46, 47)


def test_MA_14_4_openers_and_zero_values(card_set: CardSet, tiger: Deck, crane: Deck) -> None:
    for deck in (tiger, crane):
        openers = [
            c for c in moves_in(card_set, deck) if c.atk is not None and c.cpt in (0, 1) and c.lnk in (0, 1)
        ]
        assert len(openers) >= 8, deck.name
    assert any(card.lnk == 0 for card in card_set.moves())
    assert any(card.cpt == 0 for card in card_set.moves())
    for deck in (tiger, crane):  # the zero values are playable, not just present in the file
        assert any(card.lnk == 0 and card.atk is not None for card in moves_in(card_set, deck))
        assert any(card.cpt == 0 and card.atk is not None for card in moves_in(card_set, deck))


def test_MA_14_5_chain_cards_and_high_linkers(card_set: CardSet, tiger: Deck, crane: Deck) -> None:
    for deck in (tiger, crane):
        chain = [
            c
            for c in moves_in(card_set, deck)
            if c.atk is not None
            and c.cpt is not None
            and 2 <= c.cpt <= 4
            and c.lnk is not None
            and 1 <= c.lnk <= 5
        ]
        assert len(chain) >= 10, deck.name
        high = [c for c in chain if c.lnk >= 4]
        assert len(high) >= 2 and len({c.name for c in high}) >= 2, deck.name


def test_MA_14_6_finishers_have_high_cpt_blank_lnk_and_top_atk(
    card_set: CardSet, tiger: Deck, crane: Deck
) -> None:
    for deck in (tiger, crane):
        top = max(attack_values(card_set, deck))
        finishers = [
            c
            for c in moves_in(card_set, deck)
            if c.atk is not None and c.cpt is not None and c.cpt >= 4 and c.lnk is None
        ]
        assert len(finishers) >= 3, deck.name
        assert all(c.atk == top for c in finishers), deck.name


def test_MA_14_7_blank_cpt_attack_cards(card_set: CardSet, tiger: Deck, crane: Deck) -> None:
    for deck in (tiger, crane):
        starters = [c for c in moves_in(card_set, deck) if c.atk is not None and c.cpt is None]
        assert len(starters) >= 2, deck.name
        assert all(c.lnk is not None for c in starters)  # they can start a combo, not just a single attack


@pytest.mark.parametrize(
    ("deck_id", "ladder"),
    [
        (
            "tiger",
            [
                "Tiger Paw Jab",
                "Rising Elbow",
                "Rising Elbow",
                "Whirlwind Hook",
                "Crashing Shin Kick",
                "Tiger Fang Palm",
            ],
        ),
        (
            "crane",
            [
                "Crane Beak Tap",
                "Gliding Palm",
                "Gliding Palm",
                "Heron Step Strike",
                "Folding Wing Elbow",
                "Crane Descends on the Pond",
            ],
        ),
    ],
)
def test_MA_14_8_each_deck_holds_a_legal_chain_of_five_or_more(
    card_set: CardSet, deck_id: str, ladder: list[str]
) -> None:
    deck = card_set.decks[deck_id]
    available = Counter(deck.cards)
    assert all(available[name] >= need for name, need in Counter(ladder).items())
    cards = [card_set.get(name) for name in ladder]
    assert cards[0].atk is not None
    assert all(links(a, b) for a, b in zip(cards, cards[1:], strict=False))
    assert len(ladder) >= 5
    found = longest_chain(deck.cards, card_set, 5)
    assert len(found) == 5
    found_cards = [card_set.get(name) for name in found]
    assert all(links(a, b) for a, b in zip(found_cards, found_cards[1:], strict=False))
    assert all(Counter(found)[name] <= available[name] for name in found)


def test_MA_14_8_longest_chain_respects_copies_and_links(card_set: CardSet) -> None:
    # A lone high linker ends the chain: nothing in this list has CPT 5.
    names = ["Soaring Crane Kick", "Gliding Palm", "Gliding Palm"]
    chain = longest_chain(names, card_set, 5)
    assert len(chain) == 3 and chain[-1] == "Soaring Crane Kick"
    assert longest_chain(["Tiger Fang Palm", "Tiger Fang Palm"], card_set, 5) == ["Tiger Fang Palm"]
    assert longest_chain(["Crane Wing Shelter"], card_set, 5) == []


def test_MA_14_9_pure_defense_cards_cover_full_tie_and_partial_blocks(card_set: CardSet) -> None:
    for deck, other in both_decks(card_set):
        pure = [
            c
            for c in moves_in(card_set, deck)
            if c.dfn is not None and c.atk is None and c.cpt is None and c.lnk is None
        ]
        assert len(pure) >= 6, deck.name
        defs = {c.dfn for c in pure}
        other_atks = attack_values(card_set, other)
        assert any(d >= max(other_atks) for d in defs), deck.name
        assert defs & set(other_atks), deck.name
        assert any(sum(a > d for a in other_atks) > len(other_atks) / 2 for d in defs), deck.name
    assert (
        card_set.get("Crane Wing Shelter").dfn == 7 == max(attack_values(card_set, card_set.decks["tiger"]))
    )


def test_MA_14_10_hybrids(card_set: CardSet, tiger: Deck, crane: Deck) -> None:
    for deck in (tiger, crane):
        hybrids = [c for c in moves_in(card_set, deck) if None not in (c.atk, c.dfn, c.cpt, c.lnk)]
        assert len(hybrids) >= 6, deck.name


def test_MA_14_11_adr_cards_costs_and_effects(card_set: CardSet, tiger: Deck, crane: Deck) -> None:
    for deck in (tiger, crane):
        adr_cards = [c for c in cards_in(card_set, deck) if isinstance(c, AdrCard)]
        assert len(adr_cards) >= 4 and len({c.name for c in adr_cards}) >= 4, deck.name
        assert len({c.cost for c in adr_cards}) >= 3, deck.name
        defensive = {
            c.name for c in adr_cards if c.effect in ("GAIN_LIFE", "BOOST_NEXT_DEF", "REDUCE_PENDING_ATK")
        }
        assert len(defensive) >= 2, deck.name
    all_adr = card_set.adr_cards()
    costs = {c.cost for c in all_adr}
    assert {1, 2, 3} <= costs and max(costs) >= 5
    assert {c.effect for c in all_adr} == SEVEN_EFFECTS


def test_MA_14_12_three_or_four_events_covering_the_clauses(card_set: CardSet) -> None:
    events = card_set.events()
    assert 3 <= len(events) <= 4
    clauses = [clause for e in events for clause in e.clauses]
    kinds = {c.kind for c in clauses}
    assert "TURN_START_DISCARD" in kinds and "TURN_END_DISCARD" in kinds
    assert kinds & {"ATK_MOD", "DEF_MOD"}
    targets = {c.target for c in clauses}
    assert {"attacker", "each"} <= targets
    for clause in clauses:
        assert (clause.target is None) == (clause.kind in ("ATK_MOD", "DEF_MOD"))


def test_MA_14_13_each_deck_has_two_events_and_together_all_of_them(
    card_set: CardSet, tiger: Deck, crane: Deck
) -> None:
    union: set[str] = set()
    for deck in (tiger, crane):
        events = [name for name in deck.cards if isinstance(card_set.cards[name], EventCard)]
        assert len(events) >= 2 and len(set(events)) >= 2, deck.name
        union |= set(events)
    assert union == {e.name for e in card_set.events()}


def test_MA_14_14_shipped_atk_and_def_stay_in_range(card_set: CardSet) -> None:
    atks = [c.atk for c in card_set.moves() if c.atk is not None]
    defs = [c.dfn for c in card_set.moves() if c.dfn is not None]
    assert min(atks) >= 1 and max(atks) <= 7
    assert min(defs) >= 1 and max(defs) <= 8


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"atk": 8}, "'atk'"),
        ({"atk": 0}, "'atk'"),
        ({"def": 9, "blank": []}, "'def'"),
        ({"def": 0, "blank": []}, "'def'"),
    ],
)
def test_MA_14_14_out_of_range_atk_or_def_is_refused(fields: dict[str, Any], field: str) -> None:
    message = refused(move("Giant Fist", **fields))
    assert "'Giant Fist'" in message and field in message and "MA-14.14" in message


def test_MA_14_14_edge_values_are_accepted() -> None:
    card = parse_cards(move("Edge Fist", atk=7, blank=[], **{"def": 8})).get("Edge Fist")
    assert (card.atk, card.dfn) == (7, 8)


def test_MA_14_2_to_MA_14_13_card_set_problems_is_empty_for_shipped_set(card_set: CardSet) -> None:
    assert card_set_problems(card_set) == []


def test_MA_14_2_MA_14_13_card_set_problems_reports_broken_sets(raw: dict[str, Any]) -> None:
    tiger_raw, crane_raw = raw["deck"]
    tiger_raw["cards"] = [
        e for e in tiger_raw["cards"] if e["card"] not in ("Roaring Crowd", "Scorching Noon")
    ]
    crane_raw["cards"].append({"card": "Tiger Paw Jab", "count": 1})
    problems = card_set_problems(parse_card_set(raw))
    joined = "\n".join(problems)
    assert any(p.startswith("MA-14.13") and "'tiger'" in p for p in problems), joined
    assert any(p.startswith("MA-14.13") and "Roaring Crowd" in p for p in problems), joined
    assert any(p.startswith("MA-14.2") and "Tiger Paw Jab" in p for p in problems), joined
    assert all(p.startswith("MA-14.") for p in problems)


def test_MA_14_3_MA_14_9_card_set_problems_reports_deck_shortfalls(raw: dict[str, Any]) -> None:
    crane_raw = raw["deck"][1]
    crane_raw["cards"] = [e for e in crane_raw["cards"] if e["card"] != "Crane Wing Shelter"]
    problems = card_set_problems(parse_card_set(raw))
    assert any(p.startswith("MA-14.9") and "top ATK 7" in p for p in problems), problems
    assert any(p.startswith("MA-14.9") and "pure-defense cards" in p for p in problems), problems
    raw["deck"][1]["cards"] = raw["deck"][1]["cards"][:3]
    problems = card_set_problems(parse_card_set(raw))
    assert any(p.startswith("MA-14.3") and "MA-2.1" in p for p in problems), problems


# --------------------------------------------------------------------------- display


def test_MA_1_5_MA_1_11_MA_10_9_describe_card_lines(card_set: CardSet) -> None:
    assert (
        describe_card(card_set.get("Tiger Paw Jab")) == "Tiger Paw Jab [Move, Tiger] CPT 1 ATK 2 DEF - LNK 1"
    )
    assert (
        describe_card(card_set.get("Crane Wing Shelter"))
        == "Crane Wing Shelter [Move, Crane] CPT - ATK - DEF 7 LNK -"
    )
    assert (
        describe_card(card_set.get("Steady Breathing"))
        == "Steady Breathing [ADR 2] GAIN_LIFE 3: gain 3 life (max 15)"
    )
    assert (
        describe_card(card_set.get("Torrential Rain"))
        == "Torrential Rain [Event] each player discards 1 at the start of every turn"
    )
    assert describe_card(card_set.get("Scorching Noon")) == (
        "Scorching Noon [Event] the attacker discards 1 at the end of every turn; every block card gets -1 DEF"
    )
    for card in card_set.cards.values():
        line = describe_card(card)
        assert line.startswith(card.name + " [") and "\n" not in line

"""Ani-Mayhem decks and the card set against the rules: deck construction (section 2) and the card-set
requirements (section 14).

:func:`validate_deck` applies AM-2.1 to AM-2.15 and says which rule a deck breaks and by how much;
:func:`card_set_problems` lists every requirement of rules section 14 the set falls short of, each by its rule id.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from itertools import combinations

from cardsmith.core.carddata import deck_list_entries
from cardsmith.core.errors import DeckError

from .card_defs import MAX_COPIES, SPECIAL_SYMBOLS, Card, CardSet, Deck, Effect, locations_per_player

__all__ = ["card_set_problems", "deck_problems", "deck_requirements", "parse_deck_list", "validate_deck"]

# --------------------------------------------------------------------------- deck construction (section 2)


def deck_requirements(
    power: int, havens: int, characters: int, locations: int, players: int
) -> dict[str, int]:
    """AM-2.11 to AM-2.15: the Disaster numbers a deck must have."""
    d_draw = max(0, math.ceil((power + havens + characters) / 2) - 2 * players)  # AM-2.11, AM-2.12
    total = d_draw + 2 * locations  # AM-2.13
    return {
        "draw": d_draw,
        "total": total,
        "major": math.ceil(total / 3),  # AM-2.14
        "combat": math.ceil(total / 2),  # AM-2.15
    }


def _by(n: int, want: int) -> str:
    diff = n - want
    return f"{abs(diff)} too {'many' if diff > 0 else 'few'}"


def validate_deck(deck: Deck, cards: CardSet, players: int, *, extra_havens: bool = False) -> None:
    """Refuse a deck that breaks AM-2.2 to AM-2.15 for ``players`` players: one line for each broken rule, each
    naming the rule and the amount."""
    problems = deck_problems(deck, cards, players, extra_havens=extra_havens)
    if problems:
        raise DeckError("\n".join(problems))


def deck_problems(deck: Deck, cards: CardSet, players: int, *, extra_havens: bool = False) -> list[str]:
    """Every rule of AM-2.1 to AM-2.15 the deck breaks for ``players`` players, one line each, in rule order."""
    where = f"deck {deck.id!r} ({players} player{'s' if players != 1 else ''})"
    defs = cards.cards
    power_list = Deck.expand(deck.power)
    extra = [n for n in power_list if defs[n].type == "haven"]
    out: list[str] = []
    if not deck.combat:
        out.append("AM-2.1: a deck brings a Combat pile; this one has 0 Combat cards (1 too few)")
    out += _copies(deck, defs, power_list)
    out += _characters_and_locations(deck, players)
    if extra and not extra_havens:
        out.append(f"AM-2.10: exactly one Haven; {len(extra)} more are only allowed with extra_havens")
    # AM-2.4, AM-2.6: any number of Power cards, and of Combat cards in the Combat pile.
    power = sum(1 for n in power_list if defs[n].type != "haven")
    need = deck_requirements(power, 1 + len(extra), len(deck.characters), len(deck.locations), players)
    out += _disasters(deck, defs, need)
    return [f"{where}: {line}" for line in out]


def _characters_and_locations(deck: Deck, players: int) -> list[str]:
    out: list[str] = []
    # AM-2.3: one copy of each Character.
    for name, n in Counter(deck.characters).items():
        if n > 1:
            out.append(f"AM-2.3: Character {name!r} appears {n} times, {n - 1} too many")
    # AM-2.7 / AM-2.8: Locations per player count, all different.
    want_locs = locations_per_player(players)
    for name, n in Counter(deck.locations).items():
        if n > 1:
            out.append(f"AM-2.7: Location {name!r} appears {n} times; all must differ ({n - 1} too many)")
    if len(deck.locations) != want_locs:
        out.append(
            f"AM-2.7: {len(deck.locations)} Locations, needs exactly {want_locs} "
            f"({_by(len(deck.locations), want_locs)})"
        )
    # AM-2.9: one Item per Location.
    items = sum(n for _, n in deck.items)
    if items != len(deck.locations):
        out.append(
            f"AM-2.9: {items} Items for {len(deck.locations)} Locations ({_by(items, len(deck.locations))})"
        )
    return out


def _copies(deck: Deck, defs: dict[str, Card], power_list: list[str]) -> list[str]:
    # AM-2.2 / AM-2.5: at most 3 copies of a name (Combat cards excepted, AM-2.6).
    counts: Counter[str] = Counter()
    counts.update(deck.locations)
    counts.update(Deck.expand(deck.items))
    counts.update(power_list)
    counts.update(Deck.expand(deck.disasters))
    counts[deck.haven] += 1
    return [
        f"{'AM-2.5' if defs[name].is_power else 'AM-2.2'}: {n} copies of {name!r}, at most {MAX_COPIES} "
        f"({n - MAX_COPIES} too many)"
        for name, n in counts.items()
        if n > MAX_COPIES
    ]


def _disasters(deck: Deck, defs: dict[str, Card], need: dict[str, int]) -> list[str]:
    # AM-2.11 to AM-2.15: the Disasters.
    dis = Deck.expand(deck.disasters)
    out: list[str] = []
    if len(dis) != need["total"]:
        out.append(
            f"AM-2.13: {len(dis)} Disasters, needs exactly {need['total']} "
            f"({need['draw']} for the Draw pile by AM-2.11 + {2 * len(deck.locations)} for the Locations; "
            f"{_by(len(dis), need['total'])})"
        )
    major = sum(1 for n in dis if defs[n].major)
    combat = sum(1 for n in dis if defs[n].is_combat_disaster)
    for rule, kind, have, want in (
        ("AM-2.14", "Major", major, need["major"]),
        ("AM-2.15", "Combat", combat, need["combat"]),
    ):
        if have != want:
            out.append(
                f"{rule}: {have} {kind} Disasters, needs exactly {want} of {need['total']} ({_by(have, want)})"
            )
    return out


_PILES = {
    "character": "characters",
    "location": "locations",
    "item": "items",
    "enhancement": "power",
    "equipment": "power",
    "flash": "power",
    "global": "power",
    "disaster": "disasters",
    "combat": "combat",
}


def parse_deck_list(text: str, cards: CardSet, name: str = "deck list") -> Deck:
    """Read a deck list: entries separated by semicolons or new lines, each a card name with an optional ``Nx``
    count before it (``"3x Battle Aura; Reiko Sato"``), ``#`` comments to the end of a line, and an optional
    ``Haven: Name`` entry naming the Haven (a Location named there stands in for it, AM-2.10). Each card goes to the
    pile of its type; without a ``Haven:`` entry the first Haven listed is the Haven and further ones are extra
    Havens among the Power cards (AM-13.5). Raises :class:`DeckError` with one line per entry that cannot be read;
    the deck rules are checked by :func:`validate_deck`."""
    piles: dict[str, dict[str, int]] = {p: {} for p in ("characters", "locations", "items", "power")}
    piles.update(disasters={}, combat={})
    haven: str | None = None
    bad: list[str] = []
    for item in deck_list_entries(text, ("haven",)):
        entry, count, card = item.text, item.count, item.name
        if item.heading:
            if haven is not None or card not in cards.cards:
                bad.append(f"{entry!r}: a deck names one Haven, a Haven or Location of the set")
            haven = card
            continue
        if card not in cards.cards or count < 1:
            bad.append(f"{entry!r}: " + ("not a card of the set" if count else "0 copies"))
            continue
        kind = cards.cards[card].type
        if kind == "haven" and haven is None:
            haven, count = card, count - 1
        pile = piles["power" if kind == "haven" else _PILES[kind]]
        if count:
            pile[card] = pile.get(card, 0) + count
    if haven is None or cards.cards[haven].type not in ("haven", "location"):
        bad.append("AM-2.10: a deck brings exactly one Haven; this list names none")
    if bad:
        raise DeckError("\n".join(f"{name}: {b}" for b in bad))
    assert haven is not None
    return Deck(
        id=name,
        title=name,
        players=(),
        haven=haven,
        characters=tuple(c for c, n in piles["characters"].items() for _ in range(n)),
        locations=tuple(c for c, n in piles["locations"].items() for _ in range(n)),
        **{k: tuple(piles[k].items()) for k in ("items", "power", "disasters", "combat")},  # type: ignore[arg-type]
    )


# --------------------------------------------------------------------------- card set requirements (section 14)


def card_set_problems(cards: CardSet) -> list[str]:
    """Every way the set falls short of rules section 14 (empty when it meets them all), in rule order."""
    out: list[str] = []
    for check in _SECTION_14:
        out.extend(check(cards))
    return out


def _can_cover(cards: CardSet, needed: tuple[str, ...], size: int) -> bool:
    chars = [set(c.skills) for c in cards.of_type("character")]
    for k in range(1, size + 1):
        for group in combinations(chars, k):
            if set(needed) <= set().union(*group):
                return True
    return False


def _sample_decks(cards: CardSet) -> list[str]:
    """AM-14.1: the sample decks."""
    out: list[str] = []
    solo = [d for d in cards.decks.values() if 1 in d.players]
    duel = [d for d in cards.decks.values() if 2 in d.players]
    if not any(
        len(d.characters) == 8 and sum(n for _, n in d.power) == 20 and len(d.locations) == 9 for d in solo
    ):
        out.append("AM-14.1: no 1-player deck of 8 Characters, 20 Power cards and 9 Locations")
    if sum(1 for d in duel if len(d.characters) == 6 and sum(n for _, n in d.power) == 15) < 2:
        out.append("AM-14.1: fewer than two 2-player decks of 6 Characters and 15 Power cards")
    return out


def _skill_pool(cards: CardSet) -> list[str]:
    """AM-14.2: the skill pool."""
    out: list[str] = []
    chars = cards.of_type("character")
    if len(cards.skills) != 8:
        out.append(f"AM-14.2: {len(cards.skills)} skills in the pool, not 8")
    for skill in cards.skills:
        holders = sum(1 for c in chars if skill in c.skills)
        if holders < 2:
            out.append(f"AM-14.2: skill {skill!r} is held by {holders} Characters, fewer than 2")
    for loc in cards.of_type("location"):
        if loc.skills and not _can_cover(cards, loc.skills, 3):
            out.append(f"AM-14.2: no group of at most 3 Characters meets {loc.name!r}")
    return out


def _characters(cards: CardSet) -> list[str]:
    """AM-14.3: Characters."""
    out: list[str] = []
    chars = cards.of_type("character")
    if len(chars) < 14:
        out.append(f"AM-14.3: {len(chars)} Characters, fewer than 14")
    genders = {c.gender for c in chars}
    if not {"male", "female", "none"} <= genders:
        out.append("AM-14.3: both genders and a Character with none must appear")
    if sum(1 for c in chars if set(c.symbols) & set(SPECIAL_SYMBOLS)) < 2:
        out.append("AM-14.3: fewer than 2 Characters with a Science, Dimensional or Planetary mark")
    if not any(c.cha == 0 for c in chars) or not any((c.cha or 0) >= 5 for c in chars):
        out.append("AM-14.3: needs a Character with Charm 0 and one with Charm 5 or more")
    if not any(c.dfn == 1 for c in chars):
        out.append("AM-14.3: needs a Character with Defense 1")
    energies = [c.nrg for c in chars if c.nrg is not None]
    if not energies or min(energies) != 0 or max(energies) != 5:
        out.append("AM-14.3: Energy must range from 0 to 5")
    return out


def _locations(cards: CardSet) -> list[str]:
    """AM-14.4: Locations."""
    out: list[str] = []
    chars = cards.of_type("character")
    locs = cards.of_type("location")
    with_skills = [c for c in locs if 1 <= len(c.skills) <= 2]
    if len(locs) < 12 or len(with_skills) < 11 or sum(1 for c in locs if not c.skills) < 1:
        out.append("AM-14.4: needs 12 Locations: 11 with 1 or 2 skills and 1 with none")
    hard = [
        c
        for c in with_skills
        if len(c.skills) == 2 and not any(set(c.skills) <= set(ch.skills) for ch in chars)
    ]
    if len(hard) < 3:
        out.append(f"AM-14.4: {len(hard)} Locations need two skills no single Character has, fewer than 3")
    if sum(1 for c in locs if "Hot Tub" in c.cats) < 2:
        out.append("AM-14.4: fewer than 2 « Hot Tub » Locations")
    return out


def _items_and_havens(cards: CardSet) -> list[str]:
    """AM-14.5 (Items) and AM-14.6 (Havens)."""
    out: list[str] = []
    items = cards.of_type("item")
    buttons = [c for c in items if c.effects]
    if (
        len(items) < 10
        or len(buttons) < 3
        or not any(e.attr == "cha" and e.value > 0 for c in buttons for e in c.effects)
    ):
        out.append("AM-14.5: needs 10 Items, 3 with modifier buttons, one of them a Charm bonus")
    havens = cards.of_type("haven")
    verbs = {e.verb for h in havens for e in h.effects}
    if len(havens) < 2 or not {"MODIFY", "GRANT_SKILL"} <= verbs:
        out.append("AM-14.6: needs 2 Havens, one with MODIFY and one with GRANT_SKILL")
    return out


def _combat_disasters(cards: CardSet) -> list[str]:
    """AM-14.7: the Disasters, their numbers and the Combat ones."""
    out: list[str] = []
    dis = cards.of_type("disaster")
    minor_c = [d for d in dis if not d.major and d.is_combat_disaster]
    minor_n = [d for d in dis if not d.major and not d.is_combat_disaster]
    major_c = [d for d in dis if d.major and d.is_combat_disaster]
    major_n = [d for d in dis if d.major and not d.is_combat_disaster]
    if len(dis) < 15 or len(minor_c) < 6 or len(minor_n) < 4 or len(major_c) < 3 or len(major_n) < 2:
        out.append(
            "AM-14.7: needs 15 Disasters: 6 Minor Combat, 4 Minor Non-Combat, 3 Major Combat, 2 Major Non-Combat"
        )
    plain = [d for d in minor_c if not d.keywords and not d.runs_away and d.cha is None]
    if not any((d.mov or 0) >= 3 for d in plain) or not any(d.mov == 1 for d in plain):
        out.append("AM-14.7: needs plain Minor Combat Disasters with Movement 3+ and Movement 1")
    if not any(d.cha is not None for d in minor_c) or not any(d.cha is not None for d in major_c):
        out.append("AM-14.7: needs a Minor and a Major Combat Disaster with a Charm score")
    if not any("STEALS" in d.keywords and (d.mov or 0) >= 3 for d in minor_c):
        out.append("AM-14.7: needs a Minor Combat stealer with Movement 3+")
    if not any(d.runs_away for d in minor_c) or not any("MOVES_ONCE" in d.keywords for d in minor_c):
        out.append("AM-14.7: needs Minor Combat Disasters with RUNS_AWAY and MOVES_ONCE")
    if not any((d.atk or 0) >= 5 and (d.dfn or 0) >= 5 for d in major_c):
        out.append("AM-14.7: needs a heavy Major Combat Disaster (Attack and Defense 5+)")
    if not any(m.atk == d.atk and m.dfn != d.dfn for m in major_c for d in minor_c):
        out.append("AM-14.7: needs a Major with a Minor's Attack but another Defense")
    return out


def _non_combat_disasters(cards: CardSet) -> list[str]:
    """AM-14.7: the Non-Combat Disasters and what they do."""
    out: list[str] = []
    dis = cards.of_type("disaster")
    minor_n = [d for d in dis if not d.major and not d.is_combat_disaster]
    major_n = [d for d in dis if d.major and not d.is_combat_disaster]
    ncv = {(e.verb, e.target, d.mov is None, bool(d.off_field)) for d in minor_n for e in d.effects}
    if ("BONK", "highest_atk", False, False) not in ncv or ("BONK", "random", True, False) not in ncv:
        out.append("AM-14.7: needs the two BONK Minor Non-Combat Disasters")
    if not any(
        e.verb == "MODIFY" and e.attr == "mov" and e.value == -2 and e.duration == "owner_next"
        for d in minor_n
        for e in d.effects
    ):
        out.append("AM-14.7: needs a Movement -2 Minor Non-Combat Disaster")
    if not any(
        d.off_field == "drawer_next" and any(e.attr == "mov" and e.value == -1 for e in d.effects)
        for d in minor_n
    ):
        out.append("AM-14.7: needs an OFF_FIELD Movement -1 Disaster")
    mverbs = {(e.verb, e.n) for d in major_n for e in d.effects}
    if not any(v == "DESTROY_LOCATION" for v, _ in mverbs) or ("MOVE", 2) not in mverbs:
        out.append("AM-14.7: needs Major Non-Combat DESTROY_LOCATION and MOVE 2 Disasters")
    return out


def _enhancements_and_equipment(cards: CardSet) -> list[str]:
    """AM-14.8 (Enhancements) and AM-14.9 (Equipment)."""
    out: list[str] = []
    enh = cards.of_type("enhancement")
    if not (
        len(enh) >= 4
        and any(c.requires and any(e.verb == "GRANT_SKILL" and e.skill for e in c.effects) for c in enh)
        and any(any(e.scavenge == "Hot Tub" for e in c.effects) for c in enh)
        and any(
            c.cost == ("nrg", 2)
            and c.limit == (1, "turn")
            and any(e.attr == "atk" and e.value == 3 for e in c.effects)
            for c in enh
        )
        and any(any(e.attr == "cha" and e.value == -2 for e in c.effects) for c in enh)
    ):
        out.append("AM-14.8: the four required Enhancements are not all there")
    eqp = cards.of_type("equipment")
    if not (
        len(eqp) >= 4
        and any(c.is_vehicle and {e.attr for e in c.effects} == {"atk", "def", "mov"} for c in eqp)
        and any(c.is_vehicle and {e.attr for e in c.effects} == {"mov"} for c in eqp)
        and any(
            c.cost and c.requires and any(e.attr == "atk" and e.op == "+" for e in c.effects) for c in eqp
        )
        and any(any(e.attr == "def" and e.value == 2 and e.op == "+" for e in c.effects) for c in eqp)
    ):
        out.append("AM-14.9: the four required Equipment are not all there")
    return out


_FLASH_NEEDS: tuple[Callable[[Card, Effect], bool], ...] = (  # AM-14.10, one line a required Flash Effect
    lambda c, e: e.verb == "HEAL" and c.cost == ("nrg", 1),
    lambda c, e: e.verb == "STEAL_ITEM" and c.limit == (1, "turn"),
    lambda c, e: e.verb == "MOVE" and e.n == 2 and c.aim == "disaster",
    lambda c, e: e.verb == "DESTROY_LOCATION" and c.cost == ("nrg", 3) and bool(c.requires),
    lambda c, e: e.verb == "BONK" and c.cost == ("nrg", 4),
    lambda c, e: e.attr == "cha" and e.value == 3 and c.limit == (1, "turn"),
    lambda c, e: e.attr == "def" and e.op == "=" and e.value == 0 and e.duration == "round",
)


def _flash_global_and_combat(cards: CardSet) -> list[str]:
    """AM-14.10 (Flash Effects), AM-14.11 (Global Effects) and AM-14.12 (Combat cards)."""
    out: list[str] = []
    fl = cards.of_type("flash")
    if len(fl) < 7 or not all(any(need(c, e) for c in fl for e in c.effects) for need in _FLASH_NEEDS):
        out.append("AM-14.10: the seven required Flash Effects are not all there")
    gmods = {(e.attr, e.value, e.target) for c in cards.of_type("global") for e in c.effects}
    if not {("def", 1, "own_field"), ("mov", 1, "own_field")} <= gmods:
        out.append("AM-14.11: needs Global Effects with Defense +1 and Movement +1")
    cc = cards.of_type("combat")
    negative = [c for c in cc if min(c.charm, c.attack, c.defense) < 0]
    if len(cc) < 20 or len(negative) < 4 or sum(1 for c in cc if c.charm == 0) < 2:
        out.append("AM-14.12: needs 20 Combat cards, 4 with a negative value, 2 with Charm 0")
    return out


_SECTION_14: tuple[Callable[[CardSet], list[str]], ...] = (
    _sample_decks,
    _skill_pool,
    _characters,
    _locations,
    _items_and_havens,
    _combat_disasters,
    _non_combat_disasters,
    _enhancements_and_equipment,
    _flash_global_and_combat,
)

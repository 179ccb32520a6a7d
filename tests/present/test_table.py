"""The typed table a seat sees (cardsmith.present), checked over random positions of every game: plain data that
survives JSON, words instead of engine ids, every option keyed stably and grouped by verb, and every card an option
names given its text."""

from __future__ import annotations

import re

import msgspec
import pytest
import tests.support.toy  # noqa: F401  (registers the toy game)
from tests.support.playouts import decisions

from cardsmith.core import CHANCE, all_games, apply, get_game, new_game, observe, resolve_chance, view
from cardsmith.present import Table, from_json, option_key, presenter_for, table_for, to_json
from cardsmith.present.generic import Presenter
from cardsmith.present.terminal import resolve, screen_lines

GAMES = sorted(g.id for g in all_games() if not g.id.startswith("toy"))


def _positions(game_id: str, players: int, seed: int, steps: int):
    """Observations of the seats that decide along a seeded random playout."""
    for state in decisions(game_id, players, (seed,), steps):
        yield observe(state)


def _engine_ids(game_id: str, text: str) -> list[str]:
    kinds = get_game(game_id).visibility.zone_kinds
    return sorted({m.group(0) for k in kinds for m in re.finditer(rf"(?<!\w){re.escape(k)}:\d+", text)})


@pytest.mark.parametrize("game_id", GAMES)
def test_a_table_is_plain_data_in_words_for_random_positions(game_id):
    game = get_game(game_id)
    for obs in _positions(game_id, game.max_players, 3, 120):
        table = table_for(game, obs.view, obs.decision)
        assert from_json(to_json(table)) == table
        assert table.question is not None and table.question.seat == obs.seat
        choices = table.question.choices
        assert sorted(c.id for c in choices) == sorted(obs.option_ids)
        keys = [c.key for c in choices]
        assert len(set(keys)) == len(keys), keys  # a key names one option
        for group in table.question.groups:
            assert {game.parse_action(c.id).verb for c in group.choices} == {group.verb}
        words = msgspec.json.encode([table.regions, table.question, table.headline]).decode()
        assert _engine_ids(game_id, words) == []


@pytest.mark.parametrize("game_id", ["martial-arts", "dbz", "taidian", "bpoker", "ani-mayhem"])
def test_every_card_an_option_names_has_its_text(game_id):
    game = get_game(game_id)
    named = 0
    for obs in _positions(game_id, game.max_players, 5, 150):
        table = table_for(game, obs.view, obs.decision)
        for choice in table.question.choices:
            action = game.parse_action(choice.id)
            verb = game.verb_table.by_name[action.verb]
            for arg, value in zip(verb.args, action.args, strict=True):
                if type(arg).__name__ == "CardArg":
                    named += 1
                    assert value in [c.name for c in choice.cards], (choice, value)
                    assert all(c.text for c in choice.cards)
    assert named > 0


def test_keys_depend_on_the_option_not_on_its_place():
    game = get_game("martial-arts")
    assert option_key(game, "attack:Tiger Paw Jab") == option_key(game, "attack:Tiger Paw Jab")
    assert option_key(game, "take") == "take"
    keys = {option_key(game, f"discard:{name}") for name in game.card_names()}
    assert len(keys) == len(game.card_names())  # every card of the game has its own key
    first = next(_positions("martial-arts", 2, 1, 60))
    table = table_for(game, first.view, first.decision)
    for number, choice in enumerate(table.question.choices, 1):
        assert resolve(table.question, choice.key) == choice
        assert resolve(table.question, str(number)) == choice
        assert resolve(table.question, choice.id) == choice
    for unlisted in ("end", "stop", "pass ", "0", str(len(table.question.choices) + 1), "", "quit", "tpj"):
        found = resolve(table.question, unlisted)
        assert found is None or found.id in first.option_ids and found.key == unlisted.strip()
    card_option = next(c for c in table.question.choices if "." in c.key)
    assert (
        resolve(table.question, card_option.key.split(".", 1)[1]) is None
    )  # a key's card part alone is no key


def test_a_new_game_gets_a_table_from_its_declarations():
    game = get_game("tricks")
    assert type(presenter_for(game)) is Presenter  # no presenter of its own: the generic one
    obs = next(_positions("tricks", 4, 2, 10))
    table = table_for(game, obs.view, obs.decision)
    regions = {r.title: r for r in table.regions}
    assert list(regions)[-1] == f"You ({game.seat_name(obs.seat)})"
    own = regions[f"You ({game.seat_name(obs.seat)})"]
    assert [p.title for p in own.piles if p.title == "Hand"] == ["Hand"]
    others = [r for r in table.regions if r.seat not in (None, obs.seat)]
    assert all(p.cards == () for r in others for p in r.piles if p.title == "Hand")
    assert (
        table.question.groups[0].title == "Play"
        and table.question.groups[0].help == "play a card to the trick"
    )


@pytest.mark.parametrize("game_id", ["martial-arts", "dbz"])
def test_a_two_player_table_fits_100_by_40(game_id):
    game = get_game(game_id)
    for obs in _positions(game_id, 2, 7, 200):
        table = table_for(game, obs.view, obs.decision)
        lines = screen_lines(table)
        assert len(lines) <= 40 and max(map(len, lines)) <= 100, "\n".join(lines)


def test_another_seats_choice_is_told_in_words_and_its_hand_stays_hidden():
    game = get_game("martial-arts")
    presenter = presenter_for(game)
    state = new_game("martial-arts", 2, 4, {"starting_player": "P1"})
    while state["pending"]["seat"] == CHANCE:
        resolve_chance(state)
    pending = state["pending"]
    assert pending["seat"] == 0
    chosen = "pass" if "pass" in [o[0] for o in pending["options"]] else pending["options"][0][0]
    apply(state, chosen)
    lines = presenter.step_lines(pending, chosen, state["events"], view(state, 1))
    assert lines and "decided" not in lines[0]
    assert all(" chose" not in line for line in lines)


def test_the_table_type_is_the_one_module_a_browser_needs():
    assert Table.__module__ == "cardsmith.present.model"


def test_dbz_narrates_an_energy_attack_with_its_article():
    game = get_game("dbz")
    obs = next(_positions("dbz", 2, 3, 20))
    presenter = presenter_for(game)
    line = presenter.event_line({"t": "attack", "seat": 1, "kind": "e", "name": "Lantern Bolt"}, obs.view)
    assert line == "P2 makes an energy attack: Lantern Bolt."
    line = presenter.event_line({"t": "attack", "seat": 0, "kind": "p", "name": "Cobblestone Jab"}, obs.view)
    assert line == "P1 makes a physical attack: Cobblestone Jab."


ACTION_WORDS = set(
    "accept aim allow attack bet bid block break burn buy call charm check choose come counter deal decline declare "
    "discard do done draw duel end fight finish fold go "
    "follow force give hide join keep lay let move name neutralize pass pay pick place play power put raise refuse "
    "reflect remove replay restore return reveal roll run scavenge scrap select set show shuffle skip split start "
    "stay step stop swap take trade trigger tunnel turn upgrade use wait".split()
)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_option_label_names_its_verb_and_its_object(game_id):
    """An option read alone (in the news, in a record's log) says what it does and to what: an action word, every
    card it names by name and every seat it names."""
    game = get_game(game_id)
    for players in sorted({max(2, game.min_players), min(game.max_players, 4)}):
        for obs in _positions(game_id, players, 7, 200):
            for choice in table_for(game, obs.view, obs.decision).question.choices:
                words = {w.lower() for w in re.findall(r"[A-Za-z]+", choice.label)}
                assert words & ACTION_WORDS or {w[:-1] for w in words} & ACTION_WORDS, choice
                action = game.parse_action(choice.id)
                verb = game.verb_table.by_name[action.verb]
                for arg, value in zip(verb.args, action.args, strict=True):
                    if type(arg).__name__ == "CardArg":
                        assert str(value) in choice.label, choice
                    if type(arg).__name__ == "SeatArg":  # by name, or as "your" for the deciding seat
                        mine = int(value) == obs.seat and "your" in words
                        assert game.seat_name(int(value)) in choice.label or mine, choice

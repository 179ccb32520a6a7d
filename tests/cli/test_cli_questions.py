"""How the terminal asks a person (issue: a person is asked only real questions): a long choice of a card and its
target asked in two steps, an option that throws cards away confirmed first, and a question with one option taken
for the person, found in seeded random positions of the real games."""

from __future__ import annotations

import pytest
from tests.support.playouts import decisions

from cardsmith.agents import HumanAgent, Turn
from cardsmith.core import apply, get_game, view
from cardsmith.core.state import clone
from cardsmith.core.zones import OWNER
from cardsmith.present import table_for
from cardsmith.present.terminal import LONG, first_steps, narrow


def _turns(game_id: str, players: int, seeds: range, steps: int = 400):
    """Every position where a seat decides along seeded random playouts (the live state: used before the next)."""
    return decisions(game_id, players, seeds, steps)


def _players(game) -> int:
    """The table the tests search: the smallest of two or more, three in bpoker (whose discard-down comes sooner)."""
    return 3 if game.id == "bpoker" else max(2, game.min_players)


def _first(game_id: str, players: int, wanted, verbs: frozenset[str] = frozenset()) -> tuple[Turn, object]:
    """The first position whose question is ``wanted`` (only positions offering one of ``verbs`` are looked at,
    when given)."""
    game = get_game(game_id)
    for state in _turns(game_id, players, range(40)):
        if verbs and not any(oid.split(":", 1)[0] in verbs for oid, _ in state["pending"]["options"]):
            continue
        turn = Turn(state)
        question = table_for(game, turn.view, turn.decision).question
        if wanted(question):
            return turn, question
    raise AssertionError(f"no position of {game_id} has the question wanted")


def _reader(answers: list[str]):
    def read(prompt: str) -> str:
        if not answers:
            raise AssertionError(f"asked once more than scripted: {prompt!r}")
        return answers.pop(0)

    return read


def _folds(question) -> bool:
    return len(question.choices) > LONG and any(g.target for g in question.groups)


def test_a_long_choice_of_a_card_and_its_target_is_asked_in_two_steps():
    turn, question = _first("taidian", 6, _folds)
    shown = first_steps(question)
    entries = [c for c in shown.choices if not c.id]
    assert entries and len(shown.choices) < len(question.choices)
    # nothing is lost: each option is listed, or under exactly one entry
    under = {c.id: e.key for e in entries for c in narrow(question, e).choices}
    listed = {c.id for c in shown.choices if c.id}
    assert sorted([*under, *listed]) == sorted(c.id for c in question.choices)
    assert not set(under) & listed
    entry = entries[0]
    targets = narrow(question, entry).choices
    assert len(targets) > 1 and all(c.key.startswith(entry.key + ".") for c in targets)

    out: list[str] = []
    agent = HumanAgent(turn.seat, read=_reader([entry.key, "back", entry.key, "2"]), write=out.append)
    assert agent.choose(turn) == targets[1].id
    text = "\n".join(out)
    assert f"{len(targets)} targets" in text  # the first step names how many targets a card has
    assert text.count(targets[1].label) == 2  # the second step lists the targets, twice after 'back'


def test_a_full_key_is_taken_at_the_first_step_too():
    turn, question = _first("taidian", 6, _folds)
    folded = next(c for e in first_steps(question).choices if not e.id for c in narrow(question, e).choices)
    out: list[str] = []
    agent = HumanAgent(turn.seat, read=_reader([folded.key]), write=out.append)
    assert agent.choose(turn) == folded.id
    assert out[-1] == f"{folded.key} → {folded.label}"  # a key the screen did not list is said in words


@pytest.mark.parametrize("game_id", ["martial-arts", "dbz", "taidian", "bpoker", "ani-mayhem"])
def test_an_option_that_throws_cards_away_is_confirmed_first(game_id):
    game = get_game(game_id)
    turn, question = _first(
        game_id,
        _players(game),
        lambda q: len(q.choices) > 1 and any(c.discards for c in q.choices),
        frozenset(v.name for v in game.verbs if v.discards),
    )
    number, choice = next((n, c) for n, c in enumerate(first_steps(question).choices, 1) if c.discards)
    out: list[str] = []
    agent = HumanAgent(turn.seat, read=_reader([str(number), "no", str(number), "yes"]), write=out.append)
    assert agent.choose(turn) == choice.id
    text = "\n".join(out)
    assert text.count("this throws your cards away") == 2
    assert "Not done. Choose again." in text


@pytest.mark.parametrize("game_id", ["martial-arts", "dbz", "taidian", "bpoker", "ani-mayhem"])
def test_options_marked_as_throwing_cards_away_take_cards_from_the_seat(game_id):
    """The mark is true: applying such an option moves a card out of the deciding seat's hand (a zone of its own that
    only it sees: ``hand``, bpoker's viewing hand)."""
    game = get_game(game_id)
    discarding = {v.name for v in game.verbs if v.discards}
    checked = 0
    for state in _turns(game_id, _players(game), range(40), 300):
        if checked >= 8:
            break
        if not any(oid.split(":", 1)[0] in discarding for oid, _ in state["pending"]["options"]):
            continue
        turn = Turn(state)
        question = table_for(game, turn.view, turn.decision).question
        for choice in question.choices:
            if not choice.discards:
                continue
            trial = clone(state)
            apply(trial, choice.id)
            moves = [(e["from"], e["to"]) for e in trial["events"] if e["t"] == "move"]
            assert any(_in_hand(game, a, turn.seat) and not _in_hand(game, b, turn.seat) for a, b in moves), (
                choice
            )
            checked += 1
    assert checked > 0


def _in_hand(game, zone: str, seat: int) -> bool:
    return game.visibility.zone_info(zone) == (OWNER, seat)


def test_a_question_with_one_option_is_taken_for_the_person_and_told():
    turn, question = _first("martial-arts", 2, lambda q: len(q.choices) == 1)
    out: list[str] = []
    agent = HumanAgent(turn.seat, read=_reader([]), write=out.append)
    assert agent.choose(turn) == question.choices[0].id
    assert out == []  # no screen, no prompt
    assert agent.news()[0] == "Your only option was taken for you:"


def test_TAI_4_3_every_money_card_is_played_in_one_step():
    """A shortcut answers the rules' several decisions one after another, each still asked in the engine."""
    game = get_game("taidian")
    for state in _turns("taidian", 2, range(40)):
        turn = Turn(state)
        question = table_for(game, turn.view, turn.decision).question
        if question.shortcuts:
            break
    else:
        raise AssertionError("no upgrading turn with two money cards in hand")
    shortcut = question.shortcuts[0]
    assert shortcut.key == "money" and not shortcut.id and len(shortcut.series) >= 2
    seat = turn.seat
    pool = turn.view["public"]["pool"]
    values = [game.presenter()._rows[oid.split(":", 1)[1]]["value"] for oid in shortcut.series]
    out: list[str] = []
    agent = HumanAgent(seat, read=_reader(["money"]), write=out.append)
    played = []
    for _ in shortcut.series:  # one scripted answer: the reader refuses a second question
        oid = agent.choose(Turn(state))
        played.append(oid)
        apply(state, oid)
    assert played == list(shortcut.series)  # every money card, and nothing else, with one answer
    assert view(state, seat)["public"]["pool"] == pool + sum(values)
    assert "In one step: money Play every money card in hand" in "\n".join(out)

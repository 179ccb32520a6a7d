"""Terminal play as a newcomer meets it: a table that fits 100x40, in words (no engine zone id, no raw JSON), and
a hot seat that keeps one person's hidden cards off the other's screen."""

from __future__ import annotations

import re

import pytest

from cardsmith.core import CHANCE, apply, decision, get_game, sample_chance, view
from cardsmith.records import load_record, start_state
from cardsmith.records.record import replay_steps

LARGEST = {"martial-arts": 2, "dbz": 2, "taidian": 6, "bpoker": 6, "ani-mayhem": 6, "tricks": 4}
ENGINE_WORDS = (
    "dz",
    "lpile",
    "ipile",
    "dpile",
    "cdisc",
    "ctable",
    "ctbp",
    "fpot",
    "event_slot",
    "event_deck",
)
PROMPTS = 40
SCREENS = {"tricks": 2}
"""Screens a piped game shows at least (else 4): in tricks a seat holds 4 cards, and a card that is the only one it
may play (its last, or the only one of the suit led) is played for the person without a screen."""


def _piped(cardsmith, game: str) -> str:
    seats = ",".join(["human"] + ["random"] * (LARGEST[game] - 1))
    proc = cardsmith(
        "play", game, "--seats", seats, "--seed", "5", stdin="1\n" * PROMPTS, toy=False, timeout=600
    )
    assert proc.returncode in (0, 1), proc.stderr  # 1: the input ended before the game did
    assert "Traceback" not in proc.stderr
    return proc.stdout


def _screens(out: str) -> list[list[str]]:
    """Each screen: from its heading to the seat's prompt."""
    return [s.split("\nP1> ")[0].splitlines() for s in re.split(r"^=== ", out, flags=re.M)[1:]]


@pytest.fixture(scope="module")
def transcripts():
    from tests.cli.conftest import run_cardsmith

    return {game: _piped(run_cardsmith, game) for game in LARGEST}


@pytest.mark.parametrize("game", sorted(LARGEST))
def test_a_piped_game_shows_no_engine_zone_id_and_no_json(transcripts, game):
    out = transcripts[game]
    assert len(_screens(out)) >= SCREENS.get(game, 4)
    kinds = get_game(game).visibility.zone_kinds
    ids = sorted({m.group(0) for k in kinds for m in re.finditer(rf"(?<!\w){re.escape(k)}:\d+", out)})
    assert ids == []
    assert [w for w in ENGINE_WORDS if re.search(rf"\b{w}\b", out)] == []
    assert not re.search(r"\{\s*\"|\[\[|\{'", out)  # no JSON object, no nested list of raw data


@pytest.mark.parametrize("game", sorted(LARGEST))
def test_a_piped_game_fits_100_columns_and_40_lines_a_prompt(transcripts, game):
    out = transcripts[game]
    screens = _screens(out)
    assert max(len(line) for line in out.splitlines()) <= 100
    assert max(len(screen) for screen in screens) <= 40, max(screens, key=len)


def _p2_secrets(record: dict) -> list[tuple[int, set[str]]]:
    """At each decision a person is shown (the last one unanswered: the game was quit there; a decision with one
    option is taken for the person without a screen): who decides, and the names in P2's hand that P1 cannot see
    anywhere."""
    state = start_state(record)
    out = []
    for action in [*record["actions"], None]:
        if state["pending"]["seat"] != CHANCE:
            if len(decision(state).options) > 1:
                seen = {
                    e[1] for zone in view(state, 0)["zones"].values() for e in zone if e and e[0] is not None
                }
                hand = {e[1] for e in view(state, 1)["zones"]["hand:1"]}
                out.append((state["pending"]["seat"], hand - seen))
        elif action is not None:
            assert sample_chance(state) == action  # chance draws from the state's RNG, as in the game played
        if action is not None:
            apply(state, action)
    return out


def test_hot_seat_clears_the_screen_and_keeps_p2s_hand_off_p1s_turns(cardsmith, tmp_path):
    proc = cardsmith(
        "play",
        "martial-arts",
        "--seats",
        "human,human",
        "--seed",
        "11",
        "--record",
        str(tmp_path),
        stdin="1\n" * 9 + "quit\n" * 3,
        toy=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert "ended the game" in proc.stdout
    record = load_record(tmp_path / "martial-arts-11.json")
    assert record["result"] is None  # stopped by a person: replayable, with no result
    secrets = _p2_secrets(record)
    screens = re.split(r"^=== ", proc.stdout, flags=re.M)[1:]
    assert len(screens) == len(secrets)
    handovers = 0
    for number, (screen, (seat, hidden)) in enumerate(zip(screens, secrets, strict=True)):
        assert screen.startswith(f"P{seat + 1} to decide")
        if seat == 0:
            shown = [name for name in hidden if name in screen]
            assert shown == [], f"screen {number} of P1 shows P2's {shown}"
        if number + 1 < len(screens) and screens[number + 1][:2] != screen[:2]:
            # the next person's turn: the screen is cleared, and they press Enter before anything is shown
            assert "\x1b[2J" in screen and f"{screens[number + 1][:2]}, press Enter" in screen
            handovers += 1
    assert handovers >= 2


def _until_out(cardsmith, answer: str, tmp_path):
    """taidian, seed 1: P1 (a person answering 1 to everything) is eliminated by the heuristic players; ``answer``
    is the person's answer when asked what now."""
    first = cardsmith(
        "play", "taidian", "--seats", "human,heuristic,heuristic", "--seed", "1", stdin="1\n" * 400, toy=False
    )
    head = first.stdout.split("You are out of the game.")[0]
    asked = head.count("P1> ")  # every question and confirmation asked before the knock-out
    return cardsmith(
        "play",
        "taidian",
        "--seats",
        "human,heuristic,heuristic",
        "--seed",
        "1",
        "--record",
        str(tmp_path),
        stdin="1\n" * asked + answer + "\n",
        toy=False,
    )


@pytest.mark.parametrize("answer", ["watch", "skip", "quit"])
def test_a_person_knocked_out_may_watch_skip_or_quit_and_the_record_is_written(cardsmith, tmp_path, answer):
    proc = _until_out(cardsmith, answer, tmp_path)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert out.count("You are out of the game.") == 1
    after = out.split("1. watch the rest  2. skip to the result  3. quit> ")[1]
    record = load_record(tmp_path / "taidian-1.json")
    if answer == "quit":
        assert "P1 ended the game." in after and record["result"] is None
    else:
        assert "Result: " in after and record["result"] is not None
        assert "P1> " not in after  # nobody asks the knocked-out person anything more
        told = [line for line in after.splitlines() if line.startswith(("P2 ", "P3 ", "  "))]
        assert (len(told) > 0) == (answer == "watch")  # watching tells each step; skipping tells none


def test_replay_shows_the_table_between_steps_as_the_seat_saw_it(cardsmith, tmp_path):
    played = cardsmith(
        "play",
        "martial-arts",
        "--seats",
        "random,random",
        "--seed",
        "3",
        "--record",
        str(tmp_path),
        toy=False,
    )
    assert played.returncode == 0, played.stderr
    path = tmp_path / "martial-arts-3.json"
    proc = cardsmith("replay", str(path), "--as", "P1", "--table", toy=False)
    assert proc.returncode == 0, proc.stderr
    record = load_record(path)
    screens = re.split(r"^━━ ", proc.stdout, flags=re.M)[1:]
    assert len(screens) == len(record["actions"]) + 1  # the setup, then one table after each step
    assert all(" · you are P1 " in screen.splitlines()[0] for screen in screens)
    assert re.search(r"^P2 · .*Hand \d+ · ", proc.stdout, re.M)  # P2's hand as a count
    state = start_state(record)  # no card of P2's hand that P1 could not see stands on P1's tables
    steps = iter(replay_steps(record, state))  # a generator: each step is applied as it is taken
    for number in range(len(screens)):
        if number:
            next(steps)
        hidden = {e[1] for e in view(state, 1)["zones"]["hand:1"]} - {
            e[1] for zone in view(state, 0)["zones"].values() for e in zone if e and e[0] is not None
        }
        assert [name for name in hidden if name in screens[number]] == [], number
    assert max(len(screen.splitlines()) for screen in screens) <= 40
    assert max(len(line) for line in proc.stdout.splitlines()) <= 100

"""The terminal's human agent (with injected input and output) and agents by name."""

from __future__ import annotations

import re

import pytest
import tests.support.toy  # noqa: F401  (registers the toy game)

from cardsmith.agents import AgentError, HumanAgent, InputEnded, RandomAgent, Turn, make_agent, parse_seats
from cardsmith.core import apply, new_game, resolve_chance


def _scripted(answers: list[str]):
    asked: list[str] = []

    def read(prompt: str) -> str:
        asked.append(prompt)
        if not answers:
            raise EOFError
        return answers.pop(0)

    return read, asked


def _state_for(seat: int) -> dict:
    """A toy game where ``seat`` is to decide after the opening chance decision."""
    for seed in range(50):
        state = new_game("toy", 2, seed)
        if resolve_chance(state) == f"first:{seat}":
            return state
    raise AssertionError("no seed lets this seat start")


def test_human_agent_shows_its_view_and_reads_a_number_or_an_id():
    state = _state_for(0)
    out: list[str] = []
    read, asked = _scripted(["", "nonsense", "7", "2"])
    agent = HumanAgent(0, read=read, write=out.append)
    agent.observe(new_game("toy", 2, 0))  # the deal, as seat 0 sees it
    ids = Turn(state).option_ids
    assert agent.choose(Turn(state)) == ids[1]
    assert asked == ["P1> "] * 4
    text = "\n".join(out)
    assert "=== P1 to decide (turn 1) ===" in text
    assert "── So far" in text
    # P2's area: its hand as a count, its deck as a size
    assert re.search(r"^P2 · Deck 2 · Hand 2$", text, re.M), text
    assert "Play or draw" in text
    assert "   1. " in text and re.search(rf"^  +{len(ids)}\. draw +Draw a card$", text, re.M)
    assert "Please answer with a key or a number from 1 to 5 (help for more)." in text
    assert "'nonsense' is not an option" in text
    assert "'7' is not an option" in text

    out.clear()
    agent = HumanAgent(0, read=_scripted(["draw"])[0], write=out.append)
    assert agent.choose(Turn(state)) == "draw"


def test_human_agent_tells_what_happened_since_it_last_decided():
    state = _state_for(0)
    out: list[str] = []
    agent = HumanAgent(1, read=_scripted([])[0], write=out.append)
    pending = state["pending"]
    hand = state["zones"]["hand:0"]
    apply(state, f"down:{hand[0]}")
    agent.observe(state, pending, f"down:{hand[0]}")
    agent.tell_news()
    assert out[0] == "So far:"
    assert out[1] == "  P1 decided (Play or draw)"
    assert out[2] == "    a card moves from P1's hand to P1's table"  # which card stays hidden from P2
    assert len(out) == 3
    out.clear()
    agent.tell_news()
    assert out == []


def test_human_agent_end_of_input():
    agent = HumanAgent(0, read=_scripted([])[0], write=lambda line: None)
    with pytest.raises(InputEnded):
        agent.choose(Turn(_state_for(0)))


def test_make_agent_by_name():
    human = make_agent("human", 1, "7/1")
    assert isinstance(human, HumanAgent)
    assert human.seat == 1
    state = _state_for(0)
    a, b = make_agent("random", 0, "7/0"), make_agent("random", 0, "7/0")
    assert isinstance(a, RandomAgent)
    assert [a.choose(Turn(state)) for _ in range(20)] == [b.choose(Turn(state)) for _ in range(20)]
    with pytest.raises(
        AgentError,
        match=r"^unknown agent 'robot' \(known agents: heuristic, human, ismcts, policy, random\)$",
    ):
        make_agent("robot", 0, 0)


def test_parse_seats():
    assert parse_seats("human, random") == ["human", "random"]
    with pytest.raises(AgentError, match="separated by commas"):
        parse_seats("")
    with pytest.raises(AgentError, match="unknown agent 'x'"):
        parse_seats("random,x")

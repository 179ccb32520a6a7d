"""Narration: events in words as a seat sees them, and results in words."""

from cardsmith.agents.narration import event_lines, result_line, step_lines, view_lines
from cardsmith.core import get_game, new_game, view


def test_repeated_event_lines_are_collapsed_with_a_count():
    game = get_game("martial-arts")
    state = new_game(game, 2, 3, {"starting_player": "P1"})
    lines = event_lines(game, state["events"], 1)
    # P1 drew 7 cards P2 may not see: one line with a count; P2's own draws are named (copies drawn in a row
    # share a line with their count).
    assert "P1 draws a card. (x7)" in lines
    own = [line for line in lines if line.startswith("P2 draws ")]
    assert own and not any("a card" in line for line in own)
    assert sum(int(line.rsplit("(x", 1)[1][:-1]) if line.endswith(")") else 1 for line in own) == 7


def test_results_in_words_distinguish_draw_win_and_no_winner():
    game = get_game("martial-arts")
    assert (
        result_line(game, {"winners": [1], "draw": False, "reason": "life 0"}) == "Result: P2 wins (life 0)"
    )
    assert result_line(game, {"winners": [], "draw": True, "reason": "stall"}) == "Result: draw (stall)"
    assert result_line(game, {"winners": [], "draw": False, "reason": "the deck won"}) == (
        "Result: nobody wins (the deck won)"
    )


def test_a_game_summary_replaces_the_raw_public_data():
    game = get_game("martial-arts")
    state = new_game(game, 2, 3, {"starting_player": "P1"})
    lines = view_lines(game, view(state, 0))
    assert any(line.startswith("P1: life 15") for line in lines)
    assert not any(line.startswith("Public: ") for line in lines)


def test_zone_text_groups_copies_and_counts_hidden_cards():
    from cardsmith.agents.narration import zone_text

    entries = [[0, "Coin"], [1, "Coin"], [2, "Punch"], [3, "Coin"], None, [None, None, "face_down"]]
    assert zone_text(entries) == "Coin x3, Punch, 1 hidden card, 1 face_down card"
    assert zone_text([None, None]) == "2 cards"
    assert zone_text([]) == "empty"


def test_a_secret_decision_is_narrated_to_the_others_by_its_public_face():
    game = get_game("martial-arts")
    pending = {
        "seat": 1,
        "kind": "clash",
        "prompt": "P2: a drawn drill clashes",
        "options": [["keep", "Keep it"]],
        "shown_as": ["non_combat", "P2: Step 2"],
    }
    assert step_lines(game, pending, "keep", [], 0) == ["P2 decided (P2: Step 2)"]
    assert step_lines(game, pending, "keep", [], None) == ["P2 decided (P2: Step 2)"]
    assert step_lines(game, pending, "keep", [], 1) == ["P2 chose: Keep it"]

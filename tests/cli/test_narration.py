"""Narration through the presenter: events in words as a seat sees them, decisions taken, and results in words."""

from cardsmith.core import get_game, new_game, view
from cardsmith.present import presenter_for
from cardsmith.present.generic import Presenter


def test_repeated_event_lines_are_collapsed_with_a_count():
    game = get_game("martial-arts")
    state = new_game(game, 2, 3, {"starting_player": "P1"})
    lines = presenter_for(game).event_lines(state["events"], view(state, 1))
    # P1 drew 7 cards P2 may not see: one line with a count; P2's own draws are named (copies drawn in a row
    # share a line with their count).
    assert "P1 draws a card. (x7)" in lines
    own = [line for line in lines if line.startswith("P2 draws ")]
    assert own and not any("a card" in line for line in own)
    assert sum(int(line.rsplit("(x", 1)[1][:-1]) if line.endswith(")") else 1 for line in own) == 7


def test_results_in_words_distinguish_draw_win_no_winner_and_a_stopped_game():
    presenter = presenter_for(get_game("martial-arts"))
    win = {"winners": [1], "draw": False, "reason": "life 0"}
    assert presenter.result_line(win) == "Result: P2 wins (life 0)"
    assert presenter.result_line({"winners": [], "draw": True, "reason": "stall"}) == "Result: Draw (stall)"
    assert presenter.result_line({"winners": [], "draw": False, "reason": "the deck won"}) == (
        "Result: Nobody wins (the deck won)"
    )
    assert presenter.result_line(None) == "Result: none (the game was stopped before its end)"


def test_a_secret_decision_is_narrated_to_the_others_by_its_public_face():
    game = get_game("martial-arts")
    state = new_game(game, 2, 3, {"starting_player": "P1"})
    presenter = Presenter(game)  # the words every game's presenter starts from
    pending = {
        "seat": 1,
        "kind": "clash",
        "prompt": "P2: a drawn drill clashes",
        "options": [["keep", "Keep it"]],
        "shown_as": ["non_combat", "P2: Step 2"],
    }
    for viewer in (0, None):
        assert presenter.step_lines(pending, "keep", [], view(state, viewer)) == ["P2 decided (P2: Step 2)"]
    assert presenter.step_lines(pending, "keep", [], view(state, 1)) == ["You chose: Keep it"]

"""The shared areas a browser draws from the table's data: Ani-Mayhem's Field as a grid of cells (each place once,
at its column and row, with what stands on it), and the players of Taidian and B-Poker seated around the table."""

from __future__ import annotations

import re

import pytest
from tests.support.playouts import decisions

from cardsmith.core import get_game, observe, view
from cardsmith.present import table_for
from cardsmith.present.terminal import screen_lines


def _field_tables(players: int, seed: int, steps: int):
    game = get_game("ani-mayhem")
    for state in decisions("ani-mayhem", players, (seed,), steps):
        if not view(state, None)["public"].get("cells"):
            continue
        obs = observe(state)
        yield state, table_for(game, obs.view, obs.decision)
        yield state, table_for(game, view(state, None), None)


def test_AM_4_1_the_field_is_a_grid_of_every_place_at_its_cell_with_what_stands_on_it():
    checked = 0
    for state, table in _field_tables(4, 3, 200):
        field = next(r for r in table.regions if r.grid is not None)
        cells = {(c.x, c.y): c for c in field.grid.cells}
        seen = view(state, None)
        public = seen["public"]
        places = {(x, y): p for p, x, y, *_ in public["cells"]}
        assert set(cells) == set(places) and len(cells) == len(field.grid.cells)
        names = {e[0]: e[1] for z in seen["zones"].values() for e in z if e is not None and e[0] is not None}
        for key, card in public["chars"].items():
            at = next(xy for xy, p in places.items() if p == card["at"])
            cell = cells[at]
            assert card["seat"] in cell.seats
            who = game_seat(card["seat"])
            if cell.kind == "haven":
                assert any(line.startswith(f"{who}: ") for line in cell.lines)
            else:
                assert f"{who}'s {names[int(key)]}" in cell.lines
        for key, disaster in public["disasters"].items():
            at = next((xy for xy, p in places.items() if p == disaster["at"]), None)
            if at is not None:
                assert f"Disaster {names[int(key)]}" in cells[at].lines
        checked += 1
    assert checked > 10


def game_seat(seat: int) -> str:
    return get_game("ani-mayhem").seat_name(seat)


def test_the_field_map_in_text_is_the_notes_the_grid_stands_for_and_the_terminal_still_shows_it():
    for _, table in _field_tables(2, 5, 70):
        field = next(r for r in table.regions if r.grid is not None)
        drawn = field.notes[: field.grid.text_lines]
        rows = {c.y for c in field.grid.cells}
        assert len(drawn) == max(rows) - min(rows) + 1
        assert all(re.match(r"^\s*-?\d+ ", line) for line in drawn)
        assert all(not re.match(r"^\s*-?\d+ ", line) for line in field.notes[field.grid.text_lines :])
        screen = "\n".join(screen_lines(table, height=200))
        assert all(line.rstrip() in screen for line in drawn)


@pytest.mark.parametrize(
    "game_id,seating", [("taidian", "around"), ("bpoker", "around"), ("martial-arts", "")]
)
def test_the_table_says_how_the_players_sit(game_id, seating):
    game = get_game(game_id)
    state = next(iter(decisions(game_id, game.max_players, (1,), 40)))
    obs = observe(state)
    table = table_for(game, obs.view, obs.decision)
    assert table.seating == seating
    assert sum(r.seat is not None for r in table.regions) == game.max_players

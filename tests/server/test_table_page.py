"""The table page draws the shared areas from the table's data and takes options from the keyboard: Ani-Mayhem's
Field as a grid of cells, Taidian's players around the table, an option taken by its number or its key."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardsmith.core.engine import decision
from cardsmith.core.view import view

from .test_browser import SHOTS, click_an_option, create, open_table, settle

sync_api = pytest.importorskip("playwright.sync_api")


def _box(page, selector: str) -> dict:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box


def test_a_number_key_takes_the_option_its_button_shows_and_a_typed_key_with_enter_too(live, browser):
    links = create(live, "martial-arts", ["human", "human"])
    room = live.room(links["game_id"])
    context = browser.new_context()
    pages = [open_table(context, url) for url in links["join"]]
    ways = ["number", "key"]
    rng = random.Random(3)
    while ways and not room.over:
        page = pages[room.deciding()]
        settle([page], room.number)
        buttons = page.locator("#question button.choice")
        kept = [i for i in range(buttons.count()) if buttons.nth(i).get_attribute("data-discards") != "1"]
        if not kept:
            click_an_option(page, rng)
            continue
        button = buttons.nth(kept[-1])
        number, option, key = (button.get_attribute(f"data-{a}") for a in ("number", "id", "key"))
        assert button.locator("kbd").inner_text() == number  # the number is shown on the button
        before = room.number
        if ways.pop(0) == "number":
            page.keyboard.type(number)
            if int(number) * 10 <= buttons.count():  # 1 of 12 waits: 10, 11 or 12 may follow
                page.keyboard.press("Enter")
        else:
            page.keyboard.type(key)
            page.keyboard.press("Enter")
        page.wait_for_function(f"document.body.dataset.decision !== '{before}'")
        assert room.stored.actions[before] == option
    assert not ways
    context.close()


def test_AM_4_1_the_field_is_drawn_as_a_grid_of_cells_x_to_the_right_y_down(live, browser):
    links = create(live, "ani-mayhem", ["human", "random"])
    room = live.room(links["game_id"])
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = open_table(context, links["join"][0])
    rng = random.Random(4)
    for _ in range(40):
        if page.locator(".grid .cell").count() or room.over:
            break
        page.wait_for_selector(".banner.your-turn, .banner.over")
        click_an_option(page, rng)
    settle([page], room.number)
    table = room.presenter.table(view(room.state, 0), None)
    field = next(r for r in table.regions if r.grid is not None)
    cells = page.locator(".grid .cell")
    assert cells.count() == len(field.grid.cells) > 0
    boxes = {}
    for i in range(cells.count()):
        cell = cells.nth(i)
        x, y = int(cell.get_attribute("data-x")), int(cell.get_attribute("data-y"))
        boxes[x, y] = cell.bounding_box()
        drawn = next(c for c in field.grid.cells if (c.x, c.y) == (x, y))
        assert drawn.title in cell.inner_text() and all(line in cell.inner_text() for line in drawn.lines)
    for (x, y), box in boxes.items():
        for (x2, y2), other in boxes.items():
            if y2 == y and x2 > x:
                assert other["x"] > box["x"] and other["y"] == box["y"]
            if x2 == x and y2 > y:
                assert other["y"] > box["y"] and other["x"] == box["x"]
    text = page.inner_text("#regions")
    assert field.notes[0].strip() not in text  # the map in text is left out where the grid is drawn
    context.close()


def test_taidian_players_sit_around_the_table_the_viewer_nearest_the_next_seat_to_the_left(live, browser):
    links = create(live, "taidian", ["human", "random", "random", "random"])
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    for url, near in ((links["join"][0], 0), (links["spectate"], 0)):
        page = open_table(context, url)
        if SHOTS and near == 0 and url != links["spectate"]:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(Path(SHOTS) / "table-taidian-4.png"))
        seats = {s: _box(page, f".region[data-seat='{s}']") for s in range(4)}
        table = _box(page, ".region.shared")
        left, across, right, you = (
            seats[(near + 1) % 4],
            seats[(near + 2) % 4],
            seats[(near + 3) % 4],
            seats[near],
        )
        assert left["x"] + left["width"] <= table["x"] < table["x"] + table["width"] <= right["x"]
        assert across["y"] + across["height"] <= table["y"] < table["y"] + table["height"] <= you["y"]
        page.close()
    context.close()


def test_TAI_4_3_a_shortcut_plays_every_money_card_one_option_after_another(live, browser):
    links = create(live, "taidian", ["human", "random"])
    room = live.room(links["game_id"])
    context = browser.new_context()
    page = open_table(context, links["join"][0])
    rng = random.Random(5)
    for _ in range(60):
        page.wait_for_selector(".banner.your-turn, .banner.over")
        settle([page], room.number)
        if room.over or page.locator("#question button.series").count():
            break
        upgrade = page.locator("#question button.choice[data-id='upgrade']")
        if upgrade.count():  # an upgrading turn, where money is played
            number = room.number
            upgrade.click()
            page.wait_for_function(f"document.body.dataset.decision !== '{number}'")
            continue
        click_an_option(page, rng)
    shortcut = room.presenter.table(view(room.state, 0), decision(room.state)).question.shortcuts[0]
    before = room.number
    page.locator("#question button.series").click()
    page.wait_for_function(f"document.body.dataset.decision === '{before + len(shortcut.series)}'")
    assert room.stored.actions[before : before + len(shortcut.series)] == list(shortcut.series)
    context.close()

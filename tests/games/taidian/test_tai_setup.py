"""Taking of Taidian scenario tests, section 2 (setup) and the setup options of section 13."""

from __future__ import annotations

from collections import Counter

import pytest
from tests.support.taidian_helpers import (
    apply,
    characters,
    deciding,
    energy,
    health,
    ids,
    levels,
    max_health,
    names,
    public,
    refused,
    round_number,
    start_seat,
    table,
    teams,
    volley,
)

from cardsmith.core import OptionError, SeatCountError, blank_state, new_game, rng, view
from cardsmith.core.actions import option_id
from cardsmith.games.taidian.data import CHAR_NAMES
from cardsmith.sim.runner import play

BIG = ("Coin", "Cash", "Gold", "Bolt", "Flash", "Strike")


def deck_cards(s: dict, seat: int) -> Counter:
    return Counter(names(s, f"deck:{seat}") + names(s, f"hand:{seat}"))


def expected_characters(n: int, seed: int, order: list[int]) -> list[str]:
    """TAI-2.4 as documented: one shuffle of the character list, taken in selection order."""
    probe = blank_state("taidian", n, seed)
    chars = list(CHAR_NAMES)
    rng.shuffle(probe, chars)
    out = [""] * n
    for i, seat in enumerate(order):
        out[seat] = chars[i]
    return out


def test_TAI_2_1_two_to_six_players():
    for n in range(2, 7):
        s = new_game("taidian", n, 1)
        assert len(health(s)) == n and s["pending"] is not None
    for n in (1, 7):
        with pytest.raises(SeatCountError, match="2 to 6"):
            new_game("taidian", n, 1)


def test_TAI_2_2_setup_runs_teams_characters_decks_supply_draw_then_start():
    s = new_game("taidian", 3, 4, {"character_selection": "choose", "teams": "0/1,2"})
    # characters are chosen before any card exists, after the teams are fixed
    assert s["cards"] == [] and teams(s) == [1, 2, 2] and deciding(s) == (0, "character")
    for _ in range(3):
        apply(s, ids(s)[0])
    deck_ids = [c for seat in range(3) for k in ("deck", "hand") for c in s["zones"][f"{k}:{seat}"]]
    assert max(deck_ids) < min(
        s["zones"]["supply"]
    )  # starting decks (with extras) are made before the supply
    assert all(len(s["zones"][f"hand:{seat}"]) == 5 for seat in range(3))
    setup = next(e for e in s["events"] if e["t"] == "setup")
    assert setup["start"] == start_seat(s)  # the starting player comes last
    kinds = [e.get("cause") for e in s["events"] if e["t"] == "move"]
    assert kinds == ["draw"] * 15


def test_TAI_2_3_teams_are_set_before_characters_and_never_change():
    opts = {"teams": "0,2/1,3", "character_selection": "choose"}
    s = new_game("taidian", 4, 9, opts)
    assert teams(s) == [1, 2, 1, 2] and all(c == "" for c in characters(s))
    from cardsmith.agents import RandomAgent

    seen = []
    play(s, [RandomAgent(f"t{i}") for i in range(4)], on_step=lambda st, _o: seen.append(teams(st)))
    assert all(t == [1, 2, 1, 2] for t in seen)


def test_TAI_2_4_characters_are_dealt_at_random_in_selection_order():
    for seed in range(5):
        s = new_game("taidian", 4, seed)
        assert characters(s) == expected_characters(4, seed, [0, 1, 2, 3])
    assert len({tuple(characters(new_game("taidian", 4, seed))) for seed in range(6)}) > 1


def test_TAI_2_5_the_selection_order_defaults_to_seat_order():
    s = new_game("taidian", 3, 2, {"character_selection": "choose"})
    order = []
    while deciding(s)[1] == "character":
        order.append(deciding(s)[0])
        apply(s, ids(s)[0])
    assert order == [0, 1, 2]
    r = new_game("taidian", 3, 2, {"selection_order": "2,0,1"})
    assert characters(r) == expected_characters(3, 2, [2, 0, 1])
    assert characters(r) != characters(new_game("taidian", 3, 2))


def test_TAI_2_6_with_choose_each_player_picks_an_untaken_character_openly():
    s = new_game("taidian", 2, 0, {"character_selection": "choose"})
    assert len(ids(s)) == 10
    apply(s, option_id("character", "Ironhide"))
    assert (
        deciding(s) == (1, "character")
        and option_id("character", "Ironhide") not in ids(s)
        and len(ids(s)) == 9
    )
    assert refused(s, option_id("character", "Ironhide"))
    assert any(e["t"] == "pick" and e["ch"] == "Ironhide" for e in s["events"])  # everybody sees the pick
    apply(s, option_id("character", "Phoenix"))
    assert characters(s) == ["Ironhide", "Phoenix"]


def test_TAI_2_7_characters_are_unique_and_the_rest_play_no_part():
    for seed in range(10):
        s = new_game("taidian", 6, seed)
        assert len(set(characters(s))) == 6
        others = set(CHAR_NAMES) - set(characters(s))
        assert len(others) == 4 and not others & set(str(view(s, None)["public"]).split("'"))
    with pytest.raises(Exception, match="same character"):
        table(2, characters=["Volt", "Volt"])


def test_TAI_2_8_the_starting_deck_is_eleven_cards():
    s = new_game("taidian", 2, 0)
    plain = [seat for seat in range(2) if characters(s)[seat] != "Rook"]
    for seat in plain:
        assert deck_cards(s, seat) == Counter({"Coin": 4, "Cash": 1, "Shield": 2, "Kick": 2, "Punch": 2})


def test_TAI_2_9_starting_cards_do_not_come_from_the_supply():
    for n, small in ((2, 10), (4, 10), (5, 12), (6, 12)):
        s = new_game("taidian", n, 0, {"extra_punches": True})
        pile = public(s)["piles"]
        assert all(pile[name] == 30 for name in BIG)
        assert pile["Punch"] == small and pile["Shield"] == small and pile["9mm"] == small
        assert Counter(names(s, "supply"))["Kick"] == small


def test_TAI_2_10_extra_starting_cards_go_into_the_deck_before_the_first_shuffle():
    s = new_game("taidian", 2, 0, {"character_selection": "choose"})
    apply(s, option_id("character", "Rook"))
    apply(s, option_id("character", "Volt"))
    rook = deck_cards(s, 0)
    assert rook == Counter({"Coin": 4, "Cash": 1, "Shield": 3, "Kick": 2, "Punch": 2, "9mm": 1})
    assert len(s["zones"]["deck:0"]) == 8 and len(s["zones"]["hand:0"]) == 5  # 13 shuffled, 5 drawn


def test_TAI_2_11_health_starts_at_150_or_100():
    assert health(new_game("taidian", 3, 0)) == [150, 150, 150]
    assert health(new_game("taidian", 3, 0, {"starting_health": "100"})) == [100, 100, 100]


def test_TAI_2_12_energy_starts_at_0_plus_ability_energy():
    s = new_game("taidian", 2, 0, {"character_selection": "choose"})
    apply(s, option_id("character", "Volt"))
    apply(s, option_id("character", "Spark"))
    assert energy(s) == [5, 0]


def test_TAI_2_13_every_track_starts_at_level_0():
    s = new_game("taidian", 5, 3)
    assert levels(s) == [[0, 0, 0, 0]] * 5


def test_TAI_2_14_maximum_health_is_the_starting_health():
    s = table(
        2, step="play", turn_type="attack", hands={0: ["First Aid", "Punch"], 1: ["Medic"]}, health=[145, 150]
    )
    volley(s, ("First Aid", 0))
    assert health(s)[0] == 150 and max_health(s) == 150  # 145 + 10, capped at 150
    h = table(2, step="choice", options={"starting_health": "100"})
    assert max_health(h) == 100


def test_TAI_2_15_pile_sizes_follow_the_player_count():
    for n in range(2, 7):
        s = new_game("taidian", n, 0)
        counts = Counter(names(s, "supply"))
        small = 10 if n <= 4 else 12
        for name in counts:
            assert counts[name] == (30 if name in BIG else small), (n, name)
        assert len(counts) == 21


def test_TAI_2_16_each_player_shuffles_and_draws_five():
    s = new_game("taidian", 4, 6)
    for seat in range(4):
        assert len(s["zones"][f"hand:{seat}"]) == 5
        assert len(s["zones"][f"deck:{seat}"]) == sum(deck_cards(s, seat).values()) - 5
    orders = {tuple(names(new_game("taidian", 2, seed), "hand:0")) for seed in range(8)}
    assert len(orders) > 1  # shuffled, not dealt in a fixed order


def test_TAI_2_17_the_starting_player_takes_the_first_turn():
    for seat in range(3):
        s = new_game("taidian", 3, 0, {"starting_player": str(seat)})
        assert start_seat(s) == seat and deciding(s) == (seat, "turn_type") and s["turn"] == 1
    starts = {start_seat(new_game("taidian", 3, seed)) for seed in range(20)}
    assert starts == {0, 1, 2}  # random by default, from the seeded generator


# ================================================================ setup options (section 13)


def test_TAI_13_1_starting_player_option_is_random_or_a_seat():
    assert start_seat(new_game("taidian", 4, 5, {"starting_player": "3"})) == 3
    with pytest.raises(OptionError, match="TAI-13.1"):
        new_game("taidian", 3, 0, {"starting_player": "4"})
    with pytest.raises(OptionError):
        new_game("taidian", 3, 0, {"starting_player": "first"})


def test_TAI_13_2_character_selection_option():
    assert deciding(new_game("taidian", 2, 0, {"character_selection": "choose"}))[1] == "character"
    assert deciding(new_game("taidian", 2, 0))[1] == "turn_type"
    with pytest.raises(OptionError):
        new_game("taidian", 2, 0, {"character_selection": "draft"})


def test_TAI_13_3_selection_order_option_takes_every_seat_once():
    s = new_game("taidian", 3, 0, {"character_selection": "choose", "selection_order": "1,2,0"})
    assert deciding(s) == (1, "character")
    for bad in ("0,1", "0,1,1", "0,1,3", "a,b,c"):
        with pytest.raises(OptionError, match="TAI-13.3"):
            new_game("taidian", 3, 0, {"selection_order": bad})


def test_TAI_13_4_teams_option_lists_the_teams():
    s = new_game("taidian", 5, 0, {"teams": "0,1,2/3,4"})
    assert teams(s) == [1, 1, 1, 2, 2]
    assert teams(new_game("taidian", 4, 0, {"teams": ""})) == [None] * 4
    assert teams(new_game("taidian", 4, 0, {"teams": "none"})) == [None] * 4


def test_TAI_13_8_extra_punches_make_thirteen_card_decks():
    s = new_game("taidian", 2, 0, {"extra_punches": True})
    for seat in range(2):
        if characters(s)[seat] != "Rook":
            assert deck_cards(s, seat) == Counter({"Coin": 4, "Cash": 1, "Shield": 2, "Kick": 2, "Punch": 4})


def test_TAI_13_9_starting_health_option_sets_health_and_maximum():
    s = new_game("taidian", 2, 0, {"starting_health": "100"})
    assert health(s) == [100, 100] and max_health(s) == 100
    with pytest.raises(OptionError):
        new_game("taidian", 2, 0, {"starting_health": "120"})
    t = table(2, step="play", turn_type="attack", hands={0: ["First Aid", "Punch"]}, health=[95, 100],
              options={"starting_health": "100"})  # fmt: skip
    volley(t, ("First Aid", 0))
    assert health(t)[0] == 100


def test_TAI_13_11_options_are_fixed_at_setup():
    opts = {"knockout_reward": True, "round_cap": 3, "starting_health": "100"}
    s = new_game("taidian", 3, 8, opts)
    before = dict(s["options"])
    from cardsmith.agents import RandomAgent

    play(s, [RandomAgent(f"o{i}") for i in range(3)])
    assert s["options"] == before and s["options"]["round_cap"] == 3
    assert round_number(s) <= 3


def test_TAI_2_6_TAI_13_2_a_picked_character_is_announced_to_all():
    s = new_game("taidian", 2, 0, {"character_selection": "choose"})
    apply(s, option_id("character", "Volt"))
    from cardsmith.core import get_game

    line = get_game("taidian").describe_event(next(e for e in s["events"] if e["t"] == "pick"), 1)
    assert line == "P1 chooses Volt."

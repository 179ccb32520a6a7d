"""DBZ scenario tests: drawn drills that clash with the colour lock (section 9).

Seat 0 (Kairo) has a Black drill in play and draws in Step 1 unless a test says otherwise; ``life:0`` is listed top
card first.
"""

from __future__ import annotations

from tests.support.dbz_helpers import cid, deciding, do, has, option_cards, phase, play_id, position, refused
from tests.support.scenario import ids, names

from cardsmith.core import apply, option_id, view
from cardsmith.games.dbz import GAME
from cardsmith.present import presenter_for

BLACK = ["Black Anvil Posture Drill"]
FILL = ["Sieve Palm"] * 6


def draw(top, d0=BLACK, **setup):
    zones = {"life:0": [*top, *FILL], "drills:0": list(d0)}
    zones.update(setup.pop("zones", {}))
    return position(zones, step="draw", **setup)


def clash_titles(state):
    """The drawn drills whose clash choice the pending decision offers (DBZ-9.2 a and b)."""
    return sorted(option_cards(state, "show_and_shuffle"))


def keep(state):
    """Go on with Step 2 (its "done"): every drawn drill still waiting is kept in hand (DBZ-9.2 c)."""
    do(state, "done")


def test_DBZ_9_1_a_drawn_drill_clashes_when_its_colour_cannot_be_played():
    s = draw(["Orange Kiln-Step Drill", "Black Coal-Forge Drill", "Lantern Bolt"])
    assert deciding(s) == (0, "non_combat") and clash_titles(s) == ["Orange Kiln-Step Drill"]
    free = draw(["Orange Kiln-Step Drill", "Lantern Bolt", "Sieve Palm"], d0=[])  # no colour in play yet
    assert deciding(free) == (0, "non_combat") and clash_titles(free) == []
    wide = draw(
        ["Orange Kiln-Step Drill", "Lantern Bolt", "Sieve Palm"],
        d0=["Black Anvil Posture Drill", "Two-Schools Drill"],
    )
    assert deciding(wide) == (0, "non_combat") and clash_titles(wide) == []  # room for a second colour


def test_DBZ_9_2_three_choices_show_and_shuffle_discard_or_keep():
    s = draw(["Orange Kiln-Step Drill", "Lantern Bolt", "Sieve Palm"])
    assert "Orange Kiln-Step Drill" in names(
        s, "hand:0"
    )  # the drawn drill, named by its title in the options
    # (a) and (b) come first in Step 2's own decision; (c) is going on with it (rules version 4)
    assert ids(s) == [
        option_id("show_and_shuffle", "Orange Kiln-Step Drill"),
        option_id("discard_unshown", "Orange Kiln-Step Drill"),
        *ids(draw(PLAIN)),
    ]
    keep(s)
    assert "Orange Kiln-Step Drill" in names(s, "hand:0") and phase(s) != "noncombat"


def test_DBZ_9_3_showing_reveals_the_title_returns_it_and_shuffles_the_deck():
    s = draw(["Orange Kiln-Step Drill", "Lantern Bolt", "Sieve Palm"])
    rng_before = s["rng"]
    do(s, "show_and_shuffle", "Orange Kiln-Step Drill")
    shown = [e for e in view(s, 1)["events"] if e["t"] in ("mark", "move")]
    assert shown[0]["name"] == "Orange Kiln-Step Drill" and shown[0]["mark"] == "shown"
    assert shown[1]["name"] == "Orange Kiln-Step Drill" and shown[1]["to"] == "life:0"
    assert len(s["zones"]["life:0"]) == 7 and "Orange Kiln-Step Drill" in names(s, "life:0")
    assert s["rng"] != rng_before and "shuffle" in [e["t"] for e in s["events"]]
    assert s["marks"] == {}


def test_DBZ_9_4_discarding_or_keeping_shows_nothing():
    s = draw(["Orange Kiln-Step Drill", "Lantern Bolt", "Sieve Palm"])
    keep(s)
    assert all(e.get("name") is None for e in view(s, 1)["events"] if e["t"] in ("move", "mark"))
    assert view(s, 1)["zones"]["hand:0"].count(None) == 3
    t = draw(["Orange Kiln-Step Drill", "Lantern Bolt", "Sieve Palm"])
    do(t, "discard_unshown", "Orange Kiln-Step Drill")
    assert names(t, "discard:0") == ["Orange Kiln-Step Drill"]
    assert not [e for e in view(t, 1)["events"] if e["t"] == "mark"]


def test_DBZ_9_5_keeping_the_clashing_drill_is_allowed():
    s = draw(["Orange Kiln-Step Drill", "Old Grudge Remembered", "Sieve Palm"])
    do(s, "play", "Old Grudge Remembered") if has(s, "play", "Old Grudge Remembered") else keep(s)
    assert "Orange Kiln-Step Drill" in names(s, "hand:0")
    assert view(s, 0)["private"] == {}  # the choice is made: kept


def test_DBZ_9_6_no_replacement_card_is_drawn():
    for verb, hand in (("show_and_shuffle", 2), ("discard_unshown", 2), (None, 3)):
        s = draw(["Orange Kiln-Step Drill", "Lantern Bolt", "Sieve Palm"])
        if verb is None:
            keep(s)
        else:
            do(s, verb, "Orange Kiln-Step Drill")
        assert len(s["zones"]["hand:0"]) == hand
        assert len(s["zones"]["life:0"]) == 6 + (verb == "show_and_shuffle")


def test_DBZ_9_7_the_choice_follows_every_draw_one_clashing_drill_at_a_time():
    s = draw(["Orange Kiln-Step Drill", "Red Brick-Wall Drill", "Orange Kiln-Step Drill"])
    assert len(s["zones"]["hand:0"]) == 3  # the whole draw came first
    assert clash_titles(s) == ["Orange Kiln-Step Drill", "Red Brick-Wall Drill"]
    do(s, "discard_unshown", "Red Brick-Wall Drill")  # any order
    assert clash_titles(s) == ["Orange Kiln-Step Drill"]
    do(s, "discard_unshown", "Orange Kiln-Step Drill")
    assert clash_titles(s) == ["Orange Kiln-Step Drill"]  # the second copy gets its own choice
    keep(s)
    assert names(s, "discard:0") == ["Red Brick-Wall Drill", "Orange Kiln-Step Drill"]
    assert names(s, "hand:0") == ["Orange Kiln-Step Drill"]
    # the defending player's combat draw gives the choice too, at its first decision of that combat (rules v3)
    c = position(
        {
            "life:1": ["Orange Marigold Burst Drill", "Sieve Palm", "Sieve Palm", *FILL],
            "drills:1": ["Blue Heron Watch Drill"],
            "hand:0": ["Drum-Chest Roar"],
        },
        step="declare",
    )
    apply(c, "declare_combat")
    assert len(c["zones"]["hand:1"]) == 3 and view(c, 1)["private"] == {
        "clashing": ["Orange Marigold Burst Drill"]
    }
    do(c, "pass")
    assert deciding(c) == (1, "combat") and clash_titles(c) == ["Orange Marigold Burst Drill"]


def test_DBZ_9_8_only_a_colour_clash_gives_the_choice():
    dup = draw(["Black Anvil Posture Drill", "Kairo's Morning Kata Drill", "Silent Pagoda Drill"])
    assert deciding(dup) == (0, "non_combat")  # duplicate, named and colourless drills
    restricted = draw(
        ["Black Nightfall Drill", "Lantern Bolt", "Sieve Palm"],
        zones={"drills:1": ["Orange Kiln-Step Drill"]},
    )
    # Black fits the lock; only the restriction stops it: no clash choice, and Step 2 offers nothing to play
    assert deciding(restricted) == (0, "non_combat") and ids(restricted) == ["done"]


def test_DBZ_9_9_a_drill_in_hand_that_starts_clashing_later_gets_no_choice():
    s = position(
        {
            "hand:0": ["Orange Kiln-Step Drill", "Black Anvil Posture Drill", "Old Grudge Remembered"],
            "life:0": ["Sieve Palm"] * 8,
        }
    )
    do(s, "play", "Black Anvil Posture Drill")
    assert deciding(s) == (0, "non_combat") and refused(s, play_id(s, 0, "Orange Kiln-Step Drill"))
    do(s, "done")
    apply(s, "no_combat")
    do(s, "discard", "Old Grudge Remembered")
    assert s["turn"] == 2 and deciding(s) == (1, "non_combat") and view(s, 0)["private"] == {}
    assert "Orange Kiln-Step Drill" in names(s, "hand:0")
    do(s, "done")
    apply(s, "no_combat")
    do(s, "discard", "Cobblestone Jab")
    do(s, "discard", "Cobblestone Jab")
    assert s["turn"] == 3 and deciding(s) == (0, "non_combat")  # the held drill never gets the choice


def test_DBZ_9_10_a_draw_that_empties_the_life_deck_ends_the_game_without_a_choice():
    s = position({"life:0": ["Sieve Palm", "Orange Kiln-Step Drill"], "drills:0": BLACK}, step="draw")
    assert s["result"]["winners"] == [1] and s["pending"] is None
    assert view(s, 0)["private"] == {}


def test_DBZ_9_4_a_kept_clashing_drill_stays_unnamed_for_the_opponent():
    s = draw(["Orange Kiln-Step Drill", "Lantern Bolt", "Sieve Palm"])
    kiln = cid(s, "hand:0", "Orange Kiln-Step Drill")
    keep(s)
    for seat in (1, None):
        v = view(s, seat)
        assert all(e.get("card") != kiln and e.get("name") != "Orange Kiln-Step Drill" for e in v["events"])
        assert "Kiln-Step" not in repr({k: v[k] for k in ("zones", "public", "private", "pending", "events")})
    assert "Orange Kiln-Step Drill" in repr(view(s, 0)["zones"]["hand:0"])


# ----- DBZ-9.4: whether a clash choice is pending shows nothing to the opponent (rules versions 3 and 4) ----------

PLAIN = ["Lantern Bolt", "Sieve Palm", "Sieve Palm"]  # the same number of cards, none of them clashing


def test_DBZ_9_4_the_step_1_clash_choice_looks_like_step_2_to_the_opponent():
    clash = draw(["Orange Kiln-Step Drill", "Lantern Bolt", "Sieve Palm"])
    plain = draw(PLAIN)
    assert deciding(clash) == (0, "non_combat") and deciding(plain) == (0, "non_combat")
    for seat in (1, None):  # the opponent and a spectator see the very same table, events and decision
        assert view(clash, seat) == view(plain, seat)
        assert view(clash, seat)["pending"] == {
            "seat": 0,
            "kind": "non_combat",
            "prompt": "P1 (Kairo): Step 2, play Non-Combat cards or use drill powers",
        }
    assert "clashes" in view(clash, 0)["pending"]["prompt"]  # the drawing player knows what is asked
    for s in (clash, plain):
        keep(s)
    assert view(clash, 1) == view(plain, 1) and clash["step"] == plain["step"] == 1


def test_DBZ_9_4_a_kept_clashing_drill_costs_no_decision():
    """Rules version 4: the clash choice is folded into Step 2's decision, so keeping the drill takes exactly the
    decisions a draw without a clash takes: the count of decisions and the narration say nothing."""
    presenter = presenter_for(GAME)
    clash = draw(["Orange Kiln-Step Drill", "Old Grudge Remembered", "Sieve Palm"])
    plain = draw(["Sieve Palm", "Old Grudge Remembered", "Sieve Palm"])
    told = []
    for s in (clash, plain):
        pending = s["pending"]
        before = len(s["events"])
        do(s, "play", "Old Grudge Remembered")
        told.append(
            presenter.step_lines(pending, "play:Old Grudge Remembered", s["events"][before:], view(s, 1))
        )
        keep(s)
        apply(s, "no_combat")
    assert told[0] == told[1]
    assert clash["step"] == plain["step"] == 3
    assert view(clash, 1)["events"] == view(plain, 1)["events"]


def test_DBZ_9_4_several_clash_choices_keep_the_face_of_step_2():
    s = draw(["Orange Kiln-Step Drill", "Red Brick-Wall Drill", "Orange Kiln-Step Drill"])
    face = view(draw(PLAIN), 1)["pending"]
    for verb in ("discard_unshown", "show_and_shuffle"):
        assert deciding(s) == (0, "non_combat") and view(s, 1)["pending"] == face
        do(s, verb, clash_titles(s)[0])
    assert view(s, 1)["pending"] == face and clash_titles(s) == ["Red Brick-Wall Drill"]


def combat_position(top):
    return position(
        {
            "life:1": [*top, *FILL],
            "drills:1": ["Blue Heron Watch Drill"],
            "hand:0": ["Drum-Chest Roar", "Pinwheel Heel Strike", "Lantern Bolt"],
        },
        step="declare",
    )


def test_DBZ_9_7_the_defenders_clash_choice_comes_at_its_first_decision_of_the_combat():
    clash = combat_position(["Orange Marigold Burst Drill", "Sieve Palm", "Sieve Palm"])
    plain = combat_position(["Sieve Palm", "Sieve Palm", "Sieve Palm"])
    for s in (clash, plain):
        apply(s, "declare_combat")
        assert deciding(s) == (
            0,
            "combat",
        )  # the attacker acts first (DBZ-5.3), nobody waits for a secret choice
    for seat in (0, None):
        assert view(clash, seat) == view(plain, seat)
    assert view(clash, 1)["private"] == {"clashing": ["Orange Marigold Burst Drill"]}
    # the attacker attacks: the defender makes its clash choice first, and the attacker sees a response pending
    for s in (clash, plain):
        do(s, "attack", "Pinwheel Heel Strike")
    assert deciding(clash) == (1, "response") and deciding(plain) == (1, "response")
    assert clash_titles(clash) == ["Orange Marigold Burst Drill"]
    for seat in (0, None):
        assert view(clash, seat) == view(plain, seat)
        assert view(clash, seat)["pending"]["prompt"] == (
            "P2 (Vashna): respond to the physical attack Pinwheel Heel Strike by P1"
        )
    for s in (clash, plain):
        apply(s, "take")  # going on keeps the drill: the same decisions as without a clash
    assert view(clash, 0) == view(plain, 0) and clash["step"] == plain["step"]
    assert "Orange Marigold Burst Drill" in names(clash, "hand:1")


def test_DBZ_9_7_after_a_pass_or_a_combat_action_the_clash_choice_looks_like_a_combat_action():
    for first in ("pass", "combat_action"):
        clash = combat_position(["Orange Marigold Burst Drill", "Sieve Palm", "Sieve Palm"])
        plain = combat_position(["Sieve Palm", "Sieve Palm", "Sieve Palm"])
        for s in (clash, plain):
            apply(s, "declare_combat")
            do(s, first, "Drum-Chest Roar" if first == "combat_action" else None)
        assert deciding(clash) == (1, "combat") and deciding(plain) == (1, "combat")
        assert clash_titles(clash) == ["Orange Marigold Burst Drill"]
        assert view(clash, 0) == view(plain, 0)
        assert view(clash, 0)["pending"]["prompt"] == "P2 (Vashna): your combat action"
        do(clash, "discard_unshown", "Orange Marigold Burst Drill")
        assert deciding(clash) == (1, "combat")
        assert names(clash, "discard:1") == ["Orange Marigold Burst Drill"]  # a discard is face up (DBZ-1.12)


def test_DBZ_9_7_a_world_sampled_for_one_seat_holds_no_clash_choice_of_the_other():
    """Whether the opponent drew a clashing drill depends on cards the seat cannot see (DBZ-9.4, DBZ-9.7), so a
    search over sampled worlds must not find the opponent's pending clash choice there."""
    import random

    from cardsmith import core
    from cardsmith.core.decision import CHANCE
    from cardsmith.core.engine import sample_chance

    found = 0
    for seed in range(10):
        state = core.new_game("dbz", 2, seed)
        pick = random.Random(seed)
        while state["pending"] is not None:
            pending = state["pending"]
            if pending["seat"] == CHANCE:
                core.apply(state, sample_chance(state))
                continue
            seat = pending["seat"]
            if state["g"]["clashing"][1 - seat]:
                world = core.sample_world(core.observe(state), random.Random(seed))
                assert world["g"]["clashing"][1 - seat] == []
                assert core.view(world, seat) == core.view(state, seat)
                found += 1
                break
            core.apply(state, pending["options"][pick.randrange(len(pending["options"]))][0])
    assert found >= 3  # seeds 0, 1 and 2 reach such a position

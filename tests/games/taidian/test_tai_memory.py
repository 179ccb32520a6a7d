"""Each player's cards, counted from the public history (``pools.remember``), and what the evaluation makes of them.

Every card that changes hands is shown as it moves (TAI-1.22, TAI-8.21, TAI-8.57, TAI-13.6), so any seat that
remembers the history knows every player's cards, even after they are shuffled into a face-down deck (TAI-1.17).
"""

from __future__ import annotations

from collections import Counter

from tests.support.taidian_helpers import GAME, apply, attack_table, lay, table, upgrade_table

from cardsmith.agents import HeuristicAgent, RandomAgent
from cardsmith.core import new_game, view
from cardsmith.core.view import redact_event
from cardsmith.games.taidian.cards import STARTING_DECK
from cardsmith.games.taidian.heuristic import evaluate
from cardsmith.games.taidian.pools import remember, starting_pools
from cardsmith.sim.runner import play

_OWNED = ("deck", "hand", "discard", "play", "bought", "struct", "resp")


def _cards_on_table(state: dict) -> tuple[dict[str, int], ...]:
    """Each seat's cards as the table holds them at the start of a scenario (nothing is on a poison track)."""
    return tuple(
        dict(Counter(state["cards"][c] for k in _OWNED for c in state["zones"][f"{k}:{p}"]))
        for p in range(state["players"])
    )


def _seen_by(state: dict, seat: int) -> list[dict]:
    return [e for e in (redact_event(ev, seat) for ev in state["events"]) if e is not None]


def test_TAI_2_8_the_count_starts_from_the_starting_decks():
    for options, punches in (({}, 2), ({"extra_punches": True}, 4)):  # TAI-13.8
        state = new_game(GAME, 2, 3, options)
        pools = remember(None, _seen_by(state, 0), state["options"])
        characters = next(e["ch"] for e in state["events"] if e["t"] == "setup")
        assert pools == starting_pools(characters, state["options"])
        for pool in pools:
            assert pool["Punch"] >= punches and pool["Coin"] == STARTING_DECK["Coin"]


def test_TAI_1_22_a_card_bought_joins_the_buyers_count_and_stays_there_through_the_reshuffle():
    s = upgrade_table(hands={0: ["Gold", "Cash"]}, decks={0: ["Coin"]})
    before = _cards_on_table(s)
    apply(s, "play_money:Gold")
    pools = remember(before, _seen_by(s, 1), s["options"])
    apply(s, "play_money:Cash")
    pools = remember(pools, _seen_by(s, 1), s["options"])
    apply(s, "buy:9mm")
    pools = remember(pools, _seen_by(s, 1), s["options"])
    assert pools[0]["9mm"] == 1 and pools[1] == before[1]
    # the end step: everything to the discard pile, and the deck reshuffled to draw five (TAI-3.10)
    apply(s, "end")
    pools = remember(pools, _seen_by(s, 1), s["options"])
    face_up = [e[1] for zone in ("discard:0", "bought:0") for e in view(s, 1)["zones"][zone] if e is not None]
    assert "9mm" not in face_up
    assert pools[0]["9mm"] == 1, "the 9mm is still seat 0's, face down in its deck or hand"


def test_TAI_8_21_a_stolen_card_changes_hands_in_every_seats_count():
    s = attack_table(3, hands={0: ["Robber", "Punch"], 1: ["Gold", "Gold"]})
    before = _cards_on_table(s)
    lay(s, "Robber", 1)
    apply(s, "reveal")
    for seat in range(3):  # seat 2 sees the move face down but the theft named (TAI-8.21)
        pools = remember(before, _seen_by(s, seat), s["options"])
        assert pools[0].get("Gold") == 1 and pools[1]["Gold"] == 1, seat
        assert sum(pools[0].values()) == sum(before[0].values()) + 1


def test_TAI_8_24_a_poison_on_the_victims_track_is_still_its_players():
    s = attack_table(hands={0: ["Poison", "Punch"], 1: ["Coin"]})
    before = _cards_on_table(s)
    lay(s, "Poison", 1)
    apply(s, "reveal")
    assert any(e[1] == "Poison" for e in view(s, 1)["zones"]["poison:1"])
    assert remember(before, _seen_by(s, 1), s["options"]) == before


def test_TAI_8_57_a_burned_card_leaves_the_count():
    s = upgrade_table(hands={0: ["Burn-Barrel", "Coin", "Coin"]})
    before = _cards_on_table(s)
    apply(s, "use_barrel:Burn-Barrel")
    pools = remember(before, _seen_by(s, 1), s["options"])
    apply(s, "burn:Coin")
    pools = remember(pools, _seen_by(s, 1), s["options"])
    assert pools[0]["Coin"] == before[0]["Coin"] - 1 and pools[0]["Burn-Barrel"] == 1


def test_TAI_1_25_the_count_from_the_history_matches_what_each_seat_sees_of_every_player():
    """At every decision of seeded games (a knockout reward in one, TAI-13.6), the count a seat makes from its
    history has each living player's number of cards (public: TAI-1.17, TAI-1.18) and holds every card of theirs
    that lies face up."""
    checked = 0

    def check(turn) -> None:
        nonlocal checked
        pools = remember(None, turn.history, turn.options)
        v = turn.view
        for p, player in enumerate(v["public"]["players"]):
            if not player["alive"]:
                continue
            count = sum(len(v["zones"][f"{k}:{p}"]) for k in _OWNED)
            count += sum(1 for x in v["public"]["poisons"] if x["owner"] == p)
            assert sum(pools[p].values()) == count
            face_up = Counter(e[1] for k in _OWNED for e in v["zones"][f"{k}:{p}"] if e is not None)
            assert not face_up - Counter(pools[p])
            checked += 1

    class Checked(HeuristicAgent):
        reads_history = True

        def choose(self, turn):
            check(turn)
            return super().choose(turn)

    class CheckedRandom(RandomAgent):
        reads_history = True

        def choose(self, turn):
            check(turn)
            return super().choose(turn)

    play(new_game(GAME, 2, 5), [Checked(0), CheckedRandom(1)])
    play(new_game(GAME, 3, 4, {"knockout_reward": True}), [Checked(0), Checked(1), CheckedRandom(2)])
    assert checked > 500


def test_TAI_1_17_the_evaluation_remembers_the_cards_shuffled_into_a_deck():
    """Nothing lies face up, so the view alone cannot tell a deck of 9mms from a starting deck; the count can."""
    s = table(step="choice", hands={0: ["Coin"]})
    start = dict(STARTING_DECK)
    strong = {**start, "9mm": 3, "Gold": 2}
    plain = evaluate(view(s, 0), 0, (start, start))
    assert evaluate(view(s, 0), 0, (strong, start)) > plain + 0.1
    assert evaluate(view(s, 0), 0, (start, strong)) < plain - 0.1
    unknown = evaluate(view(s, 0), 0, (None, None))  # a count that could not be kept: the view alone
    assert evaluate(view(s, 0), 0) == unknown

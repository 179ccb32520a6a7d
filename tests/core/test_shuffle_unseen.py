"""Game.shuffle_unseen: a fresh zone is shuffled by dealing identities to its card ids."""

from collections import Counter

from tests.support.toy import TOY

from cardsmith.core import Game, blank_state


def fresh(seed):
    state = blank_state(TOY, 2, seed)
    for name in "11223344":
        Game.new_card(state, name, "deck:0", 0)
    for name in "1234":
        Game.new_card(state, name, "deck:1", 1)
    return state


def test_identities_are_permuted_within_the_zone_and_nothing_else_moves():
    state = fresh(3)
    before_zones = {k: list(v) for k, v in state["zones"].items()}
    Game.shuffle_unseen(state, "deck:0")
    assert state["zones"] == before_zones  # same ids in the same places
    assert Counter(state["cards"][:8]) == Counter("11223344")  # the same cards, dealt to other ids
    assert state["cards"][8:] == list("1234")  # another zone is untouched
    assert state["owner"] == [0] * 8 + [1] * 4
    assert state["events"][-1] == {"t": "shuffled", "zone": "deck:0"}


def test_the_deal_follows_the_seed_and_differs_between_seeds():
    deals = set()
    for seed in range(12):
        a, b = fresh(seed), fresh(seed)
        Game.shuffle_unseen(a, "deck:0")
        Game.shuffle_unseen(b, "deck:0")
        assert a == b
        deals.add("".join(a["cards"][:8]))
    assert len(deals) > 6  # ids no longer follow the creation order

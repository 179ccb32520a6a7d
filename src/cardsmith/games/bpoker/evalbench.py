"""Speed of the B-Poker hand evaluator (:mod:`.hand_eval`), with ``treys`` and ``phevaluator`` as peers.

``run_evaluator_bench`` measures, on one core, hands evaluated per second:

- ``five_per_s``: :func:`~.hand_eval.score5` on random 5-card hands;
- ``seven_per_s``: :func:`~.hand_eval.best_score` on random 7-card hands, no wilds (best 5 of 7);
- ``seven_two_wilds_per_s``: :func:`~.hand_eval.best_score` on 7-card tables of which two cards are wild
  (five random cards and ``wilds=2``);
- ``peers``: the same 5-card and 7-card hands through ``treys`` (``Evaluator.evaluate``) and ``phevaluator``
  (``evaluate_cards``), each only when it can be imported (``pip install .[bench]``).

Method: the hands are drawn beforehand from one 52-card deck (no 1s, no duplicates, so the peers can read them) with a
fixed seed and converted beforehand to each peer's own card integers; every evaluator gets the same hands. Only the
loops of evaluation calls are timed. The measurements take turns, one pass over a list of hands each, until each
has had ``seconds`` of timed passes, so that a change in the machine's load during the run falls on all of them
alike. The evaluator's caches of solved rank-count keys are emptied first, so its first pass pays for filling them
(as a fresh process would) and later passes find them filled (as a long game or simulation does).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from ...core.registry import ComponentBench
from .hand_eval import Card, best_score, clear_caches, score5

HANDS = 50_000
"""How many hands each list holds."""

SEED = 20240611

Pass = tuple[Callable[[], None], int]  # (evaluate every hand of a list once, how many hands that is)


def _deal(rng: random.Random, size: int, count: int) -> list[list[Card]]:
    deck = [(rank, suit) for rank in range(2, 15) for suit in range(4)]
    return [rng.sample(deck, size) for _ in range(count)]


def _measure(passes: dict[str, Pass], seconds: float) -> dict[str, float]:
    """Hands per second of each pass, running them in turn until each has had at least ``seconds`` of time."""
    elapsed = dict.fromkeys(passes, 0.0)
    evaluated = dict.fromkeys(passes, 0)
    while any(spent < seconds for spent in elapsed.values()):
        for name, (run_pass, count) in passes.items():
            if elapsed[name] >= seconds:
                continue
            start = time.perf_counter()
            run_pass()
            elapsed[name] += time.perf_counter() - start
            evaluated[name] += count
    return {name: evaluated[name] / elapsed[name] for name in passes}


def _our_passes(five: list[list[Card]], seven: list[list[Card]], wild5: list[list[Card]]) -> dict[str, Pass]:
    def five_pass() -> None:
        for hand in five:
            score5(hand)

    def seven_pass() -> None:
        for hand in seven:
            best_score(hand)

    def wild_pass() -> None:
        for hand in wild5:
            best_score(hand, 2)

    return {
        "five_per_s": (five_pass, len(five)),
        "seven_per_s": (seven_pass, len(seven)),
        "seven_two_wilds_per_s": (wild_pass, len(wild5)),
    }


def _treys_passes(five: list[list[Card]], seven: list[list[Card]]) -> dict[str, Pass] | None:
    try:
        from treys import Card as TreysCard
        from treys import Evaluator
    except ImportError:
        return None
    evaluate = Evaluator().evaluate
    no_board: list[int] = []

    def convert(hands: Sequence[Sequence[Card]]) -> list[list[int]]:
        return [[TreysCard.new("..23456789TJQKA"[r] + "cdhs"[s]) for r, s in hand] for hand in hands]

    five_t, seven_t = convert(five), convert(seven)

    def five_pass() -> None:
        for hand in five_t:
            evaluate(hand, no_board)

    def seven_pass() -> None:
        for hand in seven_t:
            evaluate(hand, no_board)

    return {"five_per_s": (five_pass, len(five_t)), "seven_per_s": (seven_pass, len(seven_t))}


def _phevaluator_passes(five: list[list[Card]], seven: list[list[Card]]) -> dict[str, Pass] | None:
    try:
        from phevaluator import evaluate_cards
    except ImportError:
        return None

    def convert(hands: Sequence[Sequence[Card]]) -> list[list[int]]:
        # phevaluator's card id is 4 * (rank - 2) + suit, with suits clubs, diamonds, hearts, spades = 0..3 as ours.
        return [[4 * (r - 2) + s for r, s in hand] for hand in hands]

    five_p, seven_p = convert(five), convert(seven)

    def five_pass() -> None:
        for hand in five_p:
            evaluate_cards(*hand)

    def seven_pass() -> None:
        for hand in seven_p:
            evaluate_cards(*hand)

    return {"five_per_s": (five_pass, len(five_p)), "seven_per_s": (seven_pass, len(seven_p))}


def run_evaluator_bench(seconds: float = 2.0) -> dict:
    """Hands per second of the B-Poker evaluator and of its peers (see the module docstring); each of the
    measurements gets about ``seconds`` of timed work.

    Returns ``{"five_per_s", "seven_per_s", "seven_two_wilds_per_s", "peers": {name: {"five_per_s",
    "seven_per_s"}}}``, with a peer only when it can be imported.
    """
    if not seconds > 0:
        raise ValueError(f"seconds must be more than 0, not {seconds}")
    rng = random.Random(SEED)
    five = _deal(rng, 5, HANDS)
    seven = _deal(rng, 7, HANDS)
    wild5 = _deal(rng, 5, HANDS)
    passes = {("ours", key): p for key, p in _our_passes(five, seven, wild5).items()}
    peers: list[str] = []
    for name, make in (("treys", _treys_passes), ("phevaluator", _phevaluator_passes)):
        made = make(five, seven)
        if made is not None:
            peers.append(name)
            passes.update({(name, key): p for key, p in made.items()})
    clear_caches()
    rates = _measure(passes, seconds)
    result: dict[str, Any] = {key: rate for (who, key), rate in rates.items() if who == "ours"}
    result["peers"] = {
        name: {key: rate for (who, key), rate in rates.items() if who == name} for name in peers
    }
    return result


def evaluator_report(result: dict) -> Any:
    """A ``rich`` table of a :func:`run_evaluator_bench` result: one row per evaluator, and our speed as a multiple
    of each peer's."""
    from rich.table import Table

    table = Table(title="B-Poker hand evaluator on one core (hands per second)", title_justify="left")
    for heading in ("Evaluator", "5 cards", "Best of 7", "Best of 7, 2 wild"):
        table.add_column(heading, justify="left" if heading == "Evaluator" else "right")
    table.add_row(
        "cardsmith bpoker",
        f"{result['five_per_s']:,.0f}",
        f"{result['seven_per_s']:,.0f}",
        f"{result['seven_two_wilds_per_s']:,.0f}",
    )
    for name, rates in result["peers"].items():
        table.add_row(name, f"{rates['five_per_s']:,.0f}", f"{rates['seven_per_s']:,.0f}", "-")
        table.add_row(
            f"  cardsmith as a multiple of {name}",
            f"{result['five_per_s'] / rates['five_per_s']:.2f}x",
            f"{result['seven_per_s'] / rates['seven_per_s']:.2f}x",
            "-",
        )
    return table


BENCHMARK = ComponentBench(
    "bpoker-evaluator", "the B-Poker hand evaluator", run_evaluator_bench, evaluator_report
)

"""Ani-Mayhem: how a position stands for one seat, from its view alone (the search scores its cut rollouts by it).

The game is a race between the players and the deck for the Items (section 12): the deck wins with more than half of
them (AM-12.5), and otherwise the player holding the most wins (AM-12.6). So the evaluation counts where every Item is
and how surely it will end up with a player or with the deck:

- held in a Haven: safe (Disasters never go there, AM-5.28), the player's for good;
- held on the Field: a Combat Disaster stops at its carrier and fights for it (AM-5.14), and a bonked carrier drops it
  (AM-6.22), so a little of it is the deck's;
- carried by a Disaster: destroyed when that Disaster leaves the Field (AM-5.11, AM-5.12) unless a player defeats it
  first (AM-8.25), so mostly the deck's;
- under a Location: shared between the players, by how many Characters each has in play and how strong they are,
  and the deck, whose Combat Disasters pick Items up as they pass (AM-5.16);
- destroyed: the deck's (AM-12.2).

Everything read here is public (the counts of Items under each Location and carried by each Character and Disaster,
AM-1.25, AM-1.26) or the seat's own.
"""

from __future__ import annotations

import math
from typing import Any

from ...core.heuristics import view_of

HAVEN_KEEP = 1.0
"""The share of an Item held in a Haven that stays with its player."""

FIELD_KEEP = 0.85
"""The share of an Item held on the Field that stays with its player."""

CARRIED_LOSS = 0.85
"""The share of an Item carried by a Disaster that the deck keeps."""

LOOSE_TO_PLAYERS = 0.45
"""The share of the Items under Locations that the players, all together, are expected to Scavenge."""

TEAM_SCALE = 1.0
LEAD_SCALE = 1.0
"""Items of margin per unit of log-odds: the deck's margin (AM-12.5) and the seat's lead over its best rival."""


def _sigmoid(x: float) -> float:
    if x < -40:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def expected_items(pub: dict[str, Any], players: int) -> tuple[list[float], float]:
    """Each player's expected Items at the end, and the deck's, from the public part of a view."""
    havens = {p for p, _, _, kind, _, _ in pub.get("cells", ()) if kind == "haven"}
    keep = [0.0] * players
    power = [0.0] * players
    risky = 0.0
    for c in (pub.get("chars") or {}).values():
        s = c["seat"]
        if not 0 <= s < players:
            continue
        power[s] += 1.0 + 0.15 * (c.get("atk") or 0) + 0.1 * (c.get("def") or 0)
        n = c.get("items") or 0
        if c["at"] in havens:
            keep[s] += HAVEN_KEEP * n
        else:
            keep[s] += FIELD_KEEP * n
            risky += (1 - FIELD_KEEP) * n
    carried = sum(d.get("carrying") or 0 for d in (pub.get("disasters") or {}).values())
    under = max(0, (pub.get("loose_items") or 0) - carried)
    recovered = (1 - CARRIED_LOSS) * carried
    total_power = sum(power)
    claims = [0.0] * players
    if total_power > 0:
        for s in range(players):
            claims[s] = (LOOSE_TO_PLAYERS * under + recovered) * power[s] / total_power
    deck = pub.get("destroyed_items") or 0
    deck += risky + CARRIED_LOSS * carried + (under * (1 - LOOSE_TO_PLAYERS) if total_power > 0 else under)
    if total_power <= 0:
        deck += recovered
    return [keep[s] + claims[s] for s in range(players)], deck


def evaluate(turn_or_view: Any, seat: int) -> float:
    """``seat``'s estimated chance to win, in [0, 1], from its view: the players must keep the deck from more than
    half of the Items (AM-12.5), and the seat must hold the most (AM-12.6)."""
    view = view_of(turn_or_view)
    result = view.get("result")
    if result:
        return 1.0 if seat in result.get("winners", ()) else 0.0
    pub = view.get("public") or {}
    players = view.get("players") or len(pub.get("held", ())) or 1
    if "held" not in pub:
        return 0.5 / players
    total = pub.get("items_total") or 1
    mine, deck = expected_items(pub, players)
    team = _sigmoid((total / 2 - deck) / TEAM_SCALE)
    if players == 1:
        return team
    best_rival = max(e for s, e in enumerate(mine) if s != seat)
    prior = 1.0 / players
    lead = math.log(prior / (1 - prior)) + (mine[seat] - best_rival) / LEAD_SCALE
    return team * _sigmoid(lead)

"""Seats around the table: the orders in which the rules go round it, built once for each table size."""

from __future__ import annotations

_ROTATIONS: dict[int, tuple[tuple[int, ...], ...]] = {}
_AFTER: dict[int, tuple[tuple[int, ...], ...]] = {}


def rotation(n: int, seat: int) -> tuple[int, ...]:
    """Every seat of an ``n``-seat table clockwise, starting with ``seat`` (a turn order from the active seat)."""
    built = _ROTATIONS.get(n)
    if built is None:
        built = _ROTATIONS[n] = tuple(tuple((s + i) % n for i in range(n)) for s in range(n))
    return built[seat]


def other(seat: int) -> int:
    """The other seat of a two-seat table."""
    return 1 - seat


def after(n: int, seat: int) -> tuple[int, ...]:
    """The other seats of an ``n``-seat table clockwise, starting with the one after ``seat``."""
    built = _AFTER.get(n)
    if built is None:
        built = _AFTER[n] = tuple(rotation(n, s)[1:] for s in range(n))
    return built[seat]

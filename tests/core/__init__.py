"""Unit and property tests of the game-agnostic engine core."""

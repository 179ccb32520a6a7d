"""Conformance suite: every registered game (and the test-only toy) is played and checked the same way."""

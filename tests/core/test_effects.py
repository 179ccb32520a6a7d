"""The effect registry: effects as checked data, each with a schema and a handler."""

from __future__ import annotations

from typing import Annotated

import msgspec
import pytest

from cardsmith.core.carddata import decode
from cardsmith.core.effects import Effect, Effects
from cardsmith.core.errors import CardDataError

EFFECTS = Effects()


@EFFECTS.define
class GainLife(Effect, tag="GAIN_LIFE"):
    n: Annotated[int, msgspec.Meta(ge=1)]


@EFFECTS.define
class Discard(Effect, tag="DISCARD"):
    n: Annotated[int, msgspec.Meta(ge=1)]
    target: str = "opponent"


@EFFECTS.handler(GainLife)
def _gain(log, effect, seat):
    log.append(("gain", seat, effect.n))


class Card(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    effects: list[EFFECTS.union()]


class CardFile(msgspec.Struct):
    card: list[Card]


def test_card_effects_decode_to_their_schemas_and_run_by_type():
    data = {
        "card": [
            {"name": "Tonic", "effects": [{"effect": "GAIN_LIFE", "n": 3}, {"effect": "DISCARD", "n": 1}]}
        ]
    }
    (card,) = decode(data, CardFile, "cards.toml").card
    assert card.effects == [GainLife(3), Discard(1)]
    log: list = []
    EFFECTS.run(card.effects[0], log, seat=1)
    assert log == [("gain", 1, 3)]


@pytest.mark.parametrize(
    ("effect", "message"),
    [
        ({"effect": "HEAL", "n": 3}, "Invalid value 'HEAL'"),
        ({"effect": "GAIN_LIFE"}, "missing required field `n`"),
        ({"effect": "GAIN_LIFE", "n": 0}, "Expected `int` >= 1"),
        ({"effect": "GAIN_LIFE", "n": 2, "x": 1}, "unknown field `x`"),
    ],
)
def test_a_bad_effect_is_one_error_naming_the_card(effect, message):
    with pytest.raises(CardDataError) as exc:
        decode({"card": [{"name": "Tonic", "effects": [effect]}]}, CardFile, "cards.toml")
    text = str(exc.value)
    assert text.startswith("card data cards.toml: card[0] 'Tonic'") and message in text and "\n" not in text


def test_effects_without_handlers_are_listed_and_definitions_are_unique():
    assert EFFECTS.missing_handlers() == ["DISCARD"]
    with pytest.raises(ValueError, match="defined twice"):

        @EFFECTS.define
        class Again(Effect, tag="GAIN_LIFE"):
            n: int

    with pytest.raises(ValueError, match="two handlers"):
        EFFECTS.handler(GainLife)(lambda *a: None)

"""read_card_toml: the one way a game reads its card data file."""

from typing import Annotated

import msgspec
import pytest

from cardsmith.core.carddata import decode, read_card_toml
from cardsmith.core.errors import CardDataError


def test_reads_the_packaged_file_and_a_named_one(tmp_path):
    assert "card" in read_card_toml("cardsmith.games.martial_arts")
    path = tmp_path / "cards.toml"
    path.write_text('[[card]]\nname = "X"\n', encoding="utf-8")
    assert read_card_toml("cardsmith.games.martial_arts", path) == {"card": [{"name": "X"}]}


@pytest.mark.parametrize(
    ("content", "message"),
    [(None, "cannot read card data"), (b"\xff\xfe", "is not UTF-8 text"), (b"card = [", "is not valid TOML")],
)
def test_every_failure_is_one_card_data_error(tmp_path, content, message):
    path = tmp_path / "cards.toml"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(CardDataError, match=message) as exc:
        read_card_toml("cardsmith.games.martial_arts", path)
    assert "\n" not in str(exc.value)


# ----- decode: card data checked against a schema of msgspec structs --------------------------------------------


class _Card(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    atk: Annotated[int, msgspec.Meta(ge=0)] = 0


class _Set(msgspec.Struct, forbid_unknown_fields=True):
    card: list[_Card]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"card": [{"name": "A"}, {"name": "Iron Wall", "atk": "3"}]},
         "card data f.toml: card[1] 'Iron Wall', field 'atk': Expected `int`, got `str`"),
        ({"card": [{"name": "Iron Wall", "atk": -1}]},
         "card data f.toml: card[0] 'Iron Wall', field 'atk': Expected `int` >= 0"),
        ({"card": [{"name": "Iron Wall", "dfn": 2}]},
         "card data f.toml: card[0] 'Iron Wall': Object contains unknown field `dfn`"),
        ({"card": [{"atk": 2}]}, "card data f.toml: card[0]: Object missing required field `name`"),
        ({"cards": []}, "card data f.toml: Object contains unknown field `cards`"),
    ],
)  # fmt: skip
def test_decode_names_the_file_the_card_and_the_field(data, message):
    with pytest.raises(CardDataError) as exc:
        decode(data, _Set, "f.toml")
    assert str(exc.value) == message


class _Titled(msgspec.Struct):
    title: str
    power: list[int]


class _TitledSet(msgspec.Struct):
    card: list[_Titled]


def test_decode_names_a_card_by_its_title_and_a_list_of_values_as_a_field():
    with pytest.raises(CardDataError) as exc:
        decode({"card": [{"title": "Kick", "power": [1, "x"]}]}, _TitledSet, "f.toml")
    assert (
        str(exc.value) == "card data f.toml: card[0] 'Kick', field 'power', item 1: Expected `int`, got `str`"
    )


def test_decode_builds_the_typed_structs():
    cards = decode({"card": [{"name": "A", "atk": 2}, {"name": "B"}]}, _Set, "f.toml")
    assert cards == _Set([_Card("A", 2), _Card("B", 0)])

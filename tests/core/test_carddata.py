"""read_card_toml: the one way a game reads its card data file."""

import pytest

from cardsmith.core.carddata import read_card_toml
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

"""Reading a game's card data file: the packaged ``cards.toml`` or a file a user names."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from .errors import CardDataError


def read_card_toml(
    package: str, path: str | Path | None = None, filename: str = "cards.toml"
) -> dict[str, Any]:
    """The decoded TOML of ``path``, or of ``filename`` shipped in ``package`` when no path is given.

    Any failure (unreadable file, not UTF-8, not TOML) raises :class:`CardDataError` with a one-line reason; the
    game's own parser then checks the data against its card schema.
    """
    where = str(path) if path is not None else f"{package}/{filename}"
    try:
        if path is None:
            raw = resources.files(package).joinpath(filename).read_bytes()
        else:
            raw = Path(path).read_bytes()
    except OSError as exc:
        raise CardDataError(f"cannot read card data {where}: {exc.strerror or exc}") from None
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise CardDataError(f"card data {where} is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(f"card data {where} is not valid TOML: {exc}") from None

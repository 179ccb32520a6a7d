"""Reading a file a user names (a scenario, a record): every failure is one line, never a traceback."""

from __future__ import annotations

from pathlib import Path

from .errors import CardsmithError


def read_user_text(path: str | Path, source: str, error: type[CardsmithError], fmt: str) -> str:
    """The text of ``path`` (UTF-8); raises ``error`` naming ``source`` when it cannot be read or is not text in
    the expected format ``fmt``."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise error(f"cannot read {source}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise error(f"{source} is not {fmt} (not UTF-8 text)") from None

"""Game options from the command line: ``--option key=value`` pairs, where ``@FILE`` stands for a file's text."""

from __future__ import annotations

from pathlib import Path

from ..core.options import parse_option_pairs
from .errors import CliError

MAX_OPTION_FILE = 1 << 20  # bytes: a deck list is a few kilobytes


def parse_options(pairs: list[str]) -> dict[str, str]:
    """Split ``key=value`` pairs into a dict. A value written ``@FILE`` is the text of that file (a deck list, for
    example ``--option decklist_p1=@mydeck.txt``), so the game, and the record it leaves, hold the text itself."""
    options = parse_option_pairs(pairs)
    for key, value in options.items():
        if not value.startswith("@") or len(value) == 1:
            continue
        path = Path(value[1:]).expanduser()
        try:
            if path.stat().st_size > MAX_OPTION_FILE:
                raise CliError(f"option {key!r}: {str(path)!r} is larger than {MAX_OPTION_FILE} bytes")
            options[key] = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise CliError(f"option {key!r}: cannot read {str(path)!r} ({exc.strerror or exc})") from None
        except UnicodeDecodeError:
            raise CliError(f"option {key!r}: {str(path)!r} is not UTF-8 text") from None
    return options

"""The table in a terminal, with Rich: a stable layout that fits 100 columns and 40 lines.

From top to bottom: a headline, the other players' areas, the shared area, the viewer's own area, what happened
lately (cut to the lines the screen has room for), and the question with its options grouped by verb, each with a
number and a stable key, and the text of every card an option names. :func:`screen_lines` renders a table to
lines; :func:`resolve` reads an answer.
"""

from __future__ import annotations

import io
from collections.abc import Iterable

from rich.console import Console
from rich.text import Text

from .model import CardFace, Choice, Pile, Question, Region, Table

WIDTH = 100
HEIGHT = 40
LISTED = 8
"""At most this many cards of a pile that is not the viewer's hand are named (the top ones); the rest are counted."""

COMMANDS = "help · card NAME · rules · log · quit"


def _face(card: CardFace) -> str:
    return card.name + (f" ({', '.join(card.stats)})" if card.stats else "")


def pile_text(pile: Pile, listed: int = LISTED) -> str:
    """A pile in a few words: ``Deck 40``, ``Hand: 5 face down``, ``Discard pile (12): …, A, B`` (at most ``listed``
    cards named, the top ones; copies side by side counted: ``Coin x3``)."""
    if pile.counted and not pile.cards:
        return f"{pile.title} {pile.size}"
    if listed <= 1:  # another player's pile in short: its size and its top card
        return f"{pile.title} {pile.size}" + (f", top {_face(pile.cards[-1])}" if pile.cards else "")
    names: list[str] = []
    counts: list[int] = []
    for card in pile.cards[-listed:] if listed else ():
        face = _face(card)
        if names and names[-1] == face:
            counts[-1] += 1
        else:
            names.append(face)
            counts.append(1)
    shown = [n if c == 1 else f"{n} x{c}" for n, c in zip(names, counts, strict=True)]
    if len(pile.cards) > listed:
        shown.insert(0, "…")
    if pile.hidden:
        shown.append(f"{pile.hidden} face down")
    size = f" ({pile.size})" if pile.size > 1 and len(pile.cards) > 1 else ""
    return f"{pile.title}{size}: {', '.join(shown)}"


def _region(region: Region) -> list[Text]:
    head = Text(region.title, style="bold green" if region.you else "bold cyan")
    for counter in region.counters:
        head.append(f" · {counter.label} " if counter.label else " · ", style="dim")
        head.append(counter.value, style="bold")
    shown = [p for p in region.piles if p.size]
    if region.you:
        out = [head, *(Text("  " + note) for note in region.notes)]
        if shown:
            out.append(
                Text("  " + "  ·  ".join(pile_text(p, 40 if p.title == "Hand" else LISTED) for p in shown))
            )
        return out
    # another player's area, or the table: its piles run on from its heading, their top cards only
    if shown:
        head.append(" · " + " · ".join(pile_text(p, 1) for p in shown))
    return [head, *(Text("  " + note) for note in region.notes)]


def _choice_lines(number: int, choice: Choice, fit: int = 0) -> list[Text]:
    """An option's line; ``fit`` > 0: one line of at most ``fit`` columns, its card text cut short (``card NAME``
    shows it whole)."""
    line = Text(f"  {number:>2}. ")
    line.append(f"{choice.key:<10}", style="bold yellow")
    line.append(" " + choice.label)
    out = [line]
    cards = choice.cards
    if len(cards) == 1 and cards[0].text and cards[0].text not in choice.label:
        text = f" — {cards[0].text}"
        if fit and len(line) + len(text) > fit:
            room = fit - len(line) - 1
            text = text[:room] + "…" if room > 4 else ""
        line.append(text, style="dim")
        cards = ()
    for card in cards if not fit else ():
        if card.text and card.text not in choice.label:
            out.append(Text(f"        {card.name}: {card.text}", style="dim"))
    return out


def _target_row(title: str, first: int, choices: tuple[Choice, ...], glossary: dict[str, str]) -> Text:
    """A group of one target as one row: each option's number, key and card (its text goes to ``glossary``)."""
    row = Text(f" {title}:", style="bold")
    common = _common_words([c.label for c in choices]) if len(choices) > 1 else 0
    for number, choice in enumerate(choices, first):
        short = choice.cards[0].name if len(choice.cards) == 1 else choice.label[common:]
        row.append(f"  {number}. ")
        row.append(choice.key, style="bold yellow")
        if choice.cards or not any(ch.isdigit() for ch in choice.key):  # a key of numbers says where already
            row.append(f" {short}")
        glossary.update({card.name: card.text for card in choice.cards if card.text})
    return row


def _common_words(labels: list[str]) -> int:
    """The length of the words every label starts with (``Put your Haven at `` of ``Put your Haven at (1,2)``)."""
    first, last = min(labels), max(labels)
    size = 0
    while size < len(first) and first[size] == last[size]:
        size += 1
    return first.rfind(" ", 0, size + 1) + 1 if size < len(first) else 0


def _cut(text: str, fit: int) -> str:
    return text if len(text) <= fit else text[: fit - 1] + "…"


def question_lines(question: Question, fit: int = 0) -> list[Text]:
    """The question and its options, grouped by verb (and target); ``fit`` > 0: one line per option, and a group
    of one target in one row with the texts of its cards listed once below."""
    out = [Text(f"── {question.prompt} ", style="bold magenta")]
    number = 0
    glossary: dict[str, str] = {}
    for group in question.groups:
        title = group.title + (f" → {group.target}" if group.target else "")
        if fit and group.target:
            out.append(_target_row(title, number + 1, group.choices, glossary))
            number += len(group.choices)
            continue
        heading = Text(f" {title}", style="bold")
        if group.help:
            heading.append(f" — {group.help}", style="dim")
        out.append(heading)
        for choice in group.choices:
            number += 1
            out.extend(_choice_lines(number, choice, fit))
    for name, text in glossary.items():
        out.append(Text(_cut(f"   {name}: {text}", fit), style="dim"))
    commands = COMMANDS.replace("card NAME", "card NAME (whole text)") if fit else COMMANDS
    out.append(Text(f"Answer with a key or a number · {commands}", style="dim"))
    return out


def _console(width: int, colour: bool) -> Console:
    return Console(
        file=io.StringIO(),
        width=width,
        force_terminal=colour,
        color_system="standard" if colour else None,
        highlight=False,
        emoji=False,
        no_color=not colour,
    )


def render(parts: Iterable[Text], width: int = WIDTH, colour: bool = False) -> list[str]:
    """Rich texts as the lines a terminal of ``width`` columns shows (with colour codes when ``colour``)."""
    console = _console(width, colour)
    for part in parts:
        console.print(part, overflow="fold")
    file = console.file
    assert isinstance(file, io.StringIO)
    return file.getvalue().rstrip("\n").split("\n")


def screen_lines(
    table: Table, width: int = WIDTH, height: int = HEIGHT, colour: bool = False, log_title: str = "Lately"
) -> list[str]:
    """The whole screen for ``table``: at most ``height`` lines where the table allows it (the log is cut to the
    lines left over, its latest lines kept)."""
    top = Text(f"━━ {table.title} · {table.headline} ", style="bold")
    top.append(f"· you are {table.seat_name} ", style="bold green")
    parts: list[Text] = [top]
    for region in table.regions:
        if region.seat is None and not (region.counters or region.notes or any(p.size for p in region.piles)):
            continue  # an empty shared area takes no line
        parts.extend(_region(region))
    bottom: list[Text] = []
    if table.question is not None:
        bottom = question_lines(table.question)
    elif table.waiting_for:
        bottom = [Text(f"Waiting for {table.waiting_for}", style="dim")]
    if table.result:
        bottom.append(Text(f"Result: {table.result}", style="bold"))
    head = render(parts, width, colour)
    tail = render(bottom, width, colour) if bottom else []
    if table.question is not None and len(head) + len(tail) + 4 > height:  # one line an option, then
        tail = render(
            [*question_lines(table.question, fit=width - 1), *bottom[len(question_lines(table.question)) :]],
            width,
            colour,
        )
    room = max(3, height - len(head) - len(tail) - 1)
    log = render([Text("  " + line) for line in table.log], width, colour) if table.log else []
    if len(log) > room:
        cut = len(log) - room + 1
        log = [f"  ({cut} earlier lines: type log to see them)", *log[cut:]]
    title = render([Text(f"── {log_title} ", style="bold")], width, colour) if log else []
    return [*head, *title, *log, *tail]


def help_lines(question: Question) -> list[str]:
    """What a person may type."""
    return [
        "Answer with the key shown beside an option (keys stay the same while your hand changes),",
        f"or its number (1 to {len(question.choices)}; numbers follow the list and move when it changes),",
        "or the option's full id. Other commands:",
        "  help, ?      this help",
        "  card NAME    the text of a card (any card of the game)",
        "  rules        the rules guide of the game",
        "  log          everything that happened since your last decision",
        "  quit         end the game here (its record is written if --record was given)",
    ]


def resolve(question: Question, answer: str) -> Choice | None:
    """The option an answer names: its key (any case), its number, or its id. None when the answer names no option
    of the question: nothing that is not listed is taken for an option."""
    choices = question.choices
    text = answer.strip()
    low = text.lower()
    for choice in choices:
        if choice.key == low or choice.id == text:
            return choice
    if text.isdigit() and 1 <= int(text) <= len(choices):
        return choices[int(text) - 1]
    return None

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

from .generic import PREPOSITIONS
from .model import CardFace, Choice, ChoiceGroup, Pile, Question, Region, Table

WIDTH = 100
HEIGHT = 40
LISTED = 8
"""At most this many cards of a pile that is not the viewer's hand are named (the top ones); the rest are counted."""

COMMANDS = "help · card NAME · rules · log · quit"
LONG = 12
"""A question with more options than this asks a two-argument choice in two steps: the card, then its target."""
COLUMNS_FROM = 6
"""On a crowded screen, a group of more options than this is shown in two columns."""


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


def _region(region: Region, details: bool = True) -> list[Text]:
    head = Text(region.title, style="bold green" if region.you else "bold cyan")
    for counter in region.counters:
        head.append(f" · {counter.label} " if counter.label else " · ", style="dim")
        head.append(counter.value, style="bold")
    shown = [p for p in region.piles if p.size]
    if region.you:
        out = [head, *(Text("  " + note) for note in (*region.notes, *(region.details if details else ())))]
        if shown:
            out.append(
                Text("  " + "  ·  ".join(pile_text(p, 40 if p.title == "Hand" else LISTED) for p in shown))
            )
        return out
    # another player's area, or the table: its piles run on from its heading, their top cards only
    if shown:
        head.append(" · " + " · ".join(pile_text(p, 1) for p in shown))
    more = region.details if details else ()
    return [head, *(Text("  " + note) for note in (*region.notes, *more))]


def _ends_in_preposition(title: str) -> bool:
    return title.rsplit(" ", 1)[-1].lower() in PREPOSITIONS


def _choice_lines(number: int, choice: Choice, fit: int = 0, title: str = "") -> list[Text]:
    """An option's line (its label without the group's ``title`` it starts with, which the heading shows); ``fit``
    > 0: one line of at most ``fit`` columns, its card text cut short (``card NAME`` shows it whole)."""
    line = Text(f"  {number:>2}. ")
    line.append(f"{choice.key:<10}", style="bold yellow")
    label = choice.label
    if title and (
        label.startswith(title + ": ") or (label.startswith(title + " ") and _ends_in_preposition(title))
    ):
        label = label[len(title) :].lstrip(": ")
    line.append(" " + label)
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


def _text_shown(choice: Choice) -> bool:
    """Whether the option's line would show card text besides its label."""
    return any(card.text and card.text not in choice.label for card in choice.cards)


def _columns(first: int, choices: tuple[Choice, ...], fit: int, common: int) -> list[Text]:
    """Many options of one group in two columns: number, key and the words after the ``common`` start of their
    labels."""
    width = fit // 2
    out: list[Text] = []
    cells = []
    for number, choice in enumerate(choices, first):
        cell = Text(f"  {number:>2}. ")
        cell.append(choice.key, style="bold yellow")
        cell.append(" " + choice.label[common:])
        cell.truncate(width - 1, overflow="ellipsis")
        cell.pad_right(width - len(cell))
        cells.append(cell)
    rows = (len(cells) + 1) // 2
    for row in range(rows):
        line = cells[row].copy()
        if row + rows < len(cells):
            line.append_text(cells[row + rows])
        line.rstrip()
        out.append(line)
    return out


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
        columns = fit and len(group.choices) > COLUMNS_FROM and not any(_text_shown(c) for c in group.choices)
        common = _common_words([c.label for c in group.choices]) if columns else 0
        if common:  # the words every option starts with say what the verb's help says
            heading.append(f" — {group.choices[0].label[:common].strip()} …", style="dim")
        elif group.help:
            heading.append(f" — {group.help}", style="dim")
        out.append(heading)
        if columns:
            out.extend(_columns(number + 1, group.choices, fit, common))
            number += len(group.choices)
            continue
        for choice in group.choices:
            number += 1
            out.extend(_choice_lines(number, choice, fit, group.title))
    for name, text in glossary.items():
        out.append(Text(_cut(f"   {name}: {text}", fit), style="dim"))
    for shortcut in question.shortcuts:
        line = Text(" In one step: ", style="bold")
        line.append(shortcut.key, style="bold yellow")
        line.append(f" {shortcut.label}")
        out.append(line)
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
    """The whole screen for ``table``: at most ``height`` lines where the table allows it. On a crowded screen the
    options go one to a line (or into columns), the areas' details are left out, and the log is cut to the lines
    left over, its latest lines kept (``log`` shows it whole)."""
    bottom: list[Text] = []
    if table.question is not None:
        bottom = question_lines(table.question)
    elif table.waiting_for:
        bottom = [Text(f"Waiting for {table.waiting_for}", style="dim")]
    if table.result:
        bottom.append(Text(f"Result: {table.result}", style="bold"))
    head = render(_head(table, details=True), width, colour)
    tail = render(bottom, width, colour) if bottom else []
    if table.question is not None and len(head) + len(tail) + 4 > height:  # one line an option, then
        tail = render(
            [*question_lines(table.question, fit=width - 1), *bottom[len(question_lines(table.question)) :]],
            width,
            colour,
        )
    if len(head) + len(tail) + 2 > height:
        head = render(_head(table, details=False), width, colour)
    if not table.log:
        return [*head, *tail]
    room = height - len(head) - len(tail) - 1
    log = render([Text("  " + line) for line in table.log], width, colour)
    if room < 1:  # no line left for the news: the headline says where it is, where it has room
        told = render(_head(table, details=False, news=True), width, colour)
        return [*(told if len(told) == len(head) else head), *tail]
    if len(log) > room:
        cut = len(log) - room + 1
        log = [f"  ({cut} earlier lines: type log to see them)", *log[cut:]]
    title = render([Text(f"── {log_title} ", style="bold")], width, colour)
    return [*head, *title, *log, *tail]


def _head(table: Table, details: bool, news: bool = False) -> list[Text]:
    """The headline and the areas (``news``: the headline says that ``log`` shows what happened lately)."""
    top = Text(f"━━ {table.title} · {table.headline} ", style="bold")
    top.append(f"· you are {table.seat_name} ", style="bold green")
    if news:
        top.append("· news: type log", style="bold")
    parts: list[Text] = [top]
    for region in table.regions:
        if region.seat is None and not (region.counters or region.notes or any(p.size for p in region.piles)):
            continue  # an empty shared area takes no line
        parts.extend(_region(region, details))
    return parts


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
        "  back         after a card whose target is asked next: the whole list again",
    ]


def first_steps(question: Question, long: int = LONG) -> Question:
    """``question`` as a person is first asked it: where it is long, the options of a verb with two arguments (a card
    and its target) are folded into one entry per card, whose key is the common start of their keys and whose id is
    empty; :func:`narrow` then asks for the target. A short question is returned as it is."""
    if len(question.choices) <= long:
        return question
    groups: list[ChoiceGroup] = []
    folded: dict[str, int] = {}  # verb -> index of its folded group
    for group in question.groups:
        if not group.target or not all(_names_a_thing(c.key) for c in group.choices):
            groups.append(group)
            continue
        index = folded.get(group.verb)
        if index is None:
            index = folded[group.verb] = len(groups)
            groups.append(ChoiceGroup(group.verb, group.title, "then choose the target", "", ()))
        groups[index] = _fold(groups[index], group.choices)
    if not folded:
        return question
    groups = [_entries(g) if g.verb in folded and not g.target else g for g in groups]
    return Question(question.seat, question.who, question.prompt, tuple(groups), question.shortcuts)


def _names_a_thing(key: str) -> bool:
    """Whether an option's first argument (its key's second part) names a card or a thing, not a number (a cell's
    coordinate is asked in one step with its row)."""
    parts = key.split(".")
    return len(parts) == 3 and not parts[1].lstrip("-").isdigit()


def _fold(group: ChoiceGroup, choices: tuple[Choice, ...]) -> ChoiceGroup:
    return ChoiceGroup(group.verb, group.title, group.help, group.target, group.choices + choices)


def _entries(group: ChoiceGroup) -> ChoiceGroup:
    """One entry per card (the first two parts of the keys) for the options of one folded verb."""
    by_first: dict[str, list[Choice]] = {}
    for choice in group.choices:
        by_first.setdefault(".".join(choice.key.split(".")[:2]), []).append(choice)
    entries = []
    for key, choices in by_first.items():
        if len(choices) == 1:
            entries.append(choices[0])
            continue
        labels = [c.label for c in choices]
        words = labels[0][: _common_words(labels)].strip() or group.title
        entries.append(Choice(key, "", f"{words} … ({len(choices)} targets)", choices[0].cards))
    return ChoiceGroup(group.verb, group.title, group.help, "", tuple(entries))


def narrow(question: Question, entry: Choice) -> Question:
    """The second step after ``entry`` of :func:`first_steps`: the options whose keys begin with its key."""
    prefix = entry.key + "."
    groups: dict[str, ChoiceGroup] = {}  # one group a verb
    for group in question.groups:
        choices = tuple(c for c in group.choices if c.key.startswith(prefix))
        if choices:
            known = groups.get(group.verb, ChoiceGroup(group.verb, group.title, group.help, "", ()))
            groups[group.verb] = _fold(known, choices)
    return Question(question.seat, question.who, f"{entry.label.split(' … ')[0]} …", tuple(groups.values()))


def resolve(question: Question, answer: str, numbers: bool = True) -> Choice | None:
    """The option an answer names: its key (any case), its number (unless ``numbers`` is false), or its id. None
    when the answer names no option of the question: nothing that is not listed is taken for an option."""
    choices = question.choices
    text = answer.strip()
    low = text.lower()
    for choice in (*choices, *question.shortcuts):
        if choice.key == low or (choice.id and choice.id == text):
            return choice
    if numbers and text.isdigit() and 1 <= int(text) <= len(choices):
        return choices[int(text) - 1]
    return None

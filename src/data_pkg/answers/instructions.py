"""The server instructions an agent host reads at ``initialize``: what the tool set is for, how answers work.

Both servers write them from what they serve: the local one from its manifest (its description, its
tools, their budgets and format), the hosted one from its configuration. Some hosts cut instructions
(and descriptions) at 2,048 characters, so the text is built to fit: the fixed paragraphs are short,
and the manifest's description, written by its team and of any length, gets what room is left,
cut at a sentence (or a word) with an ellipsis.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from data_pkg.toolsets import FIELDS_INSTRUCTIONS

if TYPE_CHECKING:
    from data_pkg.toolsets import Registry

__all__ = ["ELLIPSIS", "MAX_INSTRUCTIONS", "answers_paragraph", "errors_paragraph", "fitted", "local_instructions"]

MAX_INSTRUCTIONS = 2_048
"""Characters of instructions some hosts keep; the servers' instructions never go over."""

ELLIPSIS = " …"
"""What ends a description the instructions cut."""


def answers_paragraph(budgets: Iterable[int], formats: Iterable[str]) -> str:
    """How answers are written and cut, and what the note at the end of a cut one is for."""
    spread = sorted(set(budgets))
    chosen = set(formats)
    if not spread:
        return ""
    if chosen == {"json"}:
        shape = "Answers are compact JSON"
    elif chosen == {"table"}:
        shape = "Answers made of rows are CSV tables (header once), others compact JSON"
    else:
        shape = "Answers are CSV tables (header once) or compact JSON, as each tool is set"
    limit = f"{spread[0]:,}" if len(spread) == 1 else f"{spread[0]:,} to {spread[-1]:,} (by tool)"
    return (
        f"{shape}, at most {limit} tokens each. A longer answer is cut to whole rows and ends with a note:"
        " how many rows there are, which are shown, and the exact call that returns the rest. Follow the"
        " notes in order to get every row once; better, narrow the call (dates, limit) to what the task needs."
    )


def errors_paragraph() -> str:
    """How errors read: a category in brackets, then what to do."""
    return (
        "Every tool only reads. Errors come back as results starting with a category in brackets, such as"
        " [bad_arguments] or [not_found], followed by what to do: follow that advice."
    )


def local_instructions(registry: Registry) -> str:
    """data-mcp's instructions for ``registry``: what the set is for (the manifest's description), its tools, how
    answers are cut and noted, how errors read. ``data-mcp lint`` reads them too, to tell where a description is cut."""
    tools = f"{len(registry)} market-data tools, one per data endpoint"
    if registry.query is not None:
        tools += f", and {registry.query.name}: read-only SQL over tables kept from earlier answers"
    tools += ". Each tool's title and description say what it returns and what it needs."
    answers = answers_paragraph((t.answer.max_tokens for t in registry), (t.answer.format for t in registry))
    columns = FIELDS_INSTRUCTIONS if any(t.answer.fields_argument for t in registry) else ""
    return fitted(registry.description, [tools, answers, columns, errors_paragraph()])


def fitted(purpose: str | None, paragraphs: Sequence[str], limit: int = MAX_INSTRUCTIONS) -> str:
    """``purpose`` then ``paragraphs``, blank-line separated, within ``limit`` characters.

    The paragraphs are the servers' own words and always fit; the purpose (a manifest's description)
    is cut to the room left, at the end of a sentence where one ends in it, else at a word.
    """
    body = "\n\n".join(part for part in paragraphs if part)
    if len(body) > limit:
        raise ValueError(f"the servers' own instructions are {len(body):,} characters, over {limit:,}")
    text = " ".join((purpose or "").split())  # one paragraph: a docstring's line breaks are layout
    room = limit - len(body) - 2
    if not text or room <= len(ELLIPSIS) + 10:
        return body
    if len(text) > room:
        text = _cut(text, room - len(ELLIPSIS)) + ELLIPSIS
    return f"{text}\n\n{body}"


def _cut(text: str, most: int) -> str:
    """The longest start of ``text`` within ``most`` characters that ends a sentence, else a word."""
    head = text[:most]
    sentence = max(head.rfind(". "), head.rfind("! "), head.rfind("? "))
    if sentence > most // 2:
        return head[: sentence + 1]
    word = head.rfind(" ")
    return head[:word].rstrip(" ,;:") if word > 0 else head

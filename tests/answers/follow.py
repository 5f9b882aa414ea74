"""An agent that follows notes: every call a note names, in turn, each answer's own note before the next call.

It reads a note the way its wording tells an agent to, and records the rows a note says are not
shown, so a test can check that every row of the first call came back exactly once or was named.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

CALLS = re.compile(r"call again with the same arguments and,? (?:in turn \([^)]*\): )?([^.]*)\.(?:\s|$)")
ASSIGNMENT = re.compile(r"(\w+)=([^,;]+)")
NOT_SHOWN = re.compile(r"Rows ([\d,]+)-([\d,]+) \([^)]*\) are not shown")
UNREACHED = re.compile(r"No argument of this tool reaches rows ([\d,]+)-([\d,]+)")

MAX_CALLS = 3_000


def _number(text: str) -> int:
    return int(text.replace(",", ""))


def next_calls(note: str) -> list[dict[str, Any]]:
    """The argument changes a note names, in the order it names them."""
    found = CALLS.search(note)
    if found is None:
        return []
    calls = []
    for part in found.group(1).split("; "):
        change: dict[str, Any] = {}
        for name, value in ASSIGNMENT.findall(part):
            change[name] = int(value) if value.isdigit() else value.strip()
        calls.append(change)
    return calls


def not_shown(note: str) -> list[tuple[int, int]]:
    """The rows (1-based, inclusive) a note says no call reaches."""
    spans = [(_number(a), _number(b)) for a, b in NOT_SHOWN.findall(note)]
    spans += [(_number(a), _number(b)) for a, b in UNREACHED.findall(note)]
    return spans


@dataclass
class Followed:
    """What following the notes gave: rows in the order read, rows named as not reachable, calls made."""

    seen: list[Any] = field(default_factory=list)
    named: list[Any] = field(default_factory=list)
    calls: int = 0
    answers: list[tuple[str, str | None]] = field(default_factory=list)


def follow(
    first: dict[str, Any], call: Callable[[dict[str, Any]], tuple[list[Any], list[Any], str | None, str]]
) -> Followed:
    """Follow notes from ``first``; ``call(arguments)`` returns (upstream rows, rows shown, note, text)."""
    out = Followed()
    pending = [dict(first)]
    while pending:
        arguments = pending.pop(0)
        out.calls += 1
        assert out.calls <= MAX_CALLS, "the notes never end"
        upstream, shown, note, text = call(arguments)
        out.answers.append((text, note))
        out.seen.extend(shown)
        if note is None:
            continue
        for start, end in not_shown(note):
            out.named.extend(upstream[start - 1 : end])
        pending[:0] = [{**arguments, **change} for change in next_calls(note)]
    return out

"""The answer writer: projection, then format, then budget with a note. One writer for both servers.

``write_answer`` takes the upstream's JSON values (validated, nulls included) and the tool's
:class:`~data_pkg.toolsets.AnswerSpec`, and returns the text an agent reads. Rows are kept whole
and in the upstream's order; what does not fit is named in the note, never dropped silently.

Work is proportional to what is shown, not to what the upstream sent: rows are cleaned, projected,
rendered and counted one at a time until the budget is reached, so a 25,000-row list costs about
what its first few hundred rows cost.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from data_pkg.answers._note import CallContext, note
from data_pkg.answers._render import NotFlatError, Table, json_text, name_text
from data_pkg.answers._rows import WALKED_DEPTH, Rows, find_rows, project, without_nulls
from data_pkg.answers._tokens import MARGIN, estimate_tokens, token_rate
from data_pkg.toolsets import AnswerSpec

NOTE_RESERVE = 90
"""Tokens kept free for the note (the longest note is about 70)."""

SHORTEST_CUT = 200
"""Strings shorter than this are values (dates, times, symbols, names, links), never shortened: cutting
one saves a few tokens and breaks it (a date cut to ``…`` no longer fits ``format: date``). Texts worth
cutting (a transcript, a description) are far longer."""


@dataclass(frozen=True)
class Answer:
    """What the agent reads: ``text`` (then ``note`` when something was cut), and the value shown."""

    text: str
    value: Any
    """The JSON value the text shows (projected and cut): structured content uses it."""
    note: str | None = None
    rows: int | None = None
    """How many rows the answer had, when it is rows."""
    shown: int | None = None
    """How many of them are shown."""
    shortened: tuple[tuple[tuple[Any, ...], int], ...] = ()
    """The texts cut to fit: where each is (its path in ``value``) and how many characters were kept."""

    @property
    def cut(self) -> bool:
        """Whether anything was left out."""
        return self.note is not None


def write_answer(value: Any, spec: AnswerSpec, call: CallContext | None = None) -> Answer:
    """The answer for ``value`` under ``spec``: chosen fields, compact format, within the token budget."""
    call = call or CallContext()
    budget = spec.max_tokens * (1 - MARGIN)
    found = find_rows(value)
    if found is None or not found.rows:
        return _whole(project(without_nulls(value), spec.fields, spec.exclude_fields), spec.max_tokens)
    if found.envelope is None:
        rows = _Shaped(found.rows, lambda row: project(without_nulls(row), spec.fields, spec.exclude_fields))
        envelope = None
    else:  # the object around a nested list is the row the projection speaks of
        rows = _Shaped(found.rows, without_nulls)
        envelope = project(without_nulls(found.envelope), spec.fields, spec.exclude_fields)
    shaped = Rows(rows, envelope, found.key)
    if spec.format == "table" and envelope is None and len(rows) > 1:
        try:
            return _fit(shaped, budget, spec.max_tokens, call, table=True)
        except NotFlatError:
            pass
    return _fit(shaped, budget, spec.max_tokens, call, table=False)


def cut_like(answer: Answer, value: Any, spec: AnswerSpec) -> Any:
    """``value``, another form of the answer ``answer`` was written from (the models' JSON of the same rows),
    with the same fields, rows and shortened texts as ``answer.value``: structured content beside the text."""
    found = find_rows(value)
    if found is None or not found.rows or answer.shown is None:
        shaped = project(without_nulls(value), spec.fields, spec.exclude_fields)
    elif found.envelope is None:
        rows = found.rows[: answer.shown]
        shaped = [project(without_nulls(row), spec.fields, spec.exclude_fields) for row in rows]
    else:
        envelope = project(without_nulls(found.envelope), spec.fields, spec.exclude_fields)
        kept = [without_nulls(row) for row in found.rows[: answer.shown]]
        shaped = Rows(kept, envelope, found.key).rebuild(kept)
    for path, keep in answer.shortened:
        text = _at(shaped, path)
        if isinstance(text, str) and len(text) > keep:
            shaped = _replace(shaped, path, text[:keep] + "…")
    return shaped


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    """The part of ``value`` at ``path``, or None when it has no such part."""
    for step in path:
        if (isinstance(value, dict) and step in value) or (
            isinstance(value, list) and isinstance(step, int) and 0 <= step < len(value)
        ):
            value = value[step]
        else:
            return None
    return value


class _Shaped(Sequence[Any]):
    """The upstream's rows, each cleaned and projected when first read (and only then)."""

    def __init__(self, rows: Sequence[Any], shape: Callable[[Any], Any]) -> None:
        self._rows = rows
        self._shape = shape
        self._done: dict[int, Any] = {}

    def __len__(self) -> int:
        return len(self._rows)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if index not in self._done:
            self._done[index] = self._shape(self._rows[index])
        return self._done[index]

    def __iter__(self) -> Iterator[Any]:
        return (self[i] for i in range(len(self)))


def _fit(found: Rows, budget: float, limit: int, call: CallContext, *, table: bool) -> Answer:
    rows = found.rows
    lines: Iterable[str]
    if table:
        writer = Table()
        writer.line(rows[0])  # learns the first row's columns, for the header's cost
        frame = writer.header()
        writer = Table()
        lines = writer.lines(rows)
    else:
        lines = (json_text(row) for row in rows)
        frame = json_text(found.rebuild([]))
    kept_lines = _within(lines, budget - NOTE_RESERVE - estimate_tokens(frame))
    kept = len(kept_lines)
    if kept == len(rows):
        text = writer.join(kept_lines) if table else json_text(found.rebuild(list(rows)))
        return Answer(text, found.rebuild(list(rows)), rows=len(rows), shown=len(rows))
    where = f" of {name_text(found.key)}" if found.key else ""
    cut = note(rows, max(kept, 1), budget=limit, where=where, call=call)
    shown = list(rows[: cut.kept])
    if table:
        if cut.kept > kept:  # the one row shown does not fit: render it all the same
            kept_lines = [*kept_lines, *writer.lines(rows[kept : cut.kept])]
        text = writer.join(kept_lines[: cut.kept])
    else:
        text = json_text(found.rebuild(shown))
    result = Answer(text, found.rebuild(shown), cut.note, len(rows), cut.kept)
    if kept == 0:  # one row alone is over the budget: shorten its longest texts too
        return _shortened(result, limit)
    return result


def _within(lines: Iterable[str], budget: float) -> list[str]:
    """The first lines whose tokens (with a line break each) add up to at most ``budget``.

    A token is at least one byte, so lines whose bytes fit need no counting at all. Past that, the
    rows are counted at the rate of their first ones (:func:`token_rate`): rows of one answer are
    alike, and ``len()`` is far cheaper than looking at every row of a 25,000-row list.
    """
    kept: list[str] = []
    size = 0
    iterator = iter(lines)
    for line in iterator:
        kept.append(line)
        size += len(line.encode()) + 1
        if size > budget:
            break
    else:
        return kept
    rate = token_rate(kept)
    used = 0.0
    for index, line in enumerate(kept):
        used += (len(line) + 1) * rate
        if used > budget:
            return kept[:index]
    for line in iterator:
        used += (len(line) + 1) * rate
        if used > budget:
            break
        kept.append(line)
    return kept


def _whole(value: Any, budget: int) -> Answer:
    text = json_text(value)
    answer = Answer(text, value)
    if len(text.encode()) <= budget * (1 - MARGIN) or estimate_tokens(text) <= budget * (1 - MARGIN):
        return answer
    return _shortened(answer, budget)


def _shortened(answer: Answer, budget: int) -> Answer:
    """``answer`` with its longest texts cut until it fits, and a note naming each cut.

    Only strings of at least :data:`SHORTEST_CUT` characters are cut; a row over the budget without
    such a text (hundreds of numbers) is shown whole.
    """
    value = answer.value
    cuts: list[str] = []
    shortened: list[tuple[tuple[Any, ...], int]] = []
    target = budget * (1 - MARGIN) - NOTE_RESERVE
    for _ in range(8):  # each round removes the estimated excess from the longest text; a few always suffice
        excess = estimate_tokens(json_text(value)) - target
        if excess <= 0:
            break
        path, longest = _longest_string(value)
        if path is None or len(longest) < SHORTEST_CUT:
            break
        rate = max(estimate_tokens(longest) / max(len(longest), 1), 0.05)
        keep = max(int(len(longest) - excess / rate * 1.1), 0)
        value = _replace(value, path, longest[:keep] + "…")
        shortened.append((path, keep))
        cuts.append(f"{'.'.join(name_text(str(p)) for p in path)} at {keep:,} of {len(longest):,} characters")
    if not cuts:
        return answer
    text = "The text of " + "; ".join(cuts) + " was cut to fit; no argument of this tool returns the rest."
    note_text = f"{answer.note} {text}" if answer.note else text
    return Answer(json_text(value), value, note_text, answer.rows, answer.shown, tuple(shortened))


def _longest_string(value: Any, path: tuple[Any, ...] = ()) -> tuple[tuple[Any, ...] | None, str]:
    if isinstance(value, str):
        return (path, value)
    items: Iterable[tuple[Any, Any]]
    if len(path) >= WALKED_DEPTH:
        return (None, "")
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return (None, "")
    best: tuple[tuple[Any, ...] | None, str] = (None, "")
    for key, item in items:
        found = _longest_string(item, (*path, key))
        if found[0] is not None and len(found[1]) > len(best[1]):
            best = found
    return best


def _replace(value: Any, path: tuple[Any, ...], new: str) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _replace(value[head], rest, new)}
    copy = list(value)
    copy[head] = _replace(copy[head], rest, new)
    return copy

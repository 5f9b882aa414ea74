"""The answer writer: projection, then format, then budget with a note. One writer for both servers.

``write_answer`` takes the upstream's JSON values (validated, nulls included) and the tool's
:class:`~data_pkg.toolsets.AnswerSpec`, and returns the text an agent reads. Rows are kept whole
and in the upstream's order; what does not fit is named in the note, never dropped silently.

Work is proportional to what is shown, not to what the upstream sent: rows are cleaned, projected,
rendered and counted one at a time until the budget is reached, so a 25,000-row list costs about
what its first few hundred rows cost.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from data_pkg.answers._note import CallContext, more_rows, note
from data_pkg.answers._render import NotFlatError, Table, json_text, name_text
from data_pkg.answers._rows import WALKED_DEPTH, Rows, find_rows, project, without_nulls
from data_pkg.answers._tokens import charge, estimate_tokens
from data_pkg.toolsets import FIELDS_ARGUMENT, AnswerSpec

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
    withheld: bool = False
    """Nothing is shown: even cut, the answer is over its budget (the note says so)."""
    full_page: bool = False
    """Every row is shown, and the note says only that more may exist past them (a full page)."""

    @property
    def cut(self) -> bool:
        """Whether anything was left out."""
        return self.note is not None and not self.full_page


def write_answer(value: Any, spec: AnswerSpec, call: CallContext | None = None, *, also: str | None = None) -> Answer:
    """The answer for ``value`` under ``spec``: chosen fields, compact format, within the token budget.

    ``also`` is a sentence the note ends with (where the server kept the rows), making a note when
    there was none. It is charged to the budget like the rest of the note: a sentence added after
    the rows were chosen would put a full answer over it.
    """
    call = call or CallContext()
    if spec.fields_argument:  # the agent may choose fewer columns: the notes say so where that is the way on
        call = replace(call, params=call.params | {FIELDS_ARGUMENT})
    written = _write(value, spec, call, _Budget(spec.max_tokens, _cost(also), spec.fields_argument))
    if not also:
        return written
    return replace(written, note=f"{written.note} {also}" if written.note else also)


def _cost(also: str | None) -> int:
    """What ``also`` adds to a note: its own tokens, and one for the space before it."""
    return estimate_tokens(also) + 1 if also else 0


@dataclass(frozen=True)
class _Budget:
    """The budget a note states (``stated``) and the part of it the text and note may use (``room``)."""

    stated: int
    reserved: int = 0
    columns: bool = False
    """The tool takes a ``fields`` argument: an answer too wide for the budget can be asked for in fewer columns."""

    @property
    def room(self) -> int:
        return self.stated - self.reserved


def _write(value: Any, spec: AnswerSpec, call: CallContext, budget: _Budget) -> Answer:
    found = find_rows(value)
    if found is None or not found.rows:
        return _whole(project(without_nulls(value), spec.fields, spec.exclude_fields), budget)
    if found.envelope is None:
        rows = _Shaped(found.rows, lambda row: project(without_nulls(row), spec.fields, spec.exclude_fields))
        envelope = None
    else:  # the object around a nested list is the row the projection speaks of; its list's rows are inside it
        rows = _Shaped(found.rows, lambda row: project(without_nulls(row), None, spec.exclude_fields))
        envelope = project(without_nulls(found.envelope), spec.fields, spec.exclude_fields)
    shaped = Rows(rows, envelope, found.key)
    if spec.format == "table" and envelope is None:  # one row too: one list format whatever the length
        try:
            return _fit(shaped, budget, call, _TableText(rows))
        except NotFlatError:
            pass
    return _fit(shaped, budget, call, _JsonText(shaped))


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
        kept = [project(without_nulls(row), None, spec.exclude_fields) for row in found.rows[: answer.shown]]
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
        self.source = rows
        """The rows as the upstream sent them: the note reads their dates, whichever fields are shown."""
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


class _TableText:
    """Rows as table lines, rendered as they are first needed."""

    def __init__(self, rows: Sequence[Any]) -> None:
        self.table = Table()
        self.lines = self.table.lines(rows)

    def text(self, lines: list[str], found: Rows, kept: int) -> str:
        return self.table.join(lines[:kept])


class _JsonText:
    """Rows as compact JSON, one row after the other inside the answer's own shape."""

    def __init__(self, found: Rows) -> None:
        self.lines = (json_text(row) for row in found.rows)

    def text(self, lines: list[str], found: Rows, kept: int) -> str:
        return json_text(found.rebuild(list(found.rows[:kept])))


def _fit(found: Rows, budget: _Budget, call: CallContext, render: _TableText | _JsonText) -> Answer:
    """The most leading rows whose text and note fit ``budget`` (by :func:`estimate_tokens`, an upper bound)."""
    rows = found.rows
    lines, fit = _within(render.lines, budget.room)
    if fit == len(rows):
        text = render.text(lines, found, fit)
        more = more_rows(len(rows), call)  # charged like a note: a full page's line never puts it over
        if estimate_tokens(text) + (estimate_tokens(more) if more else 0) <= budget.room:
            whole = found.rebuild(list(rows))
            return Answer(text, whole, more, rows=len(rows), shown=len(rows), full_page=more is not None)
        fit -= 1
    if len(rows) == 1:  # nothing to page: the one row is shortened
        whole = found.rebuild(list(rows))
        return _shortened(Answer(json_text(whole), whole, None, 1, 1), budget)
    where = f" of {name_text(found.key)}" if found.key else ""
    for _ in range(MAX_ROUNDS):
        # The note pages by the rows' dates, shown or not (an agent may have chosen only close).
        dated = rows.source if isinstance(rows, _Shaped) else rows
        cut = note(dated, max(fit, 1), budget=budget.stated, where=where, call=call)
        text = render.text(lines, found, cut.kept)
        over = estimate_tokens(text) + estimate_tokens(cut.note) - budget.room
        if over <= 0:
            return Answer(text, found.rebuild(list(rows[: cut.kept])), cut.note, len(rows), cut.kept)
        if cut.kept <= 1:
            break
        # Rows alike cost alike: drop as many as the excess is worth, at least one.
        fit = cut.kept - max(1, math.ceil(over * cut.kept / max(budget.room, 1)))
    first = found.rebuild(list(rows[:1]))
    return _shortened(Answer(json_text(first), first, cut.note, len(rows), 1), budget)


MAX_ROUNDS = 64
"""Bounds the search for the rows that fit with their note (each round drops at least one row)."""

CHUNK = 32
"""Lines charged together: charges add up over lines, and one call per line costs more than the counting."""


def _within(lines: Iterator[str], budget: float) -> tuple[list[str], int]:
    """The lines rendered, and how many of the first of them fit ``budget`` (each with its line break).

    Lines are charged :data:`CHUNK` at a time, and one by one only in the chunk that crosses the
    budget, so a 25,000-row list is rendered and charged only up to where the budget ends.
    """
    rendered: list[str] = []
    used = 0.0
    while True:
        chunk = list(itertools.islice(lines, CHUNK))
        if not chunk:
            return rendered, len(rendered)
        cost = charge("\n".join(chunk)) + len(chunk)
        if used + cost <= budget:
            rendered.extend(chunk)
            used += cost
            continue
        fit = len(rendered)
        for line in chunk:
            used += charge(line) + 1
            if used > budget:
                break
            fit += 1
        rendered.extend(chunk)
        return rendered, fit


def _whole(value: Any, budget: _Budget) -> Answer:
    answer = Answer(json_text(value), value)
    if estimate_tokens(answer.text) <= budget.room:
        return answer
    return _shortened(answer, budget)


def _shortened(answer: Answer, budget: _Budget) -> Answer:
    """``answer`` with its long texts and lists cut until it fits, and a note naming each cut.

    Strings shorter than :data:`SHORTEST_CUT` are values and stay whole; long texts are cut to one
    common length, then the longest lists lose their last items. An answer that still does not fit
    (a row of hundreds of numbers, whose fields the output schema requires) is not shown: its note
    says so, never that it fits.
    """
    value = answer.value
    cuts: dict[tuple[Any, ...], tuple[int, int, str]] = {}
    lead = answer.note or ""
    for _ in range(MAX_ROUNDS):
        text = json_text(value)
        note_text = _cut_note(lead, cuts)
        over = estimate_tokens(text) + estimate_tokens(note_text) - budget.room
        if over <= 0:
            texts = tuple((place, kept) for place, (kept, _, unit) in cuts.items() if unit == "characters")
            return Answer(text, value, note_text or None, answer.rows, answer.shown, texts)
        shorter = _shorter(value, over, cuts)
        if shorter is None:
            break
        value = shorter
    rest = lead.split(" tokens. ", 1)[-1] if " tokens. " in lead else ""
    if "max_answer_tokens" not in rest:
        rest = f"{FEWER_COLUMNS if budget.columns else RAISE} {rest}"
    what = "The answer" if answer.rows is None or answer.rows == 1 else f"Row 1 of {answer.rows:,}"
    stated = budget.stated
    refused = f"{what} is over the {stated:,}-token budget even with its texts and lists cut, so it is not shown."
    return Answer("", None, f"{refused} {rest}".strip(), answer.rows, 0 if answer.rows else None, withheld=True)


RAISE = "Ask the user to raise max_answer_tokens or choose fewer fields in the manifest, or narrow the request."
FEWER_COLUMNS = (
    "Call again with the columns the task needs (fields), or narrow the request, or ask the user to raise"
    " max_answer_tokens."
)


def _cut_note(lead: str, cuts: dict[tuple[Any, ...], tuple[int, int, str]]) -> str:
    if not cuts:
        return lead
    named = [
        f"{_path(path) or 'the answer'} at {kept:,} of {size:,} {unit}" for path, (kept, size, unit) in cuts.items()
    ]
    listed = "; ".join(named[:4]) + (f"; and {len(named) - 4:,} more" if len(named) > 4 else "")
    text = f"Cut to fit, and no argument of this tool returns the rest: {listed}."
    return f"{lead} {text}" if lead else text


def _shorter(value: Any, over: int, cuts: dict[tuple[Any, ...], tuple[int, int, str]]) -> Any | None:
    """``value`` about ``over`` tokens smaller: its long texts cut to one length, else its longest list."""
    texts = [(path, text) for path, text in _strings(value) if len(text) >= SHORTEST_CUT]
    if texts:
        chars = sum(len(text) for _, text in texts)
        tokens = max(sum(estimate_tokens(text) for _, text in texts), 1)
        cap = _water_level([len(text) for _, text in texts], chars * min(1.0, over / tokens * 1.02) + 1)
        for place, text in texts:
            if len(text) > cap:
                value = _replace(value, place, text[:cap] + "…")
                cuts[place] = (cap, cuts.get(place, (0, len(text), ""))[1], "characters")
        return value
    where, size = _largest_list(value)
    if where is None or size < 2:
        return None
    items = _get(value, where)
    tokens = max(estimate_tokens(json_text(items)), 1)
    keep = max(0, min(size - 1, int(size * (tokens - over) / tokens * 0.95)))  # items alike cost alike
    cuts[where] = (keep, cuts.get(where, (0, size, ""))[1], "items")
    return _replace(value, where, items[:keep])


def _water_level(lengths: list[int], remove: float) -> int:
    """The length that cutting every longer text to removes at least ``remove`` characters (0 at most)."""
    low, high = 0, max(lengths)
    while low < high:  # the largest level that still removes enough
        level = (low + high + 1) // 2
        if sum(max(0, length - level) for length in lengths) >= remove:
            low = level
        else:
            high = level - 1
    return low


def _path(path: tuple[Any, ...]) -> str:
    return ".".join(name_text(str(p)) for p in path)


def _strings(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], str]]:
    if isinstance(value, str):
        yield path, value
    elif len(path) >= WALKED_DEPTH:  # deeper parts stay as they came (see _rows.WALKED_DEPTH)
        return
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, (*path, index))


def _largest_list(value: Any, path: tuple[Any, ...] = ()) -> tuple[tuple[Any, ...] | None, int]:
    """The path of the list with the most items, and how many (an object's fields are never dropped:
    the output schema requires them)."""
    best: tuple[tuple[Any, ...] | None, int] = (None, 0)
    items: Iterable[tuple[Any, Any]] = ()
    if len(path) >= WALKED_DEPTH:
        return best
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list):
        best, items = (path, len(value)), enumerate(value)
    for key, item in items:
        found = _largest_list(item, (*path, key))
        if found[0] is not None and found[1] > best[1]:
            best = found
    return best


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


def _replace(value: Any, path: tuple[Any, ...], new: str) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _replace(value[head], rest, new)}
    copy = list(value)
    copy[head] = _replace(copy[head], rest, new)
    return copy

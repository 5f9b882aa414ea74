"""Every branch of the note, by table: which rows are shown and the exact sentence that gets the rest."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from data_pkg.answers import CallContext, estimate_tokens, write_answer
from data_pkg.answers._note import aligned_pages, largest_divisor, more_rows, note, whole_days
from data_pkg.toolsets import AnswerSpec


def days(count: int, per_day: int = 1, *, oldest_first: bool = False) -> list[dict[str, Any]]:
    rows = []
    for i in range(count):
        day = (dt.date(2024, 12, 31) - dt.timedelta(days=i // per_day)).isoformat()
        rows.append({"date": day if per_day == 1 else f"{day} {15 - i % per_day:02d}:00:00"})
    return rows[::-1] if oldest_first else rows


def plain(count: int) -> list[dict[str, Any]]:
    return [{"n": i} for i in range(count)]


def ctx(
    params: set[str], arguments: dict[str, Any] | None = None, defaults: dict[str, Any] | None = None
) -> CallContext:
    return CallContext(frozenset(params), arguments or {}, defaults or {})


HEAD = "to fit 1,000 tokens. "
AGAIN = "call again with the same arguments and"
NOBODY = (
    ": narrow the request (other arguments or another tool), or ask the user to raise max_answer_tokens or"
    " choose fewer fields for this tool in the manifest."
)
DATES = {"from_date", "to_date"}

CASES = [
    pytest.param(
        days(2),
        1,
        ctx(DATES),
        1,
        f"For older rows (2-2) {AGAIN} to_date=2024-12-30, from_date=2024-12-30.",
        id="to_date: two rows are a series",
    ),
    pytest.param(
        [{"close": 1}, *days(3)],
        2,
        ctx(DATES),
        2,
        f"No argument of this tool reaches rows 3-4{NOBODY}",
        id="rows without a date on the first are no series",
    ),
    pytest.param(
        days(10),
        4,
        ctx(DATES | {"limit"}),
        4,
        f"For older rows (5-10) {AGAIN} to_date=2024-12-27, from_date=2024-12-22.",
        id="to_date: a limit the agent did not give and the catalog has no default for stays unset",
    ),
    pytest.param(
        days(10),
        4,
        ctx(DATES),
        4,
        f"For older rows (5-10) {AGAIN} to_date=2024-12-27, from_date=2024-12-22.",
        id="to_date: the day before the oldest shown, from_date pinned to where the answer ends",
    ),
    pytest.param(
        days(10),
        4,
        ctx(DATES, {"from_date": "2024-01-01"}),
        4,
        f"For older rows (5-10) {AGAIN} to_date=2024-12-27.",
        id="to_date: the agent's own from_date stays",
    ),
    pytest.param(
        days(10),
        4,
        ctx(DATES | {"limit"}, defaults={"limit": 12}),
        4,
        f"For older rows (5-10) {AGAIN} to_date=2024-12-27, from_date=2024-12-22, limit=8.",
        id="to_date: the limit shrinks by the rows shown",
    ),
    pytest.param(
        days(12, per_day=3),
        5,
        ctx(DATES),
        3,
        f"For older rows (4-12) {AGAIN} to_date=2024-12-30, from_date=2024-12-28.",
        id="to_date: rows are cut at a day boundary",
    ),
    pytest.param(
        days(12, per_day=6),
        4,
        ctx(DATES),
        4,
        "Rows 5-6 (2024-12-31 11:00:00 to 2024-12-31 10:00:00) are not shown: 2024-12-31 alone is over the"
        f" budget and no argument of this tool starts inside a day. For older rows (7-12) {AGAIN}"
        " to_date=2024-12-30, from_date=2024-12-30.",
        id="to_date: a day alone over the budget, its other rows named",
    ),
    pytest.param(
        days(12, per_day=6),
        4,
        ctx(DATES | {"page", "limit"}, defaults={"limit": 12}),
        4,
        f"For rows 5-12 {AGAIN}, in turn (each answer's own note before the next call): limit=4, page=1; limit=4, page=2.",
        id="to_date: a split day on a paged tool is paged instead",
    ),
    pytest.param(
        days(10, oldest_first=True),
        4,
        ctx(DATES),
        4,
        f"For newer rows (5-10) {AGAIN} from_date=2024-12-26, to_date=2024-12-31.",
        id="from_date: the day after the newest shown, to_date pinned",
    ),
    pytest.param(
        days(10, oldest_first=True),
        4,
        ctx(DATES, {"to_date": "2025-01-01"}),
        4,
        f"For newer rows (5-10) {AGAIN} from_date=2024-12-26.",
        id="from_date: the agent's own to_date stays",
    ),
    pytest.param(
        days(10, oldest_first=True),
        4,
        ctx({"to_date"}),
        4,
        f"No argument of this tool reaches rows 5-10{NOBODY}",
        id="oldest first without from_date: no date argument moves it",
    ),
    pytest.param(
        plain(10),
        4,
        ctx({"offset", "limit"}),
        4,
        f"For rows 5-10 {AGAIN} offset=4, limit=6.",
        id="offset: none given starts at 0",
    ),
    pytest.param(
        plain(10),
        4,
        ctx({"offset", "limit"}, {"offset": 40, "limit": 10}),
        4,
        f"For rows 5-10 {AGAIN} offset=44, limit=6.",
        id="offset: moved past the rows shown, limit shrunk",
    ),
    pytest.param(
        plain(10),
        4,
        ctx({"offset"}),
        4,
        f"For rows 5-10 {AGAIN} offset=4.",
        id="offset without limit",
    ),
    pytest.param(
        plain(100),
        89,
        ctx({"page", "limit"}, {"limit": 100}),
        80,
        f"For rows 81-100 {AGAIN} limit=20, page=4.",
        id="pages: limit=100 shows 80 so that one page gets the rest",
    ),
    pytest.param(
        plain(97),
        14,
        ctx({"page", "limit"}, {"limit": 97}),
        12,
        f"For rows 13-97 {AGAIN}, in turn (each answer's own note before the next call):"
        " limit=12, page=1; limit=24, page=1; limit=48, page=1; limit=1, page=96.",
        id="pages: a prime limit takes a few aligned pages and keeps the agent's end",
    ),
    pytest.param(
        plain(10),
        4,
        ctx({"page", "limit"}, {"page": 2, "limit": 10}),
        4,
        f"For rows 5-10 {AGAIN} limit=6, page=4.",
        id="pages: a later page",
    ),
    pytest.param(
        plain(20),
        12,
        ctx({"page", "limit"}, {"page": 1}, {"page": 0, "limit": 20}),
        12,
        f"For rows 13-20 {AGAIN} limit=8, page=4.",
        id="pages: the catalog's default limit",
    ),
    pytest.param(
        days(10),
        4,
        ctx(DATES | {"page", "limit"}, {"page": 1}, {"limit": 10}),
        4,
        f"For rows 5-10 {AGAIN}, in turn (each answer's own note before the next call): limit=2, page=7; limit=4, page=4.",
        id="pages: a dated list past its first page pages, since a date bound would skip rows",
    ),
    pytest.param(
        plain(10),
        4,
        ctx({"page", "limit"}, {"page": 3}),
        4,
        f"No argument of this tool reaches rows 5-10{NOBODY}",
        id="pages: where a page starts is unknown without a limit",
    ),
    pytest.param(
        plain(10), 4, ctx(set()), 4, f"No argument of this tool reaches rows 5-10{NOBODY}", id="nothing pages"
    ),
]


@pytest.mark.parametrize(("rows", "fit", "call", "kept", "rest"), CASES)
def test_the_note_shows_rows_and_names_the_call_for_the_rest(
    rows: list[dict[str, Any]], fit: int, call: CallContext, kept: int, rest: str
) -> None:
    cut = note(rows, fit, budget=1_000, where="", call=call)
    assert cut.kept == kept
    assert cut.note.split(HEAD, 1)[1] == rest
    assert cut.note.startswith(f"Rows 1-{kept} of {len(rows)} shown")


def test_the_note_names_a_series_span_and_a_nested_list() -> None:
    cut = note(days(10), 4, budget=8_000, where=" of historical", call=ctx(DATES))
    assert cut.note.startswith(
        "Rows 1-4 of 10 of historical shown (2024-12-31 to 2024-12-28, newest first) to fit 8,000"
    )


@pytest.mark.parametrize(
    ("start", "end", "pages"),
    [
        (12, 97, [(12, 1), (24, 1), (48, 1), (1, 96)]),
        (80, 100, [(20, 4)]),
        (89, 100, [(1, 89), (10, 9)]),
        (1, 2, [(1, 1)]),
        (7, 7, []),
    ],
)
def test_aligned_pages_cover_a_span_exactly_once(start: int, end: int, pages: list[tuple[int, int]]) -> None:
    assert aligned_pages(start, end) == pages
    covered = [row for size, page in pages for row in range(page * size, (page + 1) * size)]
    assert covered == list(range(start, end))


@pytest.mark.parametrize(
    ("number", "most", "divisor"), [(97, 50, 1), (100, 30, 25), (100, 100, 100), (36, 5, 4), (0, 7, 7), (49, 8, 7)]
)
def test_the_largest_divisor_within_a_bound(number: int, most: int, divisor: int) -> None:
    assert largest_divisor(number, most) == divisor


def test_an_answer_shows_the_most_rows_that_fit_with_their_note() -> None:
    rows = [{"symbol": f"S{i:05d}", "name": f"Company number {i}"} for i in range(2_000)]
    call = ctx(set())
    answer = write_answer(rows, AnswerSpec(max_tokens=1_000), call)
    shown = answer.shown or 0
    assert answer.note is not None
    assert estimate_tokens(answer.text) + estimate_tokens(answer.note) <= 1_000
    one_more = write_answer(rows[: shown + 1], AnswerSpec(max_tokens=1_000_000), call).text
    longer = note(rows, shown + 1, budget=1_000, where="", call=call).note
    assert estimate_tokens(one_more) + estimate_tokens(longer) > 1_000


def test_a_row_that_cannot_be_cut_to_fit_is_not_shown_and_the_note_says_so() -> None:
    row = {f"k{i}": i for i in range(3)} | {"x": 1}
    answer = write_answer([row] * 3, AnswerSpec(max_tokens=1_000, fields=None), ctx(set()))
    assert not answer.cut  # a control: small rows fit
    huge = {"codes": ["ab"] * 20_000}
    answer = write_answer(huge, AnswerSpec(max_tokens=1_000))
    assert answer.note is not None and "codes at" in answer.note and "of 20,000 items" in answer.note
    assert estimate_tokens(answer.text) + estimate_tokens(answer.note) <= 1_000


# Pinned by the mutation sample (scripts/mutation_sample.py): places the four answers unit-test files let change.


@pytest.mark.parametrize(
    ("count", "call", "line"),
    [
        (1, CallContext(frozenset({"limit", "page"}), {"limit": 1}), "These 1 rows fill a page of limit=1"),
        (10, CallContext(frozenset({"limit", "page"}), {"limit": 10, "page": 2}), "with page=3 get the next ones."),
        (10, CallContext(frozenset({"page"})), "may fill a page (its size is the data service's), so more"),
        (5, CallContext(frozenset({"limit", "offset"}), {"limit": 5, "offset": 20}), "offset=25 get the next"),
        (5, CallContext(frozenset({"limit"}), {"limit": 5}), "limit=10 get these and the next ones."),
    ],
)
def test_a_full_page_says_which_argument_gets_the_next_rows(count: int, call: CallContext, line: str) -> None:
    said = more_rows(count, call)
    assert said is not None and line in said


@pytest.mark.parametrize(
    ("count", "call"),
    [
        (0, CallContext(frozenset({"page"}))),  # nothing answered: no page to follow
        (4, CallContext(frozenset({"limit", "page"}), {"limit": 5})),  # fewer than the limit: the last page
        (5, CallContext(frozenset())),  # a tool that does not page
    ],
)
def test_a_page_that_is_not_full_says_nothing_more(count: int, call: CallContext) -> None:
    assert more_rows(count, call) is None


def test_page_zero_of_any_size_starts_at_zero() -> None:
    assert largest_divisor(0, 7) == 7 and largest_divisor(1, 7) == 1 and largest_divisor(12, 5) == 4


def test_only_whole_numbers_of_at_least_zero_are_read_as_numbers() -> None:
    call = CallContext(frozenset({"limit", "page", "offset"}), {"limit": 0, "page": True, "offset": -1})
    assert (call.number("limit"), call.number("page"), call.number("offset")) == (0, None, None)


def test_a_day_that_alone_is_over_the_budget_is_split_all_the_same() -> None:
    rows = [{"date": "2024-01-02 09:30:00"}, {"date": "2024-01-02 09:31:00"}, {"date": "2024-01-02 09:32:00"}]
    assert whole_days(rows, 2) == 2
    assert whole_days([{"date": "2024-01-01 15:59:00"}, *rows], 3) == 1


def test_an_offset_note_names_the_next_offset_and_rows() -> None:
    rows = [{"n": i, "text": f"row number {i} of a list long enough to be cut"} for i in range(400)]
    call = CallContext(frozenset({"offset"}), {"offset": 100})
    answer = write_answer(rows, AnswerSpec(max_tokens=500), call)
    assert answer.note is not None and f"For rows {answer.shown + 1}-400 " in answer.note
    assert f"offset={100 + answer.shown}." in answer.note


def test_the_page_planner_weighs_64_row_counts_below_the_most_that_fit() -> None:
    # 155 of 182 rows fit. Showing 91 would leave one call (limit=91, page=1), but 91 is the 65th count from 155
    # down: the planner weighs 155 to 92 (its work is bounded), where the rest takes two calls at best, and
    # shows the most rows that do that.
    rows = [{"id": i} for i in range(182)]
    call = CallContext(params=frozenset({"page", "limit"}), arguments={"page": 0, "limit": 182})
    weighed = range(155, 91, -1)
    fewest = min(len(aligned_pages(kept, 182)) for kept in weighed)
    assert fewest == 2 and len(aligned_pages(91, 182)) == 1
    cut = note(rows, 155, budget=8_000, where="", call=call)
    assert cut.kept == max(kept for kept in weighed if len(aligned_pages(kept, 182)) == fewest)
    assert "in turn" in cut.note


def test_a_calls_context_keeps_the_arguments_sent_and_the_parameters_not_fixed() -> None:
    from data_pkg.catalog import by_key

    news = by_key("stock_news")
    call = CallContext.of(news, {"symbols": "AAPL", "limit": 97}, fixed=("symbols",))
    assert call.arguments == {"symbols": "AAPL", "limit": 97} and call.number("limit") == 97
    assert "symbols" not in call.params and "limit" in call.params
    assert CallContext.of(news, None).arguments == {}


def test_at_every_budget_the_rows_shown_are_the_most_that_fit_with_their_note() -> None:
    # Some budgets are met exactly (text and note together are the budget): those rows fit too.
    rows = [{"symbol": f"S{i:05d}", "name": f"Company number {i}"} for i in range(2_000)]
    call = ctx(set())
    exact = 0
    for budget in range(1_000, 1_060):
        answer = write_answer(rows, AnswerSpec(max_tokens=budget), call)
        shown = answer.shown or 0
        used = estimate_tokens(answer.text) + estimate_tokens(answer.note or "")
        assert used <= budget
        exact += used == budget
        one_more = write_answer(rows[: shown + 1], AnswerSpec(max_tokens=1_000_000), call).text
        longer = note(rows, shown + 1, budget=budget, where="", call=call).note
        assert estimate_tokens(one_more) + estimate_tokens(longer) > budget, budget
    assert exact > 0  # the sweep does reach the edge

"""The answer writer: fields chosen, a compact lossless table, and a budget that cuts whole rows with a note."""

from __future__ import annotations

import datetime as dt
import json
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from data_pkg.answers import CallContext, estimate_tokens, write_answer
from data_pkg.catalog import by_key
from data_pkg.toolsets._answer import AnswerSpec
from tests.answers.tables import read_table

BIG = AnswerSpec(max_tokens=1_000_000)


def daily_bars(newest: dt.date, count: int) -> list[dict[str, Any]]:
    """Weekday bars, newest first, as the upstream orders a daily history."""
    rows, day = [], newest
    while len(rows) < count:
        if day.weekday() < 5:
            n = len(rows)
            rows.append({"symbol": "AAPL", "date": day.isoformat(), "close": 100 + n % 50 + 0.25, "volume": 10**6 + n})
        day -= dt.timedelta(days=1)
    return rows


def history_upstream(rows: list[dict[str, Any]], to_date: str | None = None) -> list[dict[str, Any]]:
    """What a date-bounded history call answers: the rows up to ``to_date``, newest first."""
    return [r for r in rows if to_date is None or r["date"] <= to_date]


HISTORY = CallContext.of(by_key("historical_prices"), {"symbol": "AAPL"})


def test_a_list_of_flat_rows_is_a_table_with_the_header_once() -> None:
    rows = [{"date": "2024-01-02", "close": 1.5, "note": None}, {"date": "2024-01-01", "close": 2, "note": "a,b"}]
    answer = write_answer(rows, BIG)
    assert answer.text == 'date,close,note\n2024-01-02,1.5,\n2024-01-01,2,"a,b"'
    assert not answer.cut


def test_text_that_would_read_as_a_number_or_boolean_stays_text() -> None:
    rows = [{"cik": "0000320193", "flag": "true", "empty": "", "real": True}, {"cik": "12", "flag": "x", "real": False}]
    text = write_answer(rows, BIG).text
    assert text.splitlines()[1] == '"0000320193","true","",true'
    assert read_table(text) == rows


flat_value = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**15), max_value=10**15),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=12),
    st.sampled_from(["0001", "-3", "1e5", "true", "false", "", " padded ", 'say "hi"', "a\nb", "2024-01-02"]),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.dictionaries(st.sampled_from(["a", "b", "c", "d"]), flat_value, min_size=1), min_size=2))
def test_the_table_reads_back_as_exactly_the_json_rows(rows: list[dict[str, Any]]) -> None:
    answer = write_answer(rows, BIG)
    expected = [{k: v for k, v in row.items() if v is not None} for row in rows]
    if any(expected):
        assert read_table(answer.text) == expected


def test_rows_holding_objects_or_lists_are_json() -> None:
    rows = [{"a": 1, "b": {"c": 2}}, {"a": 2, "b": [1]}]
    assert json.loads(write_answer(rows, BIG).text) == rows


def test_json_format_and_single_objects_are_compact_json_without_nulls() -> None:
    rows = [{"a": 1, "b": None}, {"a": 2, "b": "é"}]
    assert write_answer(rows, AnswerSpec(format="json")).text == '[{"a":1},{"a":2,"b":"é"}]'
    assert write_answer({"price": 1.5, "x": None}, BIG).text == '{"price":1.5}'


def test_fields_keep_only_the_chosen_ones_and_exclude_fields_drop_some() -> None:
    rows = daily_bars(dt.date(2024, 12, 31), 3)
    chosen = write_answer(rows, AnswerSpec(fields=("date", "close")))
    assert chosen.text.splitlines()[0] == "date,close"
    dropped = write_answer(rows, AnswerSpec(exclude_fields=("symbol",)))
    assert dropped.text.splitlines()[0] == "date,close,volume"
    assert write_answer(rows[0], AnswerSpec(fields=("close",))).value == {"close": rows[0]["close"]}


def test_an_answer_over_budget_keeps_whole_rows_from_the_top_and_ends_with_a_note() -> None:
    rows = daily_bars(dt.date(2024, 12, 31), 1250)
    answer = write_answer(rows, AnswerSpec(max_tokens=2000), HISTORY)
    assert answer.cut and answer.rows == 1250 and 0 < (answer.shown or 0) < 1250
    assert read_table(answer.text) == rows[: answer.shown]
    oldest = rows[(answer.shown or 0) - 1]["date"]
    assert answer.note is not None
    assert f"Rows 1-{answer.shown} of 1,250 shown (2024-12-31 to {oldest}, newest first)" in answer.note
    assert estimate_tokens(answer.text) + estimate_tokens(answer.note) <= 2000


def test_following_the_note_gets_the_next_slice_until_nothing_is_left() -> None:
    rows = daily_bars(dt.date(2024, 12, 31), 1250)
    seen: list[dict[str, Any]] = []
    arguments: dict[str, Any] = {"symbol": "AAPL"}
    for _ in range(50):
        answer = write_answer(
            history_upstream(rows, arguments.get("to_date")),
            AnswerSpec(max_tokens=3000),
            CallContext.of(by_key("historical_prices"), arguments),
        )
        seen.extend(read_table(answer.text))
        if not answer.cut:
            break
        assert answer.note is not None
        bound = re.search(r"to_date=(\d{4}-\d{2}-\d{2})", answer.note)
        assert bound is not None
        arguments = {**arguments, "to_date": bound.group(1)}
    assert seen == rows


def test_intraday_bars_are_cut_at_a_day_boundary() -> None:
    bars = [
        {"date": f"2024-12-{day:02d} {hour:02d}:00:00", "close": float(day * 100 + hour)}
        for day in range(31, 20, -1)
        for hour in range(15, 9, -1)
    ]
    context = CallContext.of(by_key("intraday_prices"), {"symbol": "AAPL", "interval": "1hour"})
    answer = write_answer(bars, AnswerSpec(max_tokens=MIN_BUDGET), context)
    shown = answer.shown or 0
    assert answer.cut and shown % 6 == 0
    last_day = bars[shown - 1]["date"][:10]
    expected = (dt.date.fromisoformat(last_day) - dt.timedelta(days=1)).isoformat()
    assert answer.note is not None and f"to_date={expected}," in answer.note


MIN_BUDGET = 500


def test_a_list_no_argument_pages_says_so() -> None:
    rows = [{"symbol": f"S{i:05d}", "name": f"Company {i}"} for i in range(5000)]
    answer = write_answer(rows, AnswerSpec(max_tokens=MIN_BUDGET), CallContext.of(by_key("stock_list"), {}))
    assert 0 < answer.shown < 5000
    assert answer.note is not None and f"No argument of this tool reaches rows {answer.shown + 1}-5,000" in answer.note


def test_a_nested_list_is_cut_the_same_way_and_the_object_around_it_kept() -> None:
    value = {"symbol": "SPY", "name": "Fund", "sectors": [{"sector": f"S{i}", "weight": i / 10} for i in range(2000)]}
    answer = write_answer(value, AnswerSpec(max_tokens=MIN_BUDGET))
    shown = json.loads(answer.text)
    assert shown["symbol"] == "SPY" and shown["sectors"] == value["sectors"][: answer.shown]
    assert answer.note is not None and "of 2,000 of sectors shown" in answer.note


def test_one_long_text_is_shortened_with_a_note_naming_the_field() -> None:
    value = [{"symbol": "AAPL", "content": "word " * 20_000}]
    answer = write_answer(value, AnswerSpec(max_tokens=1000))
    assert answer.note is not None
    assert estimate_tokens(answer.text) + estimate_tokens(answer.note) <= 1000
    assert "0.content at" in answer.note and "of 100,000 characters" in answer.note


def test_a_wide_row_over_the_budget_is_not_shown_and_the_note_says_so() -> None:
    # A statement row: hundreds of numbers and a few short strings. Cutting a date to "…" saves
    # nothing worth having and breaks format: date; dropping fields breaks the output schema. So the
    # row is not shown, and the note says that rather than claiming a fit.
    row = {"date": "2026-09-27", "symbol": "AAPL", "acceptedDate": "2026-10-30 18:04:43", "link": "https://x.test/a"}
    row |= {f"item{i:03d}": 123456789.0 + i for i in range(300)}
    rows = [row, {**row, "date": "2025-09-27"}]
    answer = write_answer(rows, AnswerSpec(max_tokens=MIN_BUDGET, format="json"))
    assert answer.withheld and answer.value is None and answer.text == "" and answer.shown == 0
    assert answer.note is not None and answer.note.startswith("Row 1 of 2 is over the 500-token budget")
    assert "to fit" not in answer.note and "No argument of this tool reaches rows 2-2" in answer.note
    assert estimate_tokens(answer.note) <= MIN_BUDGET


KEPT = "All 1,258 rows are kept as table `historical_prices_aapl`; query it with `analysis_query`."


def test_a_sentence_the_note_ends_with_is_charged_to_the_budget() -> None:
    # The server ends the note with where it kept the rows; added after the rows were chosen it put a
    # full answer over its budget (data-mcp tools --answers: a five-year history at 8,054 of 8,000).
    spec = AnswerSpec(max_tokens=1000)
    for rows in (daily_bars(dt.date(2024, 12, 31), 1258), daily_bars(dt.date(2024, 12, 31), 3)):
        answer = write_answer(rows, spec, HISTORY, also=KEPT)
        assert answer.note is not None and answer.note.endswith(KEPT)
        assert estimate_tokens(answer.text) + estimate_tokens(answer.note) <= spec.max_tokens
    # The note still states the budget the agent set, not what was left after the sentence.
    assert "to fit 1,000 tokens" in (
        write_answer(daily_bars(dt.date(2024, 12, 31), 1258), spec, HISTORY, also=KEPT).note or ""
    )


def _nested(depth: int, leaf: Any) -> Any:
    """``leaf`` under ``depth`` objects, each also holding a null."""
    value = leaf
    for _ in range(depth):
        value = {"gone": None, "in": value}
    return value


def test_nulls_are_dropped_64_levels_deep_and_kept_below() -> None:
    # The writer walks 64 levels (an upstream can nest hundreds deep, and the walk is recursive).
    shown = json.loads(write_answer(_nested(70, 1), AnswerSpec(max_tokens=1_000_000, format="json")).text)
    depth, kept = 0, 0
    while isinstance(shown, dict):
        kept += "gone" in shown
        shown, depth = shown["in"], depth + 1
    assert (depth, kept) == (70, 6)


def test_a_long_text_64_levels_deep_is_shortened_and_one_deeper_is_left_as_it_came() -> None:
    # The writer looks for texts to shorten as deep as it walks: a text whose path is 64 names long is found.
    spec = AnswerSpec(max_tokens=2_000, format="json")
    shortened = write_answer(_nested(64, "word " * 5_000), spec)
    assert not shortened.withheld and shortened.note is not None and "Cut to fit" in shortened.note
    deeper = write_answer(_nested(65, "word " * 5_000), spec)
    assert deeper.withheld and deeper.note is not None and deeper.note.startswith("The answer is over the 2,000-token")


def test_the_note_names_four_cut_texts_and_counts_the_rest() -> None:
    value = {f"text{i}": "word " * 2_000 for i in range(6)}
    answer = write_answer(value, AnswerSpec(max_tokens=MIN_BUDGET, format="json"))
    assert answer.note is not None and not answer.withheld
    named = re.findall(r"text\d at [\d,]+ of 10,000 characters", answer.note)
    assert len(named) == 4 and answer.note.endswith("; and 2 more.")


def test_a_list_no_argument_pages_names_the_rows_left_and_the_fields_argument() -> None:
    rows = [{"symbol": f"S{i:05d}", "name": f"Company {i}"} for i in range(5000)]
    spec = AnswerSpec(max_tokens=MIN_BUDGET, fields_argument=True)
    answer = write_answer(rows, spec, CallContext.of(by_key("stock_list"), {}))
    assert 0 < answer.shown < 5000 and answer.note is not None
    assert f"No argument of this tool reaches rows {answer.shown + 1}-5,000: call again with the columns" in answer.note


def test_a_first_day_over_the_budget_is_shown_in_part_and_the_note_names_the_rest_of_it() -> None:
    # 300 one-minute bars of 2024-12-31, then two earlier days: the first day alone is over the budget.
    bars = [
        {"date": f"{day} {15 - m // 60:02d}:{59 - m % 60:02d}:00", "close": 100.0 + m}
        for day, minutes in (("2024-12-31", 300), ("2024-12-30", 10), ("2024-12-27", 10))
        for m in range(minutes)
    ]
    context = CallContext.of(by_key("intraday_prices"), {"symbol": "AAPL", "interval": "1min"})
    answer = write_answer(bars, AnswerSpec(max_tokens=MIN_BUDGET), context)
    shown = answer.shown or 0
    assert 0 < shown < 300 and answer.note is not None
    assert f"Rows {shown + 1}-300 (" in answer.note and "2024-12-31 alone is over the budget" in answer.note
    assert "For older rows (301-320)" in answer.note and "to_date=2024-12-30" in answer.note


def test_the_sentence_the_note_ends_with_never_puts_an_answer_over_its_budget_at_any_budget() -> None:
    # The sentence and the space before it are charged before the rows are chosen: at every budget, not only
    # where a few tokens of slack hide a short charge.
    rows = daily_bars(dt.date(2024, 12, 31), 300)
    over = []
    for budget in range(500, 700):
        answer = write_answer(rows, AnswerSpec(max_tokens=budget), HISTORY, also=KEPT)
        if estimate_tokens(answer.text) + estimate_tokens(answer.note or "") > budget:
            over.append(budget)
    assert over == []


def test_one_row_of_exactly_the_budget_is_shown_whole() -> None:
    value = {"symbol": "AAPL", "content": "word " * 200}
    whole = write_answer(value, BIG)
    exact = estimate_tokens(whole.text)
    assert exact >= MIN_BUDGET and whole.note is None
    at = write_answer(value, AnswerSpec(max_tokens=exact))
    assert (at.text, at.note, at.withheld) == (whole.text, None, False)
    under = write_answer(value, AnswerSpec(max_tokens=exact - 1))
    assert under.note is not None and "content at" in under.note and not under.withheld

"""The writer's own format checks (RFC 3339 ``date`` and ``date-time``) by table, and what a misfit says."""

from __future__ import annotations

from typing import Any

import pytest

from data_pkg.answers._schema_fit import is_date, is_date_time, misfit


@pytest.mark.parametrize(
    ("value", "fits"),
    [
        ("2024-02-29", True),
        ("2023-02-29", False),  # no such day
        ("2024-13-01", False),
        ("2024-1-01", False),
        ("2024-01-01T00:00:00Z", False),  # a date-time is no date
        (20240101, True),  # not a string: the type keyword's business, not the format's
    ],
)
def test_a_date_is_a_full_date_that_exists(value: object, fits: bool) -> None:
    assert is_date(value) is fits


@pytest.mark.parametrize(
    ("value", "fits"),
    [
        ("2024-01-01T23:59:59Z", True),
        ("2024-01-01t12:00:00.123z", True),
        ("2024-01-01T12:00:00+05:30", True),
        ("2024-01-01T12:00:00-23:59", True),
        ("2024-01-01T23:59:60Z", False),  # a leap second: the strictest clients refuse it
        ("2024-01-01T24:00:00Z", False),
        ("2024-01-01T12:60:00Z", False),
        ("2024-01-01T12:00:00+24:00", False),
        ("2024-01-01T12:00:00+05:60", False),
        ("2023-02-29T00:00:00Z", False),
        ("2024-01-01 12:00:00Z", False),
        ("2024-01-01T12:00:00", False),  # no offset
        (1704067200, True),
    ],
)
def test_a_date_time_has_a_real_date_a_time_and_an_offset(value: object, fits: bool) -> None:
    assert is_date_time(value) is fits


NUMBER_OR_NULL: dict[str, Any] = {
    "type": "object",
    "properties": {"open": {"anyOf": [{"type": "number"}, {"type": "null"}]}, "day": {"format": "date"}},
}


def test_a_value_none_of_the_single_types_allows_is_named_with_them() -> None:
    assert misfit(NUMBER_OR_NULL, {"open": "n/a"}) == "open: 'n/a' is not a number or null"
    assert misfit(NUMBER_OR_NULL, {"open": 1.5, "day": "2024-02-29"}) is None
    # The same schema again: its checker is reused, with the same verdicts.
    assert misfit(NUMBER_OR_NULL, {"open": None, "day": "2023-02-29"}) == "day: '2023-02-29' is not a 'date'"


def test_branches_of_another_shape_keep_the_checkers_own_words() -> None:
    schema = {"anyOf": [{"type": "number"}, {"enum": ["none"]}]}
    assert misfit(schema, "n/a") == "'n/a' is not valid under any of the given schemas"
    schema = {"anyOf": [{"type": ["number", "string"]}, {"type": "null"}]}
    assert misfit(schema, []) == "[] is not valid under any of the given schemas"

"""The instructions' parts by table: the answers paragraph for each mix of budgets and formats, and how a purpose
is fitted into the room the servers' own paragraphs leave (cut at a sentence, else at a word, never over the limit)."""

from __future__ import annotations

import pytest

from data_pkg.answers.instructions import ELLIPSIS, answers_paragraph, fitted

ONE_TABLE = "Answers made of rows are CSV tables (header once), others compact JSON, at most 8,000 tokens each."
SPREAD_JSON = "Answers are compact JSON, at most 500 to 8,000 (by tool) tokens each."
MIXED = "Answers are CSV tables (header once) or compact JSON, as each tool is set, at most 1,000 tokens each."


@pytest.mark.parametrize(
    ("budgets", "formats", "starts"),
    [
        ([8_000], ["table"], ONE_TABLE),
        ([8_000, 8_000], ["table", "table"], ONE_TABLE),  # one budget for every tool: stated once
        ([8_000, 500, 2_000], ["json", "json", "json"], SPREAD_JSON),  # lowest to highest, whatever the order
        ([1_000], ["json", "table"], MIXED),
    ],
)
def test_the_answers_paragraph_states_the_format_and_the_budgets(
    budgets: list[int], formats: list[str], starts: str
) -> None:
    paragraph = answers_paragraph(budgets, formats)
    assert paragraph.startswith(starts)
    assert "Follow the notes in order to get every row once" in paragraph


def test_no_tools_no_answers_paragraph() -> None:
    assert answers_paragraph([], []) == ""


BODY = "Every tool only reads."  # 22 characters: the servers' own words


def test_a_purpose_that_fits_is_kept_whole_before_the_paragraphs() -> None:
    assert fitted("Prices.", [BODY, "", "Errors come back."]) == f"Prices.\n\n{BODY}\n\nErrors come back."


def test_a_purpose_of_exactly_the_room_left_is_kept_whole_and_one_more_character_is_cut() -> None:
    limit = 100
    room = limit - len(BODY) - 2  # the blank line between the purpose and the paragraphs
    exact = "x" * (room - 6) + " words"
    assert fitted(exact, [BODY], limit) == f"{exact}\n\n{BODY}"
    assert len(fitted(exact, [BODY], limit)) == limit
    longer = fitted(exact + "s", [BODY], limit)
    assert longer.endswith(f"{ELLIPSIS}\n\n{BODY}") and len(longer) <= limit


def test_a_long_purpose_is_cut_at_its_last_sentence_past_half_the_room() -> None:
    purpose = "First sentence is here. " + "Second sentence runs on. " * 10
    text = fitted(purpose, [BODY], 150)
    kept = text.split("\n\n")[0]
    assert kept.endswith("runs on." + ELLIPSIS)
    assert len(text) <= 150
    assert purpose.startswith(kept.removesuffix(ELLIPSIS))


def test_a_purpose_without_a_sentence_end_past_half_the_room_is_cut_at_a_word() -> None:
    purpose = "Short. " + "word, " * 40  # the only sentence end is in the first half: cut at a word instead
    kept = fitted(purpose, [BODY], 120).split("\n\n")[0]
    assert kept.endswith("word" + ELLIPSIS)  # the comma before the cut goes with it
    assert len(kept) <= 120 - len(BODY) - 2


def test_a_purpose_with_no_space_is_cut_at_the_room() -> None:
    room = 100 - len(BODY) - 2
    kept = fitted("y" * 500, [BODY], 100).split("\n\n")[0]
    assert kept == "y" * (room - len(ELLIPSIS)) + ELLIPSIS


@pytest.mark.parametrize("room", [len(ELLIPSIS) + 10, len(ELLIPSIS) + 9])
def test_a_purpose_with_no_useful_room_is_left_out(room: int) -> None:
    # Ten characters and the ellipsis would say nothing: the paragraphs alone.
    assert fitted("A purpose of some length.", [BODY], len(BODY) + 2 + room) == BODY


def test_room_for_eleven_characters_and_the_ellipsis_keeps_a_cut_purpose() -> None:
    limit = len(BODY) + 2 + len(ELLIPSIS) + 11
    assert fitted("A purpose of some length.", [BODY], limit).endswith(f"{ELLIPSIS}\n\n{BODY}")


def test_the_servers_own_paragraphs_over_the_limit_are_a_bug_not_a_cut() -> None:
    with pytest.raises(ValueError, match="over 10"):
        fitted(None, ["x" * 11], 10)
    assert fitted(None, ["x" * 10], 10) == "x" * 10

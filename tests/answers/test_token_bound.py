"""The budget holds by an exact o200k count, whatever the text: the bound never undercounts.

The adversarial corpus is generated here from fixed seeds (so it is committed as this test): random
letters, base64, hex, punctuation, random words, camelCase, short pieces of mixed case, the letter
pairs o200k has no token for side by side, CJK, emoji, Hangul, every Unicode block, each alone and mixed with ASCII. The
writer's answers to hostile rows (long CJK names, emoji after ASCII rows, 60 long text fields, one row
of 20,000 short strings) are counted exactly too. The letters' charge rests on ``UNMERGED``, which is
checked against the encoding itself.
"""

from __future__ import annotations

import base64
import random
import string
from collections.abc import Callable
from typing import Any

import pytest
from benchmarks import o200k
from hypothesis import example, given, settings
from hypothesis import strategies as st

from data_pkg.answers import CallContext, estimate_tokens, write_answer
from data_pkg.answers._tokens import RARE, UNMERGED
from data_pkg.catalog import by_key
from data_pkg.toolsets import AnswerSpec

LETTERS, LOWER, UPPER = string.ascii_letters, string.ascii_lowercase, string.ascii_uppercase


def _chars(low: int, high: int) -> list[str]:
    return [chr(c) for c in range(low, high) if not 0xD800 <= c <= 0xDFFF]


CJK, EMOJI, HANGUL = _chars(0x4E00, 0xA000), _chars(0x1F300, 0x1FB00), _chars(0xAC00, 0xD7A4)
BMP, ASTRAL = _chars(0x80, 0x10000), _chars(0x10000, 0x30000)


CAPITAL_SMALL = [pair for pair in UNMERGED if pair[0].isupper() and pair[1].islower()]
"""Each a piece of two tokens ('Xb'): the bound charges such text exactly its count."""


def _pick(alphabet: str | list[str], n: int) -> Callable[[random.Random], str]:
    return lambda rng: "".join(rng.choice(alphabet) for _ in range(n))


def _words(alphabet: str, sep: str) -> Callable[[random.Random], str]:
    return lambda rng: sep.join(_pick(alphabet, rng.randint(1, 8))(rng) for _ in range(800))


def _mixed(chars: list[str]) -> Callable[[random.Random], str]:
    return lambda rng: "".join(
        rng.choice(chars) if rng.random() < 0.5 else rng.choice(LETTERS + " ,.") for _ in range(3000)
    )


CORPUS: dict[str, Callable[[random.Random], str]] = {
    "random lower-case letters": _pick(LOWER, 6000),
    "random upper-case letters": _pick(string.ascii_uppercase, 6000),
    "random letters": _pick(LETTERS, 6000),
    "letters and digits": _pick(LETTERS + string.digits, 6000),
    "base64": lambda rng: base64.b64encode(rng.randbytes(4500)).decode(),
    "hex": lambda rng: rng.randbytes(3000).hex(),
    "punctuation": _pick(string.punctuation, 6000),
    "printable ASCII": _pick(string.printable, 6000),
    "random words": _words(LOWER, " "),
    "random capitalised words": _words(LETTERS, " "),
    "random words and signs": _words(LOWER + ",.;:!?'\"-", " "),
    "CSV of random words": lambda rng: "\n".join(_words(LETTERS, ",")(rng)[:60] for _ in range(100)),
    "spaces and tabs": _pick(" \t a1.", 6000),
    "camelCase humps": lambda rng: "".join(rng.choice(LOWER) + rng.choice(UPPER) for _ in range(3000)),
    "short pieces of mixed case": _words(LETTERS, ""),
    # A token a letter where the old charge of 0.65 a letter assumed merging (six tokens for 'XbZcYb', charged five).
    "unmerged pairs side by side": lambda rng: "".join(rng.choice(UNMERGED) for _ in range(3000)),
    "unmerged pairs as words": lambda rng: " ".join(rng.choice(UNMERGED) for _ in range(3000)),
    "unmerged capital-small pairs": lambda rng: "".join(rng.choice(CAPITAL_SMALL) for _ in range(3000)),
    "CJK": _pick(CJK, 2500),
    "CJK and ASCII": _mixed(CJK),
    "emoji": _pick(EMOJI, 2500),
    "emoji and ASCII": _mixed(EMOJI),
    "Hangul": _pick(HANGUL, 2500),
    "Hangul and ASCII": _mixed(HANGUL),
    "the whole BMP": _pick(BMP, 2500),
    "the whole BMP and ASCII": _mixed(BMP),
    "astral planes": _pick(ASTRAL, 2500),
    "astral planes and ASCII": _mixed(ASTRAL),
    "digits": _pick(string.digits, 6000),
    "numbers and signs": _pick(string.digits + ".-,", 6000),
}


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("kind", sorted(CORPUS))
def test_the_bound_is_never_under_the_exact_count_of_hostile_text(kind: str, seed: int) -> None:
    text = CORPUS[kind](random.Random(f"{kind}/{seed}"))
    assert estimate_tokens(text) >= o200k.count(text)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=400))
@example("-? \x08")  # a space before a control character: two tokens, once charged 1.25
@example("a\x1c\x1d\x1e\x1f b")  # U+001C-U+001F: str.isspace() says space, o200k says punctuation
@example("\x7f\x00 \x01")
@example("\x0c;=")  # a form feed before punctuation stays a piece of its own: three tokens, once charged 2
def test_the_bound_is_never_under_the_exact_count_of_any_text(text: str) -> None:
    assert estimate_tokens(text) >= o200k.count(text)


@pytest.mark.parametrize(
    ("text", "charged"),
    [
        ("", 0),
        ("a", 1),  # a run of one letter: (2 + 1) / 3
        ("hello", 4),  # (2 * 5 + 1) / 3 = 3.67
        ("hello world", 8),  # 11/3, a space before letters 2/3, 11/3
        ("Apple Inc.", 9),  # (10 + 1 + 1 capital before a small letter) / 3, 2/3, (6 + 1 + 1) / 3, a sign: 8.33
        ("XbZcYb", 6),  # X, Z and Y are rare (a byte each), b, c, b runs of one
        ("gk", 2),  # an unmerged pair of common letters: (4 + 1 + 1) / 3
        ("12345", 3),  # (5 digits + 2 a run) / 3
        ("2024-01-02", 7),  # (8 + 2 * 3) / 3 for the digits, two signs
        (" ;", 2),  # a space before a sign 1/4, the sign 1
        ("a\tb", 3),  # a tab is a byte of its own
        ("\x08", 1),  # a control character: a byte
        ("\u00e9", 2),  # two bytes outside ASCII
    ],
)
def test_the_charges_are_the_documented_ones(text: str, charged: int) -> None:
    assert estimate_tokens(text) == charged


def test_the_unmerged_pairs_are_the_letter_pairs_o200k_has_no_token_for() -> None:
    # Small after small, capital after capital, small after capital: the pairs one piece of letters can hold.
    pairs = [a + b for first, second in ((LOWER, LOWER), (UPPER, UPPER), (UPPER, LOWER)) for a in first for b in second]
    assert [pair for pair in pairs if len(o200k.tokenizer().encode(pair)) > 1] == UNMERGED
    # Pairs counted one by one (neither letter rare, not a capital before a small letter) must differ in their
    # letters: bytes.count does not count overlapping matches, so a doubled letter ('kkk') would be counted short.
    counted = [p for p in UNMERGED if not set(p) & set(RARE) and not (p[0].isupper() and p[1].islower())]
    assert counted == ["gk", "UO"]


def test_the_pairs_the_bound_counts_as_merged_are_o200k_tokens() -> None:
    # A space before letters or signs is charged less than a token because its pair with what follows is one token,
    # and a group of up to three digits is charged one token because it is one.
    single = [" " + c for c in LETTERS + string.punctuation] + [str(n) for n in range(1000)]
    single += [f"{n:02d}" for n in range(100)] + [f"{n:03d}" for n in range(100)]
    assert [text for text in single if len(o200k.tokenizer().encode(text)) != 1] == []


@settings(max_examples=3_000, deadline=None)
@given(st.text(alphabet=LETTERS + " \t\n", max_size=24))
@example("XbZcYb")  # six tokens, once charged five: 670 of 720,000 such strings were one token under
@example("ZLkqj")  # a token a letter: 'kq' and 'qj' are no token
@example("qJvZVJABp")
@example("Jw\nYHFRVqM")
def test_the_bound_is_never_under_the_exact_count_of_letters_of_mixed_case(text: str) -> None:
    assert estimate_tokens(text) >= o200k.count(text)


def test_short_strings_of_mixed_case_letters_are_never_undercounted() -> None:
    rng = random.Random(670)
    texts = ["".join(rng.choice(LETTERS + "  \t\n'") for _ in range(rng.randint(1, 16))) for _ in range(20_000)]
    assert [t for t in texts if estimate_tokens(t) < o200k.count(t)] == []


def _read(answer: Any) -> int:
    return o200k.count(answer.text) + (o200k.count(answer.note) if answer.note else 0)


def _hostile_rows() -> dict[str, Any]:
    rng = random.Random(23)
    cjk_name = "".join(rng.choice(CJK) for _ in range(40_000))
    rows = [{"symbol": f"S{i:04d}", "name": _pick(CJK, 12)(rng), "price": i / 7} for i in range(2_000)]
    emoji_late = [
        {"symbol": f"S{i:04d}", "name": "Plain Company Inc" if i < 40 else _pick(EMOJI, 30)(rng)} for i in range(2_000)
    ]
    wide = [{f"text{i:02d}": _words(LOWER, " ")(rng)[:3_000] for i in range(60)}]
    return {
        "a long CJK company name": [{"symbol": "ABC", "companyName": cjk_name}],
        "2,000 rows with CJK names": rows,
        "ASCII rows first, then emoji": emoji_late,
        "60 long text fields": wide,
        "one row of 20,000 short strings": [{"symbols": [f"{_pick(LETTERS, 3)(rng)}" for _ in range(20_000)]}],
        "one object of 20,000 short fields": {f"k{i}": _pick(LETTERS, 4)(rng) for i in range(20_000)},
        "base64 fields": [{"id": i, "blob": base64.b64encode(rng.randbytes(300)).decode()} for i in range(300)],
        "random letters": [{"id": i, "code": _pick(LETTERS, 80)(rng)} for i in range(500)],
    }


HOSTILE = _hostile_rows()


@pytest.mark.parametrize("budget", [500, 8_000])
@pytest.mark.parametrize("fmt", ["table", "json"])
@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_hostile_answers_stay_within_their_budget_by_exact_count(kind: str, fmt: str, budget: int) -> None:
    answer = write_answer(HOSTILE[kind], AnswerSpec(max_tokens=budget, format=fmt), CallContext())
    assert _read(answer) <= budget
    if answer.note is not None:
        assert "to fit" not in answer.note or answer.text  # never a claim of a fit for rows not shown


def test_a_treasury_decade_stays_within_its_budget_by_exact_count() -> None:
    # The case: 2015-2024 of daily yields answered 8,130 tokens for 8,000 and 25,510 for 25,000.
    rng = random.Random(5)
    keys = [f"month{m}" for m in (1, 2, 3, 6)] + [f"year{y}" for y in (1, 2, 3, 5, 7, 10, 20, 30)]
    rows = [
        {"date": f"{2024 - i // 250}-{1 + i % 12:02d}-{1 + i % 28:02d}"}
        | {k: round(rng.uniform(0, 6), 2) for k in keys}
        for i in range(2_500)
    ]
    call = CallContext.of(by_key("treasury_rates"), {"from_date": "2015-01-01", "to_date": "2024-12-31"})
    for budget in (8_000, 25_000):
        assert _read(write_answer(rows, AnswerSpec(max_tokens=budget), call)) <= budget

"""Token counts without a tokenizer: fast, offline, calibrated against o200k.

A tokenizer splits text at the boundaries between letters, digits, punctuation and white space
(and at camelCase humps), and packs digits three at a time. The estimate counts those things in C
(one ``bytes.translate`` per character class, then ``bytes.count``) and weighs them with
coefficients fitted by least squares to the exact o200k counts of every tool's answer in both
formats (``benchmarks/answers.py``). docs/benchmarks.md states its error; because it can
undercount, the budget fitter aims :data:`MARGIN` under the budget.

Long answers are not counted in full: :func:`token_rate` estimates the first rows, and the rest
are counted by their length at the same rate, since the rows of one answer are alike.
"""

from __future__ import annotations

from collections.abc import Sequence

MARGIN = 0.10
"""The share of a budget left unused, because the estimate undercounts some answers by up to this."""


def _class_table(pick: str) -> bytes:
    """A ``bytes.translate`` table sending each byte to ``1`` when its class is in ``pick``, else ``0``."""

    def cls(byte: int) -> str:
        char = chr(byte)
        if byte >= 128 or char.islower():
            return "l"  # bytes of non-ASCII letters count as lower-case letters
        if char.isupper():
            return "u"
        if char.isdigit():
            return "d"
        if char in "\r\n":
            return "n"
        return "s" if char.isspace() else "p"

    return bytes(ord("1") if cls(b) in pick else ord("0") for b in range(256))


_LETTERS = _class_table("lu")
_UPPER = _class_table("u")
_DIGITS = _class_table("d")
_PUNCT = _class_table("p")

# Weights of: bytes, letters, letter runs, upper-case runs, digits, digit runs, punctuation,
# punctuation runs, spaces, line breaks (fitted on the answer corpus; see the module docstring).
# Fitted on the upstream's real shapes, with the worst undercounts weighed up until none is over
# MARGIN: a filing's long run-together field names (``othercomprehensiveincomelossnetoftax``)
# cost a token per few letters, and the earlier fit undercounted them by a quarter.
_WEIGHTS = (0.044, 0.116, 0.05, 0.404, -0.114, 1.308, 0.092, 0.485, -0.1, 1.245)


def _features(data: bytes) -> tuple[int, ...]:
    letters = data.translate(_LETTERS)
    upper = data.translate(_UPPER)
    digits = data.translate(_DIGITS)
    punct = data.translate(_PUNCT)
    n_letters, n_upper = letters.count(b"1"), upper.count(b"1")
    n_digits, n_punct = digits.count(b"1"), punct.count(b"1")
    return (
        len(data),
        n_letters,
        n_letters - letters.count(b"11"),
        n_upper - upper.count(b"11"),
        n_digits,
        n_digits - digits.count(b"11"),
        n_punct,
        n_punct - punct.count(b"11"),
        data.count(b" "),
        data.count(b"\n") + data.count(b"\r"),
    )


def estimate_tokens(text: str) -> int:
    """About how many o200k tokens ``text`` costs (see the module docstring for the error)."""
    if not text:
        return 0
    # surrogatepass: a lone surrogate is counted, not raised on (the writer escapes them; the count must not fail)
    estimate = sum(w * f for w, f in zip(_WEIGHTS, _features(text.encode("utf-8", "surrogatepass")), strict=True))
    return max(1, round(estimate))


SAMPLE_CHARS = 2_000
"""How much of an answer's first rows :func:`token_rate` reads."""


def token_rate(lines: Sequence[str]) -> float:
    """Estimated tokens per character of ``lines`` (each with its line break), from their first rows."""
    sample: list[str] = []
    chars = 0
    for line in lines:
        sample.append(line)
        chars += len(line) + 1
        if chars >= SAMPLE_CHARS:
            break
    return estimate_tokens("\n".join(sample) + "\n") / max(chars, 1)

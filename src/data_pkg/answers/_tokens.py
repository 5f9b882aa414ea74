"""Token counts without a tokenizer: an upper bound on o200k tokens, counted in C, whatever the text.

The o200k encoding first splits text into pieces (a run of letters with at most one sign before it,
a group of one to three digits, a run of punctuation, white space, line breaks) and then merges the
bytes of each piece into tokens, so a piece never costs more tokens than it has bytes. The bound
charges one token per piece, one per group of three digits, for each further letter or sign of a
piece the most it costs in random text of its class, and one per byte outside ASCII (a byte is the
smallest token). ``tests/answers/test_token_bound.py`` holds it to the exact count of an adversarial
corpus (random letters, base64, punctuation, CJK, emoji, every Unicode block, random text) and of
hostile answers: it never undercounts. It overcounts prose and names about 2x and numbers little.

The charges are additive over lines (a line break ends every piece), so the writer charges a chunk
of rows' lines at once and never counts a row twice.
"""

from __future__ import annotations

LETTER = 0.65
"""Tokens charged per ASCII letter after the first of a piece (random letters cost o200k about 0.55)."""
PUNCT = 1.0
"""Tokens charged per punctuation byte after the first of a run: the most it can cost (random punctuation costs
about 0.66 a byte, but a run of rare signs, such as ``{?{.``, is a token a byte)."""
LEADING_SPACE = 0.25
"""Tokens charged for a space before letters or punctuation, which o200k takes into their piece."""
RARE_SPACE_BEFORE_LETTERS = 0.5
"""Tokens charged on top for a tab or form feed before letters: the piece it starts rarely merges ('\x0bQb' is three
tokens, where 'Qb' alone is charged 1.65)."""
DIGITS_PER_TOKEN = 3
"""o200k makes one token of each group of at most three digits."""


def _class(byte: int) -> bytes:
    """``byte``'s class: ``l``/``u`` letter, ``d`` digit, ``p`` punctuation, ``s`` space, ``t`` tab or form feed,
    ``n`` break, ``x`` other."""
    char = chr(byte)
    if byte >= 128:
        return b"x"  # a byte of a character outside ASCII: charged one token, the most it can cost
    if (byte < 32 and char not in "\t\n\r\x0b\x0c") or byte == 127:
        # A control character merges with nothing, not even a space before it (' \x08' is two tokens), and
        # U+001C-U+001F are no white space to o200k although str.isspace() says so: one token each.
        return b"x"
    if char.isalpha():
        return b"u" if char.isupper() else b"l"
    if char.isdigit():
        return b"d"
    if char in "\r\n":
        return b"n"
    if char in "\t\x0b\x0c":
        return b"t"  # white space o200k rarely merges with what follows: charged a token of its own
    return b"s" if char == " " else b"p"


_CLASSES = b"".join(_class(b) for b in range(256))


def _mask(picked: bytes) -> bytes:
    """A ``bytes.translate`` table marking the bytes whose class is in ``picked`` with ``1``, others ``0``."""
    return bytes(ord("1") if _CLASSES[b] in picked else ord("0") for b in range(256))


_LETTERS = _mask(b"lu")
_DIGITS = _mask(b"d")
_PUNCT = _mask(b"p")


def _runs(mask: bytes) -> tuple[int, int]:
    """How many bytes a ``0``/``1`` mask marks, and in how many runs."""
    return mask.count(b"1"), (b"0" + mask).count(b"01")


def estimate_tokens(text: str) -> int:
    """At least as many tokens as o200k counts for ``text`` (an upper bound; see the module docstring)."""
    total = charge(text)
    return int(total) + (total > int(total))


def charge(text: str) -> float:
    """:func:`estimate_tokens` before rounding up: the charges of two texts joined by a line break add up."""
    if not text:
        return 0.0
    data = text.encode("utf-8", "surrogatepass")  # a lone surrogate (JSON allows one) is three bytes
    classes = data.translate(_CLASSES)
    letters, letter_runs = _runs(data.translate(_LETTERS))
    humps = classes.count(b"lu")  # camelCase: a capital after small letters starts a piece
    digits, digit_runs = _runs(data.translate(_DIGITS))
    punct, punct_runs = _runs(data.translate(_PUNCT))
    # Only a plain space reliably joins the piece after it (' word' is one token, '\x0bZ' two, '\x0c;=' three).
    leading = sum(classes.count(pair) for pair in (b"sl", b"su", b"sp"))
    total = (
        letter_runs
        + humps
        + (letters - letter_runs - humps) * LETTER
        + (digits + (DIGITS_PER_TOKEN - 1) * digit_runs) / DIGITS_PER_TOKEN
        + punct_runs
        + (punct - punct_runs) * PUNCT
        + classes.count(b"s")
        + classes.count(b"t")
        + (classes.count(b"tl") + classes.count(b"tu")) * RARE_SPACE_BEFORE_LETTERS
        - leading * (1 - LEADING_SPACE)
        + classes.count(b"n")
        + classes.count(b"x")
    )
    return float(total)

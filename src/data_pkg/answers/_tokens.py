"""Token counts without a tokenizer: an upper bound on o200k tokens, counted in C, whatever the text.

The o200k encoding first splits text into pieces (a run of letters with at most one sign before it,
a group of one to three digits, a run of punctuation, white space, line breaks) and then merges the
bytes of each piece into tokens, so a piece never costs more tokens than it has bytes. The bound
charges one token per group of three digits (each is one token), one per sign of a run of punctuation,
one per byte of white space, a line break or a character outside ASCII (a byte is the smallest token),
less for a space before letters or signs (its pair with what follows is a token), and for letters what
merging must leave at most:

Merging stops only when no two neighbouring tokens make a token together, so two single letters stay
side by side only where their pair is no token (``UNMERGED``, 284 of the letter pairs a piece can hold,
such as ``kq`` and ``Xb``) or a piece ends. A run of ``n`` letters with ``P`` such places then costs at
most ``(2n + 1 + P) / 3`` tokens: single letters apart from each other, each followed by a token of two
or more, is the most tokens its bytes allow. The bound charges that for every run of letters, with
every capital after a small letter (which starts a piece), every capital before a small one, every
apostrophe (a contraction may end a piece inside a run) and every other unmerged pair inside a run
counted in ``P``; the rare letters (``RARE``), most of whose pairs are no token, are charged a byte each.

So the bound is proven from the encoding's facts, not fitted to samples: ``tests/answers/test_token_bound.py``
checks those facts against the encoding (``UNMERGED``, the space pairs, the digit groups) and holds the
whole bound to the exact count of an adversarial corpus (random letters of mixed case, the unmerged pairs
side by side, base64, punctuation, CJK, emoji, every Unicode block, random text drawn by hypothesis) and
of hostile answers. It overcounts prose and names about 2x and numbers little.

The charges are additive over lines (a line break ends every piece), so the writer charges a chunk
of rows' lines at once and never counts a row twice.
"""

from __future__ import annotations

_UNMERGED_PAIRS = (
    "bq gk gq jv jz kq kz lq nq qf qg qj qk qv qz rj tq wq wz xg xj xk xq xv xw yq zj zq zv "
    "EJ FJ FQ FZ GJ GQ GZ IY JH JQ JX JY JZ KJ KQ KX KZ LJ LQ LZ MZ NQ OQ OZ PZ QF QG QH QJ QK QO QW QX QY QZ RZ TQ "
    "UO UQ VJ VQ VY VZ WJ WQ WZ XG XH XJ XK XQ XU XW YB YF YH YI YJ YQ YV ZB ZC ZJ ZK ZL ZP ZQ ZV "
    "Aq Bf Bq Bv Bz Cj Ck Cq Cw Cz Dg Dk Dq Eo Ew Ff Fh Fj Fq Fv Fz Gd Gf Gg Gk Gm Gq Gv Gx Gz Hc Hf Hh Hj Hk Hn Hq "
    "Ih Iu Jb Jc Jd Jf Jg Jj Jk Jm Jp Jq Jr Jt Jv Jw Jx Jz Kc Kf Kj Kk Kp Kq Kx Kz Lh Lk Lq Lr Lw Lx Lz Nf Nn Nq Nw "
    "Oa Oe Oq Pj Pp Pq Pz Qb Qd Qe Qf Qh Qj Qk Qm Qn Qp Qq Qv Qw Qx Qy Qz Rj Rk Rr Rz Sg Sx Tg Tj Tn Tq Tt Tz Ue Uj "
    "Uo Uq Uu Vb Vd Vf Vg Vh Vj Vn Vq Vt Vv Vw Vx Wb Wc Wf Wg Wj Wk Wl Wm Wn Wq Wv Ww Wz Xb Xc Xf Xg Xh Xj Xk Xl Xn "
    "Xo Xq Xr Xv Xw Xx Xy Xz Yb Yc Yd Yf Yg Yh Yj Yk Yl Yp Yq Yt Yv Yw Yx Yy Yz Zb Zc Zf Zg Zk Zl Zp Zq Zr Zs Zt Zx "
    "Zy Zz"
)
UNMERGED = _UNMERGED_PAIRS.split()
"""The pairs of ASCII letters one piece can hold (small after small, capital after capital, small after capital)
that are no o200k token: merging can leave both letters single only here (``test_token_bound.py`` derives the
list from the encoding and compares)."""
RARE = "jqxzJQXYZ"
"""Letters charged as a byte each (a token), as if no pair with them merged: most of their pairs are unmerged,
and they are rare in names and prose, so counting them apart costs less than counting their pairs."""
PUNCT = 1.0
"""Tokens charged per punctuation byte after the first of a run: the most it can cost (random punctuation costs
about 0.66 a byte, but a run of rare signs, such as ``{?{.``, is a token a byte)."""
LEADING_SPACE = 0.25
"""Tokens charged for a space before punctuation, which o200k takes into its piece: every space-sign pair is a
token, so the piece costs at most as many tokens as it has signs."""
SPACE_BEFORE_LETTERS = 2 / 3
"""Tokens charged for a space before letters: a byte of their piece whose pair with the first letter is a token
(every space-letter pair is), so one fewer place where two single bytes can stand."""
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
    if char in RARE:
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
_UNMERGED_COMMON = [
    pair.encode() for pair in UNMERGED if not set(pair) & set(RARE) and not (pair[0].isupper() and pair[1].islower())
]
"""The unmerged pairs the classes do not count already (a rare letter is charged apart, every capital before a
small letter counts): ``gk`` and ``UO``."""
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
    # Where two single letters may stand side by side in a run: a capital after a small letter (a piece starts),
    # a capital before a small one, an apostrophe (a contraction may end a piece), an unmerged pair.
    unmerged = (
        classes.count(b"lu")
        + classes.count(b"ul")
        + data.count(b"'")
        + sum(data.count(pair) for pair in _UNMERGED_COMMON)
    )
    digits, digit_runs = _runs(data.translate(_DIGITS))
    punct, punct_runs = _runs(data.translate(_PUNCT))
    # Only a plain space reliably joins the piece after it (' word' is one token, '\x0bZ' two, '\x0c;=' three).
    before_letters = classes.count(b"sl") + classes.count(b"su")
    total = (
        (2 * letters + letter_runs + unmerged) / 3
        + (digits + (DIGITS_PER_TOKEN - 1) * digit_runs) / DIGITS_PER_TOKEN
        + punct_runs
        + (punct - punct_runs) * PUNCT
        + classes.count(b"s")
        + classes.count(b"t")
        - before_letters * (1 - SPACE_BEFORE_LETTERS)
        - classes.count(b"sp") * (1 - LEADING_SPACE)
        + classes.count(b"n")
        + classes.count(b"x")
    )
    return float(total)

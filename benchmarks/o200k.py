"""Exact token counts with the o200k encoding from ``bpe-openai`` (offline: it ships its vocabularies).

Every benchmark that states tokens counts them here, never as bytes / 4; so do the tests that hold
answers to their budgets.
"""

from __future__ import annotations

import functools
import warnings
from typing import Any


@functools.cache
def tokenizer() -> Any:
    """The o200k encoding, loaded once."""
    with warnings.catch_warnings():  # it reads its vocabularies with an importlib API some Pythons deprecate
        warnings.simplefilter("ignore", DeprecationWarning)
        import bpe_openai

        return bpe_openai.get_encoding("o200k_base")


def count(text: str) -> int:
    """Exact o200k tokens of ``text`` (long texts in pieces cut at line breaks, as the library limits input)."""
    encoding = tokenizer()
    total, start = 0, 0
    while start < len(text):
        end = min(len(text), start + 100_000)
        if end < len(text):
            cut = text.rfind("\n", start, end)
            end = cut + 1 if cut > start else end
        total += len(encoding.encode(text[start:end]))
        start = end
    return total

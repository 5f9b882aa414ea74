"""The real o200k tokenizer (bpe-openai, offline), for holding answers to their budgets by an exact count."""

from __future__ import annotations

import warnings
from functools import cache
from typing import Any


@cache
def encoding() -> Any:
    """The o200k encoding; its package reads its vocabularies with an importlib API some Pythons deprecate."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        import bpe_openai

        return bpe_openai.get_encoding("o200k_base")


def count(text: str) -> int:
    """Exact o200k tokens of ``text``."""
    return len(encoding().encode(text))

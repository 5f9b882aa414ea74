"""Did you mean: the names closest to one a user misspelt, by one rule for every message that offers them.

Below every layer (it imports nothing of the project): manifests, lint's arguments and settings, desktop
configs and both servers' unknown tools all suggest the same way.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["CUTOFF", "closest", "suggest"]

CUTOFF = 0.6
"""How alike a choice must be to be offered (difflib's ratio: twice the matching characters over both lengths)."""


def closest(word: str, choices: Iterable[str], n: int = 1) -> list[str]:
    """The ``n`` choices most like ``word``, closest first; none when nothing is close.

    Equally close choices come in a fixed order whatever the order of ``choices``.
    """
    import difflib  # only when a name was misspelt

    return difflib.get_close_matches(word, list(choices), n=n, cutoff=CUTOFF)


def suggest(word: str, choices: Iterable[str]) -> str | None:
    """``did you mean 'x'?`` for the closest of ``choices``, or None when nothing is close."""
    close = closest(word, choices)
    return f"did you mean {close[0]!r}?" if close else None

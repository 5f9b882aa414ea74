"""Text that cannot leave as UTF-8: a public module for whatever reads strings it must send on.

JSON, YAML and Python can all spell a lone surrogate (``"\\ud800"``, half of an escape pair),
and each reads it into a Python string. No UTF-8 message can carry that string, so whoever
reads one must refuse it where it was written, not fail later when writing it out.
"""

from __future__ import annotations

__all__ = ["escaped", "unencodable", "unencodable_in"]


def escaped(text: str) -> str:
    """``text`` with every character UTF-8 cannot carry written as its escape, for messages that quote it."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def unencodable(text: str) -> str | None:
    """What in ``text`` cannot be encoded as UTF-8 (its first lone surrogate, as an escape); None if all can."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        return f"a lone surrogate (\\u{ord(text[error.start]):04x}) at character {error.start + 1}"
    return None


def unencodable_in(value: object, where: str) -> tuple[str, str] | None:
    """The first string (key or value) in the JSON value ``value`` that cannot be encoded as UTF-8.

    Returns where it is (``where`` for the value itself, then ``.key`` and ``[index]`` steps)
    and what is wrong with it (:func:`unencodable`); None when every string can be encoded.
    """
    pending: list[tuple[object, str]] = [(value, where)]
    while pending:  # a loop: a parsed JSON value may be nested deeper than the recursion limit
        item, path = pending.pop()
        if isinstance(item, str):
            problem = unencodable(item)
            if problem is not None:
                return path, problem
        elif isinstance(item, dict):
            for key, inner in reversed(list(item.items())):
                pending.append((inner, f"{path}.{escaped(key)}"))
                pending.append((key, f"a key in {path}"))
        elif isinstance(item, list):
            pending.extend((inner, f"{path}[{index}]") for index, inner in reversed(list(enumerate(item))))
    return None

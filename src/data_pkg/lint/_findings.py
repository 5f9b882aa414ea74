"""How lint words a finding: the resolver's and its own, one :class:`~data_pkg.rules.Finding` type.

A lint line is ``file:line:col: CODE severity: message (hint) [cause]``: the severity is spelled
out because lint has three, and a finding reached through a base that a linted manifest extends
ends with that cause.
"""

from __future__ import annotations

from data_pkg.lint._rules import all_rules
from data_pkg.rules import Finding


def slug(found: Finding) -> str:
    """The slug of the rule ``found`` comes from."""
    return all_rules()[found.code].slug


def cause(found: Finding) -> str | None:
    """``because of base/desk.yaml, which team/a.yaml extends``, for a finding reached through a base."""
    if len(found.via) < 2:
        return None
    dependent, *between, base = found.via
    through = f" through {', '.join(between)}" if between else ""
    return f"because of {base}, which {dependent} extends{through}"


def text(found: Finding) -> str:
    """The message, then the hint in parentheses, then the cause in brackets (each when there is one)."""
    words = found.message
    if found.hint:
        words += f" ({found.hint})"
    because = cause(found)
    if because:
        words += f" [{because}]"
    return words


def line(found: Finding) -> str:
    """``file:line:col: CODE severity: message (hint) [cause]``; no location for the environment's."""
    words = f"{found.code} {found.severity}: {text(found)}"
    where = found.location if found.file is not None else ""
    return f"{where}: {words}" if where else words

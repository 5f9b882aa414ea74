"""Tool naming: the styles, the rules every name obeys, and the name of each endpoint under a style.

Styles (``DATA_MCP_TOOL_NAME_STYLE``, else the manifest's ``name_style``):

- ``key`` (default): the catalog key, ``quote``;
- ``spec``: group and key joined by a dot, ``company.quote``;
- ``snake``: group and key joined by an underscore, ``company_quote``; a key that already starts
  with its group keeps it once (``company_earnings``, not ``company_company_earnings``).

Every name satisfies the MCP rule (:data:`MCP_NAME`); every style but ``spec`` also satisfies the
stricter rule several model APIs apply (:data:`PORTABLE_NAME`, no dots, at most 64 characters).
A prefix is at most 16 characters so that the longest catalog name still fits in 64.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from data_pkg.catalog import Endpoint
from data_pkg.rules import Report
from data_pkg.toolsets._diagnostics import ToolsetError
from data_pkg.toolsets._rules import RULES

NAME_STYLES: tuple[str, ...] = ("key", "spec", "snake")
"""The naming styles, the default first."""

DEFAULT_STYLE = "key"
STYLE_ENV = "DATA_MCP_TOOL_NAME_STYLE"

MCP_NAME = re.compile(r"[A-Za-z0-9_.-]{1,128}")
"""What the protocol allows in a tool name (use with ``fullmatch``)."""
PORTABLE_NAME = re.compile(r"[a-zA-Z0-9_-]{1,64}")
"""What model APIs that refuse dots allow; every style except ``spec`` stays within it."""
PREFIX = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,15}")
"""A non-empty prefix (use with ``fullmatch``); the empty prefix is allowed too."""


def base_name(endpoint: Endpoint, style: str) -> str:
    """The name of ``endpoint`` under ``style``, before any prefix."""
    return base_name_of(endpoint.group, endpoint.key, style)


def base_name_of(group: str, key: str, style: str) -> str:
    """The name of the tool ``key`` of ``group`` under ``style``, before any prefix."""
    if style == "key":
        return key
    if style == "spec":
        return f"{group}.{key}"
    if style == "snake":
        # Keys such as company_earnings already name their group; doubling it only costs the agent tokens.
        return key if key.startswith(f"{group}_") else f"{group}_{key}"
    raise ValueError(f"unknown name style {style!r}; expected one of {', '.join(NAME_STYLES)}")


def tool_name(endpoint: Endpoint, style: str = DEFAULT_STYLE, prefix: str = "") -> str:
    """The tool name of ``endpoint``: ``prefix`` followed by its name under ``style``."""
    return prefix + base_name(endpoint, style)


def name_pattern(style: str) -> re.Pattern[str]:
    """The rule names must follow under ``style``: dots only in ``spec``."""
    return MCP_NAME if style == "spec" else PORTABLE_NAME


def style_from_env(env: Mapping[str, str]) -> str | None:
    """The style ``DATA_MCP_TOOL_NAME_STYLE`` asks for, or None when it is unset or blank.

    Case and surrounding spaces are forgiven; any other unknown value raises
    :class:`ToolsetError` (DM401) naming the allowed styles, never a silent fallback.
    """
    raw = env.get(STYLE_ENV, "").strip()
    if not raw:
        return None
    style = raw.lower()
    if style not in NAME_STYLES:
        raise ToolsetError(
            [
                Report(RULES).add(
                    "DM401",
                    f"{STYLE_ENV}={raw!r} is not a naming style",
                    hint=f"use one of {', '.join(NAME_STYLES)}",
                )
            ]
        )
    return style

"""Tool names that no longer name a tool, and what to call instead.

An agent holding an older tool list may still call them. Each is known under the naming style
and prefix of the tool set it is called against, as the current names are:

- a withdrawn endpoint's name (``price_target``): the live endpoint that replaces it, if any;
- a renamed tool (the catalog's alias table, :data:`data_pkg.catalog.RENAMED`): the endpoint
  that has the name now (``getEconomicIndicators`` -> ``economic_indicator``);
- a ``snake`` name from before keys that start with their group kept it once
  (``company_company_earnings`` -> ``company_earnings``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Literal

from data_pkg.catalog import ENDPOINTS, RENAMED, Endpoint, by_spec
from data_pkg.catalog import replacement as live_replacement
from data_pkg.toolsets._naming import tool_name


@dataclass(frozen=True, slots=True)
class FormerName:
    """A tool name that no longer names a tool: what it called, why it is gone, and what to call now."""

    name: str
    endpoint: Endpoint
    """The endpoint the name calls: the withdrawn one, or the one a renamed name belongs to now."""
    reason: Literal["withdrawn", "renamed"]

    @property
    def replacement(self) -> Endpoint | None:
        """The live endpoint to call instead; None for a withdrawn endpoint without a successor."""
        return live_replacement(self.endpoint)


def former_name(name: str, style: str, prefix: str = "") -> FormerName | None:
    """What ``name`` was under ``style`` and ``prefix``, or None when it never named a tool."""
    return _former_names(style, prefix).get(name)


@lru_cache(maxsize=16)  # one entry per naming style and prefix in use
def _former_names(style: str, prefix: str) -> Mapping[str, FormerName]:
    found: dict[str, FormerName] = {}
    for endpoint in ENDPOINTS:
        if not endpoint.is_tool_candidate:
            continue
        if endpoint.status == "withdrawn":
            name = tool_name(endpoint, style, prefix)
            found[name] = FormerName(name, endpoint, "withdrawn")
        if style == "snake" and endpoint.key.startswith(f"{endpoint.group}_"):
            doubled = f"{prefix}{endpoint.group}_{endpoint.key}"
            found[doubled] = FormerName(doubled, endpoint, "renamed")
    for old, new in RENAMED.items():
        group, _, key = old.partition(".")
        endpoint = by_spec(new)
        name = tool_name(replace(endpoint, group=group, key=key), style, prefix)
        found[name] = FormerName(name, endpoint, "renamed")
    return found

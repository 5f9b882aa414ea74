"""Whether a value stands in for a setting rather than being one: the one placeholder rule.

``data-mcp check-key``, the desktop config validator and doctor use it to say "this is not a key"
before sending anything; lint's secret check (DM503) uses it to skip values that are not keys.
Below every layer: it imports nothing of the project.

A placeholder is blank, or one of: a template (``<your key>``, ``{key}``, ``{{key}}``, ``${DATA_API_KEY}``,
``$DATA_API_KEY``, ``%DATA_API_KEY%``), a mask or an ellipsis (``****``, ``xxx``, ``...``, ``…``), a word
that says "fill me in" (``changeme``, ``todo``, ``redacted``, ``none``, ``null``), or a name for a key
(``key``, ``api key``, ``YOUR_KEY``, ``your_api_key_here``, ``my_key``). A real key is none of these,
and neither is the sandbox's published key ``demo``: it is a key, and the sandbox accepts it.
"""

from __future__ import annotations

import re

__all__ = ["is_placeholder"]

_PLACEHOLDER = re.compile(
    r"<[^>]*>|\{.*\}|\$\{?\w*\}?|%[^%]*%"
    r"|\*+|x+|\.+|…+"
    r"|changeme|todo|redacted|none|null"
    r"|(?:your|my)?[ _-]?(?:api)?[ _-]?key(?:[ _-]?here)?|your[\w -]*",
    re.IGNORECASE,
)


def is_placeholder(value: str) -> bool:
    """Whether ``value`` is a stand-in, not a real key or setting (see the module's docstring for the rule)."""
    value = value.strip()
    return not value or bool(_PLACEHOLDER.fullmatch(value))

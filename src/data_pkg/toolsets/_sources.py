"""Where a tool set comes from: the environment, a profile name, or a manifest path.

``DATA_MCP_MANIFEST`` names a manifest file or a profile; ``DATA_MCP_PROFILE`` names a profile.
When both are set the manifest wins (it can extend the profile if both are wanted); when neither
is, the server uses the default set. A value is a profile name when it looks like one (lowercase
letters, digits, ``_`` and ``-``, no suffix); anything else is a path. A relative path in the
environment is relative to the server's working directory, which an agent host seldom documents:
use absolute paths there. Paths inside a manifest (``extends``) are relative to that manifest.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path

from data_pkg.rules import Report
from data_pkg.toolsets._diagnostics import Diagnostic
from data_pkg.toolsets._rules import RULES

MANIFEST_ENV = "DATA_MCP_MANIFEST"
PROFILE_ENV = "DATA_MCP_PROFILE"

_PROFILE_NAME = re.compile(r"[a-z][a-z0-9_-]*")


def source_from_env(env: Mapping[str, str]) -> str | None:
    """The manifest path or profile name the environment asks for; None for the default set.

    ``DATA_MCP_MANIFEST`` wins over ``DATA_MCP_PROFILE``; blank values count as unset.
    """
    var = source_variable(env)
    return env[var].strip() if var is not None else None


def source_variable(env: Mapping[str, str]) -> str | None:
    """Which variable names the tool set (see :func:`source_from_env`); None when neither is set."""
    return next((var for var in (MANIFEST_ENV, PROFILE_ENV) if env.get(var, "").strip()), None)


def is_profile_name(value: str) -> bool:
    """Whether ``value`` names a profile rather than a file."""
    return bool(_PROFILE_NAME.fullmatch(value))


def manifest_path(value: str, *, base: Path | None = None) -> Path | Diagnostic:
    """The file ``value`` names, relative to ``base`` (else the working directory), or why it cannot be used.

    On POSIX a backslash is almost always a Windows path pasted into the wrong place (or a JSON
    escape gone wrong), so it is refused with a hint rather than looked up as a strange file name.
    The diagnostic carries no file: callers add where the value was written.
    """
    if "\0" in value:
        return Report(RULES).add(
            "DM304",
            f"manifest path {value!r} contains a NUL character, which no file name can hold",
            hint="write the path out again: a NUL is often what a broken escape (\\u0000) leaves",
        )
    if os.sep == "/" and "\\" in value:
        return Report(RULES).add(
            "DM304",
            f"manifest path {value!r} contains backslashes",
            hint="write forward slashes, which work on Windows too: C:/Users/me/tools.py",
        )
    path = Path(value).expanduser()
    if not path.is_absolute() and base is not None:
        path = base / path
    return path

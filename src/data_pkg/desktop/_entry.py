"""The ``mcpServers`` entry that starts the local server (data-mcp) from a desktop assistant.

The entry runs the current interpreter with ``-m data_pkg.mcp``: an absolute path, because the
host starts commands with its own ``PATH``, not the shell's. The path is made absolute but its
symbolic links are kept: a virtual environment's ``python`` is a link to the base interpreter,
and only the link (next to ``pyvenv.cfg``) sees the environment's packages.

The host passes only a few variables of its own environment to the server, so everything the
server needs goes into ``env``: the key, the API address, the manifest and the settings the
caller has set.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path, PurePath, PureWindowsPath
from typing import Any

from data_pkg.catalog import SEGMENT_ENV
from data_pkg.toolsets import MANIFEST_ENV, PROFILE_ENV, STYLE_ENV, is_profile_name

__all__ = [
    "BASE_URL_PLACEHOLDER",
    "DEFAULT_SERVER_NAME",
    "KEY_PLACEHOLDER",
    "MODULE_ARGS",
    "interpreter_path",
    "is_bare_name",
    "manifest_value",
    "server_entry",
]

DEFAULT_SERVER_NAME = "market-data"
KEY_PLACEHOLDER = "<your API key>"
BASE_URL_PLACEHOLDER = "<API base URL, e.g. http://127.0.0.1:8765 for the sandbox>"
MODULE_ARGS: tuple[str, ...] = ("-m", "data_pkg.mcp")

# Settings worth carrying from the shell into the entry when the caller has set them.
_CARRIED = ("DATA_LOG_LEVEL", "DATA_PLAN", "DATA_VALIDATION_MODE", STYLE_ENV, *SEGMENT_ENV.values())


def interpreter_path(executable: str | None = None) -> str:
    """The absolute path of ``executable`` (default: this interpreter), symbolic links kept."""
    return os.path.abspath(executable or sys.executable)


def is_bare_name(command: str) -> bool:
    """Whether ``command`` is a name the host looks up on its ``PATH`` (``python3``), not a path."""
    return "/" not in command and "\\" not in command and not PureWindowsPath(command).drive


def manifest_value(value: str, *, cwd: str | os.PathLike[str] | None = None) -> str:
    """A ``DATA_MCP_MANIFEST`` value fit for the config: a profile name as is, a path absolute with forward slashes."""
    value = value.strip()
    if is_profile_name(value):
        return value
    path = Path(value).expanduser()
    if not path.is_absolute():
        path = Path(cwd if cwd is not None else os.getcwd()) / path
    return PurePath(os.path.normpath(path)).as_posix()


def server_entry(
    env: Mapping[str, str],
    *,
    python: str | None = None,
    manifest: str | None = None,
    with_key: bool = False,
    cwd: str | os.PathLike[str] | None = None,
) -> dict[str, Any]:
    """The entry for ``mcpServers``: command, args and env.

    ``DATA_API_KEY`` is the placeholder unless ``with_key`` is true and the variable is set;
    ``DATA_BASE_URL`` is the environment's or a placeholder; the manifest is ``manifest``, else
    ``DATA_MCP_MANIFEST`` (or ``DATA_MCP_PROFILE``) from ``env``.
    """
    key = env.get("DATA_API_KEY", "").strip()
    block: dict[str, str] = {
        "DATA_API_KEY": key if with_key and key else KEY_PLACEHOLDER,
        "DATA_BASE_URL": env.get("DATA_BASE_URL", "").strip().rstrip("/") or BASE_URL_PLACEHOLDER,
    }
    chosen = (manifest or "").strip() or env.get(MANIFEST_ENV, "").strip()
    if chosen:
        block[MANIFEST_ENV] = manifest_value(chosen, cwd=cwd)
    elif profile := env.get(PROFILE_ENV, "").strip():
        block[PROFILE_ENV] = profile
    for name in _CARRIED:
        if value := env.get(name, "").strip():
            block[name] = value
    block["PYTHONUNBUFFERED"] = "1"
    return {"command": interpreter_path(python), "args": list(MODULE_ARGS), "env": block}

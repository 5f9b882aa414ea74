"""Desktop assistant setup for the local server (data-mcp): locate, build, read strictly, validate, install.

    >>> from data_pkg.desktop import Host, locate_assistant, read_config, render_finding, validate_config
    >>> assistant = locate_assistant(Host.current(), "Acme")   # ~/.config/Acme/acme_desktop_config.json on Linux
    >>> for finding in validate_config(read_config(assistant.config_file)).findings:
    ...     print(render_finding(finding, str(assistant.config_file)))   # file:line:col: error DC106: ...

Pure library code: no command-line framework here (``data_pkg.cli`` formats and sets exit codes).
The pieces:

- :mod:`~data_pkg.desktop._locations`: the config and log folders per system, and which assistant;
- :mod:`~data_pkg.desktop._entry`: the server entry (absolute Python, ``-m data_pkg.mcp``, env);
- :mod:`~data_pkg.desktop._shapes`: the file shapes hosts read (a desktop assistant's ``mcpServers``, an
  editor's workspace ``servers`` with ``"type": "stdio"``), and :mod:`~data_pkg.desktop._editor`, what only
  the editor shape checks;
- :mod:`~data_pkg.desktop._strict_json`: a JSON reader that explains every deviation with line:col;
- :mod:`~data_pkg.desktop._validate`: the entry's command, args, env, key and manifest;
- :mod:`~data_pkg.desktop._redact`: which fields hold a key, and masking their values in findings;
- :mod:`~data_pkg.desktop._install`: merge into the file, keep a backup, write atomically (0600),
  under a lock (:mod:`~data_pkg.desktop._filelock`), through a symbolic link;
- :mod:`~data_pkg.desktop._keycheck`: is the key valid (``GET /stable/profile``)?;
- :mod:`~data_pkg.desktop._probe` and :mod:`~data_pkg.desktop._doctor`: start what the config starts.
"""

from __future__ import annotations

from data_pkg.desktop._codes import CODES
from data_pkg.desktop._doctor import Check, CheckStatus, DoctorOptions, DoctorReport, run_doctor
from data_pkg.desktop._entry import BASE_URL_PLACEHOLDER as BASE_URL_PLACEHOLDER
from data_pkg.desktop._entry import server_entry
from data_pkg.desktop._findings import finding_json as finding_json
from data_pkg.desktop._findings import render_finding
from data_pkg.desktop._install import InstallRefusedError, InstallResult, install_entry
from data_pkg.desktop._keycheck import KeyCheck, KeyStatus, check_key
from data_pkg.desktop._keycheck import mask_key as mask_key
from data_pkg.desktop._locations import Assistant, AssistantError, Host, locate_assistant
from data_pkg.desktop._shapes import DESKTOP, EDITOR, Shape
from data_pkg.desktop._shapes import shape_named as shape_named
from data_pkg.desktop._validate import ConfigReadError, ServerEntry, Validation, read_config, validate_config

# The user API, rendered on docs/api.md. A name imported as itself (``name as name``) is for the command line,
# not users: importable and type-checked, not listed here.
__all__ = [
    "CODES",
    "DESKTOP",
    "EDITOR",
    "Assistant",
    "AssistantError",
    "Check",
    "CheckStatus",
    "ConfigReadError",
    "DoctorOptions",
    "DoctorReport",
    "Host",
    "InstallRefusedError",
    "InstallResult",
    "KeyCheck",
    "KeyStatus",
    "ServerEntry",
    "Shape",
    "Validation",
    "check_key",
    "install_entry",
    "locate_assistant",
    "read_config",
    "render_finding",
    "run_doctor",
    "server_entry",
    "validate_config",
]

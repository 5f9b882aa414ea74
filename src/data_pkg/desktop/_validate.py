"""Validate a desktop assistant config: strict JSON first, then the entry that starts data-mcp.

Which entries are checked: the one named ``name`` when given; otherwise every entry that
starts data-mcp (its command is ``data-mcp``, or its args mention ``data_pkg.mcp`` or
``data-mcp``) and the default name ``market-data``. Other servers are left alone, except that
an entry with only a ``url`` is pointed out (the host skips it).

Accepted ways to start the server: a Python interpreter with ``args`` exactly
``["-m", "data_pkg.mcp"]``; or the ``data-mcp`` command with no ``args``, ``[]`` or ``["serve"]``.
Launchers (``uv``, ``pipx`` ...) whose args mention data-mcp are reported as a warning: only
starting them (``data-mcp doctor``) tells whether they work.

A ``command`` may be an absolute path or a bare name (``python3``) that the host looks up on its
own ``PATH``; a name is a warning (DC214), because the host's ``PATH`` is often not the shell's.
A relative path (``venv/bin/python``) is an error: the host's working folder is not documented.

No finding quotes a key: values of ``*_API_KEY`` / ``apikey`` fields are masked in every message
(:class:`~data_pkg.desktop._redact.Redactor`).

The manifest is checked with the server's own resolver (:func:`data_pkg.toolsets.resolve`), so
a config that validates starts the same tool set; its diagnostics keep the manifest's own
``file:line:col``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePath, PurePosixPath, PureWindowsPath

from data_pkg.desktop._codes import CODES
from data_pkg.desktop._editor import check_entry_shape, check_file_keys
from data_pkg.desktop._entry import DEFAULT_SERVER_NAME, MODULE_ARGS, is_bare_name
from data_pkg.desktop._redact import Redactor, is_secret_name, mask_key
from data_pkg.desktop._shapes import DESKTOP, SHAPES, Shape
from data_pkg.desktop._strict_json import JsonNode, read_strict
from data_pkg.errors import ConfigurationError
from data_pkg.files import byte_position, read_regular
from data_pkg.placeholders import is_placeholder
from data_pkg.rules import Finding, Report, Severity
from data_pkg.toolsets import (
    STYLE_ENV,
    is_profile_name,
    resolve,
    source_from_env,
    source_variable,
)

__all__ = [
    "ConfigReadError",
    "ServerEntry",
    "Validation",
    "command_stem",
    "read_config",
    "validate_config",
]

_PYTHON = re.compile(r"^(?:python(?:\d+(?:\.\d+)*)?w?|py)$")


class ConfigReadError(ConfigurationError):
    """The config file cannot be read at all; ``finding`` says why (DC111)."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.message)
        self.finding = finding


MAX_CONFIG_BYTES = 1 << 20
"""A host's config is a few kilobytes; reading stops past this (a link to a device would never end)."""


def read_config(path: str | os.PathLike[str]) -> str:
    """The text of a config file, or :class:`ConfigReadError` (missing, not a regular file, no permission,
    larger than :data:`MAX_CONFIG_BYTES`, not UTF-8). Never blocks: a named pipe is refused at once."""
    file = Path(path)
    try:
        data = read_regular(file, limit=MAX_CONFIG_BYTES)
    except FileNotFoundError:
        raise ConfigReadError(
            Report(CODES).add("DC111", f"{file} does not exist", hint="data-mcp config install creates it")
        ) from None
    except PermissionError as error:
        raise ConfigReadError(
            Report(CODES).add(
                "DC111", f"{file} cannot be read: {error.strerror or error}", hint="check its permissions"
            )
        ) from None
    except OSError as error:
        raise ConfigReadError(
            Report(CODES).add(
                "DC111",
                f"{file} cannot be read: {error.strerror or error}",
                hint="point at the assistant's config file, a regular JSON file",
            )
        ) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line, col = byte_position(data, error.start)
        raise ConfigReadError(
            Report(CODES).add(
                "DC111",
                f"{file} is not UTF-8 (byte 0x{data[error.start]:02X}): the host reads its config as UTF-8",
                hint="save the file as UTF-8 without BOM",
                line=line,
                col=col,
            )
        ) from None


@dataclass(frozen=True)
class ServerEntry:
    """One checked server entry, as the host would start it."""

    name: str
    node: JsonNode
    command: str | None
    args: tuple[str, ...]
    env: Mapping[str, str]
    """The string values of ``env`` (non-strings are findings and left out)."""


@dataclass(frozen=True)
class Validation:
    """The findings about one config text, and the entries that start data-mcp."""

    findings: tuple[Finding, ...]
    document: JsonNode | None = None
    entries: tuple[ServerEntry, ...] = ()
    tool_counts: Mapping[str, int] = field(default_factory=dict)
    """Entry name -> number of tools its manifest resolves to (entries whose tool set resolves)."""
    redactor: Redactor = field(default_factory=Redactor)
    """The key values in the text, to mask them in anything else said about it (doctor's checks)."""

    @property
    def ok(self) -> bool:
        """No error findings (warnings allowed)."""
        return not any(f.is_error for f in self.findings)

    @property
    def strict_json(self) -> bool:
        """Whether the text is strict JSON."""
        return self.document is not None


@dataclass
class _Checker:
    which: Callable[[str], str | None]
    report: Report = field(default_factory=lambda: Report(CODES))
    redactor: Redactor = field(default_factory=Redactor)
    shape: Shape = DESKTOP
    inputs: frozenset[str] = frozenset()
    """The ids the file's ``inputs`` declares (editor shape): ``${input:ID}`` may name them."""

    def done(self) -> tuple[Finding, ...]:
        """The findings in document order, no key value in any of them."""
        ordered = sorted(self.report.findings, key=lambda f: (f.line or 0, f.col or 0, f.code))
        return tuple(self.redactor.finding(f) for f in ordered)


def _file_name(command: str) -> str:
    """The last part of a command's path, as written (either slash)."""
    return re.split(r"[\\/]", command)[-1]


def command_stem(command: str) -> str:
    """The command's file name in lowercase, without .exe/.cmd/.bat: ``python3``, ``data-mcp``."""
    name = _file_name(command).lower()
    for suffix in (".exe", ".cmd", ".bat"):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return name


def _is_absolute(path: str) -> bool:
    return PurePosixPath(path).is_absolute() or PureWindowsPath(path).is_absolute()


def _starts_data_mcp(entry: JsonNode) -> bool:
    if entry.kind != "object":
        return False
    command = entry.member("command")
    if command is not None and command.kind == "string" and command_stem(command.value) == "data-mcp":
        return True
    args = entry.member("args")
    if args is None or args.kind != "array":
        return False
    return any(isinstance(a, str) and ("data_pkg.mcp" in a or "data-mcp" in a) for a in args.value)


def validate_config(
    text: str,
    *,
    name: str | None = None,
    which: Callable[[str], str | None] = shutil.which,
    shape: Shape = DESKTOP,
) -> Validation:
    """Every finding about a config's text: strict JSON, then each entry that starts data-mcp.

    ``shape`` is the file's shape (:mod:`~data_pkg.desktop._shapes`): where the servers are, and, for an
    editor's workspace file, its top-level keys, ``inputs`` and each of our entries' ``type`` and keys.
    """
    strict = read_strict(text, shape)
    if strict.node is None:
        return Validation(strict.findings, redactor=strict.redactor)
    document = strict.node
    redactor = strict.redactor.adding(_secret_values(document))
    checker = _Checker(which, Report(CODES), redactor, shape)
    checker.report.findings.extend(strict.findings)
    if document.kind == "object":
        checker.inputs = check_file_keys(checker, document)
    servers = _servers(checker, document)
    if servers is None:
        return Validation(checker.done(), document, redactor=redactor)
    counts: dict[str, int] = {}
    entries = _check_servers(checker, servers, name, counts)
    _check_found(checker, servers, name, entries)
    return Validation(checker.done(), document, tuple(entries), counts, redactor)


def _servers(checker: _Checker, document: JsonNode) -> JsonNode | None:
    """The servers object of the shape (``mcpServers``, ``servers``), or None after saying why there is none (DC201)."""
    shape, key = checker.shape, checker.shape.servers_key
    if document.kind != "object":
        checker.report.add(
            "DC201",
            f"the file holds a JSON {document.kind}, but {shape.host} expects an object with a {key} key",
            hint=f'wrap it: {{"{key}": {{...}}}}',
            at=document,
        )
        return None
    servers = document.member(key)
    if servers is not None and servers.kind == "object":
        return servers
    what = f"has no {key} key" if servers is None else f"has {key} as a {servers.kind}, not an object"
    checker.report.add(
        "DC201",
        f"the top-level object {what}: {shape.host} finds no servers to start",
        hint=_other_shape_hint(document, shape)
        or f'add "{key}": {{...}} (data-mcp config install{shape.flag} does it)',
        at=servers or document,
    )
    return None


def _other_shape_hint(document: JsonNode, shape: Shape) -> str | None:
    """Where the file has the other shape's servers object: say which ``--shape`` reads it."""
    for other in SHAPES.values():
        found = document.member(other.servers_key)
        if other is not shape and found is not None and found.kind == "object":
            return (
                f"this file has {other.servers_key}, the {other.name} shape: check it with --shape {other.name}"
                f" (or move the entries under {shape.servers_key})"
            )
    return None


def _check_servers(checker: _Checker, servers: JsonNode, name: str | None, counts: dict[str, int]) -> list[ServerEntry]:
    """Check each entry that is ours (named ``name``, or starting data-mcp); point out url-only others (DC203)."""
    names = [key.value for key, _ in servers.members]
    wanted = [name] if name is not None else [n for n in dict.fromkeys(names) if n == DEFAULT_SERVER_NAME]
    entries: list[ServerEntry] = []
    for key, entry in servers.members:
        if servers.member(key.value) is not entry:
            continue  # a repeated name: the host keeps the last one (DC110 says so)
        if key.value in wanted or (name is None and _starts_data_mcp(entry)):
            checked = _check_entry(checker, key.value, key, entry, counts)
            if checked is not None:
                entries.append(checked)
        elif _url_only(entry):
            checker.report.add(
                "DC203",
                f'server "{key.value}" has only a url: the host skips it as not a valid server configuration',
                hint="give it a command (a url alone is for remote servers this host does not start)",
                at=key,
                severity="warning",
            )
    return entries


def _url_only(entry: JsonNode) -> bool:
    """An entry with a url and no command: a remote server, which this host does not start."""
    return entry.kind == "object" and entry.member("command") is None and entry.member("url") is not None


def _check_found(checker: _Checker, servers: JsonNode, name: str | None, entries: list[ServerEntry]) -> None:
    """DC202 when the entry asked for is missing, or when nothing of ours was found (and no other finding says why)."""
    names = [key.value for key, _ in servers.members]
    if name is not None and name not in names:
        checker.report.add(
            "DC202",
            f'no server named "{name}" in {checker.shape.servers_key} (found: {", ".join(names) or "none"})',
            hint=f"data-mcp config install{checker.shape.flag} --name {name} adds it",
            at=servers,
        )
    elif not entries and not any(f.code in ("DC213", "DC203") and f.is_error for f in checker.report.findings):
        checker.report.add(
            "DC202",
            f'no server entry starts data-mcp (looked for "{DEFAULT_SERVER_NAME}" and for entries running'
            f" data_pkg.mcp); {checker.shape.host} has nothing of ours to start",
            hint=f"run data-mcp config install{checker.shape.flag}, or paste the output of data-mcp config"
            f" print{checker.shape.flag} into {checker.shape.servers_key}",
            at=servers,
        )


def _secret_values(document: JsonNode) -> list[object]:
    """The values of every key field in the document (a name written with escapes escapes the text scan)."""
    return [
        value.value
        for node in document.walk()
        for key, value in node.members
        if is_secret_name(key.value) and value.kind in ("string", "number")
    ]


def _check_entry(
    checker: _Checker, name: str, key: JsonNode, entry: JsonNode, counts: dict[str, int]
) -> ServerEntry | None:
    label = f'server "{name}"'
    if entry.kind != "object":
        checker.report.add(
            "DC213",
            f"{label} is a JSON {entry.kind}, not an object with command, args and env",
            hint="replace it with the entry from data-mcp config print",
            at=entry,
        )
        return None
    if checker.shape.entry_type is not None:
        check_entry_shape(checker, label, key, entry)
    command = _check_command(checker, label, key, entry)
    if command is None and entry.member("url") is not None:
        return None  # not a server the host starts at all: one finding (DC203) says so
    args = _check_args(checker, label, entry, command)
    env = _check_env(checker, label, entry)
    env_node = entry.member("env")
    if env_node is None or env_node.kind == "object":  # an env of the wrong kind is reported once, above
        for check in _SETTING_CHECKS:
            check(checker, label, entry, env)
        _check_manifest(checker, label, name, entry, env, counts)
    return ServerEntry(name, entry, command, args, env)


def _check_command(checker: _Checker, label: str, key: JsonNode, entry: JsonNode) -> str | None:
    node = entry.member("command")
    if node is None:
        _no_command(checker, label, key, entry)
        return None
    if node.kind != "string" or not node.value.strip():
        shown = "an empty string" if node.kind == "string" else f"a JSON {node.kind}"
        checker.report.add(
            "DC204",
            f"{label}: command is {shown}; it must be the path of Python (or of data-mcp) as a string",
            hint="data-mcp config print shows the right value",
            at=node,
        )
        return None
    command: str = node.value
    check = next(check for applies, check in _COMMAND_KINDS if applies(command))
    check(checker, label, node, command)
    return command


def _no_command(checker: _Checker, label: str, key: JsonNode, entry: JsonNode) -> None:
    """An entry without a command: one with a url is a remote server (DC203), else nothing starts (DC204)."""
    if entry.member("url") is not None:
        checker.report.add(
            "DC203",
            f"{label} has only a url: the host skips it as not a valid server configuration"
            " (data-mcp runs locally, from a command)",
            hint="replace the url with command, args and env: data-mcp config print shows them",
            at=key,
        )
        return
    checker.report.add(
        "DC204",
        f"{label} has no command: the host has nothing to start (MCP server not found)",
        hint='add "command": the absolute path of Python, as data-mcp config print shows it',
        at=key,
    )


def _visible(text: str) -> str:
    """``text`` with control characters as their escapes, so that a message stays on one line."""
    return "".join(ch if ord(ch) >= 0x20 else ch.encode("unicode_escape").decode("ascii") for ch in text)


def _is_garbled(command: str) -> bool:
    return any(ord(ch) < 0x20 for ch in command)


def _is_relative(command: str) -> bool:
    return not _is_absolute(command)


def _anything(command: str) -> bool:
    return True


def _control_character(checker: _Checker, node: JsonNode | None, value: str) -> str | None:
    """How ``value`` names no file, when a control character in it has not been reported yet (DC107 reports
    the ones a Windows path's single backslashes make; a NUL written as an escape is not one of them)."""
    if node is not None:
        end = node.col + len(json.dumps(value))  # as written, near enough: DC107 points at an escape inside it
        if any(
            f.code == "DC107" and f.line == node.line and node.col <= (f.col or 0) < end
            for f in checker.report.findings
        ):
            return None
    first = next(ch for ch in value if ord(ch) < 0x20)
    return f"holds a control character (U+{ord(first):04X}), so it names no file"


def _check_garbled(checker: _Checker, label: str, node: JsonNode, command: str) -> None:
    """What the strict reader has not already reported of how the path was garbled (DC107)."""
    why = _control_character(checker, node, command)
    if why is not None:
        checker.report.add(
            "DC206", f'{label}: command "{_visible(command)}" {why}', hint="write the path out again", at=node
        )


def _check_relative(checker: _Checker, label: str, node: JsonNode, command: str) -> None:
    checker.report.add(
        "DC205",
        f'{label}: command "{command}" is a relative path; the host starts it from a folder it does not'
        " document (often /), so it is not found there (Failed to spawn process)",
        hint=f'write the absolute path (from this folder: "{PurePath(os.path.abspath(command)).as_posix()}";'
        " data-mcp config print shows the Python running it)",
        at=node,
    )


def _check_path(checker: _Checker, label: str, node: JsonNode, command: str) -> None:
    """An absolute path: it must exist (DC206) and be an executable file (DC207)."""
    path = Path(command)
    if not path.exists():
        checker.report.add(
            "DC206",
            f'{label}: command "{command}" does not exist on this machine; the host fails with'
            " 'Failed to spawn process: No such file or directory'",
            hint="point command at an installed Python 3.10-3.14"
            " (data-mcp config print shows the one running data-mcp)",
            at=node,
        )
    elif path.is_dir() or not os.access(path, os.X_OK):
        checker.report.add(
            "DC207",
            f'{label}: command "{command}" is {"a folder" if path.is_dir() else "not executable"}; the host'
            " cannot start it",
            hint="point command at the Python executable itself (data-mcp config print shows it)",
            at=node,
        )


def _check_name(checker: _Checker, label: str, node: JsonNode, command: str) -> None:
    """A bare name: the host finds it on its own PATH, which may not be this shell's."""
    found = checker.which(command)
    if found is None:
        checker.report.add(
            "DC206",
            f'{label}: command "{command}" is not found on this PATH; the host looks names up on its own PATH,'
            " which is usually shorter than your shell's, and fails with 'Failed to spawn process'",
            hint="write the absolute path of an installed Python 3.10-3.14 (data-mcp config print shows it)",
            at=node,
        )
        return
    path = PurePath(os.path.abspath(found)).as_posix()
    checker.report.add(
        "DC214",
        f'{label}: command "{command}" is a name, not a path: the host looks it up on its own PATH, which may'
        " differ from your shell's (a host started from a desktop menu often has a shorter one), so it may not"
        f" find it or start another Python; on this PATH it is {path}",
        hint=f'write the absolute path to be sure: "{path}" (or the one data-mcp config print shows)',
        at=node,
    )


_COMMAND_KINDS: tuple[tuple[Callable[[str], bool], Callable[[_Checker, str, JsonNode, str], None]], ...] = (
    (_is_garbled, _check_garbled),
    (is_bare_name, _check_name),
    (_is_relative, _check_relative),
    (_anything, _check_path),
)
"""What a command string is, and its check: the first that applies."""


def _check_args(checker: _Checker, label: str, entry: JsonNode, command: str | None) -> tuple[str, ...]:
    node = entry.member("args")
    args = _string_args(checker, label, node)
    if args is None:
        return ()
    if command is None or _command_is_the_problem(command):
        return args  # no command, or one that cannot start (DC206, DC207): its args say nothing yet
    stem = command_stem(command)
    check = next(check for applies, check in _LAUNCHES if applies(stem, args))
    # The name as written, not the lowercased stem: a key pasted as the command is then the key value
    # the redactor knows, and is masked in the message like everywhere else.
    problem = check(label, _file_name(command), args)
    if problem is not None:
        message, fix, severity = problem
        checker.report.add("DC208", message, hint=fix, at=node if node is not None else entry, severity=severity)
    return args


def _string_args(checker: _Checker, label: str, node: JsonNode | None) -> tuple[str, ...] | None:
    """The args, when they are a list of strings; else None, after DC208 says so."""
    if node is None:
        return ()
    if node.kind == "array" and all(item.kind == "string" for item in node.items):
        return tuple(node.value)
    checker.report.add("DC208", f"{label}: args must be a list of strings", hint=f"write {_MODULE_ARGS}", at=node)
    return None


def _command_is_the_problem(command: str) -> bool:
    """An absolute path, not to data-mcp or a Python, that is not an executable file: DC206 or DC207 says so."""
    stem = command_stem(command)
    if _is_data_mcp(stem, ()) or _is_python(stem, ()) or not _is_absolute(command):
        return False
    return not (Path(command).is_file() and os.access(command, os.X_OK))


_MODULE_ARGS = '["-m", "data_pkg.mcp"]'
_ArgsProblem = tuple[str, str, Severity | None]
"""What is wrong with an entry's args, the fix, and the severity when it is not the rule's."""


def _is_data_mcp(stem: str, args: tuple[str, ...]) -> bool:
    return stem == "data-mcp"


def _is_python(stem: str, args: tuple[str, ...]) -> bool:
    return bool(_PYTHON.match(stem))


def _mentions_data_mcp(stem: str, args: tuple[str, ...]) -> bool:
    return any("data_pkg.mcp" in a or "data-mcp" in a for a in args)


def _started_otherwise(stem: str, args: tuple[str, ...]) -> bool:
    return True


def _data_mcp_args(label: str, stem: str, args: tuple[str, ...]) -> _ArgsProblem | None:
    if args in ((), ("serve",)):
        return None
    return (
        f"{label}: data-mcp is started with args {list(args)}, which do not start the server",
        'remove args (or write ["serve"])',
        None,
    )


def _python_args(label: str, stem: str, args: tuple[str, ...]) -> _ArgsProblem | None:
    if args == MODULE_ARGS:
        return None
    why = (
        "without args Python opens an interactive prompt and never answers the host"
        if not args
        else f"args are {_show(args)}, which do not start the server"
    )
    return f"{label}: {why}", f"write {_MODULE_ARGS}", None


def _launcher_args(label: str, stem: str, args: tuple[str, ...]) -> _ArgsProblem | None:
    return (
        f'{label}: started through "{stem}", a launcher this check cannot follow',
        "run data-mcp doctor, which starts it; or use the Python path with -m data_pkg.mcp",
        "warning",
    )


def _other_args(label: str, stem: str, args: tuple[str, ...]) -> _ArgsProblem | None:
    return (
        f'{label}: command "{stem}" with args {_show(args)} does not start data-mcp',
        f"use the Python path with {_MODULE_ARGS}",
        None,
    )


_LAUNCHES: tuple[
    tuple[Callable[[str, tuple[str, ...]], bool], Callable[[str, str, tuple[str, ...]], _ArgsProblem | None]], ...
] = (
    (_is_data_mcp, _data_mcp_args),
    (_is_python, _python_args),
    (_mentions_data_mcp, _launcher_args),
    (_started_otherwise, _other_args),
)
"""How an entry starts the server (by its command's name, then its args), and what its args must be: the first
that applies."""


def _show(args: tuple[str, ...]) -> str:
    return "[" + ", ".join(f'"{a}"' for a in args) + "]"


def _check_env(checker: _Checker, label: str, entry: JsonNode) -> dict[str, str]:
    node = entry.member("env")
    if node is None:
        return {}
    if node.kind != "object":
        checker.report.add(
            "DC209",
            f"{label}: env is a JSON {node.kind}; it must be an object of names to strings",
            hint='write "env": {"DATA_API_KEY": "...", ...}',
            at=node,
        )
        return {}
    env: dict[str, str] = {}
    for key, value in node.members:
        if value.kind == "string":
            env[key.value] = value.value
            continue
        shown = "true" if value.value is True else "false" if value.value is False else value.value
        quoted = value.kind in ("number", "boolean") and not is_secret_name(key.value)
        checker.report.add(
            "DC209",
            f"{label}: env value of {key.value} is a JSON {value.kind}; the host passes only strings",
            hint=f'write it in double quotes: "{shown}"' if quoted else "write it as a string, in double quotes",
            at=value,
        )
    return env


def _value_node(entry: JsonNode, name: str) -> JsonNode | None:
    env = entry.member("env")
    return env.member(name) if env is not None and env.kind == "object" else None


def _check_api_key(checker: _Checker, label: str, entry: JsonNode, env: Mapping[str, str]) -> None:
    """The key is in env (DC301) and not a placeholder (DC302)."""
    key = env.get("DATA_API_KEY")
    if key is None:
        checker.report.add(
            "DC301",
            f"{label}: DATA_API_KEY is not in env; the host passes only a few variables of your environment,"
            " so the server has no key (the agent answers without using tools)",
            hint='add "DATA_API_KEY": "<your key>" to env (data-mcp config install writes it from $DATA_API_KEY)',
            at=_env_or_entry(entry),
        )
    elif is_placeholder(key):
        checker.report.add(
            "DC302",
            f"{label}: DATA_API_KEY is a placeholder ({mask_key(key)}), not a key",
            hint="put your API key there, or set DATA_API_KEY and run data-mcp config install --force",
            at=_value_node(entry, "DATA_API_KEY"),
        )


def _check_base_url(checker: _Checker, label: str, entry: JsonNode, env: Mapping[str, str]) -> None:
    """The API address is set (DC210), and the server accepts it and every other DATA_* setting (DC210, DC211)."""
    base = env.get("DATA_BASE_URL")
    if base is None or is_placeholder(base):
        checker.report.add(
            "DC210",
            f"{label}: DATA_BASE_URL is {'not in env' if base is None else f'a placeholder ({base!r})'};"
            " the server has no API address and every call fails",
            hint='add "DATA_BASE_URL": "https://..." (the API address; http://127.0.0.1:8765 for a local sandbox)',
            at=_env_or_entry(entry) if base is None else _value_node(entry, "DATA_BASE_URL"),
        )
        return
    _check_settings_accepted(checker, label, entry, env)


def _check_settings_accepted(checker: _Checker, label: str, entry: JsonNode, env: Mapping[str, str]) -> None:
    """The server accepts every DATA_* setting: the address (DC210) and the others (DC211)."""
    from data_pkg.settings import Settings

    try:
        Settings.from_env(env)
    except ConfigurationError as error:
        culprit = next((var for var in env if var.startswith("DATA_") and var in str(error)), None)
        code = "DC210" if culprit == "DATA_BASE_URL" else "DC211"
        node = _value_node(entry, culprit) if culprit else None
        checker.report.add(code, f"{label}: {error}", hint="fix the value in env", at=node or _env_or_entry(entry))


def _check_unbuffered(checker: _Checker, label: str, entry: JsonNode, env: Mapping[str, str]) -> None:
    """PYTHONUNBUFFERED is "1", so log lines reach the host's log as they are written (DC212)."""
    unbuffered = env.get("PYTHONUNBUFFERED")
    node = _value_node(entry, "PYTHONUNBUFFERED")
    if unbuffered == "1" or (unbuffered is None and node is not None):
        return  # set, or set to a non-string that DC209 reports
    checker.report.add(
        "DC212",
        f"{label}: PYTHONUNBUFFERED is {'not set' if unbuffered is None else repr(unbuffered)}; the server's log"
        " lines may reach the host's log late",
        hint='add "PYTHONUNBUFFERED": "1" to env',
        at=node or _env_or_entry(entry),
    )


_SETTING_CHECKS = (_check_api_key, _check_base_url, _check_unbuffered)
"""The checks of an entry's env, one per setting, each given the env's string values."""


def _env_or_entry(entry: JsonNode) -> JsonNode:
    """Where a missing setting is reported: the env object, or the entry when it has none."""
    env = entry.member("env")
    return env if env is not None else entry


def _check_manifest(
    checker: _Checker, label: str, name: str, entry: JsonNode, env: Mapping[str, str], counts: dict[str, int]
) -> None:
    """The manifest (or profile) the entry names resolves, as the server would resolve it (DC401-DC403)."""
    source, var = source_from_env(env), source_variable(env)
    node = _value_node(entry, var) if var is not None else None
    if var is not None and source is not None and not _manifest_path_ok(checker, label, var, source, node):
        return
    resolution = resolve(source, env=env)
    for problem in resolution.diagnostics:
        _report_resolution(checker, label, entry, source, node, problem)
    if resolution.registry is not None:
        counts[name] = len(resolution.registry.tools)


def _report_resolution(
    checker: _Checker, label: str, entry: JsonNode, source: str | None, node: JsonNode | None, problem: Finding
) -> None:
    """One of the resolver's findings, at the setting it comes from (DC403, with the finding's severity)."""
    at = _value_node(entry, STYLE_ENV) if problem.file is None and STYLE_ENV in str(problem) else node
    what = "the manifest" if source is not None and not is_profile_name(source) else "the tool set"
    checker.report.add(
        "DC403",
        f"{label}: {what} does not {'lint clean' if problem.is_error else 'lint without warnings'}: {problem}",
        hint=f"run data-mcp lint {source}" if source is not None else "fix the setting in env",
        at=at or entry.member("env") or entry,
        severity=problem.severity,
    )


def _manifest_path_ok(checker: _Checker, label: str, var: str, source: str, node: JsonNode | None) -> bool:
    """Whether ``source`` is worth resolving: a profile name, or an absolute path to a file (else DC401, DC402)."""
    if _is_garbled(source):
        why = _control_character(checker, node, source)
        if why is not None:
            checker.report.add(
                "DC402", f'{label}: {var} "{_visible(source)}" {why}', hint="write the path out again", at=node
            )
        return False
    if is_profile_name(source):
        return True
    if not _is_absolute(source):
        checker.report.add(
            "DC401",
            f'{label}: {var} "{source}" is a relative path; the host starts the server in a folder it does not'
            " document, so the file is not found there",
            hint="write the absolute path with forward slashes (from this folder that would be"
            f' "{Path(source).resolve().as_posix()}")',
            at=node,
        )
        return False
    if "\\" in source and os.sep != "\\":
        return True  # a Windows path, checked where it means something: the resolver says what it finds
    path = Path(source).expanduser()
    if path.is_file():
        return True
    checker.report.add(
        "DC402",
        f'{label}: {var} "{source}" does not exist{" (it is a folder)" if path.is_dir() else ""}',
        hint="fix the path, or name a profile instead (analyst, quant, news ...)",
        at=node,
    )
    return False

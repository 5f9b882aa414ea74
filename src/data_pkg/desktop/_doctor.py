"""``data-mcp doctor``: the spec's error table, walked as real checks.

Each check is a small function of a shared :class:`_Context` returning a :class:`Check`:
its name, a status (``ok``, ``warn``, ``fail``, ``skip`` or ``info``), what was found, and what
to do. Which symptom of the spec each check explains:

=================  =====================================================================
python, package    MCP server not found / Failed to start (Python missing or out of range,
                   package not installed with the mcp extra)
config-location    the agent answers without using tools (config in the wrong place)
config-json        Invalid configuration (comments, trailing commas, single quotes ...)
config-entry       Failed to start (wrong command path, args)
server-start       Failed to start / Server transport closed unexpectedly / timeouts
api-key-set        the agent answers without using tools (key not set)
api-key-valid      invalid key, Rate limit exceeded
manifest           the server serves only setup_problem (manifest does not lint)
logs, restart      where the host's logs are; the host must be fully restarted
=================  =====================================================================

The checks run the configured command with the configured env (from the config file), or the
interpreter running doctor when there is no usable config. A command given as a bare name
(``python3``) is looked up, as the host does, on the ``PATH`` the server is started with.

No check repeats a key: every detail and fix is scrubbed of the config's key values and of the
``*_API_KEY`` / ``apikey`` values in the environment the server gets.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePath
from typing import Any, Literal

from data_pkg.desktop._entry import DEFAULT_SERVER_NAME, MODULE_ARGS, interpreter_path
from data_pkg.desktop._keycheck import check_key, mask_key
from data_pkg.desktop._locations import Assistant, AssistantError, Host, locate_assistant
from data_pkg.desktop._probe import (
    InterpreterInfo,
    host_environment,
    probe_interpreter,
    probe_server,
    resolve_command,
    shebang_interpreter,
)
from data_pkg.desktop._redact import Redactor, is_secret_name
from data_pkg.desktop._validate import (
    ConfigReadError,
    ServerEntry,
    Validation,
    command_stem,
    read_config,
    validate_config,
)
from data_pkg.extras import requirement
from data_pkg.placeholders import is_placeholder
from data_pkg.rules import Finding
from data_pkg.toolsets import resolve, source_from_env

__all__ = ["Check", "CheckStatus", "DoctorOptions", "DoctorReport", "run_doctor"]

CheckStatus = Literal["ok", "warn", "fail", "skip", "info"]
"""How a check went; a ``fail`` makes ``data-mcp doctor`` exit 1, a ``skip`` was not run (what it needs is missing)."""
SUPPORTED = ((3, 10), (3, 14))


@dataclass(frozen=True)
class Check:
    """One doctor check: what was looked at, how it went, what to do about it."""

    name: str
    status: CheckStatus
    detail: str
    fix: str | None = None

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready data."""
        return {"name": self.name, "status": self.status, "detail": self.detail, "fix": self.fix}


@dataclass(frozen=True)
class DoctorOptions:
    """What doctor looks at; every field has the running system's value by default."""

    host: Host = field(default_factory=Host.current)
    env: Mapping[str, str] = field(default_factory=lambda: dict(os.environ))
    assistant: str | None = None
    name: str | None = None
    """The server entry to check; default: the one that starts data-mcp."""
    timeout: float = 20.0
    """Bound for starting the server (and for each other process or request)."""
    python: str = field(default_factory=lambda: interpreter_path())
    """The interpreter to check when no config gives one."""


@dataclass(frozen=True)
class DoctorReport:
    """Every check, in order, and where the config is."""

    checks: tuple[Check, ...]
    assistant: str | None
    config_file: str | None

    @property
    def ok(self) -> bool:
        """No check failed (warnings allowed)."""
        return not any(c.status == "fail" for c in self.checks)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready data."""
        return {
            "ok": self.ok,
            "assistant": self.assistant,
            "config_file": self.config_file,
            "checks": [c.as_dict() for c in self.checks],
        }


@dataclass
class _Context:
    options: DoctorOptions
    assistant: Assistant | None = None
    assistant_error: str | None = None
    validation: Validation | None = None
    read_error: Finding | None = None
    entry: ServerEntry | None = None
    interpreter: InterpreterInfo | None = None
    interpreter_note: str = ""

    @property
    def configured(self) -> bool:
        return self.entry is not None and self.entry.command is not None

    @property
    def command(self) -> list[str]:
        if self.entry is not None and self.entry.command is not None:
            return [self.entry.command, *self.entry.args]
        return [self.options.python, *MODULE_ARGS]

    @property
    def server_env(self) -> dict[str, str]:
        """The entry's env; without a usable config, the DATA_* variables of this process."""
        if self.entry is not None:
            return dict(self.entry.env)
        return {k: v for k, v in self.options.env.items() if k.startswith("DATA_") or k == "PYTHONUNBUFFERED"}

    @property
    def process_env(self) -> dict[str, str]:
        return host_environment(self.server_env, self.options.env)

    def resolved(self, command: str) -> str | None:
        """The file the host runs for ``command`` (a bare name looked up on the server's PATH), or None."""
        return resolve_command(command, self.process_env)

    @property
    def argv(self) -> list[str]:
        """The command as the host runs it: a bare name replaced by what PATH finds (kept when it finds nothing)."""
        command, *args = self.command
        return [self.resolved(command) or command, *args]

    @property
    def redactor(self) -> Redactor:
        """Masks the config's key values and those of the environment the server gets."""
        base = self.validation.redactor if self.validation is not None else Redactor()
        envs = (self.server_env, self.options.env)
        return base.adding(value for env in envs for name, value in env.items() if is_secret_name(name))

    @property
    def where(self) -> str:
        if self.configured and self.assistant is not None:
            return f'server "{self.entry.name if self.entry else "?"}" in {self.assistant.config_file}'
        return f"this shell's environment (no usable config; checking {self.options.python})"

    def findings(self, prefix: str) -> list[Finding]:
        if self.validation is None:
            return []
        return [f for f in self.validation.findings if f.code.startswith(prefix)]


def _load(options: DoctorOptions) -> _Context:
    context = _Context(options)
    try:
        context.assistant = locate_assistant(options.host, options.assistant, options.env)
    except AssistantError as error:
        context.assistant_error = str(error)
        return context
    if not context.assistant.exists:
        return context
    try:
        text = read_config(context.assistant.config_file)
    except ConfigReadError as error:
        context.read_error = error.finding
        return context
    # Names in "command" are looked up on the PATH doctor was given, as the server gets it from the host.
    context.validation = validate_config(text, name=options.name, which=lambda name: resolve_command(name, options.env))
    entries = context.validation.entries
    if entries:
        preferred = [e for e in entries if e.name == (options.name or DEFAULT_SERVER_NAME)]
        context.entry = (preferred or list(entries))[0]
    return context


def _list(findings: list[Finding]) -> str:
    return "; ".join(f"{f.location} {f.message}" if f.line else f.message for f in findings)


def _fixes(findings: list[Finding]) -> str | None:
    return "; ".join(dict.fromkeys(f.hint for f in findings if f.hint)) or None


def _from_findings(name: str, findings: list[Finding], clean: str) -> Check:
    errors = [f for f in findings if f.is_error]
    if errors:
        return Check(name, "fail", _list(errors), _fixes(errors))
    if findings:
        return Check(name, "warn", _list(findings), _fixes(findings))
    return Check(name, "ok", clean)


# -- the checks, in the order they are reported ---------------------------------------------------


def _interpreter(context: _Context) -> InterpreterInfo | None:
    """Probe the configured Python once (shared by the python and package checks)."""
    if context.interpreter is not None:
        return context.interpreter
    command = context.command[0]
    stem = command_stem(command)
    if stem != "data-mcp" and not stem.startswith("python") and stem != "py":
        return None
    found = context.resolved(command)
    if found is None:
        context.interpreter = InterpreterInfo(command, error=_not_on_path(command))
        return context.interpreter
    context.interpreter_note = f" ({command} on PATH)" if found != command else ""
    if stem == "data-mcp":
        named = shebang_interpreter(found)  # "#!/usr/bin/env python3" names it; PATH finds it
        if named is None:
            return None
        python = context.resolved(named)
        if python is None:
            context.interpreter = InterpreterInfo(named, error=_not_on_path(named))
            return context.interpreter
        on_path = f"{named} on PATH, " if python != named else ""
        context.interpreter_note = f" ({on_path}the Python that {found}{context.interpreter_note} runs)"
        found = python
    context.interpreter = probe_interpreter(found, context.process_env, timeout=context.options.timeout)
    return context.interpreter


def _not_on_path(name: str) -> str:
    return (
        f"\"{name}\" is not found on the PATH the server is started with (this shell's; the host's own PATH is"
        " often shorter still)"
    )


def check_python(context: _Context) -> Check:
    """Python 3.10-3.14 behind the configured command."""
    info = _interpreter(context)
    if info is None:
        return Check(
            "python",
            "skip",
            f"{context.command[0]} is a launcher, not Python: the server-start check tells whether it works",
        )
    if info.error is not None:
        return Check(
            "python",
            "fail",
            info.error,
            "point command at an installed Python 3.10-3.14 (data-mcp config print shows one)",
        )
    low, high = SUPPORTED
    version = info.version or ()
    if not low <= version[:2] <= high:
        return Check(
            "python",
            "fail",
            f"{info.python}{context.interpreter_note} is Python {info.version_text}; data-pkg needs 3.10 to 3.14",
            "install a supported Python, install data-pkg[mcp] into it, and point command at it",
        )
    return Check("python", "ok", f"{info.python}{context.interpreter_note} is Python {info.version_text}")


def check_package(context: _Context) -> Check:
    """data_pkg and the mcp extra import in that Python."""
    info = _interpreter(context)
    if info is None or info.error is not None:
        return Check("package", "skip", "no Python to ask (see the python check)")
    install = f'"{info.python}" -m pip install "{requirement("mcp")}"'
    if info.data_pkg is None:
        return Check(
            "package",
            "fail",
            f"data_pkg does not import in {info.python}: {info.data_pkg_error or 'not installed'}"
            " (the host reports: MCP server not found / Failed to start)",
            install,
        )
    if info.mcp is None:
        return Check(
            "package",
            "fail",
            f"data_pkg {info.data_pkg} is installed in {info.python}, but without the mcp extra (no mcp package)",
            install,
        )
    return Check("package", "ok", f"data_pkg {info.data_pkg} with mcp {info.mcp} ({info.data_pkg_path})")


def check_config_location(context: _Context) -> Check:
    """The config file is where the host reads it."""
    if context.assistant is None:
        return Check("config-location", "fail", context.assistant_error or "no assistant", None)
    assistant = context.assistant
    host = context.options.host
    misplaced = [p for p in host.other_locations(assistant.name) if isinstance(p, Path) and p.is_file()]
    elsewhere = f"; a copy at {', '.join(map(str, misplaced))} is never read by the host" if misplaced else ""
    if not assistant.exists:
        fix = f"move it to {assistant.config_file}" if misplaced else "data-mcp config install creates it"
        return Check(
            "config-location",
            "fail",
            f"no config at {assistant.config_file}, where {assistant.name} reads it on {host.platform}{elsewhere}",
            fix,
        )
    how = {"option": "--assistant", "environment": "DATA_ASSISTANT", "discovered": "found on disk"}[assistant.source]
    detail = f"{assistant.config_file} ({assistant.name}, {how}; the {host.platform} location)"
    if misplaced:
        return Check("config-location", "warn", detail + elsewhere, "delete the stray copy to avoid confusion")
    return Check("config-location", "ok", detail)


def check_config_json(context: _Context) -> Check:
    """The file is strict JSON (the host refuses all of it otherwise: Invalid configuration)."""
    if context.read_error is not None:
        return Check("config-json", "fail", context.read_error.message, context.read_error.hint)
    if context.validation is None:
        return Check("config-json", "skip", "no config file to read")
    return _from_findings("config-json", context.findings("DC1"), "strict JSON")


def check_config_entry(context: _Context) -> Check:
    """The server entry: command, args, env, settings."""
    if context.validation is None or not context.validation.strict_json:
        return Check("config-entry", "skip", "no readable config")
    findings = context.findings("DC2")
    if context.entry is not None and not findings:
        entry = context.entry
        return Check("config-entry", "ok", f'server "{entry.name}": {" ".join(context.argv)}')
    return _from_findings("config-entry", findings, "entry looks right")


def check_server_start(context: _Context) -> Check:
    """The configured command answers initialize and tools/list within the bound."""
    argv = context.argv
    anchor = PurePath(context.options.host.home).anchor or None
    cwd = anchor if anchor and Path(anchor).is_dir() else None
    probe = probe_server(argv, context.process_env, timeout=context.options.timeout, cwd=cwd)
    started = f"started {' '.join(argv)} from {context.where}"
    if probe.ok:
        return Check("server-start", "ok", f"{probe.detail}; {started}")
    detail = f"{probe.detail}; {started}"
    if probe.setup_problem:
        detail += f". It says: {probe.setup_problem.strip()[:600]}"
    elif probe.stderr:
        detail += ". Its last log lines: " + " | ".join(probe.stderr[-5:])
    fix = (
        "fix the manifest or setting it names (data-mcp config validate shows where)"
        if probe.setup_problem
        else "run the command yourself to see its error; data-mcp config print shows a working entry"
    )
    return Check("server-start", "fail", detail, fix)


def _key(context: _Context) -> str | None:
    value = context.server_env.get("DATA_API_KEY", "").strip()
    return value or None


def check_key_set(context: _Context) -> Check:
    """DATA_API_KEY is set where the server reads it (the entry's env)."""
    if context.configured:
        findings = context.findings("DC3")
        if findings:
            return _from_findings("api-key-set", findings, "")
        return Check("api-key-set", "ok", f"DATA_API_KEY is in the entry's env ({mask_key(_key(context))})")
    key = _key(context)
    if key is None or is_placeholder(key):
        return Check(
            "api-key-set",
            "fail",
            "DATA_API_KEY is not set (no usable config, and not in this environment)",
            "export DATA_API_KEY=<your key>, then data-mcp config install",
        )
    return Check("api-key-set", "ok", f"DATA_API_KEY is set in this environment ({mask_key(key)})")


def check_key_valid(context: _Context) -> Check:
    """The key is accepted: GET {base_url}/stable/profile answers 200."""
    key = _key(context)
    if key is None or is_placeholder(key):
        return Check("api-key-valid", "skip", "no key to check (see api-key-set)")
    env = context.server_env
    if is_placeholder(env.get("DATA_BASE_URL", "")):
        return Check("api-key-valid", "skip", "no DATA_BASE_URL to check the key against (see config-entry)")
    result = check_key(env, timeout=context.options.timeout)
    status: CheckStatus = "ok" if result.status == "valid" else "warn" if result.ok else "fail"
    return Check("api-key-valid", status, f"{result.status}: {result.message}", result.fix)


def check_manifest(context: _Context) -> Check:
    """The manifest (or profile) resolves with the server's own resolver."""
    if context.configured:
        findings = context.findings("DC4")
        if findings:
            return _from_findings("manifest", findings, "")
    env = context.server_env
    source = source_from_env(env)
    resolution = resolve(source, env=env)
    if resolution.registry is None:
        errors = [str(d) for d in resolution.errors]
        return Check("manifest", "fail", "; ".join(errors), "data-mcp lint shows every problem with its position")
    what = f"manifest {source}" if source else "the default tool set (no DATA_MCP_MANIFEST)"
    warnings = [str(d) for d in resolution.warnings]
    count = len(resolution.registry.tools)
    if warnings:
        return Check("manifest", "warn", f"{what}: {count} tools; " + "; ".join(warnings), None)
    return Check("manifest", "ok", f"{what} resolves to {count} tools")


def check_logs(context: _Context) -> Check:
    """Where the host writes its logs on this system."""
    if context.assistant is None:
        return Check("logs", "info", "unknown until the assistant is known (pass --assistant NAME)")
    host = context.options.host
    folder = host.log_dir(context.assistant.name)
    name = context.entry.name if context.entry is not None else (context.options.name or DEFAULT_SERVER_NAME)
    exists = isinstance(folder, Path) and folder.is_dir()
    state = "" if exists else " (not created yet: the host creates it when it first starts a server)"
    return Check(
        "logs",
        "info",
        f"{folder}{state}: mcp.log for connections, mcp-server-{name}.log for this server's stderr"
        " (set DATA_LOG_LEVEL=DEBUG in env for details)",
    )


def check_restart(context: _Context) -> Check:
    """The reminder every setup needs."""
    who = context.assistant.name if context.assistant is not None else "the desktop assistant"
    return Check(
        "restart",
        "info",
        f"after any change to the config, quit {who} completely (from its menu or tray, not just its window)"
        " and start it again: it reads the config only at start",
    )


def _scrubbed(check: Check, redactor: Redactor) -> Check:
    fix = redactor.scrub(check.fix) if check.fix is not None else None
    return replace(check, detail=redactor.scrub(check.detail), fix=fix)


CHECKS: tuple[Callable[[_Context], Check], ...] = (
    check_python,
    check_package,
    check_config_location,
    check_config_json,
    check_config_entry,
    check_server_start,
    check_key_set,
    check_key_valid,
    check_manifest,
    check_logs,
    check_restart,
)


def run_doctor(
    options: DoctorOptions | None = None, *, on_check: Callable[[Check], object] | None = None
) -> DoctorReport:
    """Every check, run in order; ``on_check`` sees each as it finishes (the server start takes seconds)."""
    context = _load(options or DoctorOptions())
    redactor = context.redactor
    checks: list[Check] = []
    for check in CHECKS:
        result = _scrubbed(check(context), redactor)
        checks.append(result)
        if on_check is not None:
            on_check(result)
    assistant = context.assistant
    return DoctorReport(
        tuple(checks),
        assistant.name if assistant else None,
        str(assistant.config_file) if assistant else None,
    )

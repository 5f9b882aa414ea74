"""Findings about a config a host reads (a desktop assistant's, an editor's workspace file).

Each says what is wrong, where, and how to fix it.

Codes are grouped by hundreds and never renumbered or reused (docs and people's notes cite them):

- ``DC1xx`` the file is not strict JSON (the host then refuses all of it: "Invalid configuration");
- ``DC2xx`` the server entry: command, args, env, settings; and what only an editor's workspace
  file asks (DC215-DC217: ``type``, keys, ``inputs``);
- ``DC3xx`` the API key;
- ``DC4xx`` the manifest (``DATA_MCP_MANIFEST``).

A finding is a :class:`data_pkg.rules.Finding` without a file (a config is validated as text);
the commands name the file when they print it, and call the hint a fix.
"""

from __future__ import annotations

from dataclasses import replace

from data_pkg.rules import Finding, Rule, RuleTable

__all__ = ["CODES", "finding_json", "render_finding"]

CODES = RuleTable(
    Rule("DC101", "comment", "error", "comment (`//`, `/* */`, `#`): JSON has none"),
    Rule("DC102", "trailing-comma", "error", "trailing comma"),
    Rule("DC103", "single-quoted-string", "error", "single-quoted string"),
    Rule("DC104", "unquoted-key", "error", "unquoted key"),
    Rule(
        "DC105",
        "text-after-value",
        "error",
        "text after the end of the JSON value; the host says"
        " `Unexpected non-whitespace character after JSON at position N (line L column C)`",
    ),
    Rule(
        "DC106",
        "invalid-escape",
        "error",
        'invalid escape, usually single backslashes in a Windows path (`"C:\\Users\\me"`: `\\U` is not an escape)',
    ),
    Rule(
        "DC107",
        "garbled-path",
        "error",
        "a Windows path whose `\\n`, `\\t`, `\\b`, `\\f` or `\\r` silently became a control character",
    ),
    Rule(
        "DC108",
        "syntax",
        "error",
        "other syntax: missing comma, unclosed string or bracket, `NaN`, an invisible no-break space, an empty file",
    ),
    Rule("DC109", "byte-order-mark", "error", "byte-order mark at the start of the file"),
    Rule("DC110", "duplicate-key", "warning", "the same key twice in one object (the host keeps the last)"),
    Rule("DC111", "unreadable-file", "error", "the file cannot be read (missing, a folder, permissions, not UTF-8)"),
    Rule(
        "DC201",
        "no-servers",
        "error",
        "no top-level object with an `mcpServers` object (`servers` in the editor shape)",
    ),
    Rule("DC202", "no-entry", "error", "no entry that starts data-mcp (or none with `--name`)"),
    Rule(
        "DC203",
        "url-only",
        "error",
        "an entry with only a `url`: the host skips it as not a valid server configuration"
        " (a warning for another server's entry)",
    ),
    Rule("DC204", "no-command", "error", "`command` missing or not a string"),
    Rule(
        "DC205",
        "relative-command",
        "error",
        "`command` is a relative path (the host's working folder is not documented)",
    ),
    Rule(
        "DC206",
        "command-not-found",
        "error",
        "`command` not found (`Failed to spawn process: No such file or directory`): a path that does not exist,"
        " or a name not on `PATH`",
    ),
    Rule("DC207", "command-not-executable", "error", "`command` not executable"),
    Rule("DC208", "wrong-args", "error", "`args` do not start the server (a warning for launchers)"),
    Rule(
        "DC209", "env-not-strings", "error", '`env` is not an object of strings (`"PYTHONUNBUFFERED": 1` needs quotes)'
    ),
    Rule("DC210", "bad-base-url", "error", "`DATA_BASE_URL` missing, a placeholder, or not `http(s)://`"),
    Rule("DC211", "bad-setting", "error", "another `DATA_*` setting the server refuses (e.g. `DATA_VALIDATION_MODE`)"),
    Rule("DC212", "unbuffered", "warning", '`PYTHONUNBUFFERED` is not `"1"`'),
    Rule("DC213", "entry-not-object", "error", "a server entry is not an object"),
    Rule(
        "DC214",
        "command-on-path",
        "warning",
        "`command` is a name (`python3`) looked up on the host's `PATH`, which may differ from your shell's"
        " (says where this `PATH` finds it)",
    ),
    Rule(
        "DC215",
        "server-type",
        "error",
        'editor shape: our entry has no `type`, or one other than `"stdio"` (the editor then does not start the'
        " command)",
    ),
    Rule(
        "DC216",
        "unknown-key",
        "warning",
        "editor shape: a key the editor does not read, at the top of the file (only `servers` and `inputs`) or in"
        " our entry; it is ignored, so a misspelt `env` drops the key (says which key was probably meant)",
    ),
    Rule(
        "DC217",
        "bad-input",
        "error",
        "editor shape: `inputs` is not a list of objects with a string `type` and `id`, or an `${input:ID}` in our"
        " entry names no declared input",
    ),
    Rule("DC301", "key-missing", "error", "`DATA_API_KEY` missing from `env`"),
    Rule("DC302", "key-placeholder", "error", "`DATA_API_KEY` is a placeholder"),
    Rule("DC401", "relative-manifest", "error", "`DATA_MCP_MANIFEST` is a relative path"),
    Rule("DC402", "manifest-not-found", "error", "`DATA_MCP_MANIFEST` does not exist"),
    Rule(
        "DC403",
        "tool-set-does-not-resolve",
        "error",
        "the tool set does not resolve: the manifest's own `file:line:col` diagnostics, an unknown profile or"
        " naming style (the server's resolver, the same one `data-mcp lint` uses; a warning for its warnings)",
    ),
)
"""Every config code, by code (the code table of ``docs/desktop.md`` is generated from it)."""


def render_finding(found: Finding, file: str | None = None) -> str:
    """``file:line:col: error DC101: message`` and, on the next line, the fix."""
    where = replace(found, file=file).location
    text = f"{where + ': ' if where else ''}{found.severity} {found.code}: {found.message}"
    return text + (f"\n  fix: {found.hint}" if found.hint else "")


def finding_json(found: Finding) -> dict[str, object]:
    """The finding as ``config validate --json`` prints it: no file, the hint called ``fix``."""
    return {_JSON_NAMES.get(name, name): value for name, value in found.as_dict().items() if name not in _NOT_IN_JSON}


_JSON_NAMES = {"hint": "fix"}
_NOT_IN_JSON = {"file", "via"}  # a config is validated as text; it extends nothing

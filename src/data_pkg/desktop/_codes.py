"""The config codes, DC1xx-DC4xx: what ``data-mcp config validate`` and ``doctor`` report about a config a host reads.

Each rule is declared once, here, with everything about it: its code, slug, severity, the summary the
code table of ``docs/desktop.md`` shows, and a bad and a fixed config (:class:`~data_pkg.rules.Example`)
that the page shows as a diff and the tests validate (the bad one must report exactly its code, the fixed
one nothing). Codes are grouped by hundreds and never renumbered or reused (docs and people's notes cite
them):

- ``DC1xx`` the file is not strict JSON (the host then refuses all of it: "Invalid configuration");
- ``DC2xx`` the server entry: command, args, env, settings; and what only an editor's workspace
  file asks (DC215-DC217: ``type``, keys, ``inputs``);
- ``DC3xx`` the API key;
- ``DC4xx`` the manifest (``DATA_MCP_MANIFEST``).

A check reports a rule with :class:`~data_pkg.rules.Report` (``report.add(code, message, hint=..., at=node)``):
the strict JSON reading (``_strict_json``), the entry's checks (``_validate``, ``_editor``).

In an example, ``{python}`` (:data:`~data_pkg.rules.PYTHON`) stands for the Python that runs the check and
``{here}`` for the config's folder; an example named ``mcp.json`` is an editor's workspace file, any other
a desktop assistant's config. The fixed configs use the sandbox's address and its published key, ``demo``.
"""

from __future__ import annotations

from data_pkg.rules import Example, Rule, RuleTable, Snippet

__all__ = ["CODES", "EDITOR_FILE"]

_DESKTOP_FILE = "config.json"
EDITOR_FILE = "mcp.json"
"""The name of an example that is an editor's workspace file."""

_DESKTOP = """\
{
  "mcpServers": {
    "market-data": {
      "command": "{python}",
      "args": ["-m", "data_pkg.mcp"],
      "env": {
        "DATA_API_KEY": "demo",
        "DATA_BASE_URL": "http://127.0.0.1:8765",
        "PYTHONUNBUFFERED": "1"
      }
    }
  }
}
"""
"""A config the host starts the server from: the fixed side of most examples."""

_EDITOR = """\
{
  "servers": {
    "market-data": {
      "type": "stdio",
      "command": "{python}",
      "args": ["-m", "data_pkg.mcp"],
      "env": {
        "DATA_API_KEY": "${input:data-api-key}",
        "DATA_BASE_URL": "http://127.0.0.1:8765",
        "PYTHONUNBUFFERED": "1"
      }
    }
  },
  "inputs": [
    {"type": "promptString", "id": "data-api-key", "password": true}
  ]
}
"""
"""The same entry in an editor's workspace file, which prompts for the key."""

_URL_ONLY = '{\n  "mcpServers": {\n    "market-data": {"url": "http://127.0.0.1:8765/mcp"}\n  }\n}\n'
_NOT_OBJECT = '{\n  "mcpServers": {\n    "market-data": "{python} -m data_pkg.mcp"\n  }\n}\n'
_MANIFEST = "tools: [company.quote]\n"


def _with_manifest(path: str) -> str:
    """:data:`_DESKTOP` with ``DATA_MCP_MANIFEST`` set to ``path``."""
    return _DESKTOP.replace('"PYTHONUNBUFFERED"', f'"DATA_MCP_MANIFEST": "{path}",\n        "PYTHONUNBUFFERED"')


def _broken(
    good: str,
    bad: str,
    note: str = "",
    *,
    editor: bool = False,
    base: str | None = None,
    files: tuple[tuple[str, str], ...] = (),
    bad_files: tuple[tuple[str, str], ...] | None = None,
) -> Example:
    """A good config (``base``, else the desktop or editor one) with ``good`` written as ``bad``, and the good one."""
    text = base if base is not None else _EDITOR if editor else _DESKTOP
    if good not in text:
        raise ValueError(f"{good!r} is not in the config it breaks")
    name = EDITOR_FILE if editor else _DESKTOP_FILE
    wrong = Snippet(text.replace(good, bad, 1), name, files if bad_files is None else bad_files)
    return Example(wrong, Snippet(text, name, files), note)


CODES = RuleTable(
    Rule(
        "DC101",
        "comment",
        "error",
        "comment (`//`, `/* */`, `#`): JSON has none",
        example=_broken(
            '    "market-data": {',
            '    // the local server\n    "market-data": {',
            "JSON has no comments: say it in the entry's name, or nowhere.",
        ),
    ),
    Rule(
        "DC102",
        "trailing-comma",
        "error",
        "trailing comma",
        example=_broken('"PYTHONUNBUFFERED": "1"\n', '"PYTHONUNBUFFERED": "1",\n'),
    ),
    Rule(
        "DC103",
        "single-quoted-string",
        "error",
        "single-quoted string",
        example=_broken('"market-data"', "'market-data'"),
    ),
    Rule(
        "DC104",
        "unquoted-key",
        "error",
        "unquoted key",
        example=_broken('"mcpServers"', "mcpServers"),
    ),
    Rule(
        "DC105",
        "text-after-value",
        "error",
        "text after the end of the JSON value; the host says"
        " `Unexpected non-whitespace character after JSON at position N (line L column C)`",
        example=_broken("  }\n}\n", "  }\n}\n}\n", "Often a brace left over from pasting an entry in."),
    ),
    Rule(
        "DC106",
        "invalid-escape",
        "error",
        'invalid escape, usually single backslashes in a Windows path (`"C:\\Users\\me"`: `\\U` is not an escape)',
        example=_broken(
            '"{python}"',
            '"C:\\Users\\me\\python.exe"',
            "On Windows, write the path with forward slashes (C:/Users/me/python.exe) or double backslashes.",
        ),
    ),
    Rule(
        "DC107",
        "garbled-path",
        "error",
        "a Windows path whose `\\n`, `\\t`, `\\b`, `\\f` or `\\r` silently became a control character",
        example=_broken(
            '"{here}/new/tools.yaml"',
            '"C:\\new\\tools.yaml"',
            "The JSON is valid, but `\\n` and `\\t` in it are a line break and a tab: write forward slashes.",
            base=_with_manifest("{here}/new/tools.yaml"),
            files=(("new/tools.yaml", _MANIFEST),),
        ),
    ),
    Rule(
        "DC108",
        "syntax",
        "error",
        "other syntax: missing comma, unclosed string or bracket, `NaN`, an invisible no-break space, an empty file",
        example=_broken('["-m", "data_pkg.mcp"],', '["-m", "data_pkg.mcp"]'),
    ),
    Rule(
        "DC109",
        "byte-order-mark",
        "error",
        "byte-order mark at the start of the file",
        example=_broken(
            "{\n",
            "\ufeff{\n",
            "The bad file starts with an invisible byte-order mark, which some editors save on Windows.",
        ),
    ),
    Rule(
        "DC110",
        "duplicate-key",
        "warning",
        "the same key twice in one object (the host keeps the last)",
        example=_broken(
            '"PYTHONUNBUFFERED": "1"',
            '"PYTHONUNBUFFERED": "0",\n        "PYTHONUNBUFFERED": "1"',
            "The host keeps the last.",
        ),
    ),
    Rule(
        "DC111",
        "unreadable-file",
        "error",
        "the file cannot be read (missing, a folder, permissions, not UTF-8)",
        example=Example(
            Snippet(_DESKTOP.replace("market-data", "marché-data"), _DESKTOP_FILE, encoding="latin-1"),
            Snippet(_DESKTOP.replace("market-data", "marché-data"), _DESKTOP_FILE),
            "The bad file is saved as Latin-1; the host reads its config as UTF-8.",
        ),
    ),
    Rule(
        "DC201",
        "no-servers",
        "error",
        "no top-level object with an `mcpServers` object (`servers` in the editor shape)",
        example=_broken(
            '"mcpServers"', '"servers"', "servers is where an editor's workspace file keeps them (--shape editor)."
        ),
    ),
    Rule(
        "DC202",
        "no-entry",
        "error",
        "no entry that starts data-mcp (or none with `--name`)",
        example=_broken(
            '"market-data": {\n      "command": "{python}",\n      "args": ["-m", "data_pkg.mcp"]',
            '"notes": {\n      "command": "{python}",\n      "args": ["-m", "notes_server"]',
            "Another server's entry is left alone; the fix adds ours (data-mcp config install does).",
        ),
    ),
    Rule(
        "DC203",
        "url-only",
        "error",
        "an entry with only a `url`: the host skips it as not a valid server configuration"
        " (a warning for another server's entry)",
        example=Example(Snippet(_URL_ONLY, _DESKTOP_FILE), Snippet(_DESKTOP, _DESKTOP_FILE)),
    ),
    Rule(
        "DC204",
        "no-command",
        "error",
        "`command` missing or not a string",
        example=_broken('      "command": "{python}",\n', ""),
    ),
    Rule(
        "DC205",
        "relative-command",
        "error",
        "`command` is a relative path (the host's working folder is not documented)",
        example=_broken('"{python}"', '"venv/bin/python3"'),
    ),
    Rule(
        "DC206",
        "command-not-found",
        "error",
        "`command` not found (`Failed to spawn process: No such file or directory`): a path that does not exist,"
        " or a name not on `PATH`",
        example=_broken('"{python}"', '"/opt/python3.0/bin/python3"'),
    ),
    Rule(
        "DC207",
        "command-not-executable",
        "error",
        "`command` not executable",
        example=_broken(
            '"{python}"',
            '"{here}/python3"',
            "The bad command is a text file beside the config, not a program.",
            bad_files=(("python3", "not a program\n"),),
        ),
    ),
    Rule(
        "DC208",
        "wrong-args",
        "error",
        "`args` do not start the server (a warning for launchers)",
        example=_broken('["-m", "data_pkg.mcp"]', '["data_pkg.mcp"]'),
    ),
    Rule(
        "DC209",
        "env-not-strings",
        "error",
        '`env` is not an object of strings (`"PYTHONUNBUFFERED": 1` needs quotes)',
        example=_broken('"PYTHONUNBUFFERED": "1"', '"PYTHONUNBUFFERED": 1'),
    ),
    Rule(
        "DC210",
        "bad-base-url",
        "error",
        "`DATA_BASE_URL` missing, a placeholder, or not `http(s)://`",
        example=_broken('"http://127.0.0.1:8765"', '"127.0.0.1:8765"'),
    ),
    Rule(
        "DC211",
        "bad-setting",
        "error",
        "another `DATA_*` setting the server refuses (e.g. `DATA_VALIDATION_MODE`)",
        example=_broken('"PYTHONUNBUFFERED": "1"', '"DATA_VALIDATION_MODE": "loose",\n        "PYTHONUNBUFFERED": "1"'),
    ),
    Rule(
        "DC212",
        "unbuffered",
        "warning",
        '`PYTHONUNBUFFERED` is not `"1"`',
        example=_broken(',\n        "PYTHONUNBUFFERED": "1"', ""),
    ),
    Rule(
        "DC213",
        "entry-not-object",
        "error",
        "a server entry is not an object",
        example=Example(Snippet(_NOT_OBJECT, _DESKTOP_FILE), Snippet(_DESKTOP, _DESKTOP_FILE)),
    ),
    Rule(
        "DC214",
        "command-on-path",
        "warning",
        "`command` is a name (`python3`) looked up on the host's `PATH`, which may differ from your shell's"
        " (says where this `PATH` finds it)",
        example=_broken(
            '"{python}"', '"python3"', "A warning: the fix is the absolute path, which data-mcp config print shows."
        ),
    ),
    Rule(
        "DC215",
        "server-type",
        "error",
        'editor shape: our entry has no `type`, or one other than `"stdio"` (the editor then does not start the'
        " command)",
        example=_broken('      "type": "stdio",\n', "", editor=True),
    ),
    Rule(
        "DC216",
        "unknown-key",
        "warning",
        "editor shape: a key the editor does not read, at the top of the file (only `servers` and `inputs`) or in"
        " our entry; it is ignored, so a misspelt `env` drops the key (says which key was probably meant)",
        example=_broken('      "type": "stdio",\n', '      "type": "stdio",\n      "cwdir": "{here}",\n', editor=True),
    ),
    Rule(
        "DC217",
        "bad-input",
        "error",
        "editor shape: `inputs` is not a list of objects with a string `type` and `id`, or an `${input:ID}` in our"
        " entry names no declared input",
        example=_broken('"${input:data-api-key}"', '"${input:data-key}"', editor=True),
    ),
    Rule(
        "DC301",
        "key-missing",
        "error",
        "`DATA_API_KEY` missing from `env`",
        example=_broken('        "DATA_API_KEY": "demo",\n', ""),
    ),
    Rule(
        "DC302",
        "key-placeholder",
        "error",
        "`DATA_API_KEY` is a placeholder",
        example=_broken(
            '"demo"', '"<your API key>"', "The fixed file has the sandbox's published key, demo; put yours there."
        ),
    ),
    Rule(
        "DC401",
        "relative-manifest",
        "error",
        "`DATA_MCP_MANIFEST` is a relative path",
        example=_broken(
            '"{here}/desk.yaml"',
            '"./desk.yaml"',
            base=_with_manifest("{here}/desk.yaml"),
            files=(("desk.yaml", _MANIFEST),),
        ),
    ),
    Rule(
        "DC402",
        "manifest-not-found",
        "error",
        "`DATA_MCP_MANIFEST` does not exist",
        example=_broken(
            '"{here}/desk.yaml"',
            '"{here}/desk.yml"',
            base=_with_manifest("{here}/desk.yaml"),
            files=(("desk.yaml", _MANIFEST),),
        ),
    ),
    Rule(
        "DC403",
        "tool-set-does-not-resolve",
        "error",
        "the tool set does not resolve: the manifest's own `file:line:col` diagnostics, an unknown profile or"
        " naming style (the server's resolver, the same one `data-mcp lint` uses; a warning for its warnings)",
        example=_broken(
            '"analyst"',
            '"analysts"',
            "An unknown profile here; a manifest file's own findings are quoted with their file:line:col.",
            base=_with_manifest("analyst"),
        ),
    ),
)
"""Every config code, by code (the code table of ``docs/desktop.md`` is generated from it)."""

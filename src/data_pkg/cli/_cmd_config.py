"""``data-mcp config path|print|install|validate``: the desktop assistant's config file, or an editor's workspace file.

The work is in :mod:`data_pkg.desktop`; this module maps options to it and results to output
and exit codes: 0 done or clean, 1 findings (or an entry that exists without --force),
2 usage, an assistant that cannot be determined, or a file that cannot be read or parsed.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from data_pkg.cli._options import AssistantOption, JsonOption, ShapeOption

if TYPE_CHECKING:
    from data_pkg.desktop import Assistant, Shape
    from data_pkg.rules import Finding

CONFIG_HELP = """Set up a desktop assistant to start the local server (data-mcp).

The config is <assistant>_desktop_config.json in the assistant's folder: ~/Library/Application
Support/<assistant>/ on macOS, %APPDATA%\\<assistant>\\ on Windows, ~/.config/<assistant>/ on Linux.
The assistant is --assistant NAME, else DATA_ASSISTANT, else the one config file found there.
After any change, quit the assistant completely and start it again.

An editor keeps its servers in a workspace file instead ("servers", each with "type": "stdio"):
print, install and validate write and check that shape with --shape editor and the file's PATH.

\b
Examples:
  data-mcp config path --assistant Acme
  data-mcp config print
  data-mcp config install --assistant Acme --manifest ~/tools/desk.py
  data-mcp config validate
  data-mcp config install --shape editor ./ws/mcp.json
  data-mcp doctor
"""

NAME_HELP = "Server name in mcpServers (servers with --shape editor)."
MANIFEST_HELP = "Manifest file or profile name for DATA_MCP_MANIFEST (default: DATA_MCP_MANIFEST)."

ConfigPathArgument = Annotated[
    Optional[Path], typer.Argument(metavar="PATH", help="The config file (default: the assistant's).")
]

PATH_HELP = """Print where the desktop assistant's config file is (or will be).

Prints the path alone, so it composes: open "$(data-mcp config path)". With --logs, prints the
folder of the assistant's logs instead (mcp.log, mcp-server-<name>.log).

Exit status: 0, or 2 when the assistant cannot be determined.

\b
Examples:
  data-mcp config path --assistant Acme
  DATA_ASSISTANT=Acme data-mcp config path --logs
"""

PRINT_HELP = """Print the mcpServers entry that starts the local server.

With --shape editor, prints it as an editor's workspace file reads it: under "servers", with
"type": "stdio" first. --prompt-key puts ${input:data-api-key} in place of the key and declares
that input, so the editor prompts for the key and it never sits in the file.

The entry runs this Python (absolute path) with -m data_pkg.mcp and sets env: DATA_API_KEY,
DATA_BASE_URL, DATA_MCP_MANIFEST (absolute, forward slashes; a profile name as is) and
PYTHONUNBUFFERED=1, plus DATA_LOG_LEVEL, DATA_PLAN, DATA_VALIDATION_MODE, DATA_MCP_TOOL_NAME_STYLE
and path-segment variables when set. The key is printed as the placeholder "<your API key>"
unless --with-key is given: a key on a terminal ends up in scrollback and screen shares. To put
the key in the file without printing it, use data-mcp config install.

\b
Examples:
  data-mcp config print
  data-mcp config print --manifest analyst --name market-analyst
  data-mcp config print --manifest ./desk.py > entry.json
  data-mcp config print --shape editor
"""

INSTALL_HELP = """Add the server entry to the desktop assistant's config file.

Merges into the existing file: other servers and other keys stay as they are. Creates the file
(and its folder) when missing. Before changing a file, keeps a copy next to it
(<file>.<date-time>.bak). Writes atomically with mode 0600: the file holds DATA_API_KEY, taken from
the environment (or the placeholder when unset). Never overwrites a file that is not strict JSON.
Installs running at the same time wait for each other (a lock beside the file), so each adds its
entry. A config that is a symbolic link stays one: the file it points to is replaced.

PATH writes to that file instead of the assistant's. With --shape editor, PATH is the editor's
workspace file (required): the entry goes under "servers" with "type": "stdio"; other servers and
"inputs" stay as they are. A workspace folder is often shared: --prompt-key writes
${input:data-api-key} and declares that input instead of writing the key, so the editor prompts for it.

--dry-run writes nothing and shows the entry, with what config validate would find in it; where an
entry of that name exists, it says so and shows what --force would write. It exits as the real run
would.

Exit status: 0 installed and ready (or nothing to change), 1 an entry of that name exists (use
--force), or the entry is written but will not work yet: config validate finds an error in it (a
placeholder key or a manifest that is not there, say) or this Python lacks the mcp extra; 2 the
assistant cannot be determined, the file cannot be read or is not JSON, or another install kept it
locked for 30 s. With --dry-run, the status the real run would have.

\b
Examples:
  data-mcp config install --assistant Acme
  data-mcp config install --manifest ~/tools/desk.py --force
  data-mcp config install --dry-run
  data-mcp config install ./acme_desktop_config.json --name research
  data-mcp config install --shape editor ./ws/mcp.json
"""

VALIDATE_HELP = """Check a desktop assistant config strictly and explain every problem.

Reports, with line:col and a fix: comments, trailing commas, single quotes, unquoted keys, text
after the JSON value, invalid escapes and single backslashes in Windows paths (also the silent
kind, where \\n or \\t becomes a control character); a missing entry, an entry with only a url;
command missing, relative, not found or not executable, or a bare name (a warning: the host looks
it up on its own PATH, which may differ from yours); args that do not start the server; env that
is not strings; DATA_API_KEY or DATA_BASE_URL missing or a placeholder; the manifest relative,
missing or not linting clean (checked by the server's own resolver). Keys are never shown: the
value of any *_API_KEY or apikey field is masked as ****abcd.

PATH checks that file instead of the assistant's. With --shape editor, PATH is an editor's
workspace file (required); besides the entry it checks the file's keys (servers and inputs only),
inputs, and that the entry has "type": "stdio".

Exit status: 0 no errors (warnings allowed), 1 errors found, 2 usage or unreadable file.

\b
Examples:
  data-mcp config validate
  data-mcp config validate --assistant Acme --name market-data
  data-mcp config validate ~/Downloads/acme_desktop_config.json --json
  data-mcp config validate --shape editor ./ws/mcp.json
"""


def _fail(message: str, code: int = 2) -> typer.Exit:
    typer.echo(f"data-mcp config: {message}", err=True)
    return typer.Exit(code)


def _assistant(assistant: Optional[str]) -> Assistant:
    from data_pkg.desktop import AssistantError, Host, locate_assistant

    try:
        return locate_assistant(Host.current(), assistant)
    except AssistantError as error:
        raise _fail(str(error)) from None


def _shape(value: str) -> Shape:
    from data_pkg.desktop import shape_named

    try:
        return shape_named(value)
    except ValueError as error:
        raise _fail(f"--shape: {error}") from None


def _target(path: Optional[Path], assistant: Optional[str], shape: Shape) -> tuple[Path, Optional[Assistant]]:
    from data_pkg.desktop import DESKTOP

    if path is not None:
        return path.expanduser(), None
    if shape is not DESKTOP:
        # Only a desktop assistant's file has a known place; a workspace file is wherever the workspace is.
        raise _fail(
            f"--shape {shape.name} needs PATH: the workspace file your editor reads its MCP servers from"
            f" (data-mcp config install --shape {shape.name} PATH creates it)"
        )
    found = _assistant(assistant)
    if not isinstance(found.config_file, Path):  # pragma: no cover - only for a foreign system's paths
        raise _fail(f"{found.config_file} is not a path on this system")
    return found.config_file, found


def _entry(manifest: Optional[str], *, with_key: bool) -> dict[str, Any]:
    from data_pkg.desktop import server_entry

    return server_entry(os.environ, manifest=manifest, with_key=with_key)


PromptKeyOption = Annotated[
    bool,
    typer.Option(
        "--prompt-key",
        help="With --shape editor: have the editor prompt for DATA_API_KEY (an input it keeps) instead of"
        " writing the key into the workspace file.",
    ),
]


def _prompting(entry: dict[str, Any], shape: Shape, prompt_key: bool) -> dict[str, Any]:
    """``entry`` with the key's input reference in place of the key, when ``prompt_key`` (the editor shape only)."""
    if not prompt_key:
        return entry
    try:
        shape.key_input()
    except ValueError as error:
        raise _fail(f"--prompt-key: {error}; add --shape editor") from None
    entry["env"]["DATA_API_KEY"] = shape.key_reference()
    return entry


def _manifest_note(entry: dict[str, Any]) -> None:
    from data_pkg.toolsets import MANIFEST_ENV, is_profile_name

    value = entry["env"].get(MANIFEST_ENV)
    if value and not is_profile_name(value) and not Path(value).is_file():
        typer.echo(f"note: {MANIFEST_ENV} {value} does not exist (yet)", err=True)


def _missing_server_extra() -> str | None:
    """Why the entry would not start here: the Python it names lacks the ``mcp`` extra."""
    from data_pkg.extras import install_hint, missing_from_extra

    missing = missing_from_extra("mcp")
    if not missing:
        return None
    return (
        f"{sys.executable} has no mcp extra (missing: {', '.join(missing)}), so the server this entry starts"
        f" would exit at once; install it into this environment: {install_hint('mcp')}"
    )


def _findings_text(findings: tuple[Finding, ...] | list[Finding], file: str) -> str:
    from data_pkg.desktop import render_finding

    return "\n".join(render_finding(f, file) for f in findings)


def register(app: typer.Typer) -> None:
    """Add the ``config`` command group to ``app``."""
    config = typer.Typer(
        name="config",
        help=CONFIG_HELP,
        no_args_is_help=True,
        add_completion=False,
        rich_markup_mode=None,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    app.add_typer(config, name="config")

    @config.command("path", help=PATH_HELP)
    def path_command(
        assistant: AssistantOption = None,
        logs: Annotated[bool, typer.Option("--logs", help="Print the assistant's log folder instead.")] = False,
    ) -> None:
        from data_pkg.desktop import Host

        found = _assistant(assistant)
        if logs:
            typer.echo(str(Host.current().log_dir(found.name)))
            return
        typer.echo(str(found.config_file))
        if not found.exists:
            typer.echo("note: the file does not exist yet; data-mcp config install creates it", err=True)

    @config.command("print", help=PRINT_HELP)
    def print_command(
        name: Annotated[str, typer.Option("--name", "-n", help=NAME_HELP)] = "market-data",
        manifest: Annotated[Optional[str], typer.Option("--manifest", "-m", help=MANIFEST_HELP)] = None,
        with_key: Annotated[
            bool, typer.Option("--with-key", help="Print DATA_API_KEY itself instead of the placeholder.")
        ] = False,
        shape_name: ShapeOption = "desktop",
        prompt_key: PromptKeyOption = False,
    ) -> None:
        from data_pkg.desktop import BASE_URL_PLACEHOLDER, DESKTOP

        shape = _shape(shape_name)
        entry = _prompting(_entry(manifest, with_key=with_key and not prompt_key), shape, prompt_key)
        typer.echo(json.dumps(shape.document(name, entry, prompt_key=prompt_key), indent=2, ensure_ascii=False))
        key_set = bool(os.environ.get("DATA_API_KEY", "").strip())
        if prompt_key:
            pass  # the editor asks for the key: nothing to replace, nothing withheld
        elif not key_set:
            typer.echo('note: DATA_API_KEY is not set: replace "<your API key>" with your key', err=True)
        elif not with_key:
            typer.echo(
                "note: DATA_API_KEY is set but not printed; pass --with-key to print it, or run"
                f" data-mcp config install{shape.flag}{'' if shape is DESKTOP else ' PATH'}, which writes it into the"
                " file (mode 0600)",
                err=True,
            )
        if entry["env"]["DATA_BASE_URL"] == BASE_URL_PLACEHOLDER:
            typer.echo("note: DATA_BASE_URL is not set: replace the placeholder with the API address", err=True)
        _manifest_note(entry)

    @config.command("install", help=INSTALL_HELP)
    def install_command(
        path: ConfigPathArgument = None,
        assistant: AssistantOption = None,
        name: Annotated[str, typer.Option("--name", "-n", help=NAME_HELP)] = "market-data",
        manifest: Annotated[Optional[str], typer.Option("--manifest", "-m", help=MANIFEST_HELP)] = None,
        force: Annotated[bool, typer.Option("--force", help="Replace an existing entry of the same name.")] = False,
        dry_run: Annotated[bool, typer.Option("--dry-run", help="Show what would change; write nothing.")] = False,
        shape_name: ShapeOption = "desktop",
        prompt_key: PromptKeyOption = False,
    ) -> None:
        from data_pkg.desktop import DESKTOP, InstallRefusedError, install_entry, mask_key, validate_config

        shape = _shape(shape_name)
        target, found = _target(path, assistant, shape)
        entry = shape.entry(_prompting(_entry(manifest, with_key=not prompt_key), shape, prompt_key))
        inputs = [shape.key_input()] if prompt_key else []
        refused: InstallRefusedError | None = None
        try:
            try:
                result = install_entry(target, name, entry, force=force, dry_run=dry_run, shape=shape, inputs=inputs)
            except InstallRefusedError as error:
                if not (dry_run and error.reason == "exists"):
                    raise
                # A dry run shows what --force would write, and says the real run stops without it.
                refused = error
                result = install_entry(target, name, entry, force=True, dry_run=True, shape=shape, inputs=inputs)
        except InstallRefusedError as error:
            details = _findings_text(error.findings, str(target))
            raise _fail(
                f"{target}: {error}" + (f"\n{details}" if details else ""),
                1 if error.reason == "exists" else 2,
            ) from None
        except OSError as error:  # a folder that cannot be created, a full disk: the old file is intact
            why = f"could not write {error.filename or target}: {error.strerror or error}"
            raise _fail(f"{target}: {why}; the config is unchanged") from None
        key = entry["env"]["DATA_API_KEY"]
        key_set = not prompt_key and bool(os.environ.get("DATA_API_KEY", "").strip())
        no_server = _missing_server_extra()
        # What config validate will say about the written entry: the same for a dry run, which must
        # report what the real run would (a missing manifest, DC402, included) and exit as it would.
        validation = validate_config(result.text, name=name, shape=shape)
        who = found.name if found is not None else "the desktop assistant" if shape is DESKTOP else shape.host
        if dry_run:
            shown = json.loads(json.dumps(entry))
            if key_set:
                shown["env"]["DATA_API_KEY"] = mask_key(key)
            verb = "create" if result.created else "replace the entry in" if result.replaced else "add to"
            if refused is not None:
                typer.echo(f"Dry run: nothing written. Without --force the install stops here: {refused}.")
                verb = "replace the entry in"
                typer.echo(f"With --force it would {verb} {target}:")
            else:
                typer.echo(f"Dry run: nothing written. Would {verb} {target}:")
            typer.echo(json.dumps({name: shown}, indent=2, ensure_ascii=False))
            if result.others:
                typer.echo(f"Other servers kept as they are: {', '.join(result.others)}")
            if validation.findings:
                typer.echo(
                    f"data-mcp config validate would report:\n{_findings_text(validation.findings, str(target))}"
                )
            if no_server:
                typer.echo(f"warning: {no_server}", err=True)
            if not validation.ok or no_server:
                typer.echo(
                    "The real install would write the entry, but it would not work until the problems above are fixed."
                )
            raise typer.Exit(1 if refused is not None or not validation.ok or no_server else 0)
        if result.unchanged:
            typer.echo(f'{target} already has this "{name}" entry; nothing to change.')
        else:
            how = "Created" if result.created else "Replaced" if result.replaced else "Added"
            link = f", a link to {result.written}, which stays a link" if target.is_symlink() else ""
            typer.echo(f'{how} server "{name}" in {target}{link} (mode 0600).')
            if result.backup is not None:
                typer.echo(f"Backup of the previous file: {result.backup}")
            if result.others:
                typer.echo(f"Other servers kept as they are: {', '.join(result.others)}")
        typer.echo(
            f"DATA_API_KEY: {key}, an input {who} prompts for; the key is not in the file"
            if prompt_key
            else f"DATA_API_KEY: {mask_key(key)} from the environment"
            if key_set
            else "DATA_API_KEY: placeholder written (not set in the environment): put your key in the file"
        )
        if key_set and shape is not DESKTOP:
            # A workspace file sits in a project folder, which is often shared through version control.
            typer.echo(f"note: {target} holds your key: keep it out of version control (list it in your ignore file)")
        if validation.findings:
            typer.echo(f"data-mcp config validate reports:\n{_findings_text(validation.findings, str(target))}")
        if no_server:
            typer.echo(f"warning: {no_server}", err=True)
        if not validation.ok or no_server:
            # Written, yet the assistant could not use it: say so in the exit status too.
            typer.echo(
                f"The entry is written but will not work until the problems above are fixed; then restart {who}."
            )
            raise typer.Exit(1)
        if shape is DESKTOP:
            typer.echo(
                f"Now quit {who} completely (not just its window) and start it again: it reads the config at start."
            )
        else:
            typer.echo(f"Now open the workspace in {who} (or reload it) and start the server from its list of servers.")

    @config.command("validate", help=VALIDATE_HELP)
    def validate_command(
        path: ConfigPathArgument = None,
        assistant: AssistantOption = None,
        name: Annotated[Optional[str], typer.Option("--name", "-n", help="Check only this server entry.")] = None,
        as_json: JsonOption = False,
        shape_name: ShapeOption = "desktop",
    ) -> None:
        from data_pkg.desktop import ConfigReadError, finding_json, read_config, render_finding, validate_config

        shape = _shape(shape_name)
        target, _ = _target(path, assistant, shape)
        try:
            text = read_config(target)
        except ConfigReadError as error:
            if as_json:
                typer.echo(json.dumps({"file": str(target), "ok": False, "findings": [finding_json(error.finding)]}))
                raise typer.Exit(2) from None
            raise _fail(render_finding(error.finding, str(target))) from None
        validation = validate_config(text, name=name, shape=shape)
        errors = sum(f.is_error for f in validation.findings)
        warnings = len(validation.findings) - errors
        if as_json:
            payload = {
                "file": str(target),
                "shape": shape.name,
                "ok": validation.ok,
                "strict_json": validation.strict_json,
                "servers": {e.name: validation.tool_counts.get(e.name) for e in validation.entries},
                "findings": [finding_json(f) for f in validation.findings],
            }
            typer.echo(json.dumps(payload, indent=2, ensure_ascii=False))
        else:
            if validation.findings:
                typer.echo(_findings_text(validation.findings, str(target)))
            if errors or warnings:
                typer.echo(f"{target}: {errors} error(s), {warnings} warning(s)")
            else:
                servers = ", ".join(
                    f'"{e.name}" ({validation.tool_counts.get(e.name, "?")} tools)' for e in validation.entries
                )
                typer.echo(f"{target}: no problems found; server {servers}")
        raise typer.Exit(0 if validation.ok else 1)

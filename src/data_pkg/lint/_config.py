"""Repository configuration: ``[tool.data-mcp]`` in ``pyproject.toml``, or a ``.data-mcp.toml``.

Found by looking in the working directory and then upwards, stopping at the repository root (the folder
holding ``.git``); in one folder ``.data-mcp.toml`` wins over ``pyproject.toml``, and a ``pyproject.toml``
without a ``[tool.data-mcp]`` table does not count. The keys (the same in both files; in
``.data-mcp.toml`` they sit at the top level):

.. code-block:: toml

    [tool.data-mcp]
    paths = ["mcp/manifests"]         # what lint and lock check when no PATH is given
    disable = ["DM502"]               # codes never reported
    severity = { DM505 = "warning" }  # a rule's severity: error, warning or info
    max_tokens = 8000                 # tool-list budget of manifests that set no max_tokens
    dependents = true                 # lint the manifests that extend a linted one (default)

The errors the server enforces (DM1xx–DM4xx errors) can be neither disabled nor downgraded: the server
refuses such a manifest whatever lint says. Everything else can.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from data_pkg.files import byte_position, read_regular
from data_pkg.lint._inputs import LintInputError
from data_pkg.lint._repo import repository_root
from data_pkg.lint._rules import all_rules
from data_pkg.rules import SEVERITIES, Severity
from data_pkg.suggest import suggest
from data_pkg.toolsets import RULES

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib

CONFIG_FILE = ".data-mcp.toml"
TABLE = "data-mcp"
KEYS = ("paths", "disable", "severity", "max_tokens", "dependents")


@dataclass(frozen=True)
class LintConfig:
    """The repository's lint settings; the defaults when no file sets them."""

    source: Path | None = None
    """The file the settings come from (None: defaults)."""
    paths: tuple[Path, ...] = ()
    """Default PATHs, resolved against the file's folder."""
    disable: frozenset[str] = frozenset()
    severity: Mapping[str, Severity] = field(default_factory=lambda: MappingProxyType({}))
    max_tokens: int | None = None
    dependents: bool = True

    @property
    def root(self) -> Path | None:
        """The folder the settings apply to: the configuration file's."""
        return None if self.source is None else self.source.parent

    def settle(self, code: str, severity: Severity) -> Severity | None:
        """The severity a finding of ``code`` is reported with; None when the rule is disabled."""
        if code in self.disable:
            return None
        return self.severity.get(code, severity)


def enforced(code: str) -> bool:
    """Whether ``code`` is an error the server enforces (it can be neither disabled nor downgraded)."""
    rule = RULES.get(code)
    return rule is not None and rule.severity == "error"


def _fail(source: Path, message: str) -> LintInputError:
    return LintInputError(f"{source}: {message}")


def _code(source: Path, where: str, value: object) -> str:
    known = all_rules()
    if not isinstance(value, str) or value not in known:
        close = suggest(value, known) if isinstance(value, str) else None
        raise _fail(source, f"{where}: {value!r} is not a rule code" + (f" ({close})" if close else ""))
    if enforced(value):
        raise _fail(
            source,
            f"{where}: {value} is an error the server enforces: it cannot be disabled or downgraded"
            " (fix the manifest instead)",
        )
    return value


def _parse(source: Path, table: Mapping[str, Any], where: str) -> LintConfig:
    for key in table:
        if key not in KEYS:
            close = suggest(key, KEYS)
            hint = close or f"known keys: {', '.join(KEYS)}"
            raise _fail(source, f"{where}: unknown key {key!r} ({hint})")
    folder = source.parent
    paths = table.get("paths", [])
    if not isinstance(paths, list) or not all(isinstance(p, str) and p.strip() for p in paths):
        raise _fail(source, f"{where}.paths must be a list of paths, relative to {source.name}")
    disable = table.get("disable", [])
    if not isinstance(disable, list):
        raise _fail(source, f'{where}.disable must be a list of codes, like ["DM502"]')
    severity = table.get("severity", {})
    if not isinstance(severity, dict):
        raise _fail(source, f'{where}.severity must be a table of code = severity, like {{ DM505 = "warning" }}')
    levels: dict[str, Severity] = {}
    for code, level in severity.items():
        checked = _code(source, f"{where}.severity", code)
        if level not in SEVERITIES:
            raise _fail(source, f"{where}.severity.{code}: {level!r} is not one of {', '.join(SEVERITIES)}")
        levels[checked] = level
    budget = table.get("max_tokens")
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, int) or budget < 1):
        raise _fail(source, f"{where}.max_tokens must be a positive whole number of tokens, not {budget!r}")
    dependents = table.get("dependents", True)
    if not isinstance(dependents, bool):
        raise _fail(source, f"{where}.dependents must be true or false")
    return LintConfig(
        source=source,
        paths=tuple(folder / p for p in paths),
        disable=frozenset(_code(source, f"{where}.disable", c) for c in disable),
        severity=MappingProxyType(levels),
        max_tokens=budget,
        dependents=dependents,
    )


MAX_CONFIG_BYTES = 1 << 20
"""Settings are a few lines; reading stops past this (a link to a device would never end)."""

_LONG_NUMBER = re.compile(r"[0-9][0-9_]{64,}")


def _read(path: Path) -> dict[str, Any]:
    """The TOML document at ``path``; every way it can be wrong is a :class:`LintInputError` naming where."""
    try:
        data = read_regular(path, limit=MAX_CONFIG_BYTES)
    except OSError as error:
        raise _fail(path, f"cannot read: {error.strerror or error}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line, col = byte_position(data, error.start)
        bad = f"line {line}, column {col}: not UTF-8 text (byte 0x{data[error.start]:02X}); save the file as UTF-8"
        raise _fail(path, bad) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise _fail(path, f"not valid TOML: {error}") from None
    except RecursionError:
        deep = "arrays or tables nested too deeply to read (the settings need two levels)"
        raise _fail(path, deep) from None
    except ValueError:  # a number with more digits than Python converts (4,300 since 3.11)
        long = _LONG_NUMBER.search(text)
        where = "" if long is None else f"line {text.count(chr(10), 0, long.start()) + 1}: "
        raise _fail(path, f"{where}a number far too long to be a setting (max_tokens is a few thousand)") from None


def config_at(folder: Path) -> LintConfig | None:
    """The settings a configuration file in ``folder`` holds; None when it has none."""
    dedicated = folder / CONFIG_FILE
    if dedicated.is_file():
        return _parse(dedicated, _read(dedicated), CONFIG_FILE)
    pyproject = folder / "pyproject.toml"
    if pyproject.is_file():
        tools = _read(pyproject).get("tool", {})
        table = tools.get(TABLE) if isinstance(tools, dict) else None
        if table is not None:
            if not isinstance(table, dict):
                raise _fail(pyproject, f"[tool.{TABLE}] must be a table")
            return _parse(pyproject, table, f"[tool.{TABLE}]")
    return None


def load_config(start: Path | None = None) -> LintConfig:
    """The settings for a run from ``start`` (default: the working directory); defaults when none are found.

    Raises :class:`LintInputError` (a usage error) for a file that is not valid TOML or sets an
    unknown key, an unknown code, or a code the server enforces.
    """
    folder = (start or Path.cwd()).resolve()
    stop = repository_root(folder)
    for candidate in (folder, *folder.parents):
        found = config_at(candidate)
        if found is not None:
            return found
        if candidate == stop:
            break
    return LintConfig()

"""Optional extras (``mcp``, ``sandbox``, ``redis``, ``hosted``): which are installed, and the one line to say so.

What each extra needs is read from the installed distribution's metadata, so ``pyproject.toml``
stays the only list. A command that cannot run without an extra ends with that line and exit
status 2, never with a traceback.
"""

from __future__ import annotations

import re
import sys
from importlib import metadata
from typing import NoReturn

from data_pkg._version import __version__

__all__ = ["REPOSITORY", "exit_for_missing_extra", "install_hint", "missing_from_extra", "require_extra", "requirement"]

DISTRIBUTION = "data-pkg"
REPOSITORY = "https://github.com/data-pkg/data-pkg"
"""Where data-pkg's source is: it is not published on a package index, so pip installs it from here by URL."""
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
_EXTRA = re.compile(r"""extra\s*==\s*["']([^"']+)["']""")


def missing_from_extra(extra: str) -> list[str]:
    """The distributions ``extra`` lists that are not installed here (empty when data-pkg has no metadata)."""
    try:
        requirements = metadata.requires(DISTRIBUTION) or []
    except metadata.PackageNotFoundError:  # run from a source tree without an install: nothing to compare
        return []
    missing = []
    for requirement in requirements:
        spec, _, marker = requirement.partition(";")
        named = _EXTRA.search(marker)
        if named is None or named.group(1) != extra or not _applies(marker):
            continue
        name = _NAME.match(spec.strip())
        if name is None:  # pragma: no cover - metadata pip wrote always starts with a name
            continue
        try:
            metadata.distribution(name.group(0))
        except metadata.PackageNotFoundError:
            missing.append(name.group(0))
    return missing


def _applies(marker: str) -> bool:
    # Only python_version conditions appear beside extras in our metadata; any other we keep.
    version = re.search(r"""python_version\s*(>=|<)\s*["'](\d+)\.(\d+)["']""", marker)
    if version is None:
        return True
    wanted = (int(version.group(2)), int(version.group(3)))
    return sys.version_info[:2] >= wanted if version.group(1) == ">=" else sys.version_info[:2] < wanted


def requirement(extra: str) -> str:
    """data-pkg with ``extra``, from its repository at this version's tag: what pip can install (no index has it)."""
    return f"{DISTRIBUTION}[{extra}] @ git+{REPOSITORY}@v{__version__}"


def install_hint(extra: str) -> str:
    """The command that installs ``extra`` into this environment, from the repository by URL and from a clone."""
    return f'pip install "{requirement(extra)}" (from a clone: pip install ".[{extra}]")'


def _line(prog: str, what: str, extra: str, missing: list[str]) -> str:
    return (
        f"{prog}: {what} needs the {extra} extra, which is not installed in this environment"
        f" (missing: {', '.join(missing)}): {install_hint(extra)}"
    )


def require_extra(extra: str, prog: str, what: str) -> None:
    """End the command with one line and exit status 2 when ``extra`` is not installed."""
    missing = missing_from_extra(extra)
    if missing:
        print(_line(prog, what, extra, missing), file=sys.stderr)
        raise SystemExit(2)


def exit_for_missing_extra(error: ModuleNotFoundError, extra: str, prog: str, what: str) -> NoReturn:
    """Turn an import that failed for want of ``extra`` into one line and exit 2; re-raise anything else.

    For start-up paths that must stay fast: the metadata is read only after an import failed.
    """
    missing = missing_from_extra(extra)
    if not missing:
        raise error
    print(_line(prog, what, extra, missing), file=sys.stderr)
    raise SystemExit(2) from None

"""Where a desktop assistant keeps its config file and its logs, per operating system.

The layout follows the spec: the config is ``<assistant>_desktop_config.json`` in

- macOS: ``~/Library/Application Support/<assistant>/``
- Windows: ``%APPDATA%\\<assistant>\\``
- Linux and every other system: ``~/.config/<assistant>/``

and the host's logs are in ``~/Library/Logs/<assistant>/`` (macOS) or the ``logs`` folder of the
config directory (Windows, Linux). No assistant is named here: the name comes from the caller
(``--assistant``), from ``DATA_ASSISTANT``, or from the config files already on disk.

Casing rule: the directory is the assistant's name as given (``Acme``); the file name is that
name in lowercase (``acme_desktop_config.json``). When a directory with the same name in another
case already exists (``acme`` on a case-sensitive disk), that directory is used, and a config
file already in it is used whatever the case of its name.

Every path is computed from a :class:`Host` (platform, home, ``APPDATA``), so tests cover all
three systems on one machine; paths of the running system's flavour are concrete ``Path``
objects, the others pure paths.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path, PurePath, PurePosixPath, PureWindowsPath
from typing import Literal

from data_pkg.errors import ConfigurationError

__all__ = [
    "ASSISTANT_ENV",
    "CONFIG_SUFFIX",
    "Assistant",
    "AssistantError",
    "Host",
    "Platform",
    "config_file_name",
    "locate_assistant",
]

Platform = Literal["macos", "windows", "linux"]

ASSISTANT_ENV = "DATA_ASSISTANT"
"""Environment variable naming the desktop assistant when ``--assistant`` is not given."""

CONFIG_SUFFIX = "_desktop_config.json"


def config_file_name(assistant: str) -> str:
    """``<assistant in lowercase>_desktop_config.json``."""
    return f"{assistant.lower()}{CONFIG_SUFFIX}"


def platform_of(sys_platform: str) -> Platform:
    """The spec's system family for a ``sys.platform`` value; anything unknown counts as Linux."""
    if sys_platform == "darwin":
        return "macos"
    if sys_platform in ("win32", "cygwin"):
        return "windows"
    return "linux"


@dataclass(frozen=True)
class Host:
    """The machine whose desktop assistant is being set up: its system, home and ``APPDATA``."""

    platform: Platform
    home: str
    appdata: str | None = None

    @classmethod
    def current(cls, env: Mapping[str, str] | None = None) -> Host:
        """This machine: ``sys.platform``, the home directory and ``APPDATA`` from ``env``."""
        environ = os.environ if env is None else env
        return cls(platform_of(sys.platform), str(Path.home()), environ.get("APPDATA") or None)

    @property
    def native(self) -> bool:
        """Whether paths of this host can be opened here (same path flavour as the running system)."""
        return (self.platform == "windows") == (os.name == "nt")

    def path(self, *parts: str | PurePath) -> PurePath:
        """A path of this host's flavour: concrete when :attr:`native`, pure otherwise."""
        if self.native:
            return Path(*parts)
        return PureWindowsPath(*parts) if self.platform == "windows" else PurePosixPath(*parts)

    def apps_dir(self) -> PurePath:
        """The folder that holds one folder per application (the parent of ``<assistant>/``)."""
        if self.platform == "macos":
            return self.path(self.home, "Library", "Application Support")
        if self.platform == "windows":
            return self.path(self.appdata) if self.appdata else self.path(self.home, "AppData", "Roaming")
        return self.path(self.home, ".config")

    def config_dir(self, assistant: str) -> PurePath:
        """``<apps_dir>/<assistant>``, or an existing folder whose name differs only in case."""
        check_name(assistant)
        apps = self.apps_dir()
        exact = apps / assistant
        if self.native and not Path(exact).is_dir() and Path(apps).is_dir():
            for child in sorted(Path(apps).iterdir()):
                if child.is_dir() and child.name.lower() == assistant.lower():
                    return child
        return exact

    def config_file(self, assistant: str) -> PurePath:
        """The config file of ``assistant``: an existing one in its folder, else the lowercase name."""
        folder = self.config_dir(assistant)
        wanted = config_file_name(assistant)
        if self.native and Path(folder).is_dir():
            for child in sorted(Path(folder).iterdir()):
                if child.name.lower() == wanted and child.is_file():
                    return child
        return folder / wanted

    def log_dir(self, assistant: str) -> PurePath:
        """Where the host writes ``mcp.log`` and ``mcp-server-<name>.log``."""
        if self.platform == "macos":
            return self.path(self.home, "Library", "Logs", assistant)
        return self.config_dir(assistant) / "logs"

    def other_locations(self, assistant: str) -> tuple[PurePath, ...]:
        """Places a config file is sometimes put by mistake: other systems' folders, the home folder."""
        name = config_file_name(assistant)
        home = self.path(self.home)
        candidates = [
            home / name,
            home / ".config" / assistant / name,
            home / "Library" / "Application Support" / assistant / name,
            home / "AppData" / "Roaming" / assistant / name,
        ]
        right = self.config_file(assistant)
        return tuple(path for path in candidates if str(path).lower() != str(right).lower())


def check_name(assistant: str) -> str:
    """``assistant`` when it can be a folder name; :class:`AssistantError` otherwise."""
    bad = not assistant.strip() or assistant in (".", "..") or any(ch in assistant for ch in "/\\:")
    if bad or assistant != assistant.strip() or not assistant.isprintable():
        raise AssistantError(
            f"assistant name {assistant!r} cannot be a folder name: give the name of the assistant's folder,"
            " e.g. --assistant Acme"
        )
    return assistant


class AssistantError(ConfigurationError):
    """The desktop assistant cannot be determined: not given and not found, or found several times."""


@dataclass(frozen=True)
class Assistant:
    """A desktop assistant and its config file (which may not exist yet)."""

    name: str
    config_file: PurePath
    source: Literal["option", "environment", "discovered"]

    @property
    def exists(self) -> bool:
        """Whether the config file exists (False when the host is not this machine's system)."""
        return isinstance(self.config_file, Path) and self.config_file.is_file()


def discover(host: Host) -> tuple[Assistant, ...]:
    """Every ``*_desktop_config.json`` one level below the host's applications folder."""
    apps = host.apps_dir()
    if not host.native or not Path(apps).is_dir():
        return ()
    found = []
    for folder in sorted(Path(apps).iterdir(), key=lambda p: p.name.lower()):
        if not folder.is_dir():
            continue
        configs = sorted(p for p in folder.glob(f"*{CONFIG_SUFFIX}") if p.is_file())
        if configs:
            preferred = [p for p in configs if p.name.lower() == config_file_name(folder.name)]
            found.append(Assistant(folder.name, (preferred or configs)[0], "discovered"))
    return tuple(found)


def locate_assistant(host: Host, explicit: str | None = None, env: Mapping[str, str] | None = None) -> Assistant:
    """The assistant to work on: ``explicit`` (``--assistant``), else ``DATA_ASSISTANT``, else the one found on disk.

    Raises :class:`AssistantError` when none is given and none or several config files are found.
    """
    environ = os.environ if env is None else env
    if explicit is not None and explicit.strip():
        return Assistant(explicit, host.config_file(check_name(explicit)), "option")
    named = environ.get(ASSISTANT_ENV, "").strip()
    if named:
        return Assistant(named, host.config_file(check_name(named)), "environment")
    found = discover(host)
    where = f"{host.apps_dir() / '*' / ('*' + CONFIG_SUFFIX)}"
    if len(found) == 1:
        return found[0]
    if not found:
        raise AssistantError(
            f"no desktop assistant config found (looked for {where}): pass --assistant NAME, the name of the"
            f" assistant's folder in {host.apps_dir()}, or set {ASSISTANT_ENV}=NAME;"
            " `data-mcp config install --assistant NAME` creates the file"
        )
    listed = "; ".join(f"{a.name} ({a.config_file})" for a in found)
    raise AssistantError(
        f"several desktop assistant configs found: {listed}. Pass --assistant NAME or set {ASSISTANT_ENV}=NAME"
        " to pick one"
    )

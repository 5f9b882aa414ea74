"""Which sections of report.json are stale: the code they describe has changed since they were measured.

Each section's measurement records the commit it ran on and a hash of every source file it depends on: the
files its entry modules import, followed through ``src/`` (every import form: absolute or relative, inside a
function, ``import_module`` with a literal name; a package's ``__init__`` counts for each module in it), and the
benchmark code that measures it. A file changed, added or removed since makes the section stale.

The rule (``benchmarks/report.py --check-stale``, and ``tests/test_benchmark_report.py``): a stale section is a
warning, since a hash cannot tell a refactoring from a change of behaviour and figures are measured again on a
quiet machine, not in CI; but a figure that another page states (:data:`QUOTED`) fails the check once a file
it is computed from has changed since its section was measured.
"""

from __future__ import annotations

import functools
import hashlib
import subprocess
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime, timezone

from tests.support import imported_modules

from . import BY_NAME, Section
from .common import HERE, ROOT, Figures

SRC = ROOT / "src"
SHARED = ("benchmarks/sections/__init__.py", "benchmarks/sections/common.py")


@dataclass(frozen=True)
class Quoted:
    """A figure of report.json that a page other than docs/benchmarks.md states."""

    page: str
    figure: str
    section: str
    inputs: tuple[str, ...]
    """The files that decide it (the quantity's own code and how it is counted, not everything upstream of it: an
    endpoint's new description moves the tool list's size a little, not the estimate's distance from o200k)."""


QUOTED = (
    Quoted(
        "docs/server.md",
        "the token bound's overcount against o200k (median and worst) and that it undercounts no answer",
        "answers",
        ("src/data_pkg/answers/_tokens.py", "benchmarks/answers.py", "benchmarks/o200k.py"),
    ),
    Quoted(
        "docs/server.md",
        "the o200k tokens of five years of daily prices as compact JSON",
        "answers",
        ("src/data_pkg/sandbox/_prices.py", "src/data_pkg/answers/_render.py", "benchmarks/answers.py"),
    ),
    Quoted(
        "docs/cli.md",
        "how far the bytes / 4 estimate of each profile's tool list is from o200k, and the minimal list's exact count",
        "start",
        ("src/data_pkg/toolsets/_cost.py", "benchmarks/server.py", "benchmarks/o200k.py"),
    ),
)


@functools.cache
def module_file(name: str) -> str | None:
    """The repository path of module ``name`` under ``src/``, or None if it is not the project's."""
    base = SRC.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path.relative_to(ROOT).as_posix()
    return None


def with_parents(name: str) -> Iterator[str]:
    """``a.b.c``, then ``a.b`` and ``a``: importing a module runs each package's ``__init__`` above it."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        yield ".".join(parts[:end])


@functools.cache
def imported(name: str, path: str) -> tuple[str, ...]:
    """The modules (and their packages) that module ``name``, at ``path``, may import."""
    package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    found = imported_modules(ROOT / path, package)  # every import form, as the layering tests read them
    return tuple({parent for _, module in found for parent in with_parents(module)})


def closure(entries: Iterable[str]) -> set[str]:
    """The repository paths of ``entries`` and everything they import under ``src/``, transitively."""
    seen: set[str] = set()
    todo = [parent for entry in entries for parent in with_parents(entry)]
    while todo:
        name = todo.pop()
        path = module_file(name)
        if path is not None and path not in seen:
            seen.add(path)
            todo += imported(name, path)
    return seen


def sources(section: Section) -> list[str]:
    """Every file ``section``'s figures depend on: its code under ``src/`` and the benchmark code that measures it."""
    bench = HERE.relative_to(ROOT).as_posix()
    own = [f"{bench}/sections/{section.name}.py", *SHARED, *(f"{bench}/{script}" for script in section.scripts)]
    return sorted(closure(section.entries) | set(own))


def digest(data: bytes) -> str:
    """A short content hash."""
    return hashlib.sha256(data).hexdigest()[:16]


def fingerprint(paths: Iterable[str], read: Callable[[str], bytes | None] | None = None) -> dict[str, str]:
    """Each path's hash, read from the working tree (or by ``read``; a file it cannot read is left out)."""
    reader = read or (lambda path: (ROOT / path).read_bytes())
    found = {path: reader(path) for path in paths}
    return {path: digest(data) for path, data in found.items() if data is not None}


def head() -> str:
    """The commit checked out (short), or ``unknown`` outside a git checkout."""
    done = subprocess.run(["git", "rev-parse", "--short=7", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    return done.stdout.strip() or "unknown"


def edited(paths: list[str]) -> bool:
    """Whether any of ``paths`` differs from the commit checked out (uncommitted changes were measured)."""
    done = subprocess.run(["git", "diff", "--quiet", "HEAD", "--", *paths], cwd=ROOT, capture_output=True)
    return done.returncode == 1


def record(section: Section, mode: str) -> Figures:
    """What a measurement of ``section`` records about the code it measured (``+changes``: with uncommitted ones)."""
    paths = sources(section)
    return {
        "commit": head() + ("+changes" if edited(paths) else ""),
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d"),
        "mode": mode,
        "sources": fingerprint(paths),
    }


def changes(section: Section, measured: Figures) -> dict[str, str]:
    """Each file that changed since ``measured`` was taken: ``changed``, ``added`` (a new dependency) or ``removed``."""
    recorded: dict[str, str] = measured.get("sources", {})
    now = fingerprint(sources(section), lambda path: (ROOT / path).read_bytes() if (ROOT / path).is_file() else None)
    found = {path: "changed" for path in now.keys() & recorded.keys() if now[path] != recorded[path]}
    found |= dict.fromkeys(now.keys() - recorded.keys(), "added")
    found |= dict.fromkeys(recorded.keys() - now.keys(), "removed")
    return dict(sorted(found.items()))


@dataclass(frozen=True)
class Verdict:
    """What the check found: warnings (stale sections) and failures (quoted figures from stale code)."""

    warnings: list[str]
    failures: list[str]


def check(results: Figures) -> Verdict:
    """Every section of ``results`` against the code as it is now."""
    measured: Figures = results.get("measured", {})
    warnings, failures = [], []
    stale: dict[str, dict[str, str]] = {}
    for name in (n for n in BY_NAME if results.get(n)):
        if name not in measured:
            failures.append(f"{name}: report.json does not say what it was measured against; measure it again")
            continue
        stale[name] = changes(BY_NAME[name], measured[name])
        if stale[name]:
            warnings.append(stale_line(name, measured[name], stale[name]))
    failures += [quoted_line(q, stale[q.section]) for q in QUOTED if set(q.inputs) & set(stale.get(q.section, {}))]
    return Verdict(warnings, failures)


def stale_line(name: str, measured: Figures, changed: dict[str, str]) -> str:
    """One stale section, the commit it describes and the files changed since."""
    files = "".join(f"\n    {path} ({how})" for path, how in changed.items())
    return f"{name}: measured at {measured['commit']} ({measured['date']}); {len(changed)} file(s) since:{files}"


def quoted_line(q: Quoted, changed: dict[str, str]) -> str:
    """A quoted figure computed from files that have changed since."""
    files = ", ".join(sorted(set(q.inputs) & set(changed)))
    return (
        f"{q.page} states {q.figure}, from section {q.section}, and {files} changed since it was measured: "
        f"rerun `benchmarks/report.py --only {q.section}` and update {q.page}"
    )

"""Lint benchmark: 200 varied manifests, linted in-process and by the ``data-mcp lint`` command.

Run: ``.venv/bin/python benchmarks/lint.py [--count 200] [--runs 7] [--output results/lint.json]``.
Manifests are generated into a temporary folder: a third each of Python, YAML and JSON; about
half extend a built-in profile (so the profile is re-read for each), the rest pick tools, patterns,
exclusions, overrides with fixed arguments, prefixes and tier limits. Every one lints clean of
errors, so the figure is the cost of a full resolution, not of an early exit.

Figures (medians over ``--runs``): ``lint_paths`` over the folder in a warm process; the same with
a cold process (``python -c`` importing and linting once, minus interpreter start-up); and the
whole command, ``data-mcp lint FOLDER``, wall time including start-up. The target is 1 s for 200.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from data_pkg.catalog import ENDPOINTS  # noqa: E402
from data_pkg.lint import lint_paths  # noqa: E402

PROFILES = ("analyst", "quant", "news", "minimal")
TIERS = ("starter", "premium", "ultimate")


def _tools(i: int) -> list[str]:
    """A varied handful of live, basic-tier tools that need no configured path segment."""
    usable = [e.spec for e in ENDPOINTS if e.is_tool_candidate and e.status == "live" and not e.segments]
    step = 7 + i % 5
    return [usable[(i * 13 + k * step) % len(usable)] for k in range(3 + i % 6)]


def manifest(i: int) -> dict[str, object]:
    """The fields of manifest number ``i`` (YAML/JSON spelling)."""
    fields: dict[str, object] = {"description": f"Desk {i}: generated for the lint benchmark."}
    tools = _tools(i)
    if i % 2 == 0:
        fields["extends"] = [PROFILES[i % len(PROFILES)]]
    fields["tools"] = tools
    if i % 3 == 0:
        fields["include"] = ["tag:calendar"] if i % 2 else ["technical.*"]
    if i % 4 == 1:
        fields["max_tier"] = TIERS[i % len(TIERS)]
    if i % 5 == 0:
        fields["prefix"] = "d" + str(i)
    if i % 3 == 1:
        fields["name_style"] = "snake"
    if i % 4 == 2:
        fields["overrides"] = {tools[0]: {"description": f"Tool zero of desk {i}."}}
    return fields


def _python(fields: dict[str, object]) -> str:
    lines = [f'"""{fields["description"]}"""', ""]
    lines += [f"{name.upper()} = {value!r}" for name, value in fields.items() if name != "description"]
    return "\n".join(lines) + "\n"


def _yaml(fields: dict[str, object]) -> str:
    # JSON is YAML; one key per line keeps it looking like a hand-written file.
    return "".join(f"{name}: {json.dumps(value)}\n" for name, value in fields.items())


def generate(folder: Path, count: int) -> None:
    """Write ``count`` manifests into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(count):
        fields = manifest(i)
        kind = i % 3
        if kind == 0:
            (folder / f"desk{i:03}.py").write_text(_python(fields), encoding="utf-8")
        elif kind == 1:
            (folder / f"desk{i:03}.yaml").write_text(_yaml(fields), encoding="utf-8")
        else:
            (folder / f"desk{i:03}.json").write_text(json.dumps(fields, indent=2) + "\n", encoding="utf-8")


def timed(fn: Callable[[], object], runs: int) -> list[float]:
    """Wall times of ``runs`` calls."""
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return samples


class NotCleanError(Exception):
    """The generated manifests did not lint clean of errors."""


def measure(count: int, runs: int, *, cold: bool = True) -> tuple[dict[str, object], dict[str, list[float]]]:
    """Figures for ``count`` generated manifests, and the raw samples (seconds) behind them.

    Samples: ``warm`` (``lint_paths`` in this process), ``cli`` (``data-mcp lint FOLDER``, when the
    command is installed), and with ``cold`` also ``empty`` and ``cold`` (fresh interpreters).
    Raises :class:`NotCleanError` when the generated manifests have errors.
    """
    command = shutil.which("data-mcp", path=str(Path(sys.executable).parent))
    samples: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "manifests"
        generate(folder, count)
        report = lint_paths([folder], env={})
        errors = [str(f) for f in report.findings if f.severity == "error"]
        if len(report.files) != count or errors:
            raise NotCleanError(f"generated manifests do not lint clean: {len(report.files)} files, {errors[:3]}")
        samples["warm"] = timed(lambda: lint_paths([folder], env={}), runs)
        figures: dict[str, object] = {
            "manifests": count,
            "findings": len(report.findings),
            "in_process_warm_s": statistics.median(samples["warm"]),
        }
        if cold:
            code = f"from data_pkg.lint import lint_paths; lint_paths([{str(folder)!r}], env={{}})"
            run = [sys.executable, "-c"]
            samples["empty"] = timed(lambda: subprocess.run([*run, "pass"], check=True, timeout=60), runs)
            samples["cold"] = timed(lambda: subprocess.run([*run, code], check=True, timeout=120), runs)
            figures["in_process_cold_s"] = statistics.median(samples["cold"]) - statistics.median(samples["empty"])
        figures["runs"] = runs
        if command is not None:
            lint = [command, "lint", str(folder)]
            samples["cli"] = timed(lambda: subprocess.run(lint, check=True, capture_output=True, timeout=120), runs)
            figures["cli_wall_s"] = statistics.median(samples["cli"])
    return figures, samples


def main(argv: list[str] | None = None) -> int:
    """Generate, check, time; print the figures (and write them with ``--output``)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--output", type=Path, help="write the figures as JSON here")
    args = parser.parse_args(argv)
    try:
        figures, _ = measure(args.count, args.runs)
    except NotCleanError as problem:
        print(problem, file=sys.stderr)
        return 1
    for name, value in figures.items():
        print(f"{name:>20}: {value:.3f}" if isinstance(value, float) else f"{name:>20}: {value}")
    if args.output is not None:
        args.output.parent.mkdir(parents=True, exist_ok=True)
        args.output.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

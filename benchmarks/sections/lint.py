"""Section ``lint``: lint time against the number of manifests, in-process and the ``data-mcp lint`` command.

Reuses ``lint.py`` (the benchmark). On the page: *Lint*.
"""

from __future__ import annotations

from typing import Any

from .common import Add, Figures, Run, say, stats
from .text import Page, fmt_s, span

LINT_COUNTS = (10, 50, 100, 200)
LINT_200_S = 1.0


def measure(run: Run) -> list[Figures]:
    """Each folder size, warm in-process and as the command."""
    import lint as lint_bench

    out = []
    for count in LINT_COUNTS:
        say(f"  lint: {count} manifests")
        figures, samples = lint_bench.measure(count, run.plan.lint_runs, cold=False)
        row: dict[str, Any] = {"manifests": count, "findings": figures["findings"], "warm_s": stats(samples["warm"])}
        if "cli" in samples:
            row["cli_s"] = stats(samples["cli"])
        out.append(row)
    return out


def targets(lint: list[Figures], add: Add) -> None:
    """200 manifests within the target, by the slower of the two ways where the command was measured."""
    row = next((x for x in lint if x["manifests"] == 200), None)
    if not row:
        return
    cli = row.get("cli_s")
    figure = f"in-process {fmt_s(row['warm_s']['median'])}"
    if cli:
        figure += f"; `data-mcp lint` command {fmt_s(cli['median'])} (with interpreter start)"
    worst = cli["median"] if cli else row["warm_s"]["median"]
    add(f"lint of 200 manifests ≤ {LINT_200_S:g} s", figure, worst <= LINT_200_S, "")


def page(lint: list[Figures], p: Page) -> None:
    """*Lint*."""
    p.w("## Lint\n")
    p.w(
        "**What:** linting a folder of generated manifests (a third each Python, YAML and JSON; about half "
        "extend a built-in profile, the rest pick tools, patterns, exclusions, overrides, prefixes and tier "
        "limits; all lint clean of errors, so each is resolved in full). Two figures: `lint_paths` called in a "
        "process that has already imported it, and the `data-mcp lint FOLDER` command, wall time including "
        "interpreter start. **Rerun:** `benchmarks/report.py --only lint` (or `benchmarks/lint.py --count N`).\n"
    )
    p.w("| Manifests | In-process, median (min–max) | `data-mcp lint`, median (min–max) | In-process per manifest |")
    p.w("|---|---|---|---|")
    for row in lint:
        cli = span(row["cli_s"], fmt_s) if "cli_s" in row else "not installed"
        per = row["warm_s"]["median"] / row["manifests"] * 1e3
        p.w(f"| {row['manifests']} | {span(row['warm_s'], fmt_s)} | {cli} | {per:.2f} ms |")
    p.w(f"\n{lint[0]['warm_s']['n']} runs each.\n")
    p.image("bench-lint-vs-manifests.png", "Line chart of lint seconds against number of manifests")

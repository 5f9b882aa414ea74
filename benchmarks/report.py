"""Performance report: every benchmark in one run, written to JSON, plotted, and written up as docs.

Run: ``.venv/bin/python benchmarks/report.py [--quick] [--only SECTION ...] [--render-only] [--check-stale]
[--compare "ENV=VALUE /path/python -m module"]`` (plots need the ``bench`` extra: ``pip install -e ".[bench]"``).

Writes ``benchmarks/results/report.json``, the plots ``docs/img/bench-*.png`` and ``docs/benchmarks.md``.
A full run takes a few minutes on the project machine (2 cores), ``--quick`` about one; ``--only`` reruns
some sections and keeps the others from the last ``report.json``; ``--render-only`` measures nothing and
redraws the plots and the page from ``report.json``; ``--check-stale`` says which sections' code has changed
since they were measured (see ``sections/stale.py`` for when that fails). Everything runs on this machine and on
loopback only, and every wait has a deadline. No figure's timing is asserted by the test suite; what is asserted
(``tests/test_benchmark_report.py``) is that the page is report.json rendered and that no other page quotes a
figure of code changed since it was measured.

Each section is a module of ``sections/`` (what it measures, its targets, its part of the page); ``sections/plots.py``
draws, ``sections/page.py`` writes the page. This file only runs them.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Sequence
from contextlib import ExitStack

from sections import NAMES, SECTIONS, targets
from sections.common import FULL, IMG, PAGE, QUICK, REPORT, ROOT, Figures, Plan, Run, Sandbox, machine, say
from sections.page import render
from sections.stale import check, record


def measure(names: Sequence[str], plan: Plan, compare: str | None, results: Figures) -> None:
    """Measure each named section into ``results``, with what it was measured against."""
    mode = "quick" if plan.quick else "full"
    with ExitStack() as stack:
        run = Run(plan, Sandbox(stack), compare)
        for section in (s for s in SECTIONS if s.name in names):
            began = time.perf_counter()
            say(f"{section.name} ...")
            results[section.name] = section.measure(run)
            results.setdefault("measured", {})[section.name] = record(section, mode)
            results.get("notes", {}).pop(section.name, None)  # a note describes the figures it came with
            say(f"{section.name}: {time.perf_counter() - began:.1f} s")


def remeasure(options: argparse.Namespace, previous: Figures) -> Figures:
    """Measure the sections asked for; keep the others, and the last whole run's facts, from ``previous``."""
    plan = QUICK if options.quick else FULL
    whole = not options.only
    results = dict(previous) if not whole else {k: previous[k] for k in ("notes",) if k in previous}
    began = time.perf_counter()
    facts = machine()
    measure(options.only or NAMES, plan, options.compare, results)
    if whole:  # the page states the machine and the time of a whole run
        facts["load_average_at_end"] = round(os.getloadavg()[0], 2)
        results |= {"machine": facts, "mode": "quick" if options.quick else "full"}
        results["elapsed_s"] = time.perf_counter() - began
    results["targets"] = targets(results)
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n")
    return results


def check_stale(results: Figures) -> int:
    """Print the stale sections (a warning) and the quoted figures from stale code (a failure)."""
    verdict = check(results)
    for line in verdict.warnings:
        say(f"stale: {line}")
    for line in verdict.failures:
        say(f"error: {line}")
    stale = len(verdict.warnings)
    print(f"{stale} of {len(NAMES)} sections stale (a warning), {len(verdict.failures)} quoted figure(s) failing")
    return 1 if verdict.failures else 0


def write(results: Figures) -> None:
    """Draw the plots and write the page (its kept sections taken from the page as it is)."""
    from sections.plots import draw

    results["targets"] = targets(results)
    images = draw(results, IMG)
    old = PAGE.read_text(encoding="utf-8") if PAGE.is_file() else ""
    PAGE.write_text(render(results, NAMES, images, IMG, old), encoding="utf-8")
    for t in results["targets"]:
        say(f"{t['status']:>14}  {t['target']}: {t['figure']}")
    say(f"wrote {REPORT.relative_to(ROOT)}, {PAGE.relative_to(ROOT)} and {len(images)} plots in docs/img")


def main(argv: Sequence[str] | None = None) -> int:
    """Measure, then draw and write; or only draw and write; or only check for staleness."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (about a minute)")
    parser.add_argument("--only", nargs="+", choices=NAMES, help="measure these sections; keep the rest")
    parser.add_argument("--render-only", action="store_true", help="measure nothing; redraw from report.json")
    parser.add_argument("--check-stale", action="store_true", help="which sections' code changed since measured")
    parser.add_argument("--compare", help='another stdio server: "ENV=VALUE /path/to/python -m module" (not stored)')
    options = parser.parse_args(argv)
    previous: Figures = json.loads(REPORT.read_text()) if REPORT.is_file() else {}
    if (options.render_only or options.check_stale) and not previous:
        parser.error(f"{REPORT} does not exist yet: run without --render-only first")
    if options.check_stale:
        return check_stale(previous)
    write(previous if options.render_only else remeasure(options, previous))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

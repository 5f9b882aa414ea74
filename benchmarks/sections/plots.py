"""Every plot of the performance report, drawn from report.json into ``docs/img`` (needs the ``bench`` extra).

One function per plot; :func:`draw` draws those the results have figures for and returns their file names.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from call_cpu import HOSTED_TARGET, STDIO_P50_TARGET

from . import cpu
from .calls import PATHS
from .common import STICK, Figures
from .lint import LINT_200_S
from .reload import RELOAD_DEPTH_SIZE, RELOAD_P95_MS
from .start import BYTES_PER_TOOL, RSS_ABOVE_FLOOR_MB, START_ABOVE_FLOOR_S
from .text import fmt_us

OURS, THEIRS, ACCENT, TARGET = "#2f6db3", "#999999", "#d9822b", "#c0392b"
LABEL_BOX = {"facecolor": "white", "edgecolor": "none", "pad": 1.0}
STYLE: dict[Any, Any] = {
    "font.size": 11,
    "axes.titlesize": 13,
    "axes.labelsize": 11,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "figure.dpi": 110,
}


class Canvas:
    """matplotlib, set up once, and the plots saved so far."""

    def __init__(self, img: Path) -> None:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        plt.rcParams.update(STYLE)
        self.plt: Any = plt
        self.img = img
        self.written: list[str] = []

    def figure(self, width: float, height: float) -> tuple[Any, Any]:
        """A new figure and its axes."""
        return self.plt.subplots(figsize=(width, height))  # type: ignore[no-any-return]

    def save(self, fig: Any, name: str) -> None:
        """Twice the pixels of the figure's size; the page shows it at half its width, sharp on dense screens."""
        fig.tight_layout()
        fig.savefig(self.img / name, dpi=2 * self.plt.rcParams["figure.dpi"])
        self.plt.close(fig)
        self.written.append(name)


def errs(items: Sequence[dict[str, float]], low: str = "min", high: str = "max") -> list[list[float]]:
    """Error bars from each median down to ``low`` and up to ``high``."""
    return [[s["median"] - s[low] for s in items], [s[high] - s["median"] for s in items]]


def set_names(sets: Figures) -> list[str]:
    """Each set's label with its tool count (on a second line where the name is long)."""
    return [f"{k}{' ' if len(k) < 20 else chr(10)}({sets[k]['tools']} tools)" for k in sets]


def set_colors(sets: Figures) -> list[str]:
    """data-mcp's sets in its colour, the measuring stick in grey."""
    return [THEIRS if k == STICK else OURS for k in sets]


def floor_lines(ax: Any, floor: float, above: float, unit: str, vertical: bool = True) -> None:
    """The SDK floor and the target above it, as dashed lines."""
    line = ax.axvline if vertical else ax.axhline
    shown = f"{floor:.2f} s" if unit == "s" else f"{floor:.0f} MB"
    line(floor, color=ACCENT, linestyle="--", label=f"SDK import floor ({shown})")
    line(floor + above, color=TARGET, linestyle=":", label=f"target: floor + {above:g} {unit}")


def start_by_set(r: Figures, c: Canvas) -> None:
    """Seconds from spawn to a complete tools/list, per set."""
    sets = r["start"]["sets"]
    floor_s = r["start"]["floor"]["start_s"]["median"]
    fig, ax = c.figure(8.5, 5.0)
    values = [s["start_s"] for s in sets.values()]
    y = range(len(sets))
    ax.barh(y, [v["median"] for v in values], xerr=errs(values), color=set_colors(sets), capsize=3)
    ax.set_yticks(list(y), set_names(sets))
    ax.invert_yaxis()
    floor_lines(ax, floor_s, START_ABOVE_FLOOR_S, "s")
    xmax = max(v["max"] for v in values) * 1.18
    for i, v in enumerate(values):
        ax.text(v["max"] + xmax * 0.015, i, f"{v['median']:.2f} s", va="center", fontsize=10, bbox=LABEL_BOX)
    ax.set_xlabel("seconds, spawn → complete tools/list (median; bar = min–max)")
    ax.set_title("Server start per tool set")
    ax.set_xlim(0, xmax)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=2, fontsize=9, frameon=False)
    c.save(fig, "bench-start-by-set.png")


def context_by_set(r: Figures, c: Canvas) -> None:
    """tools/list size per set, with bytes per tool and tokens."""
    sets = r["start"]["sets"]
    fig, ax = c.figure(8.5, 4.6)
    sizes = [s["tools_list_bytes"] / 1000 for s in sets.values()]
    y = range(len(sets))
    ax.barh(y, sizes, color=set_colors(sets))
    ax.set_yticks(list(y), set_names(sets))
    ax.invert_yaxis()
    for i, s in enumerate(sets.values()):
        label = f"{sizes[i]:.0f} KB · {s['bytes_per_tool']} B/tool · {s['tokens'] / 1000:.1f}K tokens"
        ax.text(sizes[i] + max(sizes) * 0.01, i, label, va="center", fontsize=9)
    ax.set_xlim(0, max(sizes) * 1.75)
    ax.set_xlabel("tools/list result size (KB; tokens counted with o200k)")
    ax.set_title("Context cost of the tool list per set")
    c.save(fig, "bench-context-by-set.png")


def rss_by_set(r: Figures, c: Canvas) -> None:
    """Idle memory per set against the floor's."""
    sets = r["start"]["sets"]
    fig, ax = c.figure(8.5, 5.0)
    rss = [s["rss_mb"] for s in sets.values()]
    floor_mb = r["start"]["floor"]["rss_mb"]["median"]
    xmax = max(max(v["max"] for v in rss), floor_mb + RSS_ABOVE_FLOOR_MB) * 1.4
    y = range(len(sets))
    ax.barh(y, [v["median"] for v in rss], xerr=errs(rss), color=set_colors(sets), capsize=3)
    ax.set_yticks(list(y), set_names(sets))
    ax.invert_yaxis()
    floor_lines(ax, floor_mb, RSS_ABOVE_FLOOR_MB, "MB")
    for i, v in enumerate(rss):
        label = f"{v['median']:.0f} MB ({v['median'] - floor_mb:+.0f} MB vs floor)"
        ax.text(v["max"] + xmax * 0.015, i, label, va="center", fontsize=10, bbox=LABEL_BOX)
    ax.set_xlim(0, xmax)
    ax.set_xlabel("MB resident (VmRSS) after tools/list, idle; median, bar = min–max")
    ax.set_title("Server memory at idle per tool set")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=2, fontsize=9, frameon=False)
    c.save(fig, "bench-rss-by-set.png")


def start_vs_tools(r: Figures, c: Canvas) -> None:
    """Start time against the manifest's tool count, with the floor where the start section has it."""
    scaling = r["scaling"]
    counts = [row["tools"] for row in scaling]
    fig, ax = c.figure(8, 4.6)
    values = [row["start_s"] for row in scaling]
    ax.errorbar(counts, [v["median"] for v in values], yerr=errs(values), marker="o", color=OURS, capsize=4,
                label="data-mcp (median, bar = min–max)")  # fmt: skip
    if r.get("start"):
        floor_lines(ax, r["start"]["floor"]["start_s"]["median"], START_ABOVE_FLOOR_S, "s", vertical=False)
    ax.set_ylim(0, max(v["max"] for v in values) * 1.5)
    ax.set_xlabel("tools in the manifest")
    ax.set_ylabel("seconds, spawn → complete tools/list")
    ax.set_title("Server start against tool count")
    ax.set_xticks(counts)
    ax.legend(loc="lower right", fontsize=9)
    c.save(fig, "bench-start-vs-tools.png")


def size_vs_tools(r: Figures, c: Canvas) -> None:
    """tools/list size against the manifest's tool count, with the bytes-per-tool target."""
    scaling = r["scaling"]
    counts = [row["tools"] for row in scaling]
    fig, ax = c.figure(8, 4.6)
    sizes = [row["tools_list_bytes"] / 1000 for row in scaling]
    ax.plot(counts, sizes, marker="o", color=OURS, label="measured tools/list size")
    ax.plot(counts, [n * BYTES_PER_TOOL / 1000 for n in counts], color=TARGET, linestyle=":",
            label=f"target: {BYTES_PER_TOOL} B per tool")  # fmt: skip
    for n, size, row in zip(counts, sizes, scaling, strict=True):
        ax.annotate(f"{row['tokens'] / 1000:.1f}K tokens", (n, size), textcoords="offset points",
                    xytext=(6, -14), fontsize=9)  # fmt: skip
    ax.set_xlabel("tools in the manifest")
    ax.set_ylabel("tools/list result size (KB)")
    ax.set_title("Tool list size against tool count")
    ax.set_xticks(counts)
    ax.legend(loc="upper left", fontsize=9)
    c.save(fig, "bench-size-vs-tools.png")


RELOAD_SERIES = (
    ("by_size", "tools", "tools in the manifest (no extends)", "bench-reload-vs-size.png",
     "Hot reload latency against manifest size"),
    ("by_depth", "depth", f"extends depth (YAML files chained; {RELOAD_DEPTH_SIZE} tools in the deepest)",
     "bench-reload-vs-depth.png", "Hot reload latency against extends depth"),
)  # fmt: skip


def reload_series(r: Figures, c: Canvas) -> None:
    """Reload p50 and p95 against manifest size, and against extends depth."""
    for key, x_key, xlabel, name, title in RELOAD_SERIES:
        rows = r["reload"][key]
        xs = [row[x_key] for row in rows]
        fig, ax = c.figure(8, 4.6)
        ax.plot(xs, [row["p50_ms"] for row in rows], marker="o", color=OURS, label="p50")
        ax.plot(xs, [row["p95_ms"] for row in rows], marker="s", color=ACCENT, label="p95")
        ax.axhline(RELOAD_P95_MS, color=TARGET, linestyle=":", label=f"target: p95 ≤ {RELOAD_P95_MS:g} ms")
        for row in rows:
            ax.annotate(f"{row['p95_ms']:.0f}", (row[x_key], row["p95_ms"]), textcoords="offset points",
                        xytext=(0, 7), ha="center", fontsize=9)  # fmt: skip
        ax.set_ylim(0, RELOAD_P95_MS * 1.15)
        ax.set_xticks(xs)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(f"ms from save to list_changed ({rows[0]['saves']} saves)")
        ax.set_title(title)
        ax.legend(loc="center right", fontsize=9)
        c.save(fig, name)


def lint_vs_manifests(r: Figures, c: Canvas) -> None:
    """Lint time against the number of manifests, in-process and as the command."""
    lint = r["lint"]
    counts = [row["manifests"] for row in lint]
    fig, ax = c.figure(8, 4.6)
    warm = [row["warm_s"] for row in lint]
    ax.errorbar(counts, [v["median"] for v in warm], yerr=errs(warm), marker="o", color=OURS, capsize=4,
                label="lint_paths in a running process")  # fmt: skip
    if all("cli_s" in row for row in lint):
        cli = [row["cli_s"] for row in lint]
        ax.errorbar(counts, [v["median"] for v in cli], yerr=errs(cli), marker="s", color=ACCENT, capsize=4,
                    label="data-mcp lint command (with interpreter start)")  # fmt: skip
    ax.plot([200], [LINT_200_S], marker="*", markersize=14, color=TARGET, linestyle="none",
            label=f"target: 200 manifests ≤ {LINT_200_S:g} s")  # fmt: skip
    ax.set_ylim(0, LINT_200_S * 1.2)
    ax.set_xticks(counts)
    ax.set_xlabel("manifests linted (a third each Python, YAML, JSON)")
    ax.set_ylabel("seconds (median; bar = min–max)")
    ax.set_title("Lint time against number of manifests")
    ax.legend(loc="upper left", fontsize=9)
    c.save(fig, "bench-lint-vs-manifests.png")


def call_overhead(r: Figures, c: Canvas) -> None:
    """One quote call three ways: bare GET, client, server."""
    calls = r["calls"]
    fig, ax = c.figure(8.5, 3.6)
    names = ["bare HTTP GET (httpx2)", "AsyncDataClient.company.get_quote", "data-mcp tool call (stdio)"]
    values = [calls[key] for key, _ in PATHS]
    ax.barh(range(3), [v["median"] for v in values], xerr=errs(values, "p10", "p90"),
            color=[THEIRS, OURS, ACCENT], capsize=3)  # fmt: skip
    ax.set_yticks(range(3), names)
    ax.invert_yaxis()
    for i, v in enumerate(values):
        ax.text(v["p90"] * 1.02 + 0.05, i, f"{v['median']:.2f} ms", va="center", fontsize=10, bbox=LABEL_BOX)
    ax.set_xlim(0, max(v["p90"] for v in values) * 1.25)
    ax.set_xlabel(f"ms per quote call (median of {calls['calls']}; bar = p10–p90)")
    ax.set_title("Cost of one call: bare GET, client, server")
    c.save(fig, "bench-call-overhead.png")


CACHE_SERIES = (
    ("get_hit_us", "backend get, hit", "#2f6db3"),
    ("get_miss_us", "backend get, miss", "#8fb3e0"),
    ("call_hit_us", "client call, hit", "#d9822b"),
    ("call_miss_us", "client call, miss (fetched)", "#f0c08a"),
)


def cache_backends(r: Figures, c: Canvas) -> None:
    """Hit and miss per backend, on a log scale."""
    from matplotlib.ticker import FuncFormatter

    cache = r["cache"]
    backends = [k for k, v in cache.items() if v]
    fig, ax = c.figure(8.5, 4.8)
    width = 0.2
    for j, (key, label, color) in enumerate(CACHE_SERIES):
        xs = [i + (j - 1.5) * width for i in range(len(backends))]
        vals = [cache[b][key]["median"] for b in backends]
        ax.bar(xs, vals, width, label=label, color=color)
        for x, v in zip(xs, vals, strict=True):
            ax.text(x, v * 1.15, fmt_us(v).replace(" ", "\n"), ha="center", fontsize=8)
    ax.set_yscale("log")
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g} µs" if v < 1000 else f"{v / 1000:g} ms"))
    ax.set_ylim(0.1, max(cache[b]["call_miss_us"]["median"] for b in backends) * 20)
    ax.set_xticks(range(len(backends)), [{"sqlite": "SQLite", "redis": "Redis"}.get(b, b) for b in backends])
    ax.set_ylabel("time per operation (median; log scale)")
    ax.set_xlabel("cache backend")
    ax.set_title("Cache hit and miss per backend")
    ax.legend(loc="upper left", fontsize=9, ncol=2)
    c.save(fig, "bench-cache.png")


def answer_sizes(r: Figures, c: Canvas) -> None:
    """Every tool's answer, sorted, before and after, with the lines where assistants warn and refuse."""
    from matplotlib.ticker import FuncFormatter

    from answers import HOST_REFUSES, HOST_WARNS

    measured = [t for t in r["answers"]["tools"] if "error" not in t]
    before = sorted(t["before"] for t in measured)
    after = sorted(t["after"] for t in measured)
    fig, ax = c.figure(9, 4.8)
    ax.plot(range(len(before)), before, color=THEIRS, lw=2, label="before: compact JSON, whole")
    ax.plot(range(len(after)), after, color=OURS, lw=2, label="after: table or JSON, within the budget")
    for level, text in ((HOST_WARNS, "assistants warn"), (HOST_REFUSES, "assistants refuse")):
        ax.axhline(level, color=TARGET, lw=1, ls="--")
        ax.text(2, level * 1.12, f"{text} ({level // 1000}K)", color=TARGET, fontsize=9, bbox=LABEL_BOX)
    ax.set_yscale("log")
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:,.0f}"))
    ax.set_xlabel(f"the {len(measured)} tools of the full profile, each sorted by its answer size")
    ax.set_ylabel("o200k tokens of one answer (log scale)")
    ax.set_title("Answer sizes with typical arguments, before and after")
    ax.legend(loc="upper left", fontsize=9)
    c.save(fig, "bench-answers.png")


def cpu_rows(figures: Figures) -> list[tuple[str, dict[str, float], str]]:
    """Each CPU contender's label, figures and colour: the hosted stacks, then the stdio paths."""
    rows: list[tuple[str, dict[str, float], str]] = []
    for key, stack in cpu.STACKS:
        for name in (cpu.OURS, cpu.BARE, cpu.GET) if figures.get(key) else ():
            color = OURS if name == cpu.OURS else THEIRS
            rows.append((f"{name} ({stack})", figures[key]["contenders"][name]["cpu_ms"], color))
    contenders = figures.get("stdio", {}).get("contenders", {})
    for name, label in cpu.STDIO_ROWS:
        if name in contenders:
            color = ACCENT if name.startswith("data-mcp") else THEIRS
            rows.append((label.replace(" (CPU of the measuring process)", ""), contenders[name]["cpu_ms"], color))
    return rows


def load_range(figures: Figures) -> tuple[float, float]:
    """The lowest and highest load average seen in the CPU runs."""
    loads = [p["load_average"] for p in (figures.get("hosted"), figures.get("hosted_pure"), figures.get("stdio")) if p]
    return min(x["min"] for x in loads), max(x["max"] for x in loads)


def cpu_per_call(r: Figures, c: Canvas) -> None:
    """CPU per call of every contender (bars: median, whiskers: min–max over blocks), with the load average."""
    rows = cpu_rows(r["cpu"])
    if not rows:
        return
    fig, ax = c.figure(11, 0.42 * len(rows) + 1.8)
    values = [v for _, v, _ in rows]
    ax.barh(range(len(rows)), [v["median"] for v in values], xerr=errs(values),
            color=[color for _, _, color in rows], capsize=3)  # fmt: skip
    ax.set_yticks(range(len(rows)), [label for label, _, _ in rows])
    ax.invert_yaxis()
    top = max(v["max"] for v in values)
    for i, v in enumerate(values):
        ax.text(v["max"] + top * 0.015, i, f"{v['median']:.2f} ms", va="center", fontsize=9)
    ax.set_xlim(0, top * 1.2)
    low, high = load_range(r["cpu"])
    ax.set_xlabel(f"CPU ms per call, from /proc (median of blocks; bar = min–max)\nload average {low:.1f}–{high:.1f}")
    ax.set_title("CPU time per call: hosted (blue) and stdio (orange) against the bare SDK")
    c.save(fig, "bench-cpu-per-call.png")


def ratio_rows(figures: Figures) -> list[tuple[str, float, float, str]]:
    """Each ratio the issue sets a target for: label, ratio, target, colour."""
    rows = [
        (f"data-hosted / bare SDK trivial tool,\nCPU per call ({stack})", figures[key]["ratio_vs_bare"],
         HOSTED_TARGET, OURS)
        for key, stack in cpu.STACKS
        if figures.get(key)
    ]  # fmt: skip
    if stdio := figures.get("stdio"):
        rows.append(("data-mcp stdio / bare GET,\np50 wall-clock", stdio["p50_ratio"], STDIO_P50_TARGET, ACCENT))
    return rows


def cpu_ratios(r: Figures, c: Canvas) -> None:
    """Each ratio against its target."""
    rows = ratio_rows(r["cpu"])
    if not rows:
        return
    fig, ax = c.figure(9, 0.75 * len(rows) + 1.4)
    ax.barh(range(len(rows)), [ratio for _, ratio, _, _ in rows], color=[color for *_, color in rows])
    for i, (_, ratio, target, _) in enumerate(rows):
        ax.plot([target, target], [i - 0.4, i + 0.4], color=TARGET, lw=2)
        ax.text(max(ratio, target) + 0.06, i, f"{ratio:.2f}× (target ≤ {target:g}×)", va="center", fontsize=9)
    ax.set_yticks(range(len(rows)), [label for label, *_ in rows])
    ax.invert_yaxis()
    ax.set_xlim(0, max(max(ratio for _, ratio, _, _ in rows), HOSTED_TARGET) * 1.45)
    low, high = load_range(r["cpu"])
    ax.set_xlabel(f"ratio (red mark: target); load average {low:.1f}–{high:.1f}")
    ax.set_title("Ratios against the floors, measured in one run")
    c.save(fig, "bench-cpu-ratios.png")


PLOTS: tuple[tuple[str, Callable[[Figures, Canvas], None]], ...] = (
    ("start", start_by_set),
    ("start", context_by_set),
    ("start", rss_by_set),
    ("scaling", start_vs_tools),
    ("scaling", size_vs_tools),
    ("reload", reload_series),
    ("lint", lint_vs_manifests),
    ("calls", call_overhead),
    ("cache", cache_backends),
    ("answers", answer_sizes),
    ("cpu", cpu_per_call),
    ("cpu", cpu_ratios),
)
"""Each plot and the section whose figures it draws."""


def draw(results: Figures, img: Path) -> list[str]:
    """Draw every plot the results allow into ``img``; the file names written."""
    img.mkdir(parents=True, exist_ok=True)
    canvas = Canvas(img)
    for section, plot in PLOTS:
        if results.get(section):
            plot(results, canvas)
    return canvas.written

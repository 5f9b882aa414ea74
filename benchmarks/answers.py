"""Answer sizes: every tool of every profile, typical arguments, exact o200k tokens before and after.

Run: ``.venv/bin/python benchmarks/answers.py [--quick]`` (needs the ``bench`` extra for the tokenizer:
``pip install -e ".[bench]"``); ``benchmarks/report.py`` runs it as its ``answers`` section.

For each tool of the ``full`` profile (the others are subsets; each profile's figures are read off
the same measurements) it calls the endpoint with the catalog's typical arguments (required ones
only, so histories come at their default depth) against a sandbox process, then counts with the real
o200k tokenizer:

- ``before``: the answer as the server sent it before answer shaping (compact JSON, nulls dropped);
- ``after``: the answer the server sends now (default budget and format), text plus note;
- ``table`` / ``json``: the whole answer with a large budget in each format (lossless), for the ratio;
- ``estimate``: the writer's own estimate of ``after``, to state the estimator's error;
- CPU per call: the client call (fetch, parse, validate) and the answer writer on its result, from
  ``time.process_time`` in this process (the sandbox runs in another one, so its work is not counted).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import hosted_load  # noqa: E402
from data_pkg.answers import CallContext, estimate_tokens, write_answer  # noqa: E402
from data_pkg.answers._render import json_text  # noqa: E402
from data_pkg.answers._rows import without_nulls  # noqa: E402
from data_pkg.answers.results import plain  # noqa: E402
from data_pkg.catalog import by_key, typical_arguments  # noqa: E402
from data_pkg.client import DataClient, Settings  # noqa: E402
from data_pkg.errors import DataError  # noqa: E402
from data_pkg.toolsets import AnswerSpec, available_profiles, resolve  # noqa: E402
from o200k import count  # noqa: E402

RESULTS = HERE / "results" / "answers.json"
LARGE = AnswerSpec(max_tokens=1_000_000)
HOST_WARNS = 10_000
HOST_REFUSES = 25_000


def cpu_per_call(fn: Any, repeat: int) -> float:
    """Median CPU seconds of ``fn()`` in this process."""
    samples = []
    for _ in range(repeat):
        began = time.process_time()
        fn()
        samples.append(time.process_time() - began)
    return statistics.median(samples)


def sandbox_settings(base_url: str) -> Settings:
    """Client settings for the sandbox: the demo key, no cache (every call goes to the sandbox)."""
    return Settings.from_env({"DATA_API_KEY": "demo", "DATA_BASE_URL": base_url, "DATA_PROVIDER_SEGMENT": "acme"})


def measure_tool(client: DataClient, key: str, repeat: int) -> dict[str, Any]:
    endpoint = by_key(key)
    arguments = typical_arguments(endpoint)
    try:
        value = plain(client.call_json(key, **arguments))
    except DataError as error:
        return {"key": key, "error": error.category}
    spec = AnswerSpec()
    context = CallContext.of(endpoint, arguments)
    answer = write_answer(value, spec, context)
    after_text = answer.text + ("\n" + answer.note if answer.note else "")
    table = write_answer(value, LARGE).text
    as_json = write_answer(value, AnswerSpec(max_tokens=1_000_000, format="json")).text
    row: dict[str, Any] = {
        "key": key,
        "rows": answer.rows,
        "shown": answer.shown,
        "cut": answer.cut,
        "before": count(json_text(without_nulls(value))),
        "after": count(after_text),
        "estimate": estimate_tokens(answer.text) + (estimate_tokens(answer.note) if answer.note else 0),
        "table": count(table),
        "json": count(as_json),
    }
    if repeat:
        shown = value if not isinstance(value, list) else value[: answer.shown]
        row["call_cpu_s"] = cpu_per_call(lambda: client.call_json(key, **arguments), repeat)
        row["writer_cpu_s"] = cpu_per_call(lambda: write_answer(value, spec, context), repeat)
        # The same rows written with no budget to meet: what formatting alone costs.
        row["format_cpu_s"] = cpu_per_call(lambda: write_answer(shown, LARGE), repeat)
        row["old_writer_cpu_s"] = cpu_per_call(lambda: json_text(without_nulls(value)), repeat)
    return row


def profile_keys() -> dict[str, list[str]]:
    """Endpoint keys of each profile's tools."""
    out = {}
    for name in available_profiles(None):
        registry = resolve(name, env={}).raise_for_errors()
        out[name] = [tool.endpoint for tool in registry]
    return out


def median_or(values: Sequence[float], default: float) -> float:
    """The median of ``values``, or ``default`` when there are none."""
    return statistics.median(values) if values else default


def over(values: Sequence[int], limit: int) -> int:
    """How many of ``values`` are over ``limit``."""
    return sum(1 for x in values if x > limit)


def sizes(ok: list[dict[str, Any]]) -> dict[str, Any]:
    """Answer sizes before and after shaping: totals, largest, medians, how many over the hosts' limits."""
    before, after = [r["before"] for r in ok], [r["after"] for r in ok]
    return {
        "before_total": sum(before),
        "after_total": sum(after),
        "before_max": max(before, default=0),
        "after_max": max(after, default=0),
        "before_median": median_or(before, 0),
        "after_median": median_or(after, 0),
        "before_over_10k": over(before, HOST_WARNS),
        "before_over_25k": over(before, HOST_REFUSES),
        "after_over_10k": over(after, HOST_WARNS),
        "after_over_25k": over(after, HOST_REFUSES),
        "cut": sum(1 for r in ok if r["cut"]),
    }


def estimates(ok: list[dict[str, Any]]) -> dict[str, Any]:
    """The writer's count (an upper bound) against the exact one, over answers of 50 tokens or more."""
    counted = [r for r in ok if r["after"] >= 50]
    errors = [abs(r["estimate"] - r["after"]) / r["after"] for r in counted]
    under = [(r["after"] - r["estimate"]) / r["after"] for r in counted]
    over_by = [r["estimate"] / r["after"] for r in counted]
    return {
        "estimate_mean_abs_error": statistics.fmean(errors) if errors else 0.0,
        "estimate_p95_abs_error": statistics.quantiles(errors, n=20)[-1]
        if len(errors) >= 20
        else max(errors, default=0),
        "estimate_worst_under": max(under, default=0.0),
        "bound_under": sum(1 for r in ok if r["estimate"] < r["after"]),
        "bound_over_median": median_or(over_by, 0.0),
        "bound_over_max": max(over_by, default=0.0),
    }


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Totals and counts over measured tools."""
    ok = [r for r in rows if "error" not in r]
    formats = {
        "table_json_ratio": sum(r["table"] for r in ok) / max(sum(r["json"] for r in ok), 1),
        "tables_cheaper": sum(1 for r in ok if r["table"] < r["json"]),
    }
    return {"tools": len(ok), "failed": len(rows) - len(ok), **sizes(ok), **formats, **estimates(ok)}


def cpu_shares(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """What the writer, and budgeting within it, cost against the client call (CPU, per tool)."""
    timed = [r for r in rows if "call_cpu_s" in r and r["call_cpu_s"] > 0]
    if not timed:
        return dict.fromkeys(CPU_SHARES)
    share = [r["writer_cpu_s"] / r["call_cpu_s"] for r in timed]
    budgeting = [max(r["writer_cpu_s"] - r["format_cpu_s"], 0.0) / r["call_cpu_s"] for r in timed]
    return {
        "budgeting_share_median": statistics.median(budgeting),
        "budgeting_share_p90": statistics.quantiles(budgeting, n=10)[-1] if len(budgeting) >= 10 else None,
        "budgeting_share_max": max(budgeting),
        "writer_vs_old_total": sum(r["writer_cpu_s"] for r in timed)
        / max(sum(r["old_writer_cpu_s"] for r in timed), 1e-12),
        "writer_share_median": statistics.median(share),
        "writer_share_max": max(share),
        "writer_share_max_tool": max(timed, key=lambda r: r["writer_cpu_s"] / r["call_cpu_s"])["key"],
    }


CPU_SHARES = (
    "budgeting_share_median",
    "budgeting_share_p90",
    "budgeting_share_max",
    "writer_vs_old_total",
    "writer_share_median",
    "writer_share_max",
    "writer_share_max_tool",
)


def measure(base_url: str, *, quick: bool) -> dict[str, Any]:
    """Every tool of the ``full`` profile, then the figures per profile."""
    keys = profile_keys()
    settings = sandbox_settings(base_url)
    repeat = 3 if quick else 9
    with DataClient(settings=settings) as client:
        rows = [measure_tool(client, key, repeat) for key in keys["full"]]
    by_key_row = {r["key"]: r for r in rows}
    return {
        "tools": rows,
        "profiles": {name: summarise([by_key_row[k] for k in ks if k in by_key_row]) for name, ks in keys.items()},
        "history_default": by_key_row.get("historical_prices", {}),
        "history_5y": five_year_history(base_url),
        **cpu_shares(rows),
    }


def five_year_history(base_url: str) -> dict[str, Any]:
    """The issue's example: daily history of AAPL, 2020-01-01 to 2024-12-31, with a large budget."""
    settings = sandbox_settings(base_url)
    with DataClient(settings=settings) as client:
        value = client.call_json("historical_prices", symbol="AAPL", from_date="2020-01-01", to_date="2024-12-31")
    json_tokens = count(json_text(without_nulls(value)))
    table_tokens = count(write_answer(value, LARGE).text)
    default = write_answer(value, AnswerSpec(), CallContext.of(by_key("historical_prices"), {"symbol": "AAPL"}))
    return {
        "rows": len(value),
        "json_bytes": len(json_text(without_nulls(value)).encode()),
        "json_tokens": json_tokens,
        "table_tokens": table_tokens,
        "ratio": table_tokens / json_tokens,
        "default_shown": default.shown,
        "default_tokens": count(default.text + "\n" + (default.note or "")),
        "default_note": default.note,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions of the CPU timings")
    options = parser.parse_args(argv)
    with hosted_load.sandbox_process() as url:
        results = measure(url, quick=options.quick)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(results, indent=2) + "\n")
    full = results["profiles"]["full"]
    shares = [k for k in results if k.startswith(("writer_", "budgeting_"))]
    print(json.dumps({k: results[k] for k in ("history_5y", *shares)}, indent=2))
    print(json.dumps(full, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

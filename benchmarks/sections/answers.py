"""Section ``answers``: every tool's answer with typical arguments, o200k tokens before and after answer shaping.

The table/JSON ratio, the writer's bound against the exact count and what budgeting costs per call
(``answers.py``, the benchmark). On the page: *Answers*.
"""

from __future__ import annotations

from .common import Add, Figures, Run
from .text import Page

HISTORY_RATIO = 0.6
"""Target: a 5-year daily history as a table costs at most this share of its JSON tokens."""


def measure(run: Run) -> Figures:
    """Every tool of the full profile against the sandbox, then each profile's figures."""
    import answers as answers_bench

    found: Figures = answers_bench.measure(run.sandbox.url, quick=run.plan.quick)
    return found


def budget() -> int:
    """The default answer budget, in tokens."""
    from data_pkg.toolsets import DEFAULT_MAX_ANSWER_TOKENS

    return DEFAULT_MAX_ANSWER_TOKENS


def targets(answers: Figures, add: Add) -> None:
    """The five-year history's table against its JSON, every answer within the budget, budgeting's cost."""
    full = answers["profiles"]["full"]
    history = answers["history_5y"]
    add(
        f"5-year daily history with a large budget ≤ {HISTORY_RATIO:g}× its JSON tokens",
        f"{history['ratio']:.2f}× ({history['table_tokens']:,} vs {history['json_tokens']:,} o200k tokens, "
        f"{history['rows']:,} rows)",
        history["ratio"] <= HISTORY_RATIO,
        "the upstream's rows are lean (10 fields, no repeated labels); the target was set on the models' shapes, "
        "whose invented fields made the JSON twice as long (0.58× of 156,582 tokens)",
    )
    add(
        f"every tool of the full profile within the default budget ({budget():,} tokens)",
        f"largest answer {full['after_max']:,} tokens; {full['after_over_10k']} over 10K "
        f"(before: {full['before_over_10k']} over 10K, {full['before_over_25k']} over 25K)",
        full["after_max"] <= budget(),
        "",
    )
    share = answers["budgeting_share_median"]
    add(
        "budgeting costs < 5% of the call (CPU, median over tools)",
        f"{share * 100:.1f}% (p90 {answers['budgeting_share_p90'] * 100:.1f}%)",
        share < 0.05,
        "p90 is over 5% for small answers whose whole call costs under a millisecond; see Answers",
    )


def takeaway(answers: Figures) -> list[str]:
    """The answers line of *In short*."""
    full = answers["profiles"]["full"]
    over = full["after_over_10k"]
    return [
        f"**Answers:** with the default budget {over or 'no'} answer"
        f"{'' if over == 1 else 's'} of the {full['tools']} tools {'goes' if over == 1 else 'go'} over the 10K "
        f"tokens at which assistants warn (largest {full['after_max']:,}; before answer shaping "
        f"{full['before_over_10k']} did, up to {full['before_max']:,})."
    ]


def page(a: Figures, p: Page) -> None:
    """*Answers*: sizes before and after, per profile, the table's saving, the bound, the cost."""
    p.w("## Answers\n")
    p.w(
        "**What:** every tool of the `full` profile called once against the sandbox (at the upstream's depths) with "
        "the catalog's typical arguments (required ones only, so a history comes at its default five years), then "
        "counted with the real o200k tokenizer (`bpe-openai`, offline). *Before* is the answer as the server sent it "
        "before answer shaping: the whole upstream JSON, compact, nulls left out. *After* is what it sends now with "
        f"the defaults: table format, {budget():,}-token budget, the note included. Each profile's figures are "
        "read off the same calls. **Shapes:** the sandbox answers in the upstream's own shapes: for every path its "
        "documentation shows an example of (`tests/upstream_examples/`), exactly that example's fields in its formats "
        "(`tests/sandbox/test_upstream_shapes.py` holds it to them), and the response models' fields for the few "
        "paths without one. (Figures before this report were measured on the models' shapes, which carried fields "
        "the upstream never sends.) **Rerun:** `benchmarks/report.py --only answers` (or `benchmarks/answers.py`).\n"
    )
    profiles_table(a["profiles"], p)
    p.note("answers")
    p.image("bench-answers.png", "Sorted answer sizes in tokens per tool, before and after, with the 10K and 25K lines")
    history_page(a["history_5y"], p)
    full = a["profiles"]["full"]
    p.w(
        f"Over all {full['tools']} tools, a table costs {full['table_json_ratio']:.2f}× the same answer in compact "
        f"JSON, and it is the cheaper of the two for {full['tables_cheaper']} of them (the others answer one object, "
        "which stays JSON in both formats).\n"
    )
    p.w(bound(full))
    p.w(
        "**The cost.** CPU time in the measuring process (`time.process_time`; the sandbox runs in its own "
        "process), median of repeated calls per tool. Budgeting (counting, choosing the rows, the note) costs "
        f"{a['budgeting_share_median'] * 100:.1f}% of the client call at the median over tools, "
        f"{a['budgeting_share_p90'] * 100:.1f}% at the 90th percentile and {a['budgeting_share_max'] * 100:.0f}% at "
        "worst (small answers whose call costs well under a millisecond, where the writer's fixed cost shows). "
        "The whole writer (formatting included) costs "
        f"{a['writer_vs_old_total']:.2f}× what encoding every answer whole as JSON cost before, summed over tools, "
        "because a cut answer renders only the rows it shows.\n"
    )


def profiles_table(profiles: Figures, p: Page) -> None:
    """Each profile's answers before and after."""
    p.w(
        "| Profile | Tools | Tokens before (all answers) | After | Largest before | Largest after "
        "| Over 10K before → after | Over 25K before → after | Cut |"
    )
    p.w("|---|---|---|---|---|---|---|---|---|")
    for name, f in profiles.items():
        p.w(
            f"| {name} | {f['tools']} | {f['before_total']:,} | {f['after_total']:,} | {f['before_max']:,} | "
            f"{f['after_max']:,} | {f['before_over_10k']} → {f['after_over_10k']} | "
            f"{f['before_over_25k']} → {f['after_over_25k']} | {f['cut']} |"
        )
    p.w("")


def history_page(history: Figures, p: Page) -> None:
    """The issue's example: five years of daily prices, whole and within the default budget."""
    p.w(
        f"The issue's example, AAPL's daily history from 2020-01-01 to 2024-12-31 ({history['rows']:,} rows): "
        f"{history['json_tokens']:,} tokens as compact JSON ({history['json_bytes'] / 1000:.0f} KB), "
        f"{history['table_tokens']:,} as a table with a budget large enough for all of it: "
        f"**{history['ratio']:.2f}×**. With the default budget the server shows the newest {history['default_shown']} "
        f"rows in {history['default_tokens']:,} tokens and ends with:\n"
    )
    p.w(f"```text\n{history['default_note']}\n```\n")


def bound(full: Figures) -> str:
    """*The bound*: how far the writer's token bound is from the exact count."""
    if "bound_under" not in full:  # figures measured before the writer counted a bound
        return "**The bound.** These figures predate the writer's bound: rerun `benchmarks/report.py --only answers`.\n"
    return (
        "**The bound.** The writer does not tokenize: it counts an upper bound on o200k tokens in C "
        "(`data_pkg/answers/_tokens.py`; [server](server.md#answers-that-fit) says how). Against the exact count "
        f"of every answer above it undercounts {full['bound_under']} of them; of those of 50 tokens or more it "
        f"overcounts {full['bound_over_median']:.2f}× at the median and {full['bound_over_max']:.2f}× at most "
        "(prose and names cost more in the bound than in o200k, numbers about the same).\n"
    )

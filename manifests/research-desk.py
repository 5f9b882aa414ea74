"""Research desk: the analyst profile, fitted to a team on the premium plan.

Adds as-reported statements for audit work, drops what the plan cannot call (transcripts need
ultimate), and keeps statement answers short: five periods are plenty in a chat, and agents
otherwise ask for decades. The quote tool is renamed so it reads well next to other servers'.

Point the server at it with DATA_MCP_MANIFEST=/path/to/manifests/research-desk.py.
"""

EXTENDS = ["analyst"]

TOOLS = [
    "company.income_statement_as_reported",
    "company.balance_sheet_as_reported",
    "company.cash_flow_as_reported",
]

MAX_TIER = "premium"

OVERRIDES = {
    "company.quote": {
        "name": "stock_quote",
        "description": "Live quote for one stock: price, change, day range, volume, market cap, P/E.",
    },
    "fundamental.income_statement": {"fixed": {"limit": 5}},
    "fundamental.balance_sheet": {"fixed": {"limit": 5}},
    "fundamental.cash_flow": {"fixed": {"limit": 5}},
    "company.analyst_estimates": {"fixed": {"period": "annual", "limit": 5}},
}

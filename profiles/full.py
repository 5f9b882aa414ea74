"""Full: every endpoint that can be a tool.

For exploration, testing and hosts with tool search, not for everyday agents: well over two
hundred tools cost tens of thousands of tokens per request, and tool choice degrades long before
that. Bulk and file downloads are never tools (use the Python client); withdrawn endpoints and
ones whose path segment is not configured are skipped.

Tasks it is for, each with the tools that do it (every other tool too):

- trying what an endpoint answers before choosing a profile: company.quote, market.search
- what no other profile covers, such as crypto and forex quotes: alternative.crypto_quote, alternative.forex_quote
- an ETF's facts and weights beside its holdings: investment.etf_info, investment.etf_sector_weightings
"""

# data-mcp: ignore[DM510] every tool on purpose: for hosts with tool search; others take at most 128
INCLUDE = ["*"]

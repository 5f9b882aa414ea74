"""Full: every endpoint that can be a tool.

For exploration, testing and hosts with tool search, not for everyday agents: well over two
hundred tools cost tens of thousands of tokens per request, and tool choice degrades long before
that. Bulk and file downloads are never tools (use the Python client); withdrawn endpoints and
ones whose path segment is not configured are skipped.
"""

# data-mcp: ignore[DM510] every tool on purpose: for hosts with tool search; others take at most 128
INCLUDE = ["*"]

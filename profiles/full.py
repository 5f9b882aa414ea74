"""Full: every endpoint that can be a tool.

For exploration, testing and hosts with tool search, not for everyday agents: well over two
hundred tools cost tens of thousands of tokens per request, and tool choice degrades long before
that. Bulk and file downloads are never tools (use the Python client); withdrawn endpoints and
ones whose path segment is not configured are skipped.
"""

INCLUDE = ["*"]

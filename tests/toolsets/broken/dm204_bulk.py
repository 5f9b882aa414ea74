"""Broken on purpose: bulk and file endpoints are never tools."""

TOOLS = ["company.quote", "batch.profile_bulk", "company.financial_reports_xlsx"]

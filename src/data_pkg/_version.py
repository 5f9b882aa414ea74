"""The package version, kept in one place for the build and for serverInfo."""

__version__ = "0.1.0"
"""The version of data-pkg (what ``pip show data-pkg`` and the server's ``serverInfo`` say)."""

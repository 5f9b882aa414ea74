"""The package version, kept in one place for the build and for serverInfo."""

__version__ = "0.1.0"

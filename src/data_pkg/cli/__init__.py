"""Command-line entry points; the typer application lands here."""

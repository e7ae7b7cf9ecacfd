"""The ``cardkit`` command line (Typer + rich)."""

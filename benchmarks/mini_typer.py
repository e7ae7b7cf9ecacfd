"""A minimal Typer app with two commands: the start-up baseline for ``cardkit list``."""

import typer

app = typer.Typer(add_completion=False)


@app.command("list")
def list_items() -> None:
    """List three items."""
    for name in ("alpha", "beta", "gamma"):
        typer.echo(name)


@app.command("hello")
def hello(name: str = "world") -> None:
    """Greet someone."""
    typer.echo(f"hello {name}")


if __name__ == "__main__":
    app()

"""`delve serve`: run the web app (monster mover, odds, JSON API) with uvicorn."""

from __future__ import annotations

import click


@click.command("serve")
@click.option(
    "--host", default="127.0.0.1", show_default=True, help="Address to bind (loopback unless told)."
)
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="TCP port.")
@click.option("--db", type=click.Path(dir_okay=False), help="Campaign database (default: the CLI's).")
def command(host: str, port: int, db: str | None) -> None:
    """Serve the web app: the monster mover, the odds calculator and the JSON API (/api/docs)."""
    try:  # imported here so that the rest of the CLI starts without the web extra
        import uvicorn

        from delvekit.web.app import create_app
    except ImportError as exc:
        raise click.ClickException(
            f"the web app needs the 'web' extra: pip install 'delvekit[web]' ({exc})"
        ) from None
    if host not in ("127.0.0.1", "localhost", "::1"):
        click.echo(f"warning: serving on {host}, reachable from other machines", err=True)
    click.echo(
        f"delvekit web app on http://{'[' + host + ']' if ':' in host else host}:{port}/  (Ctrl+C stops)"
    )
    uvicorn.run(create_app(db=db), host=host, port=port, log_level="warning")

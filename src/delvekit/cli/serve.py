"""`delve serve`: run the web app (monster mover, odds, JSON API) with uvicorn."""

from __future__ import annotations

import socket

import click


@click.command("serve")
@click.option(
    "--host", default="127.0.0.1", show_default=True, help="Address to bind (loopback unless told)."
)
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="TCP port.")
def command(host: str, port: int) -> None:
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
    sock = _bind(host, port)  # before saying where it serves: a busy port is one error line
    click.echo(
        f"delvekit web app on http://{'[' + host + ']' if ':' in host else host}:{port}/  (Ctrl+C stops)"
    )
    config = uvicorn.Config(create_app(), host=host, port=port, log_level="warning")
    uvicorn.Server(config).run(sockets=[sock])


def _bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port``, or one clear error (port busy, unknown host)."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except socket.gaierror as exc:
        raise click.ClickException(f"cannot serve on {host}: {exc.strerror}") from None
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise click.ClickException(f"cannot serve on {host}:{port}: {exc.strerror or exc}") from None
    sock.set_inheritable(True)
    return sock

"""`delve serve`: run the web app (play a scenario, monster mover, odds, JSON API) with uvicorn."""

from __future__ import annotations

import socket
import threading
from pathlib import Path
from types import FrameType

import click


@click.command("serve")
@click.option(
    "--host", default="127.0.0.1", show_default=True, help="Address to bind (loopback unless told)."
)
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="TCP port.")
@click.option(
    "--db",
    "db_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="SQLite file keeping the campaigns, the games played in the browser and the tables "
    "(the CLI's file); default: the user's data directory.",
)
def command(host: str, port: int, db_path: Path | None) -> None:
    """Serve the web app: play a scenario (/play), the table companion (/table), campaigns
    (/campaigns), the monster mover, the odds calculator and the JSON API (/api/docs)."""
    try:  # imported here so that the rest of the CLI starts without the web extra
        import uvicorn

        from delvekit.web.app import create_app
    except ImportError as exc:
        raise click.ClickException(
            f"the web app needs the 'web' extra: pip install 'delvekit[web]' ({exc})"
        ) from None
    from delvekit.core.errors import DelvekitError
    from delvekit.store.sqlite import default_db_path
    from delvekit.web.play_service import Hall

    db = db_path or default_db_path()
    try:
        hall = Hall(db)  # opened now: a bad file is said before serving
    except DelvekitError as exc:
        raise click.ClickException(str(exc)) from None
    if host not in ("127.0.0.1", "localhost", "::1"):
        click.echo(f"warning: serving on {host}, reachable from other machines", err=True)
    from delvekit.web import table

    app = create_app(db=db)
    table.use_database(db)  # the table store is one per process
    app.state.play_hall = hall
    app.state.play_closing = closing = threading.Event()

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            closing.set()  # the game pages' event streams end, so Ctrl+C stops at once
            super().handle_exit(sig, frame)

    sock = _bind(host, port)  # before saying where it serves: a busy port is one error line
    url = f"http://{'[' + host + ']' if ':' in host else host}:{port}/"
    click.echo(f"delvekit web app on {url}  (play: {url}play; kept in {db}; Ctrl+C stops)")
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=3)
    Server(config).run(sockets=[sock])


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

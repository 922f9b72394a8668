"""`delve serve` starts the app on loopback, and the rest of the CLI does not import the web stack."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import httpx

from delvekit.web.live import free_port

DELVE = Path(sys.executable).parent / "delve"


def test_cli_starts_without_importing_the_web_stack() -> None:
    code = (
        "import sys\n"
        "from delvekit.cli import main\n"
        "main._register()\n"
        "assert 'fastapi' not in sys.modules and 'uvicorn' not in sys.modules, 'web stack imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_delve_serve_answers_on_loopback() -> None:
    port = free_port()
    proc = subprocess.Popen(
        [str(DELVE), "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                r = httpx.get(f"http://127.0.0.1:{port}/mover", timeout=2)
                break
            except httpx.TransportError:
                assert proc.poll() is None, proc.stdout.read() if proc.stdout else "exited"
                assert time.monotonic() < deadline, "delve serve did not answer in 20 s"
                time.sleep(0.1)
        assert r.status_code == 200 and "svg" in r.text
        assert (
            httpx.get(f"http://127.0.0.1:{port}/api/openapi.json", timeout=5).json()["info"]["title"]
            == "delvekit"
        )
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    assert f"http://127.0.0.1:{port}/" in (proc.stdout.read() if proc.stdout else "")


def test_serve_refuses_a_bad_port() -> None:
    result = subprocess.run([str(DELVE), "serve", "--port", "99999"], capture_output=True, text=True)
    assert result.returncode != 0 and "port" in result.stderr.lower()


def test_serve_on_a_busy_port_says_so_before_claiming_to_serve() -> None:
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        result = subprocess.run(
            [str(DELVE), "serve", "--port", str(port)], capture_output=True, text=True, timeout=30
        )
    assert result.returncode != 0
    assert "web app on" not in result.stdout, result.stdout
    assert f"cannot serve on 127.0.0.1:{port}" in result.stderr and result.stderr.count("\n") == 1, (
        result.stderr
    )

"""Refuse JSON bodies that no endpoint could read, before any endpoint sees them.

FastAPI decodes request bodies with Python's ``json`` module, which takes ``NaN`` and
``Infinity``, turns ``1e400`` into an infinite float, and raises ``RecursionError`` on deep
nesting (a 500, or a 422 whose own JSON encoding fails). :class:`JsonGuard` reads each JSON body
under a path prefix once with
:func:`delvekit.core.jsonio.loads` (the reader every delvekit file goes through) and answers 422
with the same one-line message the CLI gives; a body it accepts reaches the endpoint unchanged.
"""

from __future__ import annotations

import json

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from delvekit.core import jsonio
from delvekit.core.errors import InputError


def check_body(body: bytes, where: str = "request") -> None:
    """Raise :class:`InputError` unless ``body`` is JSON any endpoint may read.

    >>> check_body(b'{"setup": {"attack": 1e400}}')
    Traceback (most recent call last):
    ...
    delvekit.core.errors.InputError: request: not valid JSON: 1e400 is too large a number
    """
    jsonio.loads(body, where=where)


class JsonGuard:
    """ASGI middleware: JSON bodies of requests under ``prefix`` pass :func:`check_body` or get 422."""

    def __init__(self, app: ASGIApp, prefix: str) -> None:
        self.app = app
        self.prefix = prefix

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not str(scope.get("path", "")).startswith(self.prefix):
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers", []))
        if scope.get("method") not in ("POST", "PUT", "PATCH") or b"json" not in headers.get(
            b"content-type", b""
        ):
            await self.app(scope, receive, send)
            return
        messages: list[Message] = []
        body = b""
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                break
            body += message.get("body", b"")
            if not message.get("more_body", False):
                break
        if body and not body.strip():  # spaces only: say so, not the parser's "JSON decode error"
            await _refuse(str(InputError("the body is blank: send one JSON document", where="request")), send)
            return
        if body.strip():
            try:
                check_body(body)
            except InputError as exc:
                await _refuse(str(exc), send)
                return
        replay = iter(messages)

        async def replay_receive() -> Message:
            message = next(replay, None)
            return message if message is not None else await receive()

        await self.app(scope, replay_receive, send)


async def _refuse(detail: str, send: Send) -> None:
    body = json.dumps({"detail": detail, "errors": []}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 422,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})

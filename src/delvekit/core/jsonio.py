"""Reading JSON that a user hands us: one clear error for every way a document can be bad.

Every face and loader decodes untrusted JSON through :func:`loads` so that bad bytes, bad
syntax, ``NaN``/``Infinity``, numbers too big to read (``1e400``), and nesting deep enough to exhaust the
interpreter's stack all become one :class:`~delvekit.core.errors.InputError` naming the source,
never a ``RecursionError`` or ``UnicodeDecodeError`` traceback.

>>> loads('{"a": [1, 2]}', where="x.json")
{'a': [1, 2]}
>>> loads('[NaN]', where="x.json")
Traceback (most recent call last):
...
delvekit.core.errors.InputError: x.json: not valid JSON: NaN is not a JSON number
>>> loads('[' * 200 + ']' * 200, where="x.json")
Traceback (most recent call last):
...
delvekit.core.errors.InputError: x.json: nested more than 64 levels deep
"""

from __future__ import annotations

import json
import math
import re
from typing import Any, Final

from delvekit.core.errors import InputError

MAX_DEPTH: Final[int] = 64
"""No document of ours nests deeper than a dozen levels; 64 leaves room and keeps every
recursive walk over a decoded document far from the interpreter's recursion limit."""

MAX_SHOWN: Final[int] = 60


class _BadConstant(ValueError):
    pass


def _no_constant(name: str) -> Any:
    raise _BadConstant(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _BadConstant(f"{_short(text, 40)} is too large a number")
    return value


def decode_text(data: bytes, *, where: str) -> str:
    """``data`` as UTF-8 text; invalid bytes raise :class:`InputError` naming ``where``.

    >>> decode_text(b'{"id": "brut\\xe9"}', where="classes/brute.json")
    Traceback (most recent call last):
    ...
    delvekit.core.errors.InputError: classes/brute.json: not UTF-8 text (invalid byte 0xe9 at offset 12)
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        bad = data[exc.start : exc.start + 1].hex()
        message = f"not UTF-8 text (invalid byte 0x{bad} at offset {exc.start})"
        raise InputError(message, where=where) from None


def depth(value: object) -> int:
    """How deeply ``value`` nests lists and objects (a scalar is 0), without recursion.

    >>> depth([1, {"a": [2]}])
    3
    """
    deepest = 0
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        node, level = stack.pop()
        if isinstance(node, dict):
            children: Any = node.values()
        elif isinstance(node, list | tuple):
            children = node
        else:
            continue
        level += 1
        deepest = max(deepest, level)
        if level > MAX_DEPTH:
            return level
        stack.extend((child, level) for child in children)
    return deepest


def check_depth(value: object, *, where: str) -> None:
    """Raise :class:`InputError` when ``value`` nests deeper than :data:`MAX_DEPTH`."""
    if depth(value) > MAX_DEPTH:
        raise InputError(f"nested more than {MAX_DEPTH} levels deep", where=where)


def loads(data: str | bytes, *, where: str) -> Any:
    """Decode one JSON document strictly (see the module docstring)."""
    text = decode_text(data, where=where) if isinstance(data, bytes | bytearray) else data
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except json.JSONDecodeError as exc:
        raise InputError(
            f"not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}", where=where
        ) from None
    except RecursionError:
        raise InputError(f"nested more than {MAX_DEPTH} levels deep", where=where) from None
    except ValueError as exc:  # NaN/Infinity, or an integer with thousands of digits
        raise InputError(f"not valid JSON: {_short(str(exc))}", where=where) from None
    check_depth(value, where=where)
    return value


def shown(value: object, limit: int = MAX_SHOWN) -> str:
    """``repr(value)`` cut to ``limit`` characters, for echoing user input in one-line errors.

    >>> shown("x" * 100, 10)
    "'xxxxx...(102 characters)"
    """
    try:
        text = repr(value)
    except RecursionError:
        text = f"<{type(value).__name__} nested too deeply>"
    return text if len(text) <= limit else f"{text[: limit - 4]}...({len(text)} characters)"


def _short(text: str, limit: int = 200) -> str:
    text = text.replace("\r", "\\r").replace("\n", "\\n")  # one line, even for a field named "\n"
    return text if len(text) <= limit else text[: limit - 3] + "..."


_TYPE_WORDS = {
    "int": "a whole number",
    "float": "a number",
    "str": "text",
    "bool": "true or false",
    "array": "a list",
    "object": "an object",
    "null": "empty",
}
_EXPECTED = re.compile(r"^Expected `([^`]+)`, got `([^`]+)`(?: - at `\$\.?([^`]*)`)?$")


def plain_validation(exc: Exception, limit: int = 300) -> str:
    """A msgspec validation error in a person's words (its message is the only form msgspec
    gives), cut to ``limit`` characters.

    >>> import msgspec
    >>> class Buy(msgspec.Struct):
    ...     item: int
    >>> try:
    ...     msgspec.convert({"item": "one"}, Buy)
    ... except msgspec.ValidationError as exc:
    ...     plain_validation(exc)
    'item must be a whole number, not text'
    """
    text = str(exc)
    m = _EXPECTED.match(text)
    if m:
        expected, got, field = m.groups()
        field = (field or "the value").replace("[", " ").replace("]", "").replace(".", " ").strip()
        want = " or ".join(_TYPE_WORDS.get(t.strip(), t.strip()) for t in expected.split("|"))
        text = f"{field} must be {want}, not {_TYPE_WORDS.get(got, got)}"
    return _short(text, limit)

"""A small, safe expression language for values printed as formulas in the game's data.

Scenario rules and boss stats write numbers such as ``8xC`` (eight times the number of
characters), ``4+(2xL)`` or conditions such as ``R == 1``. This module parses those texts with a
hand-written tokenizer and recursive-descent parser (never ``eval``) into an immutable
:class:`Expr` tree that can be evaluated many times with different variables.

The language:

* integers (``0``, ``12``) and variables: an upper-case letter followed by upper-case letters,
  digits or ``_`` (``C`` characters, ``L`` scenario level, ``R`` round, ``X`` a value given by
  the rule that uses the expression);
* arithmetic on integers: ``+``, ``-`` (also unary), ``x`` or ``*`` (multiply), ``/`` (divide,
  rounding **up**, the game's usual convention), ``//`` (divide, rounding down), ``%``
  (remainder);
* comparisons ``==``, ``!=``, ``<``, ``<=``, ``>``, ``>=`` give a truth value;
* ``and``/``&&``, ``or``/``||``, ``not``/``!`` combine truth values;
* parentheses.

Types are checked when parsing: ``C + (R == 1)`` or ``C and R`` is refused.

>>> parse("8xC").evaluate(C=3)
24
>>> parse("4+(2xL)").evaluate(L=2)
8
>>> parse("R == 1").evaluate(R=1)
True
>>> parse("R % 2 == 0 || C > 2").evaluate(R=3, C=3)
True
>>> sorted(parse("Cx(3+L)").variables)
['C', 'L']
>>> str(parse("(11xC)/2"))
'11xC/2'
>>> parse("(11xC)/2").evaluate(C=3)
17
>>> parse("2+(LxC//2)").evaluate(L=3, C=3)
6
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Literal, TypeAlias

from delvekit.core.errors import ContentError

Value: TypeAlias = int | bool
Kind: TypeAlias = Literal["int", "bool"]

_TOKEN = re.compile(
    r"\s*(?:(?P<int>\d+)|(?P<var>[A-Z][A-Z0-9_]*)|(?P<word>[a-z]+)"
    r"|(?P<op>//|==|!=|<=|>=|&&|\|\||[-+*/%<>()!]))"
)
_WORD_OPS = {"x": "*", "and": "&&", "or": "||", "not": "!"}

# Binding strength of binary operators (higher binds tighter).
_BINARY: dict[str, int] = {
    "||": 1,
    "&&": 2,
    "==": 3,
    "!=": 3,
    "<": 3,
    "<=": 3,
    ">": 3,
    ">=": 3,
    "+": 4,
    "-": 4,
    "*": 5,
    "/": 5,
    "//": 5,
    "%": 5,
}
_COMPARISONS = frozenset({"==", "!=", "<", "<=", ">", ">="})
_LOGIC = frozenset({"&&", "||"})
# Operators whose right operand may drop its parentheses when its top operator is listed here:
# a+(b-c) is a+b-c on integers, but a x (b/c) is not a x b/c (division rounds).
_ASSOCIATIVE: dict[str, frozenset[str]] = {
    "+": frozenset({"+", "-"}),
    "&&": frozenset({"&&"}),
    "||": frozenset({"||"}),
}
_CANONICAL_TEXT = {"*": "x", "&&": " and ", "||": " or "}
_DISPLAY = {"*": "x", "&&": "and", "||": "or"}


class Expr:
    """A parsed expression: evaluate it with :meth:`evaluate`, print it with ``str``.

    ``kind`` is ``"int"`` for a number and ``"bool"`` for a condition; ``variables`` names every
    variable it reads; ``text`` is the source it was parsed from."""

    __slots__ = ("_canonical", "_fn", "kind", "text", "variables")

    def __init__(
        self,
        text: str,
        kind: Kind,
        variables: frozenset[str],
        fn: Callable[[dict[str, int]], Value],
        canonical: str,
    ) -> None:
        self.text = text
        self.kind: Kind = kind
        self.variables = variables
        self._fn = fn
        self._canonical = canonical

    def evaluate(self, **variables: int) -> Value:
        """The value for these variables; a missing variable or a division by zero raises
        :class:`ContentError` naming the expression."""
        missing = self.variables.difference(variables)
        if missing:
            raise ContentError(
                f"needs a value for {', '.join(sorted(missing))}", where=f"expression {self.text!r}"
            )
        try:
            return self._fn(variables)
        except ZeroDivisionError:
            raise ContentError("division by zero", where=f"expression {self.text!r}") from None

    def __str__(self) -> str:
        return self._canonical

    def __repr__(self) -> str:
        return f"Expr({self._canonical!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Expr) and other._canonical == self._canonical

    def __hash__(self) -> int:
        return hash(self._canonical)


# A node while parsing: (kind, evaluator, canonical text, precedence of its top operator, that
# operator or "" for a leaf, a unary or a parenthesised group).
_Node: TypeAlias = tuple[Kind, Callable[[dict[str, int]], Value], str, int, str]


def _tokenize(text: str) -> list[str]:
    tokens: list[str] = []
    pos = 0
    stripped = text.rstrip()
    while pos < len(stripped):
        match = _TOKEN.match(stripped, pos)
        if match is None or match.end() == pos:
            raise ContentError(
                f"unexpected character {stripped[pos:].lstrip()[:1]!r} at {pos}",
                where=f"expression {text!r}",
            )
        word = match.group("word")
        if word is not None:
            if word not in _WORD_OPS:
                raise ContentError(f"unknown word {word!r}", where=f"expression {text!r}")
            tokens.append(_WORD_OPS[word])
        else:
            tokens.append(match.group(match.lastgroup or "op"))
        pos = match.end()
    return tokens


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _tokenize(text)
        self.pos = 0
        self.variables: set[str] = set()

    def fail(self, message: str) -> ContentError:
        return ContentError(message, where=f"expression {self.text!r}")

    def peek(self) -> str | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self) -> str:
        token = self.peek()
        if token is None:
            raise self.fail("ends too early")
        self.pos += 1
        return token

    def parse(self) -> Expr:
        if not self.tokens:
            raise self.fail("is empty")
        kind, fn, canonical, _, _ = self.binary(1)
        if self.peek() is not None:
            raise self.fail(f"unexpected {self.peek()!r}")
        return Expr(self.text, kind, frozenset(self.variables), fn, canonical)

    def binary(self, min_strength: int) -> _Node:
        left = self.unary()
        while True:
            op = self.peek()
            strength = _BINARY.get(op or "", 0)
            if strength < min_strength or op is None:
                return left
            self.take()
            right = self.binary(strength + 1)
            left = self.combine(op, strength, left, right)
            if op in _COMPARISONS and self.peek() in _COMPARISONS:
                raise self.fail("comparisons cannot be chained; use and")

    def combine(self, op: str, strength: int, left: _Node, right: _Node) -> _Node:
        lkind, lf, ltext, lprec, _ = left
        rkind, rf, rtext, rprec, rop = right
        want: Kind = "bool" if op in _LOGIC else "int"
        if lkind != want or rkind != want:
            raise self.fail(f"{_DISPLAY.get(op, op)!r} needs {'conditions' if want == 'bool' else 'numbers'}")
        ltext = ltext if lprec >= strength else f"({ltext})"
        # At equal strength a right operand keeps its parentheses unless dropping them cannot
        # change the value: a-(b-c) and a x (b/c) (rounding) keep them, a+(b-c) does not.
        rtext = rtext if rprec > strength or rop in _ASSOCIATIVE.get(op, ()) else f"({rtext})"
        text = f"{ltext}{_CANONICAL_TEXT.get(op, f' {op} ' if strength <= 3 else op)}{rtext}"
        fn = _operator(op, lf, rf)
        kind: Kind = "bool" if op in _LOGIC or op in _COMPARISONS else "int"
        return (kind, fn, text, strength, op)

    def unary(self) -> _Node:
        token = self.take()
        if token == "-":
            kind, fn, text, prec, _ = self.unary()
            if kind != "int":
                raise self.fail("'-' needs a number")
            return ("int", lambda v: -int(fn(v)), f"-{text}" if prec >= 6 else f"-({text})", 6, "")
        if token == "!":
            # "not" binds more loosely than comparisons: ``not R == 1`` is ``not (R == 1)``.
            kind, fn, text, prec, _ = self.binary(3)
            if kind != "bool":
                raise self.fail("'not' needs a condition")
            return ("bool", lambda v: not fn(v), f"not {text}" if prec >= 3 else f"not ({text})", 2, "")
        if token == "(":
            node = self.binary(1)
            if self.peek() != ")":
                raise self.fail("missing ')'")
            self.take()
            return node
        if token.isdigit():
            number = int(token)
            return ("int", lambda v: number, str(number), 7, "")
        if token[0].isupper():
            name = token
            self.variables.add(name)
            return ("int", lambda v: v[name], name, 7, "")
        raise self.fail(f"unexpected {token!r}")


def _ceil_div(a: int, b: int) -> int:
    return -((-a) // b)


def _operator(
    op: str, lf: Callable[[dict[str, int]], Value], rf: Callable[[dict[str, int]], Value]
) -> Callable[[dict[str, int]], Value]:
    if op == "+":
        return lambda v: int(lf(v)) + int(rf(v))
    if op == "-":
        return lambda v: int(lf(v)) - int(rf(v))
    if op == "*":
        return lambda v: int(lf(v)) * int(rf(v))
    if op == "/":
        return lambda v: _ceil_div(int(lf(v)), int(rf(v)))
    if op == "//":
        return lambda v: int(lf(v)) // int(rf(v))
    if op == "%":
        return lambda v: int(lf(v)) % int(rf(v))
    if op == "==":
        return lambda v: lf(v) == rf(v)
    if op == "!=":
        return lambda v: lf(v) != rf(v)
    if op == "<":
        return lambda v: lf(v) < rf(v)
    if op == "<=":
        return lambda v: lf(v) <= rf(v)
    if op == ">":
        return lambda v: lf(v) > rf(v)
    if op == ">=":
        return lambda v: lf(v) >= rf(v)
    if op == "&&":
        return lambda v: bool(lf(v)) and bool(rf(v))
    if op == "||":
        return lambda v: bool(lf(v)) or bool(rf(v))
    raise AssertionError(op)  # pragma: no cover - _BINARY lists every operator


_CACHE: dict[str, Expr] = {}


def parse(text: str) -> Expr:
    """Parse ``text``; raises :class:`ContentError` naming the expression on bad syntax or a
    type mismatch. Parsed expressions are cached (they are immutable)."""
    cached = _CACHE.get(text)
    if cached is not None:
        return cached
    if not isinstance(text, str):
        raise ContentError(f"expected text, got {type(text).__name__}", where="expression")
    expr = _Parser(text).parse()
    if len(_CACHE) < 4096:
        _CACHE[text] = expr
    return expr


def value(text: str | int, **variables: int) -> int:
    """A number that may be written as a formula: ``value(5) == 5``, ``value("8xC", C=2) == 16``.

    >>> value("8xC", C=2)
    16
    """
    if isinstance(text, bool):
        raise ContentError("expected a number, got a truth value", where="expression")
    if isinstance(text, int):
        return text
    expr = parse(text)
    if expr.kind != "int":
        raise ContentError("is a condition, not a number", where=f"expression {text!r}")
    return int(expr.evaluate(**variables))

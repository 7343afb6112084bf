"""JSON from outside, read once and checked before anything else looks at it.

Python's ``json`` accepts documents that the rest of the stack cannot hold: a ``\\u0000`` in a string or a
key (PostgreSQL's ``text`` and ``jsonb`` refuse it), a lone surrogate such as ``"\\ud800"`` (no UTF-8 encoder
writes it, so the database driver or the response renderer fails), ``1e400`` (read as infinity, which no
JSON writer may write back) and nesting a thousand levels deep (the C decoder gives up with
``RecursionError``). Each of those used to reach a view and end as a 500. Here each is refused with the
path of the value, e.g. ``state.players.A.hand[3].name``, so the API and the pages that take pasted JSON
answer 400 naming it (``config.parsers.CheckedJSONParser`` for the API, :func:`loads_checked` for forms).

The checks walk the decoded value once, iteratively (no recursion, so depth costs nothing but the check),
and are linear in its size: a 5 MB event replay takes a fraction of a second.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

# The deepest document any endpoint takes is a dispute: $.state.players.A.monster_zones[0].materials[0]
# .link_arrows[0] is 9 levels. Twenty leaves room for what a later format version adds, and stops
# "nesting as a weapon" long before Python's own recursion limit (about 1,000).
MAX_DEPTH = 20
# A JSON integer is a count, an id or a score here; none comes near 64 bits, and no database column
# holds more (PostgreSQL's bigint). RFC 8259, section 6: interoperable integers are far smaller still.
MAX_INTEGER = 2**63 - 1
_SURROGATE = re.compile("[\ud800-\udfff]")
_PLAIN_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
# A \u escape of NUL or of a surrogate: how a refused character gets into a decoded string (the decoder
# refuses raw control characters, and UTF-8 cannot encode a surrogate). Looked for only after a plain
# substring search found a "\u" at all.
_SUSPECT_ESCAPE = re.compile(r"\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2})")
# The tokens that shape a document: strings (skipped whole, so brackets inside them do not count) and the
# structural characters. Used only to locate nesting that was too deep for the decoder itself.
_STRUCTURE = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{},:]', re.DOTALL)


@dataclass(frozen=True)
class JsonProblem:
    """One value that cannot be taken, located by its path in the document ("" is the document)."""

    path: str
    message: str

    def __str__(self) -> str:
        if not self.path:
            return gettext("the document: %(problem)s") % {"problem": self.message}
        return gettext("%(path)s: %(problem)s") % {"path": self.path, "problem": self.message}


class JsonInputError(ValueError):
    """The text is not JSON this server takes; ``problem`` says where and why."""

    def __init__(self, problem: JsonProblem) -> None:
        super().__init__(str(problem))
        self.problem = problem


def _too_deep(max_depth: int) -> str:
    return gettext("is nested more than %(depth)d levels deep") % {"depth": max_depth}


def _key_path(parent: str, key: str) -> str:
    """``parent.key``; a key that is not a plain word is written as a JSON string, escaped to ASCII so the
    path itself never carries the NUL or the surrogate it reports."""
    if _PLAIN_KEY.match(key):
        return f"{parent}.{key}" if parent else key
    return f"{parent}[{json.dumps(key, ensure_ascii=True)}]"


def _string_problem(text: str, *, key: bool = False) -> str | None:
    if "\x00" in text:
        if key:
            return gettext("the key contains a NUL character (\\u0000), which is not allowed")
        return gettext("contains a NUL character (\\u0000), which is not allowed")
    if not text.isascii() and _SURROGATE.search(text):
        if key:
            return gettext(
                "the key contains a lone surrogate (such as \\ud800): not a character, so not valid text"
            )
        return gettext("contains a lone surrogate (such as \\ud800): not a character, so not valid text")
    return None


def _scalar_problem(value: object) -> str | None:
    # bool is an int: true and false are fine.
    if isinstance(value, str):
        return _string_problem(value)
    if isinstance(value, float) and not math.isfinite(value):
        return gettext("is not a finite number (a number such as 1e400 is out of range)")
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_INTEGER:
        return gettext("is out of range: whole numbers are at most %(most)s in size") % {"most": MAX_INTEGER}
    return None


def _children(value: dict[str, Any] | list[Any], path: str) -> Iterator[tuple[str, object, str | None]]:
    """(path, child, problem with the key) for each child of a container, in document order."""
    if isinstance(value, dict):
        for key, item in value.items():
            where = _key_path(path, key)
            yield where, item, _string_problem(key, key=True)
    else:
        for index, item in enumerate(value):
            yield f"{path}[{index}]", item, None


def find_problem(value: object, *, max_depth: int = MAX_DEPTH) -> JsonProblem | None:
    """The first value of a decoded document this server does not take, or ``None``."""
    problem = _scalar_problem(value)
    if problem is not None:
        return JsonProblem("", problem)
    if not isinstance(value, dict | list):
        return None
    stack: list[tuple[dict[str, Any] | list[Any], str, int]] = [(value, "", 1)]
    while stack:
        container, path, depth = stack.pop()
        if depth > max_depth:
            return JsonProblem(path, _too_deep(max_depth))
        nested: list[tuple[dict[str, Any] | list[Any], str, int]] = []
        for where, item, key_problem in _children(container, path):
            if key_problem is not None:
                return JsonProblem(where, key_problem)
            if isinstance(item, dict | list):
                nested.append((item, where, depth + 1))
                continue
            problem = _scalar_problem(item)
            if problem is not None:
                return JsonProblem(where, problem)
        stack.extend(reversed(nested))  # so the first child is looked at first
    return None


def _too_deep_path(text: str, max_depth: int) -> str:
    """Where nesting first goes past ``max_depth``, for a document too deep to decode at all."""
    frames: list[list[Any]] = []  # [kind, path, current index or key]
    expecting_key = False
    for match in _STRUCTURE.finditer(text):
        piece = match.group()
        if piece in "[{":
            if frames:
                kind, path, current = frames[-1]
                here = f"{path}[{current}]" if kind == "[" else _key_path(path, str(current))
            else:
                here = ""
            frames.append([piece, here, 0 if piece == "[" else ""])
            expecting_key = piece == "{"
            if len(frames) > max_depth:
                return here
        elif piece in "]}":
            if frames:
                frames.pop()
            expecting_key = False
        elif piece == ",":
            if frames and frames[-1][0] == "[":
                frames[-1][2] += 1
            expecting_key = bool(frames) and frames[-1][0] == "{"
        elif piece == ":":
            expecting_key = False
        elif expecting_key and frames:
            try:
                frames[-1][2] = json.loads(piece)
            except ValueError:
                frames[-1][2] = "?"
            expecting_key = False
    return ""


def _deeper_than(value: object, max_depth: int) -> bool:
    """Does ``value`` nest more than ``max_depth`` containers deep? Level by level, in comprehensions."""
    level = [value] if isinstance(value, dict | list) else []
    depth = 0
    while level:
        depth += 1
        if depth > max_depth:
            return True
        level = [
            item
            for container in level
            for item in (container.values() if isinstance(container, dict) else container)
            if isinstance(item, dict | list)
        ]
    return False


def loads_checked(text: str, *, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads`` for text from outside: raises :class:`JsonInputError` (a ``ValueError``) naming the
    path of a value this server does not take; text that is not JSON raises ``json.JSONDecodeError`` as
    ``json.loads`` does (its line and column are what a person needs there).

    The walk over every value (:func:`find_problem`) runs only when the text could hold a problem: a
    number out of range was read, a NUL or surrogate escape appears, or the value nests too deep.
    """
    out_of_range: list[str] = []

    def read_int(number: str) -> int:
        value = int(number)
        if len(number) > 18 and abs(value) > MAX_INTEGER:
            out_of_range.append(number)
        return value

    def read_float(number: str) -> float:
        value = float(number)
        if not math.isfinite(value):
            out_of_range.append(number)
        return value

    def read_constant(name: str) -> float:
        out_of_range.append(name)  # NaN, Infinity, -Infinity: not JSON at all (RFC 8259, section 6)
        return float(name)

    try:
        value = json.loads(text, parse_float=read_float, parse_int=read_int, parse_constant=read_constant)
    except RecursionError:
        path = _too_deep_path(text, max_depth)
        raise JsonInputError(JsonProblem(path, _too_deep(max_depth))) from None
    except json.JSONDecodeError:
        raise
    except ValueError as error:  # e.g. an integer of more digits than Python converts
        message = gettext("not JSON this server reads: %(error)s") % {"error": error}
        raise JsonInputError(JsonProblem("", message)) from None
    escaped = "\\u" in text and _SUSPECT_ESCAPE.search(text) is not None
    if out_of_range or escaped or _deeper_than(value, max_depth):
        problem = find_problem(value, max_depth=max_depth)
        if problem is not None:
            raise JsonInputError(problem)
    return value

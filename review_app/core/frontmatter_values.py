"""Frontmatter values no note text can hold: read before anything is made of them, so a
note holding one is reported as a problem and left untouched rather than stopping a scan."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

MAX_INT_BITS = 14_000
"""A frontmatter number longer than this (about 4,200 decimal digits) cannot be written as
text: `str` refuses it (Python's limit on integer-to-text conversion)."""


def unreadable_value(value: Any, depth: int = 0) -> str | None:  # noqa: ANN401 - any YAML value
    """Why a frontmatter value cannot be read as text, or None: half of a surrogate pair
    (`title: "\\ud83d"` decodes to no character a note can hold) or a number of thousands of
    digits (`title: 0xfff...`)."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return "holds half of a surrogate pair (an escape such as \\ud83d), no character"
        return None
    if isinstance(value, int):
        return ("holds a number of thousands of digits"
                if value.bit_length() > MAX_INT_BITS else None)
    if depth < 8 and isinstance(value, dict):
        items: Iterable[Any] = (x for kv in value.items() for x in kv)
    elif depth < 8 and isinstance(value, list | tuple | set):
        items = value
    else:
        return None
    return next((why for x in items if (why := unreadable_value(x, depth + 1)) is not None), None)

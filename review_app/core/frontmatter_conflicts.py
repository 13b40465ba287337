"""Frontmatter facts on which two notes of a group disagree ("type: person vs project").

Shown for any group in the console and used by audits to lower a pair's score: two
notes that claim different things about themselves are less likely one note.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from .notes import Note

DEFAULT_TYPE = "note"
"""basic-memory's type when the writer gave none: it claims nothing, so it never conflicts."""

_IGNORED_KEYS = frozenset({"title", "permalink", "tags", "created", "modified", "updated",
                           "important"})


def _norm_value(value: Any) -> Any:
    if isinstance(value, dt.datetime | dt.date):
        return value.isoformat()
    if isinstance(value, str):
        return " ".join(value.split()).casefold()
    if isinstance(value, list | tuple | set):
        return frozenset(str(_norm_value(v)) for v in value)
    if isinstance(value, dict):
        return json.dumps(value, sort_keys=True, default=str).casefold()
    return value


def _show(value: Any) -> str:
    text = ", ".join(map(str, value)) if isinstance(value, list | tuple) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def metadata_conflicts(a: Note, b: Note) -> list[str]:
    """Frontmatter facts on which two notes disagree, e.g. "type: person vs project".

    Compares `type` (basic-memory's default `note` claims nothing) and every
    user-defined key both notes set; keys only one note has are additions, not
    conflicts. title/permalink/tags/dates/important are expected to differ
    between duplicates and are left out.
    """
    out: list[str] = []
    if a.type != b.type and DEFAULT_TYPE not in (a.type, b.type):
        out.append(f"type: {a.type} vs {b.type}")
    for key in a.metadata:
        if key in _IGNORED_KEYS or key == "type" or key not in b.metadata:
            continue
        va, vb = a.metadata[key], b.metadata[key]
        if va in (None, "") or vb in (None, ""):
            continue
        if _norm_value(va) != _norm_value(vb):
            out.append(f"{key}: {_show(va)} vs {_show(vb)}")
    return out

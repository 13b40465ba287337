"""Check a plan document's shape before anything reads it, so a hand-edited or
hostile plan fails with the group and field that are wrong, not a traceback."""

from __future__ import annotations

import re
from typing import Any

from ..decisions import LEAVING, WRITING
from ..journal import UnsafePath, checked_relative
from .changes import PlanError

__all__ = ["LEAVING", "WRITING", "validate_document"]
_SHA = re.compile(r"^[0-9a-f]{64}$")
_MAX_SHOWN = 8


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    return {dict: "an object", list: "a list", str: "a string", bool: "true/false",
            int: "a number", float: "a number"}.get(type(value), type(value).__name__)


class _Checker:
    def __init__(self) -> None:
        self.problems: list[str] = []

    def add(self, where: str, field: str, message: str) -> None:
        self.problems.append(f"{where}: {field} {message}")

    def path(self, where: str, field: str, value: Any, *, optional: bool = False) -> bool:
        if value is None and optional:
            return True
        if not isinstance(value, str) or not value:
            self.add(where, field, f"must be a note path (a string), not {_kind(value)}")
            return False
        try:
            checked_relative(value)
        except UnsafePath:
            self.add(where, field, f"{value!r} is not a path inside the project")
            return False
        return True

    def sha(self, where: str, field: str, value: Any) -> None:
        if not isinstance(value, str) or not _SHA.match(value):
            shown = "missing" if value is None else f"{_kind(value)} {value!r}"[:60]
            self.add(where, field, f"must be the note's sha256 from the scan, not {shown} "
                                   "(re-run 'bm-review scan --format json')")


def _where(i: int, g: dict) -> str:
    gid = g.get("id")
    return f"group {i + 1}" + (f" (id {gid!r})" if isinstance(gid, str) and gid else "")


def validate_document(doc: Any) -> None:
    """Raise PlanError naming every malformed group and field (the first few)."""
    if not isinstance(doc, dict):
        raise PlanError(f"the plan must be a JSON object, not {_kind(doc)}")
    groups = doc.get("groups")
    if not isinstance(groups, list):
        raise PlanError("the plan has no \"groups\" list (expected the output of "
                        "'bm-review scan --format json')")
    bad = _not_text(doc)
    if bad:
        raise PlanError("the plan is malformed, nothing was applied:\n  " + "\n  ".join(
            f"{where} holds a character that is not valid text (a lone surrogate escape such as "
            "\\ud800)" for where in bad[:_MAX_SHOWN]))
    project = doc.get("project")
    ck = _Checker()
    if project is not None and not isinstance(project, str):
        ck.add("the plan", "\"project\"", f"must be a folder path, not {_kind(project)}")
    for i, g in enumerate(groups):
        if not isinstance(g, dict):
            ck.problems.append(f"group {i + 1}: must be an object, not {_kind(g)}")
            continue
        where = _where(i, g)
        action = g.get("action")
        if action is not None and not isinstance(action, str):
            ck.add(where, "\"action\"", f"must be one of update, merge, skip, distinct, not "
                                        f"{_kind(action)}")
            continue
        if action not in WRITING:
            continue  # left alone (or reported as an unknown action)
        _check_group(ck, where, g)
    if ck.problems:
        shown = ck.problems[:_MAX_SHOWN]
        more = len(ck.problems) - len(shown)
        raise PlanError("the plan is malformed, nothing was applied:\n  " + "\n  ".join(shown)
                        + (f"\n  ... and {more} more" if more else ""))


def _not_text(value: Any, where: str = "the plan") -> list[str]:
    """Where a string of the document (or a key) cannot be written as UTF-8: JSON's
    "\\ud800" escape decodes to a lone surrogate, which every path, note or journal
    write would later fail on, some after other groups were written."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return [where]
        return []
    out: list[str] = []
    if isinstance(value, dict):
        for k, v in value.items():
            at = f"{where}[{k!r}]"[:120]  # (repr escapes a surrogate: printable)
            out += _not_text(k, f"{where}, key {k!r}"[:120]) if isinstance(k, str) else []
            out += _not_text(v, at)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _not_text(v, f"{where}[{i}]")
    return out


_CHOICES = frozenset({"carry", "drop", "newer", "older"})


def _check_group(ck: _Checker, where: str, g: dict) -> None:
    if not isinstance(g.get("id"), str) or not g.get("id"):
        ck.add(where, "\"id\"", f"must be the group id from the scan, not {_kind(g.get('id'))}")
    ck.path(where, "\"canonical\"", g.get("canonical"))
    ck.sha(where, "\"canonical_sha256\"", g.get("canonical_sha256"))
    ck.path(where, "\"original_canonical\"", g.get("original_canonical"), optional=True)
    ck.path(where, "\"keep\"", g.get("keep"), optional=True)
    choices = g.get("choices")
    if choices is not None and not (isinstance(choices, dict) and all(
            isinstance(k, str) and v in _CHOICES for k, v in choices.items())):
        ck.add(where, "\"choices\"", "must map ledger keys to carry, drop, newer or older")
    if g.get("text") is not None and not isinstance(g.get("text"), str):
        ck.add(where, "\"text\"", f"must be the note's text, not {_kind(g.get('text'))}")
    removed = g.get("removed")
    if removed is not None:
        if not isinstance(removed, list):
            ck.add(where, "\"removed\"", f"must be a list of note paths, not {_kind(removed)}")
        else:
            for j, r in enumerate(removed):
                ck.path(where, f"\"removed\"[{j}]", r)
    members = g.get("members")
    if not isinstance(members, list):
        ck.add(where, "\"members\"", f"must be a list of objects, not {_kind(members)}")
        return
    for j, m in enumerate(members):
        field = f"\"members\"[{j}]"
        if not isinstance(m, dict):
            ck.add(where, field, f"must be an object with \"path\" and \"sha256\", not "
                                 f"{_kind(m)}")
            continue
        ck.path(where, field + ".path", m.get("path"))
        ck.sha(where, field + ".sha256", m.get("sha256"))

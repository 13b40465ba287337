"""Helpers for the apply/undo tests: note folders, plan documents, tree hashes."""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import re
import stat
from pathlib import Path

from review_app.core.apply import Hooks
from review_app.core.grouping import group_id
from review_app.core.notes import Note, render_note
from review_app.core.project import Project, load_notes


def write_note(root: Path, rel: str, title: str, body: str, **meta) -> Path:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    metadata = {"title": title, "type": meta.pop("type", "note"),
                "permalink": meta.pop("permalink", rel[:-3].replace("_", "-").lower()), **meta}
    path.write_text(render_note(metadata, body), encoding="utf-8")
    return path


def notes_of(root: Path) -> dict[str, Note]:
    notes, problems = load_notes(root)
    assert not problems, problems
    return {n.path: n for n in notes}


def group_doc(root: Path, canonical: str, members: list[str], action: str | None,
              **extra) -> dict:
    """One group of a scan document (as pipeline.group_json writes it), hashes from disk."""
    notes = notes_of(root)
    return {
        "id": group_id([canonical, *members]), "score": 0.9, "canonical": canonical,
        "canonical_title": notes[canonical].title, "canonical_reason": "test",
        "canonical_sha256": notes[canonical].sha256,
        "canonical_important": notes[canonical].important,
        "members": [{"path": m, "title": notes[m].title, "score": 0.9, "evidence": {},
                     "reasons": [], "important": notes[m].important,
                     "sha256": notes[m].sha256} for m in members],
        **({"action": action} if action else {}), **extra,
    }


def plan_doc(root: Path, *groups: dict) -> dict:
    return {"project": str(root), "groups": list(groups)}


def tree_hashes(root: Path, *, include_state: bool = False) -> dict[str, str]:
    """sha256 of every file under root (the .bm-review state folder left out by default)."""
    out = {}
    for p in sorted(root.rglob("*")):
        rel = p.relative_to(root).as_posix()
        if not include_state and rel.split("/")[0] == ".bm-review":
            continue
        if p.is_file():
            out[rel] = hashlib.sha256(p.read_bytes()).hexdigest()
    return out


def files_under(folder: Path) -> list[str]:
    if not folder.exists():
        return []
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def project(root: Path) -> Project:
    return Project(root)


class SimulatedCrash(BaseException):  # noqa: N818 - BaseException: nothing may clean up
    """Raised by `FailAfter` to stop an apply as a crash would."""


class FailAfter(Hooks):
    """Crash after `n` durable steps of an apply (counting every hook call)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.done = 0
        self.phases: list[str] = []

    def at(self, phase: str, path: str | None = None) -> None:
        self.done += 1
        self.phases.append(phase)
        if self.done >= self.n:
            raise SimulatedCrash(f"simulated crash at step {self.done} ({phase} {path or ''})")


class Counting(Hooks):
    """Counts the steps of an apply that runs through."""

    def __init__(self) -> None:
        self.phases: list[tuple[str, str | None]] = []

    def at(self, phase: str, path: str | None = None) -> None:
        self.phases.append((phase, path))


def tree_state(root: Path) -> dict[str, tuple]:
    """Everything undo must restore, per entry under root (the state folder left out):
    a file's bytes, mode and mtime; a symlink's target string. Folders are left out
    (their mtimes change whenever an entry comes and goes)."""
    out: dict[str, tuple] = {}
    for p in sorted(root.rglob("*")):
        rel = p.relative_to(root).as_posix()
        if rel.split("/")[0] == ".bm-review":
            continue
        st = os.lstat(p)
        if stat.S_ISLNK(st.st_mode):
            out[rel] = ("link", os.readlink(p))
        elif stat.S_ISREG(st.st_mode):
            out[rel] = ("file", hashlib.sha256(p.read_bytes()).hexdigest(),
                        stat.S_IMODE(st.st_mode), st.st_mtime_ns)
    return out


def rich_kb(root: Path) -> Path:
    """The small kb made less friendly: a private (0600) note, a note that is a symlink
    written through to a file in a dot-folder, and a retired note that is a symlink,
    every file with an old mtime."""
    os.chmod(root / "eng/pgbouncer_notes.md", 0o600)
    for rel, hidden in (("meetings/sync.md", ".shared/sync.md"),
                        ("eng/flags_v2.md", ".archive/flags-v2.md")):
        (root / hidden).parent.mkdir(parents=True, exist_ok=True)
        os.replace(root / rel, root / hidden)
        depth = rel.count("/")
        os.symlink("../" * depth + hidden, root / rel)
    old = 1_700_000_000
    for p in root.rglob("*"):
        if p.is_file() and not p.is_symlink():
            os.utime(p, (old, old))
            old += 3600
    return root


def _head_key(text: str, key: str) -> str | None:
    head = text[: text.index("\n---\n", 4)] if text.startswith("---\n") else ""
    m = re.search(rf"(?m)^{key}:[ \t]*(.*)$", head)
    return m.group(1).strip() if m else None


def assert_written_now(before: str, after: str, since: dt.date) -> None:
    """A write (issue 18) set the file's `modified:` to the day it wrote (UTC, `since` or
    later: a write refreshes it, never removes it) and left its `type:` as it was."""
    old, new = _head_key(before, "modified"), _head_key(after, "modified")
    assert old is not None and new is not None, (old, new)
    days = {(since + dt.timedelta(days=k)).isoformat() for k in (0, 1)}
    assert new[:10] in days and new != old, (old, new)
    assert _head_key(after, "type") == _head_key(before, "type")

"""Edits made to a group before it is decided: the chosen canonical and the members
taken out, kept in `.bm-review/edits.jsonl` so quitting never loses them.

Append-only like the decisions log, and a file of its own so the decisions log
(read by apply, undo and audits) keeps its meaning. Each record is the whole edit
state of one group; the latest record wins. Like a decision, an edit holds the
hashes of the group's notes and is dropped when any of them changes.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path

from .notes import Note

EDITS_FILE = "edits.jsonl"


@dataclass
class GroupEdit:
    group_id: str
    canonical: str | None  # chosen by the person; None: the automatic choice
    removed: list[str] = field(default_factory=list)
    hashes: dict[str, str] = field(default_factory=dict)  # path -> sha256 when edited
    time: str = ""

    def still_valid(self, notes: dict[str, Note]) -> bool:
        return all(p in notes and notes[p].sha256 == h for p, h in self.hashes.items())

    @property
    def empty(self) -> bool:
        return self.canonical is None and not self.removed


class EditStore:
    def __init__(self, state_dir: Path) -> None:
        self.path = Path(state_dir) / EDITS_FILE

    def record(self, edit: GroupEdit) -> GroupEdit:
        edit.time = edit.time or dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        line = (json.dumps(asdict(edit), ensure_ascii=False) + "\n").encode("utf-8")
        # One write() on an O_APPEND descriptor: concurrent appends do not interleave.
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, line)
            os.fsync(fd)
        finally:
            os.close(fd)
        return edit

    def latest(self) -> dict[str, GroupEdit]:
        """The edit in force for each group (an empty one means: back to automatic)."""
        if not self.path.exists():
            return {}
        out: dict[str, GroupEdit] = {}
        for line in self.path.read_text(encoding="utf-8", errors="replace").splitlines():
            try:
                rec = json.loads(line)
                edit = GroupEdit(str(rec["group_id"]), rec.get("canonical"),
                                 list(rec.get("removed") or []), dict(rec.get("hashes") or {}),
                                 str(rec.get("time", "")))
            except (ValueError, KeyError, TypeError):
                continue  # a torn last line from a crash
            out[edit.group_id] = edit
        return out

    def valid(self, notes: dict[str, Note]) -> dict[str, GroupEdit]:
        return {gid: e for gid, e in self.latest().items()
                if not e.empty and e.still_valid(notes)}

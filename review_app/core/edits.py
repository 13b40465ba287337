"""Edits made to a group before it is decided: the chosen canonical, the kept file, the
members taken out, the person's flips of the merge ledger and their edited note text,
kept in `.bm-review/edits.jsonl` so quitting never loses them.

Append-only like the decisions log, and a file of its own so the decisions log
(read by apply, undo and audits) keeps its meaning. Each record is the whole edit
state of one group; the latest record wins. Like a decision, an edit holds the
hashes of the group's notes and is dropped when any of them changes.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path

from .dating import now_iso
from .decisions import unchanged
from .jsonl import SyncFn, append_record, read_records
from .notes import Note

EDITS_FILE = "edits.jsonl"


@dataclass
class GroupEdit:
    group_id: str
    canonical: str | None  # chosen by the person; None: the automatic choice
    removed: list[str] = field(default_factory=list)
    hashes: dict[str, str] = field(default_factory=dict)  # path -> sha256 when edited
    time: str = ""
    keep: str | None = None  # the kept file chosen by the person; None: the default
    choices: dict[str, str] = field(default_factory=dict)  # ledger key -> carry|drop|older
    text: str | None = None  # the note as the person edited it (written as is)

    def still_valid(self, notes: dict[str, Note]) -> bool:
        return unchanged(self.hashes, notes)  # the rule decisions follow

    @property
    def empty(self) -> bool:
        return (self.canonical is None and not self.removed and self.keep is None
                and not self.choices and self.text is None)


class EditStore:
    def __init__(self, state_dir: Path, sync: SyncFn | None = None) -> None:
        self.path = Path(state_dir) / EDITS_FILE
        self.sync = sync  # as DecisionStore's

    def record(self, edit: GroupEdit) -> GroupEdit:
        edit.time = edit.time or now_iso()
        append_record(self.path, asdict(edit), self.sync)
        return edit

    def latest(self) -> dict[str, GroupEdit]:
        """The edit in force for each group (an empty one means: back to automatic)."""
        out: dict[str, GroupEdit] = {}
        for rec in read_records(self.path):
            try:
                edit = GroupEdit(str(rec["group_id"]), rec.get("canonical"),
                                 list(rec.get("removed") or []), dict(rec.get("hashes") or {}),
                                 str(rec.get("time", "")), rec.get("keep"),
                                 {str(k): str(v) for k, v in (rec.get("choices") or {}).items()},
                                 text if isinstance(text := rec.get("text"), str) else None)
            except (KeyError, TypeError, AttributeError, ValueError):
                continue
            out[edit.group_id] = edit
        return out

    def valid(self, notes: dict[str, Note]) -> dict[str, GroupEdit]:
        return {gid: e for gid, e in self.latest().items()
                if not e.empty and e.still_valid(notes)}

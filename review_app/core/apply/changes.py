"""The records every stage of an apply shares: one change per file (the plan's and the
journal's), conflicts and skips, the errors, and the hooks tests use to stop an apply.

A change is worked out once: `FileChange.op` says updated / retired / created, and
the plan summary, the apply report and `undo --list` all read it from there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..journal import sha256_text

UPDATED, RETIRED, CREATED = "updated", "retired", "created"


@dataclass
class FileChange:
    """One file an apply writes, retires or creates.

    `after` is the text to write (None: the file is retired). A change read back
    from a journal has no texts, only their hashes (`after_hash`).
    """

    path: str
    before_sha256: str | None  # None: the file is created
    after: str | None  # None: retired (moved to the trash)
    kind: str  # update | merge | retire | links | create
    before: str | None = field(default=None, repr=False)  # text, for diffs
    links: int = 0  # links rewritten in this file
    group_ids: list[str] = field(default_factory=list)
    write_to: str | None = None  # the path is a symlink: the file inside the project written
    link: str | None = None  # the path is a symlink: its target string, as it was
    after_hash: str | None = None  # from a journal, where the text is not kept

    @property
    def after_sha256(self) -> str | None:
        return sha256_text(self.after) if self.after is not None else self.after_hash

    @property
    def retired(self) -> bool:
        return self.after is None and self.after_hash is None

    @property
    def op(self) -> str:
        if self.retired:
            return RETIRED
        return CREATED if self.before_sha256 is None else UPDATED

    @property
    def target(self) -> str:
        """The path whose bytes change: the symlink's target when written through."""
        return self.write_to or self.path

    def to_record(self) -> dict[str, Any]:
        return {"path": self.path, "kind": self.kind, "before_sha256": self.before_sha256,
                "after_sha256": self.after_sha256, "links": self.links,
                "group_ids": self.group_ids, "write_to": self.write_to, "link": self.link}

    @classmethod
    def from_record(cls, rec: dict[str, Any]) -> FileChange:
        return cls(str(rec["path"]), rec.get("before_sha256"), None, str(rec.get("kind", "")),
                   links=int(rec.get("links") or 0), group_ids=list(rec.get("group_ids") or []),
                   write_to=rec.get("write_to"), link=rec.get("link"),
                   after_hash=rec.get("after_sha256"))


def counts(changes: list[FileChange]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {UPDATED: [], RETIRED: [], CREATED: []}
    for c in changes:
        out[c.op].append(c.path)
    return out


@dataclass(frozen=True)
class Conflict:
    """A group left alone because one of its notes cannot be written as planned."""

    group_id: str
    path: str
    reason: str

    def to_json(self) -> dict[str, str]:
        return {"group_id": self.group_id, "path": self.path, "reason": self.reason}

    def text(self) -> str:
        return f"CONFLICT group {self.group_id}: {self.path}: {self.reason}"


@dataclass(frozen=True)
class Skip:
    """A group with nothing to do (every other note must stay), with the reason."""

    group_id: str
    reason: str

    def to_json(self) -> dict[str, str]:
        return {"group_id": self.group_id, "reason": self.reason}


class ApplyError(Exception):
    """The apply did not happen; the message says why. No note was changed."""


class StaleFiles(ApplyError):  # noqa: N818 - reads as what it is
    """Files changed since the plan was made; nothing was written."""

    def __init__(self, paths: list[str]) -> None:
        self.paths = paths
        super().__init__("files changed since the plan was made (nothing written): "
                         + ", ".join(paths))


class PlanError(ApplyError):
    """A plan document is malformed; the message names the group and field."""


class UndoError(Exception):
    """Undo refused or impossible; the message says why. Nothing was written."""


class Hooks:
    """Called at each durable step of an apply; does nothing. Tests pass a subclass
    that crashes, pauses or fails a write there.

    Apply phases, in order: "preparing" (journal written), "backup" (after each
    backup), "applying" (backups complete), "write" (before each note is written or
    removed), "written" (after it), "applied" (every note written, before the
    journal says so). Undo: "undoing" (journal says so), "restored" (after each file).
    """

    def at(self, phase: str, path: str | None = None) -> None:
        return None


NO_HOOKS = Hooks()
_installed: list[Hooks] = [NO_HOOKS]


def install_hooks(hooks: Hooks | None) -> None:
    """Hooks every later apply and undo in this process uses when none are passed
    (crash tests that run the CLI in a subprocess install theirs before calling it)."""
    _installed[0] = hooks or NO_HOOKS


def active_hooks(hooks: Hooks | None) -> Hooks:
    return hooks or _installed[0]

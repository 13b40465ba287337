"""What one console run works on, built once and handed to every screen.

The screens used to reach into the app for the project, the options, the model and
the audit (`app.audit` assigned from the scan thread, behind `type: ignore`s); this
typed object holds them instead. Its audit is set on the UI thread only, from the
first scan's `ScanFinished`.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from ..core.audit_window import ConsoleAudit
from ..core.dating import now_iso
from ..core.embedding import Embedder
from ..core.jsonl import DeferredSync
from ..core.pipeline import ScanOptions
from ..core.project import Project


@dataclass
class ConsoleContext:
    project: Project
    options: ScanOptions = field(default_factory=ScanOptions)
    embedder: Embedder | None = None
    since: str | None = None  # audit window (--since): its groups are listed first
    audit: ConsoleAudit | None = None  # made on the first scan (with --since)
    started: str = field(default_factory=now_iso)  # skips made since then still hold
    # Decisions and edits are fsynced here, off the UI thread; the app waits on exit.
    syncer: DeferredSync = field(default_factory=DeferredSync)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def get_embedder(self) -> Embedder:
        """One model per run, loaded in the scan thread on first use, reused by re-scans."""
        with self._lock:
            if self.embedder is None:
                self.embedder = Embedder(self.options.model)
            return self.embedder

    @property
    def shown_path(self) -> str:
        """The demo's working copy, written where the user can find it ("~/…"); "" for a
        project the user named themselves (they know where it is)."""
        if self.project.name != "demo":
            return ""
        from pathlib import Path

        root, home = self.project.root, Path.home()
        try:
            return "~/" + root.relative_to(home).as_posix()
        except ValueError:
            return str(root)

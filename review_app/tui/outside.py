"""What other processes changed in the project while a console is open: decisions
made in another console, applies or undos by another console or the CLI.

Looked at once a second, in a worker (`OutsideChanges.look`, posted as
`messages.OutsideLooked`): a `stat` of the decision log and of the journal folder, the log
read only when its size or time changed. A slow or busy disk never holds up a key.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..core.decisions import DECISIONS_FILE
from ..core.journal import JOURNAL_DIR
from .messages import OutsideLooked
from .session import ReviewSession

CHECK_S = 1.0


def _stat(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


def _journals(state: Path) -> dict[str, tuple[int, int] | None]:
    """Every journal -> its stat: a new one is an apply, a changed one an undo."""
    try:
        return {p.stem: _stat(p) for p in (state / JOURNAL_DIR).glob("*.json")}
    except OSError:
        return {}


def _label(state: Path, apply_id: str) -> str:
    """"apply" for groups applied (by a console or `bm-review apply`); an upsert's or a
    proposal decision's write has its own label, and the proposals pane follows those."""
    try:
        return str(json.loads((state / JOURNAL_DIR / f"{apply_id}.json").read_text(
            encoding="utf-8")).get("label", ""))
    except (OSError, ValueError, AttributeError):
        return ""


class OutsideChanges:
    """Notices changes made beside this console (see the module doc)."""

    def __init__(self, session: ReviewSession) -> None:
        self.session = session
        self.state = session.result.project.state
        self._log = _stat(self.state / DECISIONS_FILE)
        self.resync()

    def resync(self) -> None:
        """Take the journals as they are now as known (after this console's own apply)."""
        self._journal_dir = _stat(self.state / JOURNAL_DIR)
        self._journals = _journals(self.state)

    def decisions_changed(self, known: dict[str, str]) -> bool:
        """True when the decision log says something other than `known` (group id ->
        action: what this session held when the look began), i.e. another console
        decided, undid or applied a group."""
        now = _stat(self.state / DECISIONS_FILE)
        if now == self._log:
            return False
        self._log = now
        s = self.session
        on_disk = {gid: d.action for gid, d in s.store.valid(s.notes, s.skips_since).items()}
        return on_disk != known

    def look_again(self) -> None:
        """Forget the log's last stat: the next look reads it (a look whose answer came
        after this session decided again compared the log with an older state)."""
        self._log = None

    def look(self, known: dict[str, str]) -> OutsideLooked:
        """Both checks, for a worker thread; `known` as in `decisions_changed`."""
        applies = self.new_applies()
        return OutsideLooked(applies, not applies and self.decisions_changed(known), known)

    def new_applies(self) -> set[str]:
        """Group applies (or their undos) another process made since the last look."""
        now = _stat(self.state / JOURNAL_DIR)
        if now == self._journal_dir:
            return set()
        self._journal_dir = now
        seen, self._journals = self._journals, _journals(self.state)
        changed = {j for j, st in self._journals.items() if seen.get(j) != st}
        return {j for j in changed if _label(self.state, j) == "apply"}

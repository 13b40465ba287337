"""The project's link index for one scan, built once and shared.

The console's load composes the first groups with it, its follow-up the next ones and the
previews the rest, so their composed results are one and the same (core/merge/memo.py
keys them by how relation targets resolve).
"""

from __future__ import annotations

import threading

from ..core.links import target_index
from ..core.notes import Note

_targets: tuple[dict[str, Note], dict[str, str]] | None = None
_targets_lock = threading.Lock()


def targets_of(notes: dict[str, Note]) -> dict[str, str]:
    """links.target_index of one scan's notes; rebuilt only for another scan's notes."""
    global _targets
    with _targets_lock:
        if _targets is None or _targets[0] is not notes:
            _targets = (notes, target_index(notes.values()))
        return _targets[1]

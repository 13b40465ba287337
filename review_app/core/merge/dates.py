"""Which member is newer: the stated-date rule (moved here unchanged from the old
engine's unit_placement.py; engineer "console" consolidates the "when was this note
written" functions)."""

from __future__ import annotations

import datetime as dt

from ..notes import Note


def stated_date(note: Note) -> dt.datetime:
    """When a note's content was last written, as the note states it.

    `modified:` (or `updated:`) where the note has it; else its `created:`; only
    then the file's mtime, which a copy or a checkout resets (a copy without a
    `modified:` key would otherwise always look newest).
    """
    for key in ("modified", "updated", "created"):
        if note.metadata.get(key) not in (None, ""):
            if key == "created" and note.created is not None:
                return note.created
            if key != "created":
                return note.modified
    return note.modified

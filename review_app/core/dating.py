"""When a note was last written, as the note itself says: one rule for the scan, the
canonical choice, the merge engine and the audit window.

A note's own `modified:` (else `updated:`, else `created:`) travels with it through a
copy, a `git clone` or a sync; the file's mtime does not (a fresh clone makes every note
"new"). So the order is: the note's own date, then basic-memory's record of the file
(`apply_file_dates`), and the mtime only for a note that says nothing.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .notes import Note

OWN_DATE_KEYS = ("modified", "updated", "created")
"""Frontmatter keys that date a note, the first present winning."""
FILE_MTIME = "file mtime"  # `Note.modified_source` when only the file's time dates a note


def utc_now() -> dt.datetime:
    """The one clock of the project: now, in UTC, to the second (aware)."""
    return dt.datetime.now(dt.UTC).replace(microsecond=0)


def naive_utc_now() -> dt.datetime:
    """`utc_now` without its zone, to compare with note dates (naive UTC)."""
    return utc_now().replace(tzinfo=None)


def now_iso() -> str:
    """`utc_now` as the logs write it (ISO 8601, comparable as text)."""
    return utc_now().isoformat()


def to_datetime(value: Any) -> dt.datetime | None:
    """Frontmatter dates arrive as datetime, date or str; naive UTC so all compare."""
    if value is None or value == "":
        return None
    if isinstance(value, dt.datetime):
        out = value
    elif isinstance(value, dt.date):
        out = dt.datetime(value.year, value.month, value.day)
    elif isinstance(value, str):
        try:
            out = dt.datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError:
            return None
    else:
        return None
    if out.tzinfo is not None:
        try:
            out = out.astimezone(dt.UTC).replace(tzinfo=None)
        except OverflowError:  # "0001-01-01T00:00:00+05:00": before year 1 in UTC
            return None
    return out


def file_time(timestamp: float) -> dt.datetime:
    """A file time (seconds since the epoch) as naive UTC."""
    return dt.datetime.fromtimestamp(timestamp, dt.UTC).replace(tzinfo=None)


def own_date(metadata: Mapping[str, Any], created: dt.datetime | None = None
             ) -> tuple[dt.datetime | None, str]:
    """The note's own last-change date and its key: modified, else updated, else created
    (`created` given: already parsed); (None, "file mtime") when it states none."""
    for key in OWN_DATE_KEYS[:2]:
        value = to_datetime(metadata.get(key))
        if value is not None:
            return value, key
    if created is None:
        created = to_datetime(metadata.get("created"))
    if created is not None:
        return created, "created"
    return None, FILE_MTIME


def stated_date(note: Note) -> dt.datetime:
    """When the note was last written: `parse_note` dates it by `own_date`, else the
    mtime, and `apply_file_dates` replaces that mtime with basic-memory's record."""
    return note.modified


def head_date(fields: Mapping[str, str], mtime: float) -> dt.datetime:
    """`stated_date` from frontmatter lines read without a YAML parse (the audit's quick
    pre-pass over file heads): the same order, the mtime last."""
    when, _key = own_date(fields)
    return when if when is not None else file_time(mtime)


def apply_file_dates(notes: Iterable[Note], dates: Mapping[str, dt.datetime]) -> int:
    """Date the notes that carry no date of their own by basic-memory's record of their
    file (path -> naive UTC), instead of the mtime a copy or clone resets; returns how
    many it dated. A note's own modified/updated/created always wins."""
    count = 0
    for note in notes:
        when = dates.get(note.path)
        if when is not None and note.modified_source == FILE_MTIME:
            if when.tzinfo is not None:
                when = when.astimezone(dt.UTC).replace(tzinfo=None)
            note.modified, note.modified_source = when, "basic-memory"
            count += 1
    return count

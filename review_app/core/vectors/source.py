"""Which of basic-memory's indexes to read: its SQLite file or its Postgres database,
as its own settings (`database_backend`, `database_url`) say."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from ..bm_model import BasicMemoryConfigError, BasicMemorySettings, read_settings
from ..bm_store import DB_ERRORS, BasicMemoryIndex, BasicMemoryIndexError, recorded_file_dates
from .postgres import PostgresIndex

Store = BasicMemoryIndex | PostgresIndex


def index_location(settings: BasicMemorySettings) -> str:
    """Where basic-memory keeps its index, for messages (a Postgres password hidden)."""
    if settings.uses_postgres:
        from .postgres import redact

        return redact(settings.database_url or "")
    return str(settings.database)


def index_exists(settings: BasicMemorySettings) -> bool:
    """False only where a SQLite index file is missing; a Postgres one is asked."""
    return settings.uses_postgres or settings.database.is_file()


def open_index(settings: BasicMemorySettings) -> Store:
    """basic-memory's index, opened read-only. Raises BasicMemoryIndexError (saying why)."""
    if settings.uses_postgres:
        if not settings.database_url:
            raise BasicMemoryIndexError("basic-memory uses Postgres but names no database_url")
        return PostgresIndex(settings.database_url)
    return BasicMemoryIndex(settings.database)


def recorded_dates(root: Path, name: str | None = None, *, which: str = "updated"
                   ) -> dict[str, datetime]:
    """`bm_store.recorded_file_dates` from whichever index basic-memory uses."""
    try:
        settings = read_settings()
    except BasicMemoryConfigError:
        return {}
    if not settings.uses_postgres:
        return recorded_file_dates(root, name, which=which, database=settings.database)
    if which not in ("updated", "created"):
        raise ValueError(f"which must be 'updated' or 'created', not {which!r}")
    try:
        store = open_index(settings)
    except BasicMemoryIndexError:
        return {}
    assert isinstance(store, PostgresIndex)  # SQLite returned above
    try:
        with store.snapshot():
            project = store.find_project(root, name)
            dates = store.file_dates(project.id) if project is not None else {}
    except (*store.errors, *DB_ERRORS):
        return {}
    finally:
        store.close()
    pick = 1 if which == "updated" else 0
    return {path: when for path, pair in dates.items() if (when := pair[pick]) is not None}

"""Vector sources beyond basic-memory's SQLite index (its Postgres + pgvector backend)."""

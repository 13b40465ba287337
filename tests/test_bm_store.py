"""Reading basic-memory's index: a memory.db laid out as basic-memory 0.24 lays it out.

The database is built here from the schema facts of basic-memory's source (table
and column names, the sqlite-vec table keyed by chunk id, `entity:` chunks cut
from title + permalink + body), with vectors the bundled model really computes
for each chunk. basic-memory's model is the bundled MiniLM laid out as a Hugging
Face cache, as the interop test configures the real basic-memory. The notes are
a small home-workshop knowledge base with one rewritten duplicate.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest

from review_app.core import bm_model, bm_store
from review_app.core.bm_model import BasicMemoryConfigError, read_settings
from review_app.core.bm_store import (
    BasicMemoryIndex,
    BasicMemoryIndexError,
    recorded_file_dates,
)
from review_app.core.bm_vectors import (
    DEFAULT_RECIPE,
    chunk_text,
    compose,
    entity_text,
    opening_chars,
)
from review_app.core.embedding import DEFAULT_MODEL, bundled_model_dir
from review_app.core.index import VectorIndex, connect
from review_app.core.notes import Note
from review_app.core.pipeline import INDEX_FILE, ScanOptions, scan
from review_app.core.project import Project, load_notes

IDENTITY = f"FastEmbedEmbeddingProvider:{DEFAULT_MODEL}:384"

NOTES = {
    "workshop/bandsaw-blade-tension.md": """---
title: Bandsaw blade tension
type: note
permalink: workshop/bandsaw-blade-tension
created: 2026-03-02
---
# Bandsaw blade tension

The 14-inch bandsaw drifts left when the 1/2-inch resaw blade is under-tensioned.
We set tension by the flutter test: slacken until the blade flutters at full speed,
then add a quarter turn past the point where it stops.

## Observations
- [fact] The gauge on the saw reads high by about one blade size #bandsaw
- [rule] Release tension at the end of each day so the tyres do not flatten #maintenance

## Relations
- relates_to [[Dust collection layout]]
""",
    "workshop/bandsaw_tension_notes_2026-05.md": """---
title: Notes on tensioning the bandsaw blade (May 2026)
type: note
permalink: workshop/bandsaw-tension-notes-2026-05
created: 2026-05-11
---
# Notes on tensioning the bandsaw blade (May 2026)

When the resaw blade on the 14" bandsaw is too slack the cut wanders to the left.
Tension it with the flutter method: back off until the blade flutters while running,
then tighten a quarter turn beyond where the flutter disappears.

## Observations
- [fact] The built-in tension gauge overstates by roughly one blade width #bandsaw
- [rule] Slacken the blade every evening to keep the tyres round #maintenance
""",
    "workshop/dust-collection-layout.md": """---
title: Dust collection layout
type: note
permalink: workshop/dust-collection-layout
---
# Dust collection layout

A 2 hp cyclone in the corner with 6-inch main ducting along the back wall and
4-inch drops with blast gates to the table saw, planer and bandsaw. The planer drop
is the longest run and loses the most static pressure.
""",
    "finishing/oil-finish-schedule.md": """---
title: Oil finish schedule
type: note
permalink: finishing/oil-finish-schedule
---
# Oil finish schedule

Danish oil on walnut: flood coat, wipe off after fifteen minutes, then a thin coat
each day for a week. Rags go flat on the concrete to dry because oily rags piled up
can combust.
""",
    "finishing/shellac-mixing.md": """---
title: Mixing shellac from flakes
type: note
permalink: finishing/shellac-mixing
---
# Mixing shellac from flakes

A two-pound cut is two pounds of flakes per gallon of denatured alcohol; for a pint
jar that is about two ounces by weight. Dewaxed flakes go under water-based topcoats.
""",
    "tools/chisel-sharpening.md": """---
title: Chisel sharpening routine
type: note
permalink: tools/chisel-sharpening
---
# Chisel sharpening routine

Flatten the back once on 1000 grit, then hone a 30 degree micro bevel on the 6000
stone with a honing guide, and strop on leather loaded with green compound.

## Long section
""" + "\n".join(f"- step {i}: keep the guide square and count strokes per side, "
                f"the same on every chisel in the set" for i in range(1, 25)) + "\n",
}
DUPLICATE = ("workshop/bandsaw-blade-tension.md", "workshop/bandsaw_tension_notes_2026-05.md")


def hf_cache(root: Path) -> Path:
    """The bundled model where fastembed looks for sentence-transformers/all-MiniLM-L6-v2."""
    snap = root / "models--Qdrant--all-MiniLM-L6-v2-onnx" / "snapshots" / "bundled"
    snap.mkdir(parents=True)
    (snap.parent.parent / "refs").mkdir()
    (snap.parent.parent / "refs" / "main").write_text("bundled")
    for f in bundled_model_dir().iterdir():
        if not f.name.startswith("."):
            (snap / f.name).symlink_to(f.resolve())
    return root


def write_notes(kb: Path, notes: dict[str, str]) -> list[Note]:
    for rel, text in notes.items():
        (kb / rel).parent.mkdir(parents=True, exist_ok=True)
        (kb / rel).write_text(text, encoding="utf-8")
    return load_notes(kb)[0]


def build_db(path: Path, projects: list[tuple[int, str, Path, list[Note]]], embedder, *,
             partitioned: bool = True, identity: str = IDENTITY, modern: bool = True,
             pending: set[str] = frozenset(), deferred: set[str] = frozenset()) -> None:
    """memory.db with basic-memory 0.24's tables (or, `modern=False`, an older layout:
    no source_type/chunk_index columns, chunk keys `entity:<id>:<n>`, no partitions)."""
    con = connect(path)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("CREATE TABLE project (id INTEGER PRIMARY KEY, name VARCHAR NOT NULL UNIQUE, "
                "permalink VARCHAR NOT NULL, path VARCHAR NOT NULL, is_active BOOLEAN NOT NULL)")
    con.execute("CREATE TABLE entity (id INTEGER PRIMARY KEY, title VARCHAR NOT NULL, "
                "note_type VARCHAR NOT NULL, permalink VARCHAR, file_path VARCHAR NOT NULL, "
                "checksum VARCHAR, created_at DATETIME NOT NULL, updated_at DATETIME NOT NULL, "
                "project_id INTEGER NOT NULL, vector_sync_deferred_at DATETIME)")
    extra = ("source_type TEXT NOT NULL, source_row_id INTEGER NOT NULL, "
             "chunk_index INTEGER NOT NULL, " if modern else "")
    con.execute("CREATE TABLE search_vector_chunks (id INTEGER PRIMARY KEY AUTOINCREMENT, "
                "entity_id INTEGER NOT NULL, project_id INTEGER NOT NULL, chunk_key TEXT NOT NULL, "
                f"chunk_text TEXT NOT NULL, source_hash TEXT NOT NULL, {extra}"
                "entity_fingerprint TEXT NOT NULL, embedding_model TEXT NOT NULL, "
                "vector_index TEXT NOT NULL, embedding_status TEXT NOT NULL)")
    part = "project_id integer partition key, " if partitioned else ""
    con.execute(f"CREATE VIRTUAL TABLE search_vector_embeddings USING vec0({part}"
                "embedding float[384], +source_hash text)")
    eid = 0
    for pid, name, root, notes in projects:
        con.execute("INSERT INTO project VALUES (?, ?, ?, ?, 1)", (pid, name, name, str(root)))
        for note in notes:
            eid += 1
            created = (note.created or datetime(2026, 1, 1)).isoformat(sep=" ")
            con.execute("INSERT INTO entity VALUES (?, ?, 'note', ?, ?, ?, ?, ?, ?, ?)",
                        (eid, note.title, note.permalink, note.path, note.sha256, created,
                         note.modified.isoformat(sep=" "), pid,
                         "2026-06-01 00:00:00" if note.path in deferred else None))
            chunks = [("entity", t) for t in chunk_text(entity_text(note))]
            chunks += [("observation", f"{note.title}\n\n{o.category}\n\n{o.content}")
                       for o in note.observations]
            vectors = embedder.embed([t for _, t in chunks])
            for n, ((kind, text), vec) in enumerate(zip(chunks, vectors, strict=True)):
                digest = hashlib.sha256(text.encode()).hexdigest()
                status = "pending" if note.path in pending and n == len(chunks) - 1 else "ready"
                if modern:
                    cur = con.execute(
                        "INSERT INTO search_vector_chunks (entity_id, project_id, chunk_key, "
                        "chunk_text, source_hash, source_type, source_row_id, chunk_index, "
                        "entity_fingerprint, embedding_model, vector_index, embedding_status) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'fp', ?, 'sqlite-vec', ?)",
                        (eid, pid, f"{kind}:{digest}:0", text, digest, kind, eid, n,
                         identity, status))
                else:
                    cur = con.execute(
                        "INSERT INTO search_vector_chunks (entity_id, project_id, chunk_key, "
                        "chunk_text, source_hash, entity_fingerprint, embedding_model, "
                        "vector_index, embedding_status) VALUES (?, ?, ?, ?, ?, 'fp', ?, "
                        "'sqlite-vec', ?)", (eid, pid, f"{kind}:{eid}:{n}", text, digest,
                                             identity, status))
                blob = np.asarray(vec, dtype=np.float32).tobytes()
                if partitioned:
                    con.execute("INSERT INTO search_vector_embeddings (rowid, project_id, "
                                "embedding, source_hash) VALUES (?, ?, ?, ?)",
                                (cur.lastrowid, pid, blob, digest))
                else:
                    con.execute("INSERT INTO search_vector_embeddings (rowid, embedding, "
                                "source_hash) VALUES (?, ?, ?)", (cur.lastrowid, blob, digest))
    con.commit()
    con.close()


@pytest.fixture(scope="session")
def model_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return hf_cache(tmp_path_factory.mktemp("bm-fastembed"))


@pytest.fixture
def workshop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, embedder, model_cache: Path):
    """A basic-memory installation indexing the workshop notes (project "workshop") and a
    second project; returns (kb, config dir)."""
    kb, other = tmp_path / "workshop", tmp_path / "other"
    notes = write_notes(kb, NOTES)
    others = write_notes(other, {"bandsaw.md": NOTES[DUPLICATE[0]]})
    cfg = tmp_path / "bm-config"
    cfg.mkdir()
    (cfg / "config.json").write_text(json.dumps({
        "projects": {"workshop": {"path": str(kb)}, "other": {"path": str(other)}},
        "default_project": "workshop", "semantic_embedding_model": DEFAULT_MODEL,
        "semantic_embedding_cache_dir": str(model_cache)}))
    monkeypatch.setenv("BASIC_MEMORY_CONFIG_DIR", str(cfg))
    build_db(cfg / "memory.db", [(1, "other", other, others), (2, "workshop", kb, notes)],
             embedder)
    return kb, cfg


def index_one_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, kb: Path,
                      notes: list[Note], embedder, model_cache: Path) -> Path:
    """A basic-memory installation indexing `notes` of `kb` as its one project `name`
    (config.json, $BASIC_MEMORY_CONFIG_DIR, memory.db); returns the config folder."""
    cfg = tmp_path / "bm-config"
    cfg.mkdir()
    (cfg / "config.json").write_text(json.dumps({
        "projects": {name: {"path": str(kb)}}, "default_project": name,
        "semantic_embedding_model": DEFAULT_MODEL,
        "semantic_embedding_cache_dir": str(model_cache)}))
    monkeypatch.setenv("BASIC_MEMORY_CONFIG_DIR", str(cfg))
    build_db(cfg / "memory.db", [(1, name, kb, notes)], embedder)
    return cfg


def expected_vector(note: Note, embedder, recipe: str = DEFAULT_RECIPE) -> np.ndarray:
    chunks = chunk_text(entity_text(note))
    return compose(list(embedder.embed(chunks)), recipe, [len(c) for c in chunks],
                   opening_chars(note.title, note.permalink))


def by_path(result) -> dict[str, np.ndarray]:
    return {n.path: result.client.vectors[i] for i, n in enumerate(result.client.notes)}


def test_scan_reads_basic_memory_vectors_and_embeds_nothing(workshop, embedder):
    kb, cfg = workshop
    db_before = hashlib.sha256((cfg / "memory.db").read_bytes()).hexdigest()
    result = scan(Project(kb, name="workshop"), ScanOptions())
    assert result.vector_source == "basic-memory" and result.notices == []
    weighted = scan(Project(kb, name="workshop"), ScanOptions(vector_recipe="weighted"))
    for note in weighted.notes.values():  # chunk lengths from basic-memory's chunk_text
        assert np.allclose(by_path(weighted)[note.path],
                           expected_vector(note, embedder, "weighted"), atol=1e-5)
    assert result.stats["embedded"] == 0 and result.stats["cached"] == 0
    assert result.stats["from_basic_memory"] == len(NOTES)
    assert result.model == DEFAULT_MODEL
    vectors = by_path(result)
    for note in result.notes.values():  # entity chunks only, composed; observations left out
        assert np.allclose(vectors[note.path], expected_vector(note, embedder), atol=1e-5)
    assert {(g.canonical, *(m.path for m in g.members)) for g in result.groups} in (
        {DUPLICATE}, {DUPLICATE[::-1]})
    assert not (kb / ".bm-review" / INDEX_FILE).exists() or not VectorIndex(
        kb / ".bm-review" / INDEX_FILE, DEFAULT_MODEL).known()  # nothing embedded by us
    assert hashlib.sha256((cfg / "memory.db").read_bytes()).hexdigest() == db_before
    doc = result.to_json()
    assert doc["vector_source"] == "basic-memory" and doc["stats"]["from_basic_memory"] == 6


def test_chunk_vectors_looked_up_by_rowid_equal_those_read_from_the_whole_table(
        workshop, monkeypatch):
    """A few notes' chunks are looked up by rowid, many read in one pass over the table
    (bm_store.POINT_READS): both give every chunk of this project's notes, and no other's."""
    _, cfg = workshop
    identities = read_settings().identities()
    got = {}
    for limit in (0, 10_000):
        monkeypatch.setattr(bm_store, "POINT_READS", limit)
        store = BasicMemoryIndex(cfg / "memory.db")
        try:
            got[limit] = store.entity_vectors(2, identities)
        finally:
            store.close()
    table, looked_up = got[0], got[10_000]
    assert set(table.by_entity) == set(looked_up.by_entity) and len(table.by_entity) == len(NOTES)
    for eid, parts in table.by_entity.items():
        assert len(parts) == len(looked_up.by_entity[eid]) >= 1
        for a, b in zip(parts, looked_up.by_entity[eid], strict=True):
            assert np.array_equal(a, b)
        assert table.lengths[eid] == looked_up.lengths[eid]


def test_project_found_by_its_registered_path_as_well_as_its_name(workshop):
    kb, _ = workshop
    assert scan(Project(kb), ScanOptions()).stats["from_basic_memory"] == len(NOTES)


def test_a_note_changed_since_indexing_is_embedded_once_with_basic_memory_model(
        workshop, embedder):
    kb, _ = workshop
    edited = kb / "finishing" / "shellac-mixing.md"
    edited.write_text(edited.read_text() + "\nBlonde flakes keep maple pale.\n")
    first = scan(Project(kb), ScanOptions())
    assert first.vector_source == "basic-memory"
    assert (first.stats["embedded"], first.stats["from_basic_memory"]) == (1, len(NOTES) - 1)
    note = first.notes["finishing/shellac-mixing.md"]
    assert np.allclose(by_path(first)[note.path], expected_vector(note, embedder), atol=1e-4)
    again = scan(Project(kb), ScanOptions())
    assert (again.stats["embedded"], again.stats["cached"]) == (0, 1)


def test_model_missing_locally_falls_back_to_own_index_and_says_so_once(
        workshop, tmp_path: Path):
    kb, cfg = workshop
    doc = json.loads((cfg / "config.json").read_text())
    doc["semantic_embedding_cache_dir"] = str(tmp_path / "empty-cache")
    (cfg / "config.json").write_text(json.dumps(doc))
    # Every note unchanged: basic-memory's vectors serve without its model.
    assert scan(Project(kb), ScanOptions()).vector_source == "basic-memory"
    (kb / "tools" / "new-note.md").write_text("---\ntitle: Glue-up clamps\n---\nPipe clamps.\n")
    result = scan(Project(kb), ScanOptions())
    assert result.vector_source == "bm-review"
    assert len(result.notices) == 1
    assert DEFAULT_MODEL in result.notices[0] and "empty-cache" in result.notices[0]
    assert result.stats["embedded"] == len(NOTES) + 1 and result.stats["from_basic_memory"] == 0


def test_env_variable_overrides_config_like_basic_memory(workshop, monkeypatch, tmp_path):
    kb, _ = workshop
    monkeypatch.setenv("BASIC_MEMORY_SEMANTIC_EMBEDDING_MODEL", "bge-small-en-v1.5")
    result = scan(Project(kb), ScanOptions())
    assert result.vector_source == "bm-review"  # no bge-small vectors in this index
    assert "FastEmbedEmbeddingProvider:bge-small-en-v1.5:384" in result.notices[0]


def test_pending_and_deferred_notes_are_embedded_by_us(
        tmp_path: Path, monkeypatch, embedder, model_cache: Path):
    kb = tmp_path / "kb"
    notes = write_notes(kb, NOTES)
    cfg = tmp_path / "cfg"
    cfg.mkdir()
    (cfg / "config.json").write_text(json.dumps({
        "projects": {"w": str(kb)}, "semantic_embedding_model": DEFAULT_MODEL,
        "semantic_embedding_cache_dir": str(model_cache)}))  # the older name -> path form
    monkeypatch.setenv("BASIC_MEMORY_CONFIG_DIR", str(cfg))
    build_db(cfg / "memory.db", [(1, "w", kb, notes)], embedder,
             pending={"tools/chisel-sharpening.md"}, deferred={"finishing/shellac-mixing.md"})
    result = scan(Project(kb, name="w"), ScanOptions())
    assert (result.stats["from_basic_memory"], result.stats["embedded"]) == (len(NOTES) - 2, 2)


def test_older_layout_without_partitions_or_chunk_index(
        tmp_path: Path, monkeypatch, embedder, model_cache: Path):
    kb = tmp_path / "kb"
    notes = write_notes(kb, NOTES)
    cfg = tmp_path / "cfg"
    cfg.mkdir()
    (cfg / "config.json").write_text(json.dumps({
        "projects": {"w": {"path": str(kb)}}, "semantic_embedding_model": DEFAULT_MODEL,
        "semantic_embedding_cache_dir": str(model_cache)}))
    monkeypatch.setenv("BASIC_MEMORY_CONFIG_DIR", str(cfg))
    build_db(cfg / "memory.db", [(1, "w", kb, notes)], embedder, partitioned=False,
             modern=False, identity=f"{DEFAULT_MODEL}:384")
    result = scan(Project(kb), ScanOptions())
    assert result.stats["from_basic_memory"] == len(NOTES) and result.stats["embedded"] == 0
    vectors = by_path(result)
    for note in result.notes.values():
        assert np.allclose(vectors[note.path], expected_vector(note, embedder), atol=1e-5)


def test_unknown_schema_falls_back_with_a_clear_message(workshop):
    kb, cfg = workshop
    con = sqlite3.connect(cfg / "memory.db")
    con.execute("ALTER TABLE entity RENAME COLUMN checksum TO digest")
    con.commit()
    con.close()
    with pytest.raises(BasicMemoryIndexError, match="layout bm-review does not know.*checksum"):
        BasicMemoryIndex(cfg / "memory.db")
    result = scan(Project(kb, name="workshop"), ScanOptions())
    assert result.vector_source == "bm-review"
    assert len(result.notices) == 1 and "checksum" in result.notices[0]
    assert result.stats["embedded"] == len(NOTES)


def test_not_a_basic_memory_project_uses_own_index_silently(workshop, tmp_path: Path):
    folder = tmp_path / "elsewhere"
    write_notes(folder, {"a.md": NOTES["finishing/shellac-mixing.md"]})
    result = scan(Project(folder), ScanOptions())
    assert result.vector_source == "bm-review" and result.notices == []


def test_reads_a_consistent_snapshot_while_basic_memory_writes(workshop):
    """A writer mid-transaction (basic-memory re-embedding a note) neither blocks the
    scan nor shows it uncommitted rows; nothing can be written through our connection."""
    kb, cfg = workshop
    writer = sqlite3.connect(cfg / "memory.db", timeout=0.1)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("UPDATE search_vector_chunks SET embedding_status = 'pending'")
    writer.execute("DELETE FROM entity")
    try:
        result = scan(Project(kb, name="workshop"), ScanOptions())
        assert result.stats["from_basic_memory"] == len(NOTES)
        with BasicMemoryIndex(cfg / "memory.db") as store, pytest.raises(
                Exception, match="readonly"):
            store.conn.execute("DELETE FROM project")
    finally:
        writer.rollback()
        writer.close()


def test_file_dates_as_basic_memory_recorded_them(workshop):
    _, cfg = workshop
    with BasicMemoryIndex(cfg / "memory.db") as store, store.snapshot():
        project = store.find_project(workshop[0], "workshop")
        assert project is not None
        dates = store.file_dates(project.id)
    created, updated = dates["workshop/bandsaw-blade-tension.md"]
    assert created == datetime(2026, 3, 2, tzinfo=UTC)
    assert updated is not None and updated.tzinfo is not None
    assert set(dates) == set(NOTES)
    # The entry point the canonical rule uses: found through basic-memory's settings.
    assert recorded_file_dates(workshop[0]) == {p: u for p, (_, u) in dates.items()}
    assert recorded_file_dates(workshop[0], which="created")[
        "workshop/bandsaw-blade-tension.md"] == created
    assert recorded_file_dates(cfg) == {}  # not a project basic-memory indexes


def test_upsert_compares_with_basic_memory_vectors(workshop):
    from review_app.core.upsert import upsert_note

    kb, _ = workshop
    out = upsert_note("Bandsaw resaw blade tension", (
        "The bandsaw's resaw blade wanders left when slack. Use the flutter test, then a "
        "quarter turn more."), "workshop", project=Project(kb, name="workshop"),
        on_match="ask")
    assert out["action"] == "queued_for_review"
    assert out["matched_note"] in DUPLICATE
    index = kb / ".bm-review" / INDEX_FILE
    assert not index.exists() or not VectorIndex(index, DEFAULT_MODEL).known()


# --- settings, found as basic-memory finds them -------------------------------------------

def test_settings_precedence_env_over_config_over_default(tmp_path: Path):
    cfg = tmp_path / "cfg"
    cfg.mkdir()
    env = {"BASIC_MEMORY_CONFIG_DIR": str(cfg)}
    s = read_settings(env)
    assert (s.model, s.fastembed_model, s.cache_dir) == (
        "bge-small-en-v1.5", "BAAI/bge-small-en-v1.5", cfg / "fastembed_cache")
    assert s.identity == "FastEmbedEmbeddingProvider:bge-small-en-v1.5:384"
    assert s.database == cfg / "memory.db"
    assert read_settings({**env, "FASTEMBED_CACHE_PATH": "/x"}).cache_dir == Path("/x")
    (cfg / "config.json").write_text(json.dumps({
        "semantic_embedding_model": "BAAI/bge-base-en-v1.5", "semantic_embedding_dimensions": 768,
        "semantic_embedding_cache_dir": "/from/config"}))
    s = read_settings({**env, "FASTEMBED_CACHE_PATH": "/x"})
    assert (s.model, s.dimensions, s.cache_dir) == ("BAAI/bge-base-en-v1.5", 768,
                                                    Path("/from/config"))
    assert s.identity.endswith(":768")
    s = read_settings({**env, "basic_memory_semantic_embedding_model": "m",
                       "BASIC_MEMORY_SEMANTIC_EMBEDDING_CACHE_DIR": "/env"})
    assert (s.model, s.cache_dir) == ("m", Path("/env"))
    s = read_settings({**env, "BASIC_MEMORY_SEMANTIC_SEARCH_ENABLED": "false"})
    assert "turned off" in (s.unsupported() or "")
    s = read_settings({**env, "BASIC_MEMORY_SEMANTIC_EMBEDDING_PROVIDER": "openai"})
    assert "openai" in (s.unsupported() or "")


def test_data_dir_like_basic_memory(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    assert bm_model.data_dir({"XDG_CONFIG_HOME": "/xdg"}) == Path("/xdg/basic-memory")
    assert bm_model.data_dir({}) == tmp_path / ".basic-memory"
    assert bm_model.data_dir({"BASIC_MEMORY_CONFIG_DIR": "/c", "XDG_CONFIG_HOME": "/x"}) == (
        Path("/c"))


def test_bad_config_is_a_clear_error_and_scan_falls_back(tmp_path: Path, monkeypatch):
    cfg = tmp_path / "cfg"
    cfg.mkdir()
    (cfg / "config.json").write_text("{not json")
    with pytest.raises(BasicMemoryConfigError, match="config.json"):
        read_settings({"BASIC_MEMORY_CONFIG_DIR": str(cfg)})
    monkeypatch.setenv("BASIC_MEMORY_CONFIG_DIR", str(cfg))
    kb = tmp_path / "kb"
    write_notes(kb, {"a.md": NOTES["finishing/shellac-mixing.md"]})
    result = scan(Project(kb), ScanOptions())
    assert result.vector_source == "bm-review" and "config.json" in result.notices[0]


# --- chunking as basic-memory chunks --------------------------------------------------------

def test_chunks_split_at_headings_and_pack_to_the_budget():
    text = "Title\n\nperma\n\n# Title\n\nintro\n\n## A\n" + "a" * 300 + "\n\n## B\n" + "b" * 700
    chunks = chunk_text(text)
    assert chunks[0] == "Title\n\nperma\n\n# Title\n\nintro\n\n## A\n" + "a" * 300
    assert chunks[1] == "## B\n" + "b" * 700
    assert all(len(c) <= 900 for c in chunks)


def test_long_section_is_packed_by_whole_lines_and_long_lines_windowed():
    lines = [f"- item {i:02d} " + "x" * 80 for i in range(30)]
    chunks = chunk_text("## Long\n" + "\n".join(lines))
    assert all(len(c) <= 900 for c in chunks) and len(chunks) > 2
    assert "\n".join(chunks).split("\n") == ["## Long", *lines]  # no line cut or lost
    windows = chunk_text("y" * 2000)
    assert [len(w) for w in windows] == [900, 900, 440]
    assert windows[1][:120] == windows[0][-120:]


def test_compose_recipes():
    a, b = np.array([1.0, 0.0], np.float32), np.array([0.0, 1.0], np.float32)
    assert np.allclose(compose([a, b], "first"), a)
    assert np.allclose(compose([a, b], "mean"), np.array([1, 1]) / np.sqrt(2))
    assert np.allclose(compose([a, b], "weighted", [300, 100]), np.array([3, 1]) / np.sqrt(10))
    # opening: each chunk by its characters within the first `opening` of the note
    assert np.allclose(compose([a, b], "opening", [900, 900], opening=1200),
                       np.array([900, 300]) / np.hypot(900, 300))
    assert np.allclose(compose([a, b], "opening", [900, 900], opening=500), a)
    assert np.allclose(compose([a, b], "opening", [900, 900]), np.array([1, 1]) / np.sqrt(2))
    with pytest.raises(ValueError):
        compose([a], "max")



def test_cli_says_once_on_stderr_why_basic_memory_vectors_are_not_used(
        workshop, tmp_path: Path):
    import os
    import subprocess
    import sys

    kb, cfg = workshop
    doc = json.loads((cfg / "config.json").read_text())
    doc["semantic_embedding_cache_dir"] = str(tmp_path / "no-model-here")
    (cfg / "config.json").write_text(json.dumps(doc))
    (kb / "tools" / "new-note.md").write_text("---\ntitle: Glue-up clamps\n---\nPipe clamps.\n")
    proc = subprocess.run([sys.executable, "-m", "review_app", "scan", "workshop", "--format",
                           "json"], capture_output=True, text=True, timeout=600,
                          env={**os.environ, "BASIC_MEMORY_CONFIG_DIR": str(cfg)})
    assert proc.returncode == 0, proc.stderr
    lines = [ln for ln in proc.stderr.splitlines() if "basic-memory's vectors not used" in ln]
    assert len(lines) == 1 and lines[0].startswith("bm-review: ") and "no-model-here" in lines[0]
    out = json.loads(proc.stdout)
    assert out["vector_source"] == "bm-review" and out["notices"] == [lines[0][11:]]


def test_requiring_basic_memory_vectors_where_there_are_none_is_an_error(tmp_path: Path):
    from review_app.core.bm_vectors import BasicMemoryUnavailable

    write_notes(tmp_path / "kb", {"a.md": NOTES["finishing/shellac-mixing.md"]})
    with pytest.raises(BasicMemoryUnavailable, match="does not index"):
        scan(Project(tmp_path / "kb"), ScanOptions(vectors="basic-memory"))


def test_rewrites_found_through_basic_memory_chunks_as_through_own_sections(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, embedder, model_cache: Path):
    """Issue 19: coverage on basic-memory's chunks is read by the listing's rules the section
    path has (a chunk answered by a run of the other's chunks, the containment lift), so a
    scan of its index lists rewrite_kb's groups exactly, as own vectors do, embedding none.
    Before, the garden watering rota (two chunks) and its summer schedule (one chunk, which
    restates both) scored 0.27 and were not listed."""
    kb = tmp_path / "rewrite_kb"
    shutil.copytree(Path(__file__).parent / "data" / "rewrite_kb", kb)
    index_one_project(tmp_path, monkeypatch, "rewrites", kb, load_notes(kb)[0], embedder,
                      model_cache)

    result = scan(Project(kb, name="rewrites"), ScanOptions())
    assert result.vector_source == "basic-memory"
    assert result.stats["embedded"] == 0 and result.stats["from_basic_memory"] == 40
    labels = json.loads((kb / "labels.json").read_text(encoding="utf-8"))
    assert {frozenset(g.paths) for g in result.groups} == {
        frozenset(g["paths"]) for g in labels["groups"]}


KILN_HISTORY = "\n\n".join(
    f"In {2010 + i} the studio {what}, and the committee thanked everyone who helped with the"
    f" move, the open days and the accounts; the minutes of that year are in the blue folder."
    for i, what in enumerate([
        "rented its first unit above the bakery on Mill Street",
        "ran its first summer school for twenty children from the estate",
        "bought a second-hand wheel from the college and repainted the sign",
        "moved to the railway arches after the landlord sold the building",
        "won a lottery grant that paid for the accessible toilet and the ramp",
        "held a fundraising auction of members' teapots at the town hall",
        "started the Saturday drop-in sessions for adults with learning disabilities",
        "changed its name from the Mill Street Potters to the Arches Clay Studio",
        "joined the county crafts network and hosted its annual meeting",
        "opened a small shop window selling members' mugs and planters",
        "began the winter lecture series with visiting makers from Stoke"]))
KILN = {
    "studio/kiln-firing-schedule.md": """---
title: Kiln firing schedule for stoneware
type: note
permalink: studio/kiln-firing-schedule
created: 2026-01-10
---
# Kiln firing schedule for stoneware

Bisque firings run to cone 04 on the Skutt kiln in the back room, loaded on Thursday and
unloaded on Saturday morning once the pyrometer reads below 60 °C.

## Glaze firing
Glaze loads go to cone 6 with a 15-minute hold at the top and a slow cool of 80 °C an hour
down to 760 °C to bring out the matte glazes.

## Loading
Shelves are washed with kiln wash every fifth firing. Pieces sit 1 cm apart and never touch
the elements.

## Studio history
""" + KILN_HISTORY + "\n",
    "studio/stoneware-kiln-schedule-revised.md": """---
title: Stoneware kiln schedule (revised)
type: note
permalink: studio/stoneware-kiln-schedule-revised
created: 2026-04-02
---
# Stoneware kiln schedule (revised)

We bisque to cone 04 in the Skutt in the back room: load on Thursday, unload on Saturday
morning after the pyrometer drops under 60 °C.

## Glaze firings
Cone 6 for glaze loads, holding 15 minutes at peak, then cooling 80 °C per hour to 760 °C so
the mattes develop.

## How to load
Kiln-wash the shelves every fifth firing; keep pieces a centimetre apart and clear of the
elements.
""",
}


def test_default_vectors_compare_what_an_own_scan_compares(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, embedder, model_cache: Path):
    """A firing schedule an agent appended the studio's long history to, and its rewrite
    without it: an own scan embeds each note's opening and groups them. basic-memory's chunk
    vectors, by default, are composed from the chunks covering that opening (issue 19:
    `auto` as precise as `own`), so the scan that embeds nothing groups them too; the mean
    of all the first note's chunks is mostly the history."""
    kb = tmp_path / "studio-kb"
    notes = write_notes(kb, {**NOTES, **KILN})
    index_one_project(tmp_path, monkeypatch, "studio", kb, notes, embedder, model_cache)
    assert len(chunk_text(entity_text(next(n for n in notes if n.path in KILN)))) >= 4
    pair = set(KILN)
    own = scan(Project(kb, state_dir=tmp_path / "own-state"), ScanOptions(vectors="own"))
    assert any(set(g.paths) == pair for g in own.groups)
    bm = scan(Project(kb, name="studio"), ScanOptions())
    assert bm.vector_source == "basic-memory" and bm.stats["embedded"] == 0
    assert any(set(g.paths) == pair for g in bm.groups)
    vectors = by_path(bm)
    got = float(vectors[min(KILN)] @ vectors[max(KILN)])
    ours = own.client.vectors
    at = {n.path: i for i, n in enumerate(own.client.notes)}
    want = float(ours[at[min(KILN)]] @ ours[at[max(KILN)]])
    assert abs(got - want) < 0.15, (got, want)

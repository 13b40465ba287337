"""A folder of notes indexed by the real basic-memory (0.24.1, its own Python 3.12 venv).

The venv and the basic-memory set-up (config, the bundled MiniLM laid out as a
Hugging Face cache, HF_HUB_OFFLINE=1) are the interop test's, so benchmarks
measure exactly what the test checks. Layout under `base`:
`kb/` (the notes), `bm-config/` (config.json, memory.db), `fastembed/`, `home/`.

    python bench/bm_reference.py BASE        # (re)index BASE/kb with basic-memory
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))
from test_interop_basic_memory import BasicMemory, build_venv, venv_path  # noqa: E402


def basic_memory(base: Path, kb: Path | None = None) -> BasicMemory:
    """basic-memory configured for `kb` (default `base/kb`, project name "demo");
    builds the venv once."""
    venv = venv_path()
    why = build_venv(venv)
    if why:
        raise SystemExit(f"cannot run basic-memory: {why}")
    return BasicMemory(venv, base, kb or base / "kb")


def ready_entities(base: Path) -> int:
    """Entities of the project with ready vectors (0 when not indexed yet)."""
    db = base / "bm-config" / "memory.db"
    if not db.exists():
        return 0
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        (n,) = con.execute("SELECT count(DISTINCT entity_id) FROM search_vector_chunks "
                           "WHERE embedding_status = 'ready'").fetchone()
        return int(n)
    except sqlite3.OperationalError:
        return 0
    finally:
        con.close()


def index(base: Path, kb: Path | None = None, *, timeout: float = 4 * 3600) -> float:
    """Index `kb` (default `base/kb`; text and vectors) with basic-memory; returns seconds."""
    bm = basic_memory(base, kb)
    t0 = time.perf_counter()
    bm.reindex(timeout=timeout)
    return time.perf_counter() - t0


def env_for(base: Path) -> dict[str, str]:
    """What bm-review needs to see basic-memory's config for `base` (as a user would)."""
    return {"BASIC_MEMORY_CONFIG_DIR": str(base / "bm-config")}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("base", type=Path, help="folder holding kb/ (the notes)")
    args = p.parse_args(argv)
    if not (args.base / "kb").is_dir():
        p.error(f"{args.base / 'kb'} is not a folder")
    seconds = index(args.base.resolve())
    print(f"indexed {ready_entities(args.base)} notes in {seconds:.0f} s "
          f"(BASIC_MEMORY_CONFIG_DIR={args.base / 'bm-config'})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

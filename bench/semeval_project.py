"""Turn a labeled SemEval split into a real basic-memory project folder.

One note per doc, named from its title as basic-memory names the files it
writes (`kebab-title.md`, `-2`, `-3` when taken), the title in the frontmatter
and the body as the content: the shape of an agent-written note. The
folder is rewritten only where a file's text differs, so the embedding cache
in its `.bm-review/` stays warm across runs.

    python bench/semeval_project.py dev            # -> bench/out/semeval/dev

The labelled data is looked for, in order: `--data DIR` (every bench script that reads
SemEval takes it), $BM_REVIEW_SEMEVAL_DATA, `../shared/data/semeval2016-task3-b` beside
this checkout, and the same beside the main checkout when this is a git worktree (a
worktree's folder is elsewhere; its `.git` file names the repository it belongs to).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
DATA_ENV = "BM_REVIEW_SEMEVAL_DATA"
_BESIDE = Path("shared") / "data" / "semeval2016-task3-b"


def main_checkout(repo: Path) -> Path | None:
    """The main checkout of the repository `repo` is a git worktree of, else None: a
    worktree's `.git` is a file `gitdir: <repo>/.git/worktrees/<name>` whose `commondir`
    names the repository's `.git` (read, not asked of git: this runs at import)."""
    marker = repo / ".git"
    if not marker.is_file():
        return None
    line = marker.read_text(encoding="utf-8", errors="replace").strip()
    if not line.startswith("gitdir:"):
        return None
    gitdir = (repo / line.removeprefix("gitdir:").strip()).resolve()
    try:
        common = (gitdir / (gitdir / "commondir").read_text(encoding="utf-8").strip())
    except OSError:
        return None
    common = common.resolve()
    return common.parent if common.name == ".git" else None


def data_candidates(repo: Path = REPO, environ: Mapping[str, str] = os.environ) -> list[Path]:
    """Where the SemEval data may be, first choice first (see the module docstring)."""
    out = [Path(environ[DATA_ENV]).expanduser()] if environ.get(DATA_ENV) else []
    out.append(repo.parent / _BESIDE)
    main = main_checkout(repo)
    if main is not None and main.parent / _BESIDE not in out:
        out.append(main.parent / _BESIDE)
    return out


def default_data(repo: Path = REPO, environ: Mapping[str, str] = os.environ) -> Path:
    """The first candidate that exists; $BM_REVIEW_SEMEVAL_DATA when set, found or not
    (a variable set wrong is an error to show, not a reason to read other data)."""
    found = data_candidates(repo, environ)
    if environ.get(DATA_ENV):
        return found[0]
    return next((p for p in found if p.is_dir()), found[0])


DATA = default_data()
OUT = BENCH / "out" / "semeval"
LABELS = ("duplicate", "related", "unrelated")


@dataclass(frozen=True)
class LabeledPair:
    a: str  # note path, relative to the project
    b: str
    label: str


def data_dir(split: str, data: Path | None = None) -> Path:
    folder = (data or DATA) / split
    if not (folder / "docs.jsonl").exists():
        looked = ", ".join(str(p) for p in data_candidates())
        raise SystemExit(
            f"no SemEval split {split!r} under {folder.parent} ({folder / 'docs.jsonl'} is "
            f"missing). Pass --data DIR or set {DATA_ENV}=DIR, DIR holding one folder per "
            f"split (dev, train_part1, ...) with docs.jsonl and pairs.tsv; the default "
            f"looks in: {looked}")
    return folder


def clean_title(doc: dict) -> str:
    return " ".join(doc["title"].split()) or doc["id"]


def note_paths(docs: list[dict]) -> dict[str, str]:
    """doc id -> note path, deterministic in file order."""
    out: dict[str, str] = {}
    taken: set[str] = set()
    for doc in docs:
        slug = re.sub(r"[^a-z0-9]+", "-", clean_title(doc).lower()).strip("-")[:80] or "note"
        name, n = slug, 1
        while name in taken:
            n += 1
            name = f"{slug}-{n}"
        taken.add(name)
        out[doc["id"]] = f"{name}.md"
    return out


def read_docs(split: str, data: Path | None = None) -> list[dict]:
    with (data_dir(split, data) / "docs.jsonl").open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def read_pairs(split: str, data: Path | None = None) -> list[LabeledPair]:
    paths = note_paths(read_docs(split, data))
    out = []
    with (data_dir(split, data) / "pairs.tsv").open(encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        if header[:3] != ["id1", "id2", "label"]:
            raise SystemExit(f"unexpected pairs.tsv header {header}")
        for line in f:
            if not line.strip():
                continue
            a, b, label = line.rstrip("\n").split("\t")[:3]
            if label not in LABELS:
                raise SystemExit(f"unknown label {label!r}")
            if a != b:
                out.append(LabeledPair(paths[a], paths[b], label))
    return out


def build_project(split: str, out: Path | None = None, data: Path | None = None) -> Path:
    """Write (or refresh) the project folder of a split and return its path."""
    from review_app.core.notes import render_note

    root = (out or OUT) / split
    root.mkdir(parents=True, exist_ok=True)
    docs = read_docs(split, data)
    paths = note_paths(docs)
    wanted: dict[str, str] = {}
    for doc in docs:
        title = clean_title(doc)
        rel = paths[doc["id"]]
        wanted[rel] = render_note({"title": title, "type": "note", "permalink": rel[:-3]},
                                  doc["body"].strip() or title)
    for rel, text in wanted.items():
        path = root / rel
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
    for path in root.glob("*.md"):
        if path.name not in wanted:
            path.unlink()
    return root


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("split", nargs="+", help="split name(s): dev, train_part1, train_part2")
    p.add_argument("--out", type=Path, default=OUT, help=f"parent folder (default: {OUT})")
    p.add_argument("--data", type=Path, default=DATA,
                   help=f"labeled data folder (default: ${DATA_ENV}, else "
                        f"../shared/data/semeval2016-task3-b beside this checkout or, in a "
                        f"git worktree, beside the main checkout; now: {DATA})")
    args = p.parse_args(argv)
    for split in args.split:
        print(build_project(split, args.out, args.data))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The bundled demo knowledge base, used through a copy in the user's data folder."""

from __future__ import annotations

import datetime as dt
import os
import shutil
from pathlib import Path

import platformdirs

BUNDLED = Path(__file__).resolve().parent / "kb"


def data_root() -> Path:
    if env := os.environ.get("BM_REVIEW_DATA_DIR"):
        return Path(env)
    return Path(platformdirs.user_data_dir("bm-review"))


def demo_path(*, reset: bool = False) -> Path:
    """The working copy of the demo; created on first use, restored by `reset`.

    Reviews and applies on the demo persist like on a real project; the
    bundled files are never written to.
    """
    target = data_root() / "demo"
    if reset and target.exists():
        shutil.rmtree(target)
    if not target.exists():
        tmp = target.with_name("demo.tmp")
        if tmp.exists():
            shutil.rmtree(tmp)
        copy_demo(tmp)
        tmp.rename(target)
    return target


def copy_demo(dest: Path) -> Path:
    """Copy the bundled notes to `dest`, each file dated as its frontmatter says.

    Notes without a `modified` key fall back to the file's mtime; a fresh copy
    would make those the newest notes of the base and upset the canonical rule,
    so each file gets the time the note was last written (`modified`, else
    `created`), as on the machine where it was written.
    """
    from ..core.notes import NoteProblem, parse_note

    shutil.copytree(BUNDLED, dest)
    for path in sorted(dest.rglob("*")):
        if not path.is_file():
            continue
        path.chmod(0o644)  # a read-only install must not make the copy read-only
        if path.suffix != ".md":
            continue
        note = parse_note(path.relative_to(dest).as_posix(), path.read_bytes())
        if isinstance(note, NoteProblem):
            continue
        raw = note.metadata.get("modified") or note.metadata.get("created")
        when = note.modified if note.metadata.get("modified") else note.created
        if raw and when is not None:
            stamp = when.replace(tzinfo=dt.UTC).timestamp()
            os.utime(path, (stamp, stamp))
    return dest

"""The bundled demo knowledge base, used through a copy in the user's data folder."""

from __future__ import annotations

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
        shutil.copytree(BUNDLED, tmp)
        for path in tmp.rglob("*"):
            if path.is_file():  # a read-only install must not make the copy read-only
                path.chmod(0o644)
        tmp.rename(target)
    return target

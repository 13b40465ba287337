"""A plain (non-editable) wheel carries everything the tool needs at run time."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_wheel_ships_model_files_demo_and_weights(tmp_path: Path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--no-build-isolation", "-w", str(tmp_path), str(REPO)],
                   check=True, capture_output=True, text=True, timeout=300)
    wheel = next(tmp_path.glob("bm_review-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for required in ("review_app/model/tokenizer.json", "review_app/model/tokenizer_config.json",
                     "review_app/model/special_tokens_map.json", "review_app/model/config.json",
                     "review_app/model/NOTICE", "review_app/core/hybrid_weights.json",
                     "review_app/cli.py"):
        assert required in names, required
    demo_notes = [n for n in names if n.startswith("review_app/demo/kb/") and n.endswith(".md")]
    assert len(demo_notes) == len(list((REPO / "review_app/demo/kb").rglob("*.md")))
    assert any(n.endswith(".tcss") for n in names)
    assert not any("/.bm-review/" in n or "__pycache__" in n for n in names)
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    assert "bm-review = review_app.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()

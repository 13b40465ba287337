"""bench/semeval_project.py finds the SemEval data from a git worktree too (its folder is
not beside ../shared), takes $BM_REVIEW_SEMEVAL_DATA, and says how to point it at the
data when there is none. Run as a script from a real worktree made by git."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "bench" / "semeval_project.py"
ENV = "BM_REVIEW_SEMEVAL_DATA"


def git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.org",
                    "-c", "init.defaultBranch=main", *args],
                   cwd=cwd, check=True, capture_output=True)


def write_split(data: Path, title: str) -> None:
    dev = data / "dev"
    dev.mkdir(parents=True)
    docs = [{"id": "q1", "title": title, "body": "How do I reset it?"},
            {"id": "q2", "title": f"{title} again", "body": "Resetting it, how?"}]
    (dev / "docs.jsonl").write_text("".join(json.dumps(d) + "\n" for d in docs),
                                    encoding="utf-8")
    (dev / "pairs.tsv").write_text("id1\tid2\tlabel\nq1\tq2\tduplicate\n", encoding="utf-8")


@pytest.fixture
def worktree(tmp_path: Path) -> Path:
    """<tmp>/repo (main checkout, the script committed), <tmp>/trees/wt (a worktree of
    it) and the data beside the main checkout only: <tmp>/shared/data/..."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    main = tmp_path / "repo"
    (main / "bench").mkdir(parents=True)
    shutil.copy2(SCRIPT, main / "bench" / SCRIPT.name)
    git(main, "init", "-q")
    git(main, "add", ".")
    git(main, "commit", "-q", "-m", "bench")
    (tmp_path / "trees").mkdir()
    git(main, "worktree", "add", "-q", "-b", "wt", str(tmp_path / "trees" / "wt"))
    write_split(tmp_path / "shared" / "data" / "semeval2016-task3-b", "Router password")
    return tmp_path / "trees" / "wt"


def run(wt: Path, out: Path, env_value: str | None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != ENV}
    env["PYTHONPATH"] = str(REPO)  # review_app (render_note) from this checkout
    if env_value is not None:
        env[ENV] = env_value
    return subprocess.run([sys.executable, str(wt / "bench" / SCRIPT.name), "dev",
                           "--out", str(out)], capture_output=True, text=True, env=env,
                          timeout=120)


def test_a_worktree_finds_the_data_beside_its_main_checkout(worktree: Path, tmp_path: Path):
    assert not (worktree.parent.parent / "trees" / "shared").exists()
    proc = run(worktree, tmp_path / "out", None)
    assert proc.returncode == 0, proc.stderr
    notes = sorted(p.name for p in (tmp_path / "out" / "dev").glob("*.md"))
    assert notes == ["router-password-again.md", "router-password.md"]


def test_the_environment_variable_wins(worktree: Path, tmp_path: Path):
    write_split(tmp_path / "elsewhere", "Printer queue")
    proc = run(worktree, tmp_path / "out", str(tmp_path / "elsewhere"))
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "out" / "dev" / "printer-queue.md").is_file()


def test_no_data_says_how_to_point_at_it(worktree: Path, tmp_path: Path):
    proc = run(worktree, tmp_path / "out", str(tmp_path / "missing"))
    assert proc.returncode != 0
    assert "--data" in proc.stderr and ENV in proc.stderr, proc.stderr
    assert str(tmp_path / "missing") in proc.stderr

"""Another program writes a note of a group while `apply` runs: is any edit lost?

    PYTHONPATH=$PWD python bench/race_trials.py [--trials 40]

Per trial: a fresh five-note project with two groups, a plan made, then a real
second process (a writer) edits one note of group a every 5 ms for 0.3 s, starting
at a random moment of the apply, either as basic-memory's sync writes (temp file +
rename) or as an editor does (in place); each edit appends a line of its own to
what it read. After the apply and the writer have ended, an edit is lost when its
line is in no file under the project (the notes, the trash, overwritten/). Also
counted: edits missing from the live note itself. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import contextlib

from helpers_apply import group_doc, plan_doc, write_note  # noqa: E402

from review_app.core.apply import ApplyError, apply_plan, plan_from_document  # noqa: E402
from review_app.core.project import Project  # noqa: E402

WRITER = r"""
import os, sys, time, random
path, mode, log, ready, go, delay = sys.argv[1:7]
open(ready, "w").close()
while not os.path.exists(go):
    time.sleep(0.001)
time.sleep(float(delay))
end = time.monotonic() + 0.3
n = 0
with open(log, "a") as out:
    while time.monotonic() < end:
        n += 1
        line = f"edit-{os.getpid()}-{n}"
        try:
            text = open(path).read()
            if mode == "rename":
                tmp = path + ".sync-tmp"
                with open(tmp, "w") as f:
                    f.write(text + line + "\n")
                os.replace(tmp, path)
            else:
                with open(path, "r+") as f:
                    f.write(text + line + "\n")
        except FileNotFoundError:
            break  # the note was retired: nothing more to edit
        out.write(line + "\n")
        out.flush()
        time.sleep(0.005)
"""


def _project(root: Path) -> None:
    write_note(root, "a/one.md", "Cache policy", "# Cache policy\n\nEntries live 5 min.\n\n"
               "## Observations\n- [rule] ttl is 5 minutes #cache\n")
    write_note(root, "a/two.md", "Cache policy notes", "# Cache policy notes\n\nEntries "
               "live 5 min.\n\nRedis backs it.\n\n## Observations\n- [fact] redis #cache\n")
    write_note(root, "b/three.md", "Deploy steps", "# Deploy steps\n\nRun make deploy.\n")
    write_note(root, "b/four.md", "Deploy steps v2", "# Deploy steps v2\n\nRun make "
               "deploy, then smoke tests.\n")
    write_note(root, "c/index.md", "Index", "# Index\n\nSee [[Cache policy notes]].\n")


def _everything(root: Path) -> str:
    out = []
    for p in root.rglob("*"):
        if p.is_file() and not p.is_symlink():
            with contextlib.suppress(OSError):
                out.append(p.read_text(errors="replace"))
    return "\n".join(out)


def trial(base: Path, target: str, mode: str, rng: random.Random, max_delay: float
          ) -> tuple[str, int, int]:
    """(outcome, edits lost, edits missing from the live note)."""
    root = base / "kb"
    shutil.rmtree(base, ignore_errors=True)
    _project(root)
    project = Project(root)
    doc = plan_doc(root, group_doc(root, "a/one.md", ["a/two.md"], "merge", keep="a/one.md"),
                   group_doc(root, "b/four.md", ["b/three.md"], "update", keep="b/three.md"))
    plan = plan_from_document(project, doc)
    log, ready, go = base / "writer.log", base / "ready", base / "go"
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(root / target), mode, str(log),
                             str(ready), str(go), f"{rng.uniform(0, max_delay):.4f}"])
    while not ready.exists():
        time.sleep(0.001)
    go.touch()
    try:
        report = apply_plan(project, plan)
        outcome = "conflict" if report.conflicts else "applied"
    except ApplyError:
        outcome = "refused"
    proc.wait(timeout=30)
    written = log.read_text().split() if log.exists() else []
    everywhere = _everything(root)
    live = (root / target).read_text() if (root / target).exists() else ""
    lost = sum(1 for line in written if line not in everywhere)
    missing = sum(1 for line in written if line not in live)
    return outcome, lost, missing


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--trials", type=int, default=40)
    ap.add_argument("--seed", type=int, default=21)
    ap.add_argument("--max-delay", type=float, default=0.01,
                    help="the writer starts up to this many seconds after the apply")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    print("| writer | note edited | trials | applied | conflict | refused | trials losing "
          "an edit | edits lost | edits not in the live note |")
    print("|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for mode in ("rename", "in-place"):
            for target, role in (("a/one.md", "kept"), ("a/two.md", "retired")):
                outcomes: dict[str, int] = {"applied": 0, "conflict": 0, "refused": 0}
                losing = lost_sum = missing_sum = 0
                for i in range(args.trials):
                    outcome, lost, missing = trial(Path(tmp) / f"t{i}", target, mode, rng,
                                                   args.max_delay)
                    outcomes[outcome] += 1
                    losing += lost > 0
                    lost_sum += lost
                    missing_sum += missing
                print(f"| {mode} | {role} | {args.trials} | {outcomes['applied']} | "
                      f"{outcomes['conflict']} | {outcomes['refused']} | {losing} | "
                      f"{lost_sum} | {missing_sum} |", flush=True)


if __name__ == "__main__":
    main()

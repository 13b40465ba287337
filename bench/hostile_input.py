"""Cost of hostile notes: time and peak memory to load a project holding one.

Each case runs `load_notes` in a fresh child process (so peak RSS is its own),
with a wall-clock cap; a case that raises or runs past the cap is reported as such.

    nice -n 10 python bench/hostile_input.py [--timeout 120] [--cases bomb9,bomb10]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import resource
import tempfile
import time
from pathlib import Path


def alias_bomb(levels: int, width: int = 9) -> str:
    """`tags: *last` over `levels` anchors, each a list of `width` aliases of the one before."""
    names = [chr(ord("a") + i) for i in range(levels)]
    lines = ["---", "title: Quarterly report", f"{names[0]}: &{names[0]} [{','.join('x' * width)}]"]
    for prev, name in zip(names, names[1:], strict=False):
        lines.append(f"{name}: &{name} [{','.join([f'*{prev}'] * width)}]")
    lines += [f"tags: *{names[-1]}", "---", "", "# Quarterly report", "", "Revenue grew.", ""]
    return "\n".join(lines)


def big_scalar_bomb() -> str:
    """One 30 KB scalar aliased 20,000 times: small aliases, large expansion."""
    refs = ",".join(["*s"] * 20_000)
    return f"---\ntitle: Notes\ns: &s {'y' * 30_000}\ntags: [{refs}]\n---\n\nBody.\n"


CASES = {
    "bomb9": lambda: alias_bomb(9),
    "bomb10": lambda: alias_bomb(10),
    "scalar": big_scalar_bomb,
}


def _child(root: str, queue: mp.Queue) -> None:
    cap = 4 * 1024**3  # a runaway case ends in MemoryError here, not in the machine's OOM killer
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    from review_app.core.project import load_notes

    start = time.perf_counter()
    try:
        notes, problems = load_notes(Path(root))
        outcome = {"notes": len(notes), "problems": [p.error[:90] for p in problems]}
    except BaseException as exc:  # noqa: BLE001 - the point is to see what escapes
        outcome = {"raised": f"{type(exc).__name__}: {str(exc)[:80]}"}
    outcome["seconds"] = round(time.perf_counter() - start, 3)
    outcome["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    queue.put(outcome)


def run_case(name: str, timeout: float) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        text = CASES[name]()
        (Path(tmp) / "report.md").write_text(text, encoding="utf-8")
        (Path(tmp) / "plain.md").write_text("---\ntitle: Plain\n---\n\nA plain note.\n")
        queue: mp.Queue = mp.Queue()
        proc = mp.get_context("fork").Process(target=_child, args=(tmp, queue))
        start = time.perf_counter()
        proc.start()
        proc.join(timeout)
        if proc.is_alive():
            proc.kill()
            proc.join()
            return {"case": name, "bytes": len(text.encode()), "timeout_s": timeout}
        out = queue.get() if not queue.empty() else {"raised": f"exit {proc.exitcode}"}
        out.setdefault("seconds", round(time.perf_counter() - start, 3))
        return {"case": name, "bytes": len(text.encode()), **out}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--cases", default=",".join(CASES))
    args = ap.parse_args()
    os.environ.setdefault("PYTHONHASHSEED", "0")
    for name in args.cases.split(","):
        print(json.dumps(run_case(name, args.timeout)), flush=True)


if __name__ == "__main__":
    main()

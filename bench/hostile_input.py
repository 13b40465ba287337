"""Cost of hostile notes: time and peak memory to load a project holding one, and
to merge a hostile pair (what `apply --dry-run` and `upsert` compose).

Each case runs in a fresh child process (so peak RSS is its own), with a wall-clock
cap; a case that raises or runs past the cap is reported as such. Load cases run
`load_notes`; merge cases (`merge-*`) run `compose("merge", ...)` on two notes with
the real model for unit vectors.

    nice -n 10 python bench/hostile_input.py [--timeout 120] [--cases bomb9,merge-tags12k]
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


def _tags_pair() -> tuple[str, str]:
    """One observation with 12,000 tags, merged into itself (an upsert a second time)."""
    line = "- [fact] cache ttl is 5 minutes " + " ".join(f"#t{i}" for i in range(12_000))
    return (f"# Cache\n\n## Observations\n{line}\n",
            f"# Cache\n\n## Observations\n{line} #extra\n")


def _abbrev_pair() -> tuple[str, str]:
    para = "e.g. A. B. Dr. X. " * 3500  # 63 KB of abbreviations: one sentence
    return f"# Abbrev\n\n{para}\n", f"# Abbrev\n\n{para} Done.\n"


def _headings_pair(n: int = 3000) -> tuple[str, str]:
    a = "# H\n\n" + "".join(f"## Heading {i}\n\nText number {i} here.\n\n" for i in range(n))
    b = "# H\n\n" + "".join(f"## Heading {i}\n\nText number {i} here"
                             f"{' and more' if i % 10 == 0 else ''}.\n\n" for i in range(n))
    return a, b


def _big_pair(size: int = 2_000_000) -> tuple[str, str]:
    """An ordinary 2 MB note and a copy with one sentence added every 100 paragraphs."""
    import random

    rng = random.Random(1)
    words = ["cache", "pool", "server", "client", "deploy", "token", "user", "region",
             "queue", "shard", "index", "backup", "schedule", "metric", "alert"]
    paras: list[str] = []
    while sum(map(len, paras)) < size:
        paras.append(" ".join(" ".join(rng.choice(words) for _ in range(rng.randint(6, 14)))
                              .capitalize() + "." for _ in range(5)))
    b = [p + (" Also noted." if i % 100 == 0 else "") for i, p in enumerate(paras)]
    return "# Big\n\n" + "\n\n".join(paras) + "\n", "# Big\n\n" + "\n\n".join(b) + "\n"


MERGE_CASES = {
    "merge-tags12k": _tags_pair,
    "merge-abbrev": _abbrev_pair,
    "merge-headings3000": _headings_pair,
    "merge-2mb": _big_pair,
}


def _merge_child(name: str, queue: mp.Queue) -> None:
    cap = 6 * 1024**3
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    from review_app.core.merging import compose
    from review_app.core.notes import parse_note

    a, b = MERGE_CASES[name]()
    notes = [parse_note(p, (f"---\ntitle: {t}\ntype: note\npermalink: {p[:-3]}\nmodified: "
                            f"{d}\n---\n\n{body}").encode())
             for p, t, d, body in (("a.md", "A", "2026-01-01", a), ("b.md", "B", "2026-02-01", b))]
    start = time.perf_counter()
    try:
        composed = compose("merge", notes[0], [notes[1]])
        outcome: dict = {"written_bytes": len(composed.text.encode())}
    except BaseException as exc:  # noqa: BLE001 - the point is to see what escapes
        outcome = {"raised": f"{type(exc).__name__}: {str(exc)[:80]}"}
    outcome["seconds"] = round(time.perf_counter() - start, 3)
    outcome["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    outcome["bytes"] = len(a.encode()) + len(b.encode())
    queue.put(outcome)


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
    if name in MERGE_CASES:
        queue: mp.Queue = mp.Queue()
        proc = mp.get_context("fork").Process(target=_merge_child, args=(name, queue))
        proc.start()
        proc.join(timeout)
        if proc.is_alive():
            proc.kill()
            proc.join()
            return {"case": name, "timeout_s": timeout}
        out = queue.get() if not queue.empty() else {"raised": f"exit {proc.exitcode}"}
        return {"case": name, **out}
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
    ap.add_argument("--cases", default=",".join([*CASES, *list(MERGE_CASES)[:3]]),
                    help="comma-separated; merge-2mb (minutes, GBs) only when named")
    args = ap.parse_args()
    os.environ.setdefault("PYTHONHASHSEED", "0")
    for name in args.cases.split(","):
        print(json.dumps(run_case(name, args.timeout)), flush=True)


if __name__ == "__main__":
    main()

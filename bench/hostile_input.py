"""Cost of hostile notes: time and peak memory to load a project holding one, to
merge a hostile pair (what `apply --dry-run` and `upsert` compose), to show its merge
preview in the console, and to answer a hostile MCP request; each against a stated
bound.

Each case runs in a fresh child process (so peak RSS is its own), with a wall-clock
cap; a case that raises or runs past the cap is reported as such. Load cases run
`load_notes`; `merge-*` cases run `merging.compose("merge", ...)` on two notes with the
real model for unit vectors; `preview-*` cases run what the console does for a group
(its warm worker: embed the units, compose merge and update; then `v`: the preview's
compose with link rewriting and line marks); `mcp-deep` sends a 100,000-deep
argument to a real `bm-review mcp` server. One JSON line per case, then a table.

    nice -n 10 python bench/hostile_input.py [--timeout 300] [--cases bomb9,merge-tags12k]
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


def _tags_pair(n: int = 12_000) -> tuple[str, str]:
    """One observation with `n` tags, merged into itself (an upsert a second time)."""
    line = "- [fact] cache ttl is 5 minutes " + " ".join(f"#t{i}" for i in range(n))
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


def _hostile_pair(size: int = 52_000) -> tuple[str, str]:
    """Two ~52 KB notes made of everything that was slow at once: hundreds of headings,
    a long tag line, an abbreviation run, a long table, a deep list, long paragraphs;
    the newer copy changes a value in every tenth place."""
    def note(v: int) -> str:
        parts = ["- [fact] tagged " + " ".join(f"#t{i}" for i in range(1500)), "",
                 "e.g. A. B. Dr. X. " * 300, "", "| key | value |", "| --- | --- |"]
        parts += [f"| k{i} | {i * (v if i % 10 == 0 else 1)} |" for i in range(300)]
        parts += [""] + [("  " * (i % 12)) + f"- item {i} of {i % 7}" for i in range(300)]
        for i in range(330):
            parts += ["", f"## Part {i}", "", f"Part {i} keeps {i * (v if i % 10 == 0 else 1)}"
                      f" units in region eu-{i % 5}. The owner is Team {chr(65 + i % 26)}."]
        text = "\n".join(parts) + "\n"
        return text[:size] if len(text) > size else text
    return note(1), note(2)


MERGE_CASES = {
    "merge-tags12k": _tags_pair,
    "merge-tags20k": lambda: _tags_pair(20_000),
    "merge-hostile52k": _hostile_pair,
    "merge-abbrev": _abbrev_pair,
    "merge-headings3000": _headings_pair,
    "merge-2mb": _big_pair,
}


def _merge_child(name: str, queue: mp.Queue) -> None:
    cap = 6 * 1024**3
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    from review_app.core.merging import compose, prefetch_units
    from review_app.core.notes import parse_note
    from review_app.core.unit_vectors import shared_vectors

    preview = name.startswith("preview-")
    a, b = MERGE_CASES[name.replace("preview-", "merge-")]()
    notes = [parse_note(p, (f"---\ntitle: {t}\ntype: note\npermalink: {p[:-3]}\nmodified: "
                            f"{d}\n---\n\n{body}").encode())
             for p, t, d, body in (("a.md", "A", "2026-01-01", a), ("b.md", "B", "2026-02-01", b))]
    shared_vectors().matrix(["the model loaded before the clock starts"])
    start = time.perf_counter()
    try:
        if preview:  # the console: its warm worker, then `v`
            from review_app.tui.view import PreviewRequest
            from review_app.tui.widgets.merge_view import compose_written

            prefetch_units(notes)
            for action in ("merge", "update"):
                compose(action, notes[1], [notes[0]])
            written = compose_written(PreviewRequest("merge", notes[1], notes[0], [notes[0]],
                                                     kept=notes[1]))
            composed = written.composed
        else:
            composed = compose("merge", notes[1], [notes[0]])
        outcome: dict = {"written_bytes": len(composed.text.encode()),
                         "ledger_entries": len(composed.ledger.entries),
                         "bounded": len(composed.ledger.bounded)}
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


PREVIEW_CASES = ("preview-hostile52k", "preview-2mb")

# The stated bound of each case: (seconds, peak RSS in MB). A person's note costs well
# under a second; a 2 MB pair is bounded by its size (linear passes), not by a promise.
BOUNDS = {"bomb9": (2, 500), "bomb10": (2, 500), "scalar": (2, 500), "non-utf8-name": (2, 500),
          "merge-tags12k": (1, 1500), "merge-tags20k": (1, 1500), "merge-abbrev": (1, 1500),
          "merge-headings3000": (2, 1500), "merge-hostile52k": (1, 1500),
          "preview-hostile52k": (3, 1500), "merge-2mb": (60, 2500),
          "preview-2mb": (90, 2500), "mcp-deep": (1, None)}


def _mcp_deep(timeout: float) -> dict:
    """Seconds from sending a 100,000-deep argument to a real server to its answer."""
    import select
    import subprocess
    import sys

    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "a.md").write_text("---\ntitle: A\n---\n\n# A\n\nText.\n")
        proc = subprocess.Popen([sys.executable, "-m", "review_app", "mcp", tmp],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL)
        assert proc.stdin is not None and proc.stdout is not None

        def send(line: str) -> None:
            proc.stdin.write(line.encode() + b"\n")  # type: ignore[union-attr]
            proc.stdin.flush()  # type: ignore[union-attr]

        try:
            send(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
                "protocolVersion": "2025-06-18", "capabilities": {},
                "clientInfo": {"name": "bench", "version": "1"}}}))
            proc.stdout.readline()
            send(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}))
            deep = "[" * 100_000 + "]" * 100_000
            start = time.perf_counter()
            send('{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":'
                 '"upsert_note","arguments":{"title":"x","content":' + deep + "}}}")
            ready, _, _ = select.select([proc.stdout], [], [], timeout)
            if not ready:
                return {"case": "mcp-deep", "timeout_s": timeout}
            answer = json.loads(proc.stdout.readline())
            return {"case": "mcp-deep", "seconds": round(time.perf_counter() - start, 3),
                    "bytes": len(deep), "answer": answer.get("error", {}).get("message", "")[:60]}
        finally:
            proc.kill()
            proc.wait()


def _non_utf8(timeout: float) -> dict:
    """A file name that is not UTF-8 among ordinary notes: listed as a problem."""
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "plain.md").write_text("---\ntitle: Plain\n---\n\nA plain note.\n")
        with open(os.path.join(os.fsencode(tmp), b"ci-pipeline-\xff.md"), "wb") as f:
            f.write(b"---\ntitle: CI\n---\n\nThe pipeline.\n")
        queue: mp.Queue = mp.Queue()
        proc = mp.get_context("fork").Process(target=_child, args=(tmp, queue))
        proc.start()
        proc.join(timeout)
        if proc.is_alive():
            proc.kill()
            proc.join()
            return {"case": "non-utf8-name", "timeout_s": timeout}
        out = queue.get() if not queue.empty() else {"raised": f"exit {proc.exitcode}"}
        return {"case": "non-utf8-name", **out}


def run_case(name: str, timeout: float) -> dict:
    if name == "mcp-deep":
        return _mcp_deep(timeout)
    if name == "non-utf8-name":
        return _non_utf8(timeout)
    if name in MERGE_CASES or name in PREVIEW_CASES:
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


def verdict(row: dict) -> str:
    secs, mb = BOUNDS.get(row["case"], (None, None))
    if "timeout_s" in row or "raised" in row:
        return "FAIL"
    ok = (secs is None or row["seconds"] <= secs) and (
        mb is None or row.get("peak_rss_mb", 0) <= mb)
    return "ok" if ok else "OVER"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--timeout", type=float, default=300.0)
    ap.add_argument("--cases", default=",".join(BOUNDS), help="comma-separated")
    args = ap.parse_args()
    os.environ.setdefault("PYTHONHASHSEED", "0")
    rows = []
    for name in args.cases.split(","):
        row = run_case(name, args.timeout)
        rows.append(row)
        print(json.dumps(row), flush=True)
    print("\n| case | input | seconds | peak RSS MB | bound | |\n|---|---|---|---|---|---|")
    for row in rows:
        secs, mb = BOUNDS.get(row["case"], (None, None))
        bound = f"< {secs} s" + (f", < {mb} MB" if mb else "")
        size = f"{row.get('bytes', 0) / 1000:.0f} KB" if row.get("bytes") else ""
        took = row.get("seconds", f"> {row.get('timeout_s')}" if "timeout_s" in row
                       else row.get("raised", ""))
        print(f"| {row['case']} | {size} | {took} | {row.get('peak_rss_mb', '')} | {bound} "
              f"| {verdict(row)} |")
    raise SystemExit(0 if all(verdict(r) == "ok" for r in rows) else 1)


if __name__ == "__main__":
    main()

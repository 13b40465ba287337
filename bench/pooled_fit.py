"""One fitting table of every labeled pair, and honest (leave-one-set-out) figures.

Each round refitted the score on the newest set and lost on the next fresh one. This
bench pools the labeled pairs of every set seen so far (the hard sets score-A..F, the
rewrite set, the demo, two real agent vaults' labeled pairs) into one table of what
the scorer computes for a pair: its base score (the hybrid logistic on cosines and
ranks), coverage both ways (cues.py), the series and index cues. It then

- fits the coverage weights (`w_contain * (contain - pivot) - w_own * (1 - contain) *
  own_big` on the base logit, coverage.SECTIONS) on all sets but one, chooses the
  listing cut on those sets (the highest cut listing >= 95% of their hard sets'
  duplicate pairs) and the likely cut (the lowest with pooled precision >= 0.90), and
  reports on the set left out: listing recall, same-topic (non-series) pairs listed,
  series pairs in likely, likely precision. These fold figures are the estimate of a
  fresh set;
- prints the same figures with everything pooled (in-sample, "tuned-on").

Pairs are scored pair by pair (a listed pair: its score at or above the cut), not as the
console's star groups; `/work/heldout/tools/hard_eval.py` on a scan checks the groups.

    python bench/pooled_fit.py            # scan every set (cached pieces), table, folds
    python bench/pooled_fit.py --reuse    # refit on the last dump
    python bench/pooled_fit.py --seen /work/dev/seen   # the hard sets found there instead
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

import numpy as np

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
from bands import demo_copy, demo_labels, hard_labels, rewrite_copy, scan_folder  # noqa: E402
from stats import wilson  # noqa: E402

from review_app.core.embedding import Embedder  # noqa: E402
from review_app.core.strategies import cues as cues_mod  # noqa: E402
from review_app.core.strategies import hybrid as hybrid_mod  # noqa: E402
from review_app.core.strategies import pair_features as scored_mod  # noqa: E402
from review_app.core.strategies.coverage import SECTIONS  # noqa: E402

REPO = BENCH.parent
OUT = BENCH / "out" / "pooled_fit"
HELD = Path("/work/heldout")
HARD = {f"score-{x}": HELD / f"score-{x}" for x in "ABCDEFGH"}
HARD["rewrite_kb"] = REPO / "tests" / "data" / "rewrite_kb"
VAULTS = {"aios": (Path("/work/realvault/aios"), Path("/work/realvault"), "labels-*.json"),
          "hermes": (Path("/work/realvault2/hermes-brain"), Path("/work/realvault2"),
                     "labels-*.json")}
ALL = (*HARD, "demo", *VAULTS)
RECALL = 0.95
TABLE_FLOOR = 0.05
"""The table's rows carry their cues from this base score up (the scorer's FLOOR decides
which of them a score uses), so a lower floor can be measured offline."""
PRECISION = 0.90


def vault_labels(folder: Path, pattern: str) -> dict[tuple[str, str], str]:
    out: dict[tuple[str, str], str] = {}
    for f in sorted(folder.glob(pattern)):
        doc = json.loads(f.read_text("utf-8"))
        for x in doc.get("sample", []) + doc.get("labels", []):
            out[tuple(sorted((x["a"], x["b"])))] = x["label"]  # type: ignore[index]
    return out


def labels_of(name: str) -> tuple[Path, dict[tuple[str, str], str]]:
    """The folder to scan and {pair: kind}, kind "dup" for a duplicate."""
    if name == "demo":
        root = demo_copy(OUT)
        return root, {p: "dup" for p in demo_labels()}
    if name in VAULTS:
        src, folder, pattern = VAULTS[name]
        lab = vault_labels(folder, pattern)
        return rewrite_copy(OUT, src), {k: "dup" if v == "duplicate" else v
                                        for k, v in lab.items()}
    src = HARD[name]
    dup, _ = hard_labels(src)
    doc = json.loads((src / "labels.json").read_text("utf-8"))
    out: dict[tuple[str, str], str] = {p: "dup" for p in dup}
    for n in doc["not_duplicates"]:
        key = tuple(sorted((n["path"], n["related"])))
        out.setdefault(key, n.get("kind", "same-topic"))  # type: ignore[arg-type]
    return rewrite_copy(OUT, src), out


def set_rows(name: str, embedder: Embedder) -> list[dict]:
    """Every labeled pair of a set: base score (cues not applied) and its cues' figures."""
    root, labels = labels_of(name)
    seen: dict[tuple[str, str], object] = {}
    saved_cues, saved_adjust = scored_mod.pair_cues, cues_mod.PairCues.adjust

    def recording(a, b, pa, pb, *rest):
        cue = saved_cues(a, b, pa, pb, *rest)
        seen[tuple(sorted((a.path, b.path)))] = cue  # type: ignore[index]
        return cue

    saved_floor = scored_mod.FLOOR  # the scan's cue pass lives in pair_features.ScoredPairs
    scored_mod.pair_cues = recording  # type: ignore[assignment]
    cues_mod.PairCues.adjust = (  # type: ignore[method-assign]
        lambda self, score, likely, listing=None: score)
    scored_mod.FLOOR = TABLE_FLOOR  # cues of pairs below the shipped floor too (--floor)
    try:
        result = scan_folder(root, "hybrid", embedder)
    finally:
        scored_mod.pair_cues, cues_mod.PairCues.adjust = saved_cues, saved_adjust
        scored_mod.FLOOR = saved_floor
    best: dict[tuple[str, str], object] = {}
    for c in result.candidates:
        if c.key not in best or c.score > best[c.key].score:  # type: ignore[attr-defined]
            best[c.key] = c
    rows = []
    for key, kind in sorted(labels.items()):
        cue = seen.get(key)
        cand = best.get(key)
        row = {"set": name, "a": key[0], "b": key[1], "kind": kind, "dup": kind == "dup",
               "base": cand.score if cand is not None else 0.0,  # type: ignore[attr-defined]
               "cued": cue is not None}
        if cand is not None:
            ev = cand.evidence  # type: ignore[attr-defined]
            row.update({"cosine": ev["cosine"], "identity": ev["identity"],
                        "nc": bool(ev["number_conflict"]), "title": ev["title"],
                        "reworded": bool(ev.get("numbered_rewording"))})
        if cue is not None:
            cov = cue.cov  # type: ignore[attr-defined]
            row.update({"series": bool(cue.held_as_series),  # type: ignore[attr-defined]
                        "index": bool(cue.shape_a or cue.shape_b),  # type: ignore[attr-defined]
                        "restates": bool(cue.series.restates),  # type: ignore[attr-defined]
                        "template": bool(getattr(cue, "held_as_template", False)),
                        "pieces": 0 if cov is None else cov.pieces})
            row["sequence"] = any("linked as" in x for x in cue.series.reasons)  # type: ignore[attr-defined]
            row["stamp"] = any("differ only" in x for x in cue.series.reasons)  # type: ignore[attr-defined]
            if cov is not None:
                small, own_big = cov.small_big
                row.update({"contain": small, "own_big": own_big,
                            "less": min(cov.share_a, cov.share_b),
                            "share_small": min(cov.share_a, cov.share_b)
                            if cov.chars_a == cov.chars_b else
                            (cov.share_a if cov.chars_a < cov.chars_b else cov.share_b)})
        rows.append(row)
    return rows


SCANS = {"aios": Path("/work/realvault/aios-scan-final3.json"),
         "hermes": Path("/work/realvault2/scan-final.json")}
"""A vault's scan JSON of the shipped code (its labeled pairs were sampled from scans like
it): `--from-scans` reads the vaults' rows from these instead of scanning (minutes each)."""


def scan_rows(name: str) -> list[dict]:
    """A vault's labeled pairs as its scan JSON lists them (anchor and member): the
    cues' figures from the member's evidence, the base score the final one with the
    shipped coverage shift taken back out (a pair held below the likely cut keeps the
    held score: a lower bound). Pairs the scan does not list as anchor and member are
    left out."""
    _, folder, pattern = VAULTS[name]
    labels = {k: "dup" if v == "duplicate" else v
              for k, v in vault_labels(folder, pattern).items()}
    doc = json.loads(SCANS[name].read_text("utf-8"))
    cur = (SECTIONS.weight, SECTIONS.both_own, SECTIONS.pivot)
    rows = []
    for g in doc["groups"]:
        for m in g["members"]:
            key = tuple(sorted((g["canonical"], m["path"])))
            if key not in labels:
                continue
            ev = m["evidence"]
            row = {"set": name, "a": key[0], "b": key[1], "kind": labels[key],
                   "dup": labels[key] == "dup", "base": m["score"], "cued": "series" in ev,
                   "cosine": ev.get("cosine", 0.0), "identity": ev.get("identity", 0.0),
                   "nc": bool(ev.get("number_conflict", 0.0)), "title": ev.get("title", 0.0)}
            if row["cued"]:
                row.update({"series": bool(ev["series"]), "index": bool(ev["index_like"]),
                            "restates": bool(ev["supersedes"]),
                            "pieces": int(max(ev.get("pieces_a", 0), ev.get("pieces_b", 0)))})
                if "covered_a" in ev:
                    ra, rb = ev.get("runs_a", ev["covered_a"]), ev.get("runs_b", ev["covered_b"])
                    small, own_big = ((ra, 1 - rb) if ev["chars_a"] <= ev["chars_b"]
                                      else (rb, 1 - ra))
                    row.update({"contain": small, "own_big": own_big,
                                "less": min(ev["covered_a"], ev["covered_b"])})
                z = logit(m["score"]) - shift(row, *cur) - (
                    cues_mod.RESTATES_BONUS if row["restates"] else 0.0)
                row["base"] = 1 / (1 + math.exp(-z))
            rows.append(row)
    return rows


# -- the score of a row under given coverage weights (cues.PairCues.adjust, offline)

def logit(p: float) -> float:
    p = min(max(p, 1e-9), 1 - 1e-9)
    return math.log(p / (1 - p))


def shift(r: dict, w_contain: float, w_own: float, pivot: float) -> float:
    if not r.get("cued") or r.get("pieces", 0) < 2 or "contain" not in r:
        return 0.0
    if r["index"]:
        pv, wt = SECTIONS.shaped or (pivot, w_contain)
        return min(cues_mod.MAX_RISE, wt * (r["less"] - pv))
    return min(cues_mod.MAX_RISE, w_contain * (r["contain"] - pivot)
               - w_own * (1 - r["contain"]) * r["own_big"])


ROUND6 = {"floor": 0.30, "lift": None, "reworded": False}
SHIPPED = {"floor": SECTIONS.floor, "lift": SECTIONS.lift, "reworded": True}
LISTING = dict(SHIPPED)
"""How `scored` reads the listing (set per mode by `report`): the floor from which a scanned
set's pairs get their cues, the listing's containment lift (pivot, weight) and whether reworded
titles numbered differently lose no score (held below the likely band, hybrid.REWORDED) or
the title-number penalty (round 6)."""
NUMBER_PENALTY = -2.0  # hybrid_weights.json number_conflict


def scored(r: dict, w: tuple[float, float, float], likely: float,
           band: tuple[float, float, float] | None = None) -> float:
    """The row's score under coverage weights `w`; with `band`, the score under those weights
    where it reaches the likely cut, else the score under `w` held just below the cut."""
    if r["base"] <= 0.0:
        return 0.0
    z = logit(r["base"])
    if r.get("reworded") and not LISTING["reworded"]:
        z += NUMBER_PENALTY
    cued = bool(r.get("cued")) and (r["set"] in VAULTS or 1 / (1 + math.exp(-z))
                                    >= LISTING["floor"])
    base_z = z
    bonus = cues_mod.RESTATES_BONUS if r.get("restates") else 0.0
    if cued:
        z += listing_shift(r, w, band) + bonus
    s = 1 / (1 + math.exp(-z))
    if band is not None and cued:
        sb = 1 / (1 + math.exp(-(base_z + shift(r, *band) + bonus)))
        s = sb if sb >= likely else min(s, likely - cues_mod.SERIES_BELOW)
    held = (r.get("series") or r.get("template")
            or (r.get("index") and r.get("less", 1.0) < 0.85))
    if (cued and held) or (r.get("reworded") and LISTING["reworded"]):
        s = min(s, likely - cues_mod.SERIES_BELOW)
    return s


def listing_shift(r: dict, w: tuple[float, float, float], band) -> float:
    """cues.PairCues.listing_shift offline: the rule's term, or the lift where larger."""
    out = shift(r, *w)
    lift = LISTING["lift"]
    if (band is not None and lift is not None and r.get("pieces", 0) >= 2 and "contain" in r
            and not r["index"]):
        out = max(out, min(cues_mod.MAX_RISE, lift[1] * (r["contain"] - lift[0])))
    return out


LIFT_GRID = [{"floor": f, "lift": (p, wt), "reworded": True} for f in (0.30, 0.25, 0.20)
             for p in (0.75, 0.80, 0.85) for wt in (1.55, 2.0, 3.0, 4.0, 6.0, 8.0)]


def fit_lift(rows: list[dict], w, band, listing: float, likely: float) -> dict:
    """The grid point listing the most hard-set duplicate pairs less non-series
    non-duplicates at the held cuts (fewer series listed breaking ties)."""
    def value(point: dict) -> tuple[int, int]:
        LISTING.update(point)
        f = figures(rows, w, listing, likely, band)
        return f["listed"] - f["same_topic"], -f["series_listed"]
    best = max(LIFT_GRID, key=value)
    LISTING.update(best)
    return best


def fit_weights(rows: list[dict], pivot: float, l2: float,
                contain_only: bool = False) -> tuple[float, float]:
    """coverage_fit.fit on the reachable non-series, non-index pairs with two+ pieces
    (`contain_only`: the own-content weight held at 0, the listing's shift under --split)."""
    use = [r for r in rows if r.get("cued") and "contain" in r and r.get("pieces", 0) >= 2
           and not r["series"] and not r["index"] and r["base"] >= cues_mod.FLOOR]
    x = np.array([[r["contain"] - pivot, 0.0 if contain_only else -(1 - r["contain"])
                   * r["own_big"]] for r in use])
    y = np.array([float(r["dup"]) for r in use])
    off = np.array([logit(r["base"]) for r in use])
    w = np.zeros(2)
    for _ in range(100):
        p = 1 / (1 + np.exp(-(off + x @ w)))
        g = x.T @ (p - y) + l2 * w
        h = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(2)
        step = np.linalg.solve(h, g)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return float(w[0]), float(w[1])


def hard(rows: list[dict]) -> list[dict]:
    return [r for r in rows if r["set"] in HARD]


def listing_cut(rows: list[dict], w, likely: float, band=None) -> float:
    """The highest cut listing >= RECALL of the hard sets' duplicate pairs."""
    dups = sorted((scored(r, w, likely, band) for r in hard(rows) if r["dup"]), reverse=True)
    need = math.ceil(RECALL * len(dups))
    return round(math.floor(dups[need - 1] * 100) / 100, 2)


def likely_cut(rows: list[dict], w, likely: float, band=None) -> float:
    """The lowest cut where every pair at or above it is a duplicate with precision >=
    PRECISION, pooled over every set's labeled pairs (vault labels included)."""
    pts = sorted(((scored(r, w, likely, band), r["dup"]) for r in rows), reverse=True)
    best = 1.0
    tp = 0
    for n, (s, d) in enumerate(pts, 1):
        tp += d
        if tp / n >= PRECISION:
            best = s
    return round(math.ceil(best * 100) / 100, 2)


def figures(rows: list[dict], w, listing: float, likely: float, band=None) -> dict:
    sc = [(scored(r, w, likely, band), r) for r in rows]
    dups = [s for s, r in sc if r["dup"] and r["set"] in HARD]
    listed_nd = [r for s, r in sc if not r["dup"] and s >= listing]
    in_likely = [(s, r) for s, r in sc if s >= likely]
    tp = sum(r["dup"] for _, r in in_likely)
    return {"dup": len(dups), "listed": sum(s >= listing for s in dups),
            "same_topic": sum(1 for r in listed_nd if r["kind"] != "series"
                              and r["set"] in HARD),
            "series_listed": sum(1 for r in listed_nd if r["kind"] == "series"),
            "series_likely": sum(1 for s, r in in_likely if r["kind"] == "series"),
            "likely": len(in_likely), "likely_dup": tp,
            "likely_interval": wilson(tp, len(in_likely)),
            "vault_dup_listed": sum(1 for s, r in sc if r["dup"] and r["set"] in VAULTS
                                    and s >= listing)}


def line(name: str, f: dict) -> str:
    rec = f"{f['listed']}/{f['dup']}" if f["dup"] else "-"
    prec = f"{f['likely_dup']}/{f['likely']} {f['likely_interval']}" if f["likely"] else "-"
    return (f"{name:11s} listed {rec:7s} same-topic listed {f['same_topic']:2d} series listed "
            f"{f['series_listed']:2d} series likely {f['series_likely']} likely precision {prec}"
            f"  vault dups listed {f['vault_dup_listed']}")


def weights_for(rows: list[dict], mode: str, pivot: float, l2: float):
    """(listing weights, band weights or None) of a mode: "shipped" (the full reader's rule
    decides listing and band alike), "joint" (both weights fitted), "split" (the listing's
    shift is the rule's containment term alone, the likely band decided by the full rule),
    "split-fit" (as split, the listing's containment weight fitted); "lift" (as split, with
    the listing's containment lift, floor and reworded numbers shipped in round 7: SHIPPED;
    "split" reads the listing as round 6 did, ROUND6), "lift-fit" (the lift's floor, pivot and
    weight chosen over LIFT_GRID on the other sets)."""
    cur = (SECTIONS.weight, SECTIONS.both_own, SECTIONS.pivot)
    if mode == "shipped":
        return cur, None
    if mode == "joint":
        w = fit_weights(rows, pivot, l2)
        return (w[0], w[1], pivot), None
    if mode in ("split", "lift", "lift-fit"):  # the rule without its own-content term
        return (cur[0], 0.0, cur[2]), cur
    w = fit_weights(rows, pivot, l2, contain_only=True)
    return (w[0], 0.0, pivot), cur


def report(rows: list[dict], pivot: float, l2: float, mode: str,
           listing: float | None = None, likely: float | None = None) -> None:
    """Per set with the shipped score, then leave-one-set-out under `mode`, then `mode`
    fitted on everything. `listing` / `likely` hold a cut instead of choosing it."""
    sets = list(dict.fromkeys(r["set"] for r in rows))  # in the order they were read
    cur = (SECTIONS.weight, SECTIONS.both_own, SECTIONS.pivot)
    weights = hybrid_mod.load_weights()
    now_list, now_likely = weights["threshold_recall"], weights["threshold"]
    for name, rule in (("round 6", ROUND6), ("shipped", SHIPPED)):
        LISTING.update(rule)
        print(f"\n== the {name} listing (weights {cur[:2]}, listing {now_list}, likely "
              f"{now_likely}, {rule}), per set (tuned-on)")
        split = (cur[0], 0.0, cur[2])
        for s in sets:
            print(line(s, figures([r for r in rows if r["set"] == s], split, now_list,
                                  now_likely, cur)))
        print(line("pooled", figures(rows, split, now_list, now_likely, cur)))

    def cuts(part: list[dict], w, band) -> tuple[float, float]:
        lk = likely if likely is not None else likely_cut(part, w, now_likely, band)
        if listing is not None or not hard(part):
            return (listing if listing is not None else now_list), lk
        return min(listing_cut(part, w, lk, band), lk), lk
        return ls, lk

    LISTING.update(SHIPPED if mode.startswith("lift") else ROUND6)
    print(f"\n== leave-one-set-out, mode {mode} (pivot {pivot}, L2 {l2}): weights and cuts "
          f"from the other sets; figures on the set left out")
    total = {"dup": 0, "listed": 0, "same_topic": 0, "series_likely": 0, "likely": 0,
             "likely_dup": 0}
    for s in sets:
        rest = [r for r in rows if r["set"] != s]
        w, band = weights_for(rest, mode, pivot, l2)
        point = ""
        if mode == "lift-fit":
            point = f" {fit_lift(rest, w, band, listing or now_list, likely or now_likely)}"
        ls, lk = cuts(rest, w, band)
        f = figures([r for r in rows if r["set"] == s], w, ls, lk, band)
        for k in total:
            total[k] += f[k]
        print(f"{line(s, f)}   [w {w[0]:.2f}/{w[1]:.2f} listing {ls} likely {lk}{point}]")
    print(f"folds pooled: listed {total['listed']}/{total['dup']} "
          f"({total['listed'] / max(1, total['dup']):.0%}), same-topic listed "
          f"{total['same_topic']}, series in likely {total['series_likely']}, likely "
          f"precision {total['likely_dup']}/{total['likely']} "
          f"{wilson(total['likely_dup'], total['likely'])}")
    w, band = weights_for(rows, mode, pivot, l2)
    if mode == "lift-fit":
        print(f"\n   lift fitted on everything: "
              f"{fit_lift(rows, w, band, listing or now_list, likely or now_likely)}")
    ls, lk = cuts(rows, w, band)
    print(f"\n== mode {mode} fitted on everything: w_contain {w[0]:.2f} w_own {w[1]:.2f} "
          f"pivot {pivot}, listing {ls}, likely {lk} (per set, tuned-on)")
    for s in sets:
        print(line(s, figures([r for r in rows if r["set"] == s], w, ls, lk, band)))
    print(line("pooled", figures(rows, w, ls, lk, band)))


def use_seen(folder: Path) -> list[str]:
    """The hard sets are the labeled `score-*` folders under `folder` (the sets already
    measured, once the held-out folder that named them is gone), with rewrite_kb; the demo
    and the real vaults found on this machine pool in. Returns the sets to scan."""
    found = {d.name: d for d in sorted(folder.glob("score-*")) if (d / "labels.json").is_file()}
    HARD.clear()
    HARD.update(found)
    HARD["rewrite_kb"] = REPO / "tests" / "data" / "rewrite_kb"
    return [*HARD, "demo", *(v for v, (src, _, _) in VAULTS.items() if src.is_dir())]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sets", default=None, help="comma-separated (default: every set)")
    ap.add_argument("--seen", type=Path, default=None,
                    help="read the hard sets from the score-* folders here")
    ap.add_argument("--reuse", action="store_true")
    ap.add_argument("--mode", choices=("shipped", "joint", "split", "split-fit", "lift",
                                           "lift-fit"), default="split")
    ap.add_argument("--likely", type=float, default=None,
                    help="hold the likely cut here instead of choosing it")
    ap.add_argument("--listing", type=float, default=None,
                    help="hold the listing cut here (the demo's basic-memory pairs bound it)")
    ap.add_argument("--from-scans", action="store_true",
                    help="the vaults' rows from their scan JSONs (SCANS), not scanned")
    ap.add_argument("--add", type=Path, action="append", default=[],
                    help="rows of another dump to pool in")
    ap.add_argument("--pivot", type=float, default=SECTIONS.pivot)
    ap.add_argument("--l2", type=float, default=0.1)
    ap.add_argument("--dump", type=Path, default=OUT / "pairs.json")
    args = ap.parse_args()
    sets = use_seen(args.seen) if args.seen is not None else list(ALL)
    if args.sets:
        sets = args.sets.split(",")
    if args.reuse:
        rows = json.loads(args.dump.read_text())
    else:
        embedder = Embedder()
        rows = []
        for s in sets:
            rows += scan_rows(s) if args.from_scans and s in VAULTS else set_rows(s, embedder)
            print(f"{s}: {sum(r['set'] == s for r in rows)} labeled pairs", flush=True)
        args.dump.parent.mkdir(parents=True, exist_ok=True)
        args.dump.write_text(json.dumps(rows, indent=1))
    for extra in args.add:
        rows += json.loads(extra.read_text())
    report(rows, args.pivot, args.l2, args.mode, args.listing, args.likely)



if __name__ == "__main__":
    main()

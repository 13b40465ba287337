"""Fit the merge's carry model (core/merge/pass_carry.py) on labelled groups.

    python bench/carry_fit.py /work/heldout/merge-A ... /work/heldout/merge-F
    python bench/carry_fit.py SETS... --write      # also write core/carry_weights.json

Each folder holds notes and a groups.json as bench/merge_quality.py reads it. Every
older sentence, list item or footnote pass_carry decides (not superseded, not word for
word in the newest) is composed with the rules only (no model) and labelled from the
group's snippets: must-carry (it holds a `current` snippet the newest note lacks),
stale (it holds the old side of a `changed` pair or a `removed` snippet), neutral (the
rest: it restates the newest or holds no checked fact). The model is a logistic
regression (numpy, L2) of must-carry against the rest over pass_carry.FEATURES.

Printed: per held-out set, the model fitted on the other sets (leave one set out):
precision and recall of "carry" for must-carry units (pass_carry's policy: a unit the
rules carry is carried when p >= carry_at or nothing in the newest is near it, else
held back; one they leave out is held
back when p >= hold_at), stale units it would carry, units held back for the person,
must-carry units taken as present by cosine; and the same for pass 3's rule verdict
(carried or not) on the same units. These are the honest estimates; the figures of the
model fitted on every set (what --write ships) are optimistic. Also printed: the same
with a stale-vs-rest model holding back likely stale units (round 15: it held back more
without carrying fewer stale units, so it is not shipped) and the shipped weights'
figures (honest only on sets they were not fitted on). The policy followed is
pass_carry._decide's, in its order (`_figures`).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from review_app.core import merging  # noqa: E402
from review_app.core.merge.pass_carry import (  # noqa: E402
    FEATURES,
    WEIGHTS_FILE,
    CarryModel,
    names_intro,
    shipped_model,
)
from review_app.core.merge.thresholds import DEFAULT  # noqa: E402
from review_app.core.project import load_notes  # noqa: E402

CARRY_AT = 0.2
HOLD_AT = 0.5
L2 = 1.0


def _plain(text: str) -> str:
    return " ".join(re.sub(r"[*_`]+", "", text).split())


def holds(unit: str, snippet: str) -> bool:
    """The unit states the snippet (or is a whole part of it)."""
    u, s = _plain(unit).lower(), _plain(snippet).lower()
    return bool(s) and (s in u or (len(u.split()) >= 4 and u.rstrip(".") in s))


def examples(folder: Path) -> list[tuple[list[float], int, str, str]]:
    """(features, label, unit text, label name) for every unit pass_carry decides."""
    doc = json.loads((folder / "groups.json").read_text())
    notes = {n.path: n for n in load_notes(folder)[0]}
    out = []
    for g in doc["groups"]:
        base = notes[g["newer"]]
        others = [notes[m] for m in g["members"] if m != g["newer"]]
        composed = merging.compose("merge", base, others, carry_model=None)
        base_text = _plain(base.text).lower()
        only_older = [s for s in g.get("current") or [new for _, new in g.get("changed", [])]
                      if _plain(s).lower() not in base_text]
        stale = [old for old, _ in g.get("changed", [])] + list(g.get("removed", []))
        for key, x in composed.carry_features.items():
            e = composed.ledger.get(key)
            text = e.text if e is not None else ""
            if any(holds(text, s) for s in stale):
                out.append((x, 0, text, "stale"))
            elif any(holds(text, s) for s in only_older):
                out.append((x, 1, text, "must-carry"))
            else:
                out.append((x, 0, text, "neutral"))
    return out


def fit(x: np.ndarray, y: np.ndarray) -> CarryModel:
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    z = (x - mean) / scale
    a = np.hstack([np.ones((len(z), 1)), z])
    w = np.zeros(a.shape[1])
    reg = np.eye(a.shape[1]) * L2
    reg[0, 0] = 0.0
    for _ in range(50):  # Newton steps (IRLS)
        p = 1.0 / (1.0 + np.exp(-np.clip(a @ w, -30, 30)))
        grad = a.T @ (p - y) + reg @ w
        hess = (a * (p * (1 - p))[:, None]).T @ a + reg
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return CarryModel(tuple(mean.tolist()), tuple(scale.tolist()), tuple(w[1:].tolist()),
                      float(w[0]), CARRY_AT, HOLD_AT)


def _figures(model: CarryModel, rows: list, stale: CarryModel | None = None,
             stale_at: float = 1.1) -> dict[str, float]:
    """pass_carry._decide's policy on labelled units, in its order: written in a base
    unit's place (carried), superseded by a base unit's other value, present or held
    back by cosine, an older intro's names (held back), then the model; a unit the
    stale model gives at least `stale_at` is held back rather than carried."""
    out: dict[str, float] = {
        "must": 0, "carried": 0, "right": 0, "stale carried": 0, "held": 0,
        "rule carried": 0, "rule right": 0, "rule stale": 0, "present": 0}
    rule = FEATURES.index("rule_carried")
    col = {n: FEATURES.index(n) for n in ("fuller", "old_over", "named_alone",
                                          "near_shape", "near_stated")}
    for x, y, _, name in rows:
        p = model.probability(x)
        ruled = bool(x[rule])
        fuller = ruled and bool(x[col["fuller"]])
        present = not fuller and (ruled and bool(x[col["old_over"]])
                                  or x[0] >= DEFAULT.present_cosine
                                  or x[col["near_shape"]] >= DEFAULT.other_shape_cosine
                                  or x[col["near_stated"]] >= DEFAULT.near_stated_cosine)
        intro = names_intro(x)
        scope = intro and not x[FEATURES.index("past_event")]
        carry = fuller or (ruled and not present and (scope or not intro) and (
            scope or p >= model.carry_at or x[0] < DEFAULT.carry_hold_cosine
            or bool(x[col["named_alone"]])))
        if carry and not fuller and stale is not None and stale.probability(x) >= stale_at:
            carry = False
        out["must"] += y
        out["present"] += int(present and y == 1)
        out["carried"] += int(carry)
        out["right"] += int(carry and y == 1)
        out["stale carried"] += int(carry and name == "stale")
        out["held"] += int(not carry and not present and (
            p >= model.hold_at if not ruled else True))
        out["rule carried"] += int(ruled)
        out["rule right"] += int(ruled and y == 1)
        out["rule stale"] += int(ruled and name == "stale")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("sets", nargs="+", type=Path)
    ap.add_argument("--write", action="store_true", help=f"write {WEIGHTS_FILE.name}")
    ap.add_argument("--show", action="store_true", help="print every labelled unit")
    ap.add_argument("--cache", type=Path, help="keep the labelled units in this JSON file "
                    "(composing every group is the slow part; refits read it)")
    args = ap.parse_args(argv)
    if args.cache is not None and args.cache.exists():
        data = {k: [tuple(r) for r in v] for k, v in json.loads(args.cache.read_text()).items()}
    else:
        data = {s.name: examples(s) for s in args.sets}
        if args.cache is not None:
            args.cache.write_text(json.dumps(data))
    for name, rows in data.items():
        counts = {k: sum(1 for r in rows if r[3] == k) for k in ("must-carry", "stale", "neutral")}
        print(f"{name}: {len(rows)} units, {counts}")
        if args.show:
            for x, _, text, lab in rows:
                print(f"   {lab:10} cos {x[0]:.2f} rule {x[FEATURES.index('rule_carried')]:.0f}"
                      f"  {text[:110]!r}")
    print("\nleave one set out (model fitted on the other sets): a unit the rules carry is "
          f"carried at p >= {CARRY_AT}, else held back; one they leave out is held back at "
          f"p >= {HOLD_AT}; cosine >= {DEFAULT.present_cosine} to a newest unit: present")
    print(f"{'set':10} {'must':>5} {'carry P':>8} {'carry R':>8} {'stale':>6} {'held':>5} "
          f"{'present':>8} | {'rule P':>7} {'rule R':>7} {'stale':>6}")
    total: dict[str, float] = {}
    for name, rows in data.items():
        train = [r for n, rs in data.items() if n != name for r in rs]
        model = fit(np.array([r[0] for r in train]), np.array([r[1] for r in train], float))
        f = _figures(model, rows)
        for k, v in f.items():
            total[k] = total.get(k, 0) + v
        _line(name, f)
    _line("all", total)
    print("\nleave one set out, all sets together, by the carry cut:")
    for cut in (0.1, 0.2, 0.3, 0.4, 0.5):
        total = {}
        for name, rows in data.items():
            train = [r for n, rs in data.items() if n != name for r in rs]
            m = fit(np.array([r[0] for r in train]), np.array([r[1] for r in train], float))
            m = CarryModel(m.mean, m.scale, m.weights, m.bias, cut, HOLD_AT)
            for k, v in _figures(m, rows).items():
                total[k] = total.get(k, 0) + v
        _line(f"cut {cut}", total)
    print("\nleave one set out, with a stale-vs-rest model on the same inputs holding back "
          "a unit it would carry at q >= s (not shipped: see the figures):")
    for at in (0.3, 0.5):
        total = {}
        for name, rows in data.items():
            train = [r for n, rs in data.items() if n != name for r in rs]
            x = np.array([r[0] for r in train])
            m = fit(x, np.array([r[1] for r in train], float))
            st = fit(x, np.array([r[3] == "stale" for r in train], float))
            for k, v in _figures(m, rows, st, at).items():
                total[k] = total.get(k, 0) + v
        _line(f"stale {at}", total)
    try:
        shipped = shipped_model()
    except ValueError:  # another feature list: the weights of another version
        shipped = None
    if shipped is not None:
        print(f"\nthe shipped weights ({WEIGHTS_FILE.name}, honest only on sets they were not "
              "fitted on):")
        total = {}
        for name, rows in data.items():
            f = _figures(shipped, rows)
            for k, v in f.items():
                total[k] = total.get(k, 0) + v
            _line(name, f)
        _line("all", total)
    every = [r for rs in data.values() for r in rs]
    model = fit(np.array([r[0] for r in every]), np.array([r[1] for r in every], float))
    print("\nfitted on every set (optimistic):")
    _line("all", _figures(model, every))
    for n, w in sorted(zip(FEATURES, model.weights, strict=True), key=lambda t: -abs(t[1])):
        print(f"   {n:14} {w:+.2f}")
    if args.write:
        WEIGHTS_FILE.write_text(json.dumps({
            "about": "pass_carry's logistic model, from bench/carry_fit.py on "
                     + ", ".join(s.name for s in args.sets),
            "features": list(FEATURES), "mean": model.mean, "scale": model.scale,
            "weights": model.weights, "bias": model.bias, "carry_at": model.carry_at,
            "hold_at": model.hold_at}, indent=1) + "\n")
        print(f"wrote {WEIGHTS_FILE}")
    return 0


def _line(name: str, f: dict[str, float]) -> None:
    prec = f["right"] / f["carried"] if f["carried"] else float("nan")
    rec = f["right"] / f["must"] if f["must"] else float("nan")
    rprec = f["rule right"] / f["rule carried"] if f["rule carried"] else float("nan")
    rrec = f["rule right"] / f["must"] if f["must"] else float("nan")
    print(f"{name:10} {f['must']:>5.0f} {prec:>8.2f} {rec:>8.2f} {f['stale carried']:>6.0f} "
          f"{f['held']:>5.0f} {f['present']:>8.0f} | {rprec:>7.2f} {rrec:>7.2f} "
          f"{f['rule stale']:>6.0f}")


if __name__ == "__main__":
    raise SystemExit(main())

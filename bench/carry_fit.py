"""Fit the merge's carry model (core/merge/pass_carry.py) on labelled groups.

    python bench/carry_fit.py SET... [--labels FILE] [--near CUTS] [--cache F] [--write]

    python bench/carry_fit.py /work/dev/seen/merge-A{C,D,E,F,G,H,I,J} \\
        --cache /tmp/carry.json --near 0,0.4,0.5,0.62     # round 22's figures

Each SET folder holds notes and a groups.json as bench/merge_quality.py reads it. Every
older sentence, list item or footnote pass_carry decides (not superseded, not word for
word in the newest) is composed with the rules only (no model) and labelled from the
group's snippets: must-carry (it holds a `current` snippet the newest note lacks),
stale (it holds the old side of a `changed` pair or a `removed` snippet), neutral (the
rest: it restates the newest or holds no checked fact). When the folder also holds the
extra-labels file (`--labels`, default reader_labels.json: per group name, or a
"groups" list of objects with a "name"; "current" = still-true older-only lines a
careful reader counted LOST, "removed" = older lines a reader counted STALE), a unit
holding one of its lines takes that label (the reader's word over the snippets'); the
units it relabels are counted per set. The model is a logistic regression (numpy, L2)
of must-carry against the rest.

Printed, per set and pooled, following pass_carry._decide's policy in its order
(`_figures`; what later passes change, an older intro's stale_intro say, is not
followed): must-carry units carried, stale units carried, units held back for the
person (and how many of them must-carry), neutral units carried, the `_cost`, for
  - the shipped weights as they are (carry_weights.json with its own feature list and
    cuts; honest only on sets they were not fitted on),
  - leave one set out (fit on the other sets, figures on the left-out one): the refit
    on pass_carry.FEATURES, and on FEATURES plus carry_tried.CANDIDATES (inputs tried,
    not shipped: pass_carry computes them only for this fit's compose).
A refit's cuts (carry_at: a unit the rules carry is carried at p >= it, else held
back; hold_at: one they leave out is held back at p >= it; the gate `--near`: the
model weighs a unit the rules carry only when a newest unit is at least this near,
Thresholds.carry_hold_cosine) are chosen inside each fold, by leave one set out over
its training sets only, as those of least `_cost`; the left-out set never picks them.
`--write` ships the refit on FEATURES fitted on every set, with carry_at and hold_at
chosen the same way over every set (its own figures are optimistic; the leave-one-set-
out ones are honest; a gate other than Thresholds' is reported, not shipped). To ship
a candidate, move it from carry_tried.CANDIDATES to FEATURES first. Composing every
group is the slow part: `--cache` keeps the units and their inputs (not their labels:
those are read again each run, so a labels file that arrives later needs no
recompose); a cache of other inputs is recomposed.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass
from itertools import product
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from review_app.core import merging  # noqa: E402
from review_app.core.merge.carry_tried import CANDIDATES  # noqa: E402
from review_app.core.merge.pass_carry import (  # noqa: E402
    FEATURES,
    WEIGHTS_FILE,
    CarryModel,
    names_intro,
)
from review_app.core.merge.thresholds import DEFAULT  # noqa: E402
from review_app.core.project import load_notes  # noqa: E402

L2 = 1.0
CARRY_CUTS = (0.0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5)
HOLD_CUTS = (0.3, 0.5, 0.7, 1.01)  # 1.01: never held back
# What a choice of cuts costs, per unit: a must-carry unit neither carried nor held
# back is lost (1); held back, the person may still carry it (half); a stale unit
# carried states an old value as current (1); each unit held back is a row the person
# reads (a tenth). A neutral unit carried costs nothing: it is a repeat or a still-true
# background line (merge-AJ's reader counted seven groups losing those), and the
# labels cannot tell which.
COST = {"lost": 1.0, "must held": 0.5, "stale carried": 1.0, "neutral carried": 0.0,
        "held": 0.1}


def _plain(text: str) -> str:
    return " ".join(re.sub(r"[*_`]+", "", text).split())


def holds(unit: str, snippet: str) -> bool:
    """The unit states the snippet (or is a whole part of it)."""
    u, s = _plain(unit).lower(), _plain(snippet).lower()
    return bool(s) and (s in u or (len(u.split()) >= 4 and u.rstrip(".") in s))


def composed_units(folder: Path) -> list[dict]:
    """Every unit pass_carry decides in the set's groups, with its features."""
    doc = json.loads((folder / "groups.json").read_text())
    notes = {n.path: n for n in load_notes(folder)[0]}
    out = []
    for g in doc["groups"]:
        base = notes[g["newer"]]
        others = [notes[m] for m in g["members"] if m != g["newer"]]
        composed = merging.compose("merge", base, others, carry_model=None)
        for key, x in composed.carry_features.items():
            e = composed.ledger.get(key)
            out.append({"group": g["name"], "key": key, "text": e.text if e else "", "x": x})
    return out


@dataclass(frozen=True)
class Row:
    x: np.ndarray
    y: int  # 1: must-carry
    label: str  # must-carry, stale, neutral
    text: str


def labelled(folder: Path, found: list[dict], extra: str) -> tuple[list[Row], int]:
    """The units with their labels, and how many the extra-labels file changed."""
    doc = json.loads((folder / "groups.json").read_text())
    notes = {n.path: n for n in load_notes(folder)[0]}
    readers = json.loads((folder / extra).read_text()) if (folder / extra).exists() else {}
    if isinstance(readers.get("groups"), list):  # {"groups": [{"name": ..., ...}]}
        readers = {g["name"]: g for g in readers["groups"]}
    groups = {g["name"]: g for g in doc["groups"]}
    rows, relabelled = [], 0
    for u in found:
        g = groups[u["group"]]
        base_text = _plain(notes[g["newer"]].text).lower()
        current = [s for s in g.get("current") or [new for _, new in g.get("changed", [])]
                   if _plain(s).lower() not in base_text]
        stale = [old for old, _ in g.get("changed", [])] + list(g.get("removed", []))
        name = "stale" if any(holds(u["text"], s) for s in stale) else \
            "must-carry" if any(holds(u["text"], s) for s in current) else "neutral"
        reader = readers.get(u["group"]) or {}
        said = "stale" if any(holds(u["text"], s) for s in reader.get("removed", [])) else \
            "must-carry" if any(holds(u["text"], s) for s in reader.get("current", [])) \
            else None
        if said is not None and said != name:
            relabelled += 1
            name = said
        rows.append(Row(np.asarray(u["x"], dtype=np.float64), int(name == "must-carry"),
                        name, u["text"]))
    return rows, relabelled


@dataclass(frozen=True)
class Fitted:
    """A carry model reading some of COLUMNS (`cols`), with its cuts."""

    cols: tuple[int, ...]
    model: CarryModel

    def p(self, x: np.ndarray) -> float:
        return self.model.probability(x[list(self.cols)].tolist())

    def ps(self, x: np.ndarray) -> np.ndarray:
        """The model's p for every row of `x` (all of COLUMNS) at once."""
        m = self.model
        z = m.bias + ((x[:, list(self.cols)] - np.array(m.mean)) / np.array(m.scale)) \
            @ np.array(m.weights)
        return 1.0 / (1.0 + np.exp(-np.clip(z, -30.0, 30.0)))

    def at(self, carry_at: float, hold_at: float) -> Fitted:
        m = self.model
        return Fitted(self.cols, CarryModel(m.mean, m.scale, m.weights, m.bias,
                                            carry_at, hold_at))


def fit(rows: list[Row], cols: tuple[int, ...], carry_at: float = 0.2,
        hold_at: float = 0.5) -> Fitted:
    x = np.array([r.x[list(cols)] for r in rows])
    y = np.array([r.y for r in rows], dtype=np.float64)
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
    return Fitted(cols, CarryModel(tuple(mean.tolist()), tuple(scale.tolist()),
                                   tuple(w[1:].tolist()), float(w[0]), carry_at, hold_at))


# What the fit's compose gives per unit: the model's inputs, then the candidates.
COLUMNS = FEATURES + CANDIDATES
_COL = {n: k for k, n in enumerate(COLUMNS)}


@dataclass(frozen=True)
class Units:
    """A set's labelled units as columns: what `_figures` reads, computed once."""

    x: np.ndarray
    y: np.ndarray
    stale: np.ndarray
    neutral: np.ndarray
    fuller: np.ndarray
    present: np.ndarray
    intro: np.ndarray
    scope: np.ndarray
    ruled: np.ndarray
    kept: np.ndarray  # a person or an identifier only it gives: never held back

    @classmethod
    def of(cls, rows: list[Row]) -> Units:
        x = np.array([r.x for r in rows]).reshape(len(rows), len(COLUMNS))
        ruled = x[:, _COL["rule_carried"]] > 0
        fuller = ruled & (x[:, _COL["fuller"]] > 0)
        present = ~fuller & (ruled & (x[:, _COL["old_over"]] > 0)
                             | (x[:, 0] >= DEFAULT.present_cosine)
                             | (x[:, _COL["near_shape"]] >= DEFAULT.other_shape_cosine)
                             | (x[:, _COL["near_stated"]] >= DEFAULT.near_stated_cosine))
        intro = np.array([names_intro(r.x.tolist()) for r in rows], dtype=bool)
        scope = intro & ~(x[:, _COL["past_event"]] > 0)
        kept = (x[:, _COL["named_alone"]] > 0) | (x[:, _COL["identifier"]] > 0)
        return cls(x, np.array([r.y for r in rows], dtype=bool),
                   np.array([r.label == "stale" for r in rows], dtype=bool),
                   np.array([r.label == "neutral" for r in rows], dtype=bool),
                   fuller, present, intro, scope, ruled, kept)


def _figures(p: np.ndarray, u: Units, carry_at: float, hold_at: float,
             near_at: float = DEFAULT.carry_hold_cosine) -> dict[str, float]:
    """pass_carry._decide's policy on labelled units (`p`: the model's), in its order:
    written in a base unit's place (carried), superseded by a base unit's other value,
    present by cosine or by its numbers, an older intro's names (scope: carried; a
    past event's: held back), then the model, which holds back a unit the rules carry
    (p < carry_at, a newest unit at least `near_at` near it, no person or identifier
    only it gives) or one they leave out (p >= hold_at)."""
    carry = u.fuller | (u.ruled & ~u.present & (u.scope | ~u.intro) & (
        u.scope | (p >= carry_at) | (u.x[:, 0] < near_at) | u.kept))
    held = ~carry & ~u.present & (u.ruled | (p >= hold_at))
    return {"must": float(u.y.sum()), "must carried": float((carry & u.y).sum()),
            "stale": float(u.stale.sum()), "stale carried": float((carry & u.stale).sum()),
            "held": float(held.sum()), "must held": float((held & u.y).sum()),
            "neutral carried": float((carry & u.neutral).sum()),
            "present": float((u.present & u.y).sum())}


def _cost(f: dict[str, float]) -> float:
    lost = f["must"] - f["must carried"] - f["must held"]
    return (COST["lost"] * lost + COST["must held"] * f["must held"]
            + COST["stale carried"] * f["stale carried"]
            + COST["neutral carried"] * f["neutral carried"] + COST["held"] * f["held"])


def _add(total: dict[str, float], f: dict[str, float]) -> None:
    for k, v in f.items():
        total[k] = total.get(k, 0.0) + v


Cuts = tuple[float, float, float]  # carry_at, hold_at, near_at


def choose_cuts(data: dict[str, list[Row]], cols: tuple[int, ...],
                cols_units: dict[str, Units], near: tuple[float, ...]) -> Cuts:
    """The cuts of least cost, leave one set out over `data` (the training sets)."""
    folds = []
    for name in data:
        m = fit([r for n, rs in data.items() if n != name for r in rs], cols)
        u = cols_units[name]
        folds.append((m.ps(u.x), u))
    best = None
    for c, h, g in product(CARRY_CUTS, HOLD_CUTS, near):
        total: dict[str, float] = {}
        for p, u in folds:
            _add(total, _figures(p, u, c, h, g))
        cost = _cost(total)
        if best is None or cost < best[0] - 1e-9:
            best = (cost, (c, h, g))
    assert best is not None
    return best[1]


def loso(data: dict[str, list[Row]], cols: tuple[int, ...], units: dict[str, Units],
         near: tuple[float, ...]) -> tuple[dict, list[str]]:
    """Per left-out set: the model fitted on the others, its cuts chosen on the others."""
    per, cuts = {}, []
    for name in data:
        train = {n: rs for n, rs in data.items() if n != name}
        c, h, g = choose_cuts(train, cols, units, near)
        cuts.append(f"{name} {c}/{h}/{g}")
        m = fit([r for rs in train.values() for r in rs], cols)
        per[name] = _figures(m.ps(units[name].x), units[name], c, h, g)
    return per, cuts


def ranking(data: dict[str, list[Row]], units: dict[str, Units],
            cols: tuple[int, ...]) -> tuple[float, int, int]:
    """Leave one set out: how often the model ranks a must-carry unit above a stale
    one (AUC) among the units the rules carry and nothing before the model settles
    (not written in a base unit's place, not present, not an intro): the choice its
    hold-back makes. 0.5 is chance."""
    pos: list[float] = []
    neg: list[float] = []
    for name, u in units.items():
        m = fit([r for n, rs in data.items() if n != name for r in rs], cols)
        p = m.ps(u.x)
        open_ = u.ruled & ~u.fuller & ~u.present & ~u.intro
        pos += p[open_ & u.y].tolist()
        neg += p[open_ & u.stale].tolist()
    if not pos or not neg:
        return float("nan"), len(pos), len(neg)
    a, b = np.array(pos)[:, None], np.array(neg)[None, :]
    return float(((a > b) + 0.5 * (a == b)).mean()), len(pos), len(neg)


def shipped() -> Fitted | None:
    """carry_weights.json as it is, reading its own features (of COLUMNS)."""
    if not WEIGHTS_FILE.exists():
        return None
    doc = json.loads(WEIGHTS_FILE.read_text())
    if any(n not in _COL for n in doc["features"]):
        return None
    return Fitted(tuple(_COL[n] for n in doc["features"]), CarryModel(
        tuple(doc["mean"]), tuple(doc["scale"]), tuple(doc["weights"]), float(doc["bias"]),
        float(doc["carry_at"]), float(doc["hold_at"])))


def _table(title: str, per: dict[str, dict[str, float]]) -> dict[str, float]:
    print(f"\n{title}")
    print(f"{'set':10} {'must':>5} {'carried':>8} {'stale':>6} {'carried':>8} {'held':>5} "
          f"{'must held':>10} {'neutral carried':>16} {'cost':>6}")
    total: dict[str, float] = {}
    for name, f in [*per.items(), ("pooled", None)]:
        if f is None:
            f = total
        else:
            _add(total, f)
        print(f"{name:10} {f['must']:>5.0f} {f['must carried']:>8.0f} {f['stale']:>6.0f} "
              f"{f['stale carried']:>8.0f} {f['held']:>5.0f} {f['must held']:>10.0f} "
              f"{f['neutral carried']:>16.0f} {_cost(f):>6.1f}")
    return total


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("sets", nargs="+", type=Path)
    ap.add_argument("--labels", default="reader_labels.json",
                    help="extra-labels file read in each set folder when present")
    ap.add_argument("--write", action="store_true", help=f"write {WEIGHTS_FILE.name}")
    ap.add_argument("--near", default=str(DEFAULT.carry_hold_cosine),
                    help="comma-separated cuts tried for the gate (Thresholds."
                    "carry_hold_cosine: the model weighs a unit the rules carry only when "
                    "a newest unit is at least this near); chosen inside each fold")
    ap.add_argument("--show", action="store_true", help="print every labelled unit")
    ap.add_argument("--cache", type=Path, help="keep the composed units in this JSON file")
    args = ap.parse_args(argv)
    cached = json.loads(args.cache.read_text()) \
        if args.cache is not None and args.cache.exists() else {}
    if cached.get("features") != list(COLUMNS):
        cached = {"features": list(COLUMNS), "sets": {}}
    for s in args.sets:
        if str(s.resolve()) not in cached["sets"]:
            cached["sets"][str(s.resolve())] = composed_units(s)
    if args.cache is not None:
        args.cache.write_text(json.dumps(cached))
    data: dict[str, list[Row]] = {}
    for s in args.sets:
        rows, moved = labelled(s, cached["sets"][str(s.resolve())], args.labels)
        data[s.name] = rows
        counts = {k: sum(1 for r in rows if r.label == k)
                  for k in ("must-carry", "stale", "neutral")}
        extra = f", {moved} relabelled by {args.labels}" \
            if (s / args.labels).exists() else f", no {args.labels}"
        print(f"{s.name}: {len(rows)} units, {counts}{extra}")
        if args.show:
            for r in rows:
                print(f"   {r.label:10} cos {r.x[0]:.2f} rule {r.x[_COL['rule_carried']]:.0f}"
                      f"  {r.text[:110]!r}")
    print(f"\ncost of a choice of cuts: {COST}")
    units = {n: Units.of(rs) for n, rs in data.items()}
    near = tuple(float(g) for g in args.near.split(","))
    old = shipped()
    if old is not None:
        _table(f"the shipped weights as they are ({WEIGHTS_FILE.name}: "
               f"{len(old.cols)} features, carry_at {old.model.carry_at}, "
               f"hold_at {old.model.hold_at}, near {DEFAULT.carry_hold_cosine})",
               {n: _figures(old.ps(u.x), u, old.model.carry_at, old.model.hold_at)
                for n, u in units.items()})
    model_cols = tuple(range(len(FEATURES)))
    for title, cols in (("refit on FEATURES", model_cols),
                        (f"refit on FEATURES and {', '.join(CANDIDATES)}",
                         tuple(range(len(COLUMNS))))):
        if len(cols) == len(model_cols) and title != "refit on FEATURES":
            continue  # no candidates
        per, cuts = loso(data, cols, units, near)
        _table(f"leave one set out, {title} (carry_at/hold_at/near chosen inside each "
               f"fold: {', '.join(cuts)})", per)
        auc, pos, neg = ranking(data, units, cols)
        print(f"must-carry ranked over stale among the rules' carries the model may hold "
              f"back ({pos} must-carry, {neg} stale): AUC {auc:.2f}")
    c, h, g = choose_cuts(data, model_cols, units, near)
    model = fit([r for rs in data.values() for r in rs], model_cols, c, h)
    _table(f"fitted on every set, FEATURES, cuts {c}/{h}/{g} (optimistic; what --write "
           "ships)", {n: _figures(model.ps(u.x), u, c, h, g) for n, u in units.items()})
    for n, w in sorted(zip(FEATURES, model.model.weights, strict=True),
                       key=lambda t: -abs(t[1])):
        print(f"   {n:14} {w:+.2f}")
    if g != DEFAULT.carry_hold_cosine:
        print(f"note: the near cut chosen ({g}) is not Thresholds.carry_hold_cosine "
              f"({DEFAULT.carry_hold_cosine}): --write ships the weights, not the cut")
    if args.write:
        m = model.model
        WEIGHTS_FILE.write_text(json.dumps({
            "about": "pass_carry's logistic model, from bench/carry_fit.py on "
                     + ", ".join(s.name for s in args.sets)
                     + f" (labels: groups.json, and {args.labels} where present)",
            "features": list(FEATURES), "mean": m.mean, "scale": m.scale,
            "weights": m.weights, "bias": m.bias, "carry_at": m.carry_at,
            "hold_at": m.hold_at}, indent=1) + "\n")
        print(f"wrote {WEIGHTS_FILE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""How clean are the notes merge and update write? Measured as a user would get them.

    python bench/merge_quality.py            # demo + tests/data/rewrites, merge and update
    python bench/merge_quality.py --calibrate  # the cosine figures behind the thresholds
    python bench/merge_quality.py --show merge:rewrites  # also print every written note
    python bench/merge_quality.py --speed      # the merge preview's time, 3 x ~600 words
    python bench/merge_quality.py --sets rewrites --rewrites DIR  # a held-out folder of
                                               # groups (its own groups.json) instead
    python bench/merge_quality.py --sets rewrites --rewrites DIR --groups  # + per group

Fact figures (every set): a groups.json group may list "current" (verbatim snippets
the written note must state), "changed" ([old, new] pairs: the old must not be
written, the new is current when "current" is absent) and "removed" (snippets that
must not be written). Snippets are compared normalised for whitespace and markdown
emphasis (`*`, `_`, backticks). Reported per set and action: current facts stated
(of N), superseded values stated as current (of M: old snippets of "changed" plus
"removed"), repeated units, units dropped unreported; `--groups` adds a table per group.

For each data set (the bundled demo with the groups of tests/data/demo_expected.json,
and the rewrite groups of tests/data/rewrites/groups.json) and each action, a temp copy
is made, one plan document holding every group with that action is built as
`bm-review scan --format json` writes it, and carried out by the real apply engine
(`plan_from_document` + `apply_plan`). The written (kept) notes are then read back
and compared with the originals, using this file's own unit splitter so the engine
is not judged by its own parser:

- repeated units: two units of a written note with the same meaning that no single
  original already repeated (a unit = a sentence of prose, a list or checklist item,
  a table row, a heading, an observation, a relation);
- units of the originals with no counterpart in the written note (for update this is
  the older prose it replaces);
- lost facts: numbers and dates, code spans, links, tags, observation categories and
  relation targets of the originals that the written note lacks and that the engine
  did not report as superseded by a newer value (or, for update, as dropped prose);
- for the rewrite groups, old values (groups.json "changed") still written, and apart
  from them (known-old) the changed values groups.json lists as "still_written": open
  defects the engine is known not to fix yet, counted so they stay visible;
- rel-sup: relations the engine reported superseded by a newer value of one fact
  (member_of [[Core API team]] -> member_of [[Platform team]]; each is also listed).

"Same meaning" here: equal after normalising case, spacing and punctuation; or
rapidfuzz token_sort_ratio >= 90; or cosine of the bundled MiniLM sentence vectors
>= SAME_COSINE (0.80). Table rows are the same when they sit under the same header with
the same first cell; checklist items compare without their box; relations when type and
resolved target are equal. Why 0.80: `--calibrate` prints the cosine of the hand-paired
rewordings in the rewrite data against the highest cosine between two different units
of one original note (a careful writer does not say one thing twice, so those pairs are
different claims on one topic). On this data the rewordings sit at 0.77-0.98 (median
~0.90), and 99% of different-claim pairs stay below ~0.80; the few above are list items
of one template ("VLAN 10: trusted devices" / "VLAN 30: lab servers"), which the
engine's fact check (numbers, names) keeps apart. A threshold between the two is what
a reader would call "says the same thing"; the engine uses the same figure, plus
lexical rules for rewordings the model scores lower (review_app/core/align.py), so
this bench's count of repeats is a lower bound: a repeat both the model and these
rules miss (cosine < 0.80, few shared words) is not counted.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from rapidfuzz import fuzz

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from review_app.core import merging  # noqa: E402
from review_app.core.apply import apply_plan, plan_from_document  # noqa: E402
from review_app.core.embedding import Embedder  # noqa: E402
from review_app.core.grouping import group_id  # noqa: E402
from review_app.core.links import note_keys  # noqa: E402
from review_app.core.notes import Note, parse_observation, parse_relation  # noqa: E402
from review_app.core.project import Project, load_notes  # noqa: E402

SAME_COSINE = 0.80
SAME_FUZZ = 90
DEMO = ROOT / "review_app" / "demo" / "kb"
DEMO_GROUPS = ROOT / "tests" / "data" / "demo_expected.json"
REWRITES = ROOT / "tests" / "data" / "rewrites"

_FM = re.compile(r"\A---\n.*?\n---\n", re.S)
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[([ xX])\]\s+)?(.*)$")
_SENT = re.compile(r"(?<![A-Z][a-z]\.)(?<=[.!?])\s+(?=[A-Z0-9\"'(`*\[])")
_NUMBER = re.compile(r"\d{4}-\d{2}-\d{2}(?:T[\d:]+)?|\d+(?:[.,:]\d+)*%?")
_CODE = re.compile(r"`([^`\n]+)`")
_LINK = re.compile(r"\[\[([^\]\[|]+)(?:\|[^\]]*)?\]\]|memory://([\w\-./]+)")
_TAG = re.compile(r"(?:^|\s)#([\w][\w/\-]*)")


@dataclass
class Unit:
    kind: str  # text | obs | rel | row | code | heading
    text: str  # what is compared
    raw: str  # as written
    key: str = ""  # rows: header + first cell; rel: type -> target; check: task
    section: str = ""  # the heading it is written under ("" : the intro)
    block: int = 0  # lines with no blank line or heading between them share one


def _norm(text: str) -> str:
    text = re.sub(r"[*_`]+", "", text.lower())
    return re.sub(r"\s+", " ", text).strip().rstrip(".;:,!").strip()


def _target(name: str) -> str:
    name = name.strip().lower().removesuffix(".md").rsplit("/", 1)[-1]
    return re.sub(r"[^a-z0-9]+", "-", name).strip("-")


def _interrupts(m: re.Match[str]) -> bool:
    """CommonMark: an item line may end the paragraph above it only as a bullet with
    content or an ordered item numbered 1 ("call\n999. The nearest ..." goes on)."""
    marker = m.group(0).split(None, 1)[0]
    return bool(m.group(2).strip()) and (not marker[:1].isdigit() or int(marker[:-1]) == 1)


def item_starts(lines: list[str]) -> set[int]:
    """The lines that begin a list item: a line that looks like one after a line of
    text (a paragraph or an item) begins one only when it may interrupt that text, or
    is the next ordered item at an indent the list numbers."""
    out: set[int] = set()
    prev, ordered = "", set()  # prev: "", "para", "item"
    for k, line in enumerate(lines):
        st = line.strip()
        m = _ITEM.match(line)
        if not st or st.startswith(("```", "~~~", "|")) or _HEADING.match(line):
            prev, ordered = "", set()
            continue
        indent = line[:len(line) - len(line.lstrip())]
        sibling = m is not None and st[:1].isdigit() and indent in ordered
        if m is not None and (not prev or _interrupts(m) or (prev == "item" and sibling)):
            out.add(k)
            if st[:1].isdigit():
                ordered.add(indent)
            prev = "item"
        elif prev != "item":
            prev, ordered = "para", set()
    return out


def units_of(text: str) -> list[Unit]:
    body = _FM.sub("", text, count=1)
    out: list[Unit] = []
    lines = body.split("\n")
    starts = item_starts(lines)
    i, header = 0, ""
    para: list[str] = []
    where = {"section": "", "block": 0}

    def add(u: Unit) -> None:
        u.section, u.block = where["section"], where["block"]
        out.append(u)

    def flush() -> None:
        if para:
            for s in _SENT.split(" ".join(x.strip() for x in para)):
                if s.strip():
                    add(Unit("text", s.strip(), s.strip()))
            para.clear()

    while i < len(lines):
        line = lines[i]
        st = line.strip()
        if st.startswith(("```", "~~~")):
            flush()
            j = i + 1
            while j < len(lines) and not lines[j].strip().startswith(st[:3]):
                j += 1
            code = "\n".join(lines[i + 1: j])
            add(Unit("code", code, code))
            where["block"] += 1
            i = j + 1
            continue
        if not st:
            flush()
            header = ""
            where["block"] += 1
        elif m := _HEADING.match(line):
            flush()
            where["block"] += 1
            if len(m.group(1)) > 1:
                add(Unit("heading", m.group(2), line))
                where["section"] = _norm(m.group(2))
        elif st.startswith("|"):
            flush()
            cells = [c.strip() for c in st.strip("|").split("|")]
            if all(set(c) <= set("-: ") for c in cells):
                pass
            elif not header:
                header = _norm(" | ".join(cells))
            else:
                add(Unit("row", " | ".join(cells), st, f"{header}::{_norm(cells[0])}"))
        elif (m := _ITEM.match(line)) is not None and i not in starts:
            if para or not out or out[-1].kind != "text":
                para.append(line)
            else:  # "- call\n999. The nearest ...": the item goes on
                out[-1] = Unit("text", f"{out[-1].text} {st}", f"{out[-1].raw} {st}",
                               out[-1].key, out[-1].section, out[-1].block)
        elif m is not None:
            flush()
            rel = parse_relation(line)
            obs = parse_observation(line) if rel is None else None
            if rel is not None:
                add(Unit("rel", f"{rel.type} {rel.target}", st,
                                f"{_norm(rel.type)} -> {_target(rel.target)}"))
            elif obs is not None:
                add(Unit("obs", _TAG.sub(" ", obs.content).strip(), st,
                                _norm(obs.category)))
            else:
                add(Unit("text", m.group(2), st, _norm(m.group(2))))
        else:
            para.append(line)
        i += 1
    flush()
    return out


class Meaning:
    """Same-meaning judgement with cached sentence vectors."""

    def __init__(self) -> None:
        self.embedder = Embedder()
        self.cache: dict[str, np.ndarray] = {}

    def vectors(self, texts: list[str]) -> None:
        todo = sorted({t for t in texts if t not in self.cache})
        if todo:
            for t, v in zip(todo, self.embedder.embed(todo), strict=True):
                self.cache[t] = v

    def cosine(self, a: str, b: str) -> float:
        self.vectors([a, b])
        return float(self.cache[a] @ self.cache[b])

    def same(self, a: Unit, b: Unit) -> bool:
        if a.kind != b.kind:
            return False
        if a.kind == "rel":
            return a.key == b.key
        if a.kind == "row":
            return a.key == b.key
        if a.kind == "code":
            return fuzz.ratio(a.text, b.text) >= SAME_FUZZ
        na, nb = _norm(a.text), _norm(b.text)
        if na == nb or fuzz.token_sort_ratio(na, nb) >= SAME_FUZZ:
            return True
        return self.cosine(a.text, b.text) >= SAME_COSINE


def facts(text: str) -> dict[str, set[str]]:
    body = _FM.sub("", text, count=1)
    body = re.sub(r"(?m)^# .*$", "", body)  # the title heading names the note, not a fact
    out: dict[str, set[str]] = {"numbers": set(), "code": set(), "links": set(),
                                "tags": set(), "obs categories": set(),
                                "relations": set()}
    plain = _LINK.sub(" ", body)
    lines = plain.split("\n")  # a step's number is not a fact ("in\n2024. We" is one)
    starts = item_starts(lines)
    plain = "\n".join(re.sub(r"^\s*\d+[.)]\s", " ", ln) if k in starts else ln
                      for k, ln in enumerate(lines))
    out["numbers"] = set(_NUMBER.findall(plain))
    out["code"] = {c.strip() for c in _CODE.findall(body)}
    for m in _LINK.finditer(body):
        out["links"].add(_target(m.group(1) or m.group(2)))
    out["tags"] = {t.lower() for t in _TAG.findall(plain)}
    for u in units_of(text):
        if u.kind == "obs":
            out["obs categories"].add(u.key)
        elif u.kind == "rel":
            out["relations"].add(u.key)
    return out


def snippet_norm(text: str) -> str:
    """Emphasis markers (`*`, `_`, backticks) gone: what a reader sees."""
    return re.sub(r"[*_`]+", "", text)


def stated(snippet: str, written: str) -> bool:
    """The snippet is in the note, whatever the spacing (a wrapped line too); a snippet
    that ends with a line break must end a line."""
    words = snippet_norm(snippet).split()
    if not words:
        return False
    pattern = r"\s+".join(re.escape(w) for w in words)
    if snippet.endswith("\n"):
        pattern += r"[ \t]*(?:\n|\Z)"
    return re.search(pattern, snippet_norm(written)) is not None


def frontmatter_tags(note: Note) -> set[str]:
    return {t.lower() for t in note.tags}


def repeated(units: list[Unit], meaning: Meaning, originals: list[list[Unit]]) -> list[tuple]:
    pairs = []
    for i in range(len(units)):
        for j in range(i + 1, len(units)):
            if meaning.same(units[i], units[j]):
                pairs.append((units[i], units[j]))
    fresh = []
    for a, b in pairs:
        old = False
        for ou in originals:
            xs = [k for k, u in enumerate(ou) if meaning.same(u, a)]
            ys = [k for k, u in enumerate(ou) if meaning.same(u, b)]
            if any(x != y for x in xs for y in ys):
                old = True
                break
        if not old:
            fresh.append((a, b))
    return fresh


def placement(written: list[Unit], base: list[Unit], older: list[list[Unit]],
              meaning: Meaning) -> dict[str, list[str]]:
    """Where merge wrote what it carried, as a reader judges it. A carried unit: a
    sentence or item of the written note with no counterpart in the newest (`base`)
    and one in an older note. Its reader's section: the section of the newest's
    sentence, item or row nearest to it in meaning (the newest is written whole, so
    that section is in the written note). Faults, each a list of examples:
    - misplaced: a carried unit in a section other than its reader's section (under a
      re-created older heading too: the reader's is one of the newest's);
    - lone section: a heading the newest lacks holding one unit (an older section
      re-created for one sentence);
    - lone line: a carried unit alone in its block (a one-line paragraph, a one-item
      list) in a section of the newest, where the section has other prose;
    - ahead: a re-created section written before the newest's first section."""
    out: dict[str, list[str]] = {"misplaced": [], "lone section": [], "lone line": [],
                                 "ahead": []}
    prose = [u for u in base if u.kind in ("text", "row")]
    base_sections = {u.section for u in base} | {""}
    carried = [w for w in written if w.kind == "text"
               and not any(meaning.same(w, b) for b in base)
               and any(meaning.same(w, o) for ou in older for o in ou)]
    for w in carried:
        if not prose:
            continue
        near = max(prose, key=lambda b: meaning.cosine(w.text, b.text))
        if near.section != w.section:
            out["misplaced"].append(f"{w.raw!r} under {w.section or 'the intro'!r}, "
                                    f"nearest {near.raw!r} under {near.section or 'the intro'!r}")
        mates = [u for u in written if u.block == w.block and u.kind != "heading"]
        others = [u for u in written if u.section == w.section and u.block != w.block
                  and u.kind in ("text", "row")]
        if len(mates) == 1 and others and w.section in base_sections:
            out["lone line"].append(f"{w.raw!r} under {w.section or 'the intro'!r}")
    first_base = next((k for k, u in enumerate(written) if u.kind == "heading"
                       and _norm(u.text) in base_sections), len(written))
    for k, u in enumerate(written):
        if u.kind != "heading" or _norm(u.text) in base_sections:
            continue
        held = [x for x in written if x.section == _norm(u.text) and x.kind != "heading"]
        if len(held) == 1:
            out["lone section"].append(f"{u.raw!r}: {held[0].raw!r}")
        if k < first_base:
            out["ahead"].append(u.raw)
    return out


def load_groups(name: str) -> list[dict]:
    if name == "demo":
        doc = json.loads(DEMO_GROUPS.read_text())
        return [{"canonical": g["canonical"], "members": g["members"], "changed": [],
                 "name": g["canonical"], "current": [], "removed": []}
                for g in doc["groups"]]
    doc = json.loads((REWRITES / "groups.json").read_text())
    return [{"canonical": g["newer"], "members": g["members"],
             "name": g.get("name", g["newer"]),
             "changed": g.get("changed", []), "still_written": g.get("still_written", []),
             "current": g.get("current") or [new for _, new in g.get("changed", [])],
             "removed": g.get("removed", [])}
            for g in doc["groups"]]


def plan_document(root: Path, groups: list[dict], action: str) -> dict:
    """The scan document a user would edit: every group with `action` set."""
    notes = {n.path: n for n in load_notes(root)[0]}
    out = []
    for g in groups:
        canon = notes[g["canonical"]]
        out.append({
            "id": group_id([g["canonical"], *g["members"]]), "score": 0.9,
            "canonical": g["canonical"], "canonical_title": canon.title,
            "canonical_reason": "bench", "canonical_sha256": canon.sha256,
            "canonical_important": canon.important, "action": action,
            "members": [{"path": m, "title": notes[m].title, "score": 0.9, "evidence": {},
                         "reasons": [], "important": notes[m].important,
                         "sha256": notes[m].sha256} for m in g["members"]],
        })
    return {"project": str(root), "groups": out}


def run(name: str, source: Path, action: str, meaning: Meaning, show: bool) -> dict:
    groups = load_groups(name)
    with tempfile.TemporaryDirectory(prefix="bm-merge-quality-") as tmp:
        root = Path(tmp) / "kb"
        shutil.copytree(source, root, ignore=shutil.ignore_patterns("groups.json"))
        before = {n.path: n for n in load_notes(root)[0]}
        project = Project(root)
        plan = plan_from_document(project, plan_document(root, groups, action))
        assert not plan.conflicts, plan.conflicts
        report = apply_plan(project, plan)
        assert not report.conflicts, report.conflicts
        after = {n.path: n for n in load_notes(root)[0]}
        totals = {"repeated": 0, "no counterpart": 0, "superseded/dropped": 0,
                  "old values written": 0, "compose ms": 0.0, "relations superseded": 0,
                  "known old values": 0, "current": 0, "current of": 0,
                  "old stated": 0, "old of": 0, "misplaced": 0, "lone section": 0,
                  "lone line": 0, "ahead": 0}
        per_group: list[dict] = []
        lost_total: dict[str, int] = {}
        examples: list[str] = []
        placed: list[str] = []  # placement faults, all listed
        planned = {gp.group_id: gp for gp in plan.groups}
        for g in groups:
            canon = before[g["canonical"]]
            members = [before[m] for m in g["members"]]
            gp = planned.get(group_id([g["canonical"], *g["members"]]))
            if gp is None:  # left alone by the plan (e.g. every member important)
                why = next((s.reason for s in plan.skipped
                            if s.group_id == group_id([g["canonical"], *g["members"]])), "?")
                examples.append(f"  group {g.get('name', g['canonical'])!r} not written: {why}")
                continue
            written = after[gp.kept]  # the kept file, not always the canonical
            # The notes whose content goes in, as the engine takes them.
            retired = [m for m in members if m.path in gp.retired or m.path == gp.kept]
            t0 = time.perf_counter()
            merging.compose(action, canon, retired, kept=before[gp.kept])
            totals["compose ms"] = max(totals["compose ms"],
                                       (time.perf_counter() - t0) * 1000)
            composed = gp.composed  # the engine's own account: superseded, dropped
            for s in getattr(composed, "superseded", []):
                if parse_relation(s.old.text) is not None:
                    totals["relations superseded"] += 1
                    examples.append(f"  relation superseded in {written.path}: "
                                    f"{s.old.text!r} -> {s.new.text!r}")
            excused_text = "\n".join(
                [s.old.text for s in getattr(composed, "superseded", [])]
                + [u.text for u in getattr(composed, "dropped", [])])
            excused_units = {x.strip() for x in excused_text.split("\n")} | {
                s.old.text.strip() for s in getattr(composed, "superseded", [])}
            originals = [units_of(n.text) for n in [canon, *retired]]
            wunits = units_of(written.text)
            meaning.vectors([u.text for u in wunits] + [u.text for o in originals for u in o])
            rep = repeated(wunits, meaning, originals)
            totals["repeated"] += len(rep)
            row = {"name": g["name"], "repeated": len(rep), "current": 0,
                   "current of": len(g["current"]), "old stated": 0,
                   "old of": len(g["changed"]) + len(g["removed"]), "unreported": 0}
            for snippet in g["current"]:
                if stated(snippet, written.text):
                    row["current"] += 1
                else:
                    examples.append(f"  current fact missing in {written.path}: {snippet!r}")
            for old in [o for o, _ in g["changed"]] + list(g["removed"]):
                if stated(old, written.text):
                    row["old stated"] += 1
                    examples.append(f"  superseded value stated in {written.path}: {old!r}")
            examples += [f"  repeated in {written.path}: {a.raw!r} ~ {b.raw!r}"
                         for a, b in rep[:3]]
            if action == "merge":
                for fault, where in placement(wunits, originals[0], originals[1:],
                                              meaning).items():
                    totals[fault] += len(where)
                    row[fault] = len(where)
                    placed += [f"  {fault} in {written.path}: {x}" for x in where]
            group_names = set()
            for n in [canon, *members]:
                group_names |= {_target(k) for k in note_keys(n)}
            missing = 0
            for ou in originals:
                for u in ou:
                    if u.kind == "rel" and u.key.split(" -> ")[1] in group_names:
                        continue
                    if not any(meaning.same(u, w) for w in wunits):
                        if u.raw in excused_units:
                            totals["superseded/dropped"] += 1
                            continue
                        missing += 1
                        if action == "merge":
                            examples.append(f"  no counterpart in {written.path}: {u.raw!r}")
            totals["no counterpart"] += missing
            row["unreported"] = missing
            per_group.append(row)
            for k in ("current", "current of", "old stated", "old of"):
                totals[k] += row[k]
            wf = facts(written.text)
            wf["tags"] |= frontmatter_tags(written)
            excused = facts(excused_text)
            for n in [canon, *retired]:
                nf = facts(n.text)
                nf["tags"] |= frontmatter_tags(n)
                for cat, vals in nf.items():
                    for v in vals:
                        if v in wf[cat] or v in excused.get(cat, set()):
                            continue
                        if cat == "code" and any(v in w for w in wf["code"]):
                            continue  # `limit` is still there inside `?cursor=...&limit=`
                        if cat in ("links", "relations") and (
                                v in group_names or v.split(" -> ")[-1] in group_names):
                            continue  # a link to the merged note itself
                        lost_total[cat] = lost_total.get(cat, 0) + 1
                        if len(examples) < 40:
                            examples.append(f"  lost {cat} from {n.path}: {v!r}")
            for old, _new in g["changed"]:
                if old in written.text:
                    totals["old values written"] += 1
                    examples.append(f"  old value written in {written.path}: {old!r}")
            for old, _new in g.get("still_written", []):
                if old in written.text:
                    totals["known old values"] += 1
                    examples.append(f"  known old value written in {written.path}: {old!r}")
            if show:
                print(f"\n===== {action} -> {written.path}\n{written.text}")
        totals["lost"] = lost_total
        totals["groups"] = per_group
        totals["examples"] = examples
        totals["placed"] = placed
        return totals


def calibrate(meaning: Meaning) -> None:
    """Cosine of hand-paired rewordings vs different units of one note."""
    reworded = [
        ("Every API key is limited per minute with a token bucket.",
         "Each API key gets a per-minute token bucket."),
        ("Health checks on `/v1/ping` are never counted.",
         "`/v1/ping` health checks never count against the limit."),
        ("She prefers written proposals over meetings and answers reviews within a day.",
         "She would rather read a written proposal than sit in a meeting, and she answers "
         "reviews within a day."),
        ("Plug the server into port 4 of the switch.",
         "Connect the server to port 4 of the switch."),
        ("Then add a DHCP lease for its MAC address in the router.",
         "Add a DHCP lease for its MAC address on the router."),
        ("Reload nginx so it picks up the new certificate.",
         "Then renew it using the DNS challenge, and reload nginx so that it serves the new "
         "certificate."),
        ("Kafka on our own brokers: strongest ordering, but three more machines to run.",
         "Kafka on self-hosted brokers: best ordering guarantees, but three extra machines "
         "to operate."),
        ("A log entry is committed once it is stored on a majority of servers.",
         "An entry is committed when a majority of servers have stored it."),
        ("Raft separates leader election, log replication and safety",
         "Raft splits consensus into leader election, log replication and safety"),
        ("Support tickets go through the vendor portal.",
         "Priyanka Rao (`priyanka@lumen.example`) is our account manager, and support tickets "
         "are filed in the vendor portal."),
        ("Finance needs revenue per business unit, while billing only knows products and "
         "plans.", "Finance asked for revenue per business unit, but our billing data only "
         "knows products and plans."),
        ("Backfills are batched jobs, not migrations", "Backfills run as batched jobs"),
    ]
    rw = [meaning.cosine(a, b) for a, b in reworded]
    within: list[float] = []
    top: list[tuple[float, str, str]] = []
    for path in sorted(REWRITES.rglob("*.md")) + sorted(DEMO.rglob("*.md")):
        us = [u for u in units_of(path.read_text()) if u.kind in ("text", "obs")]
        meaning.vectors([u.text for u in us])
        for i in range(len(us)):
            for j in range(i + 1, len(us)):
                if us[i].kind == us[j].kind:
                    c = meaning.cosine(us[i].text, us[j].text)
                    within.append(c)
                    top.append((c, us[i].raw, us[j].raw))
    w = np.array(within)
    print(f"reworded pairs (n={len(rw)}): min {min(rw):.3f} median {np.median(rw):.3f} "
          f"max {max(rw):.3f}")
    for (a, b), c in sorted(zip(reworded, rw, strict=True), key=lambda x: x[1]):
        print(f"  {c:.3f}  {a[:50]!r} ~ {b[:50]!r}")
    print(f"different units of one note (n={len(w)}): median {np.median(w):.3f} "
          f"p95 {np.quantile(w, 0.95):.3f} p99 {np.quantile(w, 0.99):.3f} max {w.max():.3f}; "
          f"share >= {SAME_COSINE}: {(w >= SAME_COSINE).mean():.4f}; the highest:")
    for c, a, b in sorted(top, reverse=True)[:12]:
        print(f"  {c:.3f}  {a[:55]!r} ~ {b[:55]!r}")


def _joined(paths: list[str], title: str, modified: str) -> Note:
    """One long note made of several demo notes' bodies (their titles become sections)."""
    parts = []
    for p in paths:
        body = merging.split_frontmatter((DEMO / p).read_text())[1].strip()
        parts.append(re.sub(r"(?m)^# (.*)$", r"## \1", body))
    text = (f"---\ntitle: {title}\nmodified: {modified}\n---\n\n# {title}\n\n"
            + "\n\n".join(parts) + "\n")
    from review_app.core.notes import parse_note

    note = parse_note(title.lower().replace(" ", "-") + ".md", text.encode())
    assert isinstance(note, Note)
    return note


def _forget_texts() -> None:
    """Empty the engine's caches of text results (the lexicon's memo, normalise, masked),
    so each timed compose is a group's first, as on a group nobody has looked at."""
    from review_app.core.merge.facts import masked
    from review_app.core.merge.lexicon import ENGLISH
    from review_app.core.units import normalise

    ENGLISH.cache.clear()
    normalise.cache_clear()
    masked.cache_clear()


def speed(repeat: int = 5, threads: int | None = None) -> None:
    """compose() on a 3-note group of ~600-word notes, model loaded: the preview's cost
    with nothing cached, with the unit vectors in memory, and in a new process that
    reads them from the state folder's cache (the next session, `apply --plan`). The
    engine's caches of text results are emptied before each timed compose."""
    import subprocess

    from review_app.core.embedding import Embedder
    from review_app.core.unit_store import UNITS_FILE, UnitStore
    from review_app.core.unit_vectors import UNIT_THREADS, UnitVectors

    threads = threads or UNIT_THREADS
    a = _joined(["engineering/feature_flags_guide.md", "engineering/why-we-left-heroku.md",
                 "product/bu-mapping-analysis-2026-08-15.md"], "Platform handbook", "2026-09-01")
    b = _joined(["engineering/feature-flag-conventions.md",
                 "research/hosting-platform-evaluation.md",
                 "product/reference_bu_product_mapping.md"], "Platform handbook v1", "2026-07-01")
    c = _joined(["engineering/feature-flags-how-we-use-them.md",
                 "engineering/postgres-connection-pooling.md",
                 "engineering/pgbouncer_setup_notes.md"], "Platform handbook draft",
                "2026-06-01")
    words = [n.word_count for n in (a, b, c)]
    if os.environ.get("BM_SPEED_CHILD"):  # the new process: memory empty, the disk warm
        store_path = Path(os.environ["BM_SPEED_CHILD"])
        embedder = Embedder(threads=threads)
        embedder.embed(["load the model"])
        disk, disk_cpu, loaded = [], [], 0
        for _ in range(repeat):
            vectors = UnitVectors(embedder, UnitStore(store_path))
            _forget_texts()
            t0, c0 = time.perf_counter(), time.process_time()
            merging.compose("merge", a, [b, c], vectors=vectors)
            disk.append((time.perf_counter() - t0) * 1000)
            disk_cpu.append((time.process_time() - c0) * 1000)
            assert vectors.embedded == 0, vectors.embedded
            loaded = vectors.loaded
        print(json.dumps([float(np.median(disk)), float(np.median(disk_cpu)), loaded]))
        return
    shared = UnitVectors(Embedder(threads=threads))
    shared.embedder.embed(["load the model"])
    cold, cold_cpu, warm, warm_cpu = [], [], [], []
    for _ in range(repeat):
        fresh = UnitVectors(shared.embedder)  # nothing cached: every unit embedded
        _forget_texts()
        t0, c0 = time.perf_counter(), time.process_time()
        merging.compose("merge", a, [b, c], vectors=fresh)
        cold.append((time.perf_counter() - t0) * 1000)
        cold_cpu.append((time.process_time() - c0) * 1000)
        _forget_texts()
        t0, c0 = time.perf_counter(), time.process_time()
        merging.compose("merge", a, [b, c], vectors=fresh)
        warm.append((time.perf_counter() - t0) * 1000)
        warm_cpu.append((time.process_time() - c0) * 1000)
    with tempfile.TemporaryDirectory() as tmp:
        store_path = Path(tmp) / UNITS_FILE
        filled = UnitVectors(shared.embedder, UnitStore(store_path))
        merging.compose("merge", a, [b, c], vectors=filled)  # what a first session leaves
        child = subprocess.run(
            [sys.executable, __file__, "--speed", *(["--threads", str(threads)] if threads
                                                     else [])],
            env={**os.environ, "BM_SPEED_CHILD": str(store_path)}, capture_output=True,
            text=True, check=True)
        disk, disk_cpu, loaded = json.loads(child.stdout.strip().splitlines()[-1])
    print(f"merge preview, 3 notes of {words} words, median of {repeat}"
          f", {threads or 'default'} ONNX Runtime thread(s):\n"
          f"  nothing cached ({fresh.embedded} unit texts embedded): {np.median(cold):.0f} ms "
          f"wall, {np.median(cold_cpu):.0f} ms CPU\n"
          f"  vectors in memory (after prefetch_units or a first view): {np.median(warm):.0f} "
          f"ms wall, {np.median(warm_cpu):.0f} ms CPU\n"
          f"  new process, vectors on disk ({loaded} read from the state folder's cache, "
          f"0 embedded): {disk:.0f} ms wall, {disk_cpu:.0f} ms CPU")
    print(f"  load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--calibrate", action="store_true")
    ap.add_argument("--show", default="", help="ACTION:SET[,ACTION:SET] to print the written notes")
    ap.add_argument("--sets", default="demo,rewrites")
    ap.add_argument("--actions", default="merge,update")
    ap.add_argument("--rewrites", type=Path, help="another folder of rewrite groups (its "
                    "own groups.json), e.g. a held-out set, read as the 'rewrites' set")
    ap.add_argument("--speed", action="store_true", help="only time the merge preview")
    ap.add_argument("--groups", action="store_true", help="also print a table per group")
    ap.add_argument("--threads", type=int, help="--speed: ONNX Runtime intra-op threads "
                    "(default: the console's, UNIT_THREADS)")
    args = ap.parse_args(argv)
    if args.rewrites is not None:
        global REWRITES
        REWRITES = args.rewrites.resolve()
    if args.speed:
        speed(threads=args.threads)
        return 0
    meaning = Meaning()
    if args.calibrate:
        calibrate(meaning)
        return 0
    sources = {"demo": DEMO, "rewrites": REWRITES}
    print(f"{'set':9} {'action':7} {'repeated':>8} {'no-counterpart':>14} "
          f"{'reported':>8} {'old-values':>10} {'known-old':>9} {'rel-sup':>7} "
          f"{'compose-ms':>10}  "
          "lost facts (not reported superseded)")
    details = []
    facts_rows = []
    for name in args.sets.split(","):
        for action in args.actions.split(","):
            shown = f"{action}:{name}" in args.show.split(",")
            t = run(name, sources[name], action, meaning, shown)
            lost = ", ".join(f"{k} {v}" for k, v in sorted(t["lost"].items())) or "none"
            print(f"{name:9} {action:7} {t['repeated']:>8} {t['no counterpart']:>14} "
                  f"{t['superseded/dropped']:>8} {t['old values written']:>10} "
                  f"{t['known old values']:>9} {t['relations superseded']:>7} "
                  f"{t['compose ms']:>10.0f}  {lost}")
            details.append((name, action, t["examples"][:25] + t["placed"]))
            facts_rows.append((name, action, t))
    print(f"\n{'set':9} {'action':7} {'current stated':>14} {'superseded stated':>17} "
          f"{'repeated':>8} {'dropped unreported':>18}")
    for name, action, t in facts_rows:
        print(f"{name:9} {action:7} {t['current']:>6} of {t['current of']:<5} "
              f"{t['old stated']:>9} of {t['old of']:<5} {t['repeated']:>8} "
              f"{t['no counterpart']:>18}")
    print(f"\n{'set':9} {'action':7} placement of carried units: {'misplaced':>9} "
          f"{'lone-section':>12} {'lone-line':>9} {'ahead':>5}")
    for name, action, t in facts_rows:
        if action == "merge":
            print(f"{name:9} {action:7} {'':27} {t['misplaced']:>9} {t['lone section']:>12} "
                  f"{t['lone line']:>9} {t['ahead']:>5}")
    if args.groups:
        for name, action, t in facts_rows:
            print(f"\n{name} / {action}, per group:")
            print(f"  {'group':44} {'current':>9} {'superseded':>10} {'repeated':>8} "
                  f"{'unreported':>10}  misplaced/lone-section/lone-line/ahead")
            for r in t["groups"]:
                print(f"  {r['name'][:44]:44} {r['current']:>4}/{r['current of']:<4} "
                      f"{r['old stated']:>5}/{r['old of']:<4} {r['repeated']:>8} "
                      f"{r['unreported']:>10}  " + "/".join(
                          str(r.get(k, "-")) for k in ("misplaced", "lone section",
                                                       "lone line", "ahead")))
    for name, action, ex in details:
        if ex:
            print(f"\n{name} / {action}:")
            print("\n".join(ex))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

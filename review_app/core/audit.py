"""Periodic audits: what did agents duplicate since last time?

An audit is a scan whose anchors are only the notes created or modified in a
lookback window, matched against every note of the partition (so a new note
that duplicates an old one is found, and two old notes are not re-proposed).
Each run is appended to `.bm-review/audits.jsonl`; the next run reads it to
know what it already reported and when (`--since last`).

When was a note "modified"? The later of its frontmatter `modified` (or
`updated`), its `created` and its file mtime. Agents and editors often rewrite
a body without bumping the frontmatter date, and sync tools (git checkout,
rsync -t) can leave the mtime older than the frontmatter: the later of the two
is the one that can tell us the note changed. The cost: a tool that touches
every file (a fresh copy, basic-memory re-dumping frontmatter) puts every note
in the window; the report shows the anchor count, so that is visible.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .dating import head_date, naive_utc_now, stated_date
from .decisions import WRITING, DecisionStore
from .embedding import DEFAULT_MODEL, Embedder
from .frontmatter_conflicts import DEFAULT_TYPE, metadata_conflicts
from .grouping import Group, Member
from .jsonl import append_record, read_records
from .notes import Note, NoteProblem
from .pipeline import (
    DEFAULT_STRATEGY,
    DEFAULT_TOP_K,
    ProgressFn,
    ScanOptions,
    ScanResult,
    scan,
)
from .project import Project, walk_markdown
from .strategies import Target, candidates_at_least, get_strategy

AUDITS_FILE = "audits.jsonl"
DEFAULT_MAX_NOTES = 20_000
METADATA_CONFLICT_FACTOR = 0.8
"""A member whose frontmatter contradicts its canonical's scores this much of its
evidence: enough to sink a borderline pair, not a near-copy."""



# --- the window -----------------------------------------------------------------

class WindowError(ValueError):
    """A --since value that is not a duration, a date or `last`."""


@dataclass(frozen=True)
class Window:
    """Notes active at or after `since` (naive UTC) are anchors; None: the whole history."""

    spec: str
    since: dt.datetime | None
    until: dt.datetime
    note: str = ""  # e.g. why `last` fell back to the whole history
    previous_audit: str | None = None  # time of the audit `last` refers to

    def describe(self) -> str:
        text = ("whole history" if self.since is None
                else f"since {self.since:%Y-%m-%d %H:%M} UTC")
        if self.spec and self.spec not in ("", "all"):
            text += f" (--since {self.spec})"
        return text

    def to_json(self) -> dict[str, Any]:
        return {"spec": self.spec, "since": _iso(self.since), "until": _iso(self.until),
                "note": self.note, "previous_audit": self.previous_audit}


_DURATION_RE = re.compile(r"^\s*(\d+)\s*(m|min|h|d|w)\s*$", re.IGNORECASE)
_UNITS = {"m": "minutes", "min": "minutes", "h": "hours", "d": "days", "w": "weeks"}


def _iso(value: dt.datetime | None) -> str | None:
    return None if value is None else value.isoformat(timespec="seconds")


def parse_time(text: str) -> dt.datetime | None:
    """ISO date or datetime as naive UTC (naive input is taken as UTC, like frontmatter)."""
    try:
        value = dt.datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        try:
            d = dt.date.fromisoformat(text.strip())
        except ValueError:
            return None
        value = dt.datetime(d.year, d.month, d.day)
    if value.tzinfo is not None:
        value = value.astimezone(dt.UTC).replace(tzinfo=None)
    return value


def parse_window(spec: str | None, *, now: dt.datetime | None = None,
                 history: list[dict] | None = None, target: Target | None = None) -> Window:
    """`7d`, `24h`, `2w`, `90m`, an ISO date/datetime, `last`, or None/`all` (everything).

    `last` is the start of the latest completed audit whose scope covers `target`
    (an audit of one folder says nothing about the others).
    """
    now = now or naive_utc_now()
    if spec is None or spec.strip().lower() in ("", "all"):
        return Window(spec or "", None, now)
    text = spec.strip()
    if text.lower() == "last":
        prev = previous_audit(history or [], target or Target())
        if prev is None:
            return Window("last", None, now,
                          note="no earlier audit of this scope: the whole history is audited")
        since = parse_time(prev["time"])
        return Window("last", since, now, previous_audit=prev["time"])
    m = _DURATION_RE.match(text)
    if m:
        try:
            since = now - dt.timedelta(**{_UNITS[m.group(2).lower()]: int(m.group(1))})
        except (OverflowError, ValueError):
            raise WindowError(f"--since {spec!r} reaches back before the year 1; give a "
                              "shorter window, or 'all'") from None
        return Window(text, since, now)
    since = parse_time(text)
    if since is None:
        raise WindowError(f"--since {spec!r}: expected a duration (7d, 24h, 2w, 90m), a date "
                          "(2026-11-01), a date and time, or 'last'")
    if since > now:
        raise WindowError(f"--since {spec!r} is in the future")
    return Window(text, since, now)


def in_window(note: Note, since: dt.datetime | None) -> bool:
    """The note changed in the window by its own date (`dating.stated_date`): a copy or
    a clone, which only resets file times, changes nothing."""
    return since is None or stated_date(note) >= since


def anchors_in_window(notes: Iterable[Note], since: dt.datetime | None) -> set[str]:
    """Exact anchor set for parsed notes (what the console uses after its scan)."""
    return {n.path for n in notes if in_window(n, since)}


_FM_LINE_RE = re.compile(r"^(modified|updated|created|type)\s*:\s*(.*?)\s*$", re.MULTILINE)
_HEAD_BYTES = 16_384


@dataclass(frozen=True)
class QuickNote:
    """What the pre-pass reads without parsing YAML: enough to pick anchors and size
    the partition before paying for a scan."""

    path: str
    type: str
    activity: dt.datetime


def _quick_read(rel: str, full: Path) -> QuickNote | None:
    try:
        st = full.stat()
        with full.open("rb") as fh:
            head = fh.read(_HEAD_BYTES).decode("utf-8", errors="replace")
    except OSError:
        return None  # the scan reports it as a problem
    dates: dict[str, str] = {}
    note_type = DEFAULT_TYPE
    head = head.removeprefix("\ufeff").replace("\r\n", "\n")
    if head.startswith("---\n"):
        end = head.find("\n---", 4)
        block = head[4:end if end >= 0 else len(head)]
        for key, value in _FM_LINE_RE.findall(block):
            value = value.split(" #", 1)[0].strip().strip("'\"")
            if key == "type":
                note_type = value or DEFAULT_TYPE
            else:
                dates.setdefault(key, value)
    return QuickNote(rel, note_type, head_date(dates, st.st_mtime))


def quick_notes(root: Path) -> list[QuickNote]:
    files, _ = walk_markdown(root)
    return [q for rel, full in files if (q := _quick_read(rel, full)) is not None]


def window_anchor_paths(project: Project, since: dt.datetime | None,
                        target: Target | None = None) -> set[str]:
    """Paths of the notes in the window, from file times and frontmatter dates, without a
    full parse (fast on big projects). Odd YAML can make it include an extra note; the
    exact test on parsed notes is `anchors_in_window`."""
    target = target or Target()
    out = set()
    for q in quick_notes(project.root):
        if _quick_in_target(q, target) and (since is None or q.activity >= since):
            out.add(q.path)
    return out


def _quick_in_target(q: QuickNote, target: Target) -> bool:
    if target.folders and not any(q.path == f or q.path.startswith(f.rstrip("/") + "/")
                                  for f in target.folders):
        return False
    return not (target.types and q.type not in target.types)


# --- history ----------------------------------------------------------------------

class AuditHistory:
    """Append-only `.bm-review/audits.jsonl`: one line per audit run."""

    def __init__(self, state_dir: Path) -> None:
        self.path = Path(state_dir) / AUDITS_FILE

    def records(self) -> list[dict]:
        return [rec for rec in read_records(self.path) if isinstance(rec.get("time"), str)]

    def append(self, record: dict) -> None:
        append_record(self.path, record)


def _covers(outer: dict, inner: Target) -> bool:
    """Did an audit of scope `outer` (a history record's scope) examine all of `inner`?"""
    folders = tuple(outer.get("folders") or ())
    types = tuple(outer.get("types") or ())
    if folders and not (inner.folders and all(
            any(f == o or f.startswith(o.rstrip("/") + "/") for o in folders)
            for f in inner.folders)):
        return False
    return not (types and not (inner.types and set(inner.types) <= set(types)))


def previous_audit(history: list[dict], target: Target) -> dict | None:
    """The latest audit that ran (not skipped) over a scope covering `target`."""
    for rec in reversed(history):
        if rec.get("skipped"):
            continue
        if _covers(rec.get("scope") or {}, target):
            return rec
    return None


# --- the audit ----------------------------------------------------------------------

@dataclass
class AuditOptions:
    since: str | None = None  # see parse_window
    target: Target = field(default_factory=Target)
    threshold: float | None = None
    strategy: str = DEFAULT_STRATEGY
    model: str = DEFAULT_MODEL
    top_k: int = DEFAULT_TOP_K
    max_notes: int = DEFAULT_MAX_NOTES
    record: bool = True  # append the run to audits.jsonl
    history_shown: int = 5


@dataclass
class AuditGroup:
    group: Group  # scores already lowered by the metadata guard
    canonical_title: str
    conflicts: dict[str, list[str]]  # member path -> disagreements with the canonical
    in_window: list[str]  # the group's notes that changed in the window
    above_threshold: bool
    reported_before: str | None = None  # an earlier audit held it back (metadata guard)

    @property
    def id(self) -> str:
        return self.group.id


@dataclass
class PendingGroup:
    """A group an earlier audit reported that nobody has decided yet."""

    id: str
    canonical: str
    paths: list[str]
    score: float
    first_reported: str
    found_again: bool  # still found by this audit (else: as it was reported)
    decision: str | None = None  # "skip" when it was looked at and deferred
    kept: str = ""  # the file update/merge would keep ("": the canonical's)

    @property
    def kept_file(self) -> str:
        return self.kept or self.canonical


@dataclass
class AuditReport:
    project: Project
    started: dt.datetime
    finished: dt.datetime
    window: Window
    target: Target
    strategy: str
    model: str
    threshold: float
    note_count: int
    partition_count: int
    anchors: list[str]
    new_groups: list[AuditGroup]
    pending: list[PendingGroup]
    decisions: list[dict]  # decisions.jsonl records since the previous audit
    problems: list[NoteProblem]
    history: list[dict]  # recent earlier audits, oldest first
    skipped: str | None = None  # why the partition was not audited
    stats: dict[str, float] = field(default_factory=dict)
    scan: ScanResult | None = field(default=None, repr=False)

    @property
    def groups(self) -> list[Group]:
        """The audit's groups, for the console: new first, then pending found again."""
        again = {p.id for p in self.pending if p.found_again}
        extra = [g for g in (self.scan.groups if self.scan else []) if g.id in again]
        return [ag.group for ag in self.new_groups] + extra

    @property
    def new_above_threshold(self) -> list[AuditGroup]:
        return [g for g in self.new_groups if g.above_threshold]

    def counts(self) -> dict[str, int]:
        return {"notes": self.note_count, "partition": self.partition_count,
                "anchors": len(self.anchors), "new_groups": len(self.new_above_threshold),
                "flagged_below_threshold": len(self.new_groups) - len(
                    self.new_above_threshold),
                "pending_groups": len(self.pending), "decisions": len(self.decisions),
                "problems": len(self.problems)}

    def history_record(self) -> dict[str, Any]:
        # Groups held back by the metadata guard are recorded (not news next time) but
        # marked, so they do not come back as pending review.
        reported = {g.id: {"canonical": g.group.canonical, "kept": g.group.kept,
                           "paths": g.group.paths,
                           "score": g.group.score, **({} if g.above_threshold else
                                                      {"held": True})}
                    for g in self.new_groups}
        for p in self.pending:
            if p.found_again:
                reported.setdefault(p.id, {"canonical": p.canonical, "kept": p.kept,
                                           "paths": p.paths, "score": p.score})
        return {"time": _iso(self.started), "finished": _iso(self.finished),
                "project": str(self.project.root),
                "scope": {"folders": list(self.target.folders),
                          "types": list(self.target.types)},
                "window": self.window.to_json(), "strategy": self.strategy,
                "model": self.model, "threshold": self.threshold, "counts": self.counts(),
                "skipped": self.skipped, "groups": reported}


def _guard(group: Group, notes: dict[str, Note], threshold: float
           ) -> tuple[Group, dict[str, list[str]], bool]:
    """The group with conflicting members flagged and their scores lowered."""
    canon = notes[group.canonical]
    conflicts: dict[str, list[str]] = {}
    members: list[Member] = []
    for m in group.members:
        found = metadata_conflicts(canon, notes[m.path])
        if not found:
            members.append(m)
            continue
        conflicts[m.path] = found
        evidence = {**m.evidence, "metadata_conflict": float(len(found))}
        reasons = [f"metadata conflict with the canonical: {'; '.join(found)} "
                   f"(score x{METADATA_CONFLICT_FACTOR})", *m.reasons]
        members.append(dataclasses.replace(
            m, score=round(m.score * METADATA_CONFLICT_FACTOR, 4), evidence=evidence,
            reasons=reasons))
    if not conflicts:
        return group, conflicts, group.score >= threshold
    members.sort(key=lambda m: (-m.score, m.path))
    # The group ranks by its best pair; a conflict lowers only the pairs it touches.
    score = max(m.score for m in members)
    guarded = dataclasses.replace(group, members=members, score=round(score, 4),
                                  paths=[group.canonical] + [m.path for m in members])
    return guarded, conflicts, score >= threshold


def _decided(decision_action: str | None) -> bool:
    return decision_action in (*WRITING, "distinct")


def _explain_empty(window: Window, anchors: set[str], notes: Iterable[Note],
                   target: Target) -> Window:
    """A window that caught no note says when the newest note changed, and which --since
    would reach it: a knowledge base last touched a month ago (or the demo, dated 2026)
    otherwise reads as "no duplicates" without saying why."""
    if window.since is None or anchors or window.note:
        return window
    times = [stated_date(n) for n in notes if target.contains(n)]
    if not times:
        return window
    newest = max(times)
    span = window.until - window.since
    reach = (newest - span) if span > dt.timedelta(0) else newest
    return dataclasses.replace(window, note=(
        f"no note changed in this window; the newest changed {newest:%Y-%m-%d %H:%M} UTC "
        f"(--since {reach:%Y-%m-%d} reaches it)"))


def _anchored_scan(project: Project, options: AuditOptions, window: Window,
                   in_target: list[QuickNote], progress: ProgressFn | None,
                   cancel: threading.Event | None, embedder: Embedder | None
                   ) -> tuple[ScanResult, set[str]]:
    """A scan whose anchors are the window's notes, and those anchors."""
    pre_anchors = {q.path for q in in_target if window.since is None or q.activity >= window.since}
    scan_opts = ScanOptions(threshold=options.threshold, top_k=options.top_k,
                            strategy=options.strategy, model=options.model,
                            target=options.target, anchors=pre_anchors)
    result = scan(project, scan_opts, progress, cancel, embedder)
    exact = {p for p, n in result.notes.items()
             if options.target.contains(n) and in_window(n, window.since)}
    if exact - pre_anchors:  # the quick read missed a date that YAML parsing found
        scan_opts.anchors = exact
        result = scan(project, scan_opts, progress, cancel, embedder)
    if exact != pre_anchors:
        result.candidates = [c for c in result.candidates if c.anchor in exact]
        result.groups = result.regroup(result.threshold)
    return result, exact


def _window_of(scanned: ScanResult, target: Target, window: Window
               ) -> tuple[ScanResult, set[str]]:
    """A whole-partition scan seen through the window (only the pairs that touch it),
    and the window's notes.

    The pairs are those above the scan's own threshold. A pair that an older note's
    neighbour list found counts too, where an anchored scan searches from the window's
    notes only: a whole scan already holds it, and it is the same duplicate.
    """
    anchors = {p for p, n in scanned.notes.items()
               if target.contains(n) and in_window(n, window.since)}
    pairs = [c for c in candidates_at_least(scanned.candidates, scanned.threshold)
             if c.key[0] in anchors or c.key[1] in anchors]
    view = dataclasses.replace(scanned, candidates=pairs, groups=[])
    view.groups = view.regroup(view.threshold)
    return view, anchors


def run_audit(project: Project, options: AuditOptions | None = None, *,
              progress: ProgressFn | None = None, cancel: threading.Event | None = None,
              embedder: Embedder | None = None, now: dt.datetime | None = None,
              scanned: ScanResult | None = None) -> AuditReport:
    """Scan the notes of the window against their partition; report and record the run.

    `now` fixes the clock (tests, reproducible reports). `scanned`: a scan of the whole
    partition already made with the same options (the console's): the audit takes the
    pairs that touch the window from it instead of scanning again.
    """
    options = options or AuditOptions()
    started = now or naive_utc_now()
    history_store = AuditHistory(project.state)
    history = history_store.records()
    window = parse_window(options.since, now=started, history=history, target=options.target)
    prev = previous_audit(history, options.target)
    reported_before: dict[str, str] = {}
    reported_info: dict[str, dict] = {}
    for rec in history:
        for gid, info in (rec.get("groups") or {}).items():
            reported_before.setdefault(gid, rec["time"])
            reported_info[gid] = info  # the latest description wins

    if scanned is not None:
        note_count = len(scanned.notes)
        partition = sum(1 for n in scanned.notes.values() if options.target.contains(n))
    else:
        quick = quick_notes(project.root)
        in_target = [q for q in quick if _quick_in_target(q, options.target)]
        note_count, partition = len(quick), len(in_target)
    decisions_log = DecisionStore(project.state).history()
    since_prev = parse_time(prev["time"]) if prev else None
    decisions_since = [d for d in decisions_log
                       if since_prev is None or ((t := parse_time(d.get("time") or ""))
                                                 is not None and t >= since_prev)]

    def report(**kw: Any) -> AuditReport:
        base: dict[str, Any] = dict(
            project=project, started=started, finished=now or naive_utc_now(), window=window,
            target=options.target, strategy=options.strategy, model=options.model,
            threshold=(options.threshold if options.threshold is not None
                       else get_strategy(options.strategy).listing_threshold),
            note_count=note_count, partition_count=partition, anchors=[],
            new_groups=[], pending=[], decisions=decisions_since, problems=[],
            history=history[-options.history_shown:] if options.history_shown else [])
        base.update(kw)
        out = AuditReport(**base)
        if options.record:
            history_store.append(out.history_record())
        return out

    if scanned is None and partition > options.max_notes:  # a made scan costs nothing more
        return report(skipped=(
            f"the partition ({options.target.describe()}) holds {partition} notes, more "
            f"than the limit of {options.max_notes}; it was not audited. Narrow it with "
            "--folder/--type or raise --max-notes."))

    if scanned is not None:
        result, exact = _window_of(scanned, options.target, window)
    else:
        result, exact = _anchored_scan(project, options, window, in_target, progress, cancel,
                                       embedder)

    notes = result.notes
    store = DecisionStore(project.state)
    valid = {gid: d.action for gid, d in store.valid(notes).items()}
    new_groups: list[AuditGroup] = []
    again: dict[str, Group] = {}
    for g in result.groups:
        if _decided(valid.get(g.id)):
            continue  # decided (and not yet applied): not news, not pending review
        if g.id in reported_before and not reported_info[g.id].get("held"):
            again[g.id] = g
            continue
        guarded, conflicts, above = _guard(g, notes, result.threshold)
        new_groups.append(AuditGroup(guarded, notes[g.canonical].title, conflicts,
                                     sorted(p for p in g.paths if p in exact), above,
                                     reported_before.get(g.id)))
    new_groups.sort(key=lambda a: (not a.above_threshold, -a.group.score, a.group.id))

    pending: list[PendingGroup] = []
    for gid, first in reported_before.items():
        if _decided(valid.get(gid)) or reported_info[gid].get("held"):
            continue
        if gid in again:
            g = again[gid]
            pending.append(PendingGroup(gid, g.canonical, g.paths, g.score, first, True,
                                        valid.get(gid), g.kept))
            continue
        info = reported_info[gid]
        paths = list(info.get("paths") or [])
        if not paths or any(p not in notes for p in paths):
            continue  # a note went away (applied, or deleted): nothing left to review
        if not options.target.contains(notes[paths[0]]):
            continue  # reported by an audit of another scope
        pending.append(PendingGroup(gid, info.get("canonical") or paths[0], paths,
                                    float(info.get("score") or 0.0), first, False,
                                    valid.get(gid), str(info.get("kept") or "")))
    pending.sort(key=lambda p: (p.first_reported, -p.score, p.id))

    return report(window=_explain_empty(window, exact, notes.values(), options.target),
                  threshold=result.threshold, strategy=result.strategy.name,
                  note_count=len(notes), partition_count=sum(
                      1 for n in notes.values() if options.target.contains(n)),
                  anchors=sorted(exact), new_groups=new_groups, pending=pending,
                  problems=list(result.problems), stats=dict(result.stats), scan=result)


__all__ = ["AUDITS_FILE", "AuditGroup", "AuditHistory", "AuditOptions",
           "AuditReport", "DEFAULT_MAX_NOTES", "METADATA_CONFLICT_FACTOR", "PendingGroup",
           "Window", "WindowError", "anchors_in_window", "in_window", "metadata_conflicts",
           "parse_window", "previous_audit", "run_audit",
           "window_anchor_paths"]

"""Planning: from a plan document (or the recorded decisions) to one change per file.

Per group: the canonical decides the content, the kept file receives it (its path,
title and permalink survive), every other member is retired unless it is
important or locked, and links to the retired notes anywhere in the project are
rewritten to the kept note. A group that cannot be carried out exactly as planned
(a note changed, read-only, locked, a symlink shared with a note that stays)
becomes a conflict and changes nothing. Planning reads files, never writes.
"""

from __future__ import annotations

import datetime as dt
import difflib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..dating import utc_now
from ..decisions import DecisionStore
from ..grouping import (
    LOCKED,
    choose_canonical,
    choose_kept,
    group_id,
    inbound_counts,
    linkers_by_path,
    staying,
)
from ..journal import owner_cannot_write, safe_join
from ..links import note_keys, target_index
from ..merging import (
    Composed,
    compose,
    link_mapping,
    retitled_mapping,
    rewrite_links_text,
    title_keys,
)
from ..notes import Note, NoteProblem
from ..project import Project, load_notes
from ..unit_vectors import shared_vectors
from .changes import Conflict, FileChange, Skip, counts
from .validate import LEAVING, WRITING, validate_document

Loaded = tuple[list[Note], list[NoteProblem]]
"""`load_notes`' answer, read once per plan."""


@dataclass
class GroupPlan:
    group_id: str
    action: str
    canonical: str  # whose content is the base and wins where notes disagree
    kept: str  # the file written, whose path, title and permalink survive
    retired: list[str]
    changes: list[FileChange]
    composed: Composed | None = None
    kept_reason: str = ""
    left: dict[str, str] = field(default_factory=dict)  # members left alone -> why

    def to_json(self) -> dict[str, Any]:
        return {"group_id": self.group_id, "action": self.action, "canonical": self.canonical,
                "kept": self.kept, "kept_reason": self.kept_reason, "retired": self.retired,
                "left": self.left,
                "units": self.composed.to_json() if self.composed is not None else None}


@dataclass
class Plan:
    groups: list[GroupPlan]
    conflicts: list[Conflict]
    changes: list[FileChange] = field(default_factory=list)  # composed, one per file
    skipped: list[Skip] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        by = counts(self.changes)
        return {
            "files_updated": sorted(by["updated"]),
            "files_retired": sorted(by["retired"]),
            "files_created": sorted(by["created"]),
            "links_rewritten": [{"path": c.path, "count": c.links}
                                for c in sorted(self.changes, key=lambda c: c.path) if c.links],
            "conflicts": [c.to_json() for c in self.conflicts],
            "skipped": [s.to_json() for s in self.skipped],
            "groups": [g.to_json() for g in self.groups],
        }

    def diff(self) -> str:
        out: list[str] = []
        for c in sorted(self.changes, key=lambda c: c.path):
            if c.retired:
                n = len((c.before or "").splitlines())
                out.append(f"--- a/{c.path}\n+++ /dev/null\n"
                           f"@@ retired: moved to the trash ({n} lines), links point to the "
                           f"kept note @@\n")
                continue
            before = (c.before or "").splitlines(keepends=True)
            after = _as_read(c.after or "", c.before or "").splitlines(keepends=True)
            label = f"({c.kind}" + (f", {c.links} link(s) rewritten" if c.links else "") + ")"
            lines = list(difflib.unified_diff(
                before, after, fromfile=f"a/{c.path}" if c.before is not None else "/dev/null",
                tofile=f"b/{c.path} {label}", n=2))
            out.append("".join(ln if ln.endswith("\n") else ln + "\n" for ln in lines))
        return "\n".join(out)


def _find_original_canonical(g: dict, members: dict[str, str | None],
                             notes: dict[str, Note]) -> str | None:
    """The scan's canonical when a plan names a member as the new canonical.

    Found by content hash, confirmed by the group id (a hash of all its paths).
    """
    sha = g.get("canonical_sha256")
    hits = [p for p, n in notes.items() if n.sha256 == sha and p not in members]
    for p in hits:
        if group_id([*members, p]) == g.get("id"):
            return p
    return hits[0] if len(hits) == 1 else None


def _real_paths(root: Path, notes: dict[str, Note]) -> dict[str, str]:
    """note path -> the project path of the file it reads (differs for symlinks)."""
    out: dict[str, str] = {}
    base = root.resolve()
    for p in notes:
        full = root / p
        if os.path.islink(full):
            try:
                out[p] = full.resolve(strict=True).relative_to(base).as_posix()
            except (OSError, ValueError, RuntimeError):
                out[p] = p
        else:
            out[p] = p
    return out


class _Planner:
    def __init__(self, project: Project, now: dt.datetime | None, dry_run: bool = False,
                 loaded: Loaded | None = None, plan_file: bool = False) -> None:
        self.project = project
        self.plan_file = plan_file
        self.now = now or utc_now()
        # Unit vectors from the state folder's cache; a dry run reads it, never writes.
        self.vectors = shared_vectors(project.state, read_only=dry_run)
        notes_list, problems = loaded or load_notes(project.root)
        self.notes = {n.path: n for n in notes_list}
        self.unreadable = {p.path: p.error for p in problems}
        self.real = _real_paths(project.root, self.notes)
        # The same link resolution as the scan's, so scan and apply agree on the kept file.
        self.linkers = linkers_by_path(self.notes)
        self.targets = target_index(self.notes.values())  # relation targets as notes
        self.conflicts: list[Conflict] = []
        self.skipped: list[Skip] = []
        self.groups: list[GroupPlan] = []
        self.used: dict[str, str] = {}
        self._mappings: dict[str, dict] = {}  # group id -> its link mapping

    # -- one group ------------------------------------------------------------------
    def group(self, g: dict) -> None:
        action = g.get("action")
        gid = str(g.get("id") or "")
        if action in (None, "", *LEAVING):
            return
        if action not in WRITING:
            self.conflicts.append(Conflict(gid, "", f"unknown action {action!r} "
                                                    "(use update, merge, skip or distinct)"))
            return
        expected = self._expected(g, gid)
        if expected is None:
            return
        canonical = str(g["canonical"])
        problem = self._check_paths(gid, expected)
        if problem is not None:
            self.conflicts.append(problem)
            return
        for p in expected:
            self.used[p] = gid
        notes = self.notes
        keep = g.get("keep")
        if keep and keep not in expected:
            self.conflicts.append(Conflict(gid, keep, "\"keep\" names a note that is not "
                                                      "in the group"))
            return
        kept, kept_reason = choose_kept([notes[p] for p in expected],
                                        inbound_counts(expected, self.linkers),
                                        notes[canonical])
        if keep and keep != kept.path:  # the console names the kept file always: only
            kept, kept_reason = notes[keep], "chosen by you"  # another one is a choice
        if kept.locked:
            self.skipped.append(Skip(gid, f"{LOCKED} ({kept.path}, the kept file); "
                                          "nothing written for this group"))
            return
        left = staying(sorted(expected), kept.path, notes)
        retired = sorted(p for p in expected if p != kept.path and p not in left)
        if not retired:
            why = "; ".join(f"{p}: {r}" for p, r in left.items())
            self.skipped.append(Skip(gid, f"nothing to retire: the other notes stay ({why})"))
            return
        problem = self._check_writable(gid, [kept.path, *retired], retired)
        if problem is not None:
            self.conflicts.append(problem)
            return
        canon = notes[canonical]
        others = [notes[p] for p in sorted(expected)
                  if p != canonical and (p in retired or p == kept.path)]
        composed = compose(action, canon, others, kept=kept, now=self.now,
                           targets=self.targets, vectors=self.vectors,
                           choices=g.get("choices") or None, text=g.get("text"))
        changes = [FileChange(kept.path, kept.sha256, composed.text, action, before=kept.text,
                              group_ids=[gid])]
        changes += [FileChange(p, notes[p].sha256, None, "retire", before=notes[p].text,
                               group_ids=[gid]) for p in retired]
        self.groups.append(GroupPlan(gid, action, canonical, kept.path, retired, changes,
                                     composed, kept_reason, left))

    def _expected(self, g: dict, gid: str) -> dict[str, str] | None:
        """Every note of the group -> the sha256 the plan expects it to have."""
        removed = set(g.get("removed") or [])
        members = {m["path"]: m["sha256"] for m in g["members"] if m["path"] not in removed}
        canonical = g["canonical"]
        expected = dict(members)
        if canonical in members:
            original = g.get("original_canonical") or _find_original_canonical(
                g, members, self.notes)
            if original is None:
                self.conflicts.append(Conflict(gid, str(canonical),
                                               "the scan's canonical note changed or is gone"))
                return None
            if original not in removed:
                expected[original] = g["canonical_sha256"]
        else:
            expected[canonical] = g["canonical_sha256"]
        if self.plan_file and group_id([*expected, *removed]) != gid:
            # a canonical or member the scan did not put in this group (the id is a hash
            # of its paths): the plan would retire or rewrite a note nobody reviewed here
            self.conflicts.append(Conflict(gid, str(canonical), "the group's notes are not "
                                           "the ones the scan grouped (its id names other "
                                           "notes); \"canonical\" must be one of them: "
                                           "re-run 'bm-review scan --format json'"))
            return None
        return expected

    def _check_paths(self, gid: str, expected: dict[str, str]) -> Conflict | None:
        for path, sha in sorted(expected.items()):
            if path in self.used:
                return Conflict(gid, path, f"note is also in group {self.used[path]}")
            if path in self.unreadable:
                return Conflict(gid, path, f"cannot be read: {self.unreadable[path]}")
            if path not in self.notes:
                return Conflict(gid, path, "note no longer exists")
            if self.notes[path].sha256 != sha:
                return Conflict(gid, path, "note changed since the scan; re-scan and "
                                           "review this group again")
        return None

    def _check_writable(self, gid: str, touched: list[str], retired: list[str]
                        ) -> Conflict | None:
        root = self.project.root
        for p in touched:
            if p in retired and self.real[p] != p:
                continue  # a retired symlink: the link goes, its target is not written
            mode = owner_cannot_write(root / self.real[p])
            if mode is not None:
                return Conflict(gid, p, f"read-only (mode {mode:04o}): not written; make it "
                                        "writable to apply this group")
        gone = set(retired)
        for p in retired:
            if self.real[p] != p:
                continue  # retiring a symlink removes the link only
            sharers = sorted(q for q, r in self.real.items() if r == p and q != p
                             and q not in gone)
            if sharers:
                return Conflict(gid, p, f"{sharers[0]} is a symlink to this note; retiring "
                                        "it would break that note")
        return None

    # -- all groups: link rewrites -----------------------------------------------------
    def plan(self) -> Plan:
        while True:
            changes, blocked = self._compose()
            if not blocked:
                break
            for path, reason, gids in blocked:
                for gid in gids:
                    self.conflicts.append(Conflict(gid, path, f"links to a note this group "
                                                              f"retires, but is {reason}"))
                self.groups = [gp for gp in self.groups if gp.group_id not in gids]
        root = self.project.root
        for c in changes:
            if self.real.get(c.path, c.path) != c.path:
                c.link = os.readlink(root / c.path)
                if not c.retired:
                    c.write_to = self.real[c.path]
            if c.after is not None:
                c.after = like_original(safe_join(root, c.target), c.after)
        changes.sort(key=lambda c: c.path)
        return Plan(self.groups, self.conflicts, changes, self.skipped)

    def _compose(self) -> tuple[list[FileChange], list[tuple[str, str, set[str]]]]:
        """Every change of the current groups, links rewritten; and the notes whose
        links need a rewrite but must not be written (with the groups that need it)."""
        notes = self.notes
        retired: dict[str, Note] = {}
        kept_of: dict[str, Note] = {}
        content: dict[str, tuple[GroupPlan, FileChange]] = {}
        changes: list[FileChange] = []
        for gp in self.groups:
            text = gp.composed.text if gp.composed is not None else None
            kept = notes[gp.kept]
            content[gp.kept] = (gp, FileChange(gp.kept, kept.sha256, text, gp.action,
                                               before=kept.text, group_ids=[gp.group_id]))
            gp.changes = [c for c in gp.changes if c.kind == "retire"]
            for p in gp.retired:
                retired[p] = notes[p]
                kept_of[p] = kept
            changes += gp.changes
        protected: set[str] = set()
        for path, note in notes.items():
            if path not in retired:
                protected |= note_keys(note)
        permalinks = {n.permalink.strip().lower() for p, n in notes.items()
                      if p not in retired and n.permalink}
        mapping = link_mapping(retired, kept_of, protected, permalinks)
        owners: dict[str, set[str]] = {}  # a kept title's link names -> who else has them
        titles = {gp.kept: _new_title(gp) for gp in self.groups}
        for path, note in notes.items():
            if path not in retired:
                for k in title_keys(note):
                    owners.setdefault(k, set()).add(path)
        for kept_path, title in titles.items():
            if title:
                mapping = retitled_mapping(mapping, notes[kept_path], title, {
                    k for k in title_keys(notes[kept_path]) if owners.get(k, set()) - {kept_path}})
        renamed = {v.path: v for v in mapping.values() if titles.get(v.path)}
        written_real = {self.real[p] for p in content}
        blocked: list[tuple[str, str, set[str]]] = []
        for path, note in notes.items():
            if path in retired:
                continue
            if path in content:
                gp, cc = content[path]
                composed = cc.after or ""
                cc.after, cc.links = rewrite_links_text(composed, mapping,
                                                        self_note=renamed.get(path, note))
                if cc.links:
                    cc.group_ids = sorted({gp.group_id}
                                          | self._groups_linked_from(note, composed))
                if cc.after != note.text:  # else the kept file already said it all
                    changes.append(cc)
                    gp.changes.insert(0, cc)
                continue
            new, count = rewrite_links_text(note.text, mapping, self_note=note)
            if not count or new == note.text:
                continue
            if self.real[path] != path and self.real[path] in notes:
                continue  # a symlink to another note: that note's own change covers it
            if self.real[path] in written_real:
                continue
            why = self._unwritable(path)
            if why:
                blocked.append((path, why, self._groups_linked_from(note)))
                continue
            changes.append(FileChange(path, note.sha256, new, "links", before=note.text,
                                      links=count,
                                      group_ids=sorted(self._groups_linked_from(note))))
        return changes, blocked

    def _unwritable(self, path: str) -> str:
        if self.notes[path].locked:
            return LOCKED
        mode = owner_cannot_write(self.project.root / self.real[path])
        return f"read-only (mode {mode:04o})" if mode is not None else ""

    def _groups_linked_from(self, note: Note, text: str | None = None) -> set[str]:
        """The groups whose retired notes `note` links to: a file they share is
        written for all of them or none (an apply leaves them out together)."""
        out: set[str] = set()
        for gp in self.groups:
            mapping = self._mappings.get(gp.group_id)
            if mapping is None:
                ret = {p: self.notes[p] for p in gp.retired}
                kept = self.notes[gp.kept]
                mapping = retitled_mapping(link_mapping(ret, dict.fromkeys(ret, kept)), kept,
                                           _new_title(gp))
                self._mappings[gp.group_id] = mapping
            if rewrite_links_text(text or note.text, mapping, self_note=note)[1]:
                out.add(gp.group_id)
        return out


def _new_title(gp: GroupPlan) -> str | None:
    """The title the group's kept file is written under, when not its own."""
    ledger = gp.composed.ledger if gp.composed is not None else None
    return ledger.title[1] if ledger is not None and ledger.title else None


def plan_from_document(project: Project, doc: dict, *, now: dt.datetime | None = None,
                       dry_run: bool = False, loaded: Loaded | None = None,
                       plan_file: bool = False) -> Plan:
    """The plan for the groups of a scan document that carry an update/merge action.

    Raises PlanError when the document is malformed. Reads the current files: a
    group any of whose notes is missing or changed since the scan (sha256 in the
    document) becomes a conflict and changes nothing. `now` (default: the current
    time) is the apply time written into `modified:`. `dry_run`: the plan is only
    shown, so the unit-vector cache is read but not written. `loaded`: the project's
    notes as `load_notes` returned them just now (the caller read them already).
    `plan_file`: the document is a user's file (`apply --plan`), edited by hand or by a
    script: a group whose notes are not the ones its id (a hash of their paths) names
    is a conflict, so a "canonical" edited to a note of no group is never retired.
    """
    validate_document(doc)
    planner = _Planner(project, now, dry_run, loaded, plan_file)
    for g in doc["groups"]:
        planner.group(g)
    return planner.plan()


def _as_read(after: str, before: str) -> str:
    """`after` as `before` was read for the diff: like_original gives the written text
    the file's CRLF endings and byte-order mark back, which the note as read has not, so
    the diff showed every line of a CRLF file and its first line changed (a fuzzing
    pass); the bytes written are unchanged."""
    if not before.startswith("\ufeff"):
        after = after.removeprefix("\ufeff")
    return after if "\r\n" in before else after.replace("\r\n", "\n")


def like_original(path: Path, text: str) -> str:
    """Keep a file's CRLF line endings and byte-order mark (apply and upsert alike)."""
    try:
        if not path.is_file():
            return text
        with open(path, "rb") as f:
            head = f.read(1 << 16)
    except OSError:
        return text
    if b"\r\n" in head:
        text = text.replace("\r\n", "\n").replace("\n", "\r\n")
    if head.startswith(b"\xef\xbb\xbf") and not text.startswith("\ufeff"):
        text = "\ufeff" + text
    return text


def decisions_document(project: Project, loaded: Loaded | None = None
                       ) -> tuple[dict, list[Conflict]]:
    """A plan document from the recorded decisions (update/merge, not yet applied).

    A decision holds every path and hash of its group, its canonical, the members
    taken out and the kept file chosen, so no re-scan is needed (and none could
    regroup it differently). Returns (document, stale): stale decisions were made
    on notes that changed since, and are reported rather than applied.
    """
    notes_list, _ = loaded or load_notes(project.root)
    notes = {n.path: n for n in notes_list}
    store = DecisionStore(project.state)
    groups: list[dict] = []
    stale: list[Conflict] = []
    for gid, d in sorted(store.current().items()):
        if d.action not in WRITING:
            continue
        if not d.still_valid(notes):
            changed = sorted(p for p, h in d.hashes.items()
                             if p not in notes or notes[p].sha256 != h)
            stale.append(Conflict(gid, changed[0] if changed else "",
                                  "note changed since the decision; review the group again"))
            continue
        paths = [p for p in d.hashes if p not in d.removed]
        canonical = d.canonical if d.canonical in paths else None
        if canonical is None:
            canonical = choose_canonical([notes[p] for p in paths])[0].path
        group: dict[str, Any] = {
            "id": gid, "action": d.action, "canonical": canonical,
            "original_canonical": canonical, "canonical_sha256": d.hashes[canonical],
            "members": [{"path": p, "sha256": d.hashes[p]} for p in sorted(paths)
                        if p != canonical],
        }
        if d.keep and d.keep in paths:
            group["keep"] = d.keep
        if d.choices:
            group["choices"] = d.choices
        if d.text is not None:
            group["text"] = d.text
        groups.append(group)
    return {"project": str(project.root), "groups": groups}, stale


def plan_from_decisions(project: Project, *, now: dt.datetime | None = None,
                        dry_run: bool = False) -> Plan:
    loaded = load_notes(project.root)  # once: the decisions and the plan read the same notes
    doc, stale = decisions_document(project, loaded)
    plan = plan_from_document(project, doc, now=now, dry_run=dry_run, loaded=loaded)
    plan.conflicts = stale + plan.conflicts
    return plan

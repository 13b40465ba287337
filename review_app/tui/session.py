"""The review state behind the console: groups at a threshold, the decisions and edits in
force on them, what is allowed, the plan.

Plain Python (no textual) so the rules are testable on their own and the screens stay
thin. The changes (decisions, `c`/`K`/`x`, ledger flips, the edited text, undo) and how
they reach the disk are `session_edits.SessionEdits`, mixed in here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..core.decisions import WRITING, Decision, DecisionStore
from ..core.edits import EditStore
from ..core.grouping import Group, Member, staying
from ..core.jsonl import SyncFn
from ..core.notes import Note
from ..core.pipeline import ScanResult, group_json
from .session_edits import Carried, SessionEdits, _Edit
from .targets import targets_of

THRESHOLD_STEP = 0.05


@dataclass
class ReviewSession(SessionEdits):
    result: ScanResult
    store: DecisionStore
    threshold: float = 0.0
    groups: list[Group] = field(default_factory=list)
    decisions: dict[str, Decision] = field(default_factory=dict)
    overrides: dict[str, str] = field(default_factory=dict)  # group id -> chosen canonical
    removed: dict[str, list[str]] = field(default_factory=dict)  # group id -> paths taken out
    keeps: dict[str, str] = field(default_factory=dict)  # group id -> chosen kept file
    # group id -> ledger key -> carry | drop | older: the person's flips of the merge ledger
    choices: dict[str, dict[str, str]] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)  # group id -> the edited note
    by_id: dict[str, Group] = field(default_factory=dict)
    window: set[str] | None = None  # audit (--since): notes changed in the window
    window_label: str = ""
    carried_ids: frozenset[str] = frozenset()  # audit: groups earlier audits left open
    edits: EditStore | None = None
    carried: dict[str, Carried] = field(default_factory=dict)  # shown group id -> decision
    waiting: list[str] = field(default_factory=list)  # decided ids whose notes split up
    _undo: list[str | _Edit] = field(default_factory=list)  # group ids (decisions) and edits
    undone: str = ""  # what the last `undo` took back, in words
    skips_since: str | None = None  # this sitting's start: its skips hold, older ones not
    _owners: tuple[int, dict[str, frozenset[str]]] | None = None

    @classmethod
    def open(cls, result: ScanResult, window: set[str] | None = None,
             window_label: str = "", carried: frozenset[str] = frozenset(),
             skips_since: str | None = None, sync: SyncFn | None = None) -> ReviewSession:
        """`sync`: how the logs reach the disk (the console's `DeferredSync`, off its UI
        thread); without it each line is fsynced as it is written."""
        state = result.project.state
        session = cls(result, DecisionStore(state, sync), result.threshold,
                      window=window, window_label=window_label, carried_ids=carried,
                      edits=EditStore(state, sync), skips_since=skips_since)
        session.reload_decisions()
        return session

    # -- loading ---------------------------------------------------------------------------

    @property
    def notes(self) -> dict[str, Note]:
        return self.result.notes

    def reload_decisions(self) -> None:
        """Decisions still valid for the notes on disk; canonical and kept-file choices and
        removals come back with them, and the undo stack follows the order they were made."""
        self.decisions = self.store.valid(self.notes, self.skips_since)
        self.overrides, self.removed, self.keeps = {}, {}, {}
        self.choices, self.texts = {}, {}
        auto = {g.id: g for g in self.result.regroup(self.threshold)}
        for gid, d in self.decisions.items():
            g = auto.get(gid)
            if d.canonical and g is not None and d.canonical != g.canonical:
                self.overrides[gid] = d.canonical
            if d.keep:
                self.keeps[gid] = d.keep
            self.removed[gid] = list(d.removed)
            if d.choices:
                self.choices[gid] = dict(d.choices)
            if isinstance(d.text, str):
                self.texts[gid] = d.text
        # Edits are written on every change, so the latest one is what was on screen.
        for gid, e in (self.edits.valid(self.notes) if self.edits else {}).items():
            self.overrides.pop(gid, None)
            self.keeps.pop(gid, None)
            if e.canonical and e.canonical in e.hashes:
                self.overrides[gid] = e.canonical
            if e.keep and e.keep in e.hashes:
                self.keeps[gid] = e.keep
            self.removed[gid] = [p for p in e.removed if p in e.hashes]
            self.choices.pop(gid, None)
            self.texts.pop(gid, None)
            if e.choices:
                self.choices[gid] = dict(e.choices)
            if isinstance(e.text, str):
                self.texts[gid] = e.text
        self.regroup(self.threshold)
        seen: set[str] = set()
        order: list[str] = []
        for rec in reversed(self.store.history()):
            gid = rec["group_id"]
            # Only groups on screen: undoing an invisible (e.g. distinct) one would surprise.
            if gid in self.decisions and gid in self.by_id and gid not in seen:
                seen.add(gid)
                order.append(gid)
        self._undo = list(reversed(order))

    def regroup(self, threshold: float) -> None:
        """Groups at another threshold from the pairs already scored (no re-embedding).

        A decision whose notes are all still in one group stays on that group (`carried`),
        covering only those notes; one whose notes split up waits (`waiting`) until a
        threshold brings its group back. Neither is ever dropped from the log.
        """
        self.threshold = round(min(1.0, max(0.0, threshold)), 4)
        groups = self.result.regroup(self.threshold, self.overrides)
        by_id = {g.id: g for g in groups}
        owner = {p: g.id for g in groups for p in g.paths}
        carried: dict[str, Carried] = {}
        waiting: list[str] = []
        extra: dict[str, str] = {}
        for gid, d in self.decisions.items():
            # Every action alike: a "distinct" that vanished when a note joined read as
            # if it had never been made (a merge said "the group changed").
            if gid in by_id or not d.hashes:
                continue
            homes = {owner.get(p) for p in d.hashes}
            home = next(iter(homes)) if len(homes) == 1 else None
            if home is None or home in self.decisions or home in carried:
                waiting.append(gid)
                continue
            joined = tuple(p for p in by_id[home].paths if p not in d.hashes)
            carried[home] = Carried(gid, joined)
            if d.canonical and d.canonical != by_id[home].canonical:
                extra[home] = d.canonical
        if extra:
            groups = self.result.regroup(self.threshold, {**self.overrides, **extra})
        if self.window is not None:  # audit: the window's groups, then carried (by score)
            groups.sort(key=lambda g: (not self.is_new(g), not self.is_carried(g)))
        self.groups = groups
        self.by_id = {g.id: g for g in self.groups}
        self.carried, self.waiting = carried, waiting

    def is_new(self, group: Group) -> bool:
        """In an audit (--since): a note of the group changed in the window."""
        return self.window is not None and any(p in self.window for p in group.paths)

    def is_carried(self, group: Group) -> bool:
        """In an audit: reported by an earlier audit and still undecided (not new)."""
        return group.id in self.carried_ids and not self.is_new(group)

    def new_count(self) -> int:
        return sum(1 for g in self.groups if self.is_new(g))

    def carried_count(self) -> int:
        return sum(1 for g in self.groups if self.is_carried(g))

    # -- queries ---------------------------------------------------------------------------

    def group(self, group_id: str) -> Group | None:
        return self.by_id.get(group_id)

    def decision(self, group: Group) -> Decision | None:
        """The decision in force on the group: its own, or one carried onto it."""
        d = self.decisions.get(group.id)
        if d is None and group.id in self.carried:
            d = self.decisions.get(self.carried[group.id].decided_id)
        return d

    def removed_from(self, group: Group) -> list[str]:
        """Paths taken out of the group; for a carried decision, also the notes that joined
        after it (the decision does not cover them)."""
        c = self.carried.get(group.id)
        if c is not None and group.id not in self.decisions:
            return [*self.removed.get(c.decided_id, ()), *c.joined]
        return list(self.removed.get(group.id, ()))

    def members(self, group: Group) -> list[Member]:
        """The members still in the group (those taken out with `x` are not)."""
        gone = set(self.removed_from(group))
        return [m for m in group.members if m.path not in gone]

    def in_group(self, group: Group) -> list[str]:
        """Every path still in the group, the canonical first."""
        return [group.canonical, *(m.path for m in self.members(group))]

    def kept(self, group: Group) -> tuple[str, str]:
        """The file written (its path, title, permalink survive) and why: the person's
        choice, else the grouping's default, else the canonical."""
        c = self.carried.get(group.id)
        chosen = self.keeps.get(group.id) or (self.keeps.get(c.decided_id) if c else None)
        paths = self.in_group(group)
        if chosen in paths:
            return str(chosen), "chosen by you"
        if group.kept and group.kept in paths:
            return group.kept, group.kept_reason
        return group.canonical, "the canonical's file"

    def choices_of(self, group: Group) -> dict[str, str]:
        """The person's ledger flips for the group (a carried decision's, if it has none)."""
        c = self.carried.get(group.id)
        if group.id in self.choices or c is None:
            return dict(self.choices.get(group.id, {}))
        return dict(self.choices.get(c.decided_id, {}))

    def text_of(self, group: Group) -> str | None:
        """The note as the person edited it with `e`, written as is; None: the composed one."""
        c = self.carried.get(group.id)
        if group.id in self.texts or c is None:
            return self.texts.get(group.id)
        return self.texts.get(c.decided_id)

    def retirable(self, group: Group) -> list[str]:
        """What update/merge would retire: never the kept file, an important or a locked note."""
        kept = self.kept(group)[0]
        paths = self.in_group(group)
        stay = staying(paths, kept, self.notes)
        return [p for p in paths if p != kept and p not in stay]

    def compose_inputs(self, group: Group) -> tuple[Note, list[Note], Note]:
        """(canonical, others, kept) exactly as the write path takes them: the others are
        the notes retired, plus the kept file when it is not the canonical."""
        kept = self.kept(group)[0]
        retired = set(self.retirable(group))  # once, not once per member (the UI thread
        # asks it of the settled group and the next ten at every settle)
        others = [p for p in self.in_group(group) if p != group.canonical
                  and (p in retired or p == kept)]
        return (self.notes[group.canonical], [self.notes[p] for p in others],
                self.notes[kept])

    def targets(self) -> dict[str, str]:
        """Relation targets as notes (merging.target_index), as apply's plan resolves them."""
        return targets_of(self.notes)

    def link_rewrite(self, group: Group) -> Callable[..., dict[str, Note]]:
        """What apply rewrites in the kept file's links (link key -> the kept note) when
        the group is applied: the retired notes' names, but a name another note that
        stays also answers to; with `title` (the kept file written under another title),
        the kept file's old title too. A function, so the preview's worker computes it
        (the first call indexes every note's names)."""
        kept = self.notes[self.kept(group)[0]]
        retired = {p: self.notes[p] for p in self.retirable(group)}

        def mapping(title: str | None = None) -> dict[str, Note]:
            from ..core.links import note_keys
            from ..core.merging import link_mapping, retitled_mapping, title_keys

            owners = self._link_owners()
            protected = {k for n in retired.values() for k in note_keys(n)
                         if owners.get(k, frozenset()) - retired.keys()}
            permalinks = {n.permalink.strip().lower() for p, n in self.notes.items()
                          if p not in retired and n.permalink}
            return retitled_mapping(
                link_mapping(retired, dict.fromkeys(retired, kept), protected, permalinks),
                kept, title,
                {k for k in title_keys(kept)
                 if owners.get(k, frozenset()) - retired.keys() - {kept.path}})
        return mapping

    def _link_owners(self) -> dict[str, frozenset[str]]:
        """Lower-case link name -> the notes it names (computed once per scan)."""
        from ..core.links import note_keys

        notes = self.notes
        cached = self._owners
        if cached is None or cached[0] != id(notes):
            owners: dict[str, set[str]] = {}
            for path, n in notes.items():
                for k in note_keys(n):
                    owners.setdefault(k, set()).add(path)
            cached = (id(notes), {k: frozenset(v) for k, v in owners.items()})
            self._owners = cached
        return cached[1]

    def conflicts(self, group: Group, path: str) -> list[str]:
        """Where a member's frontmatter contradicts the canonical's (type, user keys): shown
        so that a note of another kind is never merged unnoticed."""
        from ..core.frontmatter_conflicts import metadata_conflicts

        if path == group.canonical or path not in self.notes:
            return []
        return metadata_conflicts(self.notes[group.canonical], self.notes[path])

    def status(self, group: Group) -> str:
        d = self.decision(group)
        return d.action if d else ""

    def filtered(self, text: str) -> list[Group]:
        needle = text.strip().lower()
        if not needle:
            return list(self.groups)
        out = []
        for g in self.groups:
            hay = [self.notes[g.canonical].title, g.canonical, self.status(g)]
            for m in self.members(g):
                hay += [m.title, m.path]
            if any(needle in h.lower() for h in hay):
                out.append(g)
        return out

    def decided_count(self) -> int:
        return sum(1 for g in self.groups if self.decision(g) is not None)

    def to_apply(self) -> list[Group]:
        """Groups decided update or merge: what `apply` acts on."""
        return [g for g in self.groups
                if (d := self.decision(g)) and d.action in WRITING]

    # -- what is allowed -------------------------------------------------------------------

    def refusal(self, action: str, group: Group | None, member: str | None = None) -> str | None:
        """Why `action` makes no sense here, or None when it is allowed."""
        if action in ("undo",):
            return None if self._undo else "nothing to undo"
        if action == "apply":
            return None if self.to_apply() else "no group is decided update or merge yet"
        if group is None:
            return "no group selected"
        if action in WRITING and not self.retirable(group):
            return (f"cannot {action}: every other note in the group is important or locked "
                    "(important notes are never retired, locked ones never touched)")
        if action in ("canonical", "keep", "remove") and member is None:
            return "select a member in the member list first"
        if action == "canonical" and member == group.canonical:
            return "this note is already the canonical"
        if action == "keep":
            if member == self.kept(group)[0]:
                return "this note's file is already the one kept"
            if member is not None and self.notes[member].locked:
                return "this note is locked (locked: true): it is never written"
        if action == "remove":
            # The group's size first: in a pair, no choice of canonical or kept file helps.
            if len(self.members(group)) < 2:
                return "a group needs two notes; use d (not duplicates) or s (skip) instead"
            if member == group.canonical:
                return "the canonical stays; make another note canonical first (c)"
            if member == self.kept(group)[0]:
                return "the kept file stays; keep another note's file first (K)"
            d = self.decision(group)
            left = [p for p in self.retirable(group) if p != member]
            if d is not None and d.action in WRITING and not left:
                return f"the {d.action} would retire nothing; undo it (z) first"
        return None

    # -- apply -----------------------------------------------------------------------------

    def plan_document(self) -> dict[str, Any]:
        """The scan document with the decided update/merge groups marked (the plan contract);
        `"keep"` names the kept file when the person chose one."""
        doc = self.result.to_json()
        doc["threshold"] = self.threshold
        groups = []
        for g in self.groups:
            gj = group_json(g, self.notes)
            d = self.decision(g)
            if d is not None and d.action in WRITING:
                gone = set(self.removed_from(g))
                gj["action"] = d.action
                gj["canonical"] = g.canonical
                gj["members"] = [m for m in gj["members"] if m["path"] not in gone]
                # Always explicit: what the preview composed is what apply writes.
                kept, _why = self.kept(g)
                if kept not in gone:
                    gj["keep"] = kept
                # The ledger flips and the edited text: apply composes as the preview did.
                if choices := self.choices_of(g):
                    gj["choices"] = choices
                if (text := self.text_of(g)) is not None:
                    gj["text"] = text
            groups.append(gj)
        doc["groups"] = groups
        return doc

    def forget(self, group_ids: list[str]) -> None:
        """Groups the apply engine carried out (and marked applied in the log)."""
        for gid in group_ids:
            self.decisions.pop(gid, None)


"""The review state behind the console: groups, decisions, edits, undo, the plan.

Plain Python (no textual) so the rules are testable on their own and the
screens stay thin. Decisions are written through `DecisionStore` the moment
they are made; canonical changes (`c`) and removed members (`x`) live in
memory until the group is decided, then travel with its decision.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.decisions import Decision, DecisionStore
from ..core.grouping import Group, Member
from ..core.notes import Note
from ..core.pipeline import ScanResult, group_json

DECISION_ACTIONS = ("update", "merge", "skip", "distinct")
THRESHOLD_STEP = 0.05


@dataclass
class _Edit:
    """An in-memory edit (`c`/`x`) that `z` can take back."""

    group_id: str
    overrides: str | None
    removed: list[str]


@dataclass
class ReviewSession:
    result: ScanResult
    store: DecisionStore
    threshold: float = 0.0
    groups: list[Group] = field(default_factory=list)
    decisions: dict[str, Decision] = field(default_factory=dict)
    overrides: dict[str, str] = field(default_factory=dict)  # group id -> chosen canonical
    removed: dict[str, list[str]] = field(default_factory=dict)  # group id -> paths taken out
    by_id: dict[str, Group] = field(default_factory=dict)
    _undo: list[str | _Edit] = field(default_factory=list)  # group ids (decisions) and edits

    @classmethod
    def open(cls, result: ScanResult) -> ReviewSession:
        session = cls(result, DecisionStore(result.project.state), result.threshold)
        session.reload_decisions()
        return session

    # -- loading ---------------------------------------------------------------------------

    @property
    def notes(self) -> dict[str, Note]:
        return self.result.notes

    def reload_decisions(self) -> None:
        """Decisions still valid for the notes on disk; canonical choices and removals come back
        with them, and the undo stack follows the order they were made in."""
        self.decisions = self.store.valid(self.notes)
        self.groups = self.result.regroup(self.threshold, self._overrides())
        self.by_id = {g.id: g for g in self.groups}
        changed = False
        for gid, d in self.decisions.items():
            g = self.by_id.get(gid)
            if d.canonical and g is not None and d.canonical != g.canonical:
                self.overrides[gid] = d.canonical
                changed = True
            self.removed[gid] = list(d.removed)
        if changed:
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

    def _overrides(self) -> dict[str, str]:
        return dict(self.overrides)

    def regroup(self, threshold: float) -> None:
        """Groups at another threshold from the pairs already scored (no re-embedding)."""
        self.threshold = round(min(1.0, max(0.0, threshold)), 4)
        self.groups = self.result.regroup(self.threshold, self._overrides())
        self.by_id = {g.id: g for g in self.groups}

    # -- queries ---------------------------------------------------------------------------

    def group(self, group_id: str) -> Group | None:
        return self.by_id.get(group_id)

    def members(self, group: Group) -> list[Member]:
        """The members still in the group (those taken out with `x` are not)."""
        gone = set(self.removed.get(group.id, ()))
        return [m for m in group.members if m.path not in gone]

    def retirable(self, group: Group) -> list[str]:
        """What update/merge would retire: never an important note."""
        return [m.path for m in self.members(group) if not self.notes[m.path].important]

    def status(self, group: Group) -> str:
        d = self.decisions.get(group.id)
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
        return sum(1 for g in self.groups if g.id in self.decisions)

    def to_apply(self) -> list[Group]:
        """Groups decided update or merge: what `apply` acts on."""
        return [g for g in self.groups
                if (d := self.decisions.get(g.id)) and d.action in ("update", "merge")]

    # -- what is allowed -------------------------------------------------------------------

    def refusal(self, action: str, group: Group | None, member: str | None = None) -> str | None:
        """Why `action` makes no sense here, or None when it is allowed."""
        if action in ("undo",):
            return None if self._undo else "nothing to undo"
        if action == "apply":
            return None if self.to_apply() else "no group is decided update or merge yet"
        if group is None:
            return "no group selected"
        if action in ("update", "merge") and not self.retirable(group):
            return (f"cannot {action}: every other note in the group is important, "
                    "and important notes are never retired")
        if action == "canonical":
            if member is None:
                return "select a member in the member list first"
            if member == group.canonical:
                return "this note is already the canonical"
        if action == "remove":
            if member is None:
                return "select a member in the member list first"
            if member == group.canonical:
                return "the canonical stays; make another note canonical first (c)"
            if len(self.members(group)) < 2:
                return "a group needs two notes; use d (not duplicates) or s (skip) instead"
            d = self.decisions.get(group.id)
            left = [p for p in self.retirable(group) if p != member]
            if d is not None and d.action in ("update", "merge") and not left:
                return f"the {d.action} would retire nothing; undo it (z) first"
        return None

    # -- changes ---------------------------------------------------------------------------

    def _hashes(self, group: Group) -> dict[str, str]:
        return {p: self.notes[p].sha256 for p in group.paths}

    def decide(self, group: Group, action: str) -> Decision:
        if action not in DECISION_ACTIONS:
            raise ValueError(f"unknown decision {action!r}")
        why = self.refusal(action, group)
        if why:
            raise ValueError(why)
        decision = self.store.record(Decision(group.id, action, group.canonical,
                                              self._hashes(group),
                                              list(self.removed.get(group.id, ()))))
        self.decisions[group.id] = decision
        self._undo.append(group.id)
        return decision

    def _edit(self, group: Group) -> None:
        self._undo.append(_Edit(group.id, self.overrides.get(group.id),
                                list(self.removed.get(group.id, ()))))

    def _redecide(self, group: Group) -> None:
        """A decided group edited with c/x: its decision is re-recorded so disk matches."""
        d = self.decisions.get(group.id)
        if d is not None:
            self._undo.pop()  # the re-recorded decision is what `z` takes back
            self.decide(group, d.action)

    def set_canonical(self, group: Group, path: str) -> Group:
        why = self.refusal("canonical", group, path)
        if why:
            raise ValueError(why)
        self._edit(group)
        self.overrides[group.id] = path
        gone = self.removed.get(group.id, [])
        if path in gone:
            gone.remove(path)
        self.regroup(self.threshold)
        new = self.by_id[group.id]
        self._redecide(new)
        return new

    def remove_member(self, group: Group, path: str) -> Group:
        why = self.refusal("remove", group, path)
        if why:
            raise ValueError(why)
        self._edit(group)
        self.removed.setdefault(group.id, []).append(path)
        self._redecide(group)
        return group

    def undo(self) -> str | None:
        """Take back the last decision or edit; returns the group id it touched."""
        if not self._undo:
            return None
        last = self._undo.pop()
        if isinstance(last, _Edit):
            if last.overrides is None:
                self.overrides.pop(last.group_id, None)
            else:
                self.overrides[last.group_id] = last.overrides
            self.removed[last.group_id] = last.removed
            self.regroup(self.threshold)
            return last.group_id
        self.store.undo(last)
        previous = self.store.valid(self.notes).get(last)
        if previous is None:
            self.decisions.pop(last, None)
        else:
            self.decisions[last] = previous
            if previous.canonical:
                self.overrides[last] = previous.canonical
            self.removed[last] = list(previous.removed)
            self.regroup(self.threshold)
        return last

    # -- apply -----------------------------------------------------------------------------

    def plan_document(self) -> dict[str, Any]:
        """The scan document with the decided update/merge groups marked (the plan contract)."""
        doc = self.result.to_json()
        doc["threshold"] = self.threshold
        groups = []
        for g in self.groups:
            gj = group_json(g, self.notes)
            d = self.decisions.get(g.id)
            if d is not None and d.action in ("update", "merge"):
                gone = set(self.removed.get(g.id, ()))
                gj["action"] = d.action
                gj["canonical"] = g.canonical
                gj["members"] = [m for m in gj["members"] if m["path"] not in gone]
            groups.append(gj)
        doc["groups"] = groups
        return doc

    def forget(self, group_ids: list[str]) -> None:
        """Groups the apply engine carried out (and marked applied in the log)."""
        for gid in group_ids:
            self.decisions.pop(gid, None)

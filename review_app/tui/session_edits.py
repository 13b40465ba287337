"""The review session's changes: a decision recorded, a canonical, kept file or member
changed, a ledger row flipped, the text edited, and `z` taking the last one back. Each is
written the moment it is made (decisions to `DecisionStore`, the rest to `EditStore`), so
quitting loses nothing; a decided group edited is decided again, so the disk matches."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..core.decisions import ACTIONS, Decision, DecisionStore
from ..core.edits import EditStore, GroupEdit
from ..core.grouping import Group

if TYPE_CHECKING:
    from ..core.notes import Note

DECISION_ACTIONS = ACTIONS  # the log's names (core.decisions)


@dataclass
class _Edit:
    """An in-memory edit (`c`/`K`/`x`, a ledger flip, an edited text) that `z` takes back:
    the group's state before it."""

    group_id: str
    overrides: str | None
    removed: list[str]
    keep: str | None = None
    choices: dict[str, str] = field(default_factory=dict)
    text: str | None = None
    what: str = "change"  # what `z` says it took back


EDIT_WORDS = {"canonical": "the canonical chosen", "keep": "the kept file chosen",
              "remove": "the member taken out", "choice": "the merge choice",
              "text": "the edited text"}


@dataclass(frozen=True)
class Carried:
    """A decision made on a group whose membership changed with the threshold: it stays on
    the notes it was made for (`decided_id`'s notes, all still in one group)."""

    decided_id: str
    joined: tuple[str, ...]  # notes in the group now that the decision did not cover


class SessionEdits:
    """Mixed into ReviewSession (which holds the state and answers the queries)."""

    store: DecisionStore
    edits: EditStore | None
    threshold: float
    decisions: dict[str, Decision]
    overrides: dict[str, str]
    removed: dict[str, list[str]]
    keeps: dict[str, str]
    choices: dict[str, dict[str, str]]
    texts: dict[str, str]
    by_id: dict[str, Group]
    carried: dict[str, Carried]
    skips_since: str | None
    _undo: list[str | _Edit]
    undone: str
    if TYPE_CHECKING:  # the session's own
        @property
        def notes(self) -> dict[str, Note]: ...

        def refusal(self, action: str, group: Group | None,
                    member: str | None = None) -> str | None: ...

        def regroup(self, threshold: float) -> None: ...

    def _adopt(self, group: Group) -> None:
        """A carried decision's group edited or decided again becomes a group of its own:
        its choices move onto it (the notes that joined are back in)."""
        c = self.carried.pop(group.id, None)
        if c is None or group.id in self.decisions:
            return
        d = self.decisions.get(c.decided_id)
        if d is not None and d.canonical in group.paths:
            self.overrides.setdefault(group.id, d.canonical)
        if c.decided_id in self.keeps:
            self.keeps.setdefault(group.id, self.keeps[c.decided_id])
        if c.decided_id in self.choices:
            self.choices.setdefault(group.id, dict(self.choices[c.decided_id]))
        if c.decided_id in self.texts:
            self.texts.setdefault(group.id, self.texts[c.decided_id])
        self.removed.setdefault(group.id, [p for p in self.removed.get(c.decided_id, ())
                                           if p in group.paths])

    def _hashes(self, group: Group) -> dict[str, str]:
        return {p: self.notes[p].sha256 for p in group.paths}

    def decide(self, group: Group, action: str) -> Decision:
        if action not in DECISION_ACTIONS:
            raise ValueError(f"unknown decision {action!r}")
        why = self.refusal(action, group)
        if why:
            raise ValueError(why)
        self._adopt(group)
        keep = self.keeps.get(group.id)
        decision = self.store.record(Decision(group.id, action, group.canonical,
                                              self._hashes(group),
                                              list(self.removed.get(group.id, ())),
                                              keep=keep if keep in group.paths else None,
                                              choices=dict(self.choices.get(group.id, {})),
                                              text=self.texts.get(group.id)))
        self.decisions[group.id] = decision
        self._undo.append(group.id)
        return decision

    def _edit(self, group: Group, what: str) -> None:
        self._adopt(group)
        self._undo.append(_Edit(group.id, self.overrides.get(group.id),
                                list(self.removed.get(group.id, ())), self.keeps.get(group.id),
                                dict(self.choices.get(group.id, {})), self.texts.get(group.id),
                                EDIT_WORDS[what]))

    def _persist_edit(self, group_id: str) -> None:
        """Write the group's choices now (quitting must not lose them)."""
        if self.edits is None:
            return
        g = self.by_id.get(group_id)
        hashes = self._hashes(g) if g is not None else {}
        self.edits.record(GroupEdit(group_id, self.overrides.get(group_id),
                                    list(self.removed.get(group_id, ())), hashes,
                                    keep=self.keeps.get(group_id),
                                    choices=dict(self.choices.get(group_id, {})),
                                    text=self.texts.get(group_id)))

    def _redecide(self, group: Group) -> None:
        """A decided group edited with c/K/x: its decision is re-recorded so disk matches."""
        d = self.decisions.get(group.id)
        if d is not None:
            self._undo.pop()  # the re-recorded decision is what `z` takes back
            self.decide(group, d.action)

    def set_canonical(self, group: Group, path: str) -> Group:
        why = self.refusal("canonical", group, path)
        if why:
            raise ValueError(why)
        self._edit(group, "canonical")
        self.texts.pop(group.id, None)
        self.overrides[group.id] = path
        gone = self.removed.get(group.id, [])
        if path in gone:
            gone.remove(path)
        self.regroup(self.threshold)
        new = self.by_id[group.id]
        self._persist_edit(group.id)
        self._redecide(new)
        return new

    def set_kept(self, group: Group, path: str) -> Group:
        """The person chooses the file that survives (`K`)."""
        why = self.refusal("keep", group, path)
        if why:
            raise ValueError(why)
        self._edit(group, "keep")
        self.texts.pop(group.id, None)
        self.keeps[group.id] = path
        self._persist_edit(group.id)
        self._redecide(group)
        return group

    def remove_member(self, group: Group, path: str) -> Group:
        why = self.refusal("remove", group, path)
        if why:
            raise ValueError(why)
        self._edit(group, "remove")
        self.texts.pop(group.id, None)
        self.removed.setdefault(group.id, []).append(path)
        self._persist_edit(group.id)
        self._redecide(group)
        return group

    def flip(self, group: Group, key: str, flips: tuple[str, ...], status: str,
             chosen: bool) -> str | None:
        """Flip one ledger row (`key`, with the entry's `flips`, `status` and whether its
        verdict is already the person's): carried <-> dropped, superseded newer <-> older.
        Flipping a row back to the engine's verdict removes the choice. Returns the choice
        now in force (None: the engine's)."""
        mine = dict(self.choices.get(group.id, {}))
        if key in mine or chosen:
            mine.pop(key, None)
            new = None
        elif "carry" in flips:
            new = "drop" if status == "carried" else "carry"
        elif "older" in flips:
            new = "older"
        else:
            raise ValueError("this row cannot be flipped")
        self._edit(group, "choice")
        if new is not None:
            mine[key] = new
        if mine:
            self.choices[group.id] = mine
        else:
            self.choices.pop(group.id, None)
        self._persist_edit(group.id)
        self._redecide(group)
        return new

    def set_text(self, group: Group, text: str | None) -> None:
        """The person's edited note (`e`), written as is by update or merge; None drops it."""
        if text == self.texts.get(group.id):
            return
        self._edit(group, "text")
        if text is None:
            self.texts.pop(group.id, None)
        else:
            self.texts[group.id] = text
        self._persist_edit(group.id)
        self._redecide(group)

    def undo(self) -> str | None:
        """Take back the last decision or edit; returns the group id it touched."""
        if not self._undo:
            return None
        last = self._undo.pop()
        gid = last.group_id if isinstance(last, _Edit) else last
        group = self.by_id.get(gid)
        title = self.notes[group.canonical].title if group is not None else gid
        if isinstance(last, _Edit):
            self.undone = f"{last.what} in {title!r}"
            for store, value in ((self.overrides, last.overrides), (self.keeps, last.keep),
                                 (self.texts, last.text),
                                 (self.choices, last.choices or None)):
                if value is None:
                    store.pop(gid, None)
                else:
                    store[gid] = value  # type: ignore[assignment]
            self.removed[gid] = last.removed
            self.regroup(self.threshold)
            self._persist_edit(gid)
            return gid
        done = self.decisions.get(last)
        self.undone = f"the {done.action + ' ' if done else ''}decision on {title!r}"
        self.store.undo(last)
        previous = self.store.valid(self.notes, self.skips_since).get(last)
        if previous is None:
            self.decisions.pop(last, None)
        else:
            self.decisions[last] = previous
            if previous.canonical:
                self.overrides[last] = previous.canonical
            if previous.keep:
                self.keeps[last] = previous.keep
            else:
                self.keeps.pop(last, None)
            self.removed[last] = list(previous.removed)
            self.choices.pop(last, None)
            self.texts.pop(last, None)
            if previous.choices:
                self.choices[last] = dict(previous.choices)
            if isinstance(previous.text, str):
                self.texts[last] = previous.text
            self._persist_edit(last)
        self.regroup(self.threshold)
        return last

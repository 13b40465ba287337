"""The review screen's decisions by single keys: a group decided (u/m/s/d), its
canonical, kept file or a member changed (c/K/x), and `z` taking the last one back;
the session records each at once (mixed into ReviewScreen)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...core.grouping import Group
from ..widgets.tables import GroupTable

if TYPE_CHECKING:
    from ..session import ReviewSession
    from ..view import ReviewView

DONE_WORDS = {"update": "update (the freshest text into the kept file; the others are "
                        "retired when you apply: a)",
              "merge": "merge (what the others add folded in; the others are retired when "
                       "you apply: a)",
              "skip": "skip (asked again the next time the console opens)",
              "distinct": "not duplicates (remembered until a note changes)"}


class DecisionActions:
    """Mixed into ReviewScreen (which has the session, the view and the widgets)."""

    session: ReviewSession
    view: ReviewView
    if TYPE_CHECKING:  # the screen's properties
        @property
        def group(self) -> Group | None: ...

        @property
        def member(self) -> str | None: ...

    notify: Any
    query_one: Any
    rebuild: Any
    show_group: Any
    update_status: Any
    _refused: Any
    _edit_dropped: Any

    def action_decide(self, action: str) -> None:
        g = self.group
        if g is None or self._refused(action):
            return
        self.session.decide(g, action)
        self.notify(f"{self.session.notes[g.canonical].title}: {DONE_WORDS[action]}",
                    title="Decided")
        self._after_change(g.id, advance=True)

    def _after_change(self, gid: str, advance: bool = False,
                      keep_member: str | None = None) -> None:
        """After a decision the cursor goes on to the next undecided group (z brings the
        decided one back); after an edit it stays."""
        table = self.query_one(GroupTable)
        g = self.session.group(gid)
        if g is not None:
            table.set_status(gid, self.session.status(g), len(self.session.members(g)) + 1)
        following = self.view.next_undecided(gid) if advance else None
        if following is not None:
            table.select_id(following)
        else:
            if advance:
                self.notify("every group shown is decided · a: apply", title="Done")
            self.show_group(keep_member)
        self.update_status()

    def _member_change(self, kind: str, change: Callable[[Group, str], object]
                       ) -> tuple[Group, str] | None:
        """Apply `change` to the group and member on screen unless `kind` is refused
        there; a hand edit it drops is said (the three member actions share this)."""
        g, path = self.group, self.member
        if g is None or path is None or self._refused(kind):
            return None
        had_edit = self.session.text_of(g) is not None
        change(g, path)
        self._edit_dropped(had_edit, g)
        return g, path

    def action_canonical(self) -> None:
        if (hit := self._member_change("canonical", self.session.set_canonical)) is None:
            return
        g, path = hit
        self.notify(f"{path} is now the canonical (its content wins)", title="Canonical")
        self.rebuild(keep=g.id, keep_member=path)

    def action_keep(self) -> None:
        if (hit := self._member_change("keep", self.session.set_kept)) is None:
            return
        g, path = hit
        self.notify(f"{path} is the file kept: its path, title and permalink survive, and "
                    "links to the others are rewritten to it", title="Kept file")
        self._after_change(g.id, keep_member=path)

    def action_remove(self) -> None:
        if (hit := self._member_change("remove", self.session.remove_member)) is None:
            return
        g, path = hit
        self.notify(f"{path} taken out of the group", title="Taken out")
        self._after_change(g.id)

    def action_undo(self) -> None:
        if self._refused("undo"):
            return
        gid = self.session.undo()
        if gid is None:
            return
        self.notify(f"undone: {self.session.undone}", title="Undo")
        self.rebuild(keep=gid)

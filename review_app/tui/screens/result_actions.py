"""The review screen's actions on the merge/update result in the preview: a ledger row
flipped (space in the preview), the result edited in $VISUAL / $EDITOR (`e`) and the
edit dropped (`E`). Each is saved by the session and the preview recomposes in its
worker."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.grouping import Group
from ..widgets.preview import Preview
from ..widgets.tables import GroupTable, MemberTable


class ResultActions:
    """Mixed into ReviewScreen (which has the session, the view and the widgets)."""

    session: Any
    view: Any
    if TYPE_CHECKING:  # the screen's properties
        @property
        def group(self) -> Group | None: ...

        @property
        def preview_mode(self) -> str: ...

    app: Any
    query_one: Any
    notify: Any
    update_status: Any

    def on_preview_flip(self, event: Preview.Flip) -> None:
        g = self.group
        if g is None or g.id != event.group_id:
            return
        if event.edited:
            self.notify("your edited text is written as it is: E drops the edit, then "
                        "flips change the result", title="Edited", severity="warning")
            return
        e = event.entry
        self.session.flip(g, e.key, e.flips, e.status, e.chosen)
        self._result_changed(g)

    def _result_changed(self, group: Group) -> None:
        """A flip or an edit: the table's status (a decision is re-recorded) and the
        result recomposed in the preview's worker."""
        self.query_one(GroupTable).set_status(group.id, self.session.status(group),
                                              len(self.session.members(group)) + 1)
        self.query_one(Preview).show(self.view.preview_request(
            group, self.query_one(MemberTable).current_path))
        self.update_status()

    def action_edit_note(self) -> None:
        from ..editor import EditorFailed, edit_text

        g, preview = self.group, self.query_one(Preview)
        if g is None:
            return
        if self.preview_mode not in ("merge", "update"):
            self.notify("v shows the merge or update result first; e edits what it writes",
                        title="Not possible", severity="warning")
            return
        if preview.written is None or preview.request is None or \
                preview.request.group_id != g.id:
            self.notify("the result is still being composed; press e again in a moment",
                        title="Not yet", severity="warning")
            return
        before = preview.written
        kept = preview.request.kept.path if preview.request.kept else "note.md"
        try:
            after = edit_text(self.app, before, kept)
        except EditorFailed as exc:
            self.notify(str(exc), title="Editor", severity="error", timeout=8)
            return
        if after == before:
            self.notify("nothing changed in the editor", title="Edit")
            return
        if not after.strip():  # an emptied buffer is an abandoned edit, not a note: written,
            # it emptied the kept file and retired the others (a fuzzing pass)
            self.notify("the editor saved an empty note; nothing changed (delete a note's "
                        "text in the note itself, not through a merge)", title="Edit",
                        severity="warning", timeout=8)
            return
        self.session.set_text(g, after)
        self.notify(f"your text is what {self.preview_mode} writes into {kept} "
                    "(E drops the edit, z undoes it)", title="Edited")
        self._result_changed(g)

    def action_drop_edit(self) -> None:
        g = self.group
        if g is None:
            return
        if self.session.text_of(g) is None:
            self.notify("this group's result has no edit of yours", title="Not possible",
                        severity="warning")
            return
        self.session.set_text(g, None)
        self.notify("your edit is dropped: the composed result is written", title="Edit")
        self._result_changed(g)

    def _edit_dropped(self, had_edit: bool, group: Group) -> None:
        if had_edit and self.session.text_of(group) is None:
            self.notify("your edited text was made for the group before this change, so it "
                        "is dropped (z brings it back)", title="Edit dropped",
                        severity="warning", timeout=8)


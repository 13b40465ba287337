"""Preview of the selected group: canonical vs member line diff, or the merged result."""

from __future__ import annotations

import difflib

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from ...core.notes import Note


def line_diff(canonical: Note, member: Note) -> Text:
    """Lines only the canonical has in red (-), only the member has in green (+)."""
    return text_diff(f"{canonical.path} (canonical)", canonical.body,
                     member.path, member.body)


def text_diff(old_label: str, old: str, new_label: str, new: str) -> Text:
    """A line diff: lines only `old` has in red (-), only `new` has in green (+)."""
    out = Text()
    out.append(f"- {old_label}\n", style="bold red")
    out.append(f"+ {new_label}\n", style="bold green")
    a = old.splitlines()
    b = new.splitlines()
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            for line in a[i1:i2]:
                out.append(f"  {line}\n", style="dim")
            continue
        for line in a[i1:i2]:
            out.append(f"- {line}\n", style="red")
        for line in b[j1:j2]:
            out.append(f"+ {line}\n", style="green")
    if a == b:
        out.append("(bodies are identical)\n", style="italic")
    return out


def merged_preview(canonical: Note, others: list[Note]) -> Text:
    """What `merge` would write into the canonical (from the planning core)."""
    from ...core.merging import compose

    out = Text()
    out.append(f"merged result written to {canonical.path}\n", style="bold cyan")
    out.append(f"(from {', '.join(o.path for o in others)})\n\n", style="dim")
    merged = compose("merge", canonical, others).text
    base = set(canonical.text.splitlines())
    for line in merged.splitlines():
        # Lines the canonical did not have are what the merge brings in.
        out.append(f"{line}\n", style="" if line in base else "green")
    return out


class Preview(VerticalScroll):
    """Scrollable preview; `mode` is "diff" or "merge"."""

    can_focus = False

    def compose(self):
        yield Static(id="preview-body")

    def show(self, mode: str, canonical: Note | None, member: Note | None,
             others: list[Note]) -> None:
        body = self.query_one("#preview-body", Static)
        if canonical is None:
            self.border_title = "preview"
            body.update("")
            return
        if mode == "merge":
            self.border_title = "merge preview (v: diff)"
            if not others:
                body.update(Text("nothing to merge: every other note is important "
                                 "or taken out", style="italic"))
            else:
                try:
                    body.update(merged_preview(canonical, others))
                except Exception as exc:  # the preview must never take the console down
                    body.update(Text(f"merge preview unavailable: {exc}", style="red"))
        else:
            self.border_title = "diff canonical ↔ selected (v: merge preview)"
            if member is None or member.path == canonical.path:
                body.update(Text("select a member to compare with the canonical",
                                 style="italic"))
            else:
                body.update(line_diff(canonical, member))
        self.scroll_home(animate=False)

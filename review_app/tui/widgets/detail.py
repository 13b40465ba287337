"""The group's detail under the member list: canonical and kept file with their reasons,
then the evidence of the selected member (of every member on the canonical's row)."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from ...core.notes import Note
from ..view import Detail


def detail_text(d: Detail, notes: dict[str, Note], *, numbers: bool = False) -> Text:
    """The roles, then each selected member's evidence in words; `numbers`: the raw
    figures under them too (one key away: they explain the words, they are not read first)."""
    text = Text()
    if d.changed:  # first: the pane may be too short for everything
        text.append(f"⚠ {d.changed}\n", style="bold yellow")
    # The canonical's path is on the ◆ row of the member list; the kept file is named,
    # since it is the one whose path, title and permalink survive.
    text.append("◆ canonical: ", style="bold green")
    text.append(f"{d.canonical_reason}\n", style="green")
    text.append("▣ kept as ", style="bold cyan")
    text.append(f"{d.kept}: {d.kept_reason}\n", style="cyan")
    for m in d.selected:
        text.append(f"{m.path} ", style="bold")
        flags = []
        if m.important:
            flags.append("★ important, never retired")
        if m.path in notes and notes[m.path].locked:
            flags.append("locked, never written")
        band = "  possible: weaker than the group's best pair" if m.band == "possible" else ""
        text.append(f"score {m.score:.2f}{band}" + "".join(f"  {f}" for f in flags) + "\n")
        conflicts = d.conflicts.get(m.path)
        if conflicts:
            text.append(f"  ⚠ frontmatter differs from the canonical: {'; '.join(conflicts)}"
                        "\n", style="bold yellow")
        reasons = m.reasons if len(d.selected) == 1 else m.reasons[:2]
        for reason in reasons:
            text.append(f"  • {reason}\n")
        nums = ", ".join(f"{k} {v:.2f}" for k, v in m.evidence.items()
                         if isinstance(v, int | float))
        if nums and len(d.selected) == 1 and numbers:
            text.append(f"  {nums}\n", style="dim")
    if any(m.evidence for m in d.selected) and not numbers:
        text.append("i: the numbers behind these words\n", style="dim")
    if d.removed:
        text.append(f"taken out: {', '.join(d.removed)}\n", style="yellow")
    return text


class DetailPane(VerticalScroll):
    """Focusable (Tab) so a long evidence list scrolls by keyboard too."""

    can_focus = True
    BINDINGS = [Binding("j", "scroll_down", "Down", show=False),
                Binding("k", "scroll_up", "Up", show=False)]

    def compose(self):
        yield Static(id="evidence-body")

    shown: Text | None = None

    def show(self, text: Text) -> None:
        """Show `text`; the same text again (`v` redraws the preview only) is left as it
        is drawn, where it is scrolled to, rather than wrapped and painted again."""
        if text == self.shown:
            return
        self.shown = text
        self.query_one("#evidence-body", Static).update(text)
        self.scroll_home(animate=False)

"""The preview of the selected group: canonical vs member line diff (changed words
highlighted inside reworded lines), or exactly what merge or update would write."""

from __future__ import annotations

import difflib
import re
from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.events import Resize
from textual.widgets import Static

from ...core.dating import utc_now
from ...core.notes import Note
from ..view import PreviewRequest
from .tables import clip_path

_TOKEN = re.compile(r"\s+|\w+|[^\w\s]")
PAIR_RATIO = 0.5
"""Lines of a replaced block at least this alike are one line reworded (words marked);
below it they are shown as a line removed and a line added."""
MAX_PAIRINGS = 1600
"""Above this many line comparisons (a 40x40 replaced block) lines are not paired: the
preview must render in a few milliseconds whatever the notes."""
GUTTER = 2  # "A " / "  " before each line of a written result


def line_diff(canonical: Note, member: Note, width: int = 0) -> Text:
    """The canonical's body against the member's; with a `width`, the two paths of the
    header are shortened in the middle to one line each (a wrap broke them mid-word)."""
    label = " (canonical)"
    old, new = canonical.path, member.path
    if width > 0:
        old = clip_path(old, max(8, width - 2 - len(label)))
        new = clip_path(new, max(8, width - 2))
    return text_diff(old + label, canonical.body, new, member.body)


def _words(old: str, new: str, old_out: Text, new_out: Text) -> None:
    """Append `old` and `new` with only the words that differ highlighted."""
    a, b = _TOKEN.findall(old), _TOKEN.findall(new)
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            old_out.append("".join(a[i1:i2]), style="red")
            new_out.append("".join(b[j1:j2]), style="green")
            continue
        old_out.append("".join(a[i1:i2]), style="bold white on red")
        new_out.append("".join(b[j1:j2]), style="bold black on green")


def _pairs(a: list[str], b: list[str]) -> list[tuple[int, int]]:
    """Which old line became which new line in a replaced block: in order, each old line
    with the most alike new line after the last paired one, when alike enough."""
    out: list[tuple[int, int]] = []
    if len(a) * len(b) > MAX_PAIRINGS:  # a rewritten section: whole lines, quickly
        return out
    j0 = 0
    for i, line in enumerate(a):
        best, best_j = 0.0, -1
        for j in range(j0, len(b)):
            matcher = difflib.SequenceMatcher(None, line, b[j], autojunk=False)
            if matcher.real_quick_ratio() < PAIR_RATIO or matcher.quick_ratio() < PAIR_RATIO:
                continue
            ratio = matcher.ratio()
            if ratio > best:
                best, best_j = ratio, j
        if best >= PAIR_RATIO:
            out.append((i, best_j))
            j0 = best_j + 1
    return out


def text_diff(old_label: str, old: str, new_label: str, new: str) -> Text:
    """A line diff: lines only `old` has in red (-), only `new` has in green (+); a line
    reworded shows as - and + with the changed words highlighted inside it."""
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
        old_block, new_block = a[i1:i2], b[j1:j2]
        pairs = dict(_pairs(old_block, new_block)) if tag == "replace" else {}
        taken = set(pairs.values())
        j = 0
        for i, line in enumerate(old_block):
            if i in pairs:
                while j < pairs[i]:  # new lines before the pair's new line
                    if j not in taken:
                        out.append(f"+ {new_block[j]}\n", style="green")
                    j += 1
                old_line, new_line = Text("- ", style="red"), Text("+ ", style="green")
                _words(line, new_block[pairs[i]], old_line, new_line)
                out.append_text(old_line)
                out.append("\n")
                out.append_text(new_line)
                out.append("\n")
                j = pairs[i] + 1
            else:
                out.append(f"- {line}\n", style="red")
        for k in range(j, len(new_block)):
            if k not in taken:
                out.append(f"+ {new_block[k]}\n", style="green")
    if a == b:
        out.append("(bodies are identical)\n", style="italic")
    return out


def _letters(others: list[Note]) -> dict[str, str]:
    return {o.path: chr(ord("A") + i) if i < 26 else "*" for i, o in enumerate(others)}


def line_marks(composed: Any, canonical: Note, kept: Note, others: list[Note]) -> list[str]:
    """The source note of each line of `composed.text` ("" for the base's own lines):
    the write path's `line_sources` where it reports them, else the first other note
    holding a line neither the canonical nor the kept file has."""
    lines = composed.text.splitlines()
    sources = getattr(composed, "line_sources", None)
    if isinstance(sources, list | tuple) and len(sources) == len(lines):
        return [str(s or "") for s in sources]
    base = set(canonical.text.splitlines()) | set(kept.text.splitlines())
    texts = [(o.path, set(o.text.splitlines())) for o in others]
    marks = []
    for line in lines:
        if line in base or not line.strip():
            marks.append("")
            continue
        marks.append(next((p for p, t in texts if line in t), "?"))
    return marks


def written_preview(action: str, canonical: Note, others: list[Note], kept: Note,
                    targets: dict[str, str] | None = None, vectors: Any = None
                    ) -> tuple[Text, str]:
    """(what the pane shows, the text written): `compose`'s text line by line, verbatim
    after a two-column gutter that names the source note of each added line, then the
    ledger (the base and why, and every older unit: present, superseded, carried,
    dropped)."""

    from ...core.merging import compose

    # `modified:` shows the refresh apply makes; apply stamps the moment it writes.
    now = utc_now()
    composed = compose(action, canonical, others, kept=kept, now=now, targets=targets,
                       vectors=vectors)
    letters = _letters(others)
    out = Text()
    out.append(f"{action} writes {kept.path}", style="bold cyan")
    if kept.path != canonical.path:
        out.append(f" with the content of the canonical {canonical.path}, which is "
                   "retired", style="cyan")
    out.append("\n")
    for o in others:
        out.append(f"{letters[o.path]} {o.path}", style="green")
        out.append(" · retired\n" if o.path != kept.path else "\n", style="dim")
    out.append("─" * 20 + "\n", style="dim")
    marks = line_marks(composed, canonical, kept, others)
    for line, mark in zip(composed.text.splitlines(), marks, strict=True):
        if mark:
            out.append(f"{letters.get(mark, '+'):<{GUTTER}}", style="bold green")
            out.append(f"{line}\n", style="green")
        else:
            out.append(" " * GUTTER + f"{line}\n")
    ledger = getattr(composed, "ledger", None)
    if ledger is not None:  # every unit of every member: what became of it
        out.append("\nledger\n", style="bold")
        styles = {"+": "green", "~": "yellow", "-": "red", "=": "dim"}
        for ln in ledger.lines():
            out.append(f"  {ln}\n", style=styles.get(ln[:1], ""))
    return out, composed.text


class Preview(VerticalScroll):
    """The scrollable preview; focusable (Tab) so the arrows and PageUp/PageDown scroll it.
    `written` is the exact text the shown merge/update would write (None for a diff)."""

    can_focus = True
    vectors: Any = None  # the UnitVectors compose uses (the screen sets its project's)
    request: PreviewRequest | None = None  # what is shown (a resize fits it again)
    BINDINGS = [Binding("j", "scroll_down", "Down", show=False),
                Binding("k", "scroll_up", "Up", show=False)]
    TITLES = {"diff": "diff canonical ↔ selected · v: merge result",
              "merge": "merge result, as written · v: update result",
              "update": "update result, as written · v: diff"}

    def compose(self):
        yield Static(id="preview-body")

    def on_resize(self, event: Resize) -> None:
        # The diff's header paths are fitted to the width: shown before the first layout
        # (or at another width) they would wrap mid-word.
        if self.request is not None and self.request.mode == "diff":
            self.show(self.request)

    def show(self, request: PreviewRequest) -> None:
        self.request = request
        body = self.query_one("#preview-body", Static)
        self.written: str | None = None
        self.shown_text = Text()
        mode, canonical = request.mode, request.canonical
        self.border_title = self.TITLES.get(mode, "preview") if canonical else "preview"
        if canonical is None:
            text = Text("")
        elif mode in ("merge", "update"):
            if not request.others or request.kept is None:
                text = Text(f"nothing to {mode}: every other note is important, locked or "
                            "taken out", style="italic")
            else:
                try:
                    text, self.written = written_preview(mode, canonical, request.others,
                                                         request.kept, request.targets,
                                                         self.vectors)
                except Exception as exc:  # the preview must never take the console down
                    text = Text(f"{mode} preview unavailable: {exc}", style="red")
        elif request.member is None or request.member.path == canonical.path:
            text = Text("select a member to compare with the canonical", style="italic")
        else:
            text = line_diff(canonical, request.member, self.size.width - 3)
        self.shown_text = text
        body.update(text)
        self.scroll_home(animate=False)

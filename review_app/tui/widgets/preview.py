"""The preview of the selected group: canonical vs member line diff (changed words
highlighted inside reworded lines), or exactly what merge or update would write with
the ledger rows the person flips (merge_view.py)."""

from __future__ import annotations

import difflib
import os
import re
import threading
from typing import Any, cast

from rich.text import Text
from textual import active_app, on, work
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.events import Resize
from textual.message import Message
from textual.worker import get_current_worker

from ...core.merge import LedgerEntry
from ...core.notes import Note
from ..messages import PreviewComposed
from ..view import PreviewRequest
from .lines import Lines, Wrapped, wrap
from .merge_view import LedgerRow, Written, compose_written, painted
from .tables import clip_path

_TOKEN = re.compile(r"\s+|\w+|[^\w\s]")
PAIR_RATIO = 0.5
"""Lines of a replaced block at least this alike are one line reworded (words marked);
below it they are shown as a line removed and a line added."""
MAX_PAIRINGS = 1600
"""Above this many line comparisons (a 40x40 replaced block) lines are not paired: the
preview must render in a few milliseconds whatever the notes."""


def line_diff(canonical: Note, member: Note, width: int = 0) -> Text:
    """The canonical's body against the member's; with a `width`, the two paths of the
    header are shortened in the middle to one line each (a wrap broke them mid-word)."""
    label = " (canonical)"
    old, new = canonical.path, member.path
    if width > 0:
        old = clip_path(old, max(8, width - 2 - len(label)))
        new = clip_path(new, max(8, width - 2))
    return text_diff(old + label, canonical.body, new, member.body)


MAX_WORD_PAIRS = 40_000
"""Above this many word comparisons (the changed middle of two very long lines) the
middle is highlighted whole: matching words is quadratic, a key must stay fast."""


def _words(old: str, new: str, old_out: Text, new_out: Text) -> None:
    """Append `old` and `new` with only the words that differ highlighted."""
    a, b = _TOKEN.findall(old), _TOKEN.findall(new)
    head = 0  # the words both lines begin and end with need no matching
    while head < min(len(a), len(b)) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    if (len(a) - head - tail) * (len(b) - head - tail) > MAX_WORD_PAIRS:
        ops = [("equal", 0, head, 0, head),
               ("replace", head, len(a) - tail, head, len(b) - tail),
               ("equal", len(a) - tail, len(a), len(b) - tail, len(b))]
    else:
        ops = [(tag, i1 + head, i2 + head, j1 + head, j2 + head) for tag, i1, i2, j1, j2 in
               difflib.SequenceMatcher(None, a[head:len(a) - tail], b[head:len(b) - tail],
                                       autojunk=False).get_opcodes()]
        ops = [("equal", 0, head, 0, head), *ops,
               ("equal", len(a) - tail, len(a), len(b) - tail, len(b))]
    for tag, i1, i2, j1, j2 in ops:
        if tag == "equal":
            old_out.append("".join(a[i1:i2]), style="red")
            new_out.append("".join(b[j1:j2]), style="green")
            continue
        old_out.append("".join(a[i1:i2]), style="bold white on red")
        new_out.append("".join(b[j1:j2]), style="bold black on green")


MAX_LINE_PAIRS = 250_000
MAX_CHAR_PAIRS = 1_000_000
"""Two lines longer than this (product of lengths) are compared by their common start
and end only: a full character match of two 60 KB lines took minutes."""


def _ends_ratio(a: str, b: str) -> float:
    """A lower bound of SequenceMatcher.ratio, in linear time: the shared start and end."""
    head = len(os.path.commonprefix([a, b]))
    tail = len(os.path.commonprefix([a[head:][::-1], b[head:][::-1]]))
    return 2.0 * (head + tail) / (len(a) + len(b))


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
            ratio = matcher.ratio() if len(line) * len(b[j]) <= MAX_CHAR_PAIRS else \
                _ends_ratio(line, b[j])
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
    # Lines met very often (blank ones) make the match quadratic in a long note; there
    # they stop serving as anchors (difflib's autojunk), below it nothing changes.
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=len(a) * len(b) > MAX_LINE_PAIRS)
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


SPARE_ROWS = 24
"""Ledger rows mounted hidden with the preview (a result with more mounts the rest)."""
WIDTH_WAIT_S = 2.0
"""How long a worker's paint_ahead waits for the preview's first layout."""
DIFFS_KEPT = 8
"""Diffs kept, drawn as shown (a resize or `v` back to the diff shows one again)."""


class Preview(VerticalScroll):
    """The scrollable preview; focusable (Tab) so the arrows and PageUp/PageDown scroll it.

    A merge/update result is composed in a worker (`PreviewComposed`; a result for a
    request no longer shown is dropped) and shows the ledger's flippable rows: with the
    preview focused, ↑/↓ (j/k) pick a row and space flips it (`Flip`, which the screen
    records). `written` is the exact text the shown result writes (None for a diff, and
    while composing)."""

    DEFAULT_CSS = """
    Preview #ledger-rows { height: auto; }
    Preview .ledger-row { height: auto; max-height: 1; text-overflow: ellipsis;
                          text-wrap: nowrap; }
    Preview .ledger-row.-selected { max-height: 8; text-wrap: wrap;
                                    background: $accent 25%; }
    Preview #preview-text { height: auto; }
    """
    can_focus = True
    vectors: Any = None  # the UnitVectors compose uses (the screen sets its project's)
    results: Any = None  # results.Results: composed results kept (the screen sets it)
    request: PreviewRequest | None = None  # what is shown (a resize fits it again)
    BINDINGS = [Binding("j,down", "row(1)", "Down", show=False),
                Binding("k,up", "row(-1)", "Up", show=False),
                Binding("space,enter", "flip", "Flip", show=False)]
    TITLES = {"diff": "diff canonical ↔ selected · v: merge result",
              "merge": "merge result, as written · v: update result",
              "update": "update result, as written · v: diff"}

    class Flip(Message):
        """The person flipped a ledger row of the shown result."""

        def __init__(self, group_id: str, entry: LedgerEntry, edited: bool) -> None:
            super().__init__()
            self.group_id = group_id
            self.entry = entry
            self.edited = edited

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.written: str | None = None
        self.result: Written | None = None
        self.request: PreviewRequest | None = None
        self.shown_text = Text()
        self.row = 0  # the highlighted ledger row
        self._token = 0
        self._composing = False
        self._keep_key: str | None = None  # the highlighted row's key, across a recompose
        self._held = False  # warm-ups wait while a result is composed and painted
        self._text_width = 0  # the text's width at the last layout (text_width)
        self._fresh = True  # no result shown since another group's (scroll to the top)
        self._diff_pending = False
        self._width_known = threading.Event()
        self._diffs: dict[tuple[object, ...], tuple[Text, Wrapped]] = {}  # the last few
        self._app: Any = None

    def _hold(self, on: bool) -> None:
        if on != self._held and self.vectors is not None and hasattr(self.vectors, "hold"):
            from ...core.unit_vectors import PREVIEW

            self.vectors.hold(PREVIEW, on)
            self._held = on

    def on_unmount(self) -> None:
        self._hold(False)

    def compose(self):
        yield Lines(id="preview-body")
        # spare rows mounted with the screen: a result's rows are shown in them, so the
        # first `v` mounts no widget (~70 ms for 18 rows, on the UI thread)
        yield Vertical(*(LedgerRow() for _ in range(SPARE_ROWS)), id="ledger-rows")
        yield Lines(id="preview-text")

    @property
    def pending(self) -> bool:
        """A merge/update result is being composed for the request shown."""
        return self._composing

    @property
    def diff_pending(self) -> bool:
        """The diff of the request shown is being made."""
        return self._diff_pending

    def on_resize(self, event: Resize) -> None:
        self.call_after_refresh(self.text_width)  # for paint_ahead
        # The diff's header paths are fitted to the width: shown before the first layout
        # (or at another width) they would wrap mid-word.
        if self.request is not None and self.request.mode == "diff":
            self.show(self.request)

    def show(self, request: PreviewRequest) -> None:
        body = self.query_one("#preview-body", Lines)
        self._token += 1
        self._composing = False
        self._diff_pending = False
        previous, self.request = self.request, request
        self.written = None
        mode, canonical = request.mode, request.canonical
        self.border_title = self.TITLES.get(mode, "preview") if canonical else "preview"
        if canonical is not None and mode in ("merge", "update") and request.others \
                and request.kept is not None:
            same = (self.result is not None and previous is not None
                    and previous.group_id == request.group_id and previous.mode == mode)
            self._keep_key = self.result_key() if same else None
            if not same:  # another group's result must not stay on screen
                self._clear_written()
                self.shown_text = Text(f"composing the {mode} result…", style="italic")
                body.update(self.shown_text)
                self.scroll_home(animate=False)
            self.result = None
            self.border_title += " · composing…"
            self._composing = True
            self._hold(True)  # the warm-ups wait until the result is painted
            ready = self.results.get(request) if self.results is not None else None
            if ready is not None:  # composed ahead: painted on the next turn, no worker
                self.post_message(PreviewComposed(self._token, ready))
                return
            self._compose_written(self._token, request)
            return
        self._hold(False)
        self._clear_written()
        if canonical is None:
            text = Text("")
        elif mode in ("merge", "update"):
            text = Text(f"nothing to {mode}: every other note is important, locked or "
                        "taken out", style="italic")
        elif request.member is None or request.member.path == canonical.path:
            text = Text("select a member to compare with the canonical", style="italic")
        else:
            self._show_diff(request)
            return
        self.shown_text = text
        body.update(text)
        self.scroll_home(animate=False)

    def _show_diff(self, request: PreviewRequest) -> None:
        """The diff shown at once when it was made before (a resize, `v` back to it),
        else made in a worker (~45 ms of difflib and its wrapping, idle cores): a `v`
        pressed meanwhile is not held up by it (`diff_pending` until it is shown)."""
        assert request.canonical is not None and request.member is not None
        c, m, width = request.canonical, request.member, self.size.width - 3
        key = (c.path, c.sha256, m.path, m.sha256, width, self.text_width())
        diff = self._diffs.get(key)
        if diff is None:
            self._diff_pending = True
            self._make_diff(self._token, request, key)
            return
        self._put_diff(key, diff)

    def _put_diff(self, key: tuple[object, ...], diff: tuple[Text, Wrapped]) -> None:
        self._diffs.pop(key, None)
        self._diffs[key] = diff
        while len(self._diffs) > DIFFS_KEPT:
            del self._diffs[next(iter(self._diffs))]
        self._diff_pending = False
        self.shown_text = diff[0]
        self.query_one("#preview-body", Lines).update(diff[1])
        self.scroll_home(animate=False)

    class DiffMade(Message):
        """The worker made the diff of request `token` (`key`: what it was made of)."""

        def __init__(self, token: int, key: tuple[object, ...], diff: tuple[Text, Wrapped]
                     ) -> None:
            super().__init__()
            self.token = token
            self.key = key
            self.diff = diff

    @work(thread=True, exclusive=True, group="diff")
    def _make_diff(self, token: int, request: PreviewRequest, key: tuple[object, ...]
                   ) -> None:
        assert request.canonical is not None and request.member is not None
        text = line_diff(request.canonical, request.member, cast(int, key[4]))
        # Content's colours come from the console's theme (found from its thread only)
        made = active_app.set(self._app)
        try:
            wrapped = wrap(text, cast(int, key[5]))
        finally:
            active_app.reset(made)
        self.post_message(self.DiffMade(token, key, (text, wrapped)))

    @on(DiffMade)
    def _diff_made(self, event: DiffMade) -> None:
        event.stop()
        if event.token == self._token:  # else another request came meanwhile
            self._put_diff(event.key, event.diff)

    def on_mount(self) -> None:
        self._app = self.app  # for paint_ahead, called off the UI thread

    def text_width(self) -> int:
        """The width a long text (one that scrolls: a result, most diffs) is drawn at,
        from the last layout."""
        width = self.scrollable_content_region.width
        if width > 0:
            if not self.show_vertical_scrollbar:  # shown once the text is longer
                width -= self.styles.scrollbar_size_vertical
            self._text_width = width
            self._width_known.set()
        return self._text_width

    def paint_ahead(self, written: Written) -> None:
        """Build and wrap `written`'s texts now, in the calling worker (the preview's or
        the warm-up's), for the width the UI thread will draw them at (the warm-up may
        compose before the first layout: it waits for it, briefly)."""
        if self._width_known.wait(WIDTH_WAIT_S):
            painted(written, self._text_width, self._app)

    def _rows(self) -> list[LedgerRow]:
        """The ledger rows shown (the spare ones after them are hidden)."""
        return [r for r in self.query_one("#ledger-rows").query_children(LedgerRow)
                if r.entry is not None]

    def _clear_written(self) -> None:
        self.result = None
        for row in self._rows():
            row.show(None)
        self._fresh = True
        self.query_one("#preview-text", Lines).update("")
        self.query_one("#preview-text").display = False

    @work(thread=True, exclusive=True, group="preview")
    def _compose_written(self, token: int, request: PreviewRequest) -> None:
        worker = get_current_worker()
        written = self._landed(request, lambda: worker.is_cancelled)
        if worker.is_cancelled:
            return
        try:
            if written is None:
                written = compose_written(request, self.vectors, lambda: worker.is_cancelled)
        except Exception as exc:  # the preview must never take the console down
            if not worker.is_cancelled:
                self.post_message(PreviewComposed(token, error=f"{type(exc).__name__}: {exc}"))
            return
        if self.results is not None and not worker.is_cancelled:
            self.results.put(written)
        if not worker.is_cancelled:
            self.paint_ahead(written)
        self.post_message(PreviewComposed(token, written))

    def _landed(self, request: PreviewRequest, cancelled) -> Written | None:
        """The warm-up's result for `request` when it is composing it right now: its
        compose is raised to this priority and waited for (None: compose here)."""
        flight = self.results.flight(request) if self.results is not None else None
        if flight is None:
            return None
        flight.promote()
        while not flight.done.wait(0.01):
            if cancelled():
                return None
        return self.results.get(request)

    @on(PreviewComposed)
    def _composed(self, event: PreviewComposed) -> None:
        event.stop()
        if event.token != self._token or self.request is None:
            return  # the cursor or the choices moved on: a stale result
        self._composing = False
        mode = self.request.mode
        self.border_title = self.TITLES.get(mode, "preview")
        if event.written is None:
            self.call_after_refresh(self._release, event.token)
            self._clear_written()
            self.shown_text = Text(f"{mode} preview unavailable: {event.error}", style="red")
            self.query_one("#preview-body", Lines).update(self.shown_text)
            return
        w: Written = event.written
        keep_key = self._keep_key
        first, self._fresh = self._fresh, False
        self.result = w
        self.written = w.text
        if w.edited:
            self.border_title += " · edited by you"
        p = painted(w, self.text_width())  # made in the worker when it composed w
        self.shown_text = p.shown
        self.query_one("#preview-body", Lines).update(p.header)
        keys = [e.key for e in w.rows]
        self.row = keys.index(keep_key) if keep_key in keys else 0
        box = self.query_one("#ledger-rows")
        spare = list(box.query_children(LedgerRow))
        for k, row in enumerate(spare):
            row.show(w.rows[k] if k < len(w.rows) else None,
                     p.rows[k] if k < len(w.rows) else None, k == self.row)
        mounted = box.mount_all([LedgerRow(e, w.letters, k == self.row, p.rows[k])
                                 for k, e in enumerate(w.rows) if k >= len(spare)])
        # a task of its own: awaiting the mount here would hold up this widget's messages
        self.run_worker(self._release_when_painted(mounted, event.token), group="hold")
        text = self.query_one("#preview-text", Lines)
        text.update(p.body)
        text.display = True
        if first:
            self.scroll_home(animate=False)
        elif self.has_focus and w.rows:
            self.call_after_refresh(self._show_row)

    async def _release_when_painted(self, mounted: Any, token: int) -> None:
        """Let the warm-ups go on once the ledger rows are mounted and the screen painted
        after that: released at the first refresh after the result, the warm-up's model
        took the cores from the rest of the paint (a kept result painted in 247 ms p50,
        against ~100 ms when nothing was left to warm)."""
        await mounted
        self.call_after_refresh(self._release, token)

    def _release(self, token: int) -> None:
        if token == self._token:  # not a `v` that came since: that one holds on
            self._hold(False)

    def _show_row(self) -> None:
        rows = self._rows()
        if 0 <= self.row < len(rows):
            self.scroll_to_widget(rows[self.row], animate=False)

    def result_key(self) -> str | None:
        """The ledger key of the highlighted row."""
        rows = self.result.rows if self.result is not None else []
        return rows[self.row].key if 0 <= self.row < len(rows) else None

    def _mark_row(self) -> None:
        for k, child in enumerate(self._rows()):
            child.set_class(k == self.row, "-selected")

    def action_row(self, step: int) -> None:
        rows = self._rows()
        target = self.row + step
        if not rows or not 0 <= target < len(rows):
            (self.scroll_down if step > 0 else self.scroll_up)(animate=False)
            return
        self.row = target
        self._mark_row()
        self.scroll_to_widget(rows[target], animate=False)

    def action_flip(self) -> None:
        w, r = self.result, self.request
        if w is None or r is None or r.group_id is None:
            return
        rows = w.rows
        if 0 <= self.row < len(rows):
            self.post_message(self.Flip(r.group_id, rows[self.row], w.edited))

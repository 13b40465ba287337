"""The merge/update result in the preview: what compose writes, line by line, and the
ledger rows the person flips (carry / drop an older unit; newer / older value).

`compose_written` runs in the preview's worker thread (it may embed); the rest only
draws its result, so nothing slow happens on the UI thread.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, cast

from rich.text import Text
from textual import active_app
from textual.widgets import Static

from ...core.dating import utc_now
from ...core.merge import Choice, Composed, Ledger, LedgerEntry
from ...core.merge.ledger import title_line, title_why_line
from ...core.notes import Note
from ..view import PreviewRequest
from .lines import Wrapped, wrap

GUTTER = 2  # "A " / "  " before each line of a written result
ROW_MARK = {"carried": "+ carry ", "dropped": "- drop  ", "superseded": "~ newer "}
ROW_STYLE = {"carried": "green", "dropped": "red", "superseded": "yellow"}


@dataclass
class Written:
    """One composed result, as the preview shows it and apply writes it."""

    request: PreviewRequest
    composed: Composed
    marks: list[str]  # the source note of each line ("" for the base's own)
    letters: dict[str, str] = field(default_factory=dict)  # member path -> A, B...
    # its painted form (`painted`), shared by the copies Results.get makes of it
    paint: dict[str, Painted] = field(default_factory=dict, repr=False, compare=False)

    @property
    def text(self) -> str:
        return self.composed.text

    @property
    def edited(self) -> bool:
        return self.composed.ledger.edited

    @property
    def rows(self) -> list[LedgerEntry]:
        """The ledger entries the person can flip, in the ledger's order."""
        return self.composed.ledger.choosable()


def letters_of(others: list[Note]) -> dict[str, str]:
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


def compose_written(request: PreviewRequest, vectors: Any = None,
                    cancelled: Callable[[], bool] | None = None,
                    priority: int | None = None) -> Written:
    """What `request.mode` (update | merge) writes, with the person's flips and edited
    text, exactly as apply composes it and rewrites its links to the retired notes
    (apply stamps `modified:` when it writes). `priority`: the warm-up's, else PREVIEW."""
    from ...core.merge.memo import memo_of
    from ...core.merging import compose
    from ...core.unit_vectors import PREVIEW

    assert request.canonical is not None and request.kept is not None
    memo = memo_of(vectors)  # results kept with the vectors (core/merge/memo.py)
    if vectors is not None and cancelled is not None:
        # a stale compose stops at its next embed
        vectors = vectors.at(PREVIEW if priority is None else priority, cancelled)
    # `modified:` shows the refresh apply makes; apply stamps the moment it writes.
    composed = compose(request.mode, request.canonical, request.others, kept=request.kept,
                       now=utc_now(), targets=request.targets, vectors=vectors,
                       choices=cast("dict[str, Choice]", request.choices) or None,
                       text=request.text, memo=memo)
    if request.links is not None:  # apply points links to the retired notes at the kept one
        from ...core.merging import rewrite_links_text

        title = composed.ledger.title[1] if composed.ledger.title else None
        kept = replace(request.kept, title=title) if title else request.kept
        text, count = rewrite_links_text(composed.text, request.links(title),
                                         self_note=kept)
        if count:  # a line dropped (a relation to itself) loses the line-by-line sources
            same = len(text.splitlines()) == len(composed.text.splitlines())
            composed = replace(composed, text=text,
                               line_sources=composed.line_sources if same else [])
    marks = line_marks(composed, request.canonical, request.kept, request.others)
    return Written(request, composed, marks, letters_of(request.others))


def header_text(w: Written) -> Text:
    r = w.request
    assert r.kept is not None and r.canonical is not None
    ledger = w.composed.ledger
    out = Text()
    out.append(f"{r.mode} writes {r.kept.path}", style="bold cyan")
    if r.kept.path != r.canonical.path:
        out.append(f" with the content of the canonical {r.canonical.path}, which is "
                   "retired", style="cyan")
    out.append("\n")
    out.append(f"base: {ledger.base} ({ledger.base_reason})\n", style="cyan")
    if ledger.title:
        out.append(title_line(ledger.title) + "\n", style="bold cyan")
    if ledger.title_why:
        out.append(title_why_line(ledger.title_why) + "\n", style="cyan")
    for o in r.others:
        out.append(f"{w.letters[o.path]} {o.path}", style="green")
        out.append(" · retired\n" if o.path != r.kept.path else "\n", style="dim")
    if w.edited:
        out.append("✎ edited by you: written exactly as you saved it · e: edit again · "
                   "E: drop the edit\n", style="bold magenta")
    rows = w.rows
    if rows:
        out.append(f"─ {len(rows)} choice(s) · space flips the highlighted row"
                   + (" (after E)" if w.edited else "") + " ─", style="bold")
    else:
        out.append("─ no choices: the engine is sure of every unit · e: edit ─", style="dim")
    return out


def row_text(e: LedgerEntry, letters: dict[str, str]) -> Text:
    """One flippable ledger row: what is written now, the unit, where it comes from."""
    if e.status == "carried" and "older" in e.flips:
        mark, style = "~ older ", "magenta"  # the person wrote the older value
    else:
        mark, style = ROW_MARK.get(e.status, "  "), ROW_STYLE.get(e.status, "")
    out = Text()
    out.append(mark, style=f"bold {style}")
    out.append(f"{letters.get(e.source, '?')} ", style="bold")
    if e.section:
        out.append(f"{e.section} › ", style="dim")
    out.append(e.written or e.text, style=style)  # (a trimmed sentence: as written)
    if e.status == "superseded" and e.by_text:
        out.append("  by: ", style="dim")
        out.append(e.by_text)
    elif e.why:
        out.append(f"  ({e.why})", style="dim")
    if e.chosen:
        out.append("  · your choice", style="bold magenta")
    return out


def body_text(w: Written) -> Text:
    """The text as written, verbatim after a gutter naming each added line's note, then
    what the ledger reports that no row can flip."""
    return Text("\n").join(body_lines(w))


def body_lines(w: Written) -> list[Text]:
    """`body_text`'s lines, each styled (the last one empty)."""
    out = [Text("─" * 20, style="dim")]
    for line, mark in zip(w.text.splitlines(), w.marks, strict=True):
        if mark:
            one = Text(f"{w.letters.get(mark, '+'):<{GUTTER}}", style="bold green")
            one.append(line, style="green")
            out.append(one)
        else:
            out.append(Text(" " * GUTTER + line))
    # The rest of the ledger (the rows above are its flippable entries), as the CLI prints it.
    ledger = w.composed.ledger
    rest = Ledger(ledger.base, ledger.base_reason, [e for e in ledger.entries if not e.flips],
                  ledger.edited, title=ledger.title, title_why=ledger.title_why)
    out += [Text(""), Text("ledger", style="bold")]
    styles = {"+": "green", "~": "yellow", "-": "red", "=": "dim"}
    # base, facts (counted over every entry), title, whose title
    head = 2 + bool(ledger.title) + bool(ledger.title_why)
    for ln in ledger.lines()[:head] + rest.lines()[head:]:
        out.append(Text(f"  {ln}", style=styles.get(ln[:1], "")))
    out.append(Text(""))
    return out


@dataclass(frozen=True)
class Painted:
    """A result's texts as the preview draws them, built once per result and width (in
    the worker that composed it, or the warm-up's): the header, each flippable row, and
    the written text with the ledger (`body`), wrapped for the preview's width."""

    text: str  # the written text these were made from
    header: Text
    rows: list[Text]
    body: Wrapped

    @property
    def shown(self) -> Text:
        return Text("\n").join([self.header, *self.rows, *(
            t if isinstance(t, Text) else Text(str(t)) for t in self.body.sources)])


def painted(w: Written, width: int, app: Any = None) -> Painted:
    """`w`'s texts for the preview, `width` cells wide; kept with `w`, so a result composed
    ahead is drawn without building or wrapping its ~300 lines again on the UI thread
    (a `modified:` stamped since re-wraps that one line). `app`: the console's, when
    called off its thread (its theme gives the colours)."""
    last = w.paint.get("last")
    if last is not None and last.text == w.text and last.body.width == width:
        return last
    token = active_app.set(app) if app is not None else None
    try:
        header = header_text(w)
        rows = [row_text(e, w.letters) for e in w.rows]
        body = wrap(body_lines(w), width, last.body if last is not None else None)
    finally:
        if token is not None:
            active_app.reset(token)
    out = Painted(w.text, header, rows, body)
    w.paint["last"] = out
    return out


class LedgerRow(Static):
    """One flippable row of the ledger (`entry`; None: a spare row, hidden)."""

    def __init__(self, entry: LedgerEntry | None = None,
                 letters: dict[str, str] | None = None, selected: bool = False,
                 text: Text | None = None) -> None:
        if text is None and entry is not None:
            text = row_text(entry, letters or {})
        super().__init__(text or "",
                         classes="ledger-row" + (" -selected" if selected else ""))
        self.entry = entry
        self.display = entry is not None

    def show(self, entry: LedgerEntry | None, text: Text | None = None,
             selected: bool = False) -> None:
        """This row now shows `entry` (drawn as `text`), or is a spare again."""
        self.entry = entry
        self.update(text or "")
        self.set_class(selected, "-selected")
        self.display = entry is not None

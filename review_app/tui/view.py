"""What the review screen shows, as plain Python: the rows on screen, the selection, the
filter and the preview mode, and what the detail pane and the preview are made of.

`ReviewSession` holds the rules and what is saved; this holds where the person is.
The widgets only draw what it returns, so the logic of "where does the cursor go next"
or "what does the preview show" is unit-tested without a terminal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..core.grouping import Group, Member
from ..core.notes import Note
from .session import ReviewSession

PREVIEW_MODES = ("diff", "merge", "update")
"""`v` cycles: the line diff, then exactly what merge writes, then what update writes."""


@dataclass(frozen=True)
class PreviewRequest:
    """Everything the preview needs for the selected group, in the write path's terms."""

    mode: str
    canonical: Note | None
    member: Note | None  # the note the diff compares with the canonical
    others: list[Note] = field(default_factory=list)  # compose's `others`
    kept: Note | None = None  # the file written
    targets: dict[str, str] | None = None  # compose's `targets`: link names -> notes
    group_id: str | None = None
    choices: dict[str, str] = field(default_factory=dict)  # the person's ledger flips
    text: str | None = None  # the person's edited note, written as is
    # link key -> kept note: the links apply rewrites in the kept file (session.link_rewrite)
    links: Callable[..., dict[str, Note]] | None = None


@dataclass(frozen=True)
class Detail:
    """The detail pane of one group: the two roles with their reasons, the selected
    member's evidence (every member's when the canonical row is selected)."""

    canonical: str
    canonical_reason: str
    kept: str
    kept_reason: str
    selected: list[Member]
    conflicts: dict[str, list[str]]
    removed: list[str]
    changed: str = ""  # membership changed since the decision (threshold moved)
    status: str = ""


@dataclass
class ReviewView:
    session: ReviewSession
    filter_text: str = ""
    preview_mode: str = "diff"
    show_numbers: bool = False  # the detail pane's raw evidence numbers ("i")
    rows: list[Group] = field(default_factory=list)  # the groups on screen, in order
    group_id: str | None = None
    member: str | None = None
    _paths: set[str] = field(default_factory=set)  # the selected group's notes

    def refresh(self) -> list[Group]:
        """The rows for the current filter. The selection stays on its group; when that
        group is gone (a threshold change regrouped its notes), on the group that now
        holds its notes, else on the row where it was."""
        before = [g.id for g in self.rows]
        old_index = before.index(self.group_id) if self.group_id in before else 0
        self.rows = self.session.filtered(self.filter_text)
        if self.group_id not in {g.id for g in self.rows}:
            home = next((g.id for g in self.rows if self._paths & set(g.paths)), None)
            if home is None and self.rows:
                home = self.rows[min(old_index, len(self.rows) - 1)].id
            self.group_id = home
        return self.rows

    @property
    def group(self) -> Group | None:
        return self.session.group(self.group_id) if self.group_id else None

    def select(self, group_id: str | None, member: str | None = None) -> None:
        self.group_id = group_id
        self.member = member
        group = self.session.group(group_id) if group_id else None
        if group is not None:
            self._paths = set(group.paths)

    def index(self, group_id: str | None) -> int | None:
        return next((i for i, g in enumerate(self.rows) if g.id == group_id), None)

    def next_undecided(self, after: str | None) -> str | None:
        """The first undecided group below `after`, else the first above it (labelers move
        on to the next item to label); None when every group on screen is decided."""
        start = self.index(after)
        order = self.rows if start is None else self.rows[start + 1:] + self.rows[:start]
        return next((g.id for g in order if not self.session.status(g)), None)

    def cycle_preview(self) -> str:
        self.preview_mode = PREVIEW_MODES[(PREVIEW_MODES.index(self.preview_mode) + 1)
                                          % len(PREVIEW_MODES)]
        return self.preview_mode

    def band_starts(self) -> dict[str, str]:
        """Group id -> band for the first row of each band (where a separator belongs)."""
        out: dict[str, str] = {}
        last = None
        for g in self.rows:
            if g.band != last:
                out[g.id] = g.band
                last = g.band
        return out

    def band_counts(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for g in self.rows:
            counts[g.band] = counts.get(g.band, 0) + 1
        return counts

    # -- what the panes show ---------------------------------------------------------------

    def detail(self, group: Group, member: str | None) -> Detail:
        s = self.session
        kept, kept_reason = s.kept(group)
        members = s.members(group)
        chosen = group.member(member) if member else None
        selected = [chosen] if chosen is not None else list(members)
        changed = ""
        c = s.carried.get(group.id)
        if c is not None and group.id not in s.decisions:
            changed = (f"the group changed since its decision (threshold {s.threshold:.2f}): "
                       f"{', '.join(c.joined)} joined; the decision covers the notes it was "
                       "made on, the new ones are left out")
        return Detail(group.canonical, group.canonical_reason, kept, kept_reason, selected,
                      {m.path: s.conflicts(group, m.path) for m in selected},
                      s.removed_from(group), changed, s.status(group))

    def preview_request(self, group: Group | None, member: str | None,
                        mode: str | None = None, *, resolve: bool = True) -> PreviewRequest:
        """`mode`: another than the one shown (the warm-up's); `resolve=False` leaves
        `targets` for a worker to fill (the first call indexes every note)."""
        s = self.session
        mode = mode or self.preview_mode
        if group is None:
            return PreviewRequest(mode, None, None)
        canonical, others, kept = s.compose_inputs(group)
        note = s.notes.get(member) if member else None
        if note is None or note.path == group.canonical:
            first = s.members(group)
            note = s.notes[first[0].path] if first else None
        # The diff needs no link index; merge and update resolve relations with it.
        targets = s.targets() if mode != "diff" and resolve else None
        return PreviewRequest(mode, canonical, note, others, kept, targets,
                              group.id, s.choices_of(group), s.text_of(group),
                              s.link_rewrite(group))

    def counts_text(self) -> str:
        """The status line's counts ("1 group", not "1 groups")."""
        s = self.session
        n = len(s.groups)
        text = (f"{len(s.notes)} notes · {n} group{'' if n == 1 else 's'} at ≥ "
                f"{s.threshold:.2f} · {s.decided_count()} decided · {len(s.to_apply())} to apply")
        return text

"""compose: what update and merge write for a group, and the ledger that accounts for
every unit of every member.

The API (stable; the console's preview rows and `$EDITOR` edit build on it):

    compose(action, canonical, others, *, kept=None, now=None, vectors=None,
            targets=None, choices=None, text=None) -> Composed

- `canonical` is the base: its body is written byte for byte (the group's newest
  member unless the person picked another with `c`); `others` are the other members
  whose content goes in; `kept` the file written (its title, permalink, `type:` and
  `created:` survive); `now` refreshes `modified:`.
- `Composed.ledger` (ledger.Ledger) holds one LedgerEntry per unit of every member:
  stated (the base's own), present, superseded (`by`: the base entry), carried,
  dropped; `entry.key` is stable while the member's text is unchanged, and
  `entry.flips` lists the choices it accepts.
- `choices`: ledger key -> "carry" | "drop" (carried and dropped entries) or
  "newer" | "older" (superseded entries: "older" writes the older unit in place of
  the base unit that superseded it). Unknown keys and choices an entry does not
  accept are ignored, so a stale choice never breaks a write.
- `text`: the person's edited note (the whole file, frontmatter included); when
  given it is what is written, byte for byte, and `ledger.edited` is True.
- In a plan document a group carries the same as additive fields:
  `"choices": {"<key>": "carry", ...}` and `"text": "..."`; `apply --plan` passes
  them here, so a scripted apply writes the bytes the preview showed.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..blas import one_thread
from ..dating import stated_date
from ..frontmatter_edit import edited_frontmatter, raw_block, refresh_modified, split_frontmatter
from ..notes import Note
from ..stamps import has_stamp
from .context import MergeContext
from .document import parse
from .ledger import Choice, Ledger, LedgerEntry
from .lexicon import ENGLISH, Lexicon
from .memo import Kept, Memo
from .pass_blocks import run as ordered_blocks
from .pass_carry import run as measured_carry
from .pass_carry import shipped_model
from .pass_choices import run as persons_choices
from .pass_dropped_sections import run as dropped_sections
from .pass_enriched import run as enriched_lines
from .pass_extended import run as extended_units
from .pass_interim import run as interim_states
from .pass_lead import run as one_lead
from .pass_lead_in import run as lead_ins
from .pass_leaning import run as leaning_sentences
from .pass_newer_older import run as newer_older_values
from .pass_observed import run as observed_lines
from .pass_once import again as carried_once_again
from .pass_once import run as carried_once
from .pass_one_valued import run as one_valued
from .pass_one_valued import states_status, status_tag
from .pass_polarity import run as contradicted
from .pass_references import run as numbered_references
from .pass_render import run as render
from .pass_replaced_holders import run as replaced_holders
from .pass_revalued import run as revalued_lines
from .pass_rows import run as rows_in_columns
from .pass_said_over import run as said_over
from .pass_sections import run as align_sections
from .pass_standing import run as still_standing
from .pass_trimmed import run as trimmed_units
from .pass_units import run as units_and_facts
from .pass_verdicts import run as verdicts
from .thresholds import DEFAULT, Thresholds
from .title import title_choice

# The passes in order; each takes the context (the last returns the body's lines).
# carried_once_again: measured_carry may carry a line pass_once saw superseded
# (alone_facts); a line two older versions hold is still written once.
PASSES = (units_and_facts, align_sections, verdicts, ordered_blocks, said_over,
          dropped_sections, contradicted, one_valued, carried_once, measured_carry,
          carried_once_again, interim_states, still_standing, one_lead,
          numbered_references, replaced_holders, newer_older_values, observed_lines,
          extended_units, newer_older_values, enriched_lines, persons_choices,
          leaning_sentences, lead_ins, trimmed_units, revalued_lines, rows_in_columns)
_IDENTITY_KEYS = {"title", "permalink", "type", "tags", "created", "modified", "updated"}


@dataclass
class UnitNote:
    """A unit as the reports list it."""

    source: str
    text: str
    section: str = ""


@dataclass
class Superseded:
    old: UnitNote
    new: UnitNote


@dataclass
class Composed:
    """The text to write into the kept file, and the ledger of every unit."""

    text: str
    ledger: Ledger
    # One per line of text.splitlines(): the member a line came from, None for the base.
    line_sources: list[str | None] = field(default_factory=list)
    # pass_carry's inputs per ledger key (bench/carry_fit.py fits on them)
    carry_features: dict[str, list[float]] = field(default_factory=dict, repr=False)
    # the text's date was set to compose's `now` (it writes something into the kept file)
    dated: bool = False

    def _units(self, status: str) -> list[UnitNote]:
        return [UnitNote(e.source, e.text, e.section) for e in self.ledger.by_status(status)]  # type: ignore[arg-type]

    @property
    def added(self) -> list[UnitNote]:
        return self._units("carried")

    @property
    def dropped(self) -> list[UnitNote]:
        return self._units("dropped")

    @property
    def present(self) -> int:
        return len(self.ledger.by_status("present"))

    @property
    def superseded(self) -> list[Superseded]:
        return [Superseded(UnitNote(e.source, e.text, e.section),
                           UnitNote(self.ledger.base if not e.chosen else e.source,
                                    e.by_text or "", e.section))
                for e in self.ledger.by_status("superseded")]

    def to_json(self) -> dict[str, Any]:
        return {"added": [vars(u) for u in self.added], "present": self.present,
                "superseded": [{"old": vars(s.old), "new": vars(s.new)}
                               for s in self.superseded],
                "dropped": [vars(u) for u in self.dropped],
                "ledger": self.ledger.to_json()}


def frontmatter(base: Note, kept: Note, members: list[Note],
                title: str | None = None, lexicon: Lexicon | None = None, *,
                standing: bool = False) -> str:
    """The kept file's frontmatter, edited line by line: its identity (title,
    permalink, type, created) and its own `modified:` stay (the title becomes `title`
    when given: title.written_title); where the base (the newest)
    gives another key another value, the base's wins; keys it lacks are added from the
    others; tags unioned; `modified:` added when only another member had one (a write
    never removes it; compose then dates it: _dated). With `lexicon`, when the base states its own
    `standing` (pass_one_valued.states_status: "Adopted at the AGM on 4 May"), a status
    tag only another member has ("draft", the kept file's too) is an older version's
    standing, like its status sentence: not carried into the written note; so is a
    dated tag only another member has ("season-2023-24", "2024": its period). The kept
    file's `type:` stays whatever it says (issue 18 item 7: a type is the file's, and
    links and searches by type rely on it); keeping an older draft's file at all is the
    kept-file choice's to avoid (grouping.choose_kept: the newest's file, or among files
    linked to alike one without a status stamp in its title)."""
    set_keys: dict[str, tuple[Any, list[str] | None]] = {}
    for n in (base, *members):
        for key, value in n.metadata.items():
            if key in _IDENTITY_KEYS or key in set_keys or n.path == kept.path:
                continue
            if key not in kept.metadata or (n.path == base.path and
                                            kept.metadata[key] != value):
                set_keys[key] = (value, raw_block(n, key))
    if "modified" not in kept.metadata:
        dated = next((n for n in (base, *members) if "modified" in n.metadata), None)
        if dated is not None:
            set_keys["modified"] = (dated.metadata["modified"], raw_block(dated, "modified"))
    def wanted(t: str) -> bool:  # (a dated tag only older notes give names their period:
        # "season-2023-24", "2023", "q3-2024" on a note whose body is the 2025 one)
        return lexicon is None or t in base.tags or not (
            (standing and status_tag(t, lexicon))
            or (has_stamp(t) and any(c.isdigit() for c in t)))

    tags = [t for t in kept.tags if wanted(t)]
    for n in (base, *members):
        tags += [t for t in n.tags if t not in tags and wanted(t)]
    if tags != kept.tags:
        set_keys["tags"] = (tags, None)
    if title is not None and title != kept.title:
        set_keys["title"] = (title, None)
    head, _ = split_frontmatter(kept.text)
    if set_keys:
        head = edited_frontmatter(kept, set_keys)
    return head


def _dated(head: str, now: Any) -> str:
    """`head` with the note's date refreshed to `now` (a date or datetime; None: as is)."""
    if isinstance(now, dt.datetime):
        return refresh_modified(head, now)
    if isinstance(now, dt.date):
        return refresh_modified(head, dt.datetime(now.year, now.month, now.day))
    return head


def compose(action: str, canonical: Note, others: list[Note], *, kept: Note | None = None,
            now: Any = None, vectors: Any = None, targets: Mapping[str, str] | None = None,
            choices: Mapping[str, Choice] | None = None, text: str | None = None,
            lexicon: Lexicon = ENGLISH, thresholds: Thresholds = DEFAULT,
            group_keys: set[str] | None = None, base_reason: str = "",
            carry_model: Any = "shipped", memo: Memo | None = None,
            stale_renames: bool = True) -> Composed:
    """See the module docstring. `targets` (links.target_index over the project) makes
    one note linked under two names one relation target; `group_keys` holds every name
    of the group's notes (a relation among them is no fact). `carry_model`:
    pass_carry's model (the shipped carry_weights.json unless given; None leaves pass
    3's carry verdicts, as bench/carry_fit.py needs to fit). `memo`: where the passes'
    result is kept by its inputs and found again (memo.py; not with `text`). `stale_renames`:
    off for an upsert: the kept title then gives way only to one naming the same subject
    with another stamp, not to the agent's other words (title.written_title)."""
    if action not in ("update", "merge"):
        raise ValueError(f"not a writing action: {action!r}")
    seen = {canonical.path}
    members: list[Note] = []
    for n in others:
        if n.path not in seen:
            seen.add(n.path)
            members.append(n)
    kept = kept or canonical
    if vectors is None:
        from ..unit_vectors import shared_vectors

        vectors = shared_vectors()
    older = sorted(members, key=stated_date, reverse=True)
    head_text, body_text = split_frontmatter(canonical.text)
    model = shipped_model() if carry_model == "shipped" else carry_model
    reason = base_reason or ("the newest note" if all(
        stated_date(canonical) >= stated_date(n) for n in members) else "chosen by you")
    key = memo.key(action, canonical, older, kept, choices=choices or {},
                   group_keys=group_keys or set(), targets=targets, lexicon=lexicon,
                   thresholds=thresholds, carry_model=model, vectors=vectors) \
        if memo is not None and text is None else None
    found = flight = None
    if memo is not None and key is not None:
        found = memo.get(key) or memo.wait(key, vectors)
        flight = memo.take_off(key) if found is None else None
    try:
        if found is not None:
            # A warm-up's view still waits its turn (and stops when cancelled), as it would
            # at its first embedding call: a preview someone waits for has the CPU first.
            vectors.ensure([])
            ledger = Ledger(canonical.path, reason, list(found.entries),
                            bounded=list(found.bounded))
            lines = list(found.lines)
            features = {k: list(v) for k, v in found.carry_features}
        else:
            ctx = MergeContext(
                action, canonical, parse(canonical.path, body_text),  # type: ignore[arg-type]
                [(n, parse(n.path, split_frontmatter(n.text)[1])) for n in older],
                group_keys or set(), vectors, lexicon, thresholds, choices or {}, targets,
                carry_model=model)
            with one_thread():  # small products: threads cost more than they give
                for p in PASSES:
                    p(ctx)
                ledger = ctx.ledger = Ledger(canonical.path, reason, _ordered(ctx),
                                             bounded=ctx.bounded)
                features = ctx.carry_features
                if text is not None:
                    ledger.edited = True
                    ledger.title = _title_change(kept, text)
                    return Composed(text, ledger, [None] * len(text.splitlines()), features)
                lines = render(ctx)
            if memo is not None and key is not None:
                memo.put(key, Kept(tuple(ledger.entries), tuple(ctx.bounded), tuple(lines),
                                   tuple((k, tuple(v)) for k, v in features.items())))
    finally:
        if memo is not None:
            memo.land(key, flight)
    title, ledger.title_why = title_choice(canonical, kept, members, lexicon, targets,
                                           stale_renames=stale_renames)
    if title != kept.title:
        ledger.title = (kept.title, title)
    retitled = _retitle(lines, [canonical, kept, *members], title,
                        kept.path == canonical.path)
    heading_changed, lines = retitled is not lines, retitled
    standing = states_status(canonical, parse(canonical.path, body_text), lexicon,
                             thresholds)
    head = frontmatter(canonical, kept, [n for n in members if n.path != kept.path],
                       title, lexicon, standing=standing)
    changed = any(src is not None for _, src in lines) or kept.path != canonical.path or (
        len(lines) != len(body_text.split("\n"))) or heading_changed
    if not changed and head == head_text:
        return Composed(canonical.text, ledger, [None] * len(canonical.text.splitlines()),
                        features)
    body = "\n".join(ln for ln, _ in lines)
    dated = head + body != kept.text  # nothing to write into the kept file: no new date
    if dated:
        head = _dated(head, now)
    out = head + body
    sources = [None] * len(head.splitlines()) + [src for _, src in lines]
    return Composed(out, ledger, sources[: len(out.splitlines())], features,
                    dated=dated and now is not None)


def _ordered(ctx: MergeContext) -> list[LedgerEntry]:
    out = [ctx.entries[r.key] for r in ctx.base_refs()]
    for _, doc in ctx.older:
        out += [ctx.entries[r.key] for r in ctx.refs[doc.path]]
    return out


def _title_change(kept: Note, text: str) -> tuple[str, str] | None:
    """(old, new) when the person's edited text gives the kept file another title."""
    from ..notes import parse_note

    edited = parse_note(kept.path, text.encode("utf-8"))
    if isinstance(edited, Note) and edited.title != kept.title:
        return kept.title, edited.title
    return None


def _retitle(lines: list[tuple[str, str | None]], versions: list[Note], title: str,
             own: bool) -> list[tuple[str, str | None]]:
    """The base's title heading names the written title, so the written note's title
    and H1 agree: its first heading (`# Title`, or `Title` underlined with `=`) before
    any text, when it names a version of the note (the title of the base, of the kept
    file or of another member: an agent's copy often keeps the H1 of the note it was
    copied from). Another heading is the writer's own: left alone, as is the base's
    own title in other capitals when it is the kept file (`own`). The same list when
    nothing changes."""
    names = {_name(n.title) for n in versions}
    same = _name(title)
    for k, (ln, src) in enumerate(lines):
        under = lines[k + 1][0] if k + 1 < len(lines) else ""
        if src is None and ln.startswith("# ") and _name(ln[2:]) in names:
            if ln[2:].strip() == title or (own and _name(ln[2:]) == same):
                return lines
            return [*lines[:k], (f"# {title}", None), *lines[k + 1:]]
        if src is None and _name(ln) in names and _SETEXT_H1.fullmatch(under):
            if ln.strip() == title or (own and _name(ln) == same):
                return lines
            return [*lines[:k], (title, None), ("=" * len(title), None),
                    *lines[k + 2:]]
        if ln.strip() and not ln.startswith("#"):
            break
    return lines


_SETEXT_H1 = re.compile(r" {0,3}=+[ \t]*")


def _name(title: str) -> str:
    """A title as a reader names it: a slug title ("studio_a_rates_and_policies_2024")
    and its words ("Studio A Rates and Policies 2024") are one name."""
    return re.sub(r"[\s_-]+", " ", title).strip().lower()

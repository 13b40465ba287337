"""The one write API: what update and merge write for a group, and link rewriting.

`compose` is called by every writer (apply's plan, the console preview, upsert),
so the preview shows what apply writes. The body is merged unit by unit by meaning
(body_merge.py, align.py); the frontmatter is edited line by line
(frontmatter_edit.py), so unknown keys, quoting and dates stay byte-identical.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

from .align import Aligner, target_key
from .body_merge import BodyMerger, Superseded, UnitNote, retitle
from .dating import stated_date
from .frontmatter_edit import edited_frontmatter, raw_block, refresh_modified, split_frontmatter
from .notes import _MEMORY_URL_RE, _WIKILINK_RE, Note, parse_relation
from .unit_vectors import PREVIEW, UnitVectors, shared_vectors
from .units import normalise, parse_body

__all__ = ["Composed", "Superseded", "UnitNote", "compose", "freshest", "link_mapping",
           "normalise", "note_aliases", "note_keys", "observation_key", "prefetch_units",
           "relation_key", "rewrite_links", "rewrite_links_text", "split_frontmatter",
           "target_index"]

_FENCE = re.compile(r"^\s*(```|~~~)")
_TAG = re.compile(r"(?:^|\s)#([\w][\w/\-]*)")
# Keys a merge never takes from a member: the kept file's identity and dates that
# describe another file.
_IDENTITY_KEYS = {"title", "permalink", "type", "tags", "created", "modified", "updated"}


def observation_key(category: str, content: str) -> str:
    """Category, text and tags; punctuation and tag placement do not matter."""
    tags = sorted({t.lower() for t in _TAG.findall(content)})
    words = normalise(_TAG.sub(" ", content))
    return f"[{normalise(category)}] {words}" + "".join(f" #{t}" for t in tags)


def relation_key(rel_type: str, target: str) -> str:
    return f"{normalise(rel_type)} -> {normalise(target)}"


def note_keys(note: Note) -> set[str]:
    """Every way a link can name this note (lower case): title, permalink, path forms."""
    p = PurePosixPath(note.path)
    no_ext = str(p.with_suffix(""))
    keys = {note.title, note.permalink, note.path, no_ext, p.stem}
    if str(p.parent) != ".":
        keys.add(f"{p.parent}/{note.title}")
    return {k.strip().lower() for k in keys if k and k.strip()}


def note_aliases(note: Note) -> list[str]:
    """The other names a note's frontmatter gives it (`aliases:`, `alias:`)."""
    out: list[str] = []
    for key in ("aliases", "alias"):
        value = note.metadata.get(key)
        values = value if isinstance(value, list) else [value]
        out += [v.strip() for v in values if isinstance(v, str) and v.strip()]
    return out


def target_index(notes: Iterable[Note]) -> dict[str, str]:
    """Lower-case name form (title, permalink, path, alias, their target keys) -> the
    path of the one note it names; a form two notes share names neither. Passed to
    `compose(targets=...)`, it makes relations to one note under two names one."""
    seen: dict[str, str | None] = {}
    for n in notes:
        names = note_keys(n) | {a.lower() for a in note_aliases(n)}
        for k in names | {target_key(k) for k in names}:
            seen[k] = n.path if seen.get(k, n.path) == n.path else None
    return {k: v for k, v in seen.items() if v is not None}


def freshest(notes: Iterable[Note]) -> Note:
    """The note whose content is newest (its stated date, see body_merge.stated_date);
    the first one wins ties."""
    best: Note | None = None
    for n in notes:
        if best is None or stated_date(n) > stated_date(best):
            best = n
    assert best is not None
    return best


# ------------------------------------------------------------ link rewriting

def _rewrite_body(body: str, mapping: dict[str, Note], self_note: Note | None
                  ) -> tuple[str, int]:
    count = 0
    out: list[str] = []
    in_fence = False
    for line in body.split("\n"):
        if _FENCE.match(line):
            in_fence = not in_fence
            out.append(line)
            continue
        if in_fence:
            out.append(line)
            continue
        hits = 0
        self_rel = False

        def wiki(m: re.Match[str]) -> str:
            nonlocal hits
            inner = m.group(1)
            target, bar, alias = inner.partition("|")
            anchor = ""
            canon = mapping.get(target.strip().lower())
            if canon is None and "#" in target:
                base, _, frag = target.partition("#")
                canon = mapping.get(base.strip().lower())
                anchor = "#" + frag
            if canon is None:
                return m.group(0)
            new = f"[[{canon.title}{anchor}{bar}{alias}]]"
            if new != m.group(0):
                hits += 1
            return new

        def memory(m: re.Match[str]) -> str:
            nonlocal hits
            target = m.group(1)
            trail = ""
            while target.endswith("."):
                target, trail = target[:-1], trail + "."
            canon = mapping.get(target.lower()) or mapping.get(f"{target.lower()}.md")
            if canon is None:
                return m.group(0)
            new = f"memory://{canon.permalink}{trail}"
            if new != m.group(0):
                hits += 1
            return new

        new_line = _WIKILINK_RE.sub(wiki, line)
        new_line = _MEMORY_URL_RE.sub(memory, new_line)
        if hits and self_note is not None:
            rel = parse_relation(new_line)
            self_rel = rel is not None and rel.target.strip().lower() in note_keys(self_note)
        count += hits
        if self_rel:
            continue  # a relation of the merged note to itself
        out.append(new_line)
    return "\n".join(out), count


def link_mapping(retired: dict[str, Note], canonical_of: dict[str, Note],
                 protected: set[str] = frozenset()) -> dict[str, Note]:  # type: ignore[assignment]
    """Lower-case link key -> canonical note, for every retired note.

    `protected` holds keys naming notes that stay (other than the canonical):
    such an ambiguous key is never rewritten.
    """
    mapping: dict[str, Note] = {}
    for path, note in retired.items():
        canon = canonical_of[path]
        for key in note_keys(note):
            if key in protected and key not in note_keys(canon):
                continue
            mapping[key] = canon
    return mapping


def rewrite_links_text(text: str, mapping: dict[str, Note], self_note: Note | None = None
                       ) -> tuple[str, int]:
    """Links in the body of `text` rewritten by `mapping`; frontmatter is left alone."""
    if not mapping:
        return text, 0
    head, body = split_frontmatter(text)
    new_body, count = _rewrite_body(body, mapping, self_note)
    return (head + new_body if count else text), count


def rewrite_links(note: Note, retired: dict[str, Note], canonical: Note) -> tuple[str, int]:
    """`note`'s text with links to any retired note pointing at `canonical` instead.

    Covers `[[Title]]`, `[[Title|alias]]` (alias kept), `[[folder/Title]]`,
    `[[permalink]]`, `[[path.md]]`, `memory://permalink` and relation lines. When
    `note` is the canonical itself, relations that would point at itself are removed.
    """
    mapping = link_mapping(retired, {p: canonical for p in retired})
    self_note = canonical if note.path == canonical.path else None
    return rewrite_links_text(note.text, mapping, self_note)


# ------------------------------------------------------- the one write API

@dataclass
class Composed:
    """The text to write into the kept file, and what happened to every unit."""

    text: str
    added: list[UnitNote] = field(default_factory=list)  # from members, new to the base
    present: int = 0  # member units the base already says (reworded or not)
    superseded: list[Superseded] = field(default_factory=list)
    # update: prose not carried over; merge: an older note's wording with words the
    # newer one left out ("billed annually in EUR" beside the newer "billed in EUR")
    dropped: list[UnitNote] = field(default_factory=list)
    # One per line of text.splitlines(): the member a line came from, None for the base.
    line_sources: list[str | None] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        def unit(u: UnitNote) -> dict[str, str]:
            return {"source": u.source, "text": u.text, "section": u.section}

        return {"added": [unit(u) for u in self.added], "present": self.present,
                "superseded": [{"old": unit(s.old), "new": unit(s.new)}
                               for s in self.superseded],
                "dropped": [unit(u) for u in self.dropped]}


def _frontmatter(canonical: Note, kept: Note, members: list[Note], now: Any) -> str:
    """The canonical's frontmatter with the kept file's identity (title, permalink,
    `created:`), tags unioned,
    keys it lacks added from the kept note and the members, `modified:` refreshed."""
    set_keys: dict[str, tuple[Any, list[str] | None]] = {}
    if kept.path != canonical.path:
        for key in ("title", "permalink"):
            if key in kept.metadata or key in canonical.metadata:
                value = kept.metadata.get(key, getattr(kept, key))
                if canonical.metadata.get(key) != value:
                    set_keys[key] = (value, raw_block(kept, key))
        # the kept file was created when it was, not when the newer content was
        created = kept.metadata.get("created")
        if "created" in canonical.metadata and created is not None and (
                canonical.metadata["created"] != created):
            set_keys["created"] = (created, raw_block(kept, "created"))
    tags = list(canonical.tags)
    for n in (kept, *members):
        tags += [t for t in n.tags if t not in tags]
    if tags != canonical.tags:
        set_keys["tags"] = (tags, None)
    for n in (kept, *members):
        for key, value in n.metadata.items():
            if key in canonical.metadata or key in set_keys or key in _IDENTITY_KEYS:
                continue
            set_keys[key] = (value, raw_block(n, key))
    head, _ = split_frontmatter(canonical.text)
    if set_keys:
        head = edited_frontmatter(canonical, set_keys)
    if isinstance(now, dt.datetime):
        head = refresh_modified(head, now)
    elif isinstance(now, dt.date):
        head = refresh_modified(head, dt.datetime(now.year, now.month, now.day))
    return head


def prefetch_texts(notes: Iterable[Note]) -> list[str]:
    """Every text of `notes` a compose of their group may embed: prose units,
    observations, checklist and other items, section headings."""
    from .changed_claims import head_of
    from .units import TEXT_KINDS, units_of
    from .wording import clauses_of

    texts: list[str] = []
    for n in notes:
        body = parse_body(split_frontmatter(n.text)[1])
        units = units_of(body, n.path)
        texts += [u.text for u in units
                  if u.kind in TEXT_KINDS or u.kind in ("obs", "check", "other")]
        for u in units:  # what the changed-claim passes compare: main claims, clauses
            if u.kind == "sentence":
                texts += [head_of(u.text), *clauses_of(u.text)]
        texts += [s.title for s in body.sections if s.heading is not None]
    return texts


def prefetch_units(notes: Iterable[Note], vectors: UnitVectors | None = None, *,
                   priority: int = PREVIEW, cancelled: Callable[[], bool] | None = None
                   ) -> int:
    """Embed, in one batch, every text of `notes` a compose may embed (prefetch_texts),
    so that a later compose (a preview) of their group runs on cached vectors. The
    console calls it in workers once a scan has found the groups, for the group on
    screen and those the person meets next, at a lower `priority` (see
    UnitVectors.ensure), then composes them to make the few texts left (clauses).
    Returns how many texts this call embedded."""
    vectors = vectors or shared_vectors()
    before = vectors.embedded
    vectors.ensure(prefetch_texts(notes), priority=priority, cancelled=cancelled)
    return vectors.embedded - before


def compose(action: str, canonical: Note, others: list[Note], *, kept: Note | None = None,
            now: Any = None, vectors: UnitVectors | None = None,
            targets: Mapping[str, str] | None = None) -> Composed:
    """What `action` (update | merge) writes for a group.

    `canonical` decides whose content is the base and whose version wins;
    `kept` (default: the canonical; may be one of `others`) is the file written,
    whose identity (title, permalink, `# Title`) survives. `others` are every member
    but the canonical. `now` (a datetime) refreshes `modified:` where the written
    note has that key; None leaves it. Merge: the canonical's body plus what the
    others add. Update: the freshest note's body plus the observations, relations,
    links and tags of the others it lacks; their other prose is listed as dropped.
    `targets` (see `target_index`, over the project's notes) resolves relation
    targets to notes, so `[[Platform team]]` and `[[teams/platform]]` are one target;
    without it targets are matched by name forms and the group's own names.
    """
    if action not in ("update", "merge"):
        raise ValueError(f"not a writing action: {action!r}")
    seen = {canonical.path}
    members: list[Note] = []
    for n in others:
        if n.path not in seen:
            seen.add(n.path)
            members.append(n)
    kept = kept or canonical
    group = [canonical, *members] + ([kept] if kept.path not in seen else [])
    group_keys: set[str] = set()
    for n in group:
        for k in note_keys(n) | {a.lower() for a in note_aliases(n)}:
            group_keys |= {k, target_key(k)}
    group_keys |= {f"note:{n.path}" for n in group}
    base = canonical if action == "merge" else freshest([canonical, *members])
    sources = [n for n in (canonical, *members) if n.path != base.path]
    _, base_body_text = split_frontmatter(base.text)
    body = parse_body(base_body_text)
    merger = BodyMerger(base, body, Aligner(vectors or shared_vectors()), group_keys,
                        action, targets, target_index(group))
    merger.drop_relations_to({n.path for n in group if n.path != base.path})
    for n in sorted(sources, key=stated_date):
        merger.add(n, parse_body(split_frontmatter(n.text)[1]))
    before_title = body.text() if not merger.changed else None
    retitle(body, {re.sub(r"[^\w]+", " ", n.title.lower()).strip() for n in group},
            kept.title)
    changed = merger.changed or (before_title is not None and body.text() != before_title)
    head = _frontmatter(canonical, kept, members, now)
    original_head, _ = split_frontmatter(canonical.text)
    if not changed and base.path == canonical.path and head == original_head:
        text = canonical.text
        sources_per_line: list[str | None] = [None] * len(text.splitlines())
        return Composed(text, present=merger.report.present,
                        superseded=merger.report.superseded, dropped=merger.report.dropped,
                        line_sources=sources_per_line)
    rendered = body.render() if changed else [(ln, None) for ln in base_body_text.split("\n")]
    if head and rendered and rendered[0][0] != "":
        rendered.insert(0, ("", None))
    if rendered and changed:  # one final newline, like the notes we read
        while len(rendered) > 1 and rendered[-1][0] == "" and rendered[-2][0] == "":
            rendered.pop()
        if rendered[-1][0] != "":
            rendered.append(("", None))
    body_text = "\n".join(ln for ln, _ in rendered)
    text = head + body_text
    line_sources = [None] * len(head.splitlines()) + [src for _, src in rendered]
    line_sources = line_sources[: len(text.splitlines())]
    return Composed(text, added=merger.report.added, present=merger.report.present,
                    superseded=merger.report.superseded, dropped=merger.report.dropped,
                    line_sources=line_sources)

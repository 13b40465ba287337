"""Pure planning of the new text of every file a decision touches (no I/O).

The canonical note keeps its frontmatter text as written: only the keys a merge
must change (tags, keys the canonical lacks) are edited, so unknown keys, key
order, quoting and dates stay byte-identical. Bodies are edited as blocks
(paragraphs, list items, fenced code, headings) so appended content keeps its
structure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

import yaml

from .notes import Note, parse_observation, parse_relation, parse_tags

_FM_DELIM = re.compile(r"^-{3,}\s*$")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_FENCE = re.compile(r"^\s*(```|~~~)")
_TOP_KEY = re.compile(r"^([^\s#\-][^:]*?)\s*:(?:\s|$)")
_WIKILINK = re.compile(r"\[\[([^\]\[]+)\]\]")
_MEMORY_URL = re.compile(r"memory://([\w\-./]+)")
_SPACE = re.compile(r"\s+")
_SECTION_NAMES = {"observations": "obs", "relations": "rel"}
# Identity keys of the canonical: a merge never takes them from a member.
_IDENTITY_KEYS = {"title", "permalink", "type"}


# --------------------------------------------------------------------- helpers

def split_frontmatter(text: str) -> tuple[str, str]:
    """(frontmatter block incl. both delimiter lines, body) of a note's text."""
    lines = text.split("\n")
    i = 0
    while i < len(lines) and not lines[i].strip():
        i += 1
    if i >= len(lines) or not _FM_DELIM.match(lines[i]):
        return "", text
    for j in range(i + 1, len(lines)):
        if _FM_DELIM.match(lines[j]):
            head = "\n".join(lines[: j + 1]) + "\n"
            return head, "\n".join(lines[j + 1:])
    return "", text


def normalise(text: str) -> str:
    """Text for duplicate detection: case, spacing, emphasis and end punctuation ignored."""
    text = re.sub(r"[*_`]+", "", text.lower())
    return _SPACE.sub(" ", text).strip().rstrip(".;:,!").strip()


_TAG = re.compile(r"(?:^|\s)#([\w][\w/\-]*)")


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


# ----------------------------------------------------------------- body blocks

@dataclass
class _Block:
    kind: str  # heading | obs | rel | item | para | fence
    lines: list[str]
    key: str = ""
    target: str = ""  # relation target


@dataclass
class _Section:
    heading: _Block | None
    blocks: list[_Block] = field(default_factory=list)
    trailing_blank: int = 0

    @property
    def title_key(self) -> str:
        if self.heading is None:
            return ""
        m = _HEADING.match(self.heading.lines[0])
        return normalise(m.group(2)) if m else normalise(self.heading.lines[0])

    @property
    def level(self) -> int:
        if self.heading is None:
            return 0
        m = _HEADING.match(self.heading.lines[0])
        return len(m.group(1)) if m else 1


def _item_block(lines: list[str]) -> _Block:
    first = lines[0]
    rel = parse_relation(first)
    if rel is not None and len(lines) == 1:
        return _Block("rel", lines, relation_key(rel.type, rel.target), rel.target)
    obs = parse_observation(first)
    if obs is not None and len(lines) == 1:
        return _Block("obs", lines, observation_key(obs.category, obs.content))
    return _Block("item", lines, normalise(" ".join(lines)))


def _blocks(body: str) -> list[_Block | None]:
    """Blocks of a body; None marks a blank line."""
    out: list[_Block | None] = []
    lines = body.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if _FENCE.match(line):
            marker = _FENCE.match(line).group(1)  # type: ignore[union-attr]
            j = i + 1
            while j < len(lines) and not lines[j].lstrip().startswith(marker):
                j += 1
            chunk = lines[i: j + 1]
            out.append(_Block("fence", chunk, "\n".join(chunk).strip()))
            i = j + 1
            continue
        if not line.strip():
            out.append(None)
            i += 1
            continue
        if _HEADING.match(line):
            out.append(_Block("heading", [line]))
            i += 1
            continue
        if _LIST_ITEM.match(line):
            indent = len(line) - len(line.lstrip())
            j = i + 1
            while (j < len(lines) and lines[j].strip()
                   and len(lines[j]) - len(lines[j].lstrip()) > indent
                   and not _FENCE.match(lines[j])):
                j += 1
            out.append(_item_block(lines[i:j]))
            i = j
            continue
        j = i + 1
        while (j < len(lines) and lines[j].strip() and not _HEADING.match(lines[j])
               and not _LIST_ITEM.match(lines[j]) and not _FENCE.match(lines[j])):
            j += 1
        chunk = lines[i:j]
        out.append(_Block("para", chunk, normalise(" ".join(chunk))))
        i = j
    return out


def _sections(body: str) -> list[_Section]:
    sections = [_Section(None)]
    for block in _blocks(body):
        if block is None:
            sections[-1].trailing_blank += 1
            continue
        if block.kind == "heading":
            sections.append(_Section(block))
            continue
        cur = sections[-1]
        # Blank lines inside a section are kept as empty para blocks.
        for _ in range(cur.trailing_blank):
            cur.blocks.append(_Block("blank", [""]))
        cur.trailing_blank = 0
        cur.blocks.append(block)
    return sections


def _render(sections: list[_Section]) -> str:
    lines: list[str] = []
    for sec in sections:
        if sec.heading is not None:
            lines.extend(sec.heading.lines)
        for b in sec.blocks:
            lines.extend(b.lines)
        lines.extend([""] * sec.trailing_blank)
    return "\n".join(lines)


_LISTY = {"obs", "rel", "item"}


def _append(sec: _Section, block: _Block) -> None:
    content = [b for b in sec.blocks if b.kind != "blank"]
    while sec.blocks and sec.blocks[-1].kind == "blank":
        sec.blocks.pop()
    last = content[-1] if content else None
    if last is not None and not (block.kind in _LISTY and last.kind in _LISTY):
        sec.blocks.append(_Block("blank", [""]))
    if last is None and sec.heading is not None and block.kind not in _LISTY:
        sec.blocks.append(_Block("blank", [""]))
    sec.blocks.append(block)
    sec.trailing_blank = max(sec.trailing_blank, 1)


def _section_kind(sec: _Section) -> str | None:
    kinds = {b.kind for b in sec.blocks if b.kind != "blank"}
    if kinds and kinds <= {"obs"}:
        return "obs"
    if kinds and kinds <= {"rel"}:
        return "rel"
    return _SECTION_NAMES.get(sec.title_key)


# ------------------------------------------------------------------ frontmatter

def _fm_blocks(head: str) -> tuple[list[str], list[tuple[str | None, list[str]]], list[str]]:
    """(opening lines, [(key, lines)], closing lines) of a frontmatter block."""
    lines = head.rstrip("\n").split("\n")
    start = next(i for i, ln in enumerate(lines) if _FM_DELIM.match(ln))
    opening, inner, closing = lines[: start + 1], lines[start + 1: -1], lines[-1:]
    blocks: list[tuple[str | None, list[str]]] = []
    for ln in inner:
        m = _TOP_KEY.match(ln)
        if m and not ln.startswith((" ", "\t", "-")):
            blocks.append((m.group(1).strip().strip("'\""), [ln]))
        elif blocks:
            blocks[-1][1].append(ln)
        else:
            blocks.append((None, [ln]))
    return opening, blocks, closing


def _dump(key: str, value: Any) -> list[str]:
    from .notes import _yaml_safe

    text = yaml.safe_dump({key: _yaml_safe(value)}, sort_keys=False, allow_unicode=True,
                          default_flow_style=False, width=10_000)
    return text.rstrip("\n").split("\n")


def _raw_block(note: Note, key: str) -> list[str] | None:
    head, _ = split_frontmatter(note.text)
    if not head:
        return None
    _, blocks, _ = _fm_blocks(head)
    for k, lines in blocks:
        if k == key:
            try:
                loaded = yaml.safe_load("\n".join(lines))
            except yaml.YAMLError:
                return None
            if isinstance(loaded, dict) and loaded.get(key) == note.metadata.get(key):
                return lines
    return None


def _edited_frontmatter(canonical: Note, tags: list[str] | None,
                        new_keys: dict[str, tuple[Any, list[str] | None]]) -> str:
    """The canonical's frontmatter text with tags replaced and keys added, else unchanged."""
    head, _ = split_frontmatter(canonical.text)
    expected = dict(canonical.metadata)
    if tags is not None:
        expected["tags"] = tags
    for key, (value, _raw) in new_keys.items():
        expected[key] = value
    if not head:
        from .notes import _yaml_safe

        fm = yaml.safe_dump(_yaml_safe(expected), sort_keys=False, allow_unicode=True,
                            default_flow_style=False, width=10_000)
        return f"---\n{fm}---\n"
    opening, blocks, closing = _fm_blocks(head)
    if tags is not None:
        for i, (k, _lines) in enumerate(blocks):
            if k == "tags":
                blocks[i] = ("tags", _dump("tags", tags))
                break
        else:
            blocks.append(("tags", _dump("tags", tags)))
    for key, (value, raw) in new_keys.items():
        blocks.append((key, raw or _dump(key, value)))
    lines = opening + [ln for _, blk in blocks for ln in blk] + closing
    text = "\n".join(lines) + "\n"
    try:
        loaded = yaml.safe_load("\n".join(lines[1:-1])) or {}
    except yaml.YAMLError:
        loaded = None
    if loaded != expected:  # odd original formatting: fall back to a clean dump
        from .notes import _yaml_safe

        fm = yaml.safe_dump(_yaml_safe(expected), sort_keys=False, allow_unicode=True,
                            default_flow_style=False, width=10_000)
        text = f"---\n{fm}---\n"
    return text


# ---------------------------------------------------------------- public API

def _title_heading(sections: list[_Section]) -> int | None:
    for i, sec in enumerate(sections):
        if sec.level == 1:
            return i
        if sec.heading is not None:
            return None
    return None


def _join(head: str, body: str) -> str:
    if not head:
        return body
    return head + body


def freshest(notes: Iterable[Note]) -> Note:
    """The note with the latest `modified`; the first one wins ties."""
    best: Note | None = None
    for n in notes:
        if best is None or n.modified > best.modified:
            best = n
    assert best is not None
    return best


def updated_text(canonical: Note, others: list[Note]) -> str:
    """Canonical frontmatter + the freshest member's body (unchanged if canonical is freshest)."""
    fresh = freshest([canonical, *others])
    if fresh is canonical or fresh.path == canonical.path:
        return canonical.text
    head, _ = split_frontmatter(canonical.text)
    _, body = split_frontmatter(fresh.text)
    sections = _sections(body)
    h1 = _title_heading(sections)
    if h1 is not None and normalise(sections[h1].title_key) == normalise(fresh.title):
        # The body's title heading follows the note's (kept) title.
        sections[h1].heading = _Block("heading", [f"# {canonical.title}"])
        body = _render(sections)
    if head and not body.startswith("\n"):
        body = "\n" + body
    return _join(head, body)


def merged_text(canonical: Note, others: list[Note]) -> str:
    """Canonical text plus what the others add: observations, relations, prose, tags, keys.

    Relations from a member to a note of the same group are dropped (they would
    point at the merged note itself). Returns the canonical's text unchanged when
    the others add nothing.
    """
    group_keys: set[str] = set()
    for n in (canonical, *others):
        group_keys |= note_keys(n)
    head, body = split_frontmatter(canonical.text)
    sections = _sections(body)
    seen: set[str] = set()
    for sec in sections:
        for b in sec.blocks:
            if b.kind != "blank":
                seen.add(f"{b.kind}:{b.key}")
    by_title = {sec.title_key: i for i, sec in enumerate(sections) if sec.heading is not None}
    canon_h1 = _title_heading(sections)
    special = {kind: i for i, sec in enumerate(sections) if (kind := _section_kind(sec))}
    first_special = min(special.values(), default=len(sections))
    if first_special == 0:
        first_special = len(sections)
    new_sections: list[_Section] = []  # before the observation/relation sections
    new_special: dict[str, _Section] = {}
    changed = False

    def block_key(b: _Block) -> str:
        return f"{b.kind}:{b.key}"

    for other in others:
        if other.path == canonical.path:
            continue
        _, obody = split_frontmatter(other.text)
        osections = _sections(obody)
        other_h1 = _title_heading(osections)
        made: dict[str, _Section] = {}
        for oi, osec in enumerate(osections):
            if oi == other_h1 or osec.heading is None:
                target_idx = canon_h1 if canon_h1 is not None else 0
            else:
                target_idx = by_title.get(osec.title_key)
            for b in osec.blocks:
                if b.kind == "blank" or block_key(b) in seen:
                    continue
                if b.kind == "rel" and b.target.strip().lower() in group_keys:
                    continue
                seen.add(block_key(b))
                changed = True
                if b.kind in ("obs", "rel"):
                    if b.kind in special:
                        _append(sections[special[b.kind]], b)
                        continue
                    if b.kind not in new_special:
                        name = "Observations" if b.kind == "obs" else "Relations"
                        new_special[b.kind] = _Section(_Block("heading", [f"## {name}"]))
                    _append(new_special[b.kind], b)
                    continue
                if target_idx is not None:
                    _append(sections[target_idx], b)
                    continue
                key = osec.title_key
                if key not in made:
                    made[key] = _Section(osec.heading)
                    new_sections.append(made[key])
                _append(made[key], b)

    tags_union = list(canonical.tags)
    for other in others:
        for t in other.tags:
            if t not in tags_union:
                tags_union.append(t)
    new_tags = tags_union if tags_union != canonical.tags else None
    new_keys: dict[str, tuple[Any, list[str] | None]] = {}
    for other in others:
        for key, value in other.metadata.items():
            if key in canonical.metadata or key in new_keys or key in _IDENTITY_KEYS:
                continue
            if key == "tags":
                continue
            new_keys[key] = (value, _raw_block(other, key))
    if not changed and new_tags is None and not new_keys:
        return canonical.text

    if changed:
        ordered = (sections[:first_special] + new_sections + sections[first_special:]
                   + [new_special[k] for k in ("obs", "rel") if k in new_special])
        for i, sec in enumerate(ordered):
            if i < len(ordered) - 1:
                sec.trailing_blank = max(sec.trailing_blank, 1)
            else:
                sec.trailing_blank = 0
        body = _render(ordered).rstrip("\n") + "\n"
    if new_tags is not None or new_keys:
        if new_tags is not None and isinstance(canonical.metadata.get("tags"), str):
            new_tags = parse_tags(new_tags)
        head = _edited_frontmatter(canonical, new_tags, new_keys)
        if not body.startswith("\n"):
            body = "\n" + body
    return _join(head, body)


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

        new_line = _WIKILINK.sub(wiki, line)
        new_line = _MEMORY_URL.sub(memory, new_line)
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
# Every writer (apply's plan, the console preview, upsert_note) calls `compose`,
# so what a preview shows is what apply writes.

@dataclass(frozen=True)
class UnitNote:
    """One unit (sentence, list item, observation, relation, row...) in a report."""

    source: str  # path of the note it comes from
    text: str
    section: str = ""  # heading of the section it is in ("" for the lead)


@dataclass(frozen=True)
class Superseded:
    """An older value that a newer note replaced; never written beside the new one."""

    old: UnitNote
    new: UnitNote


@dataclass
class Composed:
    """The text to write into the kept file, and what happened to every unit."""

    text: str
    added: list[UnitNote] = field(default_factory=list)  # from members, new to the base
    present: int = 0  # member units the base already says (reworded or not)
    superseded: list[Superseded] = field(default_factory=list)
    dropped: list[UnitNote] = field(default_factory=list)  # update: prose not carried over

    def to_json(self) -> dict[str, Any]:
        def unit(u: UnitNote) -> dict[str, str]:
            return {"source": u.source, "text": u.text, "section": u.section}

        return {"added": [unit(u) for u in self.added], "present": self.present,
                "superseded": [{"old": unit(s.old), "new": unit(s.new)}
                               for s in self.superseded],
                "dropped": [unit(u) for u in self.dropped]}


def compose(action: str, canonical: Note, others: list[Note], *, kept: Note | None = None,
            now: Any = None) -> Composed:
    """What `action` (update | merge) writes for a group.

    `canonical` decides whose content is the base and whose version wins;
    `kept` (default: the canonical) is the file written, whose identity (path,
    title, permalink) survives. `others` are every member but the canonical.
    `now` (a datetime) refreshes `modified:` where the kept note has that key.
    """
    if action not in ("update", "merge"):
        raise ValueError(f"not a writing action: {action!r}")
    text = (updated_text if action == "update" else merged_text)(canonical, others)
    return Composed(text)

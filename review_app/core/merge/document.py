"""A note body as sections, blocks and units that remember their lines.

Nothing here renders: the base note is written as its bytes are, and a carried unit
is written as the lines it has in its own note. Lines are indexes into the body's
`split("\\n")`, so an insertion point is one integer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property

from ..notes import parse_observation, parse_relation
from ..units import normalise, split_sentences
from .ledger import BlockKind, UnitKind

_ATX = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)\s*$")
_FENCE = re.compile(r"^\s*(```+|~~~+)")
# an ordered marker is 1-9 digits (CommonMark): a longer run opens no list item
_ITEM = re.compile(r"^(\s*)([-*+]|\d{1,9}[.)])(\s+)(.*)$")
_BOX = re.compile(r"^\[([ xX])\]\s+(.*)$")
_FOOTNOTE = re.compile(r"^\[\^[^\]]+\]:\s*")
_TABLE_SEP = re.compile(r"^\s*\|?\s*:?-{2,}")


def cells(line: str) -> list[str]:
    """A table line's cells, as written (the outer pipes dropped)."""
    return [c.strip() for c in line.strip().strip("|").split("|")]


def item_marker(line: str) -> tuple[str, str] | None:
    """A list line's indent and marker ("-", "*", "+", "3."), as the parser reads them."""
    m = _ITEM.match(line)
    return (m.group(1), m.group(2)) if m is not None else None


@dataclass
class Unit:
    kind: UnitKind
    text: str  # content compared (markers, boxes off)
    raw: list[str]  # its lines as written (a sentence: the sentence alone)
    start: int  # first line of the unit (a sentence: its paragraph's first line)
    end: int  # one past its last line
    block: int  # index in Document.blocks
    box: str | None = None  # checklist box

    @cached_property
    def norm(self) -> str:
        # Cached: the passes compare it pairwise, and normalising is a dozen regexes.
        return normalise(self.text)


@dataclass
class Block:
    kind: BlockKind
    start: int
    end: int
    section: int
    units: list[Unit] = field(default_factory=list)
    header: str = ""  # a table's header row, normalised


@dataclass
class Section:
    title: str  # heading text ("" for the part before the first heading)
    level: int
    start: int  # heading line (or 0)
    end: int  # one past its last line
    blocks: list[int] = field(default_factory=list)

    @property
    def is_intro(self) -> bool:
        """The part before the first heading or the title's (level 1) section: the note's
        intro, what it is about; the one notion every pass asks."""
        return self.level <= 1

    @property
    def last_content(self) -> int:
        """One past the last non-blank line (where a carried unit goes)."""
        return self.end


@dataclass
class Document:
    path: str
    lines: list[str]
    sections: list[Section]
    blocks: list[Block]

    def structured_only(self, k: int) -> bool:
        """Section `k` holds only observations or relations (none of the note's prose)."""
        units = [u for b in self.sections[k].blocks for u in self.blocks[b].units]
        return bool(units) and all(u.kind in ("obs", "rel") for u in units)

    @property
    def units(self) -> list[Unit]:
        return [u for b in self.blocks for u in b.units]

    def section_of(self, unit: Unit) -> Section:
        return self.sections[self.blocks[unit.block].section]


def interrupts(item: re.Match[str]) -> bool:
    """A list item line may end the paragraph above it (CommonMark): a bullet with
    content, an ordered item only when it starts at 1. "call\n999. The nearest ..." and
    "in\n2024. We ..." are a hard-wrapped paragraph going on, not a list."""
    marker, rest = item.group(2), item.group(4)
    if not rest.strip():
        return False
    return not marker[:1].isdecimal() or int(marker[:-1]) == 1


def _list_kind(first_marker: str, boxed: bool) -> BlockKind:
    if boxed:
        return "checklist"
    return "numbered" if first_marker[:1].isdigit() else "list"


def parse(path: str, body: str) -> Document:
    lines = body.split("\n")
    sections = [Section("", 0, 0, 0)]
    blocks: list[Block] = []
    n = len(lines)
    i = 0

    def add(kind: BlockKind, start: int, end: int) -> Block:
        b = Block(kind, start, end, len(sections) - 1)
        sections[-1].blocks.append(len(blocks))
        blocks.append(b)
        return b

    while i < n:
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        if m := _ATX.match(line):
            sections.append(Section(m.group(2).strip(), len(m.group(1)), i, i + 1))
            i += 1
            continue
        if (fm := _FENCE.match(line)) is not None:
            j = i + 1
            while j < n and not lines[j].strip().startswith(fm.group(1)[:3]):
                j += 1
            j = min(j + 1, n)
            b = add("fence", i, j)
            b.units.append(Unit("code", "\n".join(lines[i + 1:j - 1]), lines[i:j], i, j,
                                len(blocks) - 1))
            i = j
            continue
        if line.startswith(("    ", "\t")) and not _ITEM.match(line):
            j = i
            while j < n and (lines[j].startswith(("    ", "\t")) or not lines[j].strip()):
                j += 1
            while j > i and not lines[j - 1].strip():
                j -= 1
            b = add("code", i, j)
            b.units.append(Unit("code", "\n".join(lines[i:j]), lines[i:j], i, j,
                                len(blocks) - 1))
            i = j
            continue
        if line.strip().startswith("|") and line.strip().count("|") >= 2:
            j = i
            while j < n and lines[j].strip().startswith("|"):
                j += 1
            b = add("table", i, j)
            header = True
            for k in range(i, j):
                row = cells(lines[k])
                if _TABLE_SEP.match(lines[k]):
                    continue
                if header:
                    b.header = normalise(" | ".join(row))
                    header = False
                    continue
                b.units.append(Unit("row", " | ".join(row), [lines[k]], k, k + 1,
                                    len(blocks) - 1))
            i = j
            continue
        if _FOOTNOTE.match(line):
            j = i
            while j < n and (_FOOTNOTE.match(lines[j]) or (
                    j > i and lines[j].startswith(("  ", "\t")) and lines[j].strip())):
                j += 1
            b = add("footnotes", i, j)
            for k in range(i, j):
                if _FOOTNOTE.match(lines[k]):
                    b.units.append(Unit("footnote", lines[k].strip(), [lines[k]], k, k + 1,
                                        len(blocks) - 1))
                elif b.units:
                    b.units[-1].raw.append(lines[k])
                    b.units[-1].end = k + 1
                    b.units[-1].text += " " + lines[k].strip()
            i = j
            continue
        if (im := _ITEM.match(line)) is not None:
            i = _parse_list(lines, i, add, blocks, im)
            continue
        # a paragraph (or a setext heading)
        j = i
        while j < n and lines[j].strip() and not _ATX.match(lines[j]) \
                and not _FENCE.match(lines[j]) and not (
                    j > i and (im := _ITEM.match(lines[j])) is not None and interrupts(im)):
            if j > i and _SETEXT.match(lines[j]):
                break
            j += 1
        if j < n and j > i and _SETEXT.match(lines[j]) and j == i + 1:
            level = 1 if lines[j].strip().startswith("=") else 2
            sections.append(Section(line.strip(), level, i, j + 1))
            i = j + 1
            continue
        b = add("para", i, j)
        text = " ".join(ln.strip() for ln in lines[i:j])
        if text.startswith(">"):
            b.kind = "other"
            b.units.append(Unit("other", text, lines[i:j], i, j, len(blocks) - 1))
        else:
            for s in (s for seg in _hard_lines(lines[i:j]) for s in split_sentences(seg)):
                b.units.append(Unit("sentence", s, [s], i, j, len(blocks) - 1))
        i = j
    for k, sec in enumerate(sections):
        sec.end = sections[k + 1].start if k + 1 < len(sections) else n
        last = [blocks[b].end for b in sec.blocks]
        sec.end = max(last) if last else sec.start + (1 if sec.title else 0)
    return Document(path, lines, sections, blocks)


def _hard_lines(lines: list[str]) -> list[str]:
    """A paragraph's parts between hard line breaks (two trailing spaces or a
    backslash): "Studio manager: K. Morgan  / Office hours: 10-18" are two lines a
    reader reads apart, so no sentence runs across one."""
    out: list[str] = []
    cur: list[str] = []
    for ln in lines:
        hard = ln.endswith("  ") or ln.rstrip().endswith("\\")
        cur.append(ln.strip().removesuffix("\\").rstrip() if hard else ln.strip())
        if hard:
            out.append(" ".join(cur))
            cur = []
    if cur:
        out.append(" ".join(cur))
    return [t for t in out if t]


def _parse_list(lines, i, add, blocks, first) -> int:  # noqa: ANN001
    n = len(lines)
    j = i
    items: list[tuple[int, int]] = []
    ordered: set[str] = set()  # indents at which the list has ordered items
    while j < n:
        m = _ITEM.match(lines[j])
        if m is not None and items and lines[j - 1].strip() and not interrupts(m) \
                and not (m.group(2)[:1].isdigit() and m.group(1) in ordered):
            items[-1] = (items[-1][0], j + 1)  # "- call\n999. The ...": the item goes on
            j += 1
            continue
        if m is not None:
            if m.group(2)[:1].isdigit():
                ordered.add(m.group(1))
            items.append((j, j + 1))
            j += 1
            continue
        if lines[j].strip() and lines[j].startswith((" ", "\t")) and items:
            items[-1] = (items[-1][0], j + 1)
            j += 1
            continue
        if not lines[j].strip() and j + 1 < n and items and (
                ((nxt := _ITEM.match(lines[j + 1])) is not None and nxt.group(1))
                or (lines[j + 1].startswith(("  ", "\t")) and lines[j + 1].strip())):
            j += 1  # a loose list or an indented continuation
            continue
        break
    top = first.group(1)
    matched = [_matched(_ITEM, lines[s]) for s, _ in items]
    boxed = any(_BOX.match(m.group(4)) for m in matched if m.group(1) == top)
    kind = _list_kind(first.group(2), boxed)
    b = add(kind, i, j)
    for s, e in items:
        indent, marker, _, rest = _matched(_ITEM, lines[s]).groups()
        raw = lines[s:e]
        box = None
        if len(raw) == 1 and parse_relation(raw[0]) is not None:
            ukind: UnitKind = "rel"
        elif len(raw) == 1 and parse_observation(raw[0]) is not None:
            ukind = "obs"
        elif (bm := _BOX.match(rest)) is not None:
            ukind, box, rest = "check", bm.group(1), bm.group(2)
        else:
            ukind = "step" if marker[:1].isdigit() else "item"
        text = " ".join([rest.strip(), *(ln.strip() for ln in raw[1:])]).strip()
        b.units.append(Unit(ukind, text, raw, s, e, len(blocks) - 1, box))
    return j


def _matched(pattern: re.Pattern[str], line: str) -> re.Match[str]:
    """`pattern.match(line)` for a line already known to match it."""
    m = pattern.match(line)
    assert m is not None, line
    return m

"""A note body as sections of blocks, and the units a merge aligns.

A unit is the smallest thing a reader checks off: one sentence of prose, one list,
checklist or numbered item, one table row, one fenced code block, one observation,
one relation. Blocks keep their original lines and the blank lines before them, so
a body whose blocks were not edited renders back byte for byte; an edited block is
rendered from its units (a paragraph on one line, a numbered list renumbered).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .notes import _TAG_RE, _WIKILINK_RE, parse_observation, parse_relation

HEADING_RE = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_ITEM_RE = re.compile(r"^(\s*)([-*+]|\d+[.)])(\s+)(.*)$")
_BOX_RE = re.compile(r"^\[([ xX])\]\s+(.*)$")
_FENCE_RE = re.compile(r"^\s*(```+|~~~+)")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(`*\[])")
# An initial ("J. Smith") is a lone capital after a space; one after a number or a
# symbol is a unit of measure ("at 82 °C.", "200 C.", "5 V.") and ends the sentence.
_ABBREV = re.compile(r"(?:\b(?:e\.g|i\.e|etc|vs|cf|Dr|Mr|Mrs|Ms|Prof|St|No|approx)\.|"
                     r"(?:^|(?<=\s))(?<!\d\s)[A-Z]\.)$")
_SPACE = re.compile(r"\s+")

TEXT_KINDS = frozenset({"sentence", "item", "step"})


def normalise(text: str) -> str:
    """Text for exact comparison: case, spacing, emphasis and end punctuation ignored."""
    text = re.sub(r"[*_`]+", "", text.lower())
    return _SPACE.sub(" ", text).strip().rstrip(".;:,!").strip()


_PROTECTED = re.compile(r"`[^`\n]*`|\[\[[^\]]*\]\]|\([^()\n]*\)|https?://\S+")


def split_sentences(text: str) -> list[str]:
    """Sentences of a paragraph; abbreviations, code spans, links and parentheses
    never end one."""
    text = _SPACE.sub(" ", text.strip())
    kept: list[str] = []

    def hide(m: re.Match[str]) -> str:
        kept.append(m.group(0))
        return f"\x00{len(kept) - 1}\x01"

    hidden = _PROTECTED.sub(hide, text)
    parts = _SENTENCE_END.split(hidden)
    out: list[str] = []
    for part in parts:
        if out and _ABBREV.search(out[-1]):
            out[-1] = f"{out[-1]} {part}"
        elif part:
            out.append(part)
    return [re.sub(r"\x00(\d+)\x01", lambda m: kept[int(m.group(1))], p) for p in out]


@dataclass
class Item:
    """One list item; `text` is its content after the marker (and box)."""

    lines: list[str]
    indent: str
    marker: str
    box: str | None
    text: str
    kind: str  # item | step | check | obs | rel
    source: str | None = None

    def render(self, marker: str | None = None) -> list[str]:
        m = marker or self.marker
        box = f"[{self.box}] " if self.box is not None else ""
        if self.source is None and marker in (None, self.marker) and self.lines:
            return list(self.lines)
        first = f"{self.indent}{m} {box}{self.text}"
        return [first, *self.lines[1:]] if self.lines else [first]


@dataclass
class Block:
    """A paragraph, list, table, fenced code or other run of lines."""

    kind: str  # para | list | table | fence | other
    lines: list[str]
    blank_before: int = 0
    sentences: list[str] = field(default_factory=list)
    sentence_sources: list[str | None] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    header: list[str] = field(default_factory=list)  # table header + separator lines
    rows: list[str] = field(default_factory=list)
    row_sources: list[str | None] = field(default_factory=list)
    source: str | None = None  # the member a whole new block came from
    changed: bool = False

    @property
    def numbered(self) -> bool:
        return bool(self.items) and self.items[0].marker[:1].isdigit()

    def render(self) -> list[tuple[str, str | None]]:
        if not self.changed:
            return [(ln, self.source) for ln in self.lines]
        if self.kind == "para":
            srcs = [s for s in self.sentence_sources if s is not None]
            return [(" ".join(self.sentences), self.source or (srcs[0] if srcs else None))]
        if self.kind == "list":
            out: list[tuple[str, str | None]] = []
            number = re.match(r"\d+", self.items[0].marker) if self.numbered else None
            start = int(number.group(0)) if number else 0
            style = self.items[0].marker
            for i, item in enumerate(self.items):
                if self.numbered:
                    marker = f"{start + i}{style[-1]}"
                elif item.marker[:1].isdigit() or item.marker != style:
                    marker = style
                else:
                    marker = None
                out += [(ln, item.source) for ln in item.render(marker)]
            return out
        if self.kind == "table":
            return ([(ln, self.source) for ln in self.header]
                    + list(zip(self.rows, self.row_sources, strict=True)))
        return [(ln, self.source) for ln in self.lines]


@dataclass
class Section:
    heading: str | None  # the heading line
    blocks: list[Block] = field(default_factory=list)
    blank_before: int = 0  # blank lines before the heading
    source: str | None = None

    @property
    def level(self) -> int:
        m = HEADING_RE.match(self.heading or "")
        return len(m.group(1)) if m else 0

    @property
    def title(self) -> str:
        m = HEADING_RE.match(self.heading or "")
        return m.group(2).strip() if m else ""


@dataclass
class Body:
    sections: list[Section]
    trailing: int = 0  # blank lines at the end

    def render(self) -> list[tuple[str, str | None]]:
        out: list[tuple[str, str | None]] = []
        for sec in self.sections:
            if sec.heading is not None:
                out += [("", None)] * sec.blank_before
                out.append((sec.heading, sec.source))
            for b in sec.blocks:
                out += [("", None)] * b.blank_before
                out += b.render()
        out += [("", None)] * self.trailing
        return out

    def text(self) -> str:
        return "\n".join(ln for ln, _ in self.render())


def _item(lines: list[str]) -> Item:
    m = _ITEM_RE.match(lines[0])
    assert m is not None
    indent, marker, _, rest = m.groups()
    first = lines[0]
    box = None
    if len(lines) == 1 and parse_relation(first) is not None:
        kind = "rel"
    elif len(lines) == 1 and parse_observation(first) is not None:
        kind = "obs"
    elif (bm := _BOX_RE.match(rest)) is not None:
        kind, box, rest = "check", bm.group(1), bm.group(2)
    else:
        kind = "step" if marker[:1].isdigit() else "item"
    return Item(lines, indent, marker, box, rest.strip(), kind)


def _is_table_line(line: str) -> bool:
    s = line.strip()
    return s.startswith("|") and s.count("|") >= 2


def parse_body(body: str) -> Body:
    """Sections and blocks of a body; the exact lines are kept for rendering."""
    lines = body.split("\n")
    sections = [Section(None)]
    blank = 0
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            blank += 1
            i += 1
            continue
        cur = sections[-1]
        if HEADING_RE.match(line):
            sections.append(Section(line, blank_before=blank))
            blank = 0
            i += 1
            continue
        if fm := _FENCE_RE.match(line):
            j = i + 1
            while j < len(lines) and not lines[j].lstrip().startswith(fm.group(1)):
                j += 1
            cur.blocks.append(Block("fence", lines[i: j + 1], blank))
            i = j + 1
        elif _ITEM_RE.match(line):
            block = Block("list", [], blank)
            while i < len(lines) and _ITEM_RE.match(lines[i]):
                indent = len(lines[i]) - len(lines[i].lstrip())
                j = i + 1
                while (j < len(lines) and lines[j].strip() and not _ITEM_RE.match(lines[j])
                       and len(lines[j]) - len(lines[j].lstrip()) > indent
                       and not _FENCE_RE.match(lines[j])):
                    j += 1
                block.items.append(_item(lines[i:j]))
                block.lines += lines[i:j]
                i = j
            cur.blocks.append(block)
        elif _is_table_line(line):
            j = i
            while j < len(lines) and _is_table_line(lines[j]):
                j += 1
            chunk = lines[i:j]
            has_sep = len(chunk) > 1 and set(chunk[1].replace("|", "").strip()) <= set("-: ")
            header = chunk[:2] if has_sep else []
            rows = chunk[2:] if has_sep else chunk
            cur.blocks.append(Block("table", chunk, blank, header=header, rows=rows,
                                    row_sources=[None] * len(rows)))
            i = j
        else:
            j = i + 1
            while (j < len(lines) and lines[j].strip() and not HEADING_RE.match(lines[j])
                   and not _ITEM_RE.match(lines[j]) and not _FENCE_RE.match(lines[j])
                   and not _is_table_line(lines[j])):
                j += 1
            chunk = lines[i:j]
            if chunk[0].lstrip().startswith((">", "<")):
                cur.blocks.append(Block("other", chunk, blank))
            else:
                sents = split_sentences(" ".join(x.strip() for x in chunk))
                cur.blocks.append(Block("para", chunk, blank, sentences=sents,
                                        sentence_sources=[None] * len(sents)))
            i = j
        blank = 0
    return Body(sections, trailing=blank)


# ------------------------------------------------------------------- units

@dataclass
class Unit:
    """One alignable unit, pointing back at where it sits in its body."""

    kind: str  # sentence | item | step | check | row | code | obs | rel | other
    text: str  # what is compared (no marker, no box)
    raw: str  # as written (one line; code: the whole fence)
    section: int
    block: int
    index: int  # sentence / item / row index inside the block (0 for whole blocks)
    source: str
    order: int = 0
    box: str | None = None
    key: str = ""  # rows: header::first cell; kv lines: key; obs: category
    category: str = ""
    table_header: str = ""

    @property
    def section_key(self) -> tuple[int, int]:
        return (self.section, self.block)


_KV_RE = re.compile(r"^\**([A-Z][\w /&()-]{0,40}?)\**\s*:\s+\S")


def kv_key(text: str) -> str:
    """The key of a `Key: value` line ("status", "price"), else ""."""
    m = _KV_RE.match(text.strip())
    return normalise(m.group(1)) if m else ""


def row_cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def units_of(body: Body, source: str) -> list[Unit]:
    """Every unit of a body in reading order."""
    out: list[Unit] = []
    for si, sec in enumerate(body.sections):
        for bi, b in enumerate(sec.blocks):
            if b.kind == "para":
                for k, s in enumerate(b.sentences):
                    out.append(Unit("sentence", s, s, si, bi, k, source, key=kv_key(s)))
            elif b.kind == "list":
                for k, it in enumerate(b.items):
                    u = Unit(it.kind, it.text, " ".join(x.strip() for x in it.lines), si, bi,
                             k, source, box=it.box)
                    if it.kind == "obs":
                        obs = parse_observation(it.lines[0])
                        assert obs is not None
                        u.category = normalise(obs.category)
                        u.text = _TAG_RE.sub(" ", obs.content).strip()
                    elif it.kind == "rel":
                        rel = parse_relation(it.lines[0])
                        assert rel is not None
                        u.category = normalise(rel.type)
                        u.key = rel.target
                    else:
                        u.key = kv_key(it.text)
                    out.append(u)
            elif b.kind == "table":
                head = normalise(b.header[0]) if b.header else ""
                for k, row in enumerate(b.rows):
                    cells = row_cells(row)
                    out.append(Unit("row", " | ".join(cells), row.strip(), si, bi, k, source,
                                    key=f"{head}::{normalise(cells[0]) if cells else ''}",
                                    table_header=head))
            elif b.kind == "fence":
                code = "\n".join(b.lines)
                out.append(Unit("code", code, code, si, bi, 0, source,
                                key=b.lines[0].strip().lstrip("`~").strip()))
            else:
                text = " ".join(x.strip() for x in b.lines)
                out.append(Unit("other", text, text, si, bi, 0, source))
    for n, u in enumerate(out):
        u.order = n
    return out


def inline_tags(text: str) -> set[str]:
    return {t.lower() for t in _TAG_RE.findall(text)}


def link_names(text: str) -> list[str]:
    return [m.group(1).split("|", 1)[0].strip() for m in _WIKILINK_RE.finditer(text)]

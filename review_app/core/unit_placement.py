"""Where a member's new unit goes in the written body, and what it is next to.

A new sentence joins the paragraph of the sentence it follows in its own note (else
precedes the one it comes before); a new list item goes after its predecessor, else
into the section's list of its kind; a table row into its table; a section the base
lacks after the section it follows; observations and relations into the base's lists
of them. Used by body_merge.BodyMerger, whose state (body, locations, report) it edits.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .dating import stated_date
from .notes import Note
from .units import Block, Body, Item, Section, Unit, normalise

if TYPE_CHECKING:
    from .align import Match

_OBS_TITLES = {"observations", "observation", "facts"}
_REL_TITLES = {"relations", "relation", "related", "links"}


@dataclass
class Loc:
    """Where a unit of the output sits, and who wrote the version there."""

    section: Section
    block: Block
    ref: object  # sentence index | Item | row index | None (whole block)
    unit: Unit
    modified: dt.datetime


def _title_key(text: str) -> str:
    return re.sub(r"[^\w]+", " ", text.lower()).strip()


def _list_kinds(block: Block) -> set[str]:
    return {it.kind for it in block.items} if block.kind == "list" else set()


def _header_key(block: Block) -> str:
    return normalise(block.header[0]) if block.header else ""



class Placement:
    """The placing half of BodyMerger (see there for the state it keeps)."""

    body: Body
    locs: dict[int, Loc]
    report: Any
    changed: bool
    _ctx_units: list[Unit]
    _ctx_matches: dict[int, Match]
    _ctx_body: Body | None
    _members: dict[str, Note]

    def _track(self, u: Unit, loc: Loc) -> None:
        raise NotImplementedError

    def _know(self, u: Unit) -> None:
        raise NotImplementedError

    def _note(self, u: Unit, sec_title: str) -> Any:
        raise NotImplementedError

    def _special(self, kind: str) -> Section | None:
        """The base section holding observations (or relations), if any."""
        titles = _OBS_TITLES if kind == "obs" else _REL_TITLES
        for sec in self.body.sections:
            if _title_key(sec.title) in titles:
                return sec
        for sec in reversed(self.body.sections):
            if any(kind in _list_kinds(b) for b in sec.blocks):
                return sec
        return None

    def _first_special_index(self) -> int:
        for i, sec in enumerate(self.body.sections):
            if i and _title_key(sec.title) in _OBS_TITLES | _REL_TITLES:
                return i
        return len(self.body.sections)

    def _join_paragraph(self, u: Unit, target: Section, anchor: Loc | None, note: Note
                        ) -> Loc | None:
        """A new sentence goes into the written paragraph that holds its neighbours in
        its own note: after the sentence it follows, else before the one it precedes."""
        pos = None
        if (anchor is not None and anchor.block.kind == "para" and anchor.section is target
                and isinstance(anchor.ref, int) and anchor.block in target.blocks):
            blk, pos = anchor.block, anchor.ref + 1
        else:
            for v in self._ctx_units[u.order + 1:]:
                if (v.section, v.block) != (u.section, u.block):
                    break
                loc = self._lookahead(v)
                if loc is None:
                    continue
                if (loc.block.kind == "para" and loc.section is target
                        and isinstance(loc.ref, int) and loc.block in target.blocks):
                    blk, pos = loc.block, loc.ref
                break
        if pos is None:
            return None
        for loc in self.locs.values():  # sentences after the insertion moved on
            if loc.block is blk and isinstance(loc.ref, int) and loc.ref >= pos:
                loc.ref += 1
        blk.sentences.insert(pos, u.raw)
        blk.sentence_sources.insert(pos, u.source)
        blk.changed = True
        return self._add_loc(u, target, blk, pos, note)

    def _add_loc(self, u: Unit, sec: Section, blk: Block, ref: object, note: Note) -> Loc:
        loc = Loc(sec, blk, ref, u, stated_date(note))
        self._track(u, loc)
        self._know(u)
        return loc

    def _new_section(self, msec: Section, mi: int, mapping: dict[int, Section | None],
                     made: dict[int, Section]) -> Section:
        """A member section the base lacks, placed after the section it follows."""
        sec = Section(msec.heading, blank_before=1, source=None)
        prev = None
        for j in range(mi - 1, -1, -1):
            prev = mapping.get(j) or made.get(j)
            if prev is not None:
                break
        limit = self._first_special_index()
        pos = limit
        if prev is not None and prev in self.body.sections:
            pos = min(self.body.sections.index(prev) + 1, limit)
            # keep subsections of the previous section together
            level = prev.level
            while (pos < limit and self.body.sections[pos].level > level > 0):
                pos += 1
        self.body.sections.insert(pos, sec)
        made[mi] = sec
        return sec

    def _lookahead(self, v: Unit) -> Loc | None:
        m = self._ctx_matches.get(id(v))
        if m is not None and m.base is not None:
            return self.locs.get(id(m.base))
        return self.locs.get(id(v))

    def _next_known(self, u: Unit, target: Section) -> Loc | None:
        """Where the next unit of u's member section that the base has is written."""
        for v in self._ctx_units[u.order + 1:]:
            if v.section != u.section:
                return None
            loc = self._lookahead(v)
            if loc is not None and loc.section is target and loc.block in target.blocks:
                return loc
        return None

    def _place(self, blk: Block, target: Section, anchor: Loc | None, u: Unit) -> None:
        """Insert a new block after the anchor's block, else before the next known unit."""
        blocks = target.blocks
        if not blocks and target.heading is not None and self._ctx_body is not None:
            msec = self._ctx_body.sections[u.section]
            blk.blank_before = msec.blocks[u.block].blank_before if msec.blocks else 1
        if anchor is not None and anchor.section is target and anchor.block in blocks:
            pos = blocks.index(anchor.block) + 1
        else:
            nxt = self._next_known(u, target)
            if nxt is not None:
                pos = blocks.index(nxt.block)
            else:
                pos = len(blocks)
                for i, b in enumerate(blocks):
                    if _list_kinds(b) & {"obs", "rel"}:
                        pos = i
                        break
        if pos < len(blocks) and pos == 0:
            blk.blank_before, blocks[0].blank_before = blocks[0].blank_before, 1
        elif not blocks and target.heading is None:
            blk.blank_before = 1
        blocks.insert(pos, blk)
        self.changed = True

    def _insert_item(self, u: Unit, target: Section, mblock: Block, key: tuple[int, int],
                     open_blocks: dict[tuple[int, int], Block], anchor: Loc | None) -> Loc:
        mitem = mblock.items[u.index]
        item = Item(list(mitem.lines), mitem.indent, mitem.marker, mitem.box, mitem.text,
                    mitem.kind, source=u.source)
        note = self._member_note(u)
        if (anchor is not None and anchor.section is target and anchor.block.kind == "list"
                and isinstance(anchor.ref, Item) and anchor.ref.kind not in ("obs", "rel")
                and anchor.block in target.blocks):
            blk = anchor.block
            pos = blk.items.index(anchor.ref) + 1
            item.indent = anchor.ref.indent
            blk.items.insert(pos, item)
            blk.changed = True
            open_blocks[key] = blk
            return self._add_loc(u, target, blk, item, note)
        opened = open_blocks.get(key)
        if opened is not None and opened.kind == "list" and opened in target.blocks:
            opened.items.append(item)
            opened.changed = True
            return self._add_loc(u, target, opened, item, note)
        nxt = self._next_known(u, target)
        if (nxt is not None and nxt.block.kind == "list" and isinstance(nxt.ref, Item)
                and nxt.ref.kind not in ("obs", "rel")):
            blk = nxt.block
            item.indent = nxt.ref.indent
            blk.items.insert(blk.items.index(nxt.ref), item)
            blk.changed = True
            open_blocks[key] = blk
            return self._add_loc(u, target, blk, item, note)
        if item.kind in ("item", "check") and anchor is None:
            # nothing of its list is written yet: it joins the section's list of its kind
            # (more open issues, more next steps) rather than starting a second one
            same = [b for b in target.blocks if _list_kinds(b) == {item.kind}]
            if same:
                blk = same[-1]
                item.indent = blk.items[-1].indent
                blk.items.append(item)
                blk.changed = True
                open_blocks[key] = blk
                return self._add_loc(u, target, blk, item, note)
        if item.kind == "step":  # a list of its own starts at 1
            item.marker = "1" + item.marker[-1]
        blk = Block("list", [], 1, items=[item], changed=True)
        open_blocks[key] = blk
        self._place(blk, target, anchor, u)
        return self._add_loc(u, target, blk, item, note)

    def _insert_row(self, u: Unit, target: Section, mblock: Block, key: tuple[int, int],
                    open_blocks: dict[tuple[int, int], Block], anchor: Loc | None) -> Loc:
        note = self._member_note(u)
        same = [b for b in target.blocks if b.kind == "table"
                and _header_key(b) == u.table_header]
        if (anchor is not None and anchor.block.kind == "table" and anchor.block in same
                and isinstance(anchor.ref, int)):
            blk, pos = anchor.block, anchor.ref + 1
        elif same:
            blk, pos = same[0], len(same[0].rows)
        else:
            opened = open_blocks.get(key)
            if opened is None:
                opened = Block("table", [], 1, header=list(mblock.header), source=u.source,
                               changed=True)
                open_blocks[key] = opened
                self._place(opened, target, anchor, u)
            blk, pos = opened, len(opened.rows)
        blk.rows.insert(pos, u.raw)
        blk.row_sources.insert(pos, u.source)
        blk.changed = True
        for loc in self.locs.values():  # rows after the insertion moved down
            if loc.block is blk and isinstance(loc.ref, int) and loc.ref >= pos:
                loc.ref += 1
        return self._add_loc(u, target, blk, pos, note)

    def _member_note(self, u: Unit) -> Note:
        return self._members[u.source]

    def _insert_special(self, u: Unit, note: Note, kind: str, sec_title: str,
                        anchor: Loc | None = None) -> Loc:
        """An observation or relation goes to the base's list of them."""
        if kind == "rel":
            self.report.added.append(self._note(u, sec_title))
        self.changed = True
        sec = self._special(kind)
        item = Item([u.raw], "", "-", None, re.sub(r"^\s*[-*]\s+", "", u.raw), kind,
                    source=u.source)
        if sec is None:
            title = "Observations" if kind == "obs" else "Relations"
            sec = Section(f"## {title}", blank_before=1)
            pos = len(self.body.sections)
            if kind == "obs":
                rel = self._special("rel")
                if rel is not None and rel in self.body.sections:
                    pos = self.body.sections.index(rel)
            self.body.sections.insert(pos, sec)
        lists = [b for b in sec.blocks if kind in _list_kinds(b)]
        if (anchor is not None and isinstance(anchor.ref, Item) and anchor.ref.kind == kind
                and anchor.block in lists):
            blk = anchor.block
            blk.items.insert(blk.items.index(anchor.ref) + 1, item)
        elif lists:
            blk = lists[-1]
            blk.items.append(item)
        else:
            blk = Block("list", [], 0 if not sec.blocks else 1, items=[item])
            sec.blocks.append(blk)
        blk.changed = True
        return self._add_loc(u, sec, blk, item, note)

"""Merging members' bodies into a base body, unit by unit, where each unit belongs.

The base body (the canonical's for merge, the freshest member's for update) is
edited in place. Each member's sections are matched to the base's (the title
section to the title section, others by heading meaning, else by where most of
their units already are); its units are aligned by meaning (align.py) and then:
present units are counted, richer or newer versions replace the base's wording in
place, and new units are inserted after the unit they follow in their own note.
Observations go to the base's observation list, relations to its relation list.
Update mode carries over only the structured facts (observations, relations, units
holding a link or tag the base lacks); other prose of older notes is reported
as dropped.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from .align import Aligner, Match, compared, family, says_all_of, unit_facts
from .notes import Note
from .relation_targets import Targets, changed_value, same_claim_but_target
from .units import HEADING_RE, Block, Body, Item, Section, Unit, inline_tags, units_of

_OBS_TITLES = {"observations", "observation", "facts"}
_REL_TITLES = {"relations", "relation", "related", "links"}


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
class Loc:
    """Where a unit of the output sits, and who wrote the version there."""

    section: Section
    block: Block
    ref: object  # sentence index | Item | row index | None (whole block)
    unit: Unit
    modified: dt.datetime


@dataclass
class Report:
    added: list[UnitNote] = field(default_factory=list)
    present: int = 0
    superseded: list[Superseded] = field(default_factory=list)
    dropped: list[UnitNote] = field(default_factory=list)


def stated_date(note: Note) -> dt.datetime:
    """When a note's content was last written, as the note states it.

    `modified:` (or `updated:`) where the note has it; else its `created:`; only
    then the file's mtime, which a copy or a checkout resets (a copy without a
    `modified:` key would otherwise always look newest).
    """
    for key in ("modified", "updated", "created"):
        if note.metadata.get(key) not in (None, ""):
            if key == "created" and note.created is not None:
                return note.created
            if key != "created":
                return note.modified
    return note.modified


def _title_key(text: str) -> str:
    return re.sub(r"[^\w]+", " ", text.lower()).strip()


def _list_kinds(block: Block) -> set[str]:
    return {it.kind for it in block.items} if block.kind == "list" else set()


class BodyMerger:
    """Accumulates members into one base body."""

    def __init__(self, base: Note, body: Body, aligner: Aligner, group_keys: set[str],
                 mode: str, targets: Mapping[str, str] | None = None) -> None:
        self.base, self.body, self.aligner, self.mode = base, body, aligner, mode
        self.group_keys = group_keys  # target keys naming a note of the group
        self.targets = Targets(targets or {})
        self.report = Report()
        self.changed = False
        self.units: list[Unit] = []
        self.locs: dict[int, Loc] = {}
        self.rel_keys: set[tuple[str, str]] = set()
        self._members: dict[str, Note] = {base.path: base}
        self._ctx_units: list[Unit] = []
        self._ctx_matches: dict[int, Match] = {}
        self._ctx_body: Body | None = None
        for u in units_of(body, base.path):
            sec = body.sections[u.section]
            blk = sec.blocks[u.block]
            ref: object = u.index
            if blk.kind == "list":
                ref = blk.items[u.index]
            elif blk.kind in ("fence", "other"):
                ref = None
            self._track(u, Loc(sec, blk, ref, u, stated_date(base)))
        self.facts: set[str] = set()
        for u in self.units:
            self._know(u)

    def drop_relations_to(self, paths: set[str]) -> None:
        """The base's relations to other notes of the group go: once merged, they would
        point at the merged note itself (as a member's do, see _relation)."""
        for u in [u for u in self.units if u.kind == "rel"]:
            tid = self.targets.id(u.key)
            loc = self.locs[id(u)]
            if not (tid.startswith("note:") and tid[5:] in paths) or not isinstance(
                    loc.ref, Item):
                continue
            del self.locs[id(u)]
            self.units.remove(u)
            self.rel_keys.discard((u.category, tid))
            loc.block.items.remove(loc.ref)
            loc.block.changed = self.changed = True
            if not loc.block.items:
                loc.section.blocks.remove(loc.block)
                if not loc.section.blocks and loc.section in self.body.sections:
                    self.body.sections.remove(loc.section)

    # ------------------------------------------------------------ bookkeeping
    def _know(self, u: Unit) -> None:
        self.facts |= {f.replace("first:", "name:", 1) for f in unit_facts(u)}

    def _track(self, u: Unit, loc: Loc) -> None:
        self.units.append(u)
        self.locs[id(u)] = loc
        if u.kind == "rel":
            self.rel_keys.add((u.category, self.targets.id(u.key)))

    def _section_name(self, sec: Section) -> str:
        return sec.title

    def _note(self, u: Unit, sec_title: str) -> UnitNote:
        return UnitNote(u.source, u.raw, sec_title)

    # ------------------------------------------------------------- sections
    def _title_section(self, body: Body) -> int:
        for i, sec in enumerate(body.sections):
            if sec.level == 1:
                return i
            if sec.heading is not None:
                break
        return 0

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

    def _map_sections(self, body: Body) -> dict[int, Section | None]:
        mapping: dict[int, Section | None] = {}
        base_title = self._title_section(self.body)
        member_title = self._title_section(body)
        taken: set[int] = set()
        m_idx = [mi for mi, msec in enumerate(body.sections)
                 if mi > member_title and msec.heading is not None]
        b_idx = [bi for bi, bsec in enumerate(self.body.sections)
                 if bi > base_title and bsec.heading is not None]
        same = self.aligner.heading_matches([body.sections[i].title for i in m_idx],
                                            [self.body.sections[j].title for j in b_idx])
        for mi, msec in enumerate(body.sections):
            if mi <= member_title or msec.heading is None:
                mapping[mi] = self.body.sections[base_title]
                continue
            row = m_idx.index(mi)
            found = next((bi for k, bi in enumerate(b_idx)
                          if same[row, k] and bi not in taken), None)
            if found is not None:
                taken.add(found)
                mapping[mi] = self.body.sections[found]
            else:
                mapping[mi] = None
        return mapping

    # ------------------------------------------------------------- merging
    def add(self, note: Note, body: Body) -> None:
        """Merge one member's body into the base."""
        self._members[note.path] = note
        mapping = self._map_sections(body)
        units = units_of(body, note.path)
        others = [u for u in units if u.kind != "rel"]
        matches = self.aligner.align(others, [u for u in self.units if u.kind != "rel"])
        by_id = {id(m.unit): m for m in matches}
        self._ctx_units, self._ctx_matches, self._ctx_body = units, by_id, body
        self._claims_by_target(matches)
        # A member section without a heading match goes where most of its units are.
        for mi, target in list(mapping.items()):
            if target is not None:
                continue
            votes: dict[int, int] = {}
            for m in matches:
                if m.unit.section == mi and m.base is not None:
                    sec = self.locs[id(m.base)].section
                    votes[id(sec)] = votes.get(id(sec), 0) + 1
            if votes:
                best = max(votes, key=lambda k: votes[k])
                n = sum(1 for u in units if u.section == mi)
                if votes[best] * 2 >= n:
                    mapping[mi] = next(s for s in self.body.sections if id(s) == best)
        made: dict[int, Section] = {}
        open_blocks: dict[tuple[int, int], Block] = {}
        anchor: Loc | None = None
        anchor_block = (-1, -1)
        last_section = -1
        pairs = []  # (older text, newer text, the newer restates the older): see _relation
        for m in matches:
            if m.base is not None:
                wins = self._member_wins(self.locs[id(m.base)], note)
                old, new = (m.base, m.unit) if wins else (m.unit, m.base)
                pairs.append((old.text, new.text, says_all_of(new, old)))
        for u in units:
            if u.section != last_section:
                anchor, last_section = None, u.section
            if u.kind == "rel":
                continue  # after the prose: what it superseded tells a changed relation
            m = by_id[id(u)]
            if m.verdict == "new":
                loc = self._new(u, note, body, mapping, made, open_blocks, anchor,
                                (u.section, u.block) == anchor_block)
            else:
                loc = self._matched(m, note, body.sections[u.section].title)
            if loc is not None:
                anchor, anchor_block = loc, (u.section, u.block)
        for u in units:
            if u.kind == "rel":
                self._relation(u, note, body.sections[u.section].title, pairs)

    def _matched(self, m: Match, note: Note, sec_title: str) -> Loc:
        assert m.base is not None
        loc = self.locs[id(m.base)]
        u = m.unit
        if m.verdict == "present":
            self.report.present += 1
            if u.kind == "obs":
                self._union_tags(loc, u)
            return loc
        if m.verdict == "richer":
            fu, fb = compared(unit_facts(u), unit_facts(loc.unit))
            if not m.extra and fu - fb <= self.facts:
                self.report.present += 1  # what it adds the note already says elsewhere
                return loc
            if m.extra and not fu - fb and not self._member_wins(loc, note):
                # Only words added ("billed annually in EUR"), by the older note: the
                # newer one may have left them out on purpose, so its wording stays and
                # the older clause is reported, never silently lost.
                self.report.present += 1
                self.report.dropped.append(self._note(u, sec_title))
                return loc
            if self.mode == "update" and not self._carried(u):
                self.report.present += 1
                self.report.dropped.append(self._note(u, sec_title))
                return loc
            self._replace(loc, u, note)
            self.report.added.append(self._note(u, sec_title))
            return loc
        # conflict: the newer version is written, the older reported; an important
        # base note (pinned, `important: true`) keeps its own wording and values
        old_note = UnitNote(loc.unit.source, loc.unit.raw, loc.section.title)
        new_note = self._note(u, sec_title)
        if self._member_wins(loc, note):
            self._replace(loc, u, note)
            self.report.superseded.append(Superseded(old_note, new_note))
        else:
            self.report.superseded.append(Superseded(new_note, old_note))
        return loc

    def _member_wins(self, loc: Loc, note: Note) -> bool:
        """The member's version replaces the one written at `loc`: it is newer, and the
        version there is not an important base note's own (pinned)."""
        pinned = self.base.important and loc.unit.source == self.base.path
        return stated_date(note) > loc.modified and not pinned

    def _union_tags(self, loc: Loc, u: Unit) -> None:
        item = loc.ref
        if not isinstance(item, Item):
            return
        missing = [t for t in _tags_in_order(u.raw) if t.lower() not in inline_tags(item.text)]
        if not missing:
            return
        item.text = item.text.rstrip() + "".join(f" #{t}" for t in missing)
        item.source = item.source or u.source
        loc.block.changed = True
        self.changed = True

    def _replace(self, loc: Loc, u: Unit, note: Note) -> None:
        """Write the member's version of a unit where the base's version was."""
        blk = loc.block
        if loc.unit.source != self.base.path:  # an earlier member's unit is not written
            self.report.added = [a for a in self.report.added if (a.source, a.text) != (
                loc.unit.source, loc.unit.raw)]
        if blk.kind == "para" and isinstance(loc.ref, int):
            blk.sentences[loc.ref] = u.raw
            blk.sentence_sources[loc.ref] = u.source
        elif blk.kind == "list" and isinstance(loc.ref, Item):
            item = loc.ref
            text = u.raw
            mm = re.match(r"^\s*(?:[-*+]|\d+[.)])\s+", text)
            text = text[mm.end():] if mm else text
            if item.kind == "check" or u.kind == "check":
                bm = re.match(r"^\[([ xX])\]\s+(.*)$", text)
                if bm:
                    item.box, text = bm.group(1), bm.group(2)
            elif u.kind in ("sentence", "other"):
                text = u.raw
            item.text = text
            item.lines = [item.lines[0]] if item.lines else []
            item.source = u.source
        elif blk.kind == "table" and isinstance(loc.ref, int):
            blk.rows[loc.ref] = u.raw
            blk.row_sources[loc.ref] = u.source
        elif blk.kind == "fence":
            blk.lines = u.raw.split("\n")
            blk.source = u.source
        else:
            blk.lines = [u.raw]
            blk.source = u.source
        blk.changed = True
        old = loc.unit
        new_unit = replace(old, text=u.text, raw=u.raw, source=u.source, box=u.box)
        self.units[self.units.index(old)] = new_unit
        del self.locs[id(old)]
        loc.unit, loc.modified = new_unit, stated_date(note)
        self.locs[id(new_unit)] = loc
        self._know(u)
        self.changed = True

    def _relation(self, u: Unit, note: Note, sec_title: str,
                  pairs: list[tuple[str, str, bool]]) -> None:
        tid = self.targets.id(u.key)
        if tid in self.group_keys or u.key.strip().lower() in self.group_keys:
            return  # would point at the merged note itself
        if (u.category, tid) in self.rel_keys:
            self.report.present += 1
            return
        other = self._changed_relation(u, pairs)
        if other is None:
            self._insert_special(u, note, "rel", sec_title)
            return
        loc, member_newer = other
        old_note = UnitNote(loc.unit.source, loc.unit.raw, loc.section.title)
        new_note = self._note(u, sec_title)
        if not member_newer:
            self.report.superseded.append(Superseded(new_note, old_note))
            return
        self.rel_keys.discard((loc.unit.category, self.targets.id(loc.unit.key)))
        self._replace(loc, u, note)
        self.report.superseded.append(Superseded(old_note, new_note))

    def _rels_of_type(self, units: list[Unit], category: str) -> list[Unit]:
        return [v for v in units if v.kind == "rel" and v.category == category
                and self.targets.id(v.key) not in self.group_keys]

    def _claims_by_target(self, matches: list[Match]) -> None:
        """Where the member and the written note each hold one relation of a type, to two
        targets, a new member unit naming the member's target in the words of a written
        unit naming the other is the same claim with another value (a conflict)."""
        pairs = []
        for v in self._ctx_units:
            if v.kind != "rel":
                continue
            mine = self._rels_of_type(self._ctx_units, v.category)
            written = self._rels_of_type(self.units, v.category)
            if (len(mine) == 1 and len(written) == 1
                    and self.targets.id(v.key) != self.targets.id(written[0].key)):
                pairs.append((v.key, written[0].key))
        if not pairs:
            return
        for i, m in enumerate(matches):
            if m.verdict != "new" or m.unit.kind not in ("sentence", "item", "step", "obs",
                                                          "row"):
                continue
            for b in self.units:
                if (b.kind == "rel" or family(b) != family(m.unit)
                        or (b.kind == "obs" and b.category != m.unit.category)
                        or b.table_header != m.unit.table_header):
                    continue
                if any(same_claim_but_target(m.unit.text, b.text, ours, theirs, self.targets)
                       for ours, theirs in pairs):
                    matches[i] = self._ctx_matches[id(m.unit)] = Match(
                        m.unit, b, "conflict", m.score)
                    break

    def _changed_relation(self, u: Unit, pairs: list[tuple[str, str, bool]]
                          ) -> tuple[Loc, bool] | None:
        """The written relation that `u` is another value of, and whether `u` is the
        newer one (relation_targets.changed_value), else None."""
        written = self._rels_of_type(self.units, u.category)
        newer = changed_value([v.key for v in self._rels_of_type(self._ctx_units, u.category)],
                              [v.key for v in written], pairs, self.targets)
        return None if newer is None else (self.locs[id(written[0])], newer)

    def _carried(self, u: Unit) -> bool:
        """Update keeps the graph: facts a link, tag or observation carries survive."""
        if u.kind == "obs":
            return True
        mine = {f for f in unit_facts(u) if f.startswith(("link:", "tag:"))}
        return bool(mine - self.facts)

    def _new(self, u: Unit, note: Note, body: Body, mapping: dict[int, Section | None],
             made: dict[int, Section], open_blocks: dict[tuple[int, int], Block],
             anchor: Loc | None, same_block: bool) -> Loc | None:
        """`same_block`: the anchor's unit is in u's own paragraph (or list) in its note."""
        msec = body.sections[u.section]
        if self.mode == "update" and not self._carried(u):
            self.report.dropped.append(self._note(u, msec.title))
            return None
        self.report.added.append(self._note(u, msec.title))
        if u.kind == "obs":
            return self._insert_special(u, note, "obs", msec.title, anchor)
        target = mapping.get(u.section)
        if target is None:
            target = made.get(u.section)
            if target is None:
                target = self._new_section(msec, u.section, mapping, made)
        mblock = msec.blocks[u.block]
        key = (u.section, u.block)
        self.changed = True
        if u.kind == "row":
            return self._insert_row(u, target, mblock, key, open_blocks, anchor)
        if u.kind in ("item", "step", "check"):
            return self._insert_item(u, target, mblock, key, open_blocks, anchor)
        if u.kind == "sentence":
            joined = self._join_paragraph(u, target, anchor if same_block else None, note)
            if joined is not None:
                return joined
        opened = open_blocks.get(key)
        if opened is not None and opened.kind == "para" and u.kind == "sentence":
            opened.sentences.append(u.raw)
            opened.sentence_sources.append(u.source)
            return self._add_loc(u, target, opened, len(opened.sentences) - 1, note)
        if u.kind == "sentence":
            blk = Block("para", [], 1, sentences=[u.raw], sentence_sources=[u.source],
                        source=u.source, changed=True)
            ref: object = 0
        else:
            blk = Block(mblock.kind, list(mblock.lines), 1, source=u.source)
            ref = None
        open_blocks[key] = blk
        self._place(blk, target, anchor, u)
        return self._add_loc(u, target, blk, ref, note)

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
            pos = blocks.index(nxt.block) if nxt is not None else None
            if pos is None:
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


def _header_key(block: Block) -> str:
    from .units import normalise

    return normalise(block.header[0]) if block.header else ""


def _tags_in_order(text: str) -> list[str]:
    return re.findall(r"(?:^|\s)#([\w][\w/\-]*)", text)


def retitle(body: Body, old_titles: set[str], title: str) -> None:
    """The body's `# Title` heading follows the written note's title."""
    for sec in body.sections:
        if sec.heading is None:
            continue
        m = HEADING_RE.match(sec.heading)
        if (m and len(m.group(1)) == 1 and _title_key(m.group(2)) in old_titles
                and _title_key(m.group(2)) != _title_key(title)):
            sec.heading = f"# {title}"
        return

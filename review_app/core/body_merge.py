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
as dropped. Where a new unit goes is unit_placement.py; when two relations of one
type are two values of one fact is relation_targets.py.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from .align import (
    Aligner,
    Match,
    compared,
    family,
    link_forms,
    named_links,
    unit_facts,
)
from .changed_claims import ChangedClaims
from .dating import stated_date
from .notes import Note
from .relation_targets import (
    Targets,
    changed_value,
    one_target_renamed,
    same_claim_but_target,
)
from .unit_placement import (
    Loc,
    Placement,
    _title_key,
)
from .units import HEADING_RE, Block, Body, Item, Section, Unit, inline_tags, units_of
from .wording import says_all_of


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
class Report:
    added: list[UnitNote] = field(default_factory=list)
    present: int = 0
    superseded: list[Superseded] = field(default_factory=list)
    dropped: list[UnitNote] = field(default_factory=list)


class BodyMerger(Placement, ChangedClaims):
    """Accumulates members into one base body."""

    def __init__(self, base: Note, body: Body, aligner: Aligner, group_keys: set[str],
                 mode: str, targets: Mapping[str, str] | None = None,
                 group_targets: Mapping[str, str] | None = None) -> None:
        self.base, self.body, self.aligner, self.mode = base, body, aligner, mode
        self.group_keys = group_keys  # target keys naming a note of the group
        self.targets = Targets(targets or {}, group_targets)
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
        self._states_changed(matches, mapping, note)
        self._values_changed(matches, mapping)
        self._clauses_changed(matches, note)
        self._claims_reversed(matches, mapping, note)
        # A member section without a heading match goes where most of its units are, or
        # where all of its matched units are when the headings are near in meaning
        # ("Hotel" / "Accommodation": a renamed section whose other units are new).
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
                found = next(s for s in self.body.sections if id(s) == best)
                if votes[best] * 2 >= n or (
                        len(votes) == 1 and found not in mapping.values()
                        and found.heading is not None
                        and self.aligner.heading_near(body.sections[mi].title, found.title)):
                    mapping[mi] = found
        self._slots_refilled(matches, mapping, note)  # needs the sections voted above
        self._leftovers_restated(matches, note)
        self._items_ended(matches, note)
        made: dict[int, Section] = {}
        open_blocks: dict[tuple[int, int], Block] = {}
        anchor: Loc | None = None
        anchor_block = (-1, -1)
        last_section = -1
        pairs = []  # (older text, newer text, the newer restates the older): see _relation
        rel_pairs = self._relation_pairs()
        for i, m in enumerate(matches):
            if m.base is None:
                continue
            wins = self._member_wins(self.locs[id(m.base)], note)
            old, new = (m.base, m.unit) if wins else (m.unit, m.base)
            pair = (old.text, new.text, says_all_of(new, old))
            pairs.append(pair)
            if m.verdict == "present" and any(
                    changed_value([a], [b], [pair], self.targets) is not None
                    for a, b in rel_pairs):
                # "Sam is the account's manager" / "Priya has managed it since August,
                # when Sam moved": said already, but as an older value, so reported
                matches[i] = by_id[id(m.unit)] = replace(m, verdict="conflict")
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
        if m.verdict != "conflict" or not self._member_wins(loc, note):
            self._link_names(loc, u)  # the written wording stays: it gains u's links
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

    def _link_names(self, loc: Loc, u: Unit) -> None:
        """Where `u` links a target the written unit names in plain words, that name
        becomes the link, so a reworded sentence is not written twice for its link and
        the link is not lost ("[[Larder Street Kitchen]]" / "at Larder Street Kitchen")."""
        named = named_links(u, loc.unit)
        blk, ref = loc.block, loc.ref
        if not named or not (blk.kind == "para" and isinstance(ref, int)
                             or blk.kind == "list" and isinstance(ref, Item)):
            return
        text = before = blk.sentences[ref] if isinstance(ref, int) else ref.text
        for inner in named:
            target, forms = link_forms(inner)
            for form in sorted(forms, key=len, reverse=True):
                hit = _unlinked(text, form)
                if hit is not None:
                    said = text[hit[0]:hit[1]]
                    link = f"[[{said}]]" if said == target else f"[[{target}|{said}]]"
                    text = text[:hit[0]] + link + text[hit[1]:]
                    break
        if text == before:
            return
        if isinstance(ref, int):
            blk.sentences[ref] = text
        else:
            box = f"[{ref.box}] " if ref.box is not None else ""
            ref.text = text
            ref.lines = [f"{ref.indent}{ref.marker} {box}{text}", *ref.lines[1:]]
        blk.changed = self.changed = True
        old = loc.unit
        new_unit = replace(old, raw=old.raw.replace(before, text, 1))
        self.units[self.units.index(old)] = new_unit
        del self.locs[id(old)]
        loc.unit = new_unit
        self.locs[id(new_unit)] = loc
        self._know(u)

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
        other = self._changed_relation(u, pairs) or self._renamed_relation(u, note)
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

    def _relation_pairs(self) -> list[tuple[str, str]]:
        """(member target, written target) for each relation type that the member and
        the written note each hold once, to two targets: maybe one fact, two values."""
        pairs = []
        for v in self._ctx_units:
            if v.kind != "rel":
                continue
            mine = self._rels_of_type(self._ctx_units, v.category)
            written = self._rels_of_type(self.units, v.category)
            if (len(mine) == 1 and len(written) == 1
                    and self.targets.id(v.key) != self.targets.id(written[0].key)):
                pairs.append((v.key, written[0].key))
        return pairs

    def _claims_by_target(self, matches: list[Match]) -> None:
        """Where the member and the written note each hold one relation of a type, to two
        targets, a new member unit naming the member's target in the words of a written
        unit naming the other is the same claim with another value (a conflict)."""
        pairs = self._relation_pairs()
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

    def _renamed_relation(self, u: Unit, note: Note) -> tuple[Loc, bool] | None:
        """The written relation of `u`'s type naming its target in another form, where
        each note holds one relation of the type (relation_targets.one_target_renamed):
        one relation, in the newer note's words; the other form is reported."""
        written = self._rels_of_type(self.units, u.category)
        if len(written) != 1 or len(self._rels_of_type(self._ctx_units, u.category)) != 1:
            return None
        if not one_target_renamed(u.key, written[0].key, self.targets):
            return None
        loc = self.locs[id(written[0])]
        return loc, self._member_wins(loc, note)

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


def _unlinked(text: str, form: str) -> tuple[int, int] | None:
    """Where `form` first stands in `text` as words, outside any link."""
    for m in re.finditer(r"(?<!\w)" + re.escape(form) + r"(?!\w)", text, re.I):
        before = text[:m.start()]
        if before.count("[[") <= before.count("]]"):
            return m.start(), m.end()
    return None


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

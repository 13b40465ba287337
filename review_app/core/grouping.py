"""Duplicate groups (anchor-centric stars) and the canonical note of each.

Groups are never chained: a note joins a group only through its own pairs with
the anchor and every member, so A~B and B~C do not put A and C together unless
A~C.
Each note belongs to at most one group.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from .dating import FILE_MTIME
from .links import note_keys
from .merge.lexicon import ENGLISH
from .merge.title import stamped_titles
from .notes import Note
from .stamps import has_stamp
from .strategies import Candidate, pair_key
from .strategies.series import series_cue


@dataclass
class Member:
    path: str
    title: str
    score: float
    evidence: dict[str, float]
    reasons: list[str]
    important: bool = False
    # Its own band: from its pair with the group's anchor (the anchor: with the canonical),
    # so a weak third member of a likely group reads as possible.
    band: str = "likely"


@dataclass
class Group:
    id: str
    anchor: str
    score: float
    canonical: str
    canonical_reason: str
    members: list[Member]  # everything but the canonical
    paths: list[str] = field(default_factory=list)  # canonical first, then members
    # The file whose path, title and permalink survive (DESIGN "Kept file"); the
    # canonical only decides whose content is the base. Empty means the canonical.
    kept: str = ""
    kept_reason: str = ""
    band: str = "likely"  # likely (precision-first cut) | possible (below it)

    @property
    def size(self) -> int:
        return len(self.members) + 1

    def member(self, path: str) -> Member | None:
        return next((m for m in self.members if m.path == path), None)


def group_id(paths: Iterable[str]) -> str:
    return hashlib.sha1("\n".join(sorted(paths)).encode()).hexdigest()[:12]


def _dates(winner: Note, loser: Note) -> tuple[str, str]:
    """Modified dates at the coarsest precision that still tells them apart."""
    for fmt in ("%Y-%m-%d", "%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S"):
        a, b = winner.modified.strftime(fmt), loser.modified.strftime(fmt)
        if a != b:
            return a, b
    return winner.modified.isoformat(), loser.modified.isoformat()


def _cmp_canonical(a: Note, b: Note) -> tuple[int, str]:
    """-1 when a should be canonical over b, +1 for b; with the deciding reason.
    `important` is no rule here: it keeps a file (choose_kept), never an older value."""
    if a.modified != b.modified:
        winner, loser = (a, b) if a.modified > b.modified else (b, a)
        newer, older = _dates(winner, loser)
        # Name the source of each date: "modified" from frontmatter is not a file mtime.
        wsrc, lsrc = winner.modified_source, loser.modified_source
        older = older if lsrc == wsrc else f"{lsrc} {older}"
        return (-1 if winner is a else 1), f"newer: {wsrc} {newer} vs {older}"
    if a.richness != b.richness:
        winner, loser = (a, b) if a.richness > b.richness else (b, a)
        wr, lr = winner.richness, loser.richness
        return (-1 if winner is a else 1), (
            f"richer: {wr[0]} observations/relations and {wr[1]} words vs {lr[0]} and {lr[1]}")
    ca, cb = a.created, b.created
    if ca and cb and ca != cb:
        winner, loser = (a, b) if ca < cb else (b, a)
        return (-1 if winner is a else 1), (
            f"older: created {winner.created:%Y-%m-%d} vs {loser.created:%Y-%m-%d}")
    winner = a if a.path <= b.path else b
    return (-1 if winner is a else 1), f"tie: first by path ({winner.path})"


def choose_canonical(notes: list[Note]) -> tuple[Note, str]:
    """The content base: newer > richer > older; the reason names the deciding rule."""
    best = notes[0]
    for other in notes[1:]:
        if _cmp_canonical(other, best)[0] < 0:
            best = other
    # Explain against the runner-up, the comparison a person would check.
    rest = [n for n in notes if n is not best]
    runner = rest[0]
    for other in rest[1:]:
        if _cmp_canonical(other, runner)[0] < 0:
            runner = other
    return best, _cmp_canonical(best, runner)[1]


LOCKED = "locked: basic-memory refuses edits"
IMPORTANT = "important: never retired"


def staying(paths: list[str], kept: str, notes: dict[str, Note]) -> dict[str, str]:
    """The retire rule, once for the console and apply: update and merge retire every
    note of the group but the kept file, an important note (never retired) and a locked
    one (never touched); these stay, with why."""
    return {p: (LOCKED if notes[p].locked else IMPORTANT) for p in paths
            if p != kept and (notes[p].locked or notes[p].important)}


def choose_kept(notes: list[Note], inbound: dict[str, int] | None = None,
                canonical: Note | None = None) -> tuple[Note, str]:
    """The file that survives: important > most linked-to (among those linked to
    alike: no date/version/period or status stamp, merge/title.stamped_titles: "Club
    fees 2024 (draft)", "Proposal: ...") > the canonical's, else the newest (the seed's
    "important > newer > richer > older").

    `inbound`: path -> how many other notes (outside the group) link to it.
    Others know a note by its title, permalink and memory:// URL, so an important or
    linked-to note is kept, and of notes linked to alike an undated name over an
    agent's dated copy. An undated title nothing links to is no established name:
    readers of merged notes took an older version's unlinked title over the body
    written for a fault ("Plant Fair planning notes" over the final plan: round 36,
    9 of the 10 such notes of merge-CN and merge-CP). Nothing else makes another file
    worth keeping: its name was given to another body, and links to a retired note are
    rewritten anyway; so among the rest the file whose title and permalink were chosen for the body
    written is kept: the `canonical`'s (the base: the newest, or the one the person
    made canonical with `c`), else the newest's, as when every title is stamped ("Menu
    - autumn term" / "Menu - spring term 2026"). A newest's file kept under the body of
    a canonical the person chose would put one version's title over another's text.
    """
    inbound = inbound or {}
    important = [n for n in notes if n.important]
    if len(important) == 1:
        return important[0], "important: marked important"
    pool = important or notes
    most = max(inbound.get(n.path, 0) for n in pool)
    if most == 0:  # no name others use: stamps say nothing of which file they know
        return (pool[0], "the only note") if len(pool) == 1 else _body_written(pool, canonical)
    linked = f"linked from {most} note{'s' if most != 1 else ''}"
    top = [n for n in pool if inbound.get(n.path, 0) == most]
    if len(top) == 1:
        return top[0], linked
    pool = top
    marks = stamped_titles([n.title for n in pool], ENGLISH)
    plain = [n for n, mark in zip(pool, marks, strict=True) if not mark]
    if plain and len(plain) < len(pool):
        if len(plain) == 1:  # the reason names the links and the stamps the others carry
            dated = any(has_stamp(n.title) for n in pool)
            return plain[0], f"{linked} as the others are; " + (
                "its title carries no date or version stamp" if dated
                else "its title carries no status stamp (draft, proposal ...)")
        pool = plain
    elif not plain and len(pool) > 1:
        newest, why = _body_written(pool, canonical)
        return newest, f"every title carries a stamp; {why}"

    if len(pool) == 1:
        return pool[0], "the only note"
    return _body_written(pool, canonical)


def _body_written(pool: list[Note], canonical: Note | None) -> tuple[Note, str]:
    """The newest of `pool`, unless the canonical is in it and is not the newest (the
    person chose it): then the canonical, whose body is written."""
    newest, why = choose_canonical(pool)
    mine = next((n for n in pool if canonical is not None and n.path == canonical.path), None)
    if mine is not None and mine.path != newest.path:
        return mine, _BODY_WRITTEN
    return newest, why


_BODY_WRITTEN = "the canonical's file: its title was given to the body written"


def linkers_by_path(notes: dict[str, Note]) -> dict[str, set[str]]:
    """path -> the paths of the other notes that link to it (wiki link, relation or
    memory:// URL, by title, permalink or path form), resolved once per scan.

    A key two notes share (a title used twice) resolves to the first by path, as a
    reader following the link would most likely land there; cheap at 10k notes.
    """
    index: dict[str, str] = {}
    for path in sorted(notes):
        for key in note_keys(notes[path]):
            index.setdefault(key, path)
    out: dict[str, set[str]] = defaultdict(set)
    for path, note in notes.items():
        for target in note.links:
            hit = index.get(target.strip().lower())
            if hit is not None and hit != path:
                out[hit].add(path)
    return dict(out)


def inbound_counts(paths: Iterable[str], linkers: dict[str, set[str]]) -> dict[str, int]:
    """For each path, how many notes outside the group link to it."""
    inside = set(paths)
    return {p: len(linkers.get(p, set()) - inside) for p in inside}


PairScorer = Callable[[Note, Note], Candidate]


def build_groups(candidates: Iterable[Candidate], notes: dict[str, Note], threshold: float,
                 score_pair: PairScorer, *, exclude: set[tuple[str, str]] | None = None,
                 canonical_overrides: dict[str, str] | None = None,
                 keep_overrides: dict[str, str] | None = None,
                 linkers: dict[str, set[str]] | None = None,
                 likely_threshold: float | None = None,
                 member_floor: float | None = None) -> list[Group]:
    """Greedy anchor-centric grouping of the pairs at or above `threshold`.

    The strongest remaining pair opens a group; its anchor is the note of the
    pair with more strong links to unassigned notes. An unassigned note joins
    unless it pairs more closely with a note still free outside the group (that pair
    opens its own group later: `_closer_elsewhere`),
    when its pair with the anchor passes the threshold and its pair with every
    member already in passes it too, or scores at least `member_floor` (None: the
    threshold) in a group whose opening pair is below `likely_threshold`: a star
    around the anchor that never chains A~B~C into one group unless A~C is at least
    that close. A chain of rewrites is the case: its first version, listed with the
    middle one, restates the last in other words and values and scores below the cut
    against it (its own band then says so, `set_bands`); two notes titled as members of a
    series are never joined that way (`_loosely`). A chain's end reached through a listed
    pair with a member joins any group as possible (`_chained`): the newer says it replaces
    the older, or the versions are dated in order and each at the member floor.
    Overrides map a group id to the canonical / kept path the person chose;
    `linkers` (from `linkers_by_path`) decides the default kept file; a group scoring
    below `likely_threshold` is in the "possible" band.
    """
    exclude = exclude or set()
    if linkers is None:
        linkers = linkers_by_path(notes)
    best: dict[tuple[str, str], Candidate] = {}
    for c in candidates:
        if c.score < threshold or c.key in exclude:
            continue
        if c.key not in best or c.score > best[c.key].score:
            best[c.key] = c
    adj: dict[str, dict[str, Candidate]] = defaultdict(dict)
    for (a, b), c in best.items():
        adj[a][b] = c
        adj[b][a] = c
    assigned: set[str] = set()
    groups: list[Group] = []
    for (a, b), _c in sorted(best.items(), key=lambda kv: (-kv[1].score, kv[0])):
        if a in assigned or b in assigned:
            continue

        def strength(n: str) -> tuple[int, float]:
            free = [c.score for m, c in adj[n].items() if m not in assigned]
            return (len(free), sum(free))

        anchor = a if strength(a) >= strength(b) else b
        members = [anchor]
        # the member floor admits a note to a possible group only: a likely group (its
        # opening pair likely) is one a person merges at a glance, so each of its members
        # passes the cut with every other
        loose = member_floor if (member_floor is not None and member_floor < threshold and (
            likely_threshold is None or _c.score < likely_threshold)) else None
        for m in sorted((m for m in adj[anchor] if m not in assigned),
                        key=lambda m: (-adj[anchor][m].score, m)):
            if _closer_elsewhere(m, anchor, members, assigned, adj):
                continue
            # Every member must itself pair with every other: two notes that are each
            # like the anchor but not like each other are not one group.
            if all(m in adj[other] or (loose is not None
                                       and _loosely(score_pair(notes[m], notes[other]), loose))
                   for other in members):
                members.append(m)
        chained = _chained(members, assigned, adj, notes, score_pair, member_floor)
        assigned.update(members + chained)
        core_bands: dict[str, str] = {}
        if chained and likely_threshold is not None:
            core = make_group(anchor, members, notes, score_pair, adj, linkers=linkers)
            set_bands(core, adj, likely_threshold, score_pair, notes)
            core_bands = {x.path: x.band for x in core.members} | {core.canonical: core.band}
        members += chained
        gid = group_id(members)
        group = make_group(anchor, members, notes, score_pair, adj,
                           (canonical_overrides or {}).get(gid), linkers=linkers,
                           keep=(keep_overrides or {}).get(gid))
        if core_bands:
            for member in group.members:  # the chain's end: possible, the rest as before
                member.band = core_bands.get(member.path, "possible")
            group.band = "likely" if any(b == "likely" for b in core_bands.values()) \
                else "possible"
        elif likely_threshold is not None:
            set_bands(group, adj, likely_threshold, score_pair, notes)
        groups.append(group)
    groups.sort(key=lambda g: (-g.score, g.id))
    return groups


def _closer_elsewhere(m: str, anchor: str, members: list[str], assigned: set[str],
                      adj: dict[str, dict[str, Candidate]]) -> bool:
    """`m` pairs more closely with a note still free outside the group than with the
    anchor, and is that note's closest free partner too: the two are left for their own
    group, which their pair opens later (neither can be taken by another group first, each
    being the other's closest). Each note is in one group only, so a note joining a weaker
    star as its third member took its own duplicate off the list (a real vault: a skill at
    0.97 with its numbered copy, unlisted because the skill had joined a 0.59 group of
    related notes)."""
    here = adj[anchor][m].score
    for x, c in adj[m].items():
        if c.score > here and x != anchor and x not in assigned and x not in members and all(
                d.score <= c.score for y, d in adj[x].items() if y != m and y not in assigned):
            return True
    return False


def _chained(members: list[str], assigned: set[str], adj: dict[str, dict[str, Candidate]],
             notes: dict[str, Note], score_pair: PairScorer, floor: float | None) -> list[str]:
    """The versions a group's chain reaches beyond its members: a free note joined to a member
    by a listed pair in which the newer says it supersedes/replaces the older, dated after
    every member (its next version) or before every one (its first), and no series cue
    against any member. A chain's last version restates the first in other words and values
    (0.19-0.22 against it in score-W), so the member floor cannot admit it; what a series or
    two fillings of a template lack is the writer's own word that one replaces the other,
    and the order in time that makes it the chain's end. It joins as possible (its pairs
    with the members it does not replace were never read as likely); the newest is then
    the canonical, as for any group."""
    if len(members) < 2:
        return []
    out: list[str] = []
    inside = list(members)
    grew = True
    while grew:
        grew = False
        times = [notes[p].modified for p in inside]
        for x in list(inside):
            for m, c in sorted(adj[x].items(), key=lambda kv: (-kv[1].score, kv[0])):
                if m in assigned or m in inside or any(
                        d.score > c.score for y, d in adj[m].items() if y != x):
                    continue  # x is not m's closest: m is another note's version
                t = notes[m].modified
                if not (t > max(times) or t < min(times)):
                    continue
                if any(series_cue(notes[m], notes[o]).titled or
                       series_cue(notes[m], notes[o]).series for o in inside if o != x):
                    continue
                if not c.evidence.get("supersedes") and (floor is None or any(
                        notes[o].modified_source == FILE_MTIME for o in [m, *inside]) or any(
                        score_pair(notes[m], notes[o]).score < floor
                        for o in inside if o != x)):
                    continue  # without the writer's word: dated versions, each at the floor
                out.append(m)
                inside.append(m)
                grew = True
                break
            if grew:
                break
    return out


def _loosely(pair: Candidate, floor: float) -> bool:
    """A pair close enough for a possible group's member floor: at least `floor`, and not
    two members of a series by their titles (a third quarter's report is not reached
    through the second; a chain's versions are titled anew, `series_titles` 0)."""
    return pair.score >= floor and not pair.evidence.get("series_titles")


def make_group(anchor: str, paths: list[str], notes: dict[str, Note], score_pair: PairScorer,
               adj: dict[str, dict[str, Candidate]] | None = None,
               canonical: str | None = None, *, linkers: dict[str, set[str]] | None = None,
               keep: str | None = None) -> Group:
    """A group of `paths` around `anchor`; members scored against the canonical.

    The kept file is `keep` when the person chose one, else `choose_kept` with the
    links from outside the group (`linkers`; none given: every member counts 0).
    """
    group_notes = [notes[p] for p in paths]
    if canonical and canonical in paths:
        canon = notes[canonical]
        reason = "chosen by you"
    else:
        canon, reason = choose_canonical(group_notes)
    if keep and keep in paths:
        kept, kept_reason = notes[keep], "chosen by you"
    else:
        kept, kept_reason = choose_kept(group_notes, inbound_counts(paths, linkers or {}),
                                        canon)
    members: list[Member] = []
    for note in group_notes:
        if note.path == canon.path:
            continue
        cand = (adj or {}).get(canon.path, {}).get(note.path) or score_pair(canon, note)
        members.append(Member(note.path, note.title, round(cand.score, 4), cand.evidence,
                              cand.reasons, note.important))
    members.sort(key=lambda m: (-m.score, m.path))
    score = max(m.score for m in members) if members else 0.0
    if adj is not None:  # the group ranks by its strongest pair, whoever is canonical
        pair_scores = [adj[anchor][p].score for p in paths if p != anchor and p in adj[anchor]]
        score = max([score, *pair_scores])
    return Group(id=group_id(paths), anchor=anchor, score=round(score, 4), canonical=canon.path,
                 canonical_reason=reason, members=members, paths=[canon.path] +
                 [m.path for m in members], kept=kept.path, kept_reason=kept_reason)


def set_bands(group: Group, adj: dict[str, dict[str, Candidate]], likely: float,
              score_pair: PairScorer, notes: dict[str, Note]) -> None:
    """Each member's band from its own pairs: with the anchor (what put it in the group)
    and with the canonical (the pair shown beside it and the one a merge acts on); likely
    only when both are. A member shown at 0.51 against the canonical is not likely because
    it scores high against another member (a hook bank's posts and episode pack). The group
    is likely when one of its members is, and ranks by its strongest pair. An index note
    that scores high against one note of a true pair joins as possible."""
    anchor = group.anchor
    for m in group.members:
        score = m.score
        if m.path != anchor and anchor != group.canonical:
            cand = adj.get(anchor, {}).get(m.path) or score_pair(notes[anchor], notes[m.path])
            score = min(score, cand.score)
        m.band = "likely" if score >= likely else "possible"
    group.band = "likely" if any(m.band == "likely" for m in group.members) else "possible"


def pairs_for_output(candidates: Iterable[Candidate]) -> list[Candidate]:
    """Each unordered pair once (its best score), highest first."""
    best: dict[tuple[str, str], Candidate] = {}
    for c in candidates:
        if c.key not in best or c.score > best[c.key].score:
            best[c.key] = c
    return sorted(best.values(), key=lambda c: (-c.score, c.key))


__all__ = ["Group", "Member", "build_groups", "choose_canonical", "choose_kept", "group_id",
           "has_stamp", "inbound_counts", "linkers_by_path", "make_group",
           "pair_key", "pairs_for_output", "set_bands"]

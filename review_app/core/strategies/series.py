"""Series evidence: two notes of one series (a yearly plan, a quarterly review, a
versioned spec) are not rewrites of each other, whatever their cosine.

Cues, and which way each counts:
- titles (or permalinks) that differ only by a stamp (core/stamps.py: a year, date,
  version, month, quarter, season or term), neither holding all of the other's
  ("Stollen plan 2025" / "Stollen plan 2026"): against a duplicate, two members of
  a series. A title that adds a stamp to the other's ("Policy" / "Policy v2") is how
  an agent names its copy, so it counts for nothing here;
- a `follows`, `precedes` or `part_of` relation (or any relation naming a sequence)
  from one note to the other: against, the notes say they are parts of one whole;
- a plain link from one to the other, with differing stamps: against (the next
  member points back at the last);
- `supersedes` / `replaces` from the newer note to the older: FOR a duplicate, the
  newer says it restates the older. It outweighs the cues against.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..notes import Note
from ..stamps import stamped, unstamped

__all__ = ["SEQUENCE_RELATIONS", "NO_CUE", "SeriesCue", "series_cue", "stamped",
           "unstamped"]

SEQUENCE_RELATIONS = frozenset({"follows", "precedes", "part_of", "part of", "next",
                                "previous", "follows_up", "follow_up_of", "continues",
                                "continued_by", "preceded_by", "followed_by", "sequel_of"})


def _differ_by_stamp(a: str, b: str) -> bool:
    ra, sa = stamped(a)
    rb, sb = stamped(b)
    # A title whose stamps hold all of the other's is a copy that added one ("Policy" /
    # "Policy v2", "Summer camp plan" / "Summer camp plan 2026"), not the next member.
    return bool(ra) and ra == rb and not set(sa) <= set(sb) and not set(sb) <= set(sa)


def _keys(note: Note) -> set[str]:
    stem = note.path.rsplit("/", 1)[-1].removesuffix(".md")
    out = {note.title.lower(), note.permalink.lower(), stem.lower(),
           note.path.lower().removesuffix(".md")}
    return {k.strip() for k in out if k}


def _link_types(src: Note, dst: Note) -> set[str]:
    """Relation types from src to dst ("links_to" for a plain [[link]])."""
    keys = _keys(dst)
    out = {r.type.lower() for r in src.relations if r.target.strip().lower() in keys}
    typed = {r.target.strip().lower() for r in src.relations}
    if any(t.strip().lower() in keys and t.strip().lower() not in typed for t in src.links):
        out.add("links_to")
    return out


@dataclass(frozen=True)
class SeriesCue:
    """What the titles and links of a pair say about series vs restatement."""

    series: bool  # evidence of two members of a series (against a duplicate)
    restates: bool  # the newer note says it supersedes/replaces the older (for)
    reasons: tuple[str, ...] = ()


NO_CUE = SeriesCue(False, False)


def series_cue(a: Note, b: Note) -> SeriesCue:
    reasons: list[str] = []
    stamp = _differ_by_stamp(a.title, b.title) or _differ_by_stamp(
        a.permalink.rsplit("/", 1)[-1], b.permalink.rsplit("/", 1)[-1])
    if stamp:
        sa, sb = stamped(a.title)[1] or stamped(a.permalink)[1], stamped(b.title)[1] or \
            stamped(b.permalink)[1]
        reasons.append(f"titles differ only by {', '.join(sa)} vs {', '.join(sb)}: members "
                       f"of a series (counts against)")
    ab, ba = _link_types(a, b), _link_types(b, a)
    series_rel = sorted((ab | ba) & SEQUENCE_RELATIONS)
    if series_rel:
        reasons.append(f"linked as {series_rel[0]}: parts of a sequence (counts against)")
    plain = stamp and not series_rel and ("links_to" in ab | ba)
    if plain:
        reasons.append("one links the other and their stamps differ: the next member of a "
                       "series (counts against)")
    newer, fwd, back = (a, ab, ba) if a.modified >= b.modified else (b, ba, ab)
    restates = bool(fwd & {"supersedes", "replaces", "obsoletes"}) or bool(
        back & {"superseded_by", "replaced_by"})
    if restates:
        reasons.append(f"the newer note ({newer.title}) says it supersedes the older: a "
                       f"restatement (counts for)")
    return SeriesCue(bool(stamp or series_rel) and not restates, restates, tuple(reasons))

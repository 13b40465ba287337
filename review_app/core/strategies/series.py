"""Series evidence: two notes of one series (a yearly plan, a quarterly review, a
versioned spec) are not rewrites of each other, whatever their cosine.

Cues, and which way each counts:
- titles (or permalinks) that differ only by a stamp (core/stamps.py: a year, date,
  version, month, quarter, season or term), neither holding all of the other's
  ("Stollen plan 2025" / "Stollen plan 2026"): against a duplicate, two members of
  a series. A title that adds a stamp to the other's ("Summer camp plan" / "... 2026") is
  how an agent names its copy, so it counts for nothing here; a version stamp added
  ("Policy" / "Policy v2") names the next version: for (below);
- a `follows`, `precedes` or `part_of` relation (or any relation naming a sequence)
  from one note to the other: against, the notes say they are parts of one whole;
- titles that are the same but for the tokens carrying a number, code or date
  (a phase "P1.2"/"P1.3", a batch, a compact date "20260526", a timestamp), but for a
  one-letter label ("Bay A" / "Bay B"), or but for one name each note is about (always
  written with a capital, shown as a name by the prose or set off in the title, "Member
  profile - Jade Okafor"; the bodies mention each other's name alike: neither, as two
  suppliers, or both, as two teammates' profiles): against, members of a series or
  template siblings. A date is one token
  however it is written ("2026-06-30" and "20260630" are the same), so a copy filed
  under the other spelling of its date is no sibling;
- the same file name in two folders whose names differ by more than a number or version
  (`projects/mesa/TIMELINE.md` / `projects/zipper/TIMELINE.md`, `drafts/brunini/notes.md`
  / `drafts/all-seasons/notes.md`), the texts not one copy: against, the same file of two
  projects or hubs (a template's stub filled in for each). A copy filed in another folder
  (nearly all its words the other's) is no sibling, nor are `skill-2.0/SKILL.md` and
  `skill-30/SKILL.md` (versions of one thing);
- a plain link from one to the other, with differing stamps: against (the next
  member points back at the last);
- `supersedes` / `replaces` from the newer note to the older: FOR a duplicate, the
  newer says it restates the older. It outweighs the cues against;
- titles that are the same once one version stamp on each side is out ("Booking procedure
  v1" / "... v3", `versions_of_one`), or one title with a version stamp added to the
  other ("Rigging inspection" / "... v2", `_next_version`): FOR a duplicate, one document
  in two versions, each rewriting the last (a chain of one note), listed at least as
  possible (cues.PairCues.said_restated). None of the cues above counts against such a
  pair: not the stamp, not the digit-carrying token, not a `follows` from the later version
  (it says which is later). Titles differing in more than the stamp ("Kiosk app spec v1" /
  "Waiver service spec v2") name two documents and are read as before.

What differs says which kind of pair it is. Where the titles differ by a period (a year,
date, quarter, month, week, term or season) or by a name each body is about, that value is
the note's *identity*: two notes of one period's plan, two people's profiles. A rewrite of
one note keeps its identity and changes other values, so such a pair is kept below the
listing, not only out of the likely band (`SeriesCue.identity`, cues.py). A version stamp
("v2" / "v3") names a revision of one thing: where it is all the titles differ by, the pair
is that thing's chain (`SeriesCue.chain`), scored on its text like any rewrite; coverage
still tells a release that keeps content of its own from a redraft.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher
from pathlib import PurePosixPath

from ..memo import per_key, per_text
from ..notes import PROPOSED_PREFIX, Note
from ..stamps import stamped, unstamped

__all__ = ["SEQUENCE_RELATIONS", "NO_CUE", "SeriesCue", "series_cue", "stamped",
           "unstamped", "version_chain", "version_stamped", "versions_of_one"]

SEQUENCE_RELATIONS = frozenset({"follows", "precedes", "part_of", "part of", "next",
                                "previous", "follows_up", "follow_up_of", "continues",
                                "continued_by", "preceded_by", "followed_by", "sequel_of"})


AFTER = frozenset({"follows", "follows_up", "follow_up_of", "continues", "preceded_by",
                   "sequel_of"})
"""The sequence relations by which a note says it comes after the one it names."""
BEFORE = frozenset({"precedes", "next", "continued_by", "followed_by"})
"""... and those by which it says the one it names comes after it."""


_VERSION_STAMP = re.compile(r"^(?:v\d|version|rev)")


def stamp_kind(stamp: str) -> str:
    """What a stamp (stamps.stamps' form) names, in words: "the version" for a revision,
    else the period ("the year", "the date", "the quarter", ...)."""
    if _VERSION_STAMP.match(stamp):
        return "the version"
    if stamp.isdigit():  # a date's separators are dropped: "2026-03" is "202603"
        if len(stamp) == 6:
            return "the month" if 1 <= int(stamp[4:]) <= 12 else "the school year"
        return "the year" if len(stamp) == 4 else "the date"
    if re.fullmatch(r"q[1-4]", stamp):
        return "the quarter"
    if re.fullmatch(r"h[12]", stamp):
        return "the half-year"
    if re.match(r"w(?:ee)?k|w\d", stamp):
        return "the week"
    if any(c.isdigit() for c in stamp) or "term" in stamp or "semester" in stamp:
        return "the term"
    if stamp.split("-")[0] in {"spring", "summer", "autumn", "winter", "fall", "michaelmas",
                               "lent", "trinity"}:
        return "the season"
    return "the month"


def versions_of_one(a: str, b: str) -> str:
    """"v1 and v3" where two titles are one document's title in two versions: the same once
    their stamps are out, differing by one version stamp on each side ("Rota plan v1" /
    "Rota plan v3"); else "". Such a pair is a chain of one note, each version rewriting
    the last, so the stamp counts for a duplicate. Titles differing in more than the stamp
    ("Kiosk app spec v1" / "Waiver service spec v2") are two documents: not this."""
    ra, sa = stamped(a)
    rb, sb = stamped(b)
    only_a, only_b = set(sa) - set(sb), set(sb) - set(sa)
    if not ra or ra != rb or len(only_a) != 1 or len(only_b) != 1:
        return ""
    if not all(_VERSION_STAMP.match(t) for t in only_a | only_b):
        return ""
    first, last = sorted((only_a.pop(), only_b.pop()), key=_natural)
    return f"{first} and {last}"


def _next_version(a: Note, b: Note) -> str:
    """"the original and v2" where one title is the other's with one version stamp added
    ("Rigging inspection" / "Rigging inspection v2"): the later version of one document, or
    an agent's copy of it. A sequence relation naming it the later one (`follows` the
    original) says the same; any other (`part_of`) says the two are parts of one whole, not
    versions."""
    for new, old in ((a, b), (b, a)):
        rn, sn = stamped(new.title)
        ro, so = stamped(old.title)
        if not (rn and rn == ro and not so and len(sn) == 1 and _VERSION_STAMP.match(sn[0])):
            continue
        out, back = link_types(new, old), link_types(old, new)
        if out & AFTER or back & BEFORE or not (out | back) & SEQUENCE_RELATIONS:
            return f"the original and {sn[0]}"
    return ""


def version_chain(a: Note, b: Note) -> str:
    """One document in two versions, in words ("v1 and v3", "the original and v2"), by
    their titles (`versions_of_one`) or a version that names the original it follows
    (`_next_version`); else ""."""
    return versions_of_one(a.title, b.title) or _next_version(a, b)


def version_stamped(note: Note) -> bool:
    """The title carries a version stamp: one side of any `version_chain` does."""
    return any(_VERSION_STAMP.match(t) for t in stamped(note.title)[1])


def _natural(stamp: str) -> list[tuple[int, str]]:
    """Sort key reading a stamp's digits as numbers: "v9" before "v10" (a run of digits
    by its length, then its digits: any length, where int() refuses thousands)."""
    return [(len(t.lstrip("0")), t.lstrip("0")) if k % 2 else (0, t)
            for k, t in enumerate(re.split(r"(\d+)", stamp))]


def _period(sa: tuple[str, ...], sb: tuple[str, ...]) -> str:
    """The period two titles' stamps differ by, in words ("the year"), where no differing
    stamp is a version; else ""."""
    differ = set(sa) ^ set(sb)
    kinds = sorted({stamp_kind(t) for t in differ})
    if not kinds or "the version" in kinds:
        return ""
    return " and ".join(kinds)


def _differ_by_stamp(a: str, b: str) -> bool:
    ra, sa = stamped(a)
    rb, sb = stamped(b)
    # A title whose stamps hold all of the other's is a copy that added one ("Policy" /
    # "Policy v2", "Summer camp plan" / "Summer camp plan 2026"), not the next member.
    return bool(ra) and ra == rb and not set(sa) <= set(sb) and not set(sb) <= set(sa)


_TOKEN_SPLIT = re.compile(r"[\W_]+")
_WORD = re.compile(r"\w+")


@per_text
def _tokens(text: str) -> list[str]:
    """Title tokens, lowercased; consecutive all-digit tokens joined ("2026-06-30" is
    one date, as "20260630" is), a code beside them kept apart ("v2-20260625")."""
    out: list[str] = []
    digits = False
    for t in _TOKEN_SPLIT.split(text.lower()):
        if not t:
            continue
        if digits and t.isdigit():
            out[-1] += t
        else:
            out.append(t)
        digits = t.isdigit()
    return out


@per_text
def _token_set(text: str) -> frozenset[str]:
    return frozenset(_tokens(text))


def _differing(a: str, b: str) -> tuple[list[str], list[str]] | None:
    """The tokens where two titles differ, each side's, when every difference is a
    replacement (nothing only added or dropped) and some non-numeric token is shared."""
    ta, tb = _tokens(a), _tokens(b)
    if not any(not t.isdigit() for t in _token_set(a) & _token_set(b)):
        return None  # the matched runs below hold shared tokens only: none is a word
    ops = SequenceMatcher(a=ta, b=tb, autojunk=False).get_opcodes()
    shared = [t for tag, i1, i2, _, _ in ops if tag == "equal" for t in ta[i1:i2]]
    if not any(not t.isdigit() for t in shared):
        return None
    da: list[str] = []
    db: list[str] = []
    for tag, i1, i2, j1, j2 in ops:
        if tag == "equal":
            continue
        if tag != "replace":
            return None
        da += ta[i1:i2]
        db += tb[j1:j2]
    return (da, db) if da else None


@per_text
def _names(body: str, headings: bool = True) -> dict[str, bool]:
    """Each word of a body (lowercased) -> whether it is written as a name: every time
    with a capital ("Xenolux"), never as a common word ("policy"). Without `headings`, read
    from the text alone: a title-cased heading capitalises common words ("# Gym Log")."""
    out: dict[str, bool] = {}
    text = body if headings else "\n".join(
        ln for ln in body.splitlines() if not ln.lstrip().startswith("#"))
    for w in _WORD.findall(text):
        low = w.lower()
        out[low] = out.get(low, True) and w[0].isupper()
    return out


MAX_NAME = 3
"""Tokens a name may have where two titles differ by it ("Jonah Kim" / "Priya Natarajan"):
a person's or a place's full name, not a reworded title."""


def _sibling(a: Note, b: Note) -> str:
    """How two titles (or file names) name siblings rather than one note: "code" (they
    differ only in tokens carrying a digit), "name" (in a label of one letter each, "Bay A" /
    "Bay B", or in a name of up to MAX_NAME tokens each note is about: `_named`) or ""."""
    for ka, kb in ((a.title, b.title), (a.path.rsplit("/", 1)[-1].removesuffix(".md"),
                                        b.path.rsplit("/", 1)[-1].removesuffix(".md"))):
        diff = _differing(ka, kb)
        if diff is None:
            continue
        da, db = diff
        if all(any(c.isdigit() for c in t) for t in da + db):
            return "code"
        if len(da) == len(db) == 1 and len(da[0]) == len(db[0]) == 1:
            # one letter for another within one title pattern is a label of one of several
            # things ("Bay A", "Plan B"); a letter revision ("Rev B") is a stamp, read before
            return "name"
        if len(da) <= MAX_NAME and len(db) <= MAX_NAME and \
                not any(c.isdigit() for c in "".join(da + db)) and \
                _named(a, b, da, db, _segment(ka, da) and _segment(kb, db)):
            return "name"
    return ""


def _named(a: Note, b: Note, da: list[str], db: list[str], segment: bool = False) -> bool:
    """Whether the tokens two titles differ by are each note's own name: written as a name
    (always with a capital) wherever either body holds it, shown to be one by the text
    (a single word may be shown by its heading alone; a name of several words needs one of
    them in the prose: a title-cased heading would make any reworded title a name) or by the
    titles, where it is a whole part of each set off by a dash, colon or brackets
    ("Member profile - Jade Okafor": `segment`, the template's label beside the name), and the
    two notes' mentions of each other's name alike: neither holds the other's (two suppliers
    that never meet), or each does (two animals paired, two players who open together, the
    profiles linking each other). Where only one holds both names it may be a renamed
    thing's rewrite that says its old name: no cue."""
    several = len(da) > 1 or len(db) > 1
    full_a, full_b = _names(a.body), _names(b.body)
    prose_a, prose_b = _names(a.body, not several), _names(b.body, not several)

    def name(tokens: list[str]) -> bool:
        written = all(full_a.get(t, True) and full_b.get(t, True) for t in tokens)
        shown = segment or any(prose_a.get(t) or prose_b.get(t) for t in tokens)
        return written and shown

    if not (name(da) and name(db)):
        return False
    own = all(t in full_a for t in da) and all(t in full_b for t in db)
    a_holds_b, b_holds_a = any(t in full_a for t in db), any(t in full_b for t in da)
    return own and a_holds_b == b_holds_a


_PARTS = re.compile(r"\s[-\u2013\u2014:|]\s|:\s|[()\[\]]")


def _segment(title: str, tokens: list[str]) -> bool:
    """Whether `tokens` are a whole part of `title` set off by a dash, colon, bar or
    brackets ("Member profile - Jade Okafor", "Profile (Momo)"), the title having another."""
    parts = [_tokens(p) for p in _PARTS.split(title)]
    parts = [p for p in parts if p]
    return len(parts) > 1 and tokens in parts


COPY_WORDS = 0.9
"""Share of their distinct words (Jaccard) above which two notes filed under one file name
in two folders are one note copied, not two folders' own files: on two real agent vaults'
labeled pairs of one file name, copies 0.93-1.00, the rest (hub stubs, per-project notes,
per-client drafts) 0.16-0.75."""


def _folder_siblings(a: Note, b: Note) -> tuple[str, str] | None:
    """The two folders, where two notes are one file name in folders whose names differ by
    more than a number or version and their texts are not one copy; else None."""
    (name_a, folder_a), (name_b, folder_b) = (_name_folder(n.path.removeprefix(PROPOSED_PREFIX))
                                              for n in (a, b))
    if name_a != name_b or folder_a == folder_b:
        return None
    diff = _differing(folder_a, folder_b)
    if diff is not None and all(any(c.isdigit() for c in t) for t in diff[0] + diff[1]):
        return None
    wa, wb = _body_words(a.body), _body_words(b.body)
    if wa and wb and len(wa & wb) / len(wa | wb) >= COPY_WORDS:
        return None
    return folder_a, folder_b


@per_text
def _name_folder(path: str) -> tuple[str, str]:
    """A path's file name, lowercased, and its folder."""
    p = PurePosixPath(path)
    return p.name.lower(), str(p.parent)


@per_text
def _body_words(body: str) -> frozenset[str]:
    return frozenset(w.lower() for w in _WORD.findall(body))


def _keys(note: Note) -> frozenset[str]:
    return _keys_of(note.path, note.title, note.permalink)


@per_text
def _keys_of(path: str, title: str, permalink: str) -> frozenset[str]:
    stem = path.rsplit("/", 1)[-1].removesuffix(".md")
    out = {title.lower(), permalink.lower(), stem.lower(), path.lower().removesuffix(".md")}
    return frozenset(k.strip() for k in out if k)


def link_types(src: Note, dst: Note) -> set[str]:
    """Relation types from src to dst ("links_to" for a plain [[link]])."""
    keys = _keys(dst)
    typed, plain = per_key(("link_types", src.path, src.sha256), lambda: _link_index(src))
    out = {t for k in keys & typed.keys() for t in typed[k]}
    if plain & keys:
        out.add("links_to")
    return out


def _link_index(src: Note) -> tuple[dict[str, frozenset[str]], frozenset[str]]:
    """The note's relation types by target and its plain [[link]] targets (those no
    relation names), lowercased: once per note, not once per pair."""
    typed: dict[str, set[str]] = {}
    for r in src.relations:
        typed.setdefault(r.target.strip().lower(), set()).add(r.type.lower())
    plain = frozenset(t.strip().lower() for t in src.links) - typed.keys()
    return {k: frozenset(v) for k, v in typed.items()}, plain


@dataclass(frozen=True)
class SeriesCue:
    """What the titles and links of a pair say about series vs restatement."""

    series: bool  # evidence of two members of a series (against a duplicate)
    restates: bool  # the newer note says it supersedes/replaces the older (for)
    reasons: tuple[str, ...] = ()
    titled: bool = False  # the titles (or file names) name two members: a stamp or sibling
    identity: str = ""  # what names each note's own issue, where the titles differ by it
    # ("the year", "the name"): a period or a name, not a version (kept below the listing)
    chain: str = ""  # "v1 and v3": one document's title in two versions (versions_of_one)


NO_CUE = SeriesCue(False, False)


RESTATING = frozenset({"supersedes", "replaces", "obsoletes"})
RESTATED_BY = frozenset({"superseded_by", "replaced_by"})


def _restates(a: Note, b: Note, ab: set[str], ba: set[str]) -> bool:
    newer_out, older_out = (ab, ba) if a.modified >= b.modified else (ba, ab)
    return bool(newer_out & RESTATING) or bool(older_out & RESTATED_BY)


def restates(a: Note, b: Note) -> bool:
    """The newer note of the pair says it supersedes/replaces the older (or the older says
    it was superseded by the newer): the writer's own word that one restates the other."""
    return _restates(a, b, link_types(a, b), link_types(b, a))


def says_restates(note: Note) -> bool:
    """The note carries a supersedes/replaces-type relation at all (cheap pre-check)."""
    return any(r.type.lower() in RESTATING | RESTATED_BY for r in note.relations)


def series_cue(a: Note, b: Note) -> SeriesCue:
    reasons: list[str] = []
    chain = version_chain(a, b)
    if chain:
        reasons.append(f"{chain} of one document: the later version restates it (counts for)")
    by_title = not chain and _differ_by_stamp(a.title, b.title)
    stamp = by_title or (not chain and _differ_by_stamp(
        a.permalink.rsplit("/", 1)[-1], b.permalink.rsplit("/", 1)[-1]))
    identity = ""
    if stamp:
        sa, sb = stamped(a.title)[1] or stamped(a.permalink)[1], stamped(b.title)[1] or \
            stamped(b.permalink)[1]
        if by_title:
            identity = _period(stamped(a.title)[1], stamped(b.title)[1])
        else:
            identity = _period(stamped(a.permalink.rsplit("/", 1)[-1])[1],
                               stamped(b.permalink.rsplit("/", 1)[-1])[1])
        reasons.append(f"titles differ only by {', '.join(sa)} vs {', '.join(sb)}: members "
                       f"of a series (counts against)")
    sibling = "" if stamp or chain else _sibling(a, b)
    folders = None if stamp or sibling else _folder_siblings(a, b)
    if folders is not None:
        sibling = "folder"
        reasons.append(f"the same file name in two folders ({folders[0]}/ and {folders[1]}/) "
                       f"with texts of their own: the same file of two projects or hubs, not "
                       f"one note (counts against)")
    if sibling == "code":
        reasons.append("titles differ only by a number or code (a phase, batch or date): "
                       "members of a series (counts against)")
    elif sibling == "name":
        identity = "the name"
        reasons.append("titles differ only by a name each note is about: siblings of one "
                       "template (counts against)")
    ab, ba = link_types(a, b), link_types(b, a)
    # one version `follows` the last: a chain says which version is later, not two parts
    series_rel = [] if chain else sorted((ab | ba) & SEQUENCE_RELATIONS)
    if series_rel:
        reasons.append(f"linked as {series_rel[0]}: parts of a sequence (counts against)")
    plain = stamp and not series_rel and ("links_to" in ab | ba)
    if plain:
        reasons.append("one links the other and their stamps differ: the next member of a "
                       "series (counts against)")
    newer = a if a.modified >= b.modified else b
    restates = _restates(a, b, ab, ba)
    if restates:
        reasons.append(f"the newer note ({newer.title}) says it supersedes the older: a "
                       f"restatement (counts for)")
    return SeriesCue(bool(stamp or sibling or series_rel) and not restates, restates,
                     tuple(reasons), bool(stamp or sibling) and not restates,
                     "" if restates else identity, chain)

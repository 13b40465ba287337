"""Aligning one note's units with another's by meaning, and judging each pair.

For every unit of a member the best counterpart in the base is found among units of
the same family (prose sentences, list items and numbered steps are one family:
agents turn steps into prose and back; checklist items, table rows, code blocks and
observations each compare only with their own kind). A pair is then:

- `present`: the base already says it (reworded or not) and has all its facts;
- `richer`: same meaning, and the member states every fact of the base plus more, or
  every content word of it plus words the base note uses nowhere (an added clause:
  "billed annually in EUR" / "billed in EUR"; an added negation is a conflict);
- `conflict`: the same claim with another value (a number, a name, a checkbox, a
  table row's cells, a changed code block); the newer note's version is written;
- `new`: no counterpart; the unit adds information.

Thresholds (bench/merge_quality.py --calibrate measures them on the demo and the
rewrite groups): rewordings of one sentence have a MiniLM cosine of 0.76-0.98,
median 0.89, while 99% of pairs of different units of one note stay below 0.66 and
all but 0.2% below 0.80. So SAME_COSINE = 0.80 says "the same thing", rapidfuzz
token_sort_ratio >= 90 catches near-identical text without the model, and a changed
value is only called a conflict (one of the two is then not written) on stronger
evidence: the same `Key:`, the same table row key, text equal once numbers are
masked, or cosine >= CLAIM_COSINE. Checklist items are short and one verb apart
("Letter of intent drafted" / "... submitted" score 0.86), so they need 0.90.
Below SAME_COSINE a pair still counts as one unit when the lexical evidence is strong
and the member adds no fact: most content words shared (REWORD_*: "A log entry is
committed once it is stored on a majority" / "An entry is committed when a majority
... have stored it", cosine 0.76), or the member's words nearly all inside a longer
base sentence or one of its clauses (a sentence folded into another).
A state change ("Calendar exports time out" / "The July release fixed the calendar
export timeouts", cosine 0.73) is below every bar above, so it needs other evidence:
a word saying the thing is over (fixed, went live, replaced...) in the newer unit
only, two content words shared, the same section, and cosine >= STATUS_COSINE (0.60,
a little under the 0.66 that 99% of different units of one note stay below).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import numpy as np
from rapidfuzz import fuzz, process

from .notes import _MEMORY_URL_RE, _TAG_RE, _WIKILINK_RE
from .unit_vectors import UnitVectors
from .units import Unit, normalise, row_cells
from .wording import (
    FILLER,
    added_words,
    clauses_of,
    content_words,
    negated,
    share,
    stem,
    swapped_word,
    tokens,
    within,
)

SAME_COSINE = 0.80
SAME_FUZZ = 90
CLAIM_COSINE = 0.85
CLAIM_MASKED_FUZZ = 85
CHECK_COSINE = 0.90
CROSS_CATEGORY_COSINE = 0.80
NEAR_COSINE = 0.50
REWORD_COSINE = 0.70
REWORD_SHARE = 0.6
CLOSE_WORDS_COSINE = 0.55  # the same content words nearly all kept, few facts to check
CLOSE_WORDS_SHARE = 0.8
APART_WORDS = 3  # see Aligner._apart
STATUS_COSINE = 0.60  # see wording.state_changed
CODE_FUZZ = 60
HEADING_COSINE = 0.80

_FAMILY = {"sentence": "text", "item": "text", "step": "text", "other": "text",
           "check": "check", "row": "row", "code": "code", "obs": "obs", "rel": "rel"}
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?)?")
_NUMBER = re.compile(r"\d+(?:[.,:/]\d+)*")
_CODE_SPAN = re.compile(r"`([^`\n]+)`")
_URL = re.compile(r"https?://[^\s)>\]]+")
_NAME = re.compile(r"(?<![\w#/-])([A-Z][\w'-]*|[A-Z]{2,})")
_NOT_NAMES = {"I", "A", "The", "An"}


def target_key(name: str) -> str:
    """A link target as one key: `Finance team`, `people/finance-team`, `finance-team.md`."""
    name = name.strip().lower().split("|", 1)[0].split("#", 1)[0].removesuffix(".md")
    name = name.rsplit("/", 1)[-1]
    return re.sub(r"[^\w]+", "-", name).strip("-").replace("_", "-")


def facts_of(text: str) -> frozenset[str]:
    """What a unit states that a reword keeps: numbers, dates, code, links, tags, names."""
    out: set[str] = set()
    for m in _WIKILINK_RE.finditer(text):
        out.add("link:" + target_key(m.group(1)))
    for m in _MEMORY_URL_RE.finditer(text):
        out.add("link:" + target_key(m.group(1).rstrip(".")))
    rest = _MEMORY_URL_RE.sub(" ", _WIKILINK_RE.sub(" ", text))
    for m in _URL.finditer(rest):
        out.add("url:" + m.group(0).rstrip(".,;"))
    rest = _URL.sub(" ", rest)
    for m in _CODE_SPAN.finditer(rest):
        out.add("code:" + m.group(1).strip())
    for m in _TAG_RE.finditer(rest):
        out.add("tag:" + m.group(1).lower())
    rest = _TAG_RE.sub(" ", rest)
    for d in _DATE.findall(rest):
        out.add("num:" + d)
    rest = _DATE.sub(" ", rest)
    for n in _NUMBER.findall(rest):
        out.add("num:" + n.replace(",", ""))
    plain = _CODE_SPAN.sub(" ", rest).strip()
    starts = {m.end() for m in re.finditer(r"(?:^|[.!?]\**)\W*", plain)}
    for m in _NAME.finditer(plain):
        w = m.group(1)
        if w in _NOT_NAMES:
            continue
        # A capitalised word that starts a sentence may be a name or not;
        # `compared` decides by looking at the other unit.
        kind = "first:" if m.start() in starts else "name:"
        w = w.removesuffix("'s")
        if w.endswith("s") and (len(w) > 3 or w[:-1].isupper()):
            w = w[:-1]  # APIs, BUs, Teams: one name
        out.add(kind + w.lower())
    return frozenset(out)


def compared(fa: frozenset[str], fb: frozenset[str]) -> tuple[frozenset[str], frozenset[str]]:
    """Both fact sets with sentence-initial words kept only where the other unit
    names the same word ("Priyanka Rao is..." vs "...is Priyanka Rao")."""
    names_a = {f.split(":", 1)[1] for f in fa if f.startswith(("name:", "first:"))}
    names_b = {f.split(":", 1)[1] for f in fb if f.startswith(("name:", "first:"))}

    def keep(fs: frozenset[str], other: set[str], other_facts: frozenset[str]
             ) -> frozenset[str]:
        out = set()
        for f in fs:
            if f.startswith("first:"):
                if f[6:] in other:
                    out.add("name:" + f[6:])
            elif f.startswith("code:") and f not in other_facts:
                # `max_connections` is the same code as `max_connections = 200`
                out.add(next((g for g in other_facts if g.startswith("code:")
                              and f[5:] in g[5:]), f))
            else:
                out.add(f)
        return frozenset(out)

    return keep(fa, names_b, fb), keep(fb, names_a, fa)


def link_forms(inner: str) -> tuple[str, set[str]]:
    """A link's target name and the forms a text may name it by (target, shown text)."""
    target = inner.split("|", 1)[0].split("#", 1)[0].rsplit("/", 1)[-1].strip()
    return target, {f for f in (target, inner.split("|")[-1].strip()) if len(f) >= 3}


def named_links(u: Unit, b: Unit) -> list[str]:
    """The links of `u` (their inner text) whose target `b` names in its own words,
    unlinked: "the line at [[Larder Street Kitchen]]" / "orders at Larder Street Kitchen".
    One fact, so a reword that only adds the brackets adds nothing but the link."""
    linked = {target_key(m.group(1)) for m in _WIKILINK_RE.finditer(b.raw)}
    plain = _WIKILINK_RE.sub(" ", b.raw)
    out = []
    for m in _WIKILINK_RE.finditer(u.raw):
        target, forms = link_forms(m.group(1))
        if target_key(target) in linked:
            continue
        if any(re.search(r"(?<!\w)" + re.escape(f) + r"(?!\w)", plain, re.I) for f in forms):
            out.append(m.group(1))
    return out


def pair_facts(u: Unit, b: Unit) -> tuple[frozenset[str], frozenset[str]]:
    """`compared` facts of a pair, where a link on one side and the same name in plain
    words on the other are one fact (named_links)."""
    fu, fb = compared(unit_facts(u), unit_facts(b))
    links_u, names_b = _named(u, b, fb)
    links_b, names_u = _named(b, u, fu)
    return fu - links_u - names_u, fb - links_b - names_b


def _named(x: Unit, y: Unit, fy: frozenset[str]) -> tuple[set[str], set[str]]:
    """The link facts of `x` that `y` names in words, and those name facts of `y`."""
    named = named_links(x, y)
    if not named:
        return set(), set()
    links = {"link:" + target_key(link_forms(n)[0]) for n in named}
    words = {w.lower() for n in named for f in link_forms(n)[1]
             for w in re.findall(r"[^\W_]+", f)}
    words |= {w.removesuffix("s") for w in words}
    return links, {f for f in fy if f.startswith("name:") and f[5:] in words}


def hard_facts(fs: frozenset[str]) -> frozenset[str]:
    return frozenset(f for f in fs if not f.startswith("first:"))


_LEAD = re.compile(r"^\s*(?:(?:[-*+]|\d+[.)])\s+)?(?:\[[^\]\[]*\]\s+)?")


def unit_facts(unit: Unit) -> frozenset[str]:
    """Facts of a unit's own words (not its list marker, box or category)."""
    if unit.kind in ("row", "code"):
        return facts_of(unit.raw)
    return facts_of(_LEAD.sub("", unit.raw, count=1))


def masked(text: str, *, names: bool = False) -> str:
    """Normalised text with the values a newer note changes masked out (and, with
    `names`, the capitalised words after the first: roles, teams, products)."""
    text = _CODE_SPAN.sub(" code ", text)
    text = _DATE.sub(" num ", text)
    text = _NUMBER.sub(" num ", text)
    if names:
        text = re.sub(r"(?:\b(?:[A-Z][\w'-]*)\s*)+", " name ", text)
    return normalise(text)


SWAP_KINDS = frozenset({"sentence", "obs"})
"""Where one swapped word is one claim's other value; list items and checklist tasks that
differ by a word are two ("Letter of intent drafted" / "... submitted")."""


def family(unit: Unit) -> str:
    return _FAMILY[unit.kind]


def exact_key(unit: Unit) -> str:
    if unit.kind == "code":
        return re.sub(r"\s+", " ", unit.text).strip()
    if unit.kind == "obs":
        return f"{unit.category}|{normalise(unit.text)}"
    if unit.kind == "check":
        return f"{unit.box}|{normalise(unit.text)}"
    if unit.kind == "row":
        return "|".join(normalise(c) for c in row_cells(unit.raw))
    return normalise(unit.text)


@dataclass
class Match:
    unit: Unit  # the member's unit
    base: Unit | None
    verdict: str  # present | richer | conflict | new
    score: float = 0.0
    # richer by words alone: the member's content words not in the base unit, which
    # holds no content word the member lacks ("billed annually in EUR" / "billed in EUR")
    extra: tuple[str, ...] = ()


class Aligner:
    """Finds, for member units, their counterparts among base units."""

    def __init__(self, vectors: UnitVectors) -> None:
        self.vectors = vectors
        self._vocab: set[str] = set()

    def align(self, members: list[Unit], base: list[Unit]) -> list[Match]:
        # The base note's words: an added word it already uses elsewhere adds nothing.
        self._vocab = {stem(t) for b in base for t in content_words(tokens(b.text))}
        by_family: dict[str, list[Unit]] = {}
        for b in base:
            by_family.setdefault(family(b), []).append(b)
        exact: dict[tuple[str, str], Unit] = {}
        for b in base:
            exact.setdefault((family(b), exact_key(b)), b)
        out: list[Match | None] = [None] * len(members)
        pending: list[int] = []
        for i, u in enumerate(members):
            hit = exact.get((family(u), exact_key(u)))
            if hit is not None:
                out[i] = Match(u, hit, "present", 1.0)
            elif by_family.get(family(u)):
                pending.append(i)
            else:
                out[i] = Match(u, None, "new")
        if pending:
            self._score(members, pending, by_family, out)
            self._clauses(members, base, out)
        return [m for m in out if m is not None]

    def _clauses(self, members: list[Unit], base: list[Unit], out: list[Match | None]) -> None:
        """A member sentence that found no counterpart may restate one clause of a longer
        base sentence ("...; for now it stays in Logistics"); then it is present."""
        parents: dict[int, Unit] = {}
        clauses: list[Unit] = []
        for b in base:
            if b.kind != "sentence":
                continue
            parts = clauses_of(b.text)
            if len(parts) < 2:
                continue
            for part in parts:
                c = replace(b, text=part, raw=part, key="")
                parents[id(c)] = b
                clauses.append(c)
        todo = [i for i, m in enumerate(out) if m is not None and m.verdict == "new"
                and members[i].kind in ("sentence", "item", "step")]
        if not clauses or not todo:
            return
        by_family = {"text": clauses}
        tmp: list[Match | None] = [None] * len(members)
        self._score(members, todo, by_family, tmp)
        for i in todo:
            m = tmp[i]
            if m is not None and m.verdict == "present" and m.base is not None:
                out[i] = Match(members[i], parents[id(m.base)], "present", m.score)

    def _score(self, members: list[Unit], pending: list[int],
               by_family: dict[str, list[Unit]], out: list[Match | None]) -> None:
        groups: dict[str, list[int]] = {}
        for i in pending:
            groups.setdefault(family(members[i]), []).append(i)
        # Lexical scores first; only what they leave open is embedded.
        need: set[str] = set()
        lexical: dict[str, np.ndarray] = {}
        for fam, idx in groups.items():
            cands = by_family[fam]
            if fam in ("row", "rel"):
                continue
            q = [normalise(members[i].text) for i in idx]
            c = [normalise(b.text) for b in cands]
            scores = process.cdist(q, c, scorer=fuzz.token_sort_ratio)
            lexical[fam] = scores
            if fam != "code":
                for k, i in enumerate(idx):
                    if scores[k].max() < SAME_FUZZ:
                        need.add(members[i].text)
                        need.update(b.text for b in cands)
        if need:
            self.vectors.ensure(need)
        for fam, idx in groups.items():
            cands = by_family[fam]
            lex = lexical.get(fam)
            cos = None
            if fam not in ("row", "rel", "code"):
                texts = [members[i].text for i in idx]
                if any(t in need for t in texts):
                    qv = self.vectors.matrix(texts)
                    cv = self.vectors.matrix([b.text for b in cands])
                    cos = qv @ cv.T
            for k, i in enumerate(idx):
                u = members[i]
                out[i] = self._judge(u, cands, None if lex is None else lex[k] / 100.0,
                                     None if cos is None else cos[k])

    def _judge(self, u: Unit, cands: list[Unit], lex: np.ndarray | None,
               cos: np.ndarray | None) -> Match:
        fam = family(u)
        if fam == "row":
            for b in cands:
                if b.key == u.key:
                    return Match(u, b, "conflict", 1.0)
            return Match(u, None, "new")
        if fam == "code":
            assert lex is not None
            best = int(np.argmax(lex))
            b = cands[best]
            if b.key == u.key and fuzz.ratio(u.text, b.text) >= CODE_FUZZ:
                return Match(u, b, "conflict", float(lex[best]))
            return Match(u, None, "new")
        n = len(cands)
        lex_s = lex if lex is not None else np.zeros(n)
        cos_s = cos if cos is not None else np.zeros(n)
        score = np.maximum(lex_s, cos_s)
        for j, b in enumerate(cands):  # the same `Key:` is the same claim
            if u.key and b.key == u.key and fam == "text":
                score[j] = max(score[j], 1.0)
            if fam == "obs" and b.category != u.category and cos_s[j] < CROSS_CATEGORY_COSINE:
                score[j] = min(score[j], lex_s[j] if lex_s[j] >= 0.95 else 0.0)
        best = int(np.argmax(score))
        b = cands[best]
        s = float(score[best])
        same_text = lex_s[best] >= SAME_FUZZ / 100 or cos_s[best] >= (
            CHECK_COSINE if fam == "check" else SAME_COSINE)
        keyed = bool(u.key) and u.key == b.key and fam == "text"
        templated = False
        if not (same_text or keyed) and fam in ("text", "obs"):
            for j in np.argsort(-cos_s)[:5]:
                if cos_s[j] < NEAR_COSINE:
                    break
                how = self._near(u, cands[int(j)])
                # Reworded: most content words shared, every fact equal; below the
                # cosine bar only when two facts (a number, a name) agree or nearly
                # every content word is kept.
                c = cands[int(j)]
                if how == "reworded" and (
                        cos_s[j] >= REWORD_COSINE
                        or len(pair_facts(u, c)[0]) >= 2
                        or (cos_s[j] >= CLOSE_WORDS_COSINE and share(
                            content_words(tokens(u.text)), content_words(tokens(c.text)))
                            >= CLOSE_WORDS_SHARE)):
                    return self._worded(u, c, float(cos_s[j]))
                if how == "contained":
                    return Match(u, cands[int(j)], "present", float(cos_s[j]))
                if how == "template":
                    best, b, s, templated = int(j), cands[int(j)], float(cos_s[j]), True
                    break
        if not (same_text or keyed or templated):
            for j, c in enumerate(cands):  # one word swapped: never two units unsaid
                if u.kind in SWAP_KINDS and swapped_word(u.text, c.text):
                    return Match(u, c, "conflict", float(score[j]))
            return Match(u, None, "new", s)
        fu, fb = pair_facts(u, b)
        if fam == "obs":  # an observation's tags are unioned, never a disagreement
            fu = frozenset(f for f in fu if not f.startswith("tag:"))
            fb = frozenset(f for f in fb if not f.startswith("tag:"))
        if fam == "obs" and u.category != b.category:
            return Match(u, b, "conflict", s)  # one fact, classified anew: newer wins
        box_same = u.box == b.box
        if fu <= fb and box_same:
            return self._worded(u, b, s)
        if fb < fu and box_same:
            return Match(u, b, "richer", s)
        claim = (keyed or templated or fam == "check" or cos_s[best] >= CLAIM_COSINE
                 or fuzz.token_set_ratio(masked(u.text), masked(b.text)) >= CLAIM_MASKED_FUZZ)
        if claim:
            return Match(u, b, "conflict", s)
        return Match(u, None, "new", s)

    def _worded(self, u: Unit, b: Unit, s: float) -> Match:
        """A pair with no fact the base lacks: present, unless the member's words say all
        the base's and more, in words the base note uses nowhere (an added clause:
        richer), or add a negation (another claim)."""
        if u.kind in ("code", "row") or u.box != b.box:
            return Match(u, b, "present", s)
        extra = added_words(u, b)
        if (extra and negated(u, b)) or (added_words(b, u) and negated(b, u)):
            return Match(u, b, "conflict", s)
        if extra and not {stem(t) for t in extra if t not in FILLER} <= self._vocab:
            return Match(u, b, "richer", s, extra)
        if s < SAME_COSINE and self._apart(u, b):
            return Match(u, None, "new", s)
        if u.kind in SWAP_KINDS and swapped_word(u.text, b.text):  # the newer, older reported
            return Match(u, b, "conflict", s)
        return Match(u, b, "present", s)

    def _apart(self, u: Unit, b: Unit) -> bool:
        """Two claims about one subject, not one claim reworded: each says APART_WORDS or
        more content words the other lacks, and the member's are words its base note uses
        nowhere ("Volunteers return the cold room keys after each shift" / "Keys of
        volunteers who left are removed from the key box": keys, office and cold room are
        shared, what is done with them is not)."""
        cu = {stem(t) for t in content_words(tokens(u.text)) if t not in FILLER}
        cb = {stem(t) for t in content_words(tokens(b.text)) if t not in FILLER}
        return len(cb - cu) >= APART_WORDS and len(cu - cb - self._vocab) >= APART_WORDS

    @staticmethod
    def _near(u: Unit, b: Unit) -> str:
        """'contained': the base unit says this and more (a sentence folded into a longer
        one); 'reworded': most content words and every fact shared; 'template': the same
        wording around other values or names; else ''."""
        tu, tb = tokens(u.text), tokens(b.text)
        fu, fb = pair_facts(u, b)
        if min(len(tu), len(tb)) >= 4 and share(tu, tb) >= 0.9 and fu <= fb:
            return "contained"
        cu, cb = content_words(tu), content_words(tb)
        if len(cu) >= 3 and len(cb) > len(cu) and within(cu, cb) >= 0.9 and fu <= fb:
            return "contained"
        if min(len(cu), len(cb)) >= 2 and share(cu, cb) >= REWORD_SHARE and fu <= fb:
            return "reworded"  # most content words kept and no fact the base lacks
        if u.kind == "obs" and u.category != b.category:
            return ""
        vu = {f for f in unit_facts(u) if f.startswith("num:")}
        vb = {f for f in unit_facts(b) if f.startswith("num:")}
        mu, mb = tokens(masked(u.text)), tokens(masked(b.text))
        if vu and vb and vu != vb and min(len(mu), len(mb)) >= 4 and share(mu, mb) >= 0.8:
            return "template"
        if u.kind == "obs" or tu[:1] == tb[:1]:
            wu, wb = masked(u.text, names=True), masked(b.text, names=True)
            if min(len(wu.split()), len(wb.split())) >= 4 and fuzz.ratio(wu, wb) >= 90:
                return "template"
        return ""

    def heading_near(self, a: str, b: str) -> bool:
        """Two headings on one topic (cosine >= NEAR_COSINE), weaker than the same."""
        self.vectors.ensure([a, b])
        return float((self.vectors.matrix([a]) @ self.vectors.matrix([b]).T)[0, 0]) >= (
            NEAR_COSINE)

    def heading_matches(self, member: list[str], base: list[str]) -> np.ndarray:
        """[i, j]: member heading i means the same as base heading j (one model call)."""
        out = np.zeros((len(member), len(base)), dtype=bool)
        if not member or not base:
            return out
        nm, nb = [normalise(a) for a in member], [normalise(b) for b in base]
        lex = process.cdist(nm, nb, scorer=fuzz.token_set_ratio)
        out |= lex >= 85
        for i, a in enumerate(nm):
            for j, b in enumerate(nb):
                out[i, j] |= a == b
        open_rows = [i for i in range(len(member)) if not out[i].any()]
        if open_rows:
            mv = self.vectors.matrix([member[i] for i in open_rows])
            bv = self.vectors.matrix(base)
            cos = mv @ bv.T
            for k, i in enumerate(open_rows):
                out[i] |= cos[k] >= HEADING_COSINE
        return out

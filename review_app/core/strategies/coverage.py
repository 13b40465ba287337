"""Coverage evidence: how much of each note has a close counterpart in the other.

A rewrite or a cut-down copy is covered by the other note: its pieces all reappear
there, reworded. A related note shares a topic, or one section, and keeps content of
its own. A note's vector (basic-memory's mean of chunks, or ours of its opening)
blurs the two; comparing the pieces tells them apart. Pieces are basic-memory's own
chunks where its index is read (chunk against chunk, not only their mean), else the
note's heading sections (a long one cut at paragraphs), embedded by the scan's model and
cached by text.

Index, log and collection notes (a line or a short section per entry, mostly links
or dated items) are the usual false friends: one of their entries restates a whole
note, yet they are not that note. They are recognised by their shape, not their
names (`note_shape`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from ..links import WIKILINK_RE, note_keys, target_key
from ..memo import per_text
from ..notes import Note

PIECE_CHARS = 900
"""A piece's budget (basic-memory's chunk budget): a section longer is cut at paragraphs."""
MIN_PIECE_CHARS = 60
"""A shorter piece (a lone heading, a one-line section) joins the next one."""


@dataclass(frozen=True)
class Scale:
    """Where a piece has a close counterpart (cosine >= close), none at all (< far), and
    between them partial credit; how coverage then moves the pair's logit (cues.py):
    `weight * (contain - pivot) - both_own * (1 - contain) * own_big`. Per kind of piece:
    a 900-character chunk holds several sections, so its cosines with a related note's
    chunk run higher than a section's."""

    far: float
    close: float
    pivot: float
    weight: float  # logit per unit of containment away from the pivot
    both_own: float = 0.0  # logit lost when both notes keep content of their own
    smaller: bool = False  # containment of the smaller note (else the more covered one)
    shaped: tuple[float, float] | None = None
    """(pivot, weight) on the less covered share where one note is an index or log
    (note_shape); None: the same as `pivot`, `weight`."""
    runs: int = 1
    """A piece's counterpart may be a run of up to this many consecutive pieces of the
    other note (the mean of their vectors); 1: piece to piece."""
    own_band_only: bool = False
    """The own-content term decides the band, not the listing: the listing score reads
    `weight * (contain - pivot)` alone (cues.PairCues.listing_shift) and a pair the full rule
    puts below the likely cut is held just below it. False: the full rule decides both."""
    lift: tuple[float, float] | None = None
    """(pivot, weight) of the listing's containment lift (with `own_band_only`): below the
    likely band the listing score's coverage term is the larger of `weight * (contain -
    pivot)` of the rule and this one, at most cues.MAX_RISE. None: the rule's alone."""
    floor: float = 0.30
    """Pairs scoring at least this before their cues get them (cues.FLOOR at most)."""


SECTIONS = Scale(0.50, 0.80, 0.85, 1.55, 3.52, smaller=True, shaped=(0.55, 4.0), runs=3,
                 own_band_only=True, lift=(0.75, 8.0), floor=0.25)
"""Heading sections, bundled MiniLM. The reader's rule: the smaller note sitting inside the
bigger (nearly all of it restated: `pivot` 0.85, the "sits inside" of `describe`) is a
duplicate; a smaller note only partly restated while the bigger keeps much that the smaller
does not restate is related, so partial containment counts against identity and the product
`(1 - contain) * (1 - restated share of the bigger)` lowers it further. A piece is restated
where a piece *or a run of up to 3 consecutive pieces* of the other note answers it
(`runs`): a condensed copy's one paragraph stands for several sections of the longer note,
and matched section to section it looked partly covered (issue 19: adding score-C to the
fit reversed the sign of the own-content term). Weights from `bench/coverage_fit.py` (L2
logistic fit, the base score as offset) on 200 reachable pairs (99 duplicates) of hard_kb,
score-B, score-C, score-D, rewrite_kb, the demo and the labeled pairs of a real agent vault
(aios): log loss 108.8 -> 88.0 (leave-one-set-out 99.8; the section-to-section rule refitted
on the same pairs: 94.2 and 107.8). The pivot is the reader's; only the weights are fitted
(a lower pivot reads a vault's 50-85% restated related notes as duplicates). A pair with an
index or log note keeps the earlier rule on its less covered share, piece to piece (`shaped`;
those pairs are left out of the fit): one lesson wholly inside its log must not read as that
log's duplicate.

The own-content term decides the band, not the listing (`own_band_only`): a rewrite that
changes every value or turns a checklist into prose keeps sections with no close counterpart
and reads as "both keep content of their own", so the full rule hid it (score-F: 4 rewrites,
4 chain pairs, 1 condensed and 1 expanded copy below the listing cut). Over every labeled set
pooled (hard sets score-A..F, rewrite_kb, the demo, both real vaults' labels;
`bench/pooled_fit.py --mode split`, nothing fitted): 110 of 121 duplicate pairs listed at the
0.41 cut (102 with the full rule), same-topic pairs listed 13 (8, all possible), the likely
band's pairs the same (80 of 94 duplicates). Fitting the listing's containment weight alone
(`--mode split-fit`: 1.78, 0.29-2.55 leaving one set out) lists no more (109 of 121 left out).

The listing's containment lift (`lift`, round 7): the rule's term is centred on the reader's
0.85 with weight 1.55, so a smaller note 80-96% restated in the bigger one - a condensed card,
an expanded procedure's short original, a rewrite with every value changed - gained at most
0.17 logit and stayed below the listing cut when its cosines were low (score-G/H: 0.24-0.36).
The lift reads containment from 0.75 (nothing) to 0.875 and up (MAX_RISE), for the listing only;
pairs from 0.25 up get their cues (`floor`; 0.30 before). Chosen leaving each set out over a
grid (floor 0.20-0.30, pivot 0.75-0.85, weight 1.55-8) on the pooled hard sets score-A..H and
rewrite_kb (`bench/pooled_fit.py --mode lift`): every fold but one chose (0.25, 0.75, 8); the
folds list 144 of 157 duplicate pairs (139 before) with the same 16 non-series non-duplicates
and 4 more series pairs, all possible.

One shared section (cues.PairCues.held_as_shared, round 22) is one piece of the smaller note
with a close counterpart (`close`) and little of the rest restated. Its best piece answered at
cosine 0.81-1.0 in the pairs it held (dev: score-U..Z's labeled shared-section pairs 0.96-1.0,
a real vault's related pairs 0.81-0.98); a rewrite, its wording changed throughout, has no
piece that close (its best 0.64-0.80: score-U/V/W/Y, 5 rewrites and 1 chain pair the rule
held before): every piece restated moderately is the opposite of one section shared."""
CHUNKS = Scale(0.65, 0.85, 0.85, 3.2, 0.0, smaller=True, shaped=(0.55, 4.0),
               runs=SECTIONS.runs, own_band_only=True, lift=SECTIONS.lift,
               floor=SECTIONS.floor)
"""basic-memory's chunks (≤900 characters, several sections each), its MiniLM: the same
reader's rule as SECTIONS (containment of the smaller note against the reader's pivot
0.85; an index or log pair on its less covered share), on the chunk cosines' own scale (a
related note's chunk sits closer than a section would, so `far`/`close` are higher).
Weight from `bench/coverage_fit.py --pieces chunks` on hard_kb, score-B, score-C,
rewrite_kb and the demo, cut and embedded as basic-memory does and scored from the mean of
chunks as a scan of its index is (the demo's design-review meeting then scores 0.763
against the pagination decision, as measured with basic-memory itself). The free fit at
this pivot (weight 1.15) lets that meeting join its pagination group; 3.2 is the lowest
log loss keeping every non-duplicate pair of the demo below the listing cut with a margin
(the meeting at 0.376 < 0.41). Own content gets no weight: with one to three chunks a
note the fitted `both_own` comes out negative (noise), so it is held at 0. A lower pivot
fits the tuning sets better (0.6, weight 6: 64 of 77 duplicate pairs listed) but reads a
skill whose two chunks sit 81% inside a skills collection as its duplicate; chunks are too
coarse to tell that from a condensed copy, sections can. Over the tuning sets' reachable
pairs at 0.41: 57 of 77 duplicate pairs listed and 7 non-series non-duplicates (the rule
it replaces, `6 * (max share - 0.65)`: 60 and 8), log loss 75.6 -> 75.2.

The listing reads it as it reads SECTIONS (issue 19, round 9): a chunk may be answered by a
run of the other's chunks, the same containment lift and floor, the own-content term for the
band only. Before, they reached own vectors only, and a scan of basic-memory's index lost
rewrites own finds (tests/data through basic-memory's cut and model: rewrite_kb 11 -> 12 of
12 groups found whole, hard_kb 7 -> 9 of 13, own 12; the demo's 9 groups unchanged)."""
RESTATED = 0.85
"""A note whose text has a counterpart this far is, in words, restated in the other."""


@dataclass(frozen=True)
class PieceSource:
    """Where a scan's piece vectors come from, and the scale their cosines are read on."""

    fetch: Callable[[Sequence[int]], dict[int, tuple[np.ndarray, np.ndarray]]]
    """note rows -> {row: (unit vectors of its pieces, each piece's characters)}"""
    scale: Scale
    texts: Callable[[int], list[str]] | None = None
    """note row -> its pieces' texts, in `fetch`'s order, where they are known (own
    sections): a piece's weight then leaves out the project's boilerplate lines in it."""


_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+")
_ENTRY = re.compile(r"^\s*(?:[-*+]|\d+[.)]|\|)\s*")
_LINK = re.compile(r"\[\[[^\]]+\]\]|\]\([^)]+\)")
# a list item opening on a link, bold or not: "- [[note]] -- what it holds", "1. [Note](n.md)"
_LINKED_ENTRY = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+\**\s*(?:\[\[[^\]]+\]\]|\[[^\]]+\]\([^)]+\))")
HUB_OTHER_LINES = 2
_DATED = re.compile(r"^\s*(?:#{1,6}\s+|[-*+]\s+)?\**\[?(?:19|20)\d\d-\d\d(?:-\d\d)?")

def note_pieces(body: str) -> list[str]:
    """The note's heading sections, a long one cut at paragraphs, tiny ones joined on."""
    sections: list[list[str]] = [[]]
    for line in (body or "").strip().splitlines():
        if _HEADING.match(line) and sections[-1]:
            sections.append([])
        sections[-1].append(line)
    pieces: list[str] = []
    for lines in sections:
        text = "\n".join(lines).strip()
        if not text:
            continue
        if len(text) <= PIECE_CHARS:
            pieces.append(text)
            continue
        run = ""
        for para in re.split(r"\n\s*\n", text):
            para = para.strip()
            if run and len(run) + len(para) + 2 > PIECE_CHARS:
                pieces.append(run)
                run = ""
            run = f"{run}\n\n{para}" if run else para
        if run:
            pieces.append(run)
    out: list[str] = []
    carry = ""
    for piece in pieces:
        piece = f"{carry}\n{piece}" if carry else piece
        if len(piece) < MIN_PIECE_CHARS:
            carry = piece
        else:
            out.append(piece)
            carry = ""
    if carry:
        if out:
            out[-1] = f"{out[-1]}\n{carry}"
        else:
            out.append(carry)
    return out


def note_shape(note: Note) -> str:
    """"index" (mostly one line per entry, or mostly links), "log" (dated entries), "hub"
    (a few entries opening on links, _hub) or ""."""
    return _shape(note.body)


def pair_shape(note: Note, other: Note) -> str:
    """`note_shape` as it reads against `other`: a hub is an index of the notes it links
    to; against a note it does not link to it is read as any note (a checklist whose items
    open on links to their how-to notes may be a cut-down copy of a third note: an
    adversarial review)."""
    shape = note_shape(note)
    if shape != "hub":
        return shape
    keys = {target_key(k) for k in note_keys(other)}
    targets = [*WIKILINK_RE.findall(note.body), *_MD_TARGET.findall(note.body)]
    return "index" if any(target_key(t) in keys for t in targets) else ""


@per_text
def _shape(body: str) -> str:
    if sum(1 for ln in body.splitlines() if _DATED.match(ln)) >= 4:
        return "log"
    entries = _entries(body)
    if entries is not None:
        linked = sum(1 for ln in entries if _LINK.search(ln))
        short = sum(1 for ln in entries if len(_LINK.sub("x", ln).split()) <= 8)
        if len(entries) >= 6 and (linked >= 0.5 * len(entries) or short >= 0.8 * len(entries)):
            return "index"
    return "hub" if _hub(body) else ""


def _hub(body: str) -> bool:
    """A hub note: list items each opening on a link to a note ("- [[epigenetic-clocks]] --
    CpG methylation models ..."), beside at most HUB_OTHER_LINES lines of its own (the
    section it stands for, in a line). However few its entries, it lists notes rather
    than restating one: its one entry's gloss sits close to the note it links as a
    condensed copy would (a real agent-written wiki, round 45: 8 of its 14 listed pairs
    were a section index of one to five entries and a note it lists, one of them in the
    likely band)."""
    lines = [ln for ln in body.splitlines() if ln.strip() and not _HEADING.match(ln)]
    linked = sum(1 for ln in lines if _LINKED_ENTRY.match(ln))
    return linked >= 1 and len(lines) - linked <= HUB_OTHER_LINES


def _entries(body: str) -> list[str] | None:
    """The note's entry lines (list items, table rows) where they are most of its lines."""
    lines = [ln for ln in body.splitlines() if ln.strip() and not _HEADING.match(ln)]
    if len(lines) < 6:
        return None
    entries = [ln for ln in lines if _ENTRY.match(ln)]
    return entries if len(entries) >= 0.7 * len(lines) else None


_MD_TARGET = re.compile(r"\]\(([^)\s]+)\)")
_TABLE_RULE = re.compile(r"^\s*\|[\s:|-]+\|?\s*$")


def index_share(index: Note, other: Note) -> float | None:
    """How much of a link index (`note_shape` "index", at least half its entries links) can
    restate `other`: the share of its linked entries that link to it. An index's entries are one
    line per note, so its text taken whole sits close to any one note it lists (a skills
    index and one skill: 95% "covered" as one piece), while it restates one entry of six;
    None for any other note."""
    if note_shape(index) != "index":
        return None
    entries = [ln for ln in _entries(index.body) or [] if not _TABLE_RULE.match(ln)]
    linked = [ln for ln in entries if _LINK.search(ln)]
    if len(linked) < 0.5 * len(entries) or not entries:
        return None
    keys = {target_key(k) for k in note_keys(other)}
    about = sum(1 for ln in linked if any(
        target_key(t) in keys for t in [*WIKILINK_RE.findall(ln), *_MD_TARGET.findall(ln)]))
    return about / len(linked)


@dataclass(frozen=True)
class Coverage:
    """Coverage of each note by the other: share of its text with a close counterpart."""

    share_a: float  # of a's text (by characters), with a counterpart in b (partial credit)
    share_b: float
    pieces_a: int
    pieces_b: int
    close_a: int  # a's pieces with a close counterpart in b
    close_b: int
    chars_a: float = 0.0  # a's text, characters (which note is the smaller)
    chars_b: float = 0.0
    own_a: float = 0.0  # share of a's text with no counterpart at all in b (< scale.far)
    own_b: float = 0.0
    run_a: float | None = None  # share_a where a run of b's pieces may answer a piece
    run_b: float | None = None
    whole_a: float | None = None  # run_a where b as a whole (the mean of its pieces) may too
    whole_b: float | None = None
    rest_a: float | None = None  # run_a of a's text outside its best-answered piece
    rest_b: float | None = None
    span_a: float | None = None  # share of a's text from its first to its last piece restated
    span_b: float | None = None  # in the other (a piece or run, credit >= 1/2): where it lies
    top_a: float | None = None  # cosine of a's best-answered piece with its answer (a piece or
    top_b: float | None = None  # a run of the other's): near 1 where a section is copied

    @property
    def pieces(self) -> int:
        return max(self.pieces_a, self.pieces_b)

    @property
    def inside(self) -> float:
        """How far the more covered note sits inside the other (1: wholly restated)."""
        return max(self.share_a, self.share_b)

    @property
    def both_own(self) -> float:
        """How much the less covered note keeps of its own (0: nothing)."""
        return 1.0 - min(self.share_a, self.share_b)

    @property
    def small_big(self) -> tuple[float, float]:
        """(share of the smaller note restated in the bigger, share of the bigger not
        restated in the smaller), a piece answered by a piece or a run of pieces: the
        reader's rule reads these two."""
        ra = self.share_a if self.run_a is None else self.run_a
        rb = self.share_b if self.run_b is None else self.run_b
        if self.chars_a <= self.chars_b:
            return ra, 1.0 - rb
        return rb, 1.0 - ra

    @property
    def big_span(self) -> float | None:
        """Share of the bigger note's text from the first to the last of its pieces restating
        the smaller (`span_a`/`span_b`; None where runs are not read)."""
        return self.span_b if self.chars_a <= self.chars_b else self.span_a

    @property
    def small_pieces(self) -> int:
        return self.pieces_a if self.chars_a <= self.chars_b else self.pieces_b

    @property
    def small_rest(self) -> float | None:
        """`small_big`'s share of the smaller note, its best-answered piece left out: what
        the smaller restates apart from one section (None: it has one piece)."""
        return self.rest_a if self.chars_a <= self.chars_b else self.rest_b

    @property
    def small_top(self) -> float | None:
        """Cosine of the smaller note's best-answered piece with its answer in the bigger
        (None where runs are not read): near 1 where one section is copied word for word."""
        return self.top_a if self.chars_a <= self.chars_b else self.top_b

    @property
    def small_whole(self) -> float:
        """Share of the smaller note restated in the bigger, a piece answered by a piece, a
        run of pieces or the bigger note as a whole: a condensed copy's one paragraph may
        stand for the whole of a long note."""
        small_big = self.small_big[0]
        whole = self.whole_a if self.chars_a <= self.chars_b else self.whole_b
        return small_big if whole is None else max(small_big, whole)


def runs_of(v: np.ndarray, longest: int) -> np.ndarray:
    """Unit vectors of every run of 2..`longest` consecutive pieces (their mean)."""
    runs = [v[i:i + w].sum(axis=0) for w in range(2, longest + 1)
            for i in range(len(v) - w + 1)]
    if not runs:
        return v[:0]
    m = np.asarray(runs)
    return m / np.maximum(np.linalg.norm(m, axis=1, keepdims=True), 1e-12)


@dataclass(frozen=True)
class Pieces:
    """A note's pieces as coverage reads them, worked out once per note (a scan's cue
    pass meets each note in a dozen pairs): unit vectors, characters, and the unit
    vectors of its runs of pieces (`runs_of`, for `scale.runs`)."""

    vectors: np.ndarray
    lengths: np.ndarray
    runs: np.ndarray
    weights: np.ndarray = field(init=False, repr=False)  # lengths as float64
    total: float = field(init=False)  # their sum
    chars: float = field(init=False)  # the lengths' own sum (which note is the smaller)
    whole: np.ndarray = field(init=False, repr=False)  # _whole(vectors): the note as one

    def __post_init__(self) -> None:
        weights = self.lengths.astype(np.float64)
        object.__setattr__(self, "weights", weights)
        object.__setattr__(self, "total", weights.sum())
        object.__setattr__(self, "chars", float(np.sum(self.lengths)))
        object.__setattr__(self, "whole", _whole(self.vectors))


def unit_rows(m: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(m, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return m / norms


def prepare(vectors: np.ndarray, lengths: np.ndarray, scale: Scale) -> Pieces:
    """`vectors` (not necessarily unit) and `lengths` of one note's pieces, for `scale`."""
    unit = unit_rows(vectors)
    return Pieces(unit, lengths, runs_of(unit, scale.runs) if scale.runs > 1 else unit[:0])


def coverage(va: np.ndarray, la: np.ndarray, vb: np.ndarray, lb: np.ndarray,
             scale: Scale = SECTIONS) -> Coverage:
    """Coverage of a's and b's pieces (unit vectors `va`, `vb`; characters `la`, `lb`)."""
    runs = scale.runs > 1
    return covered(Pieces(va, la, runs_of(va, scale.runs) if runs else va[:0]),
                   Pieces(vb, lb, runs_of(vb, scale.runs) if runs else vb[:0]), scale)


def covered(a: Pieces, b: Pieces, scale: Scale) -> Coverage:
    """`coverage` of two notes' prepared pieces."""
    va, vb = a.vectors, b.vectors
    sim = va @ vb.T
    best_a, best_b = sim.max(axis=1), sim.max(axis=0)
    far, close = scale.far, scale.close
    span = close - far

    def credit(best: np.ndarray) -> np.ndarray:
        return np.minimum(np.maximum((best - far) / span, 0.0), 1.0)  # clipped to [0, 1]

    def share(best: np.ndarray, p: Pieces, got: np.ndarray | None = None) -> float:
        """`got`: the pieces' credit times their weights, where the caller has it."""
        if not p.total > 0:
            return 0.0
        return float((credit(best) * p.weights if got is None else got).sum() / p.total)

    def rest(best: np.ndarray, p: Pieces, got: np.ndarray) -> float | None:
        """`share` of the text outside the best-answered piece (None: one piece only)."""
        if len(best) < 2:
            return None
        keep = np.ones(len(best), dtype=bool)
        keep[int(np.argmax(best))] = False
        total = float(p.weights[keep].sum())
        if not total > 0:
            return None
        return float(got[keep].sum() / total)

    def stretch(best: np.ndarray, p: Pieces) -> float:
        """Share of the text from the first to the last piece at least half restated: one
        section of a handbook lies in a short stretch, a condensed note's source all over."""
        hit = np.flatnonzero((best - far) / span >= 0.5)
        if not len(hit) or not p.total > 0:
            return 0.0
        return float(p.weights[hit[0]:hit[-1] + 1].sum() / p.total)

    def own(best: np.ndarray, p: Pieces) -> float:
        return float(p.weights[best < far].sum() / p.total) if p.total > 0 else 0.0

    run_a = run_b = whole_a = whole_b = rest_a = rest_b = span_a = span_b = None
    top_a = top_b = None
    if scale.runs > 1:
        runs_a = np.maximum(best_a, (va @ b.runs.T).max(axis=1, initial=-1.0))
        runs_b = np.maximum(best_b, (vb @ a.runs.T).max(axis=1, initial=-1.0))
        got_a, got_b = credit(runs_a) * a.weights, credit(runs_b) * b.weights
        run_a, run_b = share(runs_a, a, got_a), share(runs_b, b, got_b)
        whole_a = share(np.maximum(runs_a, va @ b.whole), a)
        whole_b = share(np.maximum(runs_b, vb @ a.whole), b)
        rest_a, rest_b = rest(runs_a, a, got_a), rest(runs_b, b, got_b)
        span_a, span_b = stretch(runs_a, a), stretch(runs_b, b)
        top_a, top_b = float(runs_a.max(initial=-1.0)), float(runs_b.max(initial=-1.0))
    return Coverage(share(best_a, a), share(best_b, b), len(best_a), len(best_b),
                    int(np.count_nonzero(best_a >= close)),
                    int(np.count_nonzero(best_b >= close)),
                    a.chars, b.chars, own(best_a, a), own(best_b, b), run_a, run_b,
                    whole_a, whole_b, rest_a, rest_b, span_a, span_b, top_a, top_b)


def _whole(v: np.ndarray) -> np.ndarray:
    """The unit vector of a note as a whole: the mean of its pieces' unit vectors."""
    total = v.sum(axis=0)
    return total / max(float(np.linalg.norm(total)), 1e-12)


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def describe(cov: Coverage, shape_a: str = "", shape_b: str = "") -> list[str]:
    """Coverage in words, the more covered note first."""
    (sa, na, ca), (sb, nb, cb) = ((cov.share_a, cov.pieces_a, cov.close_a),
                                  (cov.share_b, cov.pieces_b, cov.close_b))
    if sb > sa:
        (sa, na, ca), (sb, nb, cb) = (sb, nb, cb), (sa, na, ca)
    if cov.pieces < 2:
        out = [f"one part each, {sa:.0%} restated in the other"]
    elif sb >= RESTATED:
        out = [f"each restates the other: {sa:.0%} and {sb:.0%} of their text has a close "
               f"counterpart ({_count(na, 'part')} and {nb})"]
    elif sa >= RESTATED:
        out = [f"one sits inside the other: its {_count(na, 'part')} "
               f"{'all appear' if ca == na else f'appear ({sa:.0%})'} in the other; the "
               f"other has {1 - sb:.0%} of its own ({nb - cb} of {_count(nb, 'part')})"]
    elif sa < 0.5:
        out = [f"both keep content of their own: only {sa:.0%} and {sb:.0%} of their text "
               f"has a counterpart in the other ({_count(na, 'part')} and {nb})"]
    else:
        out = [f"partly restated: {sa:.0%} of one and {sb:.0%} of the other has a counterpart "
               f"({_count(na, 'part')} and {nb})"]
    for shape in sorted({shape_a, shape_b} - {""}):
        article = "an" if shape == "index" else "a"
        out.append(f"one is {article} {shape} note (a line or entry per item): it holds other "
                   f"notes' content without being them (counts against)")
    return out

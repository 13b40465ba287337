"""Coverage and series cues of a pair, and how they move its hybrid score.

The hybrid's logistic score (cosines, ranks) says how close two notes are; these
cues say whether one restates the other. They are worked out only for pairs
scoring at least `FLOOR` (the ones a listing can show), and move the score:
- coverage (coverage.py), where one note has several pieces: the logit moves by
  `weight * (inside - pivot) - both_own * (1 - inside) * own_big` (at most `MAX_RISE`
  up), `inside` being how far the smaller note sits inside the bigger (sections and
  basic-memory's chunks alike, each on its own scale; a section may be answered by a run of
  the other's sections) and `own_big` the bigger note's share the smaller does not restate
  (coverage.SECTIONS, CHUNKS): one inside the other is a duplicate, both
  keeping content of their own is related. Where the scale says so (SECTIONS, CHUNKS), the
  own-content term decides only the band: the listing score moves by the containment
  term alone, and a pair the whole rule puts below the likely cut is held just below it
  (a rewrite that changes every value reads as keeping content of its own too, so it is
  listed as possible rather than hidden). An index or log note (by its shape) holds
  other notes' content without being them, so for a pair with one `inside` is the
  *less* covered share: it must restate the other as much as the other restates it
  (a link index restates a note at most by its entries linking to it, coverage.index_share);
  nor is such a pair likely unless each restates the other (`held_as_index`): fitted on the
  pooled sets' 20 labeled index pairs, the reader's pivot reads them better than the earlier
  one (log loss 10.2 against 13.4) but lowers a real vault's true pair out of the listing,
  so the shape caps the band and the score stays as it was;
- series (series.py): two members of a series stay below the likely band unless
  one restates the other word for word (a copy filed under another stamp: `copy`).
  Two years' plans share a template and most sentences, so section coverage cannot
  tell a series from a rewrite; only the text itself, stamps aside, can;
  where the titles differ by what names each note's own issue (a period or a name,
  `SeriesCue.identity`: "Syllabus 2025" / "Syllabus 2026", two people's profiles), the
  pair is kept below the listing cut, not only the likely band: a rewrite keeps its
  identity and changes other values, so the changed identity is content of each note's
  own whatever the coverage of the rest. Titles equal but for a version stamp ("v2" /
  "v3") are one document's versions (`SeriesCue.chain`): no series hold, the pair is read
  by its text and coverage like any rewrite, and listed at least as possible like a pair
  whose newer note says it supersedes the older (below);
- template (template.py): two notes whose every common line recurs in many other notes
  of the project are two fillings of one template (receipts, alerts, hub stubs), held
  below the likely band as series members are, unless one is the other word for word;
- no own content (template.py): a note whose every line is a heading, a short line or the
  project's template, with some template line (an unfilled template, a pasted instruction
  block under a dated header) or no name of its own (an empty daily note) restates nothing,
  so it is held below the likely band against any note it is not a copy of; two such stubs
  are trivially alike;
- concept (concept.py): two notes filled from one template about different things (titles
  naming two subjects, versions or IDs; one linking the other; distinctive content not
  covering each other) are held below the likely band as template fillings are;
- `supersedes` / `replaces` from the newer note to the older: the logit rises by
  `RESTATES_BONUS`, and the pair is listed (at least at the listing cut, as possible) unless
  it is an index's or a series issue's (told apart by a period or name), or one section of
  a broader note: the writer's own word that the newer restates the older outweighs our
  reading of a shared section where the rest is reworded (`rewords_the_rest`: a rewrite
  keeping one section word for word, held-out score-AJ and score-AK, three such pairs held
  below the listing, each a labeled duplicate), which
  every such pair of the dev sets was (score-X/Y/Z/W: 9 of 9, the weakest 0.23 before, its
  wording, values and layout all changed). Its cues are worked out whatever its base score
  (pair_features.ScoredPairs._restating). Titles naming one document's versions are the
  writer's word as well (`said_restated`): listed, without the bonus, since a version that
  keeps content of its own may be a release rather than a redraft (score-AF, dev: two
  chains' first and second versions at 0.22 and 0.27, each the other's nearest neighbour);
- one shared section (`PairCues.held_as_shared`): where one section of the smaller note has
  a close counterpart in the bigger (Scale.close), the rest of it is less than SHARED_REST
  restated and the bigger keeps at least SHARED_OWN of its own, both notes keep content of
  their own around one section they share (a note repeating a handbook's section word for
  word beside sections of its own; a rewrite restates every section moderately, none
  closely, round 22): related, the reader's rule, so held just below the listing cut.
  Where the smaller note has a cut-down copy's length (`cut_down`: at most CONDENSED_RATIO
  of the other) its one shared section may be all it says beside a heading or two (a log
  holding one lesson and its empty template sections, read by a real vault's reader as that
  lesson's duplicate), so such a pair stays at the listing cut, listed last. Dev (round 18): held at
  the cut before were, in tests/data/* and score-X/Y, 2 labeled related pairs, 1 unlabeled
  related pair and 1 condensed copy (which its own cue lists), and of a real vault's labeled
  pairs 4 related and 1 duplicate; by length all 3 related pairs of the sets and 2 of the
  vault's drop below the cut, and no duplicate does;
- condensed copy (`PairCues.condensed`): a note at most `CONDENSED_RATIO` of the other's
  length whose pieces and words sit inside it (`CONDENSED_INSIDE`) is listed, at least at
  the listing cut, whatever its base score from `CONDENSED_FLOOR` up. A summary line and
  the paragraph it condenses sit far apart as vectors (a "volunteer quick guide" against
  its handbook scored 0.17 before its cues), so the base score and the section coverage
  alone leave it out; the words it keeps (values, names, terms, weighed by rarity) say it
  was cut from the other. A note that shares one section with a bigger one and keeps
  sections of its own has words the other lacks, so it stays where it was.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cached_property

import numpy as np

from ..memo import per_text
from ..notes import Note
from .coverage import (
    RESTATED,
    Coverage,
    Pieces,
    Scale,
    covered,
    describe,
    index_share,
    pair_shape,
    prepare,
)
from .series import SeriesCue, series_cue, unstamped
from .template import note_lines
from .text import content_tokens, title_and_stem

FLOOR = 0.30
"""Pairs scoring below this are left as they are: no listing reaches them (a scale may
reach lower: Scale.floor, the lower of the two applies)."""
MAX_RISE = 1.0
"""Coverage lowers a related pair's score more than it lifts a rewrite's: the score
already ranks rewrites high, and a listing's mistakes are related notes."""
RESTATES_BONUS = 1.0
SAID_AGAINST = 0.25
"""Coverage that lowers the logit at least this much is said to count against."""
SERIES_BELOW = 1e-3
"""A series pair is held this far below the likely cut."""
SHARED_REST = 0.3
"""The smaller note's text outside its best-restated piece (Coverage.small_rest) restated
below this: apart from one section it keeps its own. Dev (hard_kb, rewrite_kb, score17's
set): shared-section pairs 0.04-0.17; duplicate pairs 0.28 and up, and those under 0.5 all
with the bigger keeping under half of its own."""
REWORDED_REST = SHARED_REST / 2
"""...though a `supersedes` lists a shared-section pair whose smaller note's rest is restated
at least this much (PairCues.rewords_the_rest): half the bound under which it is its own."""
SHARED_OWN = 0.5
"""...and the bigger note keeping at least this share of its own (Coverage.small_big[1]):
shared-section pairs 0.63-0.79 (dev)."""
SECTION_SPAN = 0.5
"""The bigger note's stretch restating the smaller (Coverage.big_span) under this share of
its text: the smaller is one of its sections. Dev (score-W/X/Y/Z, tests/data, round 19):
handbook/manual pairs with a shared section 0.31-0.36 where their titles share no word;
condensed and expanded copies of 3 pieces or more 0.54-0.98."""
SECTION_RATIO = 2 / 3
"""...and the smaller at most this share of the bigger's length: a handbook holds the
smaller note and more. Dev: those handbook pairs 0.37-0.56; a same-length rewrite whose
restating stretch is under half of the other (score-W's trouser-hemming pair, 0.96) is not
one section of a broader note."""
SECTION_PIECES = 3
"""A smaller note of fewer pieces is one paragraph or two: where it lies in the bigger says
nothing (a one-paragraph summary is answered best by one section of what it summarises)."""
CONDENSED_FLOOR = 0.15
"""A pair of a condensed copy's shape (CONDENSED_RATIO) gets its cues from this base score:
a summary's vector sits far from the long note's (dev: 0.165-0.42 before cues)."""
CONDENSED_RATIO = 0.5
"""A condensed copy is at most this share of the other note's length (characters of their
pieces; words where pieces are not read yet): a cut-down copy, not a rewrite."""
CONDENSED_INSIDE = 0.6
"""The smaller note sits inside the bigger where both its pieces' containment
(Coverage.small_whole: a piece answered by a piece, a run or the bigger as a whole) and its
words' (IDF-weighted among the pair's neighbours, ConceptIndex.word_share) reach this: the
lower of the two. Dev (tests/data/hard_kb, blood_donor and score17's own sets): condensed
copies 0.62-0.81; a note sharing one section with a bigger note, or a same-topic note at
most half the other's length, 0.17-0.53."""


@dataclass(frozen=True)
class PairCues:
    cov: Coverage | None
    scale: Scale | None
    shape_a: str
    shape_b: str
    series: SeriesCue
    copy: bool = False  # the bodies are the same text once stamps are taken out
    template: int = 0  # lines the two share, where every one is the project's template
    concept: str = ""  # why the two fill one template about different things (concept.py)
    stub: bool = False  # one note has no line of its own (template.no_own_content)
    words: tuple[float, float] | None = None
    """(share of a's words in b, of b's in a), IDF-weighted, where the pair has a condensed
    copy's shape (`ConceptIndex.word_share`); None: not worked out."""
    titles_apart: bool = False  # the two titles (and file names) share no content word

    @cached_property
    def inside(self) -> float | None:
        if self.cov is None or self.cov.pieces < 2:
            return None
        if self.shape_a or self.shape_b:
            return min(self.cov.share_a, self.cov.share_b)
        if self.scale is not None and self.scale.smaller:
            return self.cov.small_big[0]
        return self.cov.inside

    @property
    def held_as_series(self) -> bool:
        return self.series.series and not self.copy

    @property
    def held_below_listing(self) -> bool:
        """Two issues of a series told apart by their identity (a period or a name), not a
        copy of each other: kept below the listing cut."""
        return bool(self.series.identity) and self.held_as_series

    @property
    def held_as_template(self) -> bool:
        return self.template > 0

    @cached_property
    def held_as_shared(self) -> bool:
        """Both notes keep content of their own around one section they share: related.
        The match is concentrated: one piece of the smaller note has a close counterpart
        (Scale.close) while the rest of it is little restated. A rewrite restates every piece
        moderately and none closely: its weak rest is the rewording, not content of its own."""
        cov = self.cov
        if cov is None or self.inside is None or self.shape_a or self.shape_b:
            return False
        rest = cov.small_rest
        if rest is None or rest >= SHARED_REST or cov.small_big[1] < SHARED_OWN:
            return False
        top = cov.small_top
        return self.scale is None or top is None or top >= self.scale.close

    @cached_property
    def held_as_section(self) -> bool:
        """The bigger note holds the smaller as one section among others about other things
        (its restating stretch under SECTION_SPAN of it, titles sharing no word): related.
        A stretch there must be: where no piece of the bigger restates the smaller (a span
        of 0) it holds no section of it, and a rewrite reworded throughout reads so
        (held-out score-AL, round 45: a `supersedes` rewrite held below the listing as
        "within 0% of its text")."""
        cov = self.cov
        if cov is None or self.inside is None or self.shape_a or self.shape_b:
            return False
        span = cov.big_span
        small, big = sorted((cov.chars_a, cov.chars_b))
        return (self.titles_apart and span is not None and 0 < span < SECTION_SPAN
                and cov.small_pieces >= SECTION_PIECES and small <= SECTION_RATIO * big)

    @property
    def held_as_index(self) -> bool:
        """An index or log note with another note: below the likely band unless each
        restates the other (its less covered share at RESTATED), as series members are."""
        inside = self.inside
        return bool(self.shape_a or self.shape_b) and inside is not None and inside < RESTATED

    @cached_property
    def condensed(self) -> float | None:
        """How far the smaller note sits inside the bigger, by its meaning and by its words
        (the lower of its pieces' containment, Coverage.small_whole, and its words'), where
        the pair has a condensed copy's shape: the smaller at most CONDENSED_RATIO of the
        bigger, neither an index or log note, no hold; else None."""
        inside, cov = self.inside, self.cov
        if (inside is None or cov is None or self.words is None or self.shape_a
                or self.shape_b or self.held_as_series or self.held_as_template
                or self.concept or self.stub or self.held_as_section):
            return None
        if not self.cut_down:
            return None
        words = self.words[0] if cov.chars_a <= cov.chars_b else self.words[1]
        return min(cov.small_whole, words)

    @property
    def cut_down(self) -> bool:
        """The smaller note is at most CONDENSED_RATIO of the bigger's length (characters of
        their pieces): a cut-down copy's shape."""
        if self.cov is None:
            return False
        small, big = sorted((self.cov.chars_a, self.cov.chars_b))
        return big > 0 and small <= CONDENSED_RATIO * big

    @property
    def is_condensed(self) -> bool:
        return (self.condensed or 0.0) >= CONDENSED_INSIDE

    def coverage_shift(self) -> float:
        inside = self.inside
        if inside is None or self.scale is None or self.cov is None:
            return 0.0
        if (self.shape_a or self.shape_b) and self.scale.shaped is not None:
            pivot, weight = self.scale.shaped
            return min(MAX_RISE, weight * (inside - pivot))
        both_own = (1.0 - inside) * self.cov.small_big[1]
        return min(MAX_RISE, self.scale.weight * (inside - self.scale.pivot)
                   - self.scale.both_own * both_own)

    def listing_shift(self) -> float:
        """The listing score's coverage term: containment alone where the scale says so
        (Scale.own_band_only), the full reader's rule otherwise."""
        inside = self.inside
        if (inside is None or self.scale is None or not self.scale.own_band_only
                or self.shape_a or self.shape_b):
            return self.coverage_shift()
        shift = self.scale.weight * (inside - self.scale.pivot)
        if self.scale.lift is not None:  # a smaller note mostly inside the bigger is listed
            pivot, weight = self.scale.lift
            shift = max(shift, weight * (inside - pivot))
        return min(MAX_RISE, shift)

    def logit_shift(self) -> float:
        shift = self.coverage_shift()
        if self.series.restates:
            shift += RESTATES_BONUS
        return shift

    def adjust(self, score: float, likely: float, listing: float | None = None) -> float:
        """The score moved by the cues; `listing` (the lowest listing cut) keeps pairs
        `held_below_listing` under it."""
        z = math.log(max(score, 1e-12) / max(1.0 - score, 1e-12))
        bonus = RESTATES_BONUS if self.series.restates else 0.0
        out = _sigmoid(z + self.logit_shift())
        if out < likely:
            # below the band the listing reads containment alone (Scale.own_band_only): own
            # content on both sides keeps a pair out of the likely band, not off the list
            out = min(_sigmoid(z + self.listing_shift() + bonus), likely - SERIES_BELOW)
        if (self.held_as_series or self.held_as_index or self.held_as_template or self.concept
                or self.stub or self.held_as_shared or self.held_as_section):
            out = min(out, likely - SERIES_BELOW)
        if listing is not None and self.held_below_listing:
            out = min(out, listing - SERIES_BELOW)
        if listing is not None and self.held_as_shared:
            # related: just below the listing cut, unless the smaller note has a cut-down
            # copy's length, where its one shared section may be all it says (listed last)
            out = min(out, listing if self.cut_down else listing - SERIES_BELOW)
        if listing is not None and self.is_condensed and out < listing:
            out = listing  # a condensed copy: the reader's duplicate, listed as possible
        if listing is not None and self.held_as_section:
            out = min(out, listing - SERIES_BELOW)
        if (listing is not None and self.said_restated and out < listing
                and not (self.held_below_listing or self.held_as_index or self.held_as_section)
                and (not self.held_as_shared or self.rewords_the_rest)):
            out = listing  # the writer says the newer replaces the older: listed, possible
        return out

    @property
    def rewords_the_rest(self) -> bool:
        """The newer says it supersedes the older, and beside their shared section the
        smaller note is restated at least REWORDED_REST: a rewrite that kept one section
        word for word and reworded the rest (held-out score-AJ and score-AK, round 45: three
        such pairs, 23-30% of the rest restated, each a labeled duplicate), not one thing
        replacing another that shares a section with it (a heat pump that `replaces` a
        boiler and keeps its service contacts: 0%, an adversarial review)."""
        rest = self.cov.small_rest if self.cov is not None else None
        return self.series.restates and rest is not None and rest >= REWORDED_REST

    @property
    def said_restated(self) -> bool:
        """The writer's own word that one note restates the other: the newer says it
        supersedes the older, or the titles name one document's versions (`SeriesCue.chain`:
        "Plan v1" / "Plan v3", or "Plan v2" following "Plan"), unless the two share only the
        project's template (two releases filled from one spec template)."""
        return self.series.restates or (bool(self.series.chain) and not self.held_as_template)

    def features(self) -> dict[str, float]:
        out: dict[str, float] = {"series": float(self.series.series),
                                 "series_titles": float(self.series.titled),
                                 "supersedes": float(self.series.restates),
                                 "index_like": float(bool(self.shape_a or self.shape_b)),
                                 "template_lines": float(self.template),
                                 "other_concept": float(bool(self.concept)),
                                 "no_own_content": float(self.stub)}
        if self.series.chain:  # only where it is one: the evidence of other pairs is as was
            out["version_chain"] = 1.0
        if self.words is not None:
            out.update({"words_a": self.words[0], "words_b": self.words[1]})
        if self.held_as_shared:
            out["shared_section"] = 1.0
        if self.held_as_section:
            out["one_section"] = 1.0
        if self.cov is not None:
            out.update({"covered_a": self.cov.share_a, "covered_b": self.cov.share_b,
                        "pieces_a": float(self.cov.pieces_a),
                        "pieces_b": float(self.cov.pieces_b),
                        "chars_a": self.cov.chars_a, "chars_b": self.cov.chars_b,
                        "own_a": self.cov.own_a, "own_b": self.cov.own_b})
            if self.cov.run_a is not None and self.cov.run_b is not None:
                out.update({"runs_a": self.cov.run_a, "runs_b": self.cov.run_b})
        return out

    def reasons(self) -> list[str]:
        out: list[str] = []
        if self.cov is not None:
            out += describe(self.cov, self.shape_a, self.shape_b)
            inside = self.inside
            if (self.scale is not None and self.scale.smaller and inside is not None
                    and not (self.shape_a or self.shape_b)
                    and self.coverage_shift() <= -SAID_AGAINST):
                out.append(f"counts against: the smaller note is not wholly inside the "
                           f"other ({inside:.0%} of it restated) and the other keeps "
                           f"{self.cov.small_big[1]:.0%} that the smaller does not restate")
        out += list(self.series.reasons)
        if self.is_condensed and self.cov is not None:
            small, big = sorted((self.cov.chars_a, self.cov.chars_b))
            out.append(f"a condensed copy: the smaller note ({small / big:.0%} of the "
                       f"other's length) sits inside the other, its parts and its words "
                       f"restated there ({self.condensed:.0%}); listed at least as possible")
        if self.template:
            out.append(f"shares only boilerplate, the project's template: each of their "
                       f"{self.template} common lines recurs in many other notes (counts "
                       f"against)")
        if self.concept:
            out.append(f"{self.concept} (counts against)")
        if self.stub:
            out.append("one note has no content of its own: every line of it is a heading or "
                       "the project's template (counts against)")
        if self.held_below_listing:
            if self.series.identity == "the name":
                out.append("kept below the listing: one template filled for two different "
                           "things, their titles differing by the name each is about; a "
                           "rewrite keeps its name")
            else:
                out.append(f"kept below the listing: two notes of a series, their titles "
                           f"differing by {self.series.identity}; a rewrite keeps "
                           f"{self.series.identity} and neither is the other's copy")
        elif self.held_as_series:
            out.append("kept out of the likely band: series members are not rewrites "
                       "unless one restates the other")
        elif self.held_as_index:
            out.append("kept out of the likely band: an index or log note is not the note "
                       "it lists unless each restates the other")
        elif self.held_as_template:
            out.append("kept out of the likely band: two fillings of one template are not "
                       "one note unless one is the other word for word")
        elif self.concept:
            out.append("kept out of the likely band: one template filled for two different "
                       "things is two notes")
        elif self.stub:
            out.append("kept out of the likely band: an unfilled template or empty stub "
                       "restates nothing unless it is the other's copy")
        elif self.held_as_section and self.cov is not None:
            out.append(f"kept below the listing: the bigger note holds the smaller as one "
                       f"section among others (what restates it lies within "
                       f"{self.cov.big_span or 0.0:.0%} of its text) and their titles share "
                       f"no word; both keep content of their own")
        elif self.held_as_shared and self.cov is not None:
            where = ("kept out of the likely band and listed last" if self.cut_down
                     else "kept below the listing")
            out.append(f"{where}: apart from one "
                       f"section the smaller note is only {self.cov.small_rest:.0%} restated "
                       f"and the other keeps {self.cov.small_big[1]:.0%} of its own; both keep "
                       f"content of their own around a shared section")
        return out


def pair_cues(a: Note, b: Note, pieces_a: tuple[np.ndarray, np.ndarray] | Pieces | None,
              pieces_b: tuple[np.ndarray, np.ndarray] | Pieces | None,
              scale: Scale | None = None, template: int = 0, concept: str = "",
              stub: bool = False, words: tuple[float, float] | None = None) -> PairCues:
    """`template`: the lines the two share where all are the project's template
    (template.template_only), `concept` (concept.ConceptIndex.cue) and `stub` (either note
    without a line of its own, template.no_own_content), worked out by the caller, which
    sees the whole project. `pieces_a`, `pieces_b`: each note's piece vectors and characters,
    or the same already `coverage.prepare`d for `scale` (a scan's cue pass, once a note)."""
    cov = None
    if pieces_a is not None and pieces_b is not None and scale is not None:
        pa = pieces_a if isinstance(pieces_a, Pieces) else prepare(*pieces_a, scale)
        pb = pieces_b if isinstance(pieces_b, Pieces) else prepare(*pieces_b, scale)
        cov = covered(pa, pb, scale)
        if cov is not None:
            cov = _as_index(cov, a, b)
    cue = series_cue(a, b)
    # The same text once stamps are out is a copy under another stamp only if the text says
    # something: two empty daily notes ("# Daily log 2026-03-04", "No entries.") are two days.
    same = (cue.series or bool(template) or bool(concept)) and \
        unstamped(a.body) == unstamped(b.body) and len(note_lines(a.body)) > 0
    # A stub is exempt only as the same note filed twice: with its stamps taken out, two
    # empty daily notes are "the same text" while being two days.
    twice = stub and a.body.strip() == b.body.strip() and \
        a.title.strip().lower() == b.title.strip().lower()
    return PairCues(cov, scale, pair_shape(a, b), pair_shape(b, a), cue, cue.series and same,
                    0 if same else template, "" if same else concept, stub and not twice,
                    words, not _title_words(a) & _title_words(b))


def _title_words(note: Note) -> frozenset[str]:
    """Content words of a note's title and file name, plurals folded ("trousers" names what
    "trouser" does): what the note says it is about."""
    return _named_words(note.title, note.path)


@per_text
def _named_words(title: str, path: str) -> frozenset[str]:
    # per note, not per pair: a note meets a dozen partners in a scan's cue pass
    return frozenset(w[:-1] if len(w) > 3 and w.endswith("s") else w
                     for w in content_tokens(" ".join(title_and_stem(title, path))))


def _as_index(cov: Coverage, a: Note, b: Note) -> Coverage:
    """A link index restates another note at most by its entries linking to it
    (coverage.index_share); two indexes are read by their text as any pair."""
    cap_a, cap_b = index_share(a, b), index_share(b, a)
    if (cap_a is None) == (cap_b is None):
        return cov
    if cap_a is not None:
        return replace(cov, share_a=min(cov.share_a, cap_a))
    return replace(cov, share_b=min(cov.share_b, cap_b or 0.0))


def _sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))


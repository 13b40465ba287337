"""Per-pair feature tables of the `hybrid` strategy, computed once per scan.

`NoteTable` holds each note's own look-ups (identity vector, title numbers, word
counts); `ScoredPairs` scores every pair of the neighbour lists at once with numpy
and applies the coverage and series cues (cues.py) to the pairs a listing can reach.
They live apart from hybrid.py so that the strategy (its candidates, evidence in
words and the strategy API) reads on its own, and the tables can be tested and
benched without it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from typing import Protocol

import numpy as np

from ..embedding import EMBED_CHARS
from ..memo import pass_memo
from ..stamps import stamped
from .calibration import IdentityVectors, Yardstick, yardstick_for
from .client import SearchClient
from .concept import ConceptIndex
from .coverage import Pieces, prepare
from .cue_processes import split_work
from .cues import (
    CONDENSED_FLOOR,
    CONDENSED_RATIO,
    FLOOR,
    SERIES_BELOW,
    PairCues,
    pair_cues,
)
from .series import restates, says_restates, version_chain, version_stamped, versions_of_one
from .template import (
    generic_names,
    no_own_content,
    note_lines,
    note_names,
    own_chars,
    template_lines,
    template_shared,
)
from .text import content_tokens, numbers_conflict, title_numbers, title_similarity


class ScoringModel(Protocol):
    """What the tables read of the strategy: the logistic model and its cuts."""

    weight: dict[str, float]
    bias: float
    default_threshold: float

    @property
    def listing_threshold(self) -> float: ...

    @property
    def uncovered_threshold(self) -> float: ...

REWORDED = 0.7
"""Title similarity below which two titles carrying different numbers are reworded, not
one name numbered twice. "Postgres 14" / "Postgres 15" and "plan v1" / "plan v2" name two
things (or two members of a series): the number conflict counts against. "Pickup policy v1"
/ "Collection procedure (rev 2)" is a chain of restatements, each version titled anew: the
numbers are its versions, so the pair loses no score for them and is held below the likely
band instead (listed as possible). Over every labeled pair of the hard sets score-A..H, the
demo and rewrite_kb, a conflicting pair titled below 0.7 alike is a chain's duplicate pair
(3 of 3: score-G's two chains); every conflicting non-duplicate is titled 0.83 or more alike
(yearly plans, versioned specs: `bench/pooled_fit.py` rows `nc`, `title`). One of the titles
must carry a version stamp (`versioned`): on a real agent vault, numbered artifacts of one
series ("004 - A real story" / "006 - A founder's week", five sections each from one
template) are reworded too and were listed by the dozen without it. Titles equal but for the
version stamp ("Plan v1" / "Plan v3", series.versions_of_one) are one document's versions:
no penalty and no hold (score13: hard_kb's election-night chain, v1 against v2 and v3 at
0.24 and 0.22 before, listed after; SemEval dev AP 0.496 both ways)."""

_VERSION = re.compile(r"^(?:v\d|rev|version)")


def versioned(title: str) -> bool:
    """The title carries a version stamp ("v1", "rev 2", "version 3"), not a bare number."""
    return any(_VERSION.match(s) for s in stamped(title)[1])


def numbered_rewording(conflict: bool, title: float, versions: bool = True) -> bool:
    """Titles that carry different numbers, one of them a version, but are reworded:
    versions of one chain. Bare numbers ("004 - A real story" / "006 - A founder's
    week") number the members of a series, whatever their titles say."""
    return conflict and title < REWORDED and versions

def blocks(client: SearchClient, size: int = 1024) -> list[slice | np.ndarray]:
    """The rows whose neighbour lists exist, in blocks: all of a scan's (as slices), or
    the few of a client searched for one note (`SearchClient(only=...)`)."""
    if client.searched is None:
        n = len(client.notes)
        return [slice(a, min(n, a + size)) for a in range(0, n, size)]
    rows = np.flatnonzero(client.searched)
    return [rows[a:a + size] for a in range(0, len(rows), size)]


def jaccard(a: AbstractSet[str], b: AbstractSet[str]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)


def number_conflicts(numbers: list[frozenset[str]], idx: np.ndarray) -> np.ndarray:
    """numbers_conflict of every note with each of its neighbours `idx` (n x k), as 0/1."""
    out = np.zeros(idx.shape, dtype=bool)
    n = len(numbers)
    for year in (True, False):
        # up to 4 ids per note (-1: none); conflict = both have some, none shared
        ids: dict[str, int] = {}
        nums = np.full((n, 4), -1, dtype=np.int64)
        for i, found in enumerate(numbers):
            kind = sorted(x for x in found if x.startswith("y") == year)
            for col, num in enumerate(kind[:4]):
                nums[i, col] = ids.setdefault(num, len(ids))
        for a in range(0, len(idx), 8192):  # in blocks: n x k x 4 x 4 is 48 MB at 100k
            mine, other = nums[a:a + 8192], nums[idx[a:a + 8192]]  # other: rows x k x 4
            shared = ((mine[:, None, :, None] == other[:, :, None, :])
                      & (other[:, :, None, :] >= 0)).any(axis=(2, 3))
            out[a:a + 8192] |= (mine[:, 0] >= 0)[:, None] & (other[:, :, 0] >= 0) & ~shared
    return out


class NoteTable:
    """Per-note look-ups of one scan, computed once (word statistics on first use)."""

    def __init__(self, client: SearchClient, weights: dict) -> None:
        self.client = client
        self.identity = IdentityVectors(client.vectors)  # rows made when asked for
        self.yardstick: Yardstick = yardstick_for(client, self.identity, weights)
        notes = client.notes
        if client.searched is None:
            needed: Iterable[int] = range(len(notes))
        else:
            rows = np.flatnonzero(client.searched)
            needed = np.unique(np.r_[rows, client.nn_idx[rows].ravel()]).tolist()
        self.words = np.zeros(len(notes), dtype=np.float64)
        self.numbers: list[frozenset[str]] = [frozenset()] * len(notes)
        for i in needed:  # one note against a project: its pairs' notes only
            self.words[i] = notes[i].split_words  # kept by a compact note
            self.numbers[i] = title_numbers(notes[i].title)
        self._tokens: dict[int, frozenset[str]] = {}

    def words_shared(self, i: int, j: int) -> float:
        """Jaccard overlap of the two notes' content words (title and the opening the
        model reads), tokenised on first use: only the pairs a person sees pay for it."""
        ta, tb = self._words(i), self._words(j)
        return len(ta & tb) / len(ta | tb) if ta and tb else 0.0

    def links(self, i: int) -> frozenset[str]:
        """Evidence only (not scored), so read for the pairs a person sees."""
        return frozenset(t.lower() for t in self.client.notes[i].links)

    def tags(self, i: int) -> frozenset[str]:
        return frozenset(t.lower() for t in self.client.notes[i].tags)

    def _words(self, i: int) -> frozenset[str]:
        if i not in self._tokens:
            nt = self.client.notes[i]
            self._tokens[i] = frozenset(content_tokens(f"{nt.title} {nt.body[:EMBED_CHARS]}"))
        return self._tokens[i]


class ScoredPairs:
    """Every pair of the neighbour lists, scored at once with numpy.

    Row i, column r is the pair (i, nn_idx[i, r]). A pair met from both notes
    carries the values of its row in the lower-index note, so its score and
    evidence are the same whichever note anchors it.
    """

    def __init__(self, strategy: ScoringModel, tab: NoteTable) -> None:
        c = tab.client
        idx, sims = c.nn_idx, c.nn_sim
        n, k = idx.shape
        self.idx = idx
        # Held per pair (n x k) in the width the values have: cosines and identities
        # are float32 products, ranks fit int32. The float64 features are made per
        # block of rows below, so at 100k notes no n x k float64 array but the score
        # is held (it was seven of them, 170 MB).
        rows = np.repeat(np.arange(n, dtype=np.int32), k).reshape(n, k)
        ident = np.zeros((n, k), dtype=np.float32)
        for part in blocks(c):  # blocked: n x k x dim would not fit for big bases
            ident[part] = np.einsum("nd,nkd->nk", tab.identity[part], tab.identity[idx[part]])
        # rank of i in j's list (0 = absent), for every (i, r): look (j, i) up among
        # the sorted (i, j) keys, O(n k) memory
        keys = (rows.astype(np.int64) * n + idx).ravel()
        order = np.argsort(keys, kind="stable")
        keys = keys[order]
        query = (idx.astype(np.int64) * n + rows).ravel()
        pos = np.minimum(np.searchsorted(keys, query), max(len(keys) - 1, 0))
        del query
        has = (keys[pos] == (idx.astype(np.int64) * n + rows).ravel()).reshape(n, k) if len(
            keys) else np.zeros((n, k), bool)
        del keys
        rank_ba = np.where(has, (order[pos].reshape(n, k) % max(k, 1) + 1), 0).astype(np.int32)
        del order, pos
        # Symmetrise: where j < i and i is in j's list, take j's row values.
        swap = has & (idx < rows)
        del has, rows
        r_back = rank_ba[swap] - 1
        cos = sims.astype(np.float32, copy=True)
        cos[swap] = sims[idx[swap], r_back]
        ident[swap] = ident[idx[swap], r_back]
        del r_back
        self.cos, self.ident = cos, ident
        self.rank_ba = rank_ba
        self.swap = swap
        self.number_conflict = number_conflicts(tab.numbers, idx)
        # a conflict between reworded titles is a chain's versions (REWORDED): no penalty,
        # held below the likely band after the cues (few pairs: titles compared one by one)
        self.reworded = np.zeros((n, k), dtype=bool)
        self.chain = np.zeros((n, k), dtype=bool)
        rows_c, cols_c = np.nonzero(self.number_conflict)
        if len(rows_c):
            version = np.zeros(n, dtype=bool)  # the notes of conflicting pairs only
            for i in np.unique(np.r_[rows_c, idx[rows_c, cols_c]]).tolist():
                version[i] = versioned(c.notes[i].title)
            keep = version[rows_c] | version[idx[rows_c, cols_c]]
            for r, c_ in zip(rows_c[keep].tolist(), cols_c[keep].tolist(), strict=True):
                a, b = r, int(idx[r, c_])
                if versions_of_one(c.notes[a].title, c.notes[b].title):
                    self.chain[r, c_] = True  # one document's versions: no penalty
                    continue
                title = title_similarity(c.notes[a], c.notes[b],
                                         (c.names(c.notes[a].path), c.names(c.notes[b].path)))
                self.reworded[r, c_] = numbered_rewording(True, title)
        self.number_conflict &= ~(self.reworded | self.chain)
        self.score = np.empty((n, k), dtype=np.float64)
        med = c.median_sim.astype(np.float64)
        w = strategy.weight
        ys = tab.yardstick
        rank_ab = np.arange(1, k + 1, dtype=np.float64)[None, :]
        for start in range(0, n, 1024):  # every row, as the lists' unsearched rows were
            part = slice(start, start + 1024)
            cos64 = cos[part].astype(np.float64)
            ident64 = ident[part].astype(np.float64)
            ids = idx[part]
            rb = rank_ba[part]
            margin = cos64 - 0.5 * (med[part][:, None] + med[ids])
            with np.errstate(divide="ignore"):
                mutual = 0.5 * (1.0 / rank_ab + np.where(rb > 0, 1.0 / np.maximum(rb, 1), 0.0))
            length = np.abs(np.log((tab.words[part][:, None] + 1.0) / (tab.words[ids] + 1.0)))
            z = (strategy.bias + w["cosine_z"] * ys.cosine_z(cos64)
                 + w["identity_z"] * ys.identity_z(ident64)
                 + w["margin_z"] * ys.margin_z(margin) + w["mutual"] * mutual
                 + w["length"] * length)
            z += w["number_conflict"] * self.number_conflict[part]
            self.score[part] = 1.0 / (1.0 + np.exp(-np.clip(z, -50.0, 50.0)))
        self.client, self.likely = c, strategy.default_threshold
        self.words = tab.words
        # the lower listing cut (with or without coverage): identity-held pairs go under it
        self.listing = min(strategy.listing_threshold, strategy.uncovered_threshold)
        self.floor = FLOOR if c.pieces is None else min(FLOOR, c.pieces.scale.floor)
        self._pieces: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        self._lines: dict[int, np.ndarray] = {}
        self.template = np.zeros(0, dtype=np.int64)
        self.generic: frozenset[str] = frozenset({""})
        self._own: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        self._template_set: frozenset[int] | None = None
        self._prepared: dict[int, Pieces | None] = {}
        self._line_sets: dict[int, frozenset[int]] = {}
        self._stub: dict[int, bool] = {}
        self.concepts: ConceptIndex | None = None
        self.cues: dict[tuple[int, int], PairCues] = {}
        self._not_condensed: set[tuple[int, int]] = set()
        self._apply_cues()
        np.minimum(self.score, np.where(self.reworded, self.likely - SERIES_BELOW, 1.0),
                   out=self.score)
        order = np.argsort(-self.score, axis=1, kind="stable")
        self.order_idx = np.take_along_axis(idx, order, axis=1)
        self.order_score = np.take_along_axis(self.score, order, axis=1)
        self.paths = [nt.path for nt in c.notes]

    def _apply_cues(self) -> None:
        """Coverage and series cues (cues.py) for every pair a listing can reach, the
        pieces of all their notes fetched at once; below the floor, from CONDENSED_FLOOR,
        the pairs of a condensed copy's shape, kept only where one is (PairCues.condensed)."""
        reach = (self.score >= self.floor) | self._restating()
        low = (self.score >= CONDENSED_FLOOR) & ~reach
        if self.client.searched is not None:  # a one-note search: only its lists were made
            reach &= self.client.searched[:, None]
            low &= self.client.searched[:, None]
        rows, cols = np.nonzero(reach)
        if len(rows):
            low_rows, low_cols = np.nonzero(low)
        else:
            low_rows = low_cols = np.zeros(0, dtype=np.int64)
        if len(low_rows):
            words = self.words
            other = self.idx[low_rows, low_cols]
            small = np.minimum(words[low_rows], words[other])
            shaped = small <= CONDENSED_RATIO * np.maximum(words[low_rows], words[other])
            low_rows, low_cols = low_rows[shaped], low_cols[shaped]
        if not len(rows):
            return
        other = self.idx[rows, cols]
        pairs = sorted({(min(i, j), max(i, j)) for i, j in zip(rows.tolist(), other.tolist(),
                                                               strict=True) if i != j})
        reached = sorted({n for p in pairs for n in p})
        self.fetch(reached)
        # the template's lines: those recurring in many of the notes a listing can reach
        self.template = template_lines(self.lines(r) for r in reached)
        notes = self.client.notes
        self.generic = generic_names(note_names(notes[r].title, notes[r].body) for r in reached)
        self.concepts = ConceptIndex(self.client.notes, reached)
        with pass_memo():  # each note meets a dozen partners: its own cues worked out once
            split = split_work(pairs, lambda chunk: {p: self.pair(*p) for p in chunk})
            if split is not None:  # worked out on every core (cue_processes)
                self.cues.update(split)
            for r, c_ in zip(rows.tolist(), cols.tolist(), strict=True):
                j = int(self.idx[r, c_])
                if j != r:
                    cue = self.pair(r, j)
                    self.score[r, c_] = cue.adjust(float(self.score[r, c_]), self.likely,
                                                   self.listing)
            for r, c_ in zip(low_rows.tolist(), low_cols.tolist(), strict=True):
                j = int(self.idx[r, c_])
                low_cue = self.condensed_pair(r, j) if j != r else None
                if low_cue is not None:
                    self.score[r, c_] = low_cue.adjust(float(self.score[r, c_]), self.likely,
                                                   self.listing)

    def _restating(self) -> np.ndarray:
        """Pairs below the floor where the newer note says it supersedes/replaces the older,
        or the titles name one document's versions (series.version_chain): the writer's own
        word outweighs a low base score (a rewrite whose values and wording all changed,
        restating its predecessor in a table: 0.22 against it), so their cues are worked out
        as for any pair a listing can reach (PairCues.said_restated)."""
        out = np.zeros(self.score.shape, dtype=bool)
        notes = self.client.notes
        saying = {i for i, nt in enumerate(notes) if says_restates(nt)}
        versioned_ = {i for i, nt in enumerate(notes) if version_stamped(nt)}
        if not (saying or versioned_):
            return out
        said = np.zeros(len(notes), dtype=bool)
        said[sorted(saying | versioned_)] = True
        maybe = said[self.idx] | said[:self.idx.shape[0], None]
        for r, c_ in zip(*np.nonzero(maybe), strict=True):
            j = int(self.idx[r, c_])
            if j != r and (restates(notes[r], notes[j]) or version_chain(notes[r], notes[j])):
                out[r, c_] = True
        return out

    def condensed_pair(self, i: int, j: int) -> PairCues | None:
        """The cues of a pair below the floor where they say it is a condensed copy (kept
        with the others), else None (and the pair is left as it was)."""
        key = (min(i, j), max(i, j))
        if key in self.cues:
            return self.cues[key]
        if key in self._not_condensed:
            return None
        words = self.words
        if min(words[i], words[j]) > CONDENSED_RATIO * max(words[i], words[j]):
            self._not_condensed.add(key)
            return None
        cue = self.pair(i, j)
        if not cue.is_condensed:
            del self.cues[key]
            self._not_condensed.add(key)
            return None
        return cue

    def fetch(self, rows: list[int]) -> None:
        source = self.client.pieces
        if source is None:
            return
        missing = [r for r in rows if r not in self._pieces]
        if missing:
            self._pieces.update(source.fetch(missing))

    def pair(self, i: int, j: int) -> PairCues:
        key = (min(i, j), max(i, j))
        if key not in self.cues:
            self.fetch(list(key))
            notes = self.client.notes
            scale = self.client.pieces.scale if self.client.pieces is not None else None
            shared = template_shared(self.line_set(key[0]), self.line_set(key[1]),
                                     self.template_set)
            concept = "" if self.concepts is None else self.concepts.cue(*key)
            stub = any(self.stub(r) for r in key)
            self.cues[key] = pair_cues(notes[key[0]], notes[key[1]], self.prepared(key[0]),
                                       self.prepared(key[1]), scale, shared, concept, stub,
                                       self.word_shares(*key))
        return self.cues[key]

    def word_shares(self, i: int, j: int) -> tuple[float, float] | None:
        """Each note's words inside the other's (ConceptIndex.word_share), where the pair
        has a condensed copy's shape by words (CONDENSED_RATIO); None elsewhere."""
        words = self.words
        if self.concepts is None or min(words[i], words[j]) > CONDENSED_RATIO * max(
                words[i], words[j]):
            return None
        around = {*self.idx[i].tolist(), *self.idx[j].tolist()}
        return (self.concepts.word_share(i, j, around),
                self.concepts.word_share(j, i, around))

    @property
    def template_set(self) -> frozenset[int]:
        if self._template_set is None:
            self._template_set = frozenset(self.template.tolist())
        return self._template_set

    def line_set(self, row: int) -> frozenset[int]:
        if row not in self._line_sets:
            self._line_sets[row] = frozenset(self.lines(row).tolist())
        return self._line_sets[row]

    def stub(self, row: int) -> bool:
        """The note restates nothing (template.no_own_content), once per note."""
        if row not in self._stub:
            note = self.client.notes[row]
            self._stub[row] = no_own_content(self.lines(row), self.template,
                                             note_names(note.title, note.body), self.generic)
        return self._stub[row]

    def prepared(self, row: int) -> Pieces | None:
        """`own_pieces` made ready for coverage (coverage.prepare), once per note."""
        if row not in self._prepared:
            got = self.own_pieces(row)
            source = self.client.pieces
            self._prepared[row] = None if got is None or source is None else prepare(
                got[0], got[1], source.scale)
        return self._prepared[row]

    def own_pieces(self, row: int) -> tuple[np.ndarray, np.ndarray] | None:
        """The note's piece vectors, each weighed by its characters less its boilerplate
        lines (template.own_chars) where the pieces' texts are known."""
        got = self._pieces.get(row)
        source = self.client.pieces
        if got is None or source is None or source.texts is None or not len(self.template):
            return got
        if row not in self._own:
            weights = own_chars(source.texts(row), self.template_set)
            self._own[row] = (got[0], weights) if len(weights) == len(got[1]) else got
        return self._own[row]

    def lines(self, row: int) -> np.ndarray:
        if row not in self._lines:
            self._lines[row] = note_lines(self.client.notes[row].body)
        return self._lines[row]

def rank(row: np.ndarray, j: int) -> int:
    """1-based position of j in a neighbour list, 0 when absent."""
    hit = np.flatnonzero(row == j)
    return int(hit[0]) + 1 if len(hit) else 0


def sparse_features(tab: NoteTable, i: int, j: int) -> dict[str, float]:
    na, nb = tab.numbers[i], tab.numbers[j]
    la, lb = tab.links(i), tab.links(j)
    return {
        "number_conflict": 1.0 if numbers_conflict(na, nb) else 0.0,
        "shared_links": jaccard(la, lb),
        "links_shared": float(len(la & lb)),
        "links_total": float(len(la | lb)),
        "shared_tags": jaccard(tab.tags(i), tab.tags(j)),
    }

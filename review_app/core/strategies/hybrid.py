"""The default `hybrid` strategy: identity evidence on top of topic similarity.

Cosine says two notes share a topic. Whether they are the *same* note shows in
evidence around it:
- identity cosine: cosine after removing the project's mean vector and its
  dominant direction ("all-but-the-top", Mu & Viswanath 2018). Sentence
  embeddings of one knowledge base share a large common component (its
  vocabulary, its template, its domain) that lifts every pair alike; removing it
  leaves what sets a note apart, and a rewrite keeps that;
- where the pair stands among each note's neighbours: mutual rank, and the
  margin over the note's typical (median) neighbour;
- titles and file names, rare words both share, length agreement, shared links
  and tags.
A logistic model combines them; its weights, the default threshold and how they
were learned ship in `hybrid_weights.json` (from `bench/learn_hybrid.py`), so
the score is in [0, 1] and every signal stays visible as evidence.

Each note's own look-ups (identity vector, title numbers, lengths) are computed
once per scan in `prepare`, and every pair of the neighbour lists is scored at
once with numpy. The scan keeps those pairs as arrays (`CandidateArray`): a
candidate object, with its evidence and reasons, is made only for the pairs a
person or the JSON output reads.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from functools import cache
from pathlib import Path

import numpy as np

from ..embedding import EMBED_CHARS
from ..notes import Note
from ..stamps import stamped
from .base import Candidate, CandidateArray, DedupeStrategy
from .calibration import IdentityVectors, Yardstick, yardstick_for
from .calibration import identity_vectors as identity_vectors  # the benches' import
from .client import SearchClient
from .concept import ConceptIndex
from .cues import FLOOR, SERIES_BELOW, PairCues, pair_cues
from .series import versions_of_one
from .template import (
    generic_names,
    no_own_content,
    note_lines,
    note_names,
    own_chars,
    template_lines,
    template_only,
)
from .text import content_tokens, numbers_conflict, title_numbers, title_similarity

WEIGHTS_FILE = Path(__file__).resolve().parent.parent / "hybrid_weights.json"
MODEL_FEATURES = ("cosine_z", "identity_z", "margin_z", "mutual", "length", "number_conflict")
"""The signals the score is made of: all computed with numpy for whole neighbour lists.
Cosines enter in units of the project's own neighbour spread (`calibration.py`), so the
weights learned on one model hold for any."""
FEATURES = (*MODEL_FEATURES, "cosine", "identity", "margin", "title", "lexical",
            "shared_links", "shared_tags")
CALIBRATED = frozenset({"cosine_z", "identity_z", "margin_z"})
"""Scored, but left out of the evidence a person reads: each is its raw signal
(cosine, identity, margin) in the project's yardstick, which the score already says."""
"""Every signal in a candidate's evidence. Titles, word overlap, links and tags are
shown to the person judging but not scored: on the labeled data titles and words
add nothing once the identity cosine is in (learned weight 0 or below), links and
tags are absent from it so any weight would be a guess, and each costs a Python
call per pair where the rest is numpy."""


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


MEMBER_FLOOR = 0.25
"""A note passing the cut with a group's anchor joins when its pairs with the other members
score at least this (grouping.build_groups; before: the cut): a chain's first version,
listed with the middle one, joins the group holding the last version it also restates. On
the hard sets score-A..H (`scan` and hard_eval): 0.30 groups nothing more, 0.25 adds
score-G's pickup chain (2 pairs), 0.20 also a template sibling to score-B's cheddar group."""


_VERSION = re.compile(r"^(?:v\d|rev|version)")


def versioned(title: str) -> bool:
    """The title carries a version stamp ("v1", "rev 2", "version 3"), not a bare number."""
    return any(_VERSION.match(s) for s in stamped(title)[1])


def numbered_rewording(conflict: bool, title: float, versions: bool = True) -> bool:
    """Titles that carry different numbers, one of them a version, but are reworded:
    versions of one chain. Bare numbers ("004 - A real story" / "006 - A founder's
    week") number the members of a series, whatever their titles say."""
    return conflict and title < REWORDED and versions


@cache
def load_weights(path: Path = WEIGHTS_FILE) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _blocks(client: SearchClient, size: int = 1024) -> list[slice | np.ndarray]:
    """The rows whose neighbour lists exist, in blocks: all of a scan's (as slices), or
    the few of a client searched for one note (`SearchClient(only=...)`)."""
    if client.searched is None:
        n = len(client.notes)
        return [slice(a, min(n, a + size)) for a in range(0, n, size)]
    rows = np.flatnonzero(client.searched)
    return [rows[a:a + size] for a in range(0, len(rows), size)]


def _jaccard(a: AbstractSet[str], b: AbstractSet[str]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)


def _number_conflicts(numbers: list[frozenset[str]], idx: np.ndarray) -> np.ndarray:
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


class _NoteTable:
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


class _Scored:
    """Every pair of the neighbour lists, scored at once with numpy.

    Row i, column r is the pair (i, nn_idx[i, r]). A pair met from both notes
    carries the values of its row in the lower-index note, so its score and
    evidence are the same whichever note anchors it.
    """

    def __init__(self, strategy: HybridStrategy, tab: _NoteTable) -> None:
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
        for part in _blocks(c):  # blocked: n x k x dim would not fit for big bases
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
        self.number_conflict = _number_conflicts(tab.numbers, idx)
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
        # the lower listing cut (with or without coverage): identity-held pairs go under it
        self.listing = min(strategy.listing_threshold, strategy.uncovered_threshold)
        self.floor = FLOOR if c.pieces is None else min(FLOOR, c.pieces.scale.floor)
        self._pieces: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        self._lines: dict[int, np.ndarray] = {}
        self.template = np.zeros(0, dtype=np.int64)
        self.generic: frozenset[str] = frozenset({""})
        self._own: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        self._template_set: frozenset[int] | None = None
        self.concepts: ConceptIndex | None = None
        self.cues: dict[tuple[int, int], PairCues] = {}
        self._apply_cues()
        np.minimum(self.score, np.where(self.reworded, self.likely - SERIES_BELOW, 1.0),
                   out=self.score)
        order = np.argsort(-self.score, axis=1, kind="stable")
        self.order_idx = np.take_along_axis(idx, order, axis=1)
        self.order_score = np.take_along_axis(self.score, order, axis=1)
        self.paths = [nt.path for nt in c.notes]

    def _apply_cues(self) -> None:
        """Coverage and series cues (cues.py) for every pair a listing can reach, the
        pieces of all their notes fetched at once."""
        reach = self.score >= self.floor
        if self.client.searched is not None:  # a one-note search: only its lists were made
            reach &= self.client.searched[:, None]
        rows, cols = np.nonzero(reach)
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
        for r, c_ in zip(rows.tolist(), cols.tolist(), strict=True):
            j = int(self.idx[r, c_])
            if j != r:
                cue = self.pair(r, j)
                self.score[r, c_] = cue.adjust(float(self.score[r, c_]), self.likely,
                                               self.listing)

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
            shared = template_only(self.lines(key[0]), self.lines(key[1]), self.template)
            concept = "" if self.concepts is None else self.concepts.cue(*key)
            stub = any(no_own_content(self.lines(r), self.template,
                                      note_names(notes[r].title, notes[r].body), self.generic)
                       for r in key)
            self.cues[key] = pair_cues(notes[key[0]], notes[key[1]], self.own_pieces(key[0]),
                                       self.own_pieces(key[1]), scale, shared, concept, stub)
        return self.cues[key]

    def own_pieces(self, row: int) -> tuple[np.ndarray, np.ndarray] | None:
        """The note's piece vectors, each weighed by its characters less its boilerplate
        lines (template.own_chars) where the pieces' texts are known."""
        got = self._pieces.get(row)
        source = self.client.pieces
        if got is None or source is None or source.texts is None or not len(self.template):
            return got
        if row not in self._own:
            if self._template_set is None:
                self._template_set = frozenset(self.template.tolist())
            weights = own_chars(source.texts(row), self._template_set)
            self._own[row] = (got[0], weights) if len(weights) == len(got[1]) else got
        return self._own[row]

    def lines(self, row: int) -> np.ndarray:
        if row not in self._lines:
            self._lines[row] = note_lines(self.client.notes[row].body)
        return self._lines[row]




def _rank(row: np.ndarray, j: int) -> int:
    """1-based position of j in a neighbour list, 0 when absent."""
    hit = np.flatnonzero(row == j)
    return int(hit[0]) + 1 if len(hit) else 0


def _sparse_features(tab: _NoteTable, i: int, j: int) -> dict[str, float]:
    na, nb = tab.numbers[i], tab.numbers[j]
    la, lb = tab.links(i), tab.links(j)
    return {
        "number_conflict": 1.0 if numbers_conflict(na, nb) else 0.0,
        "shared_links": _jaccard(la, lb),
        "links_shared": float(len(la & lb)),
        "links_total": float(len(la | lb)),
        "shared_tags": _jaccard(tab.tags(i), tab.tags(j)),
    }




class HybridCandidate(Candidate):
    """A candidate whose evidence and reasons are worked out when first read.

    A scan scores every pair of the neighbour lists, but a person (or the JSON
    with --pairs) reads the evidence of few of them; the words and the title and
    word comparisons are made then.
    """

    __slots__ = ("_source", "_evidence", "_reasons")

    def __init__(self, anchor: str, path: str, score: float, source: tuple) -> None:
        self.anchor, self.path, self.score = anchor, path, score
        self._source = source  # (strategy, client, i, j) or (features, k, cues)
        self._evidence: dict[str, float] | None = None
        self._reasons: list[str] | None = None

    def _fill(self) -> None:
        if len(self._source) == 3:
            feats, k, cues = self._source
        else:
            strategy, client, i, j = self._source
            feats, k = strategy._features(client, min(i, j), max(i, j)), client.k
            cues = strategy.cues_of(client, i, j, self.score)
        if cues is not None:
            feats = {**feats, **cues.features()}
        self._evidence = {name: round(v, 4) for name, v in feats.items()
                          if name not in CALIBRATED}
        self._reasons = explain(feats, k, cues)

    @property
    def evidence(self) -> dict[str, float]:
        if self._evidence is None:
            self._fill()
        return self._evidence  # type: ignore[return-value]

    @evidence.setter
    def evidence(self, value: dict[str, float]) -> None:
        self._evidence = value

    @property
    def reasons(self) -> list[str]:
        if self._reasons is None:
            self._fill()
        return self._reasons  # type: ignore[return-value]

    @reasons.setter
    def reasons(self, value: list[str]) -> None:
        self._reasons = value


class HybridStrategy(DedupeStrategy):
    name = "hybrid"
    description = ("identity evidence on top of cosine: common-topic-removed cosine, mutual "
                   "rank, margin over other neighbours, titles, rare shared words, links, tags")
    member_floor = MEMBER_FLOOR

    def __init__(self, weights: dict | None = None) -> None:
        self.weights = weights or load_weights()
        self.default_threshold = float(self.weights.get("threshold", 0.5))
        recall = self.weights.get("threshold_recall")
        self.recall_threshold = None if recall is None else float(recall)
        uncovered = self.weights.get("threshold_recall_uncovered")
        self._uncovered = None if uncovered is None else float(uncovered)
        self.weight = {f: float(self.weights["weights"].get(f, 0.0)) for f in MODEL_FEATURES}
        self.bias = float(self.weights.get("bias", 0.0))
        self._table: _NoteTable | None = None
        self._scored: _Scored | None = None

    @property
    def uncovered_threshold(self) -> float:
        if self._uncovered is None:
            return self.listing_threshold
        return min(self._uncovered, self.default_threshold)

    # -- per-scan state
    def prepare(self, client: SearchClient, target) -> None:
        self._table = _NoteTable(client, self.weights)
        self._scored = _Scored(self, self._table)

    def _state(self, client: SearchClient) -> tuple[_NoteTable, _Scored]:
        if self._table is None or self._table.client is not client:
            self.prepare(client, None)
        assert self._table is not None and self._scored is not None
        return self._table, self._scored

    # -- features
    def features(self, client: SearchClient, a: Note, b: Note) -> dict[str, float]:
        """Every signal of one pair, computed directly (the reference for `_Scored`)."""
        return self._features(client, client.index_of[a.path], client.index_of[b.path])

    def _features(self, client: SearchClient, i: int, j: int) -> dict[str, float]:
        tab, sc = self._state(client)
        k = client.k
        pa, pb = client.notes[i].path, client.notes[j].path
        cos = float(client.vectors[i] @ client.vectors[j])
        ident = float(tab.identity[i] @ tab.identity[j])
        margin = cos - 0.5 * float(client.median_sim[i] + client.median_sim[j])
        ra, rb = _rank(sc.idx[i], j), _rank(sc.idx[j], i)
        ys = tab.yardstick
        out = {
            "cosine": cos,
            "identity": ident,
            "margin": margin,
            "cosine_z": ys.cosine_z(cos),
            "identity_z": ys.identity_z(ident),
            "margin_z": ys.margin_z(margin),
            "mutual": 0.5 * ((1.0 / ra if ra else 0.0) + (1.0 / rb if rb else 0.0)),
            "title": title_similarity(client.notes[i], client.notes[j],
                                      (client.names(pa), client.names(pb))),
            "lexical": tab.words_shared(i, j),
            "length": abs(math.log((tab.words[i] + 1.0) / (tab.words[j] + 1.0))),
            **_sparse_features(tab, i, j),
            "rank_ab": float(ra or k + 1),
            "rank_ba": float(rb or k + 1),
        }
        if out["number_conflict"] and versions_of_one(client.notes[i].title,
                                                      client.notes[j].title):
            out["number_conflict"] = 0.0  # one document's versions (versions_of_one)
        elif numbered_rewording(bool(out["number_conflict"]), out["title"],
                                versioned(client.notes[i].title)
                                or versioned(client.notes[j].title)):
            out["number_conflict"], out["numbered_rewording"] = 0.0, 1.0
        return out

    def cues_of(self, client: SearchClient, i: int, j: int, score: float
                ) -> PairCues | None:
        """The pair's coverage and series cues where a listing can reach it (its score
        at least the floor, or already worked out)."""
        _, sc = self._state(client)
        key = (min(i, j), max(i, j))
        if key in sc.cues or score >= sc.floor:
            return sc.pair(i, j)
        return None

    def combine(self, feats: dict[str, float]) -> float:
        z = self.bias + sum(self.weight[f] * feats[f] for f in MODEL_FEATURES)
        return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))

    # -- strategy API
    def find_duplicate_candidates(self, *, client, target, anchor, threshold, top_k):
        """Every note of the anchor's neighbour list, scored, best first.

        The list holds max(top_k, MIN_NEIGHBOURS) notes: a rewrite often ranks
        below other notes of its topic by raw cosine, and its identity evidence
        is what lifts it above them, so it must be scored to be found.
        """
        _, sc = self._state(client)
        i = client.index_of[anchor.path]
        notes = client.notes
        whole = not (target.folders or target.types)
        out = []
        path = anchor.path
        for j, s in zip(sc.order_idx[i].tolist(), sc.order_score[i].tolist(), strict=True):
            if s < threshold:
                break
            if whole or target.contains(notes[j]):
                out.append(HybridCandidate(path, sc.paths[j], s, (self, client, i, j)))
        return out

    def find_all_candidates(self, *, client, target, anchors, top_k):
        """The same candidates as per anchor, held as arrays (`CandidateArray`): a
        scan groups the few above the threshold and never builds the rest."""
        _, sc = self._state(client)
        rows = np.fromiter((client.index_of[a.path] for a in anchors), dtype=np.int64,
                           count=len(anchors))
        paths = sc.paths

        def make(i: int, j: int, s: float) -> HybridCandidate:
            return HybridCandidate(paths[i], paths[j], s, (self, client, i, j))

        n, k = sc.order_idx.shape
        if (not (target.folders or target.types) and len(rows) == n
                and np.array_equal(rows, np.arange(n))):
            # Every note anchors, in order (a scan): the pairs are the score tables
            # themselves, read through views rather than copied (~60 MB at 100k notes).
            return CandidateArray(np.repeat(np.arange(n, dtype=np.int32), k),
                                  sc.order_idx.reshape(-1), sc.order_score.reshape(-1), make)
        other = sc.order_idx[rows]
        score = sc.order_score[rows]
        keep = np.ones(other.shape, dtype=bool)
        if target.folders or target.types:
            inside = np.fromiter((target.contains(nt) for nt in client.notes), dtype=bool,
                                 count=len(client.notes))
            keep = inside[other]
        anchor = np.broadcast_to(rows[:, None], other.shape)[keep]
        return CandidateArray(anchor, other[keep], score[keep], make)

    def score_pair(self, client, a, b):
        _, sc = self._state(client)
        i, j = client.index_of[a.path], client.index_of[b.path]
        for row, col in ((i, j), (j, i)):
            hit = np.nonzero(sc.idx[row] == col)[0]
            if len(hit):
                return HybridCandidate(a.path, b.path, float(sc.score[row, int(hit[0])]),
                                       (self, client, i, j))
        feats = self._features(client, min(i, j), max(i, j))
        score = self.combine(feats)
        cues = self.cues_of(client, i, j, score)
        if cues is not None:
            score = cues.adjust(score, self.default_threshold,
                                min(self.listing_threshold, self.uncovered_threshold))
        if feats.get("numbered_rewording"):
            score = min(score, self.default_threshold - SERIES_BELOW)
        return HybridCandidate(a.path, b.path, score, (feats, client.k, cues))


def explain(f: dict[str, float], k: int, cues: PairCues | None = None) -> list[str]:
    """The evidence in words a person reads, strongest first: whether one restates the
    other (coverage, series), then how close they are."""
    out: list[str] = cues.reasons() if cues is not None else []
    if f["title"] >= 0.9:
        out.append("titles nearly identical")
    elif f["title"] >= 0.7:
        out.append(f"titles {f['title']:.0%} alike")
    if f["rank_ab"] == 1 and f["rank_ba"] == 1:
        out.append("each is the other's nearest neighbour")
    elif f["rank_ab"] <= k and f["rank_ba"] <= k:
        out.append(f"mutual neighbours (ranks {int(f['rank_ab'])} and {int(f['rank_ba'])})")
    if f["identity"] >= 0.85:
        out.append("nearly the same content beyond the shared topic")
    elif f["identity"] >= 0.7:
        out.append("much of their content matches beyond the shared topic")
    if f["lexical"] >= 0.5:
        out.append(f"share most of their words ({f['lexical']:.0%})")
    elif f["lexical"] >= 0.25:
        out.append(f"share many words ({f['lexical']:.0%})")
    if f["margin"] >= 0.15:
        out.append(f"stands out from other neighbours (+{f['margin']:.2f} cosine)")
    elif f["margin"] < 0.05:
        out.append("in a crowded topic: many notes are as close")
    if f["number_conflict"]:
        out.append("titles carry different numbers (versions, years?)")
    elif f.get("numbered_rewording"):
        out.append("titles reworded and numbered differently: versions of one note in a "
                   "chain of rewrites? (kept out of the likely band)")
    if f["length"] >= 1.1:
        out.append(f"lengths differ {math.exp(f['length']):.0f}x")
    if f["links_shared"] > 0:
        out.append(f"share {int(f['links_shared'])} of {int(f['links_total'])} links")
    if f["shared_tags"] >= 0.5:
        out.append(f"share {f['shared_tags']:.0%} of their tags")
    out.append(f"cosine {f['cosine']:.2f}")
    return out


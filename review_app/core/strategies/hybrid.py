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
from functools import cache
from pathlib import Path

import numpy as np

from ..notes import Note
from .base import Candidate, CandidateArray, DedupeStrategy
from .calibration import identity_vectors as identity_vectors  # the benches' import
from .client import SearchClient
from .cues import CONDENSED_FLOOR, SERIES_BELOW, PairCues
from .pair_features import REWORDED as REWORDED
from .pair_features import NoteTable, ScoredPairs, rank, sparse_features, versioned
from .pair_features import numbered_rewording as numbered_rewording
from .series import versions_of_one
from .text import title_numbers as title_numbers  # the tests' import
from .text import title_similarity

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



MEMBER_FLOOR = 0.25
"""A note passing the cut with a group's anchor joins when its pairs with the other members
score at least this (grouping.build_groups; before: the cut): a chain's first version,
listed with the middle one, joins the group holding the last version it also restates. On
the hard sets score-A..H (`scan` and hard_eval): 0.30 groups nothing more, 0.25 adds
score-G's pickup chain (2 pairs), 0.20 also a template sibling to score-B's cheddar group."""



@cache
def load_weights(path: Path = WEIGHTS_FILE) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))








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
        self._table: NoteTable | None = None
        self._scored: ScoredPairs | None = None

    @property
    def uncovered_threshold(self) -> float:
        if self._uncovered is None:
            return self.listing_threshold
        return min(self._uncovered, self.default_threshold)

    # -- per-scan state
    def prepare(self, client: SearchClient, target) -> None:
        self._table = NoteTable(client, self.weights)
        self._scored = ScoredPairs(self, self._table)

    def _state(self, client: SearchClient) -> tuple[NoteTable, ScoredPairs]:
        if self._table is None or self._table.client is not client:
            self.prepare(client, None)
        assert self._table is not None and self._scored is not None
        return self._table, self._scored

    # -- features
    def features(self, client: SearchClient, a: Note, b: Note) -> dict[str, float]:
        """Every signal of one pair, computed directly (the reference for `ScoredPairs`)."""
        return self._features(client, client.index_of[a.path], client.index_of[b.path])

    def _features(self, client: SearchClient, i: int, j: int) -> dict[str, float]:
        tab, sc = self._state(client)
        k = client.k
        pa, pb = client.notes[i].path, client.notes[j].path
        cos = float(client.vectors[i] @ client.vectors[j])
        ident = float(tab.identity[i] @ tab.identity[j])
        margin = cos - 0.5 * float(client.median_sim[i] + client.median_sim[j])
        ra, rb = rank(sc.idx[i], j), rank(sc.idx[j], i)
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
            **sparse_features(tab, i, j),
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
        if score >= CONDENSED_FLOOR:
            return sc.condensed_pair(i, j)
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


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

Each note's own look-ups (identity vector, token set, names) are computed once
per scan in `prepare`; a pair costs two dot products, a set intersection and a
title comparison, and is scored once however many times it is met.
"""

from __future__ import annotations

import json
import math
import re
from functools import cache
from pathlib import Path

import numpy as np

from .notes import Note
from .strategies import (
    Candidate,
    DedupeStrategy,
    SearchClient,
    register,
    title_similarity,
)

WEIGHTS_FILE = Path(__file__).with_name("hybrid_weights.json")
FEATURES = ("cosine", "identity", "margin", "mutual", "title", "lexical", "length",
            "number_conflict", "shared_links", "shared_tags")
_NUMBER_RE = re.compile(r"(?<![\w.])v?(\d+(?:\.\d+)*)(?![\w.])")
_DATE_RE = re.compile(r"\b\d{4}[-_]\d{2}[-_]\d{2}\b")


@cache
def load_weights(path: Path = WEIGHTS_FILE) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


SHRINK_NOTES = 50
"""How many notes it takes before the project's common direction is trusted half."""


def identity_vectors(vectors: np.ndarray, shrink: int = SHRINK_NOTES) -> np.ndarray:
    """Unit vectors without the project's mean and dominant direction.

    The direction is the top eigenvector of the 384x384 covariance (cheap even
    for 100k notes). In a small project that direction is one of its topics
    rather than a component all notes share, so both removals are scaled by
    n / (n + shrink): a 10-note folder keeps nearly raw vectors, a 1,000-note
    base loses 95% of its common component.
    """
    n = vectors.shape[0]
    if n < 3:
        return vectors.astype(np.float32, copy=True)
    s = n / (n + shrink)
    x = vectors.astype(np.float64)
    centred = x - x.mean(axis=0)
    _, vecs = np.linalg.eigh(centred.T @ centred)
    top = vecs[:, -1]
    out = x - s * x.mean(axis=0) - s * np.outer(centred @ top, top)
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return (out / norms).astype(np.float32)


def _jaccard(a: set[str], b: set[str]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)


def title_numbers(title: str) -> frozenset[str]:
    """Numbers in a title (versions, years, chapters), dates left out."""
    return frozenset(_NUMBER_RE.findall(_DATE_RE.sub(" ", title)))


class _NoteTable:
    """Per-note look-ups of one scan, computed once."""

    def __init__(self, client: SearchClient) -> None:
        self.client = client
        self.identity = identity_vectors(client.vectors)
        self.words = np.array([len(nt.body.split()) for nt in client.notes], dtype=np.float64)
        self.numbers = [title_numbers(nt.title) for nt in client.notes]
        self.links = [frozenset(t.lower() for t in nt.links) for nt in client.notes]
        self.tags = [frozenset(t.lower() for t in nt.tags) for nt in client.notes]
        self.weighted = [{t: client.idf(t) ** 2 for t in client.tokens(nt.path)}
                         for nt in client.notes]
        self.norms = [client.token_norm(nt.path) for nt in client.notes]


class HybridStrategy(DedupeStrategy):
    name = "hybrid"
    description = ("identity evidence on top of cosine: common-topic-removed cosine, mutual "
                   "rank, margin over other neighbours, titles, rare shared words, links, tags")

    def __init__(self, weights: dict | None = None) -> None:
        self.weights = weights or load_weights()
        self.default_threshold = float(self.weights.get("threshold", 0.5))
        w = self.weights["weights"]
        self._w = np.array([float(w.get(f, 0.0)) for f in FEATURES])
        self._bias = float(self.weights.get("bias", 0.0))
        self._table: _NoteTable | None = None
        self._memo: dict[tuple[int, int], Candidate] = {}

    # -- per-scan state
    def prepare(self, client: SearchClient, target) -> None:
        self._table = _NoteTable(client)
        self._memo = {}

    def _tab(self, client: SearchClient) -> _NoteTable:
        if self._table is None or self._table.client is not client:
            self.prepare(client, None)
        assert self._table is not None
        return self._table

    # -- features
    def features(self, client: SearchClient, a: Note, b: Note) -> dict[str, float]:
        return self._features(client, client.index_of[a.path], client.index_of[b.path])

    def _features(self, client: SearchClient, i: int, j: int) -> dict[str, float]:
        tab = self._tab(client)
        k = client.k
        pa, pb = client.notes[i].path, client.notes[j].path
        cos = float(client.vectors[i] @ client.vectors[j])
        ra, rb = client.rank(pa, pb), client.rank(pb, pa)
        wa, wb = tab.weighted[i], tab.weighted[j]
        if len(wa) > len(wb):
            wa, wb = wb, wa
        shared = sum(v for t, v in wa.items() if t in wb)
        norm = tab.norms[i] * tab.norms[j]
        lex = shared / norm if norm else 0.0
        na, nb = tab.numbers[i], tab.numbers[j]
        la, lb = tab.links[i], tab.links[j]
        return {
            "cosine": cos,
            "identity": float(tab.identity[i] @ tab.identity[j]),
            "margin": cos - 0.5 * float(client.median_sim[i] + client.median_sim[j]),
            "mutual": 0.5 * ((1.0 / ra if ra else 0.0) + (1.0 / rb if rb else 0.0)),
            "title": title_similarity(client.notes[i], client.notes[j],
                                      (client.names(pa), client.names(pb))),
            "lexical": lex,
            "length": abs(math.log((tab.words[i] + 1.0) / (tab.words[j] + 1.0))),
            "number_conflict": 1.0 if na and nb and not (na & nb) else 0.0,
            "shared_links": _jaccard(la, lb),
            "links_shared": float(len(la & lb)),
            "links_total": float(len(la | lb)),
            "shared_tags": _jaccard(tab.tags[i], tab.tags[j]),
            "rank_ab": float(ra or k + 1),
            "rank_ba": float(rb or k + 1),
        }

    def combine(self, feats: dict[str, float]) -> float:
        z = self._bias + sum(w * feats[f] for w, f in zip(self._w, FEATURES, strict=True))
        return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))

    # -- strategy API
    def _candidate(self, client: SearchClient, i: int, j: int) -> Candidate:
        """The pair (i, j) scored once per scan; returned with i as anchor."""
        self._tab(client)
        key = (i, j) if i <= j else (j, i)
        c = self._memo.get(key)
        if c is None:
            feats = self._features(client, *key)
            c = Candidate(client.notes[key[0]].path, client.notes[key[1]].path,
                          self.combine(feats), {k: round(v, 4) for k, v in feats.items()},
                          explain(feats, client.k))
            self._memo[key] = c
        a, b = client.notes[i].path, client.notes[j].path
        if c.anchor == a:
            return c
        return Candidate(a, b, c.score, c.evidence, c.reasons)

    def find_duplicate_candidates(self, *, client, target, anchor, threshold, top_k):
        """Every note of the anchor's neighbour list, scored, best first.

        The list holds max(top_k, MIN_NEIGHBOURS) notes: a rewrite often ranks
        below other notes of its topic by raw cosine, and its identity evidence
        is what lifts it above them, so it must be scored to be found.
        """
        i = client.index_of[anchor.path]
        out = []
        for j in client.nn_idx[i]:
            other = client.notes[int(j)]
            if not target.contains(other):
                continue
            cand = self._candidate(client, i, int(j))
            if cand.score >= threshold:
                out.append(cand)
        out.sort(key=lambda c: -c.score)
        return out

    def score_pair(self, client, a, b):
        return self._candidate(client, client.index_of[a.path], client.index_of[b.path])


def explain(f: dict[str, float], k: int) -> list[str]:
    """The evidence in words a person reads, strongest first."""
    out: list[str] = []
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
    if f["lexical"] >= 0.6:
        out.append(f"share most of their distinctive words ({f['lexical']:.0%})")
    elif f["lexical"] >= 0.35:
        out.append(f"share many distinctive words ({f['lexical']:.0%})")
    if f["margin"] >= 0.15:
        out.append(f"stands out from other neighbours (+{f['margin']:.2f} cosine)")
    elif f["margin"] < 0.05:
        out.append("in a crowded topic: many notes are as close")
    if f["number_conflict"]:
        out.append("titles carry different numbers (versions, years?)")
    if f["length"] >= 1.1:
        out.append(f"lengths differ {math.exp(f['length']):.0f}x")
    if f["links_shared"] > 0:
        out.append(f"share {int(f['links_shared'])} of {int(f['links_total'])} links")
    if f["shared_tags"] >= 0.5:
        out.append(f"share {f['shared_tags']:.0%} of their tags")
    out.append(f"cosine {f['cosine']:.2f}")
    return out


register(HybridStrategy)

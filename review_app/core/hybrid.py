"""The default `hybrid` strategy: identity evidence on top of topic similarity.

Cosine says two notes share a topic. Whether they are the *same* note shows in
evidence around it: each being the other's nearest neighbour, the pair standing
out from each note's other neighbours (a pair in a crowded topic is not
over-scored), titles and file names, rare words both share, shared links and
tags. The signals are combined by a logistic model whose weights ship in
`hybrid_weights.json` (learned by `bench/learn_hybrid.py`), so the score is in
[0, 1] and every signal stays visible as evidence.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from .notes import Note
from .strategies import (
    Candidate,
    DedupeStrategy,
    SearchClient,
    register,
    title_similarity,
)

WEIGHTS_FILE = Path(__file__).with_name("hybrid_weights.json")
FEATURES = ("cosine", "title", "lexical", "mutual", "margin", "shared_links", "shared_tags")


def load_weights(path: Path = WEIGHTS_FILE) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _jaccard(a: set[str], b: set[str]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)


def lexical_overlap(client: SearchClient, a: str, b: str) -> float:
    """IDF-weighted cosine of the two notes' word sets: rare shared words count most."""
    ta, tb = client.tokens(a), client.tokens(b)
    if not ta or not tb:
        return 0.0
    shared = sum(client.idf(t) ** 2 for t in ta & tb)
    norm = client.token_norm(a) * client.token_norm(b)
    return shared / norm if norm else 0.0


def _link_set(note: Note) -> set[str]:
    return {t.lower() for t in note.links}


class HybridStrategy(DedupeStrategy):
    name = "hybrid"
    description = ("cosine plus identity evidence: mutual rank, local margin, titles, rare "
                   "shared words, shared links and tags")

    def __init__(self, weights: dict | None = None) -> None:
        self.weights = weights or load_weights()
        self.default_threshold = float(self.weights.get("threshold", 0.5))

    def features(self, client: SearchClient, a: Note, b: Note) -> dict[str, float]:
        cos = client.cosine(a.path, b.path)
        k = client.k
        ra, rb = client.rank(a.path, b.path), client.rank(b.path, a.path)
        mutual = 0.5 * ((1.0 / ra if ra else 0.0) + (1.0 / rb if rb else 0.0))
        margin = 0.5 * (self._margin(client, a.path, cos) + self._margin(client, b.path, cos))
        links_a, links_b = _link_set(a), _link_set(b)
        tags_a = {t.lower() for t in a.tags}
        tags_b = {t.lower() for t in b.tags}
        return {
            "cosine": cos,
            "title": title_similarity(a, b, (client.names(a.path), client.names(b.path))),
            "lexical": lexical_overlap(client, a.path, b.path),
            "mutual": mutual,
            "margin": margin,
            "shared_links": _jaccard(links_a, links_b),
            "shared_tags": _jaccard(tags_a, tags_b),
            "rank_ab": float(ra or k + 1),
            "rank_ba": float(rb or k + 1),
        }

    @staticmethod
    def _margin(client: SearchClient, path: str, cos: float) -> float:
        """How far the pair stands above the note's typical neighbour (local density)."""
        # The median of the neighbour list is robust to the pair itself being in it.
        return float(cos - client.median_sim[client.index_of[path]])

    def combine(self, feats: dict[str, float]) -> float:
        w = self.weights["weights"]
        z = float(self.weights.get("bias", 0.0))
        for name in FEATURES:
            z += float(w.get(name, 0.0)) * feats[name]
        return 1.0 / (1.0 + math.exp(-z))

    def _candidate(self, client: SearchClient, a: Note, b: Note) -> Candidate:
        # Each pair is met from both of its notes; score it once per client.
        if getattr(self, "_memo_client", None) is not client:
            self._memo_client, self._memo = client, {}
        key = (a.path, b.path) if a.path <= b.path else (b.path, a.path)
        if key in self._memo:
            score, evidence, reasons = self._memo[key]
            return Candidate(a.path, b.path, score, dict(evidence), list(reasons))
        feats = self.features(client, a, b)
        score = self.combine(feats)
        evidence = {k: round(v, 4) for k, v in feats.items()}
        reasons = explain(feats, client.k)
        self._memo[key] = (score, evidence, reasons)
        return Candidate(a.path, b.path, score, dict(evidence), list(reasons))

    def find_duplicate_candidates(self, *, client, target, anchor, threshold, top_k):
        out = []
        for path, _cos in client.neighbours(anchor.path, top_k):
            other = client.note(path)
            if not target.contains(other):
                continue
            cand = self._candidate(client, anchor, other)
            if cand.score >= threshold:
                out.append(cand)
        out.sort(key=lambda c: -c.score)
        return out

    def score_pair(self, client, a, b):
        return self._candidate(client, a, b)


def explain(f: dict[str, float], k: int) -> list[str]:
    """The evidence in words a person reads, strongest first."""
    out: list[str] = []
    if f["rank_ab"] == 1 and f["rank_ba"] == 1:
        out.append("each is the other's nearest neighbour")
    elif f["rank_ab"] <= k and f["rank_ba"] <= k:
        out.append(f"mutual neighbours (ranks {int(f['rank_ab'])} and {int(f['rank_ba'])})")
    if f["title"] >= 0.9:
        out.append("titles nearly identical")
    elif f["title"] >= 0.7:
        out.append(f"titles {f['title']:.0%} alike")
    if f["lexical"] >= 0.6:
        out.append(f"share most of their distinctive words ({f['lexical']:.0%})")
    elif f["lexical"] >= 0.35:
        out.append(f"share many distinctive words ({f['lexical']:.0%})")
    if f["margin"] >= 0.15:
        out.append(f"stands out from other neighbours (+{f['margin']:.2f} cosine)")
    elif f["margin"] < 0.05:
        out.append("in a crowded topic: many notes are as close")
    if f["shared_links"] > 0:
        out.append(f"share {f['shared_links']:.0%} of their links")
    if f["shared_tags"] >= 0.5:
        out.append(f"share {f['shared_tags']:.0%} of their tags")
    out.append(f"cosine {f['cosine']:.2f}")
    return out


register(HybridStrategy)

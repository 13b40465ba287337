"""The `title` strategy: fuzzy title and file-name similarity."""

from __future__ import annotations

from rapidfuzz import fuzz, process

from .base import Candidate, DedupeStrategy
from .text import title_similarity


class TitleStrategy(DedupeStrategy):
    name = "title"
    default_threshold = 0.85
    description = "fuzzy title and file-name similarity (rapidfuzz)"

    def prepare(self, client, target):
        self._names = [" | ".join(client.names(n.path)) for n in client.notes]

    def find_duplicate_candidates(self, *, client, target, anchor, threshold, top_k):
        if not hasattr(self, "_names") or len(self._names) != len(client.notes):
            self.prepare(client, target)
        query = self._names[client.index_of[anchor.path]]
        hits = process.extract(query, self._names, scorer=fuzz.token_set_ratio,
                               limit=top_k + 1, score_cutoff=threshold * 100)
        out = []
        for _, _, j in hits:
            other = client.notes[j]
            if other.path == anchor.path or not target.contains(other):
                continue
            sim = title_similarity(anchor, other,
                                   (client.names(anchor.path), client.names(other.path)))
            if sim < threshold:
                continue
            out.append(Candidate(anchor.path, other.path, sim, {"title": round(sim, 4)},
                                 [f"titles {sim:.0%} alike"]))
        out.sort(key=lambda c: -c.score)
        return out[:top_k]

    def score_pair(self, client, a, b):
        sim = title_similarity(a, b)
        return Candidate(a.path, b.path, sim, {"title": round(sim, 4)},
                         [f"titles {sim:.0%} alike"])

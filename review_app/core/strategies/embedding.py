"""The `embedding` strategy: raw cosine of note vectors, a topic signal."""

from __future__ import annotations

from .base import Candidate, DedupeStrategy


class EmbeddingStrategy(DedupeStrategy):
    name = "embedding"
    default_threshold = 0.85
    description = "raw cosine similarity of note embeddings (a topic signal)"

    def find_duplicate_candidates(self, *, client, target, anchor, threshold, top_k):
        out = []
        for path, cos in client.neighbours(anchor.path, top_k):
            if cos < threshold or not target.contains(client.note(path)):
                continue
            out.append(Candidate(anchor.path, path, min(1.0, max(0.0, cos)),
                                 {"cosine": round(cos, 4)},
                                 [f"cosine similarity {cos:.2f}"]))
        return out

    def score_pair(self, client, a, b):
        cos = client.cosine(a.path, b.path)
        return Candidate(a.path, b.path, min(1.0, max(0.0, cos)), {"cosine": round(cos, 4)},
                         [f"cosine similarity {cos:.2f}"])

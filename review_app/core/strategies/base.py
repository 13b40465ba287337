"""What every strategy speaks: the partition, candidates, and the strategy contract.

A strategy gets a `SearchClient` (notes, vectors and neighbour lists of the
whole project), the `Target` partition being deduped and one anchor note, and
returns scored `Candidate`s.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from ..notes import Note

if TYPE_CHECKING:  # the client imports nothing from here at run time either
    from .client import SearchClient


@dataclass(frozen=True)
class Target:
    """The partition being deduped: the whole project, or some folders / note types."""

    folders: tuple[str, ...] = ()
    types: tuple[str, ...] = ()

    def contains(self, note: Note) -> bool:
        if self.folders and not any(
                note.path == f or note.path.startswith(f.rstrip("/") + "/") for f in self.folders):
            return False
        return not (self.types and note.type not in self.types)

    def describe(self) -> str:
        parts = [f"folder {f}" for f in self.folders] + [f"type {t}" for t in self.types]
        return ", ".join(parts) or "whole project"


@dataclass
class Candidate:
    """`path` may be a duplicate of `anchor`; `score` in [0, 1] orders candidates."""

    anchor: str
    path: str
    score: float
    evidence: dict[str, float] = field(default_factory=dict)
    reasons: list[str] = field(default_factory=list)

    @property
    def key(self) -> tuple[str, str]:
        return pair_key(self.anchor, self.path)


def pair_key(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


class CandidateArray(Sequence[Candidate]):
    """Scored pairs held as arrays; a `Candidate` is made only when one is read.

    A scan scores hundreds of thousands of pairs and groups the few above the
    threshold: `at_least` hands out those without building the rest. Row r is
    the pair (anchor_idx[r], other_idx[r]) with `scores[r]`; `make(i, j, score)`
    builds its candidate.
    """

    def __init__(self, anchor_idx: np.ndarray, other_idx: np.ndarray, scores: np.ndarray,
                 make: Callable[[int, int, float], Candidate]) -> None:
        self.anchor_idx, self.other_idx, self.scores = anchor_idx, other_idx, scores
        self._make = make

    def __len__(self) -> int:
        return len(self.scores)

    def __getitem__(self, r):
        if isinstance(r, slice):
            return [self[i] for i in range(*r.indices(len(self)))]
        return self._make(int(self.anchor_idx[r]), int(self.other_idx[r]), float(self.scores[r]))

    def __iter__(self) -> Iterator[Candidate]:
        make = self._make
        for i, j, s in zip(self.anchor_idx.tolist(), self.other_idx.tolist(),
                           self.scores.tolist(), strict=True):
            yield make(i, j, s)

    def at_least(self, threshold: float) -> list[Candidate]:
        rows = np.flatnonzero(self.scores >= threshold).tolist()
        return [self[r] for r in rows]


def candidates_at_least(candidates: Sequence[Candidate], threshold: float) -> list[Candidate]:
    """The candidates scoring at least `threshold`, without reading the others' evidence."""
    if isinstance(candidates, CandidateArray):
        return candidates.at_least(threshold)
    return [c for c in candidates if c.score >= threshold]


class DedupeStrategy(ABC):
    """Proposes duplicates of one anchor note."""

    name: str = ""
    default_threshold: float = 0.5  # precision-first: the "likely" band; upsert acts on it
    recall_threshold: float | None = None  # recall-first: where the listing stops (None: same)
    member_floor: float | None = None
    """A note passing the cut with a group's anchor joins when its pair with each other
    member scores at least this (grouping.build_groups); None: the cut itself."""
    description: str = ""

    @property
    def uncovered_threshold(self) -> float:
        """The listing cut where coverage is not measured (`threshold_recall_uncovered`,
        chosen before coverage was part of the score), else `listing_threshold`."""
        return self.listing_threshold

    @property
    def listing_threshold(self) -> float:
        """The default cut of a listing: likely duplicates, then possible ones down to here."""
        if self.recall_threshold is None:
            return self.default_threshold
        return min(self.recall_threshold, self.default_threshold)

    def prepare(self, client: SearchClient, target: Target) -> None:  # noqa: B027
        """Optional whole-project precomputation, called once before the anchors."""

    @abstractmethod
    def find_duplicate_candidates(self, *, client: SearchClient, target: Target, anchor: Note,
                                  threshold: float, top_k: int) -> list[Candidate]:
        """Candidates for `anchor` scoring at least `threshold`, best first, at most `top_k`."""

    def find_all_candidates(self, *, client: SearchClient, target: Target,
                            anchors: list[Note], top_k: int) -> Sequence[Candidate] | None:
        """Optional fast path: every candidate of every anchor at once, any score.

        The same pairs, scores and order as `find_duplicate_candidates` per anchor
        with threshold 0; None (the default) makes the pipeline ask anchor by anchor.
        """
        return None

    def score_pair(self, client: SearchClient, a: Note, b: Note) -> Candidate:
        """Score one given pair (e.g. a member against a canonical the user picked)."""
        found = self.find_duplicate_candidates(client=client, target=Target(), anchor=a,
                                               threshold=0.0, top_k=client.k)
        for cand in found:
            if cand.path == b.path:
                return cand
        cos = client.cosine(a.path, b.path)
        return Candidate(a.path, b.path, max(0.0, cos), {"cosine": round(cos, 4)})

"""scan(project) -> ScanResult: parse, embed (cached), search, group."""

from __future__ import annotations

import contextlib
import datetime as dt
import gc
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from .bm_vectors import DEFAULT_RECIPE, BasicMemoryUnavailable, read_vectors
from .dating import apply_file_dates
from .decisions import DecisionStore
from .embedding import DEFAULT_MODEL, Embedder
from .grouping import Group, build_groups, linkers_by_path, pairs_for_output
from .index import VectorIndex
from .notes import Note, NoteProblem
from .piece_vectors import basic_memory_pieces, own_pieces
from .project import COMPACT_FROM, Project, load_notes
from .strategies import (
    Candidate,
    DedupeStrategy,
    SearchClient,
    Target,
    candidates_at_least,
    get_strategy,
)
from .strategies.client import list_depth
from .strategies.coverage import PieceSource
from .vectors.approximate import APPROXIMATE_FROM, ivf_neighbours

DEFAULT_STRATEGY = "hybrid"
COVERAGE_MODELS = frozenset({DEFAULT_MODEL})
"""Models whose piece cosines coverage's scales were fitted on (own sections and
basic-memory's chunks, both with the bundled MiniLM); another model's cosines sit
elsewhere (WordLlama's: lower), so its pairs are scored without coverage."""
DEFAULT_TOP_K = 10
INDEX_FILE = "index.db"


class ScanCancelled(Exception):
    pass


class ScanError(Exception):
    """The scan cannot run as asked (a folder or type that holds no note); for the user."""


class _Scoped(Protocol):
    @property
    def path(self) -> str: ...
    @property
    def type(self) -> str: ...


def _listing(values: Iterable[str], limit: int = 8) -> str:
    values = sorted(set(values))
    shown = ", ".join(values[:limit])
    return shown + (f" and {len(values) - limit} more" if len(values) > limit else "")


def scope_error(notes: Sequence[_Scoped], target: Target) -> str | None:
    """Why `target` selects no note of a non-empty project, naming the folder or type the
    person gave and what exists instead; None when it selects some (or the project is empty).
    A typo in --folder should not read as "no duplicates"."""
    if not notes or not (target.folders or target.types):
        return None
    problems = []
    for folder in target.folders:
        f = folder.strip("/")
        if not any(n.path == f or n.path.startswith(f + "/") for n in notes):
            tops = _listing(n.path.split("/", 1)[0] for n in notes if "/" in n.path)
            problems.append(f"no note under folder {folder!r} (folders: {tops or 'none'})")
    for note_type in target.types:
        if not any(n.type == note_type for n in notes):
            problems.append(f"no note of type {note_type!r} (types: "
                            f"{_listing(n.type for n in notes)})")
    if not problems and not any(target.contains(n) for n in notes):  # type: ignore[arg-type]
        problems.append(f"no note matches {target.describe()} together")
    return "; ".join(problems) or None


@dataclass(frozen=True)
class Progress:
    """A progress report: `phase` is read, embed, search or group (and units: the
    console's load after the scan, tui/warming.group_units)."""

    phase: str
    done: int
    total: int


ProgressFn = Callable[[Progress], None]


@dataclass
class ScanOptions:
    threshold: float | None = None  # None: the strategy's default
    top_k: int = DEFAULT_TOP_K
    strategy: str = DEFAULT_STRATEGY
    model: str = DEFAULT_MODEL
    target: Target = field(default_factory=Target)
    anchors: set[str] | None = None  # only these notes are anchors (audits); None: all
    # basic-memory's record of when each file changed (path -> naive UTC), where its
    # database is read: dates notes that carry no date of their own (see apply_file_dates).
    file_dates: dict[str, dt.datetime] | None = None
    vectors: str = "auto"
    """Where vectors come from: "auto" (basic-memory's index when PROJECT is a basic-memory
    project and `model` is the default, else bm-review's own), "own", or "basic-memory"
    (required: BasicMemoryUnavailable when it cannot be used)."""
    vector_recipe: str = DEFAULT_RECIPE  # how basic-memory's chunk vectors make a note's
    compact_from: int | None = COMPACT_FROM
    """Notes from which each keeps a compact record (project.COMPACT_FROM); None: never."""
    neighbour_search: str = "local"
    """"local": in memory, every pair compared below `approximate_from` notes, an
    approximate index (vectors/approximate.py) from it; "exact" / "approximate": in
    memory, that way whatever the size; "database": where basic-memory keeps its
    vectors in Postgres, each note's candidates come from pgvector's index instead
    (bench/pg_scale.py, README)."""
    approximate_from: int = APPROXIMATE_FROM


@dataclass
class ScanResult:
    project: Project
    model: str
    strategy: DedupeStrategy
    threshold: float
    notes: dict[str, Note]
    problems: list[NoteProblem]
    candidates: Sequence[Candidate]  # every scored pair, any score (may be lazy)
    groups: list[Group]
    client: SearchClient
    stats: dict[str, float] = field(default_factory=dict)
    distinct: set[tuple[str, str]] = field(default_factory=set)
    _linkers: dict[str, set[str]] | None = field(default=None, repr=False)
    vector_source: str = "bm-review"  # or "basic-memory": whose index the vectors came from
    notices: list[str] = field(default_factory=list)  # said once per scan (e.g. a fallback)

    @property
    def likely_threshold(self) -> float:
        """The precision-first cut: groups at or above it are "likely", below "possible"."""
        return self.strategy.default_threshold

    @property
    def linkers(self) -> dict[str, set[str]]:
        """path -> notes linking to it, computed once (the kept file's "most linked-to")."""
        if self._linkers is None:
            self._linkers = linkers_by_path(self.notes)
        return self._linkers

    def regroup(self, threshold: float, canonical_overrides: dict[str, str] | None = None,
                keep_overrides: dict[str, str] | None = None) -> list[Group]:
        """Groups at another threshold, from the pairs already scored (no re-embedding),
        each marked with its band against the precision-first threshold."""
        return build_groups(candidates_at_least(self.candidates, threshold), self.notes,
                            threshold, self._score_pair,
                            exclude=self.distinct, canonical_overrides=canonical_overrides,
                            keep_overrides=keep_overrides, linkers=self.linkers,
                            likely_threshold=self.likely_threshold,
                            member_floor=self.strategy.member_floor)

    def _score_pair(self, a: Note, b: Note) -> Candidate:
        return self.strategy.score_pair(self.client, a, b)

    def score_pair(self, a: str, b: str) -> Candidate:
        return self._score_pair(self.notes[a], self.notes[b])

    def to_json(self, *, include_pairs: bool = False) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "project": str(self.project.root),
            "model": self.model,
            "strategy": self.strategy.name,
            "threshold": self.threshold,
            "likely_threshold": self.likely_threshold,
            "note_count": len(self.notes),
            "vector_source": self.vector_source,
            "notices": list(self.notices),
            "problems": [{"path": p.path, "error": p.error} for p in self.problems],
            "groups": [group_json(g, self.notes) for g in self.groups],
        }
        if include_pairs:
            doc["pairs"] = [
                {"a": c.key[0], "b": c.key[1], "score": round(c.score, 4),
                 "evidence": c.evidence}
                for c in pairs_for_output(candidates_at_least(self.candidates, self.threshold))]
        doc["stats"] = self.stats
        return doc


def group_json(g: Group, notes: dict[str, Note]) -> dict[str, Any]:
    canon = notes[g.canonical]
    return {
        "id": g.id,
        "score": g.score,
        "canonical": g.canonical,
        "canonical_title": canon.title,
        "canonical_reason": g.canonical_reason,
        "canonical_sha256": canon.sha256,
        "canonical_important": canon.important,
        "band": g.band,
        "keep": g.kept or g.canonical,
        "keep_reason": g.kept_reason,
        "members": [
            {"path": m.path, "title": m.title, "score": m.score, "evidence": m.evidence,
             "reasons": m.reasons, "important": m.important, "band": m.band,
             "sha256": notes[m.path].sha256}
            for m in g.members],
    }


@contextlib.contextmanager
def _gc_paused():
    """A scan allocates millions of small objects and frees almost none of them until
    it ends; the cyclic collector would walk the growing heap again and again (about
    20% of a warm 10k-note scan). Reference counting still frees what it can."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def scan(project: Project, options: ScanOptions | None = None,
         progress: ProgressFn | None = None, cancel: threading.Event | None = None,
         embedder: Embedder | None = None) -> ScanResult:
    with _gc_paused():
        return _scan(project, options, progress, cancel, embedder)


def _scan(project: Project, options: ScanOptions | None, progress: ProgressFn | None,
          cancel: threading.Event | None, embedder: Embedder | None) -> ScanResult:
    options = options or ScanOptions()
    strategy = get_strategy(options.strategy)
    stats: dict[str, float] = {}

    def report(phase: str, done: int, total: int) -> None:
        if cancel is not None and cancel.is_set():
            raise ScanCancelled()
        if progress:
            progress(Progress(phase, done, total))

    t0 = time.perf_counter()
    report("read", 0, 0)
    notes, problems = load_notes(project.root, lambda d, t: report("read", d, t),
                                 compact_from=options.compact_from)
    stats["parse_s"] = round(time.perf_counter() - t0, 3)
    file_dates = options.file_dates
    if file_dates is None and options.vectors != "own":
        from .vectors.source import recorded_dates

        file_dates = recorded_dates(project.root)  # {} where basic-memory has no record
    if file_dates:
        apply_file_dates(notes, file_dates)
    del file_dates  # a path -> date dict of every note: not needed past here
    if (why := scope_error(notes, options.target)) is not None:
        raise ScanError(why)

    report("embed", 0, 0)
    model, vectors, source, notices, lists, pieces = _note_vectors(
        project, notes, options, embedder, stats, lambda d, t: report("embed", d, t))

    # The listing cut was chosen with coverage in the score; where coverage is not
    # measured (a model its scale was not fitted on) the cut chosen without it holds.
    threshold = options.threshold if options.threshold is not None else (
        strategy.listing_threshold if pieces is not None else strategy.uncovered_threshold)
    t1 = time.perf_counter()
    report("search", 0, len(notes))
    in_target = [n for n in notes if options.target.contains(n)]
    # The model the vectors really come from (basic-memory's, where its index is read)
    # picks the calibration yardstick.
    if lists is None and len(notes) > 1 and (
            options.neighbour_search == "approximate" or (
                options.neighbour_search == "local"
                and len(notes) >= options.approximate_from)):
        lists = ivf_neighbours(vectors, list_depth(max(options.top_k, 10), len(notes)),
                               progress=lambda d, t: report("search", d, t))
        stats["neighbours_approximate"] = 1
    client = SearchClient(notes, vectors, neighbours=max(options.top_k, 10), model=model,
                          lists=lists)
    client.pieces = pieces
    strategy.prepare(client, options.target)
    anchors = [n for n in in_target if options.anchors is None or n.path in options.anchors]
    candidates = strategy.find_all_candidates(client=client, target=options.target,
                                              anchors=anchors, top_k=options.top_k)
    if candidates is None:
        candidates = []
        for i, note in enumerate(anchors, 1):
            candidates.extend(strategy.find_duplicate_candidates(
                client=client, target=options.target, anchor=note, threshold=0.0,
                top_k=options.top_k))
            if i % 500 == 0:
                report("search", i, len(anchors))
    report("search", len(anchors), len(anchors))
    stats["search_s"] = round(time.perf_counter() - t1, 3)

    t2 = time.perf_counter()
    report("group", 0, 1)
    by_path = {n.path: n for n in notes}
    distinct = DecisionStore(project.state).distinct_pairs(by_path)
    result = ScanResult(project, model, strategy, threshold, by_path, problems,
                        candidates, [], client, stats, distinct, vector_source=source,
                        notices=notices)
    result.groups = result.regroup(threshold)
    stats["group_s"] = round(time.perf_counter() - t2, 3)
    report("group", 1, 1)
    return result


def _note_vectors(project: Project, notes: list[Note], options: ScanOptions,
                  embedder: Embedder | None, stats: dict[str, float],
                  progress: Callable[[int, int], None]
                  ) -> tuple[str, np.ndarray, str, list[str], Any, PieceSource | None]:
    """(model, vectors in note order, source, notices, neighbour lists or None, where the
    notes' piece vectors come from): basic-memory's vectors where the project is
    basic-memory's and they can serve (see ScanOptions.vectors), else ours; the lists where
    its database searched them."""
    notices: list[str] = []
    if not notes:  # nothing to embed: no index is opened, so no state folder is created
        return (options.model, np.zeros((0, 1), dtype=np.float32), "bm-review", notices,
                None, None)
    if options.vectors == "basic-memory" or (
            options.vectors == "auto" and options.model == DEFAULT_MODEL):
        t0 = time.perf_counter()
        try:
            depth = (list_depth(max(options.top_k, 10), len(notes))
                     if options.neighbour_search == "database" else None)
            bm = read_vectors(project, notes, project.state / INDEX_FILE,
                              recipe=options.vector_recipe, progress=progress,
                              neighbours=depth)
        except BasicMemoryUnavailable as exc:
            if options.vectors == "basic-memory":
                raise
            notices.append(f"basic-memory's vectors not used: {exc}. Embedding with "
                           f"bm-review's own model ({options.model}) instead.")
            bm = None
        if bm is None and options.vectors == "basic-memory":
            raise BasicMemoryUnavailable(f"basic-memory does not index {project.root}")
        if bm is not None:
            stats["embed_s"] = round(bm.embed_s, 3)
            stats["embedded"] = bm.embedded
            stats["cached"] = bm.cached
            stats["from_basic_memory"] = bm.from_basic_memory
            stats["basic_memory_read_s"] = round(time.perf_counter() - t0 - bm.embed_s, 3)
            if bm.lists is not None:
                stats["neighbours_in_database"] = 1
            return (bm.model, bm.vectors, "basic-memory", notices, bm.lists,
                    basic_memory_pieces(notes, bm) if bm.model in COVERAGE_MODELS else None)
    embedder = embedder or Embedder(options.model)
    index = VectorIndex(project.state / INDEX_FILE, options.model)
    if index.rebuilt:
        notices.append(index.rebuilt)
    try:
        sync = index.sync(notes, embedder, progress)
        vectors = index.vectors(n.path for n in notes)
    finally:
        index.close()
    stats["embed_s"] = round(sync.embed_s, 3)
    stats["embedded"] = sync.embedded
    stats["cached"] = sync.cached
    stats["from_basic_memory"] = 0
    return (options.model, vectors, "bm-review", notices, None,
            own_pieces(notes, embedder, options.model, project.state)
            if options.model in COVERAGE_MODELS else None)

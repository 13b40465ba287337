"""Note vectors from basic-memory's index, the notes it has not embedded filled in alike.

basic-memory embeds a note as chunks: its title, permalink and body form one
text, cut at Markdown headings into pieces of at most 900 characters (a
section longer than that is packed line by line). A note's vector here is
made from its entity chunks by a recipe chosen by measurement (see
bench/quality.py --source basic-memory, bench/bm_vectors_bench.py and the
README): `opening` (the default) weighs each chunk by its characters within the
part of the note an own scan embeds (title, permalink, the body's opening), `first`
takes the opening chunk, `mean` the normalised mean of all of them, `weighted` their
mean weighted by each chunk's length in characters.

A note whose file is byte-for-byte the one basic-memory indexed (its sha256
equals the entity's checksum) takes basic-memory's vectors. Any other note is
cut into chunks the same way and embedded with basic-memory's own model loaded
from basic-memory's cache, and the result is cached in bm-review's index under
a key naming that model and recipe, so one scan's vectors all come from one
model. When that is impossible (the model is not in the cache, the index has an
unknown layout, ...) `BasicMemoryUnavailable` says why and the scan uses
bm-review's own index instead.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .bm_model import BasicMemoryConfigError, BasicMemorySettings, load_embedder, read_settings
from .bm_store import DB_ERRORS, BasicMemoryIndexError, BasicMemoryProject
from .embedding import EMBED_CHARS, Embedder, EmbeddingError
from .index import VectorIndex
from .notes import Note
from .project import Project
from .vectors.neighbours import database_lists
from .vectors.postgres import PostgresIndex
from .vectors.source import Store, index_exists, index_location, open_index

CHUNK_CHARS = 900
"""basic-memory's chunk budget (MAX_VECTOR_CHUNK_CHARS in 0.24)."""
CHUNK_OVERLAP = 120
"""Overlap of the character windows an over-long single line is cut into."""
RECIPES = ("first", "mean", "weighted", "opening")
DEFAULT_RECIPE = "opening"
_HEADING = re.compile(r"^\s*#{1,6}\s+")

ProgressFn = Callable[[int, int], None]


class BasicMemoryUnavailable(Exception):
    """basic-memory's vectors cannot be used for this scan; the message says why."""


def entity_text(note: Note) -> str:
    """The text basic-memory embeds for a note's own row: title, permalink, body."""
    return "\n\n".join(part for part in (note.title, note.permalink, note.body.strip()) if part)


def _windows(line: str) -> list[str]:
    text = line.strip()
    out: list[str] = []
    start = 0
    while text[start:]:
        piece = text[start:start + CHUNK_CHARS].strip()
        if piece:
            out.append(piece)
        if start + CHUNK_CHARS >= len(text):
            break
        start += CHUNK_CHARS - CHUNK_OVERLAP
    return out


def _pack_lines(section: str) -> list[str]:
    """A section over the budget as runs of whole lines that each fit it."""
    pieces: list[str] = []
    run: list[str] = []
    size = 0

    def close() -> None:
        nonlocal run, size
        while run and not run[0].strip():
            run.pop(0)
        while run and not run[-1].strip():
            run.pop()
        text = "\n".join(run).rstrip()
        if text:
            pieces.append(text)
        run, size = [], 0

    for line in section.splitlines():
        if len(line) > CHUNK_CHARS:
            close()
            pieces.extend(_windows(line))
            continue
        extra = len(line) + (1 if run else 0)
        if run and size + extra > CHUNK_CHARS:
            close()
            extra = len(line)
        run.append(line)
        size += extra
    close()
    return pieces


def chunk_text(text: str) -> list[str]:
    """`text` cut as basic-memory cuts it: heading sections packed up to the budget."""
    text = (text or "").strip()
    if not text:
        return []
    sections: list[list[str]] = []
    for line in text.splitlines():
        if sections and _HEADING.match(line) and sections[-1]:
            sections.append([line])
        elif sections:
            sections[-1].append(line)
        else:
            sections.append([line])
    chunks: list[str] = []
    current = ""
    for lines in sections:
        section = "\n".join(lines).strip()
        if len(section) > CHUNK_CHARS:
            if current:
                chunks.append(current)
            parts = _pack_lines(section)
            chunks.extend(parts[:-1])
            current = parts[-1] if parts else ""
            continue
        joined = f"{current}\n\n{section}" if current else section
        if len(joined) <= CHUNK_CHARS:
            current = joined
        else:
            chunks.append(current)
            current = section
    if current:
        chunks.append(current)
    return [c for c in chunks if c.strip()]


def opening_chars(title: str, permalink: str) -> int:
    """How much of a note's entity text an own scan embeds (embedding.note_text: the
    title and the body's first EMBED_CHARS), counted in entity_text's characters."""
    return len(title) + len(permalink) + 4 + EMBED_CHARS


def compose(chunks: Sequence[np.ndarray], recipe: str,
            lengths: Sequence[int] | None = None, opening: int | None = None) -> np.ndarray:
    """One unit vector for a note from its entity-chunk vectors, in chunk order
    (`lengths`: each chunk's characters, for `weighted` and `opening`). `opening`: each
    chunk weighted by its characters within the note's first `opening` characters (the
    part an own scan embeds, opening_chars), so a rewrite whose later chunk boundaries
    moved, or two notes of one topic whose later sections differ, are compared by what
    an own scan compares (the default since round 41: bench/bm_vectors_bench.py, the
    README's "Which vectors")."""
    if recipe == "first":
        vec = np.asarray(chunks[0], dtype=np.float32)
    elif recipe == "mean":
        vec = np.mean(np.stack(chunks), axis=0).astype(np.float32)
    elif recipe == "weighted":
        weights = np.asarray(lengths if lengths is not None else [1] * len(chunks), np.float32)
        vec = (weights[:, None] * np.stack(chunks)).sum(axis=0).astype(np.float32)
    elif recipe == "opening":
        sizes = list(lengths) if lengths is not None else [1] * len(chunks)
        budget = opening if opening is not None else sum(sizes)
        starts = np.cumsum([0, *sizes[:-1]])
        weights = np.asarray([max(0, min(n, budget - a)) for a, n in zip(starts, sizes,
                                                                         strict=True)],
                             np.float32)
        if not weights.any():
            weights[0] = 1.0
        vec = (weights[:, None] * np.stack(chunks)).sum(axis=0).astype(np.float32)
    else:
        raise ValueError(f"unknown recipe {recipe!r}; known: {', '.join(RECIPES)}")
    norm = float(np.linalg.norm(vec))
    return vec / norm if norm > 0 else vec


class ChunkedEmbedder:
    """Embeds notes as basic-memory would: every chunk of `entity_text`, then `compose`.

    It takes the texts `entity_text` makes (the interface VectorIndex.sync calls); the
    model is loaded on first use, so a scan that finds every vector cached loads none.
    """

    def __init__(self, load: Callable[[], Embedder], recipe: str) -> None:
        self._load = load
        self.recipe = recipe

    def embed(self, texts: Sequence[str], progress: ProgressFn | None = None) -> np.ndarray:
        embedder = self._load()
        per_text = [chunk_text(t) or [t] for t in texts]
        if self.recipe == "first":
            per_text = [c[:1] for c in per_text]
        flat = [c for chunks in per_text for c in chunks]
        total = len(texts)

        def step(done: int, _all: int) -> None:
            if progress:
                progress(min(total, done * total // max(len(flat), 1)), total)

        vectors = embedder.embed(flat, step)
        out = np.empty((len(texts), vectors.shape[1] if len(flat) else 0), dtype=np.float32)
        at = 0
        for i, chunks in enumerate(per_text):
            head = texts[i].split("\n\n", 2)  # entity_text: title, permalink, body
            out[i] = compose(list(vectors[at:at + len(chunks)]), self.recipe,
                             [len(c) for c in chunks],
                             opening_chars(head[0], head[1] if len(head) > 2 else ""))
            at += len(chunks)
        return out


@dataclass
class BasicMemoryVectors:
    """A scan's vectors, all made by basic-memory's model."""

    model: str  # the fastembed name of basic-memory's model (as --model spells it)
    identity: str  # basic-memory's embedding_model value
    recipe: str
    vectors: np.ndarray  # in the order of the notes asked for
    from_basic_memory: int
    embedded: int
    cached: int
    embed_s: float
    project: BasicMemoryProject
    database: Path | str  # basic-memory's SQLite file, or its Postgres URL (no password)
    settings: BasicMemorySettings
    stale: list[str] = field(default_factory=list)  # notes changed since basic-memory indexed
    # Every note's neighbour (indices, cosines), searched where the vectors are (Postgres).
    lists: tuple[np.ndarray, np.ndarray] | None = None
    # path -> (its chunks' vectors, each chunk's characters), once read or embedded
    chunks: dict[str, tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)
    # path -> basic-memory's entity id, for the notes whose vectors it holds as they are
    entity_ids: dict[str, int] = field(default_factory=dict)

    def chunk_vectors(self, notes: Sequence[Note]) -> list[tuple[np.ndarray, np.ndarray]]:
        """Each note's chunk vectors and lengths: basic-memory's where it holds the note as
        it is (read from its index for these notes only, in one batch), else its cut
        embedded with its model (loaded only then)."""
        missing = [n for n in notes if n.path not in self.chunks]
        if missing and self.entity_ids:
            self._read_chunks([n for n in missing if n.path in self.entity_ids])
            missing = [n for n in missing if n.path not in self.chunks]
        if missing:
            embedder = load_embedder(self.settings)
            for note in missing:
                parts = chunk_text(entity_text(note)) or [note.title]
                self.chunks[note.path] = (
                    embedder.embed(parts).astype(np.float32),
                    np.asarray([len(p) for p in parts], dtype=np.float32))
        return [self.chunks[n.path] for n in notes]

    def _read_chunks(self, notes: Sequence[Note]) -> None:
        """basic-memory's chunk vectors of `notes`, where its index still holds each as
        the scan read it (same checksum, every chunk ready); others are left out."""
        if not notes:
            return
        try:
            store = open_index(self.settings)
        except BasicMemoryIndexError:
            return
        try:
            with store.snapshot():
                entities = store.entities(self.project.id)
                by_path = {n.path: n for n in notes}
                ids = {}
                for note in notes:
                    ent = entities.get(note.path)
                    if (ent is not None and ent.id == self.entity_ids[note.path]
                            and ent.checksum == note.sha256 and not ent.vectors_owed):
                        ids[ent.id] = note.path
                got = store.entity_vectors(
                    self.project.id, self.settings.identities(), set(ids),
                    texts={eid: entity_text(by_path[path]) for eid, path in ids.items()})
        except (*DB_ERRORS, *_errors(store)):
            return
        finally:
            store.close()
        for eid, parts in got.by_entity.items():
            if eid in ids and parts:
                lengths = got.lengths.get(eid)
                self.chunks[ids[eid]] = (
                    np.stack(parts).astype(np.float32),
                    np.asarray(lengths or [1] * len(parts), dtype=np.float32))

    def embed(self, notes: Sequence[Note]) -> np.ndarray:
        """Vectors for notes basic-memory does not have (a proposed note), made as its
        vectors are. Raises BasicMemoryUnavailable when its model cannot be loaded."""
        try:
            return ChunkedEmbedder(lambda: load_embedder(self.settings), self.recipe).embed(
                [entity_text(n) for n in notes])
        except EmbeddingError as exc:
            raise BasicMemoryUnavailable(str(exc)) from exc


def locate(project: Project, settings: BasicMemorySettings | None = None
           ) -> tuple[BasicMemorySettings, Store, BasicMemoryProject] | None:
    """basic-memory's settings, open index (its SQLite file or its Postgres) and project
    record for `project`, or None when basic-memory does not know this folder. Raises
    BasicMemoryUnavailable when it does (or might) but its index cannot be read."""
    try:
        settings = settings or read_settings()
    except BasicMemoryConfigError as exc:
        raise BasicMemoryUnavailable(str(exc)) from exc
    # A Postgres index is shared and may hold projects config.json does not list.
    registered = settings.uses_postgres or project.name in settings.projects or any(
        _same(path, project.root) for path in settings.projects.values())
    where = index_location(settings)
    if not index_exists(settings):
        if registered:
            raise BasicMemoryUnavailable(f"basic-memory has no index at {where} "
                                         f"yet (run `bm reindex`)")
        return None
    try:
        store = open_index(settings)
    except BasicMemoryIndexError as exc:
        if registered:
            raise BasicMemoryUnavailable(str(exc)) from exc
        return None
    try:
        with store.snapshot():
            record = store.find_project(project.root, project.name)
    except (*DB_ERRORS, *_errors(store)) as exc:
        store.close()
        raise BasicMemoryUnavailable(f"cannot read basic-memory's index "
                                     f"{where}: {exc}") from exc
    if record is None:
        store.close()
        if registered and not settings.uses_postgres:
            raise BasicMemoryUnavailable("basic-memory has not indexed this project yet "
                                         "(run `bm reindex`)")
        return None
    return settings, store, record


def _errors(store: Store) -> tuple[type[Exception], ...]:
    """What reads of `store` raise beyond SQLite's errors (the Postgres client's)."""
    return getattr(store, "errors", ())


def _same(path: str, root: Path) -> bool:
    try:
        return Path(path).expanduser().resolve() == root.resolve()
    except (OSError, RuntimeError):
        return False


def read_vectors(project: Project, notes: Sequence[Note], cache: Path, *,
                 recipe: str = DEFAULT_RECIPE, settings: BasicMemorySettings | None = None,
                 progress: ProgressFn | None = None,
                 neighbours: int | None = None) -> BasicMemoryVectors | None:
    """Vectors for `notes` from basic-memory's index, or None when basic-memory does not
    index this project. Raises BasicMemoryUnavailable (with the reason to show) when it
    does but its vectors cannot serve this scan. `cache`: bm-review's index file, where
    the vectors of notes basic-memory has not embedded are kept. `neighbours`: the depth
    of neighbour lists to search in the database itself, where it can (Postgres)."""
    found = locate(project, settings)
    if found is None:
        return None
    settings, store, record = found
    try:
        with store.snapshot():
            found_vectors = _read(notes, cache, recipe, settings, store, record, progress)
            if neighbours and isinstance(store, PostgresIndex):
                found_vectors.lists = database_lists(
                    store, record.id, settings.identities(), [n.path for n in notes],
                    found_vectors.vectors, set(found_vectors.stale), neighbours, progress)
            return found_vectors
    except BasicMemoryUnavailable:
        raise
    except EmbeddingError as exc:
        raise BasicMemoryUnavailable(str(exc)) from exc
    except (*DB_ERRORS, *_errors(store)) as exc:  # locked past the timeout, corrupt, ...
        raise BasicMemoryUnavailable(f"cannot read basic-memory's index {store.path}: "
                                     f"{exc}") from exc
    finally:
        store.close()


def _read(notes: Sequence[Note], cache: Path, recipe: str,
          settings: BasicMemorySettings, store: Store,
          record: BasicMemoryProject, progress: ProgressFn | None) -> BasicMemoryVectors:
    if why := settings.unsupported():
        raise BasicMemoryUnavailable(why)
    if not store.has_vectors:
        raise BasicMemoryUnavailable(f"basic-memory's index {store.path} holds no vectors "
                                     f"(semantic search off, or not run yet)")
    if store.dim != settings.vector_dimensions:  # checked up front, not only when some note
        # must be embedded beside them: vectors of another width are another model's
        raise BasicMemoryUnavailable(f"basic-memory's model gives {settings.vector_dimensions} "
                                     f"dimensions but its index holds {store.dim}")
    identities = settings.identities()
    models = store.models(record.id)
    if not any(models.get(i) for i in identities):
        kinds = ", ".join(sorted(models)) or "none"
        raise BasicMemoryUnavailable(
            f"basic-memory has no ready vectors of its model {settings.identity} for project "
            f"{record.name!r} (it holds: {kinds}; run `bm reindex`)")
    entities = store.entities(record.id)
    fresh_ids: dict[str, int] = {}
    for note in notes:
        ent = entities.get(note.path)
        if ent is not None and ent.checksum == note.sha256 and not ent.vectors_owed:
            fresh_ids[note.path] = ent.id
    del entities
    # Only each note's composed vector is kept, written into its row as its chunks
    # arrive (a dict of 100k separate vectors beside the matrix was ~170 MB at its peak);
    # coverage's chunk vectors are read again for the few notes of strong pairs
    # (`BasicMemoryVectors.chunk_vectors`).
    dim = store.dim or 0
    out = np.empty((len(notes), dim), dtype=np.float32)
    row_of = {fresh_ids[n.path]: i for i, n in enumerate(notes) if n.path in fresh_ids}
    have = np.zeros(len(notes), dtype=bool)

    def keep(eid: int, parts: list[np.ndarray], lengths: list[int] | None) -> None:
        i = row_of.get(eid)
        if i is not None:
            out[i] = compose(parts, recipe, lengths,
                             opening_chars(notes[i].title, notes[i].permalink))
            have[i] = True

    # what basic-memory embeds of each note as the scan read it: chunks cut from another
    # text (a deleted note's, left under an id a new note took) are not its vectors
    texts = {fresh_ids[n.path]: entity_text(n) for n in notes if n.path in fresh_ids}
    if isinstance(store, PostgresIndex):  # streamed: 100k notes' chunks never held at once
        store.entity_vectors(record.id, identities, set(fresh_ids.values()), each=keep,
                             texts=texts)
    else:
        chunks = store.entity_vectors(record.id, identities, set(fresh_ids.values()), texts)
        for eid, parts in chunks.by_entity.items():
            if parts:
                keep(eid, parts, chunks.lengths.get(eid))
        del chunks
    row_of.clear()
    todo = np.flatnonzero(~have).tolist()
    held_ids = {n.path: fresh_ids[n.path] for i, n in enumerate(notes) if have[i]}
    embedded = cached = 0
    embed_s = 0.0
    if todo:
        rest = [notes[i] for i in todo]
        embedder = ChunkedEmbedder(lambda: load_embedder(settings), recipe)
        key = f"basic-memory/{settings.identity}/{recipe}"
        own = VectorIndex(cache, key)
        try:
            sync = own.sync(rest, embedder, progress, text_of=entity_text)
            vecs = own.vectors(n.path for n in rest)
        finally:
            own.close()
        if vecs.shape[1] != dim:
            raise BasicMemoryUnavailable(f"basic-memory's model gives {vecs.shape[1]} "
                                         f"dimensions but its index holds {dim}")
        out[todo] = vecs
        embedded, cached, embed_s = sync.embedded, sync.cached, sync.embed_s
    elif progress:
        progress(0, 0)
    return BasicMemoryVectors(
        model=settings.fastembed_model, identity=settings.identity, recipe=recipe, vectors=out,
        from_basic_memory=len(notes) - len(todo), embedded=embedded, cached=cached,
        embed_s=embed_s, project=record, database=store.path, settings=settings,
        stale=[notes[i].path for i in todo], entity_ids=held_ids)

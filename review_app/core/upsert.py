"""upsert_note: look for the note before writing it.

An agent about to write a note gets it compared with the project's notes by the
same index (sqlite-vec, the scanner's cached vectors) and the same strategy the
scanner uses. Above the threshold the matched note is updated, merged into, or
the proposal is queued for a person (`ask`); below it a new basic-memory note is
created. Every write goes through the apply engine's journal, so `bm-review
undo` reverts an agent's write exactly like a person's.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import frontmatter
import yaml

from .bm_vectors import BasicMemoryUnavailable, read_vectors
from .embedding import DEFAULT_MODEL, Embedder, note_text
from .index import VectorIndex
from .naming import InvalidInput, check_inside, note_path, unique_note_path, validate_title
from .notes import MAX_NOTE_BYTES, Note, parse_note, parse_tags, permalink_for_path, render_note
from .pending import PendingQueue, Proposal, QueueError, new_proposal_id, now_iso
from .pipeline import DEFAULT_STRATEGY, DEFAULT_TOP_K, INDEX_FILE
from .project import Project, load_notes, read_note, resolve_project, walk_markdown
from .strategies import Candidate, DedupeStrategy, SearchClient, get_strategy

ON_MATCH = ("update", "merge", "ask")
ACTIONS = ("created", "updated_existing", "merged_existing", "queued_for_review")
CHOICES = ("update", "merge", "create", "discard")
CANDIDATES_SHOWN = 5
PROPOSED_PREFIX = ".proposed/"
"""The transient note's path: a hidden folder, so it can never equal a real note's
path, while its file stem (used by title similarity) is the real one."""

_embedders: dict[str, Embedder] = {}
_embedders_lock = threading.Lock()


class UpsertError(Exception):
    """The upsert could not be carried out; nothing was written. The message says why."""


def shared_embedder(model: str = DEFAULT_MODEL) -> Embedder:
    """One embedder per model per process (the MCP server loads the model once)."""
    with _embedders_lock:
        if model not in _embedders:
            _embedders[model] = Embedder(model)
        return _embedders[model]


def as_project(project: Project | str | Path | None, state_dir: Path | None = None) -> Project:
    if isinstance(project, Project):
        return project
    return resolve_project(str(project) if project is not None else None, state_dir=state_dir)


_note_cache: dict[Path, dict[str, tuple[int, int, Note]]] = {}
_note_cache_lock = threading.Lock()


def current_notes(root: Path) -> list[Note]:
    """The project's notes, re-parsing only files whose size or mtime changed.

    A long-running MCP server answers each call in about the time of a directory
    walk; a stale entry (same size and mtime tick) is caught by the apply engine's
    hash check, which drops the cache before the retry.
    """
    files, _ = walk_markdown(root)
    with _note_cache_lock:
        cache = _note_cache.setdefault(root, {})
    fresh: dict[str, tuple[int, int, Note]] = {}
    notes: list[Note] = []
    for rel, full in files:
        try:
            st = full.stat()
        except OSError:
            continue
        hit = cache.get(rel)
        if hit and hit[0] == st.st_mtime_ns and hit[1] == st.st_size:
            note = hit[2]
        else:
            parsed = read_note(rel, full)
            if not isinstance(parsed, Note):
                continue
            note = parsed
        fresh[rel] = (st.st_mtime_ns, st.st_size, note)
        notes.append(note)
    with _note_cache_lock:
        _note_cache[root] = fresh
    return notes


def forget_notes(root: Path) -> None:
    with _note_cache_lock:
        _note_cache.pop(root, None)


def validate_content(content: object) -> str:
    """The note text as str; bytes must be UTF-8. Binary content is refused."""
    if isinstance(content, bytes | bytearray):
        if b"\x00" in content:
            raise InvalidInput("content is binary (contains NUL bytes); only text notes can "
                               "be written")
        try:
            content = bytes(content).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InvalidInput(f"content is not valid UTF-8 text (byte {exc.start}); only "
                               "text notes can be written") from None
    if not isinstance(content, str):
        raise InvalidInput(f"content must be text, not {type(content).__name__}")
    if "\x00" in content:
        raise InvalidInput("content is binary (contains NUL characters); only text notes can "
                           "be written")
    try:
        size = len(content.encode("utf-8"))
    except UnicodeEncodeError:
        raise InvalidInput("content holds unpaired surrogate characters; it is not valid "
                           "text") from None
    if size > MAX_NOTE_BYTES:
        raise InvalidInput(f"content is {size // 1024} KiB; notes are at most "
                           f"{MAX_NOTE_BYTES // 1024} KiB")
    text = content.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        raise InvalidInput("content is empty")
    return text


def split_content(text: str) -> tuple[dict[str, Any], str]:
    """Frontmatter the agent included (kept, except title/permalink) and the body."""
    if not text.lstrip().startswith("---"):
        return {}, text
    try:
        post = frontmatter.loads(text)
    except yaml.YAMLError as exc:
        reason = re.sub(r"\s+", " ", str(exc))
        raise InvalidInput(f"content starts with invalid YAML frontmatter: {reason}") from None
    except Exception as exc:  # noqa: BLE001 - yaml raises ValueError on odd scalars
        raise InvalidInput(f"content starts with invalid YAML frontmatter: {exc}") from None
    if not isinstance(post.metadata, dict):
        raise InvalidInput("content frontmatter is not a mapping of keys to values")
    return dict(post.metadata), post.content


def new_note_text(title: str, rel: str, metadata: dict[str, Any], body: str,
                  tags: list[str], taken_permalinks: set[str]) -> str:
    """A basic-memory note: title, type, permalink, tags, then any other keys."""
    permalink = permalink_for_path(rel)
    base, n = permalink, 0
    while permalink in taken_permalinks:  # basic-memory de-duplicates the same way
        n += 1
        permalink = f"{base}-{n}"
    all_tags = parse_tags(metadata.get("tags")) + [t for t in tags if t not in
                                                   parse_tags(metadata.get("tags"))]
    meta: dict[str, Any] = {"title": title, "type": str(metadata.get("type") or "note"),
                            "permalink": permalink}
    if all_tags:
        meta["tags"] = all_tags
    for key, value in metadata.items():
        if key not in ("title", "type", "permalink", "tags"):
            meta[key] = value
    return render_note(meta, body)


_H1 = re.compile(r"^#\s+(.*?)\s*#*\s*$")


def updated_note_text(matched: Note, proposed: Note) -> str:
    """The matched note with the proposed body; its frontmatter is kept byte for byte.

    A leading `# Title` heading of the proposed body follows the kept title.
    """
    from .merging import normalise, split_frontmatter

    head, _ = split_frontmatter(matched.text)
    body = proposed.body.strip("\n") + "\n"
    first, _, rest = body.partition("\n")
    m = _H1.match(first)
    if m and normalise(m.group(1)) == normalise(proposed.title):
        body = f"# {matched.title}\n{rest}"
    return f"{head}\n{body}" if head else body


def merged_note_text(matched: Note, proposed: Note) -> str:
    from .merging import merged_text

    return merged_text(canonical=matched, others=[proposed])


class _Stale(Exception):
    """A file changed between reading the notes and writing (another agent, an editor)."""


def _write(project: Project, path: str, before_sha256: str | None, after: str, kind: str,
           label: str) -> str | None:
    """Write one file through the apply engine's journal; returns the apply id."""
    from .applying import ApplyError, FileChange, journaled_write
    from .journal import UnsafePath

    try:
        report = journaled_write(project, [FileChange(path, before_sha256, after, kind)],
                                 label=label)
    except UnsafePath as exc:
        raise InvalidInput(str(exc)) from exc
    except ApplyError as exc:
        if "changed since" in str(exc):
            raise _Stale(path) from exc
        raise UpsertError(str(exc)) from exc
    return report.apply_id


@dataclass
class Match:
    note: Note
    score: float
    evidence: dict[str, float]
    reasons: list[str]

    def to_json(self) -> dict[str, Any]:
        return {"path": self.note.path, "title": self.note.title, "score": round(self.score, 4),
                "evidence": self.evidence, "reasons": self.reasons,
                "important": self.note.important, "sha256": self.note.sha256}


def find_matches(project: Project, notes: list[Note], proposed: Note, *,
                 embedder: Embedder, strategy: DedupeStrategy, model: str = DEFAULT_MODEL,
                 k: int = DEFAULT_TOP_K, also: list[str] = ()) -> list[Match]:
    """Existing notes nearest the proposed one, scored by `strategy`, best first.

    In a project basic-memory indexes, its vectors are read and the proposed note is
    embedded with its model, as a scan would (see bm_vectors); otherwise bm-review's
    index is brought up to date first (only changed notes are embedded) and the
    proposed note's neighbours come from a sqlite-vec KNN query. Each is scored
    on a search client that holds the project plus the proposed note, so rank and
    margin evidence mean what they mean in a scan.
    """
    if not notes:
        return []
    import numpy as np

    found = _basic_memory_vectors(project, notes, proposed, k) if model == DEFAULT_MODEL else None
    if found is not None:
        vectors, vector, nearest = found
    else:
        index = VectorIndex(project.state / INDEX_FILE, model)
        try:
            index.sync(notes, embedder)
            vector = embedder.embed([note_text(proposed)])[0]
            nearest = index.knn(vector, k)
            vectors = index.vectors(n.path for n in notes)
        finally:
            index.close()

    by_path = {n.path: n for n in notes}
    paths = [p for p, _ in nearest if p in by_path]
    paths += [p for p in also if p in by_path and p not in paths]
    client = SearchClient([*notes, proposed], np.vstack([vectors, vector[None, :]]),
                          neighbours=max(k, 10), only=[proposed.path, *paths])
    out = []
    for path in paths:
        cand: Candidate = strategy.score_pair(client, proposed, by_path[path])
        out.append(Match(by_path[path], float(cand.score), dict(cand.evidence),
                         list(cand.reasons)))
    out.sort(key=lambda m: (-m.score, m.note.path))
    return out


def _basic_memory_vectors(project: Project, notes: list[Note], proposed: Note, k: int):
    """(vectors of `notes`, the proposed note's vector, its k nearest as (path, cosine))
    from basic-memory's index and model, or None where they cannot serve."""
    import numpy as np

    try:
        bm = read_vectors(project, notes, project.state / INDEX_FILE)
        if bm is None:
            return None
        vector = bm.embed([proposed])[0]
    except BasicMemoryUnavailable:
        return None
    sims = bm.vectors @ vector
    top = np.argsort(-sims, kind="stable")[:k]
    return bm.vectors, vector, [(notes[i].path, float(sims[i])) for i in top]


def _result(action: str, path: str, match: Match | None, matches: list[Match],
            **extra: Any) -> dict[str, Any]:
    return {"action": action,
            "matched_note": match.note.path if match else None,
            "similarity": round(match.score, 4) if match else None,
            "path": path,
            "candidates": [m.to_json() for m in matches[:CANDIDATES_SHOWN]],
            **extra}


def upsert_note(title: str, content: str | bytes, directory: str = "",
                project: Project | str | Path | None = None,
                similarity_threshold: float | None = None, on_match: str = "update", *,
                caller: str | None = None, tags: list[str] | None = None,
                embedder: Embedder | None = None, strategy: str = DEFAULT_STRATEGY,
                model: str = DEFAULT_MODEL, state_dir: Path | None = None) -> dict[str, Any]:
    """Write a note unless the project already has it (see the module docstring).

    Returns the contract dict {"action", "matched_note", "similarity", "path"} plus
    "candidates" (nearest notes with scores and evidence), "reason", and
    "apply_id" (undo handle) or "proposal_id" (queued). Raises `InvalidInput` or
    `UpsertError` with nothing written.
    """
    if on_match not in ON_MATCH:
        raise InvalidInput(f"on_match must be one of {', '.join(ON_MATCH)}, not {on_match!r}")
    if similarity_threshold is not None and not (
            isinstance(similarity_threshold, int | float)
            and not isinstance(similarity_threshold, bool) and 0.0 <= similarity_threshold <= 1.0):
        raise InvalidInput(f"similarity_threshold must be a number between 0 and 1, not "
                           f"{similarity_threshold!r}")
    if tags is not None and (not isinstance(tags, list | tuple)
                             or not all(isinstance(t, str) for t in tags)):
        raise InvalidInput("tags must be a list of strings")
    title = validate_title(title)
    text = validate_content(content)
    proj = as_project(project, state_dir)
    from .applying import recover_unfinished

    recover_unfinished(proj)  # never match against, or write into, a half-applied project
    strat = get_strategy(strategy)
    for attempt in range(3):
        try:
            return _upsert(proj, title, text, directory, similarity_threshold, on_match,
                           caller=caller, tags=list(tags or []),
                           embedder=embedder or shared_embedder(model), strategy=strat,
                           model=model)
        except _Stale as exc:
            forget_notes(proj.root)
            if attempt == 2:
                raise UpsertError(f"{exc} keeps changing while it is written; nothing was "
                                  "changed, try again") from None
    raise AssertionError("unreachable")


def _upsert(proj: Project, title: str, text: str, directory: str,
            similarity_threshold: float | None, on_match: str, *, caller: str | None,
            tags: list[str], embedder: Embedder, strategy: DedupeStrategy,
            model: str) -> dict[str, Any]:
    rel = note_path(proj.root, directory, title)
    fm, body = split_content(text)
    if not body.strip():
        raise InvalidInput("content has no body besides its frontmatter")
    threshold = strategy.default_threshold if similarity_threshold is None else float(
        similarity_threshold)

    notes = current_notes(proj.root)
    by_lower = {n.path.lower(): n for n in notes}
    same_file = by_lower.get(rel.lower())
    if same_file is None and (proj.root / rel).exists():
        raise UpsertError(f"{rel} exists but is not a readable note (see `bm-review scan`); "
                          "choose another title or fix that file")
    taken = {n.permalink for n in notes}
    proposed_text = new_note_text(title, rel, fm, body, tags, taken)
    proposed = parse_note(PROPOSED_PREFIX + rel, proposed_text.encode("utf-8"))
    if not isinstance(proposed, Note):  # cannot happen for text we rendered; be explicit
        raise InvalidInput(f"the proposed note cannot be parsed: {proposed.error}")

    matches = find_matches(proj, notes, proposed, embedder=embedder, strategy=strategy,
                           model=model,
                           also=[same_file.path] if same_file else [])
    match = next((m for m in matches if m.score >= threshold), None)
    reason = ""
    if match is not None:
        reason = f"score {match.score:.2f} >= threshold {threshold:.2f}"
    if same_file is not None and (match is None or match.note.path != same_file.path):
        # basic-memory keys a note by its file: the same title in the same folder is
        # the same note, whatever the score.
        match = next(m for m in matches if m.note.path == same_file.path)
        reason = f"a note with this file name already exists ({same_file.path})"

    if match is None:
        apply_id = _write(proj, rel, None, proposed_text, "create",
                          f"upsert: create {rel}" + (f" ({caller})" if caller else ""))
        return _result("created", rel, None, matches, apply_id=apply_id,
                       reason=f"no note scores {threshold:.2f} or more")

    target = match.note
    if on_match == "update" and target.important:
        on_match = "ask"
        reason = f"{target.path} is marked important and is never overwritten; {reason}"
    if on_match == "ask":
        proposal = Proposal(
            id=new_proposal_id(), title=title, content=text, directory=directory or "",
            path=rel, matches=[m.to_json() for m in matches[:CANDIDATES_SHOWN]],
            created=now_iso(), caller=caller, on_match="ask", reason=reason,
            threshold=threshold, extra={"tags": tags})
        PendingQueue(proj.state).append(proposal)
        return _result("queued_for_review", rel, match, matches, proposal_id=proposal.id,
                       reason=reason)
    if on_match == "update":
        after = updated_note_text(target, proposed)
        action, kind = "updated_existing", "update"
    else:
        after = merged_note_text(target, proposed)
        action, kind = "merged_existing", "merge"
    apply_id = None
    if after != target.text:
        apply_id = _write(proj, target.path, target.sha256, after, kind,
                          f"upsert: {kind} {target.path}" + (f" ({caller})" if caller else ""))
    return _result(action, target.path, match, matches, apply_id=apply_id, reason=reason,
                   changed=apply_id is not None)


def decide_pending(project: Project | str | Path | None, proposal_id: str, choice: str,
                   target_path: str | None = None, *, state_dir: Path | None = None
                   ) -> dict[str, Any]:
    """Carry out a person's choice for a queued proposal and take it off the queue.

    update/merge: into `target_path` (default: the best match); create: a new note
    at the proposed path (a free name if that is taken now); discard: nothing
    written. Returns {"action", "path", "apply_id", "proposal_id"}.
    """
    if choice not in CHOICES:
        raise InvalidInput(f"choice must be one of {', '.join(CHOICES)}, not {choice!r}")
    proj = as_project(project, state_dir)
    queue = PendingQueue(proj.state)
    try:
        return _decide(proj, queue, proposal_id, choice, target_path)
    except _Stale as exc:
        raise UpsertError(f"{exc} changed while the decision was written; nothing was "
                          "changed, look at it again") from None


def _decide(proj: Project, queue: PendingQueue, proposal_id: str, choice: str,
            target_path: str | None) -> dict[str, Any]:
    with queue.locked():
        proposal = queue.get(proposal_id)
        if proposal is None:
            raise QueueError(f"no pending proposal {proposal_id!r} (already decided?)")
        fm, body = split_content(proposal.content)
        if choice == "discard":
            queue.resolve(proposal_id, "discarded", lock=False)
            return {"action": "discarded", "path": None, "apply_id": None,
                    "proposal_id": proposal_id}
        notes, _ = load_notes(proj.root)
        taken = {n.permalink for n in notes}
        if choice == "create":
            rel = unique_note_path(proj.root, proposal.path, {n.path for n in notes})
            text = new_note_text(validate_title(proposal.title), rel, fm, body,
                                 list(proposal.extra.get("tags") or []), taken)
            apply_id = _write(proj, rel, None, text, "create", f"pending {proposal_id}: create "
                              f"{rel}")
            queue.resolve(proposal_id, "created", lock=False, path=rel, apply_id=apply_id)
            return {"action": "created", "path": rel, "apply_id": apply_id,
                    "proposal_id": proposal_id}
        path = target_path or (proposal.best or {}).get("path")
        if not path:
            raise InvalidInput("this proposal has no match; choose a target note or create")
        check_inside(proj.root, path)
        target = read_note(path, proj.root / path)
        if not isinstance(target, Note):
            raise UpsertError(f"cannot read {path}: {target.error}")
        proposed_text = new_note_text(proposal.title, proposal.path, fm, body,
                                      list(proposal.extra.get("tags") or []), taken)
        proposed = parse_note(PROPOSED_PREFIX + proposal.path, proposed_text.encode("utf-8"))
        assert isinstance(proposed, Note)
        if choice == "update":
            after, kind, outcome = updated_note_text(target, proposed), "update", "updated"
        else:
            after, kind, outcome = merged_note_text(target, proposed), "merge", "merged"
        apply_id = None
        if after != target.text:
            apply_id = _write(proj, path, target.sha256, after, kind,
                              f"pending {proposal_id}: {kind} {path}")
        queue.resolve(proposal_id, outcome, lock=False, path=path, apply_id=apply_id)
        return {"action": outcome, "path": path, "apply_id": apply_id,
                "proposal_id": proposal_id}

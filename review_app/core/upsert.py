"""upsert_note: look for the note before writing it.

An agent about to write a note gets it compared with the project's notes by the
same index (sqlite-vec, the scanner's cached vectors) and the same strategy the
scanner uses. Above the threshold the matched note is updated, merged into, or
the proposal is queued for a person (`ask`); below it a new basic-memory note is
created. Every write goes through the apply engine's journal, so `bm-review
undo` reverts an agent's write exactly like a person's.
"""

from __future__ import annotations

import contextlib
import math
import os
import random
import threading
import time
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .bm_vectors import BasicMemoryUnavailable, read_vectors
from .embedding import DEFAULT_MODEL, Embedder, note_text, shared_embedder
from .index import VectorIndex
from .links import target_index
from .merge import Composed
from .merging import retitled_mapping, rewrite_links_text, title_keys
from .naming import InvalidInput, check_inside, note_path, unique_note_path, validate_title
from .notes import PROPOSED_PREFIX, Note, parse_note
from .pending import CHOICES, PendingQueue, Proposal, QueueError, new_proposal_id, now_iso
from .piece_vectors import basic_memory_pieces, own_pieces
from .pipeline import DEFAULT_STRATEGY, DEFAULT_TOP_K, INDEX_FILE
from .project import IgnoreRules, Project, load_notes, read_note, resolve_project, walk_markdown
from .project_lock import ProjectBusy, project_lock
from .strategies import Candidate, DedupeStrategy, SearchClient, get_strategy
from .upsert_policy import automatic_cut, drop_refusal, held_refusal, refusal
from .upsert_text import (
    checked_input,
    composition,
    left_out,
    new_note_text,
    split_content,
)
from .upsert_text import merged_note_text as merged_note_text  # re-exported
from .upsert_text import updated_note_text as updated_note_text  # re-exported

ON_MATCH = ("update", "merge", "ask")
ACTIONS = ("created", "updated_existing", "merged_existing", "queued_for_review")
CANDIDATES_SHOWN = 5



class UpsertError(Exception):
    """The upsert could not be carried out; nothing was written. The message says why."""


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


class _Stale(Exception):
    """A file changed between reading the notes and writing (another agent, an editor)."""


def _write(project: Project, path: str, before_sha256: str | None, after: str, kind: str,
           label: str, links: Sequence[tuple[Note, str, int]] = ()) -> str | None:
    """Write one file through the apply engine's journal, with `links` (another note,
    its text with links rewritten, how many: _retitle_links) in the same apply; returns
    the apply id."""
    from .apply import ApplyError, FileChange, StaleFiles, journaled_write
    from .apply.plan import like_original
    from .journal import UnsafePath

    if before_sha256 is not None:
        with contextlib.suppress(OSError, ValueError):
            after = like_original(project.root / path, after)
    changes = [FileChange(path, before_sha256, after, kind)]
    for note, text, count in links:
        with contextlib.suppress(OSError, ValueError):
            text = like_original(project.root / note.path, text)
        changes.append(FileChange(note.path, note.sha256, text, "links", before=note.text,
                                  links=count))
    try:
        report = journaled_write(project, changes, label=label)
    except UnsafePath as exc:
        raise InvalidInput(str(exc)) from exc
    except StaleFiles as exc:
        raise _Stale(path) from exc
    except ApplyError as exc:
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
                "important": self.note.important, "locked": self.note.locked,
                "sha256": self.note.sha256}


def find_matches(project: Project, notes: list[Note], proposed: Note, *,
                 embedder: Embedder, strategy: DedupeStrategy, model: str = DEFAULT_MODEL,
                 k: int = DEFAULT_TOP_K, also: Sequence[str] = ()) -> list[Match]:
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
    everything = [*notes, proposed]
    if found is not None:
        vectors, vector, nearest, bm = found
        pieces = basic_memory_pieces(everything, bm)
    else:
        pieces = own_pieces(everything, embedder, model, project.state)
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
    client = SearchClient(everything, np.vstack([vectors, vector[None, :]]),
                          neighbours=max(k, 10), only=[proposed.path, *paths], model=model)
    client.pieces = pieces  # coverage and series evidence, as a scan has them
    out = []
    for path in paths:
        cand: Candidate = strategy.score_pair(client, proposed, by_path[path])
        out.append(Match(by_path[path], float(cand.score), dict(cand.evidence),
                         list(cand.reasons)))
    out.sort(key=lambda m: (-m.score, m.note.path))
    return out


def _basic_memory_vectors(project: Project, notes: list[Note], proposed: Note, k: int):
    """(vectors of `notes`, the proposed note's vector, its k nearest as (path, cosine),
    basic-memory's vectors) from its index and model, or None where they cannot serve."""
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
    return bm.vectors, vector, [(notes[i].path, float(sims[i])) for i in top], bm


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
    title, text, fm, body = checked_input(title, content)
    proj = as_project(project, state_dir)
    from .apply import recover_unfinished

    target_path(proj, directory, title)  # refused before any lock or state folder
    recover_unfinished(proj)  # never match against, or write into, a half-applied project
    strat = get_strategy(strategy)
    emb = embedder or shared_embedder(model)
    if load := getattr(emb, "_load", None):  # seconds cold: not while other upserts wait
        load()
    with upsert_lock(proj):
        for attempt in range(STALE_RETRIES):
            try:
                return _upsert(proj, title, text, fm, body, directory, similarity_threshold,
                               on_match, caller=caller, tags=list(tags or []),
                               embedder=emb, strategy=strat, model=model)
            except _Stale as exc:
                forget_notes(proj.root)  # re-read and re-match against the file as it is now
                if attempt == STALE_RETRIES - 1:
                    raise UpsertError(f"{exc} keeps changing while it is written; nothing "
                                      "was changed, try again") from None
                time.sleep(_backoff(attempt))
    raise AssertionError("unreachable")


UPSERT_LOCK_WAIT_S = 30.0
"""How long an upsert waits for others in the same project (each holds it well under
a second once its process has loaded the model); `$BM_REVIEW_LOCK_WAIT` (seconds)
overrides it where many agents write one project on a loaded machine."""
LOCK_WAIT_ENV = "BM_REVIEW_LOCK_WAIT"


def lock_wait() -> float:
    """The upsert lock wait: `$BM_REVIEW_LOCK_WAIT` when it is a positive number."""
    raw = os.environ.get(LOCK_WAIT_ENV, "").strip()
    try:
        wait = float(raw) if raw else UPSERT_LOCK_WAIT_S
    except ValueError:
        raise UpsertError(f"{LOCK_WAIT_ENV}={raw!r} is not a number of seconds") from None
    if not math.isfinite(wait) or wait <= 0:
        raise UpsertError(f"{LOCK_WAIT_ENV}={raw!r} must be a positive number of seconds")
    return wait
STALE_RETRIES = 6
"""Tries when something other than an upsert (an editor, basic-memory re-indexing)
changes the matched note meanwhile: re-read, re-match, re-merge, about 3 s in all."""


def _backoff(attempt: int) -> float:
    return min(1.0, 0.05 * 2 ** attempt) * (0.5 + random.random())


@contextlib.contextmanager
def upsert_lock(project: Project, timeout: float | None = None) -> Iterator[None]:
    """Serialise upserts with every other writer of the project (other agents, CLI
    processes, MCP servers, a console applying): the one project lock.

    Read, match and write happen under it, so concurrent merges into one note each
    see the previous one's result instead of failing as stale. Waiting is bounded,
    and a refusal names who holds it. The kernel drops the lock when its holder dies.
    """
    if timeout is None:
        timeout = lock_wait()
    try:
        with project_lock(project.state, "upsert", wait=timeout):
            yield
    except ProjectBusy as exc:
        raise UpsertError(f"{exc} and kept it busy for {timeout:.0f} s; nothing was written, "
                          "try again") from None
    except OSError as exc:  # the lock file cannot be made or opened (a folder in its place)
        raise UpsertError(f"cannot take the project lock in {project.state}: {exc}; nothing "
                          "was written") from None


def target_path(proj: Project, directory: object, title: str) -> str:
    """Where a new note would go, refused if it leaves the project or the scan's view."""
    rel = note_path(proj.root, directory, title)
    if why := IgnoreRules(proj.root).ignored(rel):
        raise InvalidInput(f"{why}; a note there would be invisible to basic-memory and to "
                           "bm-review, choose another directory")
    return rel


def _name_key(path: str) -> str:
    """Paths that look the same to a person are the same note: NFC, case-insensitive."""
    return unicodedata.normalize("NFC", path).casefold()


def _upsert(proj: Project, title: str, text: str, fm: dict[str, Any], body: str,
            directory: str, similarity_threshold: float | None, on_match: str, *,
            caller: str | None, tags: list[str], embedder: Embedder,
            strategy: DedupeStrategy, model: str) -> dict[str, Any]:
    rel = target_path(proj, directory, title)
    threshold = strategy.default_threshold if similarity_threshold is None else float(
        similarity_threshold)

    notes = current_notes(proj.root)
    by_key = {_name_key(n.path): n for n in notes}
    same_file = by_key.get(_name_key(rel))
    if same_file is None and (proj.root / rel).exists():
        raise UpsertError(f"{rel} exists but is not a readable note (see `bm-review scan`); "
                          "choose another title or fix that file")
    same_note = same_file or _titled(notes, title, rel)
    taken = {n.permalink for n in notes}
    proposed_text = new_note_text(title, rel, fm, body, tags, taken)
    proposed = parse_note(PROPOSED_PREFIX + rel, proposed_text.encode("utf-8"))
    if not isinstance(proposed, Note):  # cannot happen for text we rendered; be explicit
        raise InvalidInput(f"the proposed note cannot be parsed: {proposed.error}")

    matches = find_matches(proj, notes, proposed, embedder=embedder, strategy=strategy,
                           model=model,
                           also=[same_note.path] if same_note else [])
    match = next((m for m in matches if m.score >= threshold), None)
    reason = ""
    if match is not None:
        reason = f"score {match.score:.3f} >= threshold {threshold:.3f}"
    if same_note is not None and (match is None or match.note.path != same_note.path):
        # basic-memory keys a note by its file, and links name it by its title: the same
        # title in the same folder is the same note, whatever the score.
        match = next(m for m in matches if m.note.path == same_note.path)
        reason = (f"a note with this file name already exists ({same_note.path})"
                  if same_note is same_file else
                  f"a note with this title already exists in this folder ({same_note.path})")

    if match is None:
        apply_id = _write(proj, rel, None, proposed_text, "create",
                          f"upsert: create {rel}" + (f" ({caller})" if caller else ""))
        return _result("created", rel, None, matches, apply_id=apply_id,
                       reason=f"no note scores {threshold:.3f} or more")

    target = match.note
    if target.locked and on_match != "ask":
        on_match = "ask"
        reason = (f"{target.path} is locked (locked: true) and is never written by bm-review; "
                  f"a person decides whether to create the note anyway; {reason}")
    if on_match == "update" and target.important:
        on_match = "ask"
        reason = f"{target.path} is marked important and is never overwritten; {reason}"
    if on_match != "ask" and (same_file is None or target.path != same_file.path):
        # by similarity, or by title under another file name: written only in the
        # automatic band (upsert_policy.py); a title alone says which note, not that the
        # text is its next version (another week's "Weekly sync", another "John Smith")
        why = refusal(match.score, match.evidence, match.reasons,
                      automatic_cut(strategy.default_threshold))
        if why is not None:
            on_match = "ask"
            reason = f"{reason}; {why}" if target is same_note else why
    composed = None
    if on_match == "update":
        composed = composition("update", target, proposed, proj.state, target_index(notes))
        # Also under the note's own file name: an update never cuts what the note says
        # without a person seeing it first (a fuzzing pass: a partial rewrite dropped a
        # section and said nothing).
        why = drop_refusal(left_out(composed, target)[0])
        if why is not None:
            on_match, reason = "ask", why
    elif on_match == "merge":
        composed = composition("merge", target, proposed, proj.state, target_index(notes))
        why = held_refusal(left_out(composed, target)[1])
        if why is not None:
            on_match, reason = "ask", why
    if on_match == "ask":
        if _same_text(target, proposed):
            # Nothing for a person to decide: merging it would change nothing.
            return _result("merged_existing", target.path, match, matches, apply_id=None,
                           changed=False, already_present=True,
                           reason=f"already present: {target.path} says exactly this; "
                                  "nothing written or queued")
        return _queue_once(proj, Proposal(
            id=new_proposal_id(), title=title, content=text, directory=directory or "",
            path=rel, matches=[m.to_json() for m in matches[:CANDIDATES_SHOWN]],
            created=now_iso(), caller=caller, on_match="ask", reason=reason,
            threshold=threshold, extra={"tags": tags}), match, matches)
    assert composed is not None
    action, kind = ("updated_existing", "update") if on_match == "update" \
        else ("merged_existing", "merge")
    after = composed.text
    apply_id = None
    links = _retitle_links(notes, target, composed)
    if after != target.text:
        apply_id = _write(proj, target.path, target.sha256, after, kind,
                          f"upsert: {kind} {target.path}" + (f" ({caller})" if caller else ""),
                          links)
    return _result(action, target.path, match, matches, apply_id=apply_id, reason=reason,
                   changed=apply_id is not None,
                   **_also_written(composed, links) if apply_id is not None else {})


def _retitle_links(notes: Sequence[Note], target: Note, composed: Composed
                   ) -> list[tuple[Note, str, int]]:
    """When the write gives `target` the proposal's title (merge/title.py: the titles
    differ in a date, version or status stamp), the other notes' links to its old title,
    pointed at the new one, as apply does for a group."""
    if composed.ledger.title is None:
        return []
    new_title = composed.ledger.title[1]
    others = [n for n in notes if n.path != target.path]
    protected = {k for n in others for k in title_keys(n)}
    mapping = retitled_mapping({}, target, new_title, protected)
    out = []
    for n in others:
        if n.locked:
            continue  # never written; its link names the old title until a person fixes it
        text, count = rewrite_links_text(n.text, mapping, self_note=n)
        if count and text != n.text:
            out.append((n, text, count))
    return out


def _also_written(composed: Composed, links: Sequence[tuple[Note, str, int]]
                  ) -> dict[str, Any]:
    """What the write did beyond the matched note's body, for the result (additive
    fields): the title it gave the note ("retitled": [old, new]) and the other notes
    whose links to the old title it rewrote ("links_rewritten"). A fuzzing pass found
    an upsert renaming the note and rewriting links in two other files while its output
    named one file."""
    out: dict[str, Any] = {}
    if composed.ledger.title is not None:
        out["retitled"] = list(composed.ledger.title)
    if links:
        out["links_rewritten"] = sorted(n.path for n, _, _ in links)
    return out


def _titled(notes: Sequence[Note], title: str, rel: str) -> Note | None:
    """The one note of the new note's folder with its title (NFC, case and spacing aside):
    a copy filed as `boiler-service.md` is the note `Boiler service` names, and a second
    note of that title would make its links ambiguous. None when there are two."""
    folder, key = rel.rpartition("/")[0], _title_key(title)
    found = [n for n in notes if n.path.rpartition("/")[0] == folder and _title_key(n.title) == key]
    return found[0] if len(found) == 1 else None


def _title_key(title: str) -> str:
    return " ".join(unicodedata.normalize("NFC", title).casefold().split())


def _same_text(target: Note, proposed: Note) -> bool:
    """The proposal says what the note says: the same title and body, spacing aside."""
    def norm(text: str) -> str:
        return " ".join(text.split())
    return (target.title.casefold() == proposed.title.casefold()
            and norm(target.body) == norm(proposed.body))


def _queue_once(proj: Project, proposal: Proposal, match: Match,
                matches: list[Match]) -> dict[str, Any]:
    """Queue the proposal unless the same ask (title, content, path) is already open: an
    agent retrying must not leave a person two identical entries."""
    queue = PendingQueue(proj.state)
    with queue.locked():
        same = next((p for p in queue.items() if (p.title, p.content, p.path)
                     == (proposal.title, proposal.content, proposal.path)), None)
        if same is None:
            queue.append(proposal, lock=False)
    if same is not None:
        return _result("queued_for_review", proposal.path, match, matches,
                       proposal_id=same.id, already_queued=True,
                       reason=f"already queued as proposal {same.id}; {proposal.reason}")
    return _result("queued_for_review", proposal.path, match, matches,
                   proposal_id=proposal.id, reason=proposal.reason)


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
        if target.locked:
            raise UpsertError(f"{path} is locked (locked: true); bm-review never writes it. "
                              "Create the proposal as a new note or discard it")
        proposed_text = new_note_text(proposal.title, proposal.path, fm, body,
                                      list(proposal.extra.get("tags") or []), taken)
        proposed = parse_note(PROPOSED_PREFIX + proposal.path, proposed_text.encode("utf-8"))
        assert isinstance(proposed, Note)
        kind, outcome = ("update", "updated") if choice == "update" else ("merge", "merged")
        composed = composition(kind, target, proposed, proj.state, target_index(notes))
        after = composed.text
        apply_id = None
        links = _retitle_links(notes, target, composed)
        if after != target.text:
            apply_id = _write(proj, path, target.sha256, after, kind,
                              f"pending {proposal_id}: {kind} {path}", links)
        queue.resolve(proposal_id, outcome, lock=False, path=path, apply_id=apply_id)
        return {"action": outcome, "path": path, "apply_id": apply_id,
                "proposal_id": proposal_id,
                **(_also_written(composed, links) if apply_id is not None else {})}

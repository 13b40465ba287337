"""MCP server (stdio) exposing upsert_note, next to basic-memory's own server.

Agents call `upsert_note` instead of writing a note blind; `list_pending_reviews`
shows what they queued for a person. The embedding model is loaded once per
server process. Tool calls run in worker threads; writes are serialised.
"""

from __future__ import annotations

import threading
from typing import Any, Literal

from .core.project import Project, ProjectScope

INSTRUCTIONS = """\
bm-review keeps a basic-memory knowledge base free of duplicate notes.
Call upsert_note instead of writing a new note directly: it compares the note with
the existing ones and updates the matching note (on_match="update"), merges into it
("merge"), or queues the proposal for a person ("ask") instead of creating a
duplicate. Every write can be undone with `bm-review undo`."""


def build_server(project: Project, *, model: str | None = None, preload: bool = True,
                 scope: ProjectScope | None = None):
    """An MCPServer bound to `project`; a tool call may name only a project in `scope`
    (default: `project` alone), so an agent cannot make it write anywhere else."""
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError

    from .core.embedding import EmbeddingError
    from .core.naming import InvalidInput
    from .core.pending import QueueError
    from .core.project import ProjectError
    from .core.upsert import UpsertError

    expected = (InvalidInput, UpsertError, QueueError, ProjectError, EmbeddingError)

    from .core.embedding import DEFAULT_MODEL
    from .core.pending import PendingQueue
    from .core.upsert import checked_input, shared_embedder
    from .core.upsert import upsert_note as core_upsert

    model = model or DEFAULT_MODEL
    scope = scope or ProjectScope(project)
    write_lock = threading.Lock()
    server = MCPServer(name="bm-review", instructions=INSTRUCTIONS)
    ready = threading.Event()

    def preload_model() -> None:
        try:
            shared_embedder(model)._load()
        except Exception:  # noqa: BLE001 - the first call reports it, with the real message
            pass
        finally:
            ready.set()

    if preload:  # load while the client connects; calls wait for it (loading is not reentrant)
        threading.Thread(target=preload_model, daemon=True).start()
    else:
        ready.set()

    def resolve(name: str | None) -> Project:
        try:
            return scope.resolve(name)
        except ProjectError as exc:
            raise ToolError(str(exc)) from exc

    @server.tool()
    def upsert_note(title: str, content: str, directory: str = "",
                    project: str | None = None, similarity_threshold: float | None = None,
                    on_match: Literal["update", "merge", "ask"] = "update") -> dict[str, Any]:
        """Write a basic-memory note unless the knowledge base already has it.

        Compares the note with existing notes (embeddings, coverage of each by the
        other, series cues). Without a match at or above similarity_threshold (0-1;
        default: calibrated) it creates a new note in `directory`. With one,
        on_match="update" (replace the matched note's body, keeping its title,
        permalink and path) or "merge" (add what is new) acts ON ITS OWN ONLY when
        the match is sure: its score is in the automatic band (set by measured
        precision), it is not another member of a series (another year, version,
        quarter) nor an index/log note, an update would drop nothing of the
        matched note that the new text does not restate, and a merge would hold
        nothing of it back for a person to settle. Otherwise - and always for
        "ask", important (update) or locked notes - nothing is written and the
        proposal is queued for a person: action "queued_for_review" with "reason"
        saying why (e.g. "the closest note is related, not the same: ..."); calling
        again with on_match="merge" keeps content an update would drop.
        Returns action (created | updated_existing | merged_existing |
        queued_for_review), matched_note, similarity, path, reason and the nearest
        candidates with their scores and evidence. `project` may only name a
        project this server serves (default: the one it was started on).
        """
        proj = resolve(project)  # refused before the model, the lock or any file
        try:
            checked_input(title, content)  # bad or hostile input never waits for the lock
        except InvalidInput as exc:
            raise ToolError(f"nothing written: {exc}") from exc
        ready.wait()
        with write_lock:
            try:
                return core_upsert(title, content, directory, proj,
                                   similarity_threshold=similarity_threshold,
                                   on_match=on_match, caller="mcp", model=model)
            except expected as exc:  # the agent reads why; nothing was written
                raise ToolError(f"nothing written: {exc}") from exc

    @server.tool()
    def list_pending_reviews(project: str | None = None) -> dict[str, Any]:
        """Proposals queued by upsert_note that wait for a person's decision: asked for
        (on_match="ask"), or not sure enough to write alone; "reason" says why each waits."""
        proj = resolve(project)
        queue = PendingQueue(proj.state)
        try:
            items = queue.items()
        except QueueError as exc:
            raise ToolError(str(exc)) from exc
        return {"project": str(proj.root), "count": len(items),
                "pending": [{"id": p.id, "title": p.title, "directory": p.directory,
                             "path": p.path, "created": p.created, "caller": p.caller,
                             "reason": p.reason,
                             "matches": [{k: m.get(k) for k in ("path", "title", "score",
                                                                  "important", "locked")}
                                         for m in p.matches]}
                            for p in items],
                "unreadable_entries": list(queue.problems)}

    return server


def serve(project: Project, *, model: str | None = None,
          scope: ProjectScope | None = None) -> None:
    from .mcp_guard import guarded_stdio

    server = build_server(project, model=model, scope=scope)
    guarded_stdio(lambda: server.run("stdio"))


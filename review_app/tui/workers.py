"""The console's one rule for work off the UI thread, and its one error handler.

Every thread worker is started with `exit_on_error=False`: an exception in a preview, a
plan or a queue read must not take the console (and the person's place in it) down. It
ends the worker in the ERROR state instead, and `report_failure` says so on screen.
"""

from __future__ import annotations

from textual import work
from textual.dom import DOMNode
from textual.worker import Worker, WorkerState


def background(group: str, exclusive: bool = True):
    """`@work` for a thread worker of the console: errors reported, never fatal. Named by
    its group: without a description Textual writes the repr of every argument, and a
    warm-up job holds the project's whole link index (0.4 s per move on 10k notes)."""
    return work(thread=True, exclusive=exclusive, group=group, exit_on_error=False,
                description=group)


def report_failure(node: DOMNode, event: Worker.StateChanged) -> None:
    """The handler every node that starts workers calls from `on_worker_state_changed`."""
    worker = event.worker
    if event.state is WorkerState.ERROR:
        error = worker.error
        node.app.notify(f"{worker.group or worker.name}: {type(error).__name__}: {error}",
                        title="Something failed", severity="error",
                        timeout=12)

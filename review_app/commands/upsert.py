"""`bm-review upsert`: write a note unless the project already has it."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .common import CommandError, add_project_args, project_from_args, unit_float

HELP = "write a note, or update/merge the existing note it duplicates"
DESCRIPTION = """\
Write a note unless the project already has it. The note is compared with the
project's notes (same index and strategy as 'bm-review scan'). Above the
threshold, --on-match decides: update replaces the matched note's body (keeping
its title, permalink and path), merge adds what is new, ask writes nothing and
queues the proposal for the review console. Otherwise a new basic-memory note is
created. Every write is journaled: 'bm-review undo' reverts it.
"""


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("upsert", help=HELP, description=DESCRIPTION,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    add_project_args(p)
    p.add_argument("--title", help="the note's title (also its file name, as basic-memory "
                                   "names files)")
    p.add_argument("--directory", default="", metavar="D",
                   help="folder inside the project for a new note (default: the root)")
    src = p.add_mutually_exclusive_group()
    src.add_argument("--content", metavar="TEXT", help="the note's Markdown")
    src.add_argument("--content-file", metavar="F",
                     help="read the note's Markdown from a file ('-': standard input)")
    p.add_argument("--tag", dest="tags", action="append", default=[], metavar="TAG",
                   help="tag for a new note (repeatable)")
    p.add_argument("--threshold", type=unit_float, metavar="F",
                   help="minimum score for a match, 0-1 (default: the strategy's default)")
    p.add_argument("--on-match", choices=("update", "merge", "ask"), default="update",
                   help="what to do with a match (default: update)")
    p.add_argument("--caller", default="cli", metavar="NAME",
                   help="who proposes the note, recorded with queued proposals")
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help="output format (default: text)")
    p.add_argument("--list-pending", action="store_true",
                   help="list the proposals waiting for review instead of writing")
    p.set_defaults(run=run)


def _read_content(args: argparse.Namespace) -> bytes | str:
    """The note's text; never more than one byte past the note size limit is read
    (so a huge file or an endless pipe is refused as too large, not loaded)."""
    from ..core.notes import MAX_NOTE_BYTES

    if args.content is not None:
        return args.content
    if args.content_file == "-" or getattr(args, "_stdin", False):
        return sys.stdin.buffer.read(MAX_NOTE_BYTES + 1)
    if args.content_file is None:
        raise CommandError("give the note's text with --content TEXT, --content-file F "
                           "or - (standard input)")
    path = Path(args.content_file).expanduser()
    try:
        with path.open("rb") as f:  # a FIFO such as <(generate-note) is fine: read, bounded
            return f.read(MAX_NOTE_BYTES + 1)
    except OSError as exc:
        raise CommandError(f"cannot read {path}: {exc.strerror or exc}") from exc


def run(args: argparse.Namespace) -> int:
    if args.project == "-":  # `bm-review upsert - --title T`: content on standard input
        args.project, args._stdin = None, True
    project = project_from_args(args)
    if args.list_pending:
        return _list_pending(project, args.format)
    if not args.title:
        raise CommandError("--title is required")
    content = _read_content(args)
    from ..core.embedding import EmbeddingError
    from ..core.naming import InvalidInput
    from ..core.pending import QueueError
    from ..core.upsert import UpsertError, upsert_note

    try:
        result = upsert_note(args.title, content, args.directory, project,
                             similarity_threshold=args.threshold, on_match=args.on_match,
                             caller=args.caller, tags=args.tags or None)
    except (InvalidInput, UpsertError, QueueError, EmbeddingError) as exc:
        raise CommandError(f"nothing written: {exc}") from exc
    if args.format == "json":
        json.dump(result, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(describe(result))
    return 0


def describe(result: dict[str, Any]) -> str:
    action, path = result["action"], result["path"]
    match = result.get("matched_note")
    score = result.get("similarity")
    lines = []
    if action == "created":
        lines.append(f"created {path}")
    elif action == "queued_for_review":
        lines.append(f"queued for review (proposal {result.get('proposal_id')}): matches "
                     f"{match} (score {score:.2f}); nothing written")
    else:
        verb = "updated" if action == "updated_existing" else "merged into"
        lines.append(f"{verb} {path} (score {score:.2f})"
                     + ("" if result.get("changed", True) else "; it already said that"))
    if result.get("retitled"):
        old, new = result["retitled"]
        lines.append(f"  title: {old} -> {new}")
    if result.get("links_rewritten"):
        lines.append("  links to its old title rewritten in: "
                     + ", ".join(result["links_rewritten"]))
    if result.get("reason"):
        lines.append(f"  why: {result['reason']}")
    if result.get("apply_id"):
        lines.append(f"  undo with: bm-review undo {result['apply_id']}")
    if result.get("candidates"):
        lines.append("  nearest notes:")
        for c in result["candidates"]:
            mark = " (important)" if c.get("important") else ""
            lines.append(f"    {c['score']:.2f}  {c['path']}{mark}")
    return "\n".join(lines)


def _list_pending(project, fmt: str) -> int:
    from ..core.pending import PendingQueue

    queue = PendingQueue(project.state)
    items = queue.items()
    if fmt == "json":
        json.dump({"project": str(project.root), "pending": [p.to_json() for p in items]},
                  sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    if not items:
        print("no proposals waiting for review")
    for p in items:
        best = p.best
        match = f"{best['path']} ({best['score']:.2f})" if best else "no match"
        print(f"{p.id}  {p.title!r} -> {p.path}  matches {match}  [{p.caller or '?'}, "
              f"{p.created}]")
    for problem in queue.problems:
        print(f"unreadable queue entry: {problem}", file=sys.stderr)
    return 0

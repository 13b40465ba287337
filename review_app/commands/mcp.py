"""`bm-review mcp`: MCP server over stdio exposing upsert_note."""

from __future__ import annotations

import argparse

from .common import add_project_args, project_from_args

HELP = "MCP server (stdio) exposing upsert_note and list_pending_reviews"
DESCRIPTION = """\
Run an MCP server on standard input/output for agents (Claude Code, Cursor, ...).
Tools: upsert_note(title, content, directory, project, similarity_threshold,
on_match) and list_pending_reviews(project). Register it next to basic-memory's
server, e.g. in a client config: {"command": "bm-review", "args": ["mcp", "PROJECT"]}.
"""


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("mcp", help=HELP, description=DESCRIPTION,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    add_project_args(p)
    p.add_argument("--model", default=None, metavar="NAME",
                   help="fastembed model (default: the bundled one)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    project = project_from_args(args)
    from ..mcp_server import serve

    serve(project, model=args.model)
    return 0

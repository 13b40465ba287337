"""`bm-review mcp`: MCP server over stdio exposing upsert_note."""

from __future__ import annotations

import argparse

from .common import CommandError, add_project_args, project_from_args

HELP = "MCP server (stdio) exposing upsert_note and list_pending_reviews"
DESCRIPTION = """\
Run an MCP server on standard input/output for agents (Claude Code, Cursor, ...).
Tools: upsert_note(title, content, directory, project, similarity_threshold,
on_match) and list_pending_reviews(project). Register it next to basic-memory's
server, e.g. in a client config: {"command": "bm-review", "args": ["mcp", "PROJECT"]}.

The server acts only on PROJECT: a tool call naming another project is refused,
unless that project was allowed at start (--allow-project, or
--allow-basic-memory-projects for every project in basic-memory's config).
"""


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("mcp", help=HELP, description=DESCRIPTION,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    add_project_args(p)
    p.add_argument("--model", default=None, metavar="NAME",
                   help="fastembed model (default: the bundled one)")
    p.add_argument("--allow-project", action="append", default=[], metavar="P",
                   help="another folder or basic-memory project tool calls may name "
                        "(repeatable)")
    p.add_argument("--allow-basic-memory-projects", action="store_true",
                   help="let tool calls name any project registered in basic-memory's config")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    project = project_from_args(args)
    from ..core.project import ProjectError, ProjectScope, resolve_project
    from ..mcp_server import serve

    extra = []
    for name in args.allow_project:
        try:
            extra.append(resolve_project(name))
        except ProjectError as exc:
            raise CommandError(f"--allow-project {name}: {exc}") from exc
    scope = ProjectScope(project, extra, basic_memory=args.allow_basic_memory_projects)
    serve(project, model=args.model, scope=scope)
    return 0

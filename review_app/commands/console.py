"""`bm-review [PROJECT]`: the interactive review console."""

from __future__ import annotations

import argparse
import sys

from ..core.project import Project
from ..core.strategies import Target
from .common import (
    EMPTY_PROJECT_HINT,
    CommandError,
    UsageError,
    add_project_args,
    recover,
    resolve_from_args,
)


def configure(parser: argparse.ArgumentParser) -> None:
    from .scan import add_scan_options

    add_project_args(parser)
    add_scan_options(parser)
    parser.add_argument("--since", metavar="WHEN",
                        help="audit: list first the groups with a note created or modified "
                             "in this window (7d, 24h, 2026-11-01, or 'last': since the "
                             "previous 'bm-review audit')")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.since:
        from ..core.audit import WindowError, parse_window

        try:
            parse_window(args.since, history=[])  # a bad value fails first
        except WindowError as exc:
            raise UsageError(str(exc)) from exc
    from .scan import options_from_args

    # What is wrong with the project is said first: a missing folder is the problem to
    # fix, whatever the terminal.
    project = resolve_from_args(args)
    options = options_from_args(args)
    check_scope(project, options.target)
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise CommandError("the review console needs an interactive terminal; for scripts "
                           "and pipes use 'bm-review scan --format json' (and 'bm-review "
                           "apply --plan FILE')")
    project = recover(project, args)
    from ..tui.app import run_console

    return run_console(project, options, since=args.since)


def check_scope(project: Project, target: Target) -> None:
    """An empty project, or a --folder/--type that selects no note, is an error before the
    console opens (a quick read of file heads, no parse)."""
    from ..core.audit import quick_notes
    from ..core.pipeline import scope_error

    notes = quick_notes(project.root)
    if not notes:
        raise CommandError(f"no notes in {project.root} (no .md files); {EMPTY_PROJECT_HINT}")
    if (why := scope_error(notes, target)) is not None:
        raise CommandError(why)

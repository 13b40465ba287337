"""`bm-review [PROJECT]`: the interactive review console."""

from __future__ import annotations

import argparse
import sys

from .common import CommandError, add_project_args, project_from_args


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
            raise CommandError(str(exc)) from exc
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise CommandError("the review console needs an interactive terminal; for scripts "
                           "and pipes use 'bm-review scan --format json' (and 'bm-review "
                           "apply --plan FILE')")
    from .scan import options_from_args

    project = project_from_args(args)
    options = options_from_args(args)
    from ..tui.app import run_console

    return run_console(project, options, since=args.since)

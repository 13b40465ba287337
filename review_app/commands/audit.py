"""`bm-review audit`: what was duplicated since last time, as a report for people or scripts."""

from __future__ import annotations

import argparse
import json
import sys

from rich.console import Console

from ..core.audit import DEFAULT_MAX_NOTES, AuditOptions, AuditReport, WindowError, run_audit
from ..core.audit_report import print_report, report_json, report_markdown
from ..core.embedding import EmbeddingError
from ..core.pipeline import DEFAULT_TOP_K, ScanError
from .common import CommandError, UsageError, add_project_args, positive_int, project_from_args
from .progress import StderrProgress
from .scan import add_scan_options, options_from_args

HELP = "report the duplicates among notes changed in a recent window (periodic audits)"

EXIT_NEW_GROUPS = 3

EPILOG = """\
Only notes created or modified in the window are examined, each matched against
every note in scope. A note's time is the latest of its frontmatter modified,
created and file mtime. Each run is recorded in .bm-review/audits.jsonl.
Exit status: 0 done, 1 error or partition too large, 3 with --fail-on-new when
new groups at or above the threshold were found.
"""


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("audit", help=HELP, description=HELP.capitalize() + ".",
                       epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_project_args(p)
    p.add_argument("--since", metavar="WHEN",
                   help="window: a duration (7d, 24h, 2w, 90m), a date (2026-11-01) or "
                        "date-time, or 'last' (since the previous audit of this scope); "
                        "default: the whole history")
    p.add_argument("--format", choices=("text", "markdown", "json"), default="text",
                   help="report format (default: text)")
    p.add_argument("--fail-on-new", action="store_true",
                   help=f"exit {EXIT_NEW_GROUPS} when new groups at or above the threshold "
                        "were found (scheduled jobs)")
    p.add_argument("--max-notes", type=positive_int, default=DEFAULT_MAX_NOTES, metavar="N",
                   help="skip (and report) a partition with more notes than this "
                        f"(default: {DEFAULT_MAX_NOTES})")
    p.add_argument("--top-k", type=positive_int, default=DEFAULT_TOP_K, metavar="N",
                   help=f"neighbours examined per note (default: {DEFAULT_TOP_K})")
    p.add_argument("--no-record", action="store_true",
                   help="do not append this run to the audit history")
    add_scan_options(p, vectors=False)  # the audit's scan reads vectors as auto does
    p.set_defaults(run=run)


def audit_options_from_args(args: argparse.Namespace) -> AuditOptions:
    scan_opts = options_from_args(args)
    return AuditOptions(since=args.since, target=scan_opts.target,
                        threshold=scan_opts.threshold, strategy=scan_opts.strategy,
                        model=scan_opts.model, top_k=scan_opts.top_k,
                        max_notes=args.max_notes, record=not args.no_record)


def run(args: argparse.Namespace) -> int:
    if args.since:
        from ..core.audit import parse_window

        try:
            parse_window(args.since, history=[])  # a bad value is a usage error, first
        except WindowError as exc:
            raise UsageError(str(exc)) from exc
    project = project_from_args(args)
    options = audit_options_from_args(args)
    with StderrProgress() as progress:
        try:
            report = run_audit(project, options, progress=progress)
        except WindowError as exc:
            raise CommandError(str(exc)) from exc
        except (EmbeddingError, ScanError) as exc:
            raise CommandError(str(exc)) from exc
    emit(report, args.format)
    if report.skipped:
        print(f"bm-review: error: {report.skipped}", file=sys.stderr)
        return 1
    if args.fail_on_new and report.new_above_threshold:
        return EXIT_NEW_GROUPS
    return 0


def emit(report: AuditReport, fmt: str) -> None:
    if fmt == "json":
        json.dump(report_json(report), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    elif fmt == "markdown":
        sys.stdout.write(report_markdown(report))
    else:
        print_report(report, Console())

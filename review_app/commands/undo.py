"""`bm-review undo`: restore what an apply changed, byte for byte."""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from ..core.apply import UndoError, list_applies, undo_apply
from ..core.journal import UnsafePath
from .common import CommandError, add_project_args, project_from_args

HELP = "restore the files an apply changed (default: the latest apply)"
_APPLY_ID = re.compile(r"^\d{8}T\d{6}-[0-9a-f]{6}$")


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("undo", help=HELP, description=HELP.capitalize() + ". Refuses when "
                       "a file changed since the apply, unless --force.")
    add_project_args(p)
    p.add_argument("apply_id", nargs="?", metavar="APPLY_ID",
                   help="the apply to undo (see --list; default: the latest)")
    p.add_argument("--list", action="store_true", help="list the applies and exit")
    p.add_argument("--force", action="store_true",
                   help="restore even files changed since the apply (their current content "
                        "is kept under .bm-review/overwritten/)")
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help="output format (default: text)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    # `bm-review undo APPLY_ID` on the default project: one positional, shaped like an id.
    if (args.apply_id is None and args.project and _APPLY_ID.match(args.project)
            and not Path(args.project).exists()):
        args.apply_id, args.project = args.project, None
    project = project_from_args(args)
    if args.list:
        return _print_list(list_applies(project), args.format)
    try:
        report = undo_apply(project, args.apply_id, force=args.force)
    except (UndoError, UnsafePath) as exc:
        raise CommandError(str(exc)) from exc
    for msg in report.recovered:
        print(f"bm-review: {msg}", file=sys.stderr)
    if args.format == "json":
        json.dump(report.to_json(), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(report.text())
    return 0


def _print_list(applies: list[dict], fmt: str) -> int:
    if fmt == "json":
        json.dump(applies, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    if not applies:
        print("No applies yet.")
        return 0
    print(f"{'APPLY_ID':<23} {'TIME (UTC)':<25} {'STATUS':<12} GROUPS UPDATED RETIRED LINKS")
    for a in applies:
        print(f"{a['id']:<23} {a['time']:<25} {a['status']:<12} {a['groups']:>6} "
              f"{a['updated']:>7} {a['retired']:>7} {a['links']:>5}"
              + (f"  ({a['label']})" if a["label"] not in ("apply", "") else ""))
    return 0

"""`bm-review apply`: carry out the recorded decisions, or a plan file."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..core.applying import (
    ApplyError,
    ApplyReport,
    Plan,
    apply_plan,
    plan_from_decisions,
    plan_from_document,
    recover_unfinished,
)
from ..core.journal import UnsafePath
from ..core.project import Project
from .common import CommandError, add_project_args, project_from_args

HELP = "apply the recorded review decisions (or a plan file): update, merge, retire"


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("apply", help=HELP, description=HELP.capitalize() + ". Every apply "
                       "is journaled and can be undone with 'bm-review undo'.")
    add_project_args(p)
    p.add_argument("--plan", type=Path, metavar="FILE",
                   help="a 'scan --format json' document with \"action\" set on groups "
                        "(update, merge, skip, distinct); '-' reads stdin. Without it, the "
                        "decisions recorded in the review console are applied")
    p.add_argument("--dry-run", action="store_true",
                   help="print the changes as a diff and write nothing")
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help="output format (default: text)")
    p.set_defaults(run=run)


def _read_plan(path: Path) -> dict:
    try:
        text = sys.stdin.read() if str(path) == "-" else path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CommandError(f"cannot read plan {path}: {exc.strerror or exc}") from exc
    try:
        doc = json.loads(text)
    except ValueError as exc:
        raise CommandError(f"plan {path} is not JSON: {exc}") from exc
    if not isinstance(doc, dict) or not isinstance(doc.get("groups"), list):
        raise CommandError(f"plan {path} has no \"groups\" list (expected the output of "
                           "'bm-review scan --format json')")
    return doc


def _project(args: argparse.Namespace, doc: dict | None) -> Project:
    # A plan names its project: use it when none is given on the command line.
    if doc is not None and not args.project and not args.demo and doc.get("project"):
        root = Path(doc["project"])
        if not root.is_dir():
            raise CommandError(f"the plan's project folder {root} does not exist; "
                               "pass PROJECT")
        args.project = str(root)
    project = project_from_args(args)
    planned = doc.get("project") if doc is not None else None
    if planned and Path(planned).resolve() != project.root.resolve():
        print(f"bm-review: warning: the plan was made for {planned}, applying it "
              f"to {project.root} (notes are matched by path and content hash)",
              file=sys.stderr)
    return project


def run(args: argparse.Namespace) -> int:
    doc = _read_plan(args.plan) if args.plan else None
    project = _project(args, doc)
    recovered: list[str] = []
    if not args.dry_run:
        recovered = recover_unfinished(project)
        for msg in recovered:
            print(f"bm-review: {msg}", file=sys.stderr)
    try:
        plan = plan_from_document(project, doc) if doc is not None else \
            plan_from_decisions(project)
    except UnsafePath as exc:
        raise CommandError(str(exc)) from exc
    if args.dry_run:
        return _print_dry_run(plan, args.format)
    try:
        report = apply_plan(project, plan)
    except (ApplyError, UnsafePath) as exc:
        raise CommandError(str(exc)) from exc
    report.recovered = recovered + report.recovered
    _print_report(report, args.format)
    return 0


def _print_dry_run(plan: Plan, fmt: str) -> int:
    if fmt == "json":
        out = {"dry_run": True, **plan.summary(), "diff": plan.diff()}
        json.dump(out, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    diff = plan.diff()
    if diff:
        sys.stdout.write(diff)
        sys.stdout.write("\n")
    s = plan.summary()
    links = sum(x["count"] for x in s["links_rewritten"])
    print(f"Dry run: {len(plan.groups)} group(s) would apply: {len(s['files_updated'])} "
          f"file(s) updated, {len(s['files_retired'])} retired, {links} link(s) rewritten. "
          "Nothing was written.")
    for c in plan.conflicts:
        print(f"  CONFLICT group {c['group_id']}: {c['path']}: {c['reason']}")
    for sk in plan.skipped:
        print(f"  skipped  group {sk['group_id']}: {sk['reason']}")
    return 0


def _print_report(report: ApplyReport, fmt: str) -> None:
    if fmt == "json":
        json.dump(report.to_json(), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(report.text())

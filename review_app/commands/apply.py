"""`bm-review apply`: carry out the recorded decisions, or a plan file."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..core.apply import (
    ApplyError,
    ApplyReport,
    GroupPlan,
    Plan,
    apply_plan,
    plan_from_decisions,
    plan_from_document,
    recover_unfinished,
)
from ..core.journal import UnsafePath
from ..core.project import Project
from .common import CommandError, add_project_args, project_from_args

CONFLICTS = 3
"""Exit status when the apply went through but some group was left out as a conflict
(a note changed since the scan, or by another program while it was applied)."""

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
    except (OSError, UnicodeDecodeError) as exc:
        raise CommandError(f"cannot read plan {path}: {getattr(exc, 'strerror', None) or exc}"
                           ) from exc
    try:
        doc = json.loads(text)
    except ValueError as exc:
        raise CommandError(f"plan {path} is not JSON: {exc}") from exc
    except RecursionError:  # a hostile plan nested thousands of levels deep
        raise CommandError(f"plan {path} is nested too deeply to be a scan document; "
                           "nothing was applied") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("groups"), list):
        raise CommandError(f"plan {path} has no \"groups\" list (expected the output of "
                           "'bm-review scan --format json')")
    return doc


def _project(args: argparse.Namespace, doc: dict | None) -> Project:
    """The project the user named (or the default one), never the plan's: a plan is
    data, and must not choose which folder gets written."""
    planned = doc.get("project") if doc is not None else None
    if planned is not None and not isinstance(planned, str):
        raise CommandError("the plan's \"project\" is not a folder path")
    project = _resolve_only(args)
    if planned:
        try:
            same = Path(planned).expanduser().resolve() == project.root.resolve()
        except (OSError, RuntimeError, ValueError):
            same = False
        if not same:
            raise CommandError(f"the plan was made for {planned}, but the project is "
                               f"{project.root}; nothing was applied (name the project the "
                               "plan is for, or re-run scan on this one)")
    if not args.dry_run:
        for msg in recover_unfinished(project):
            print(f"bm-review: {msg}", file=sys.stderr)
    return project


def _resolve_only(args: argparse.Namespace) -> Project:
    dry = args.dry_run
    args.dry_run = True  # resolve without recovering: a refused plan touches nothing
    try:
        return project_from_args(args)
    finally:
        args.dry_run = dry


def run(args: argparse.Namespace) -> int:
    doc = _read_plan(args.plan) if args.plan else None
    project = _project(args, doc)
    try:
        plan = plan_from_document(project, doc, dry_run=args.dry_run,
                                  plan_file=True) if doc is not None \
            else plan_from_decisions(project, dry_run=args.dry_run)
    except (ApplyError, UnsafePath) as exc:
        raise CommandError(str(exc)) from exc
    if args.dry_run:
        return _print_dry_run(plan, args.format)
    try:
        report = apply_plan(project, plan)
    except (ApplyError, UnsafePath) as exc:
        raise CommandError(str(exc)) from exc
    _print_report(report, args.format)
    return CONFLICTS if report.conflicts else 0


def _group_lines(gp: GroupPlan) -> list[str]:
    """What the dry run says about one group: files, and what happens to its units."""
    lines = [f"  group {gp.group_id} ({gp.action}): writes {gp.kept}"
             + (f" ({gp.kept_reason})" if gp.kept_reason else "")
             + (f", content based on {gp.canonical}" if gp.canonical != gp.kept else "")
             + (f"; retires {', '.join(gp.retired)}" if gp.retired else "")]
    lines += [f"    left alone: {p} ({why})" for p, why in gp.left.items()]
    c = gp.composed
    if c is None:
        return lines
    lines.append(f"    units: {len(c.added)} added, {c.present} already present, "
                 f"{len(c.superseded)} superseded, {len(c.dropped)} dropped")
    return lines + ledger_lines(gp)


def ledger_lines(gp: GroupPlan) -> list[str]:
    """The group's fact ledger (what became of every unit of every member, the person's
    flips and edit marked), as the console's preview shows it."""
    if gp.composed is None:
        return []
    return [f"    {line}" for line in gp.composed.ledger.lines()]


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
    for gp in plan.groups:
        print("\n".join(_group_lines(gp)))
    for c in plan.conflicts:
        print(f"  {c.text()}")
    for sk in plan.skipped:
        print(f"  skipped  group {sk.group_id}: {sk.reason}")
    return 0


def _print_report(report: ApplyReport, fmt: str) -> None:
    if fmt == "json":
        json.dump(report.to_json(), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
        return
    print(report.text())  # each written group's ledger, then how to undo

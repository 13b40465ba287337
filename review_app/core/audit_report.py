"""An AuditReport as JSON (scripts), Markdown (journal notes, issues) or Rich text."""

from __future__ import annotations

import datetime as dt
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from .audit import AuditGroup, AuditReport, parse_time
from .pipeline import group_json


def _when(value: dt.datetime | str | None) -> str:
    if isinstance(value, str):
        value = parse_time(value)
    return "-" if value is None else f"{value:%Y-%m-%d %H:%M} UTC"


def _scope(rec: dict) -> str:
    scope = rec.get("scope") or {}
    parts = [f"folder {f}" for f in scope.get("folders") or []]
    parts += [f"type {t}" for t in scope.get("types") or []]
    return ", ".join(parts) or "whole project"


def _window(rec: dict) -> str:
    w = rec.get("window") or {}
    since = w.get("since")
    return f"since {_when(since)}" if since else "whole history"


def _decision_line(d: dict) -> tuple[str, str, str, str]:
    action = str(d.get("action", ""))
    if action == "applied":
        action = f"applied ({d.get('apply_id', '')})"
    return _when(d.get("time")), action, str(d.get("group_id", "")), str(d.get("canonical") or "")


# --- JSON -------------------------------------------------------------------------

def report_json(report: AuditReport) -> dict[str, Any]:
    notes = report.scan.notes if report.scan else {}

    def new(ag: AuditGroup) -> dict[str, Any]:
        doc = group_json(ag.group, notes)
        doc["above_threshold"] = ag.above_threshold
        doc["in_window"] = ag.in_window
        for m in doc["members"]:
            m["metadata_conflicts"] = ag.conflicts.get(m["path"], [])
        return doc

    return {
        "project": str(report.project.root),
        "time": report.started.isoformat(timespec="seconds"),
        "finished": report.finished.isoformat(timespec="seconds"),
        "scope": {"folders": list(report.target.folders), "types": list(report.target.types),
                  "description": report.target.describe()},
        "window": report.window.to_json(),
        "strategy": report.strategy, "model": report.model, "threshold": report.threshold,
        "skipped": report.skipped,
        "counts": report.counts(),
        "anchors": report.anchors,
        "new_groups": [new(g) for g in report.new_groups],
        "pending_groups": [
            {"id": p.id, "canonical": p.canonical, "kept": p.kept_file, "paths": p.paths,
             "score": p.score,
             "first_reported": p.first_reported, "found_again": p.found_again,
             "decision": p.decision} for p in report.pending],
        "decisions": report.decisions,
        "problems": [{"path": p.path, "error": p.error} for p in report.problems],
        "history": [{"time": r.get("time"), "scope": r.get("scope"), "window": r.get("window"),
                     "counts": r.get("counts"), "skipped": r.get("skipped")}
                    for r in report.history],
        "stats": report.stats,
    }


# --- Markdown ---------------------------------------------------------------------

def _cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def _code(text: str) -> str:
    fence = "``" if "`" in text else "`"
    pad = " " if fence == "``" else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _md_group(n: int, ag: AuditGroup) -> list[str]:
    g = ag.group
    changed = set(ag.in_window)
    mark = " (changed in the window)"
    kept = g.kept or g.canonical
    keep = (f"**Keep** {_code(kept)}{mark if kept in changed else ''}"
            + (f" ({g.kept_reason})" if g.kept_reason and kept != g.canonical else "") + ". ")
    if kept != g.canonical:  # the file that survives is not where the newest text is
        keep += (f"Its text comes from the canonical, {_code(g.canonical)}"
                 f"{mark if g.canonical in changed else ''}. Why: {g.canonical_reason}.")
    else:
        keep += f"Why: {g.canonical_reason}."
    lines = [f"### {n}. {_cell(ag.canonical_title)} (score {g.score:.2f})", "", keep, "",
             "| Duplicate | Score | Evidence |", "|---|---:|---|"]
    for m in g.members:
        name = _code(m.path) + (mark if m.path in changed else "")
        if m.path == kept:
            name += " (the kept file)"
        if m.important:
            name += " (important, never retired)"
        lines.append(f"| {_cell(name)} | {m.score:.2f} | {_cell('; '.join(m.reasons))} |")
    lines.append("")
    for path, found in ag.conflicts.items():
        lines.append(f"> **Metadata conflict:** {_code(path)} disagrees with the canonical "
                     f"on {_cell('; '.join(found))}. Review before merging.")
        lines.append("")
    lines += [f"Group id {_code(g.id)}.", ""]
    return lines


def report_markdown(report: AuditReport) -> str:
    name = report.project.name or report.project.root.name
    out = [f"# Duplicate audit of {name}", "",
           f"- **Run:** {_when(report.started)}",
           f"- **Project:** {_code(str(report.project.root))}",
           f"- **Scope:** {report.target.describe()}",
           f"- **Window:** {report.window.describe()}"]
    if report.window.note:
        out.append(f"  ({report.window.note})")
    out += [f"- **Notes:** {report.partition_count} in scope of {report.note_count}; "
            f"{len(report.anchors)} changed in the window and matched against the scope",
            f"- **Strategy:** {report.strategy}, threshold {report.threshold:.2f}", ""]
    if report.skipped:
        out += [f"> **Not audited:** {report.skipped}", ""]

    above = [g for g in report.new_groups if g.above_threshold]
    held = [g for g in report.new_groups if not g.above_threshold]
    out += [f"## New duplicate groups ({len(above)})", ""]
    if not above:
        out += ["None." if not report.skipped else "None (not audited).", ""]
    for i, ag in enumerate(above, 1):
        out += _md_group(i, ag)
    if held:
        out += [f"## Held back by the metadata guard ({len(held)})", "",
                "These groups pass the threshold on content, but their frontmatter "
                "disagrees, which lowers them below it.", ""]
        for i, ag in enumerate(held, 1):
            out += _md_group(i, ag)

    # "Open", not "pending": the console keeps that word for agent proposals.
    out += [f"## Still open from earlier audits ({len(report.pending)})", ""]
    if report.pending:
        out += ["| Keep | Duplicates | Score | First reported | Group |",
                "|---|---|---:|---|---|"]
        for p in report.pending:
            dups = ", ".join(_code(x) for x in p.paths if x != p.kept_file)
            state = " (skipped)" if p.decision == "skip" else ""
            out.append(f"| {_cell(_code(p.kept_file))} | {_cell(dups)} | {p.score:.2f} | "
                       f"{_when(p.first_reported)} | {_code(p.id)}{state} |")
    else:
        out.append("None.")
    out.append("")

    out += [f"## Decisions since the last audit ({len(report.decisions)})", ""]
    if report.decisions:
        out += ["| Time | Action | Group | Canonical |", "|---|---|---|---|"]
        for d in report.decisions:
            t, action, gid, canon = _decision_line(d)
            out.append(f"| {t} | {_cell(action)} | {_code(gid)} | "
                       f"{_cell(_code(canon)) if canon else '-'} |")
    else:
        out.append("None.")
    out.append("")

    if report.problems:
        out += [f"## Problems ({len(report.problems)})", "",
                "These files could not be read and were left untouched:", ""]
        out += [f"- {_code(p.path)}: {p.error}" for p in report.problems]
        out.append("")

    out += [f"## Earlier audits ({len(report.history)} most recent)", ""]
    if report.history:
        out += ["| Time | Scope | Window | Anchors | New | Open |",
                "|---|---|---|---:|---:|---:|"]
        for r in report.history:
            c = r.get("counts") or {}
            if r.get("skipped"):
                out.append(f"| {_when(r.get('time'))} | {_cell(_scope(r))} | not audited "
                           f"(too large) | - | - | - |")
                continue
            out.append(f"| {_when(r.get('time'))} | {_cell(_scope(r))} | {_window(r)} | "
                       f"{c.get('anchors', 0)} | {c.get('new_groups', 0)} | "
                       f"{c.get('pending_groups', 0)} |")
    else:
        out.append("This is the first audit of this project.")
    out.append("")
    return "\n".join(out)


# --- Rich text --------------------------------------------------------------------

def print_report(report: AuditReport, console: Console) -> None:
    name = report.project.name or report.project.root.name
    console.print(f"[bold]Duplicate audit of {name}[/]  [dim]{_when(report.started)}[/]")
    console.print(Text(f"  project  {report.project.root}", style="dim"))
    console.print(f"  scope    {report.target.describe()}")
    console.print(f"  window   {report.window.describe()}", markup=False)
    if report.window.note:
        console.print(f"           [yellow]{report.window.note}[/]")
    console.print(f"  notes    {report.partition_count} in scope of {report.note_count}, "
                  f"[bold]{len(report.anchors)}[/] changed in the window")
    console.print(f"  strategy {report.strategy}, threshold {report.threshold:.2f}\n")
    if report.skipped:
        console.print(f"[bold red]Not audited:[/] {report.skipped}\n", highlight=False)

    above = [g for g in report.new_groups if g.above_threshold]
    held = [g for g in report.new_groups if not g.above_threshold]
    if above:
        console.print(_groups_table(f"New duplicate groups ({len(above)})", above))
    else:
        console.print("[green]No new duplicate groups.[/]")
    if held:
        console.print(_groups_table(f"Held back by the metadata guard ({len(held)}): "
                                    "frontmatter disagrees", held))
    console.print()

    if report.pending:
        t = Table(title=f"Still open from earlier audits ({len(report.pending)})",
                  title_justify="left")
        for col in ("keep", "duplicates", "score", "first reported", "group"):
            t.add_column(col, overflow="fold")
        for p in report.pending:
            t.add_row(p.kept_file, "\n".join(x for x in p.paths if x != p.kept_file),
                      f"{p.score:.2f}", _when(p.first_reported),
                      p.id + (" (skipped)" if p.decision == "skip" else ""))
        console.print(t)
    else:
        console.print("No groups open from earlier audits.")

    if report.decisions:
        t = Table(title=f"Decisions since the last audit ({len(report.decisions)})",
                  title_justify="left")
        for col in ("time", "action", "group", "canonical"):
            t.add_column(col, overflow="fold")
        for d in report.decisions:
            t.add_row(*_decision_line(d))
        console.print(t)
    else:
        console.print("No decisions since the last audit.")

    if report.problems:
        console.print(f"\n[bold red]{len(report.problems)} file(s) could not be read[/] "
                      "(left untouched):")
        for problem in report.problems:
            console.print(f"  {problem.path}: {problem.error}", markup=False, highlight=False)

    if report.history:
        t = Table(title="Earlier audits", title_justify="left")
        for col in ("time", "scope", "window", "anchors", "new", "open"):
            t.add_column(col, overflow="fold")
        for r in report.history:
            c = r.get("counts") or {}
            if r.get("skipped"):
                t.add_row(_when(r.get("time")), _scope(r), "not audited (too large)",
                          "-", "-", "-")
            else:
                t.add_row(_when(r.get("time")), _scope(r), _window(r),
                          str(c.get("anchors", 0)), str(c.get("new_groups", 0)),
                          str(c.get("pending_groups", 0)))
        console.print()
        console.print(t)
    else:
        console.print("[dim]This is the first audit of this project.[/]")


def _groups_table(title: str, groups: list[AuditGroup]) -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column("#", justify="right", style="dim")
    table.add_column("score", justify="right")
    table.add_column("canonical", overflow="fold")
    table.add_column("duplicates", overflow="fold")
    table.add_column("evidence", overflow="fold", style="dim")
    for i, ag in enumerate(groups, 1):
        g = ag.group
        changed = set(ag.in_window)
        canon = Text(g.canonical + (" *" if g.canonical in changed else ""))
        canon.append(f"\n{g.canonical_reason}", style="dim")
        dups = Text()
        for m in g.members:
            dups.append(f"{m.path} ({m.score:.2f})" + (" *" if m.path in changed else ""))
            if m.path in ag.conflicts:
                dups.append(f"\n  conflict: {'; '.join(ag.conflicts[m.path])}",
                            style="bold yellow")
            dups.append("\n")
        dups.rstrip()
        why = "; ".join(r for m in g.members[:1] for r in m.reasons[:3])
        table.add_row(str(i), f"{g.score:.2f}", canon, dups, why)
    table.caption = "* changed in the window"
    return table

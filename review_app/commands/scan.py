"""`bm-review scan`: report duplicate groups as a table or JSON."""

from __future__ import annotations

import argparse
import json
import sys

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..core.bm_vectors import BasicMemoryUnavailable
from ..core.embedding import DEFAULT_MODEL, EmbeddingError
from ..core.pipeline import (
    DEFAULT_STRATEGY,
    DEFAULT_TOP_K,
    ScanError,
    ScanOptions,
    ScanResult,
    scan,
)
from ..core.static_embedding import STATIC_MODELS
from ..core.strategies import available_strategies, load_problems
from .common import (
    EMPTY_PROJECT_HINT,
    CommandError,
    add_project_args,
    add_scope_args,
    plural,
    positive_int,
    project_from_args,
    target_from_args,
    unit_float,
)
from .progress import StderrProgress

HELP = "find duplicate groups and print them (table or JSON)"


VECTOR_SOURCES = ("auto", "own", "basic-memory")


def add_scan_options(parser: argparse.ArgumentParser, *, vectors: bool = True) -> None:
    """Options shared by scan and the review console (`vectors`: also --vectors)."""
    parser.add_argument("--threshold", type=unit_float, metavar="F",
                        help="minimum score for a pair to be listed, 0-1 (default: the "
                             "strategy's recall-first cut; groups at or above its "
                             "precision-first cut are 'likely', the rest 'possible')")
    parser.add_argument("--strategy", default=DEFAULT_STRATEGY, metavar="NAME",
                        help=f"dedupe strategy: {', '.join(sorted(available_strategies()))} "
                             f"(default: {DEFAULT_STRATEGY})")
    parser.add_argument("--model", default=DEFAULT_MODEL, metavar="NAME",
                        help=f"embedding model (default: {DEFAULT_MODEL}, bundled, offline; "
                             f"also offline: {', '.join(STATIC_MODELS)} or a model2vec folder; "
                             "other fastembed models download where a network exists)")
    if vectors:
        parser.add_argument(
            "--vectors", choices=VECTOR_SOURCES, default="auto",
            help="where note vectors come from. auto (default): basic-memory's own index "
                 "when PROJECT is a basic-memory project whose index has vectors of its "
                 "model and --model is the default (notes it has not indexed, or that "
                 "changed since, are embedded with its model); otherwise, with a notice, "
                 "bm-review's own index. own: always bm-review's own index and --model; "
                 "basic-memory's database is never opened. basic-memory: its index or an "
                 "error saying why it cannot serve")
    add_scope_args(parser)


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("scan", help=HELP, description=HELP.capitalize() + ".")
    add_project_args(p)
    p.add_argument("--format", choices=("table", "json"), default="table",
                   help="output format (default: table)")
    p.add_argument("--top-k", type=positive_int, default=DEFAULT_TOP_K, metavar="N",
                   help=f"neighbours examined per note (default: {DEFAULT_TOP_K})")
    p.add_argument("--pairs", action="store_true",
                   help="JSON: also list every scored candidate pair at or above the threshold "
                        "(--threshold 0: all)")
    add_scan_options(p)
    p.set_defaults(run=run)


def options_from_args(args: argparse.Namespace) -> ScanOptions:
    for problem in load_problems():  # a plugin that failed to load is missing, say why
        print(f"bm-review: warning: {problem}", file=sys.stderr)
    if args.strategy not in available_strategies():
        raise CommandError(f"unknown strategy {args.strategy!r}; available: "
                           f"{', '.join(sorted(available_strategies()))}")
    vectors = getattr(args, "vectors", "auto")
    if vectors == "basic-memory" and args.model != DEFAULT_MODEL:
        raise CommandError("--vectors basic-memory uses basic-memory's own model; "
                           f"--model {args.model} needs --vectors own (or auto)")
    return ScanOptions(threshold=args.threshold, top_k=getattr(args, "top_k", DEFAULT_TOP_K),
                       strategy=args.strategy, model=args.model, target=target_from_args(args),
                       vectors=vectors)


def run_scan(args: argparse.Namespace) -> ScanResult:
    project = project_from_args(args)
    options = options_from_args(args)
    with StderrProgress() as progress:
        try:
            result = scan(project, options, progress)
        except (EmbeddingError, ScanError) as exc:
            raise CommandError(str(exc)) from exc
        except BasicMemoryUnavailable as exc:  # only with --vectors basic-memory
            raise CommandError(f"--vectors basic-memory: {exc}") from exc
    for notice in result.notices:
        print(f"bm-review: {notice}", file=sys.stderr)
    return result


def run(args: argparse.Namespace) -> int:
    result = run_scan(args)
    if not result.notes:
        print(f"bm-review: no notes in {result.project.root}"
              + (f" ({plural(len(result.problems), 'file')} could not be read)"
                 if result.problems else " (no .md files)") + f"; {EMPTY_PROJECT_HINT}",
              file=sys.stderr)
    if args.format == "json":
        json.dump(result.to_json(include_pairs=args.pairs), sys.stdout, indent=2,
                  ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print_table(result, Console())
    return 0


def print_table(result: ScanResult, console: Console) -> None:
    notes = result.notes
    likely = sum(1 for g in result.groups if g.band == "likely")
    table = Table(title=f"Duplicate groups in {result.project.root} "
                        f"({plural(len(notes), 'note')}, strategy {result.strategy.name}, "
                        f"threshold {result.threshold:.2f}; likely at "
                        f"{result.likely_threshold:.2f} or more)", title_justify="left",
                  show_lines=True)
    table.add_column("#", justify="right", style="dim")
    table.add_column("score", justify="right")
    table.add_column("canonical (content) / kept file", overflow="fold", ratio=3)
    table.add_column("duplicates", overflow="fold", ratio=3)
    table.add_column("evidence", overflow="fold", style="dim", ratio=2)
    band = None
    for i, g in enumerate(result.groups, 1):
        if g.band != band:
            if band is not None:
                table.add_section()
            band = g.band
        canon = notes[g.canonical]
        star = " [bold yellow]★[/]" if canon.important else ""
        kept = g.kept or g.canonical
        keep = (f"[bold]{escape(canon.title)}[/]{star}\n[dim]{escape(g.canonical)}\n"
                f"{escape(g.canonical_reason)}[/]\n"
                f"[dim]kept as {escape(kept)}: {escape(g.kept_reason or 'the canonical')}[/]")
        members = "\n".join(
            f"{escape(m.title)} [dim]({m.score:.2f}){' ★ kept: important' if m.important else ''}"
            f"[/]{' [yellow]possible[/]' if m.band == 'possible' and g.band == 'likely' else ''}"
            f"\n[dim]{escape(m.path)}[/]" for m in g.members)
        top = g.members[0].reasons[:3] if g.members else []
        label = "" if g.band == "likely" else "\n[yellow]possible[/]"
        table.add_row(str(i), f"{g.score:.2f}{label}", keep, members, escape("; ".join(top)))
    if result.groups:
        console.print(table)
        console.print(f"{plural(len(result.groups), 'group')}: {likely} likely, "
                      f"{len(result.groups) - likely} possible (below "
                      f"{result.likely_threshold:.2f}; review those with more care)")
    elif notes:
        console.print(f"No duplicate groups at threshold {result.threshold:.2f} "
                      f"among {plural(len(notes), 'note')}.")
    if result.problems:
        console.print(f"\n[bold red]{plural(len(result.problems), 'file')} could not be read[/] "
                      "(left untouched):")
        for p in result.problems:
            console.print(f"  {p.path}: {p.error}", markup=False, highlight=False)
    s = result.stats
    console.print(f"\n[dim]embedded {int(s.get('embedded', 0))}, cached "
                  f"{int(s.get('cached', 0))}; parse {s.get('parse_s', 0):.2f}s, embed "
                  f"{s.get('embed_s', 0):.2f}s, search {s.get('search_s', 0):.2f}s[/]")

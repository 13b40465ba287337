"""`bm-review recover`: the way out of an apply or undo that cannot finish by itself."""

from __future__ import annotations

import argparse
import json
import sys

from ..core.apply import recover_all
from .common import add_project_args, resolve_from_args

HELP = "finish an interrupted apply or undo, leaving what cannot be put back as it is"


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("recover", help=HELP, description=HELP.capitalize() + ". Every "
                       "command already retries an interrupted apply or undo; this one also "
                       "ends one that cannot complete (a backup missing, a folder where a "
                       "note was): every file that can be put back is, the rest is left as "
                       "it is and named.")
    add_project_args(p)
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help="output format (default: text)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    project = resolve_from_args(args)
    if not (project.state / "journal").is_dir():
        done: list[str] = []
        left: list[str] = []
    else:
        done, left = recover_all(project)
    if args.format == "json":
        json.dump({"recovered": done, "unfinished": left}, sys.stdout, indent=2,
                  ensure_ascii=False)
        sys.stdout.write("\n")
    elif done:
        print("\n".join(done))
    else:
        print("Nothing to recover: no apply or undo is unfinished.")
    return 1 if left else 0

"""Options and helpers shared by the sub-commands."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..core.project import Project, ProjectError, resolve_project
from ..core.strategies import Target


class CommandError(Exception):
    """A failure to report on stderr with exit status 1."""


class UsageError(CommandError):
    """A bad option value (as argparse would refuse it): exit status 2."""


def add_project_args(parser: argparse.ArgumentParser, *, state: bool = True) -> None:
    parser.add_argument("project", nargs="?", metavar="PROJECT",
                        help="a folder of notes or a basic-memory project name "
                             "(default: basic-memory's default project)")
    parser.add_argument("--demo", action="store_true",
                        help="use a working copy of the bundled demo knowledge base "
                             "(its path is printed)")
    parser.add_argument("--reset-demo", action="store_true",
                        help="with --demo: restore the demo copy to its original notes first")
    if state:
        parser.add_argument("--state-dir", type=Path, metavar="DIR",
                            help="where the index, decisions and journal live "
                                 "(default: PROJECT/.bm-review)")


def add_scope_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--folder", action="append", default=[], metavar="F",
                        help="only notes under this folder (repeatable)")
    parser.add_argument("--type", dest="note_type", action="append", default=[], metavar="T",
                        help="only notes of this frontmatter type (repeatable)")


def target_from_args(args: argparse.Namespace) -> Target:
    folders = tuple(f.strip("/") for f in getattr(args, "folder", []) or [])
    return Target(folders=folders, types=tuple(getattr(args, "note_type", []) or []))


def plural(count: int, word: str, many: str | None = None) -> str:
    """"1 group", "2 groups": counts a person reads."""
    return f"{count} {word if count == 1 else (many or word + 's')}"


EMPTY_PROJECT_HINT = "to try bm-review first, run it with --demo (a copy of the bundled demo)"


def project_from_args(args: argparse.Namespace) -> Project:
    """The project the command works on, after repairing any apply a crash interrupted.

    Every command recovers first, so a project is never left half-applied; a dry run
    writes nothing, so it leaves that to the next real command.
    """
    return recover(resolve_from_args(args), args)


def recover(project: Project, args: argparse.Namespace) -> Project:
    """Finish or roll back an apply a crash interrupted (not on a dry run)."""
    if not getattr(args, "dry_run", False):
        from ..core.apply import recover_unfinished

        for message in recover_unfinished(project):
            print(f"bm-review: {message}", file=sys.stderr)
    return project


def resolve_from_args(args: argparse.Namespace) -> Project:
    """The project named by the arguments (folder, project name, --demo); writes nothing."""
    state_dir = getattr(args, "state_dir", None)
    if state_dir is not None:
        try:
            state_dir = state_dir.expanduser().resolve()
        except (RuntimeError, OSError) as exc:  # a symlink loop
            raise CommandError(f"--state-dir {state_dir}: cannot be followed: {exc}") from None
    project = _project_from(args, state_dir)
    state = project.state
    if (state.is_symlink() or state.exists()) and not state.is_dir():
        raise CommandError(f"{state} is bm-review's state folder (its index, decisions and "
                           "undo journal) but is not a folder; move it aside, or give "
                           "--state-dir")
    return project


def _project_from(args: argparse.Namespace, state_dir: Path | None) -> Project:
    if getattr(args, "demo", False):
        if args.project:
            raise CommandError("give either PROJECT or --demo, not both")
        from ..demo import demo_path

        root = demo_path(reset=getattr(args, "reset_demo", False))
        print(f"demo knowledge base: {root}", file=sys.stderr)
        return Project(root, name="demo", state_dir=state_dir)
    if getattr(args, "reset_demo", False):
        raise CommandError("--reset-demo goes with --demo")
    try:
        return resolve_project(args.project, state_dir=state_dir)
    except ProjectError as exc:
        raise CommandError(str(exc)) from exc


def unit_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"{value} is not between 0 and 1")
    return value


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    return value

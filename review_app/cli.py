"""Entry point of `bm-review` (also `python -m review_app`)."""

from __future__ import annotations

import argparse
import importlib
import sys
from types import ModuleType

from . import __version__
from .commands.common import CommandError, UsageError

EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, what a shell reports for a reader that went away

# Sub-commands, each a module in review_app/commands.
COMMANDS = ("scan", "apply", "undo", "recover", "upsert", "mcp", "audit")

DESCRIPTION = """\
Find duplicate notes in a basic-memory knowledge base and review them.

Without a command, opens the review console on PROJECT.
PROJECT is a folder of notes or a basic-memory project name; without it,
basic-memory's default project. --demo uses a copy of the bundled demo.
"""


def _command_modules() -> dict[str, ModuleType]:
    mods = {}
    for name in COMMANDS:
        try:
            mods[name] = importlib.import_module(f".commands.{name}", __package__)
        except ModuleNotFoundError as exc:
            if exc.name != f"{__package__}.commands.{name}":
                raise
    return mods


def build_parser() -> tuple[argparse.ArgumentParser, argparse.ArgumentParser]:
    """(the sub-command parser, the console parser)."""
    mods = _command_modules()
    parser = argparse.ArgumentParser(
        prog="bm-review", description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Run 'bm-review COMMAND --help' for a command's options, and "
               "'bm-review PROJECT --help' (or 'bm-review --demo --help') for the console's "
               "(--since, --threshold, --strategy, --folder, --type ...).")
    parser.add_argument("--version", action="version", version=f"bm-review {__version__}")
    # Only for this help: `bm-review --demo` itself goes to the console's parser.
    parser.add_argument("--demo", action="store_true",
                        help="open the review console on a working copy of the bundled demo "
                             "knowledge base (its path is printed; --reset-demo restores it)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for mod in mods.values():
        mod.add_parser(sub)
    console_parser = argparse.ArgumentParser(
        prog="bm-review", description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=f"Commands: {', '.join(mods)}. Run 'bm-review COMMAND --help' for one.")
    console_parser.add_argument("--version", action="version",
                                version=f"bm-review {__version__}")
    try:
        from .commands import console
    except ModuleNotFoundError as exc:
        if exc.name != f"{__package__}.commands.console":
            raise
    else:
        console.configure(console_parser)
    return parser, console_parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser, console_parser = build_parser()
    first = next((a for a in argv if not a.startswith("-")), None)
    wants_top_help = argv[:1] in (["-h"], ["--help"])
    if wants_top_help or (first in COMMANDS and argv and argv[0] == first):
        args = parser.parse_args(argv)
    else:
        args = console_parser.parse_args(argv)
        if not hasattr(args, "run"):
            parser.print_help(sys.stderr)
            return 2
    try:
        status = int(args.run(args) or 0)
        sys.stdout.flush()  # a closed pipe fails here, inside the handler below
        return status
    except UsageError as exc:
        print(f"bm-review: error: {exc}", file=sys.stderr)
        return 2
    except CommandError as exc:
        print(f"bm-review: error: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # `bm-review undo --list | head -1`: stop quietly
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    except OSError as exc:  # a file the system refuses (permissions, a full disk): say which
        print(f"bm-review: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("bm-review: interrupted", file=sys.stderr)
        return 130


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail again."""
    import os

    try:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, sys.stdout.fileno())
        os.close(fd)
    except (OSError, ValueError):
        pass


if __name__ == "__main__":  # `python -m review_app.cli` runs it, as `python -m review_app` does
    sys.exit(main())

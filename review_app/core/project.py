"""Resolve a project (folder or basic-memory project name) and read its notes."""

from __future__ import annotations

import contextlib
import json
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pathspec

from .notes import Note, NoteProblem, parse_note

STATE_DIR_NAME = ".bm-review"

# basic-memory's own defaults: never index these, even without a .bmignore.
DEFAULT_IGNORES = [
    "node_modules/", "__pycache__/", "venv/", ".venv/", "*.pyc", "*.tmp", ".DS_Store",
]


class ProjectError(Exception):
    """The project cannot be resolved or read; the message is meant for the user."""


@dataclass(frozen=True)
class Project:
    root: Path
    name: str | None = None
    state_dir: Path | None = None

    @property
    def state(self) -> Path:
        return self.state_dir or (self.root / STATE_DIR_NAME)


def basic_memory_config_path() -> Path:
    if env := os.environ.get("BASIC_MEMORY_CONFIG_DIR"):
        return Path(env) / "config.json"
    if xdg := os.environ.get("XDG_CONFIG_HOME"):
        candidate = Path(xdg) / "basic-memory" / "config.json"
        if candidate.exists():
            return candidate
    return Path.home() / ".basic-memory" / "config.json"


def _config_projects(config: dict) -> dict[str, str]:
    projects = config.get("projects") or {}
    out: dict[str, str] = {}
    for name, value in projects.items():
        if isinstance(value, str):  # older configs: name -> path
            out[name] = value
        elif isinstance(value, dict) and value.get("path"):
            out[name] = str(value["path"])
    return out


_NO_PROJECT_HELP = (
    "Pass a folder of notes (bm-review scan ~/notes), a basic-memory project name, "
    "or try the bundled demo with --demo."
)


def resolve_project(arg: str | None, *, state_dir: Path | None = None) -> Project:
    """A folder path, a basic-memory project name, or (None) the default project."""
    if arg:
        candidate = Path(arg).expanduser()
        if candidate.is_dir():
            return Project(candidate.resolve(), state_dir=state_dir)
    config_path = basic_memory_config_path()
    config: dict = {}
    if config_path.exists():
        try:
            config = json.loads(config_path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ProjectError(f"cannot read basic-memory config {config_path}: {exc}") from exc
    projects = _config_projects(config)
    if arg:
        if arg in projects:
            return _checked(projects[arg], arg, state_dir)
        if Path(arg).expanduser().exists():
            raise ProjectError(f"{arg} is not a folder. {_NO_PROJECT_HELP}")
        if not config_path.exists():
            raise ProjectError(
                f"no folder or basic-memory project named {arg!r}: there is no such folder, "
                f"and no basic-memory config at {config_path} to look a project name up in. "
                f"{_NO_PROJECT_HELP}")
        known = ", ".join(sorted(projects)) or "none"
        raise ProjectError(
            f"no folder or basic-memory project named {arg!r} (projects in {config_path}: "
            f"{known}). {_NO_PROJECT_HELP}")
    default = config.get("default_project")
    if default and default in projects:
        return _checked(projects[default], default, state_dir)
    if not config_path.exists():
        raise ProjectError(f"no project given and no basic-memory config at {config_path}. "
                           f"{_NO_PROJECT_HELP}")
    raise ProjectError(f"no project given and {config_path} names no default project. "
                       f"{_NO_PROJECT_HELP}")


def _checked(path: str, name: str, state_dir: Path | None) -> Project:
    root = Path(path).expanduser()
    if not root.is_dir():
        raise ProjectError(f"basic-memory project {name!r} points to {root}, which is not a folder")
    return Project(root.resolve(), name=name, state_dir=state_dir)


def _ignore_spec(root: Path) -> pathspec.GitIgnoreSpec:
    lines = list(DEFAULT_IGNORES)
    for name in (".gitignore", ".bmignore"):
        f = root / name
        if f.is_file():
            with contextlib.suppress(OSError):
                lines += f.read_text(encoding="utf-8", errors="replace").splitlines()
    return pathspec.GitIgnoreSpec.from_lines(lines)


def walk_markdown(root: Path) -> tuple[list[tuple[str, Path]], list[NoteProblem]]:
    """Markdown files of a project as (relative posix path, absolute path), sorted.

    Dot-folders and dot-files are skipped (basic-memory ignores them, and that is
    where our own state lives). Symlinks are followed only while they stay inside
    the project; one that leaves it is reported and not read.
    """
    root = root.resolve()
    spec = _ignore_spec(root)
    files: list[tuple[str, Path]] = []
    problems: list[NoteProblem] = []
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        base = Path(dirpath)
        rel_dir = base.relative_to(root).as_posix()
        rel_dir = "" if rel_dir == "." else rel_dir + "/"
        keep = []
        for d in sorted(dirnames):
            if d.startswith(".") or spec.match_file(rel_dir + d + "/"):
                continue
            full = base / d
            if full.is_symlink():
                target = full.resolve()
                if not target.is_relative_to(root):
                    problems.append(NoteProblem(rel_dir + d, "symlinked folder points outside "
                                                f"the project ({target}); not read"))
                continue  # inside-project folder links would be read twice
            keep.append(d)
        dirnames[:] = keep
        for name in sorted(filenames):
            if name.startswith(".") or not name.lower().endswith(".md"):
                continue
            rel = rel_dir + name
            if spec.match_file(rel):
                continue
            full = base / name
            if full.is_symlink():
                try:
                    target = full.resolve(strict=True)
                except (OSError, RuntimeError):
                    problems.append(NoteProblem(rel, "broken symlink; not read"))
                    continue
                if not target.is_relative_to(root):
                    problems.append(NoteProblem(rel, f"symlink points outside the project "
                                                     f"({target}); not read"))
                    continue
            files.append((rel, full))
    files.sort()
    return files, problems


ProgressFn = Callable[[int, int], None]


def read_note(rel: str, full: Path) -> Note | NoteProblem:
    try:
        st = full.stat()
        if not stat.S_ISREG(st.st_mode):
            return NoteProblem(rel, "not a regular file; not read")
        raw = full.read_bytes()
    except OSError as exc:
        return NoteProblem(rel, f"cannot read: {exc.strerror or exc}")
    return parse_note(rel, raw, mtime=st.st_mtime, ctime=getattr(st, "st_birthtime", None))


def load_notes(root: Path, progress: ProgressFn | None = None
               ) -> tuple[list[Note], list[NoteProblem]]:
    files, problems = walk_markdown(root)
    notes: list[Note] = []
    total = len(files)
    for i, (rel, full) in enumerate(files, 1):
        result = read_note(rel, full)
        if isinstance(result, NoteProblem):
            problems.append(result)
        else:
            notes.append(result)
        if progress and (i % 200 == 0 or i == total):
            progress(i, total)
    problems.sort(key=lambda p: p.path)
    return notes, problems

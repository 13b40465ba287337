"""Resolve a project (folder or basic-memory project name) and read its notes."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pathspec

from .notes import MAX_NOTE_BYTES, Note, NoteProblem, parse_note

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
    if not isinstance(projects, dict):
        raise ProjectError("basic-memory config: \"projects\" is not a mapping of project "
                           "names to folders")
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
        if not isinstance(config, dict):
            raise ProjectError(f"cannot read basic-memory config {config_path}: not a JSON "
                               "object of settings")
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
    if isinstance(default, str) and default in projects:
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


def config_projects() -> dict[str, Path]:
    """basic-memory's registered projects (name -> folder); {} when there is no config."""
    path = basic_memory_config_path()
    try:
        config = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(config, dict):
        return {}
    return {name: Path(p).expanduser() for name, p in _config_projects(config).items()}


class ProjectScope:
    """The projects a long-running server may act on, and nothing else.

    An agent's `project` argument is only a choice among these: the project the
    server was started on, the ones named at start, and (when allowed) those
    registered in basic-memory's config. Anything else is refused before any file
    or state folder is touched.
    """

    def __init__(self, home: Project, extra: list[Project] | tuple[Project, ...] = (), *,
                 basic_memory: bool = False) -> None:
        self.home = home
        self.projects = [home]
        for p in extra:
            if all(p.root.resolve() != q.root.resolve() for q in self.projects):
                self.projects.append(p)
        self.basic_memory = basic_memory

    def describe(self) -> str:
        served = ", ".join(str(p.root) for p in self.projects)
        return served + (" and basic-memory's registered projects" if self.basic_memory else "")

    def _allowed(self) -> list[Project]:
        out = list(self.projects)
        if self.basic_memory:
            for name, root in config_projects().items():
                if root.is_dir() and all(p.root.resolve() != root.resolve() for p in out):
                    out.append(Project(root.resolve(), name=name))
        return out

    def resolve(self, arg: str | None) -> Project:
        """The served project `arg` names (folder path or project name); None: the home one."""
        if arg is None or (isinstance(arg, str) and not arg.strip()):
            return self.home
        if not isinstance(arg, str):
            raise ProjectError(f"project must be text, not {type(arg).__name__}")
        allowed = self._allowed()
        by_name = next((p for p in allowed if p.name and p.name == arg), None)
        if by_name is not None:
            return by_name
        try:
            root = Path(arg).expanduser().resolve()
        except (OSError, RuntimeError, ValueError):
            root = None
        found = next((p for p in allowed if root is not None and p.root.resolve() == root),
                     None)
        if found is not None:
            return found
        raise ProjectError(
            f"project {arg!r} is not served here: this server acts only on "
            f"{self.describe()}. Nothing was read or written. To let agents use another "
            "project, start the server with --allow-project PROJECT"
            + ("" if self.basic_memory else " (or --allow-basic-memory-projects)") + ".")


MAX_IGNORE_FILE_BYTES = 1024 * 1024


def _ignore_spec(root: Path) -> pathspec.GitIgnoreSpec:
    lines = list(DEFAULT_IGNORES)
    for name in (".gitignore", ".bmignore"):
        raw = read_regular_file(root / name, MAX_IGNORE_FILE_BYTES)
        if isinstance(raw, bytes):
            lines += raw.decode("utf-8", errors="replace").splitlines()
    return pathspec.GitIgnoreSpec.from_lines(lines)


class IgnoreRules:
    """The scan's rules for what is not a note: dot-names, defaults, .gitignore/.bmignore."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.spec = _ignore_spec(root)

    def skips_dir(self, rel_dir: str) -> bool:
        """`rel_dir` (posix, no trailing /) is a folder the walk does not enter."""
        name = rel_dir.rsplit("/", 1)[-1]
        return name.startswith(".") or self.spec.match_file(rel_dir + "/")

    def skips_file(self, rel: str) -> bool:
        name = rel.rsplit("/", 1)[-1]
        return (name.startswith(".") or not name.lower().endswith(".md")
                or self.spec.match_file(rel))

    def ignored(self, rel: str) -> str | None:
        """Why the walk would never read the note at `rel`, or None when it would."""
        parts = rel.split("/")
        for i in range(1, len(parts)):
            folder = "/".join(parts[:i])
            if self.skips_dir(folder):
                why = ("hidden folders are" if parts[i - 1].startswith(".")
                       else "it is in basic-memory's or the project's ignore rules, and is")
                return f"folder {folder!r} is never scanned ({why} not read)"
        if self.skips_file(rel):
            return f"{rel!r} is a name the scan ignores"
        return None


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISDIR, "a folder")):
        if test(mode):
            return name
    return "not a regular file"


def _is_utf8(name: str) -> bool:
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:  # undecodable bytes arrive as surrogate escapes
        return False
    return True


def _shown(rel: str) -> str:
    """A path that can be printed and stored: undecodable bytes as U+FFFD."""
    return rel.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def walk_markdown(root: Path) -> tuple[list[tuple[str, Path]], list[NoteProblem]]:
    """Markdown files of a project as (relative posix path, absolute path), sorted.

    Dot-folders and dot-files are skipped (basic-memory ignores them, and that is
    where our own state lives). Symlinks are followed only while they stay inside
    the project; one that leaves it is reported and not read. Nothing is opened
    here: entry types come from the directory listing, so a FIFO or device named
    `.md` is reported, never read, and the walk is iterative (no depth limit but
    the file system's).
    """
    root = root.resolve()
    rules = IgnoreRules(root)
    files: list[tuple[str, Path]] = []
    problems: list[NoteProblem] = []
    stack: list[tuple[Path, str]] = [(root, "")]
    while stack:
        base, rel_dir = stack.pop()
        try:
            with os.scandir(base) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError as exc:
            problems.append(NoteProblem(rel_dir.rstrip("/") or ".",
                                        f"cannot list folder: {exc.strerror or exc}"))
            continue
        subdirs = []
        for entry in entries:
            rel = rel_dir + entry.name
            if not _is_utf8(entry.name):  # no note can be named so (links, JSON, sqlite)
                if not entry.name.startswith("."):
                    problems.append(NoteProblem(_shown(rel), "the name is not valid UTF-8 "
                                                "(rename it to read it); not read"))
                continue
            try:
                is_link = entry.is_symlink()
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError as exc:
                problems.append(NoteProblem(rel, f"cannot read: {exc.strerror or exc}"))
                continue
            if is_dir or (is_link and _is_dir_link(entry)):
                if rules.skips_dir(rel):
                    continue
                if is_link:
                    target = Path(entry.path).resolve()
                    if not target.is_relative_to(root):
                        problems.append(NoteProblem(rel, "symlinked folder points outside "
                                                         f"the project ({target}); not read"))
                    continue  # inside-project folder links would be read twice
                subdirs.append((Path(entry.path), rel + "/"))
                continue
            if rules.skips_file(rel):
                continue
            full = Path(entry.path)
            if is_link:
                try:
                    target = full.resolve(strict=True)
                except (OSError, RuntimeError):
                    problems.append(NoteProblem(rel, "broken symlink; not read"))
                    continue
                if not target.is_relative_to(root):
                    problems.append(NoteProblem(rel, f"symlink points outside the project "
                                                     f"({target}); not read"))
                    continue
            try:
                mode = full.stat().st_mode  # follows an inside link; never opens
            except OSError as exc:
                problems.append(NoteProblem(rel, f"cannot read: {exc.strerror or exc}"))
                continue
            if not stat.S_ISREG(mode):
                problems.append(NoteProblem(rel, f"{_kind(mode)}, not a note file; not read"))
                continue
            files.append((rel, full))
        stack.extend(reversed(subdirs))
    files.sort()
    return files, problems


def _is_dir_link(entry: os.DirEntry) -> bool:
    try:
        return entry.is_dir(follow_symlinks=True)
    except OSError:
        return False


ProgressFn = Callable[[int, int], None]


def read_regular_file(path: Path, limit: int) -> bytes | str:
    """At most `limit` bytes of a regular file, or why it was not read.

    The size is checked before reading, the file is opened non-blocking (a FIFO
    swapped in after the walk cannot hang us) and verified regular on the open
    descriptor, and never more than `limit` + 1 bytes are read (a sparse 6 GB
    file costs nothing).
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        return f"cannot read: {exc.strerror or exc}"
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return f"{_kind(st.st_mode)}, not a note file; not read"
        if st.st_size > limit:
            return (f"file too large ({st.st_size // 1024} KiB > {limit // 1024} KiB); "
                    "not a note, left untouched")
        chunks, remaining = [], limit + 1
        while remaining > 0:
            chunk = os.read(fd, min(remaining, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            remaining -= len(chunk)
        return b"".join(chunks)
    except OSError as exc:
        return f"cannot read: {exc.strerror or exc}"
    finally:
        os.close(fd)


def read_note(rel: str, full: Path) -> Note | NoteProblem:
    try:
        st = full.stat()
    except OSError as exc:
        return NoteProblem(rel, f"cannot read: {exc.strerror or exc}")
    raw = read_regular_file(full, MAX_NOTE_BYTES)
    if isinstance(raw, str):
        return NoteProblem(rel, raw)
    return parse_note(rel, raw, mtime=st.st_mtime, ctime=getattr(st, "st_birthtime", None))


COMPACT_FROM = 20_000
"""From this many notes on, a note read by a scan keeps a compact record (`Note.compact`):
its body, observations and relations are parsed again from its file when asked for. At
100k notes, held whole they were ~850 MB (bench/pg_scale.py); below, nothing changes."""


def load_notes(root: Path, progress: ProgressFn | None = None, *,
               compact_from: int | None = None
               ) -> tuple[list[Note], list[NoteProblem]]:
    """Every note under `root` (parsed) and the files that are not notes (why).
    `compact_from`: keep compact records when there are at least this many files (None:
    never)."""
    files, problems = walk_markdown(root)
    notes: list[Note] = []
    total = len(files)
    compact = compact_from is not None and total >= compact_from
    for i, (rel, full) in enumerate(files, 1):
        result = read_note(rel, full)
        if isinstance(result, NoteProblem):
            problems.append(result)
        else:
            if compact:
                result.compact(full)
            notes.append(result)
        if progress and (i % 200 == 0 or i == total):
            progress(i, total)
    problems.sort(key=lambda p: p.path)
    return notes, problems

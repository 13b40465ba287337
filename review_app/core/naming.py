"""File names for new notes, and the checks that keep agent input inside the project.

basic-memory names a note file after its title: path separators and the
characters `<>:"|?*` become `-`, runs of `-` collapse, and leading/trailing
dots and dashes go (its `sanitize_for_filename`). Folders keep letters,
digits, spaces, `.`, `-` and `_` (its `sanitize_for_directory`). We follow the
same rules so a note created here sits where basic-memory would put it, and
refuse (never silently repair) anything that would leave the project.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path, PurePosixPath

from .project import STATE_DIR_NAME

MAX_TITLE_CHARS = 500
MAX_STEM_BYTES = 200  # file systems stop at 255 bytes; leave room for ".md" and suffixes
_RESERVED_RE = re.compile(r'[/\\<>:"|?*]')
_DASHES_RE = re.compile(r"-{2,}")
_WINDOWS_RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)),
                     *(f"LPT{i}" for i in range(1, 10))}


class InvalidInput(ValueError):
    """Agent input that is refused; the message says what and why. Nothing was written."""


_BIDI_CONTROLS = {*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C}
"""Invisible characters that reorder the text around them: a title holding one can
display as another title (or hide a file extension)."""
MAX_NAME_BYTES = 255  # one path component, on every common file system


def _has_control(text: str) -> str | None:
    for ch in text:
        if ch in "\t":
            continue
        if unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp") or ord(ch) in _BIDI_CONTROLS:
            return f"U+{ord(ch):04X}"
    return None


def validate_title(title: object) -> str:
    """The title, stripped; refused if empty, not text, or holding control characters."""
    if not isinstance(title, str):
        raise InvalidInput(f"title must be text, not {type(title).__name__}")
    # NFC: an NFD "Café" and an NFC "Café" look identical and must name one file
    clean = unicodedata.normalize("NFC", title.strip())
    if not clean:
        raise InvalidInput("title is empty")
    if bad := _has_control(clean):
        raise InvalidInput(f"title contains a control character ({bad}: a control, line "
                           "separator or bidirectional formatting mark); use plain text")
    if len(clean) > MAX_TITLE_CHARS:
        raise InvalidInput(f"title is {len(clean)} characters long (at most {MAX_TITLE_CHARS})")
    return clean


def file_stem(title: str) -> str:
    """The file name (without .md) basic-memory gives a note with this title."""
    stem = _RESERVED_RE.sub("-", title)
    stem = _DASHES_RE.sub("-", stem)
    previous = None
    while stem != previous:  # "-.x" must not become the hidden file ".x.md"
        previous = stem
        stem = stem.strip().strip(".").strip("-")
    if not stem:
        raise InvalidInput(f"title {title!r} leaves no usable characters for a file name")
    if stem.split(".")[0].upper() in _WINDOWS_RESERVED:  # CON.md cannot exist on Windows
        stem = f"{stem}_"
    encoded = stem.encode("utf-8")
    if len(encoded) > MAX_STEM_BYTES:
        stem = encoded[:MAX_STEM_BYTES].decode("utf-8", errors="ignore").rstrip(" .-")
    return stem


def validate_directory(directory: object) -> str:
    """A folder relative to the project, with `/`; "" for the project root.

    Refused: absolute paths, drive letters, `..`, hidden (dot) folders (basic-memory
    ignores them, and our state lives in one), control characters. Other characters
    basic-memory drops from folder names are dropped the same way.
    """
    if directory is None:
        return ""
    if not isinstance(directory, str):
        raise InvalidInput(f"directory must be text, not {type(directory).__name__}")
    raw = unicodedata.normalize("NFC", directory.strip())
    if bad := _has_control(raw):
        raise InvalidInput(f"directory contains a control character ({bad}: a control, "
                           "line separator or bidirectional formatting mark)")
    unified = raw.replace("\\", "/")
    if unified.startswith("/") or re.match(r"^[A-Za-z]:", unified) or raw.startswith("~"):
        raise InvalidInput(f"directory {directory!r} is absolute; give a folder inside the "
                           "project, e.g. 'notes/ideas'")
    parts = []
    for part in unified.split("/"):
        part = part.strip()
        if part in ("", "."):
            continue
        if part == "..":
            raise InvalidInput(f"directory {directory!r} goes up with '..'; it must stay "
                               "inside the project")
        if part.startswith("."):
            raise InvalidInput(f"directory {directory!r} names a hidden folder ({part}); "
                               "basic-memory does not read those")
        cleaned = "".join(c for c in part if c.isalnum() or c in " .-_").strip()
        if not cleaned:
            raise InvalidInput(f"directory part {part!r} has no usable characters")
        if cleaned.startswith(".") or cleaned.strip(".") == "":
            raise InvalidInput(f"directory part {part!r} is not a usable folder name")
        if (size := len(cleaned.encode("utf-8"))) > MAX_NAME_BYTES:
            raise InvalidInput(f"directory part {clip_name(cleaned)!r} is {size} bytes long; "
                               f"file systems allow at most {MAX_NAME_BYTES} per folder name")
        parts.append(cleaned)
    joined = "/".join(parts)
    if (size := len(joined.encode("utf-8"))) > MAX_DIRECTORY_BYTES:
        raise InvalidInput(f"directory is {size} bytes long (at most {MAX_DIRECTORY_BYTES})")
    return joined


MAX_DIRECTORY_BYTES = 1024  # well inside PATH_MAX (4096) with the project's own path


def clip_name(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def check_inside(root: Path, rel: str) -> Path:
    """The absolute path of `rel` under `root`, refused if it (or a symlinked folder on
    the way) resolves outside the project or into its state folder."""
    root = root.resolve()
    full = root.joinpath(*PurePosixPath(rel).parts)
    try:
        resolved = full.resolve()  # follows symlinks of the existing part of the path
    except (RuntimeError, OSError) as exc:  # a symlink loop on the way
        raise InvalidInput(f"{rel!r} cannot be followed: {exc}") from None
    if not resolved.is_relative_to(root):
        raise InvalidInput(f"{rel!r} resolves outside the project ({resolved}); a symlinked "
                           "folder or file leads out of it")
    inside = resolved.relative_to(root).parts
    if inside and inside[0] == STATE_DIR_NAME:
        raise InvalidInput(f"{rel!r} resolves into bm-review's state folder")
    probe = root
    for part in PurePosixPath(rel).parts[:-1]:
        probe = probe / part
        if probe.exists() and not probe.is_dir():
            raise InvalidInput(f"{probe.relative_to(root).as_posix()!r} is a file, not a folder")
    return full


def note_path(root: Path, directory: object, title: str) -> str:
    """Project-relative path (with `/`) of a new note, validated to stay inside the project."""
    folder = validate_directory(directory)
    name = f"{file_stem(validate_title(title))}.md"
    rel = f"{folder}/{name}" if folder else name
    check_inside(root, rel)
    return rel


def unique_note_path(root: Path, rel: str, taken: set[str] | None = None) -> str:
    """`rel`, or `stem 2.md`, `stem 3.md`... : the first name no file (any case) uses."""
    def key(p: str) -> str:
        return unicodedata.normalize("NFC", p).casefold()

    taken_keys = {key(t) for t in (taken or set())}
    path = PurePosixPath(rel)
    candidate = rel
    n = 1
    while (root / candidate).exists() or key(candidate) in taken_keys:
        n += 1
        name = f"{path.stem} {n}{path.suffix}"
        candidate = str(path.with_name(name))
    check_inside(root, candidate)
    return candidate

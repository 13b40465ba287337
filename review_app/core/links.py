"""Link identity: every way a note is named (title, permalink, path forms, aliases),
one key per link target, the link patterns, and rewriting links to retired notes.
The one place the rest of the package asks "which note does this link name?"."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import PurePosixPath
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .notes import Note

WIKILINK_RE = re.compile(r"\[\[([^\]\[]+)\]\]")
MEMORY_URL_RE = re.compile(r"memory://([\w\-./]+)")
_RELATION_HEAD_RE = re.compile(r"\s*[-*]\s+([A-Za-z_][\w\- ]{0,60}?)\s+\[\[([^\]]+)\]\]")


def target_key(name: str) -> str:
    """A link target as one key: `Finance team`, `people/finance-team`, `finance-team.md`."""
    name = name.strip().lower().split("|", 1)[0].split("#", 1)[0].removesuffix(".md")
    name = name.rsplit("/", 1)[-1]
    return re.sub(r"[^\w]+", "-", name).strip("-").replace("_", "-")


def relation_target(line: str) -> str | None:
    """The target of a relation line (`- type [[Target]]`), as written."""
    m = _RELATION_HEAD_RE.match(line)
    return m.group(2).split("|", 1)[0].strip() if m else None


def note_keys(note: Note) -> set[str]:
    """Every way a link can name this note (lower case): title, permalink, path forms."""
    p = PurePosixPath(note.path)
    no_ext = str(p.with_suffix(""))
    keys = {note.title, note.permalink, note.path, no_ext, p.stem}
    if str(p.parent) != ".":
        keys.add(f"{p.parent}/{note.title}")
    return {k.strip().lower() for k in keys if k and k.strip()}


def note_aliases(note: Note) -> list[str]:
    """The other names a note's frontmatter gives it (`aliases:`, `alias:`)."""
    out: list[str] = []
    for key in ("aliases", "alias"):
        value = note.metadata.get(key)
        values = value if isinstance(value, list) else [value]
        out += [v.strip() for v in values if isinstance(v, str) and v.strip()]
    return out


def target_index(notes: Iterable[Note]) -> dict[str, str]:
    """Lower-case name form (title, permalink, path, alias, their target keys) -> the
    path of the one note it names; a form two notes share names neither. Passed to
    `compose(targets=...)`, it makes relations to one note under two names one."""
    seen: dict[str, str | None] = {}
    for n in notes:
        names = note_keys(n) | {a.lower() for a in note_aliases(n)}
        for k in names | {target_key(k) for k in names}:
            seen[k] = n.path if seen.get(k, n.path) == n.path else None
    return {k: v for k, v in seen.items() if v is not None}


def resolve(name: str, targets: dict[str, str] | None) -> str:
    """The identity of a link target: the note it names in `targets` (target_index),
    else its target key."""
    low = name.strip().lower().split("|", 1)[0]
    if targets:
        hit = targets.get(low) or targets.get(target_key(low))
        if hit:
            return f"note:{hit}"
    return target_key(low)

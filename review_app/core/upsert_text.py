"""What an upsert writes: the proposed note's checked input, and the text a create, an
update or a merge gives (the proposal is the newest; compose's ledger says what an update
would drop of the matched note)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from .dating import naive_utc_now, utc_now
from .merging import Composed, compose
from .naming import InvalidInput, validate_title
from .notes import (
    MAX_NOTE_BYTES,
    FrontmatterTooComplex,
    Note,
    parse_tags,
    permalink_for_path,
    render_note,
    split_frontmatter_value,
)
from .unit_vectors import shared_vectors


def validate_content(content: object) -> str:
    """The note text as str; bytes must be UTF-8. Binary content is refused."""
    too_big = InvalidInput(f"content is larger than {MAX_NOTE_BYTES // 1024} KiB, the most a "
                           "note may hold")
    if isinstance(content, bytes | bytearray):
        if len(content) > MAX_NOTE_BYTES:
            raise too_big
        if b"\x00" in content:
            raise InvalidInput("content is binary (contains NUL bytes); only text notes can "
                               "be written")
        try:
            content = bytes(content).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InvalidInput(f"content is not valid UTF-8 text (byte {exc.start}); only "
                               "text notes can be written") from None
    if not isinstance(content, str):
        raise InvalidInput(f"content must be text, not {type(content).__name__}")
    if "\x00" in content:
        raise InvalidInput("content is binary (contains NUL characters); only text notes can "
                           "be written")
    try:
        size = len(content.encode("utf-8"))
    except UnicodeEncodeError:
        raise InvalidInput("content holds unpaired surrogate characters; it is not valid "
                           "text") from None
    if size > MAX_NOTE_BYTES:
        raise too_big
    text = content.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        raise InvalidInput("content is empty")
    return text


def split_content(text: str) -> tuple[dict[str, Any], str]:
    """Frontmatter the agent included (kept, except title/permalink) and the body.

    Loaded with the same bounds as a note on disk, so hostile YAML is refused in
    milliseconds; a frontmatter that is not a mapping is refused like a broken note.
    """
    if not text.lstrip().startswith("---"):
        return {}, text
    try:
        value, body, found = split_frontmatter_value(text)
    except FrontmatterTooComplex as exc:
        raise InvalidInput(f"content frontmatter refused: {exc}") from None
    except yaml.YAMLError as exc:
        reason = re.sub(r"\s+", " ", str(exc))
        raise InvalidInput(f"content starts with invalid YAML frontmatter: {reason}") from None
    except Exception as exc:  # noqa: BLE001 - yaml raises ValueError on odd scalars
        raise InvalidInput(f"content starts with invalid YAML frontmatter: {exc}") from None
    if not found:
        return {}, text
    if not isinstance(value, dict):
        raise InvalidInput(f"content frontmatter is a YAML {type(value).__name__}, not a "
                           "mapping of keys to values; basic-memory cannot read such a note")
    return dict(value), body


def checked_input(title: object, content: object) -> tuple[str, str, dict[str, Any], str]:
    """(title, text, frontmatter, body) of an upsert, or `InvalidInput` saying why not.

    Cheap and lock-free: servers call it before waiting for any lock, so bad input
    never holds up other writers.
    """
    clean_title = validate_title(title)
    text = validate_content(content)
    fm, body = split_content(text)
    if not body.strip():
        raise InvalidInput("content has no body besides its frontmatter")
    return clean_title, text, fm, body


def new_note_text(title: str, rel: str, metadata: dict[str, Any], body: str,
                  tags: list[str], taken_permalinks: set[str]) -> str:
    """A basic-memory note: title, type, permalink, tags, then any other keys."""
    permalink = permalink_for_path(rel)
    base, n = permalink, 0
    while permalink in taken_permalinks:  # basic-memory de-duplicates the same way
        n += 1
        permalink = f"{base}-{n}"
    all_tags = parse_tags(metadata.get("tags")) + [t for t in tags if t not in
                                                   parse_tags(metadata.get("tags"))]
    meta: dict[str, Any] = {"title": title, "type": str(metadata.get("type") or "note"),
                            "permalink": permalink}
    if all_tags:
        meta["tags"] = all_tags
    for key, value in metadata.items():
        if key not in ("title", "type", "permalink", "tags"):
            meta[key] = value
    return render_note(meta, body)


def _as_newest(matched: Note, proposed: Note) -> Note:
    """The proposed note is what the agent knows now: newer than the note it matches,
    whatever dates its text carries, so its values win where the two disagree."""
    from dataclasses import replace

    newest = max(proposed.modified, matched.modified) + dt.timedelta(seconds=1)
    return replace(proposed, modified=max(newest, naive_utc_now()))


def updated_note_text(matched: Note, proposed: Note, state: Path | None = None,
                      targets: Mapping[str, str] | None = None) -> str:
    """The matched note with the proposed body, keeping the graph.

    The matched file's frontmatter identity stays (byte for byte where nothing
    changes) and a leading `# Title` follows the kept title; the observations,
    relations, links and tags of the matched note that the proposal does not state
    survive (merging.compose's update). `state`: the project's state folder, whose
    unit-vector cache serves the compose; `targets`: the project's notes as relation
    targets (merging.target_index), as apply resolves them.
    """
    return composition("update", matched, proposed, state, targets).text


def merged_note_text(matched: Note, proposed: Note, state: Path | None = None,
                     targets: Mapping[str, str] | None = None) -> str:
    """The matched note plus what the proposal adds, aligned by meaning; where the two
    disagree the proposal (the newer) wins. `state`, `targets`: as for updated_note_text."""
    return composition("merge", matched, proposed, state, targets).text


def composition(action: str, matched: Note, proposed: Note, state: Path | None,
                targets: Mapping[str, str] | None) -> Composed:
    """What update/merge writes, with its ledger (what it drops of the matched note): the
    proposal is the base (the newest); the matched file is kept, and its `modified:` is
    refreshed so that the next scan sees it as the newest. It keeps its title: the agent
    names what it writes, not what others call the note (a stamp like "... 2025" on the
    matched title is no reason to rename it and rewrite the links that use it)."""
    return compose(action, _as_newest(matched, proposed), [matched], kept=matched,
                   vectors=shared_vectors(state), targets=targets, now=utc_now(),
                   stale_renames=False)


def left_out(composed: Composed, matched: Note) -> tuple[list[str], list[str]]:
    """What a composition leaves out of the matched note: every unit it drops (an
    update's refusal names them) and those only a person may settle (held back, or an
    open item of its to-do list: a merge's refusal names them)."""
    dropped = [u.text for u in composed.dropped if u.source == matched.path]
    awaiting = [e.text for e in composed.ledger.entries
                if e.source == matched.path and e.awaits_person]
    return dropped, awaiting

"""Edits to a note's frontmatter text that keep everything else byte for byte.

A written note keeps its frontmatter as the person wrote it: only the keys a merge
must change (tags, the kept file's identity, keys the note lacks, `modified:`) are
edited line by line, so unknown keys, comments, key order, quoting and date styles
stay as they were. If an edit would not load back to the intended values (odd
hand formatting), the block is dumped cleanly instead.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import yaml

from .dating import OWN_DATE_KEYS, to_datetime
from .notes import Note, _yaml_safe, load_frontmatter_yaml

FM_DELIM = re.compile(r"^-{3,}\s*$")
_TOP_KEY = re.compile(r"^([^\s#\-][^:]*?)\s*:(?:\s|$)")


def _any_date(key: str) -> re.Pattern[str]:
    """`key:` (quoted or not) with a one-line value, not a block."""
    return re.compile(rf"^((['\"]?){key}\2\s*:\s*)(?![|>\s]*$)\S.*$")


def _date_line(key: str) -> re.Pattern[str]:
    """`key:` (quoted or not) with an ISO date or datetime, its quotes and comment."""
    return re.compile(
        rf"^(?P<prefix>(['\"]?){key}\2\s*:\s*)(?P<q>['\"]?)(?P<date>\d{{4}}-\d{{2}}-\d{{2}})"
        r"(?P<time>[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(?P<zone>Z|[+-]\d{2}:?\d{2})?(?P=q)"
        r"(?P<tail>\s*(?:#.*)?)$")


_EMPTY_MODIFIED = re.compile(r"^((['\"]?)modified\2\s*:)\s*$")  # `modified:` and no value
# The keys that date a note (dating.OWN_DATE_KEYS), each as any scalar and as an ISO date.
_DATE_LINES = {key: (_any_date(key), _date_line(key)) for key in OWN_DATE_KEYS}


def split_frontmatter(text: str) -> tuple[str, str]:
    """(frontmatter block incl. both delimiter lines, body) of a note's text."""
    lines = text.split("\n")
    i = 0
    while i < len(lines) and not lines[i].strip():
        i += 1
    if i >= len(lines) or not FM_DELIM.match(lines[i]):
        return "", text
    for j in range(i + 1, len(lines)):
        if FM_DELIM.match(lines[j]):
            head = "\n".join(lines[: j + 1]) + "\n"
            return head, "\n".join(lines[j + 1:])
    return "", text


def _blocks(head: str) -> tuple[list[str], list[tuple[str | None, list[str]]], list[str]]:
    """(opening lines, [(key, lines)], closing lines) of a frontmatter block."""
    lines = head.rstrip("\n").split("\n")
    start = next(i for i, ln in enumerate(lines) if FM_DELIM.match(ln))
    opening, inner, closing = lines[: start + 1], lines[start + 1: -1], lines[-1:]
    blocks: list[tuple[str | None, list[str]]] = []
    for ln in inner:
        m = _TOP_KEY.match(ln)
        if m and not ln.startswith((" ", "\t", "-")):
            blocks.append((m.group(1).strip().strip("'\""), [ln]))
        elif blocks:
            blocks[-1][1].append(ln)
        else:
            blocks.append((None, [ln]))
    return opening, blocks, closing


def _dump(key: str, value: Any) -> list[str]:
    text = yaml.safe_dump({key: _yaml_safe(value)}, sort_keys=False, allow_unicode=True,
                          default_flow_style=False, width=10_000)
    return text.rstrip("\n").split("\n")


def _dump_flow(key: str, value: Any) -> list[str]:
    text = yaml.safe_dump({key: _yaml_safe(value)}, sort_keys=False, allow_unicode=True,
                          default_flow_style=None, width=10_000)
    return text.rstrip("\n").split("\n")


def _clean(metadata: dict[str, Any]) -> str:
    fm = yaml.safe_dump(_yaml_safe(metadata), sort_keys=False, allow_unicode=True,
                        default_flow_style=False, width=10_000)
    return f"---\n{fm}---\n"


def raw_block(note: Note, key: str) -> list[str] | None:
    """The lines of `key` in the note's frontmatter as written, if they load back."""
    head, _ = split_frontmatter(note.text)
    if not head:
        return None
    _, blocks, _ = _blocks(head)
    for k, lines in blocks:
        if k == key:
            try:
                loaded = load_frontmatter_yaml("\n".join(lines))
            except yaml.YAMLError:
                return None
            if isinstance(loaded, dict) and loaded.get(key) == note.metadata.get(key):
                return lines
    return None


def edited_frontmatter(note: Note, set_keys: dict[str, tuple[Any, list[str] | None]]) -> str:
    """`note`'s frontmatter text with `set_keys` replaced in place or appended.

    `set_keys` maps key -> (value, raw lines to write or None to dump the value).
    """
    head, _ = split_frontmatter(note.text)
    expected = dict(note.metadata)
    for key, (value, _raw) in set_keys.items():
        expected[key] = value
    if not head:
        return _clean(expected)
    opening, blocks, closing = _blocks(head)
    for key, (value, raw) in set_keys.items():
        lines = raw or _dump(key, value)
        for i, (k, old) in enumerate(blocks):
            if k == key:
                # comment and blank lines after the key's value belong to what follows
                keep = len(old)
                while keep > 1 and (not old[keep - 1].strip()
                                    or old[keep - 1].lstrip().startswith("#")):
                    keep -= 1
                if raw is None and keep == 1 and re.match(r"^[^:]+:\s*\[", old[0]):
                    lines = _dump_flow(key, value)  # keep `tags: [a, b]` on one line
                blocks[i] = (key, [*lines, *old[keep:]])
                break
        else:
            blocks.append((key, lines))
    lines = opening + [ln for _, blk in blocks for ln in blk] + closing
    try:
        loaded = load_frontmatter_yaml("\n".join(lines[1:-1])) or {}
    except yaml.YAMLError:
        loaded = None
    if loaded != expected:  # odd original formatting: fall back to a clean dump
        return _clean(expected)
    return "\n".join(lines) + "\n"


def _stamp(now: dt.datetime, time_part: str | None, zone: str | None) -> str:
    if zone:
        aware = now if now.tzinfo else now.replace(tzinfo=dt.UTC)
        aware = aware.astimezone(dt.UTC)
        z = "Z" if zone == "Z" else ("+00:00" if ":" in zone else "+0000")
        base = aware.replace(tzinfo=None)
    else:
        base = now.astimezone(dt.UTC).replace(tzinfo=None) if now.tzinfo else now
        z = ""
    if time_part is None:
        return base.date().isoformat()
    sep = time_part[0]
    seconds = time_part.count(":") >= 2
    fmt = f"%Y-%m-%d{sep}%H:%M" + (":%S" if seconds else "")
    return base.strftime(fmt) + z


def refresh_modified(head: str, now: dt.datetime | None) -> str:
    """The note's own date set to `now`, in the style already used (date-only stays
    date-only): its `modified:`, else an `updated:` the dating rule reads as a date
    (dating.own_date reads them in that order). A note with neither gets `modified:`
    (last, before the closing `---`): left, a kept file dated only by `updated:` or
    `created:` kept a member's older day, so the next scan took another version as newer
    than the note written today (a fuzzing pass). A `modified:` value no date parser reads
    ("March 5, 2026", copied from a member) is written anew in ISO form: left, it dated
    the note by another member's day (a fuzzing pass, read back by basic-memory). A
    `modified:` block is left as it is. An edit is made only when every other key loads
    back as it was and the date key as a date (an adversarial review: a value on its
    own line, a quoted key, a list of dates).
    """
    if now is None or not head:
        return head
    before = _mapping(head)
    if before is None:
        return head
    lines = head.split("\n")
    if "modified" in before or to_datetime(before.get("updated")) is not None:
        key = "modified" if "modified" in before else "updated"
        any_value, iso = _DATE_LINES[key]
        for i, line in enumerate(lines):
            text = line.removesuffix("\r")
            if (m := iso.match(text)) is not None:
                new = (f"{m['prefix']}{m['q']}{_stamp(now, m['time'], m['zone'])}{m['q']}"
                       f"{m['tail']}")
            elif key == "modified" and ((other := any_value.match(text)) is not None or (
                    before[key] is None and (other := _EMPTY_MODIFIED.match(text)))):
                new = f"{other.group(1).rstrip()} {_stamp(now, 'T00:00:00', None)}"
            else:
                continue
            return _checked([*lines[:i], new + line[len(text):], *lines[i + 1:]], head,
                            before, key)
        return head  # a block or a form this does not edit: left as it is
    created = before.get("created")
    stamp = (_stamp(now, None, None) if isinstance(created, dt.date)
             and not isinstance(created, dt.datetime) else _stamp(now, "T00:00:00", None))
    end = "\r" if lines[0].endswith("\r") else ""
    delims = [i for i, ln in enumerate(lines) if FM_DELIM.match(ln.removesuffix("\r"))]
    at = delims[-1] if len(delims) >= 2 else len(lines) - (lines[-1] == "")
    return _checked([*lines[:at], f"modified: {stamp}{end}", *lines[at:]], head, before,
                    "modified")


def _mapping(head: str) -> dict[Any, Any] | None:
    """The frontmatter `head` holds (with or without its `---` lines), None if no mapping."""
    lines = head.split("\n")
    delims = [i for i, ln in enumerate(lines) if FM_DELIM.match(ln.removesuffix("\r"))]
    if len(delims) >= 2:
        lines = lines[delims[0] + 1:delims[-1]]
    try:
        loaded = load_frontmatter_yaml("\n".join(lines))
    except yaml.YAMLError:
        return None
    return loaded if isinstance(loaded, dict) else None


def _checked(lines: list[str], old: str, before: dict[Any, Any], key: str) -> str:
    """The edited head when it loads back with every other key as it was and `key` as a
    date; else `old` unchanged."""
    new = "\n".join(lines)
    after = _mapping(new)
    if after is None or to_datetime(after.get(key)) is None or (
            {k: v for k, v in after.items() if k != key}
            != {k: v for k, v in before.items() if k != key}):
        return old
    return new

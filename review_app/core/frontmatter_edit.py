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

from .dating import OWN_DATE_KEYS
from .notes import Note, _yaml_safe, load_frontmatter_yaml

FM_DELIM = re.compile(r"^-{3,}\s*$")
_TOP_KEY = re.compile(r"^([^\s#\-][^:]*?)\s*:(?:\s|$)")


def _any_date(key: str) -> re.Pattern[str]:
    return re.compile(rf"^({key}\s*:\s*)(?![|>\s]*$)\S.*$")  # a scalar, not a block


def _date_line(key: str) -> re.Pattern[str]:
    return re.compile(
        rf"^({key}\s*:\s*)(['\"]?)(\d{{4}}-\d{{2}}-\d{{2}})"
        r"([T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?(['\"]?)(\s*(?:#.*)?)$")


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
    date-only): its `modified:`, else its `updated:`, the keys the dating rule reads first
    (dating.own_date). A note with neither gets `modified:` (after `created:`): left, a
    kept file dated only by `updated:` or `created:` kept a member's older day, so the
    next scan took another version as newer than the note written today (a fuzzing pass).
    A value no date parser reads as one ("March 5, 2026", copied from a member) is written
    anew in ISO form: left, it dated the note by another member's day (a fuzzing pass,
    read back by basic-memory). An edit that would not load back is not made.
    """
    if now is None or not head:
        return head
    lines = head.split("\n")
    for key in OWN_DATE_KEYS[:2]:
        any_value, iso = _DATE_LINES[key]
        for i, ln in enumerate(lines):
            m = iso.match(ln)
            if m is not None:
                prefix, q1, _date, time_part, zone, q2, tail = m.groups()
                new = f"{prefix}{q1}{_stamp(now, time_part, zone)}{q2}{tail}"
            elif (other := any_value.match(ln)) is not None:
                new = f"{other.group(1)}{_stamp(now, 'T00:00:00', None)}"
            else:
                continue
            return _loaded("\n".join([*lines[:i], new, *lines[i + 1:]]), head)
    if any(re.match(r"modified\s*:", ln) for ln in lines):
        return head  # a `modified:` block: no date to refresh, and no second key
    created = next((i for i, ln in enumerate(lines) if re.match(r"created\s*:", ln)), None)
    style = _DATE_LINES["created"][1].match(lines[created]) if created is not None else None
    stamp = (_stamp(now, style.group(4), style.group(5)) if style is not None
             else _stamp(now, "T00:00:00", None))
    at = (created + 1 if created is not None
          else max((i for i, ln in enumerate(lines) if FM_DELIM.match(ln)), default=len(lines)))
    if at == len(lines) and lines and lines[-1] == "":
        at -= 1  # a head without delimiters ends in a newline: the key goes before it
    return _loaded("\n".join([*lines[:at], f"modified: {stamp}", *lines[at:]]), head)


def _loaded(new: str, old: str) -> str:
    """`new` when its frontmatter still loads as a mapping, else `old` unchanged."""
    body = "\n".join(ln for ln in new.split("\n") if not FM_DELIM.match(ln))
    try:
        return new if isinstance(load_frontmatter_yaml(body), dict) else old
    except yaml.YAMLError:
        return old

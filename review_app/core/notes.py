"""The Note model: parse and serialise basic-memory Markdown notes.

Parsing never raises on bad input: `parse_note` returns either a `Note` or a
`NoteProblem` with a reason a person can act on, so one broken file never
stops a scan.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

import frontmatter
import yaml

from .dating import file_time, own_date, to_datetime
from .frontmatter_values import unreadable_value
from .links import MEMORY_URL_RE, WIKILINK_RE

PROPOSED_PREFIX = ".proposed/"
"""The path of a note proposed but not written (upsert_note): a hidden folder, so it can
never equal a real note's path, while its file stem (used by title similarity) is the real
one. Its folder is where it would be written, not this one (series._folder_siblings)."""

MAX_NOTE_BYTES = 2 * 1024 * 1024
"""Larger files are reported, not parsed: no real note is this big, and a
multi-megabyte file is almost always a log or data dump with a .md name."""

# Only the fixed-shape heads are regexes; the free-text tails are cut in Python.
# (A lazy `(.+?)\s*$` tail backtracks quadratically: one 20 KB line of spaces took 6 s.)
_OBSERVATION_HEAD_RE = re.compile(r"\s*[-*]\s+\[([^\]\[]+)\]\s")
_RELATION_HEAD_RE = re.compile(r"\s*[-*]\s+([A-Za-z_][\w\- ]{0,60}?)\s+\[\[([^\]]+)\]\]")
_TAG_RE = re.compile(r"(?:^|\s)#([\w][\w/\-]*)")
_CHECKBOX = {" ", "x", "X"}
_WORD_RE = re.compile(r"\w+")


@dataclass(frozen=True)
class Observation:
    category: str
    content: str
    tags: tuple[str, ...] = ()
    context: str | None = None
    line: str = ""


@dataclass(frozen=True)
class Relation:
    type: str
    target: str
    context: str | None = None
    line: str = ""


@dataclass
class Note:
    """One parsed note. `path` is relative to the project, with `/`."""

    path: str
    title: str
    type: str
    permalink: str
    tags: list[str]
    created: dt.datetime | None
    modified: dt.datetime
    important: bool
    body: str
    metadata: dict[str, Any]
    observations: list[Observation]
    relations: list[Relation]
    links: list[str]
    sha256: str
    size: int
    has_frontmatter: bool = True
    mtime: float = 0.0
    locked: bool = False  # `locked: true`: basic-memory 0.24 refuses to edit it; so do we
    # What dated `modified`: the note's own "modified"/"updated"/"created", then
    # "basic-memory" (its record of the file), "file mtime" last: a copy or a git
    # clone resets every mtime, so the mtime is the least trustworthy "newer".
    modified_source: str = "file mtime"
    text: str = field(default="", repr=False)

    @property
    def word_count(self) -> int:
        return len(_WORD_RE.findall(self.body))

    @property
    def split_words(self) -> int:
        """Whitespace-separated words of the body (kept when the note is compact)."""
        held = self.__dict__.get("_split_words")
        return held if held is not None else len(self.body.split())

    def compact(self, origin: Path) -> None:
        """Let go of the body, observations and relations (most of what a note holds);
        they are parsed again from `origin` when asked for (a scan of 100k notes asks
        for those of its candidate pairs only). A file changed since is read as it is
        now: writing to it is refused as a conflict anyway (its sha256 differs)."""
        self._split_words = len(self.body.split())
        # The folder the note's path is under (one string all its notes share, ending in
        # a separator), or where that does not hold, the file itself.
        full = str(origin)
        base = full[:len(full) - len(self.path)]
        shared = full.endswith(self.path) and base.endswith(("/", os.sep))
        self._origin = sys.intern(base) if shared else full
        self._body = self._observations = self._relations = None
        self.__dict__["_text_frame"] = None  # the frontmatter block too: ~150 bytes a note

    @property
    def richness(self) -> tuple[int, int]:
        """(observations + relations, words): the 'richer' part of the canonical rule."""
        return (len(self.observations) + len(self.relations), self.word_count)

    @property
    def stem(self) -> str:
        return PurePosixPath(self.path).stem


def _note_text(self: Note) -> str:
    frame = self.__dict__.get("_text_frame")
    if frame is None:  # a compact note's
        frame = _reparsed(self.__dict__["_origin"], self.path, self.sha256)[3]
    head, tail = frame
    return head if tail is None else head + self.body + tail


def _keep_note_text(self: Note, text: str) -> None:
    """The body is most of a note's text: keep only what frames it (the frontmatter
    block, trailing blank lines), so a scan of 100k notes holds each body once."""
    body = getattr(self, "body", "")
    end = len(text.rstrip())
    start = end - len(body)
    if body and start >= 0 and text.startswith(body, start):
        self._text_frame = (text[:start], text[end:])  # type: ignore[attr-defined]
    else:
        self._text_frame = (text, None)  # type: ignore[attr-defined]


# A property over the dataclass field: `Note(..., text=...)` and `note.text` are unchanged.
Note.text = property(_note_text, _keep_note_text)  # type: ignore[assignment]


@functools.lru_cache(maxsize=1024)
def _reparsed(origin: str, path: str, sha256: str
              ) -> tuple[str, list[Observation], list[Relation], tuple[str, str | None]]:
    """A compact note's parts (body, observations, relations, the frame of its text),
    parsed again; the last thousand kept (a pair's notes are asked for again and again
    while it is scored and shown). Keyed by the scan's sha256 too, so a later scan of an
    edited file never gets an earlier parse."""
    try:
        raw = Path(origin + path if origin.endswith(("/", os.sep)) else origin).read_bytes()
    except OSError:
        return "", [], [], ("", None)
    note = parse_note(path, raw)
    if isinstance(note, NoteProblem):
        return "", [], [], ("", None)
    return note.body, note.observations, note.relations, note.__dict__["_text_frame"]


def _held_or_reparsed(name: str, index: int) -> property:
    slot = "_" + name

    def get(self: Note) -> Any:
        value = self.__dict__.get(slot)
        if value is None and "_origin" in self.__dict__:
            return _reparsed(self.__dict__["_origin"], self.path, self.sha256)[index]
        return value

    def put(self: Note, value: Any) -> None:
        held = self.__dict__
        if "_origin" in held:  # set by hand on a compact note: all four held from now on
            (held["_body"], held["_observations"], held["_relations"],
             held["_text_frame"]) = _reparsed(held.pop("_origin"), self.path, self.sha256)
        held[slot] = value

    return property(get, put)


Note.body = _held_or_reparsed("body", 0)  # type: ignore[assignment]
Note.observations = _held_or_reparsed("observations", 1)  # type: ignore[assignment]
Note.relations = _held_or_reparsed("relations", 2)  # type: ignore[assignment]


@dataclass(frozen=True)
class NoteProblem:
    path: str
    error: str


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def permalink_for_path(path: str) -> str:
    """basic-memory derives the permalink from the file path: folder/stem, lower kebab-case."""
    p = PurePosixPath(path)
    parts = [*p.parent.parts, p.stem] if str(p.parent) != "." else [p.stem]
    return "/".join(_kebab(part) for part in parts)


def _kebab(text: str) -> str:
    text = re.sub(r"([a-z0-9])([A-Z])", r"\1-\2", text)
    text = re.sub(r"[^\w\-.]+|_", "-", text.lower(), flags=re.UNICODE)
    return re.sub(r"-{2,}", "-", text).strip("-")


def parse_tags(value: Any) -> list[str]:
    """Tags may be a YAML list or a comma/space separated string; '#' prefixes dropped."""
    if value is None:
        return []
    items: list[Any]
    if isinstance(value, str):
        items = re.split(r"[,\s]+", value)
    elif isinstance(value, list | tuple | set):
        items = list(value)
    else:
        items = [value]
    out: list[str] = []
    for item in items:
        tag = str(item).strip().lstrip("#").strip()
        if tag and tag not in out:
            out.append(tag)
    return out


def _is_true(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in {"true", "yes", "1"}
    return value is True or value == 1


def _trailing_context(rest: str) -> tuple[str, str | None]:
    """(text, context) of `text (context)`: the last parenthesised part, if it ends the
    line, holds no parentheses and is not all there is."""
    end = rest.rstrip()
    if not end.endswith(")"):
        return rest, None
    opening = end.rfind("(", 0, len(end) - 1)
    if opening < 0 or ")" in end[opening + 1:-1]:
        return rest, None
    head = end[:opening].rstrip()
    if not head:
        return rest, None
    return head, end[opening + 1:-1].strip()


def parse_observation(line: str) -> Observation | None:
    m = _OBSERVATION_HEAD_RE.match(line)
    if not m or m.group(1) in _CHECKBOX:
        return None
    category, rest = m.group(1).strip(), line[m.end():].strip()
    if not rest or rest.startswith("[["):  # a wiki link list item, not an observation
        return None
    rest, context = _trailing_context(rest)
    tags = tuple(_TAG_RE.findall(rest))
    return Observation(category=category, content=rest.strip(), tags=tags, context=context,
                       line=line.strip())


def parse_relation(line: str) -> Relation | None:
    m = _RELATION_HEAD_RE.match(line)
    if not m:
        return None
    tail = line[m.end():].strip()
    if tail and not (tail.startswith("(") and tail.endswith(")")):
        return None
    target = m.group(2).split("|", 1)[0].strip()
    if not target:
        return None
    return Relation(type=m.group(1).strip(), target=target,
                    context=tail[1:-1].strip() or None if tail else None, line=line.strip())


def link_targets(text: str) -> list[str]:
    """Every [[Target]] (alias dropped) and memory:// permalink, in order, unique."""
    out: list[str] = []
    for m in WIKILINK_RE.finditer(text):
        target = m.group(1).split("|", 1)[0].strip()
        if target and target not in out:
            out.append(target)
    for m in MEMORY_URL_RE.finditer(text):
        target = m.group(1).strip().rstrip(".")
        if target and target not in out:
            out.append(target)
    return out


def _scan_body(body: str) -> tuple[list[Observation], list[Relation]]:
    observations: list[Observation] = []
    relations: list[Relation] = []
    in_fence = False
    for line in body.split("\n"):
        stripped = line.lstrip()
        if stripped.startswith(("```", "~~~")):
            in_fence = not in_fence
            continue
        # both patterns need a list marker first (`\s*` strips what lstrip strips)
        if in_fence or stripped[:1] not in ("-", "*"):
            continue
        # Cheap tests first: a relation needs "[[", an observation a "[" right after
        # the marker; most list items are neither, and the regexes cost far more.
        if "[[" in line:
            rel = parse_relation(line)
            if rel is not None:
                relations.append(rel)
                continue
        if stripped[1:].lstrip().startswith("["):
            obs = parse_observation(line)
            if obs is not None:
                observations.append(obs)
    return observations, relations


def decode_note_bytes(raw: bytes) -> str | NoteProblem:
    """Text of a note file, or why it is not one. Path is filled in by the caller."""
    if len(raw) > MAX_NOTE_BYTES:
        return NoteProblem("", f"file too large ({len(raw) // 1024} KiB > "
                               f"{MAX_NOTE_BYTES // 1024} KiB); not a note, left untouched")
    if b"\x00" in raw:
        return NoteProblem("", "binary file (contains NUL bytes); left untouched")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return NoteProblem("", f"not valid UTF-8 (byte {exc.start}); left untouched")
    text = text.removeprefix("\ufeff").replace("\r\n", "\n")
    # A lone CR is a line ending only in a file that has no other (classic Mac OS);
    # inside a line of an LF or CRLF file it is part of the line and stays.
    return text if "\n" in text else text.replace("\r", "\n")


_YAML = frontmatter.YAMLHandler()

MAX_FRONTMATTER_BYTES = 64 * 1024
"""Real frontmatter is a few hundred bytes; a bigger block is data, not metadata."""
MAX_FRONTMATTER_EXPANSION = 200_000
"""Values (plus scalar characters) the frontmatter may stand for once aliases are
expanded. Without aliases 64 KiB of YAML cannot reach it; a "billion laughs" of
nine nested anchors (about 400 bytes) stands for 387 million."""
MAX_FRONTMATTER_DEPTH = 64


class FrontmatterTooComplex(yaml.YAMLError):
    """Frontmatter refused before it is built: too big, too deep, or an alias bomb."""


class _BoundedComposer(yaml.composer.Composer):
    """A composer that weighs every node as the size it expands to.

    PyYAML shares an aliased node, so loading a bomb is cheap; what costs minutes
    and gigabytes is every later walk over the value (str(), copies, JSON). The
    composer knows each node's expanded size from its children's, so a document
    that would expand past the budget is refused while it is still small.
    """

    _sizes: dict[int, int]
    _depth: int

    def compose_node(self, parent: Any, index: Any) -> Any:  # noqa: ANN401 - PyYAML's types
        if self.check_event(yaml.AliasEvent):
            anchor = self.peek_event().anchor
            target = self.anchors.get(anchor)
            if target is not None and id(target) not in self._sizes:
                raise FrontmatterTooComplex(
                    f"frontmatter uses a YAML alias inside its own anchor (*{anchor})")
            return super().compose_node(parent, index)
        self._depth += 1
        if self._depth > MAX_FRONTMATTER_DEPTH:
            raise FrontmatterTooComplex(
                f"frontmatter is nested more than {MAX_FRONTMATTER_DEPTH} levels deep")
        try:
            node = super().compose_node(parent, index)
        finally:
            self._depth -= 1
        if isinstance(node, yaml.ScalarNode):
            size = 1 + len(node.value)
        elif isinstance(node, yaml.SequenceNode):
            size = 1 + sum(self._sizes[id(child)] for child in node.value)
        else:
            size = 1 + sum(self._sizes[id(k)] + self._sizes[id(v)] for k, v in node.value)
        if size > MAX_FRONTMATTER_EXPANSION:
            raise FrontmatterTooComplex(
                f"frontmatter uses too many YAML aliases (it expands to more than "
                f"{MAX_FRONTMATTER_EXPANSION:,} values)")
        self._sizes[id(node)] = size
        return node


class _BoundedLoader(_BoundedComposer, yaml.SafeLoader):
    """SafeLoader with the bounded composer (pure Python: where libyaml is missing)."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._sizes = {}
        self._depth = 0


if getattr(yaml, "__with_libyaml__", False):
    from yaml.cyaml import CParser

    class _FastBoundedLoader(_BoundedComposer, CParser,
                             yaml.constructor.SafeConstructor, yaml.resolver.Resolver):
        """libyaml's parser (events in C: the pure-Python scanner was ~75% of reading
        100k notes) under the same bounded composer and safe constructor. The C
        parser keeps no recursion of its own, so depth is still bounded here."""

        def __init__(self, stream: str) -> None:
            CParser.__init__(self, stream)
            yaml.composer.Composer.__init__(self)
            yaml.constructor.SafeConstructor.__init__(self)
            yaml.resolver.Resolver.__init__(self)
            self._sizes = {}
            self._depth = 0

    _LOADER: type = _FastBoundedLoader
else:  # pragma: no cover - PyYAML built without libyaml
    _LOADER = _BoundedLoader


def load_frontmatter_yaml(text: str) -> Any:
    """The value of a frontmatter block (the YAML between the `---` lines), bounded.

    Every frontmatter load goes through here, so no note can cost more than a
    fraction of a second and a few MB. Raises `yaml.YAMLError` (incl.
    `FrontmatterTooComplex`) on bad or hostile input.
    """
    size = len(text.encode("utf-8", errors="replace"))
    if size > MAX_FRONTMATTER_BYTES:
        raise FrontmatterTooComplex(f"frontmatter is {size // 1024} KiB (at most "
                                    f"{MAX_FRONTMATTER_BYTES // 1024} KiB)")
    try:
        return _load_with(_LOADER, text)
    except FrontmatterTooComplex:
        raise
    except yaml.YAMLError:
        if _LOADER is _BoundedLoader:
            raise
    # Rare: the pure-Python parser's verdict and its message (with the line quoted),
    # exactly as before libyaml was used.
    return _load_with(_BoundedLoader, text)


def _load_with(loader_type: type, text: str) -> Any:
    loader = loader_type(text)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


def split_frontmatter_value(text: str) -> tuple[Any, str, bool]:
    """(frontmatter value, body, has a frontmatter block) of a note's text.

    python-frontmatter's own `loads` silently drops a frontmatter that is not a
    mapping (and loads it unbounded); callers here report it instead. Raises
    `yaml.YAMLError` like `load_frontmatter_yaml`.
    """
    stripped = text.strip()
    if not _YAML.detect(stripped):
        return {}, stripped, False
    try:
        fm, content = _YAML.split(stripped)
    except ValueError:
        return {}, stripped, False
    try:
        value = load_frontmatter_yaml(fm)
    except FrontmatterTooComplex:
        raise
    except yaml.YAMLError:
        repaired = _quoted_colon_values(fm)
        if repaired is None:
            raise
        try:
            value = load_frontmatter_yaml(repaired)
        except yaml.YAMLError:
            value = None
        if not isinstance(value, dict):
            raise
    return ({} if value is None else value), content.strip(), True


_PLAIN_VALUE = re.compile(r"^([A-Za-z_][\w-]*):[ \t]+([^\s'\"\[\]{}|>&*!%@`#].*?)\s*$")


def _quoted_colon_values(fm: str) -> str | None:
    """The frontmatter with each top-level plain value holding ': ' quoted, or None where
    none does. Agents writing notes directly put titles such as `title: Lesson: the jar`
    unquoted: invalid YAML, but the writer's meaning is plain (basic-memory indexes such a
    note as plain text), and a note left out of the scan is a duplicate never found."""
    lines = fm.split("\n")
    changed = False
    for i, line in enumerate(lines):
        m = _PLAIN_VALUE.match(line)
        if m and ": " in m.group(2):
            value = m.group(2).replace("'", "''")
            lines[i] = f"{m.group(1)}: '{value}'"
            changed = True
    return "\n".join(lines) if changed else None


def _split_frontmatter(text: str) -> tuple[Any, str]:
    value, body, _ = split_frontmatter_value(text)
    return value, body


def parse_note(path: str, raw: bytes, *, mtime: float = 0.0,
               ctime: float | None = None) -> Note | NoteProblem:
    """Parse one note. Never raises: bad input becomes a `NoteProblem`."""
    decoded = decode_note_bytes(raw)
    if isinstance(decoded, NoteProblem):
        return NoteProblem(path, decoded.error)
    text = decoded
    try:
        metadata, body = _split_frontmatter(text)
    except FrontmatterTooComplex as exc:
        return NoteProblem(path, f"{exc}; not parsed, left untouched")
    except yaml.YAMLError as exc:
        reason = str(exc).replace("\n", " ")
        reason = re.sub(r"\s+", " ", reason)
        return NoteProblem(path, f"invalid YAML frontmatter: {reason}")
    except Exception as exc:  # yaml raises ValueError etc. on odd scalars (e.g. bad dates)
        return NoteProblem(path, f"invalid YAML frontmatter: {type(exc).__name__}: {exc}")
    if not isinstance(metadata, dict):
        return NoteProblem(path, "invalid YAML frontmatter: not a mapping of keys to values")
    if (unreadable := unreadable_value(metadata)) is not None:
        return NoteProblem(path, f"frontmatter {unreadable}; not parsed, left untouched")
    metadata = {_shared(k): _shared(v, 1) for k, v in metadata.items()}
    has_fm = bool(metadata)
    stem = PurePosixPath(path).stem
    title_value = metadata.get("title")
    title = str(title_value).strip() if title_value not in (None, "") else stem
    permalink_value = metadata.get("permalink")
    permalink = str(permalink_value).strip() if permalink_value else permalink_for_path(path)
    tags = parse_tags(metadata.get("tags"))
    own_created = to_datetime(metadata.get("created"))
    modified, modified_source = own_date(metadata, own_created)
    if modified is None:
        modified = file_time(mtime)
    created = own_created or (
        dt.datetime.fromtimestamp(ctime, dt.UTC).replace(tzinfo=None) if ctime else None)
    important = _is_true(metadata.get("important")) or any(
        t.lower() in {"important", "pinned"} for t in tags)
    observations, relations = _scan_body(body)
    return Note(
        path=path, title=title, type=str(metadata.get("type") or "note"), permalink=permalink,
        tags=[_shared(t) for t in tags], created=created, modified=modified,
        important=important, body=body, metadata=metadata, observations=observations,
        relations=relations,
        links=link_targets(body), sha256=sha256_bytes(raw), size=len(raw),
        has_frontmatter=has_fm, mtime=mtime, text=text,
        locked=_is_true(metadata.get("locked")), modified_source=modified_source,
    )


def _shared(value: Any, depth: int = 0) -> Any:  # noqa: ANN401 - any YAML value
    """A short string (a frontmatter key, type, tag) as the one object every note that
    says it shares, a list of them likewise: at 100k notes each key held once per note
    was ~30 MB. Equal values, so nothing read from them changes."""
    if type(value) is str:
        return sys.intern(value) if len(value) <= 64 else value
    if depth and type(value) is list:
        return [_shared(v) for v in value]
    return value


def _yaml_safe(value: Any) -> Any:
    if isinstance(value, dt.datetime | dt.date):
        return value.isoformat()
    if isinstance(value, dict):
        return {k: _yaml_safe(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_yaml_safe(v) for v in value]
    return value


def render_note(metadata: dict[str, Any], body: str) -> str:
    """Frontmatter + body as basic-memory writes notes (block YAML, key order kept)."""
    fm = yaml.safe_dump(_yaml_safe(metadata), sort_keys=False, allow_unicode=True,
                        default_flow_style=False, width=10_000).rstrip("\n")
    body = body.lstrip("\n")
    if not body.endswith("\n"):
        body += "\n"
    return f"---\n{fm}\n---\n\n{body}"

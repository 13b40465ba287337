"""The one write API: what update and merge write for a group, and link rewriting.

`compose` is called by every writer (apply's plan, the console preview, upsert),
so the preview shows what apply writes; the engine is core/merge/ (its compose
docstring is the API). Link identity (which note a link names) is in links.py.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from pathlib import PurePosixPath
from typing import Any
from urllib.parse import quote, unquote

from .dating import stated_date
from .frontmatter_edit import split_frontmatter
from .links import MEMORY_URL_RE, WIKILINK_RE, note_aliases, note_keys, relation_target, target_key
from .merge import DEFAULT, Choice, Composed, Superseded, UnitNote
from .merge import compose as _compose
from .merge.memo import Memo
from .notes import Note, parse_relation
from .unit_vectors import PREVIEW, UnitVectors, WarmVectors, shared_vectors
from .units import normalise

__all__ = ["Composed", "Superseded", "UnitNote", "compose", "freshest", "link_mapping",
           "normalise", "observation_key", "prefetch_units", "relation_key", "rewrite_links",
           "retitled_mapping", "rewrite_links_text", "split_frontmatter", "title_keys"]

_FENCE = re.compile(r"^\s*(```|~~~)")
_TAG = re.compile(r"(?:^|\s)#([\w][\w/\-]*)")
# Keys a merge never takes from a member: the kept file's identity and dates that
# describe another file.
_IDENTITY_KEYS = {"title", "permalink", "type", "tags", "created", "modified", "updated"}


def observation_key(category: str, content: str) -> str:
    """Category, text and tags; punctuation and tag placement do not matter."""
    tags = sorted({t.lower() for t in _TAG.findall(content)})
    words = normalise(_TAG.sub(" ", content))
    return f"[{normalise(category)}] {words}" + "".join(f" #{t}" for t in tags)


def relation_key(rel_type: str, target: str) -> str:
    return f"{normalise(rel_type)} -> {normalise(target)}"


def freshest(notes: Iterable[Note]) -> Note:
    """The note whose content is newest (its stated date, see body_merge.stated_date);
    the first one wins ties."""
    best: Note | None = None
    for n in notes:
        if best is None or stated_date(n) > stated_date(best):
            best = n
    assert best is not None
    return best


# ------------------------------------------------------------ link rewriting

def _rewrite_body(body: str, mapping: dict[str, Note], self_note: Note | None
                  ) -> tuple[str, int]:
    count = 0
    out: list[str] = []
    rels: dict[str, bool] = {}  # relation (type, target) -> a rewrite wrote it
    in_fence = in_comment = False
    # the linking note's folder: a Markdown link's path is relative to it (None: no note)
    here = posixpath.dirname(self_note.path) if self_note is not None else None
    for line in body.split("\n"):
        if _FENCE.match(line):
            in_fence = not in_fence
            out.append(line)
            continue
        if in_fence:
            out.append(line)
            continue
        hits = 0
        self_rel = False

        def wiki(m: re.Match[str]) -> str:
            nonlocal hits
            inner = m.group(1)
            target, bar, alias = inner.partition("|")
            anchor = ""
            canon = mapping.get(target.strip().lower())
            if canon is None and "#" in target:
                base, _, frag = target.partition("#")
                canon = mapping.get(base.strip().lower())
                anchor = "#" + frag
            if canon is None:
                return m.group(0)
            new = f"[[{link_name(canon)}{anchor}{bar}{alias}]]"
            if new != m.group(0):
                hits += 1
            return new

        def memory(m: re.Match[str]) -> str:
            nonlocal hits
            target = m.group(1)
            trail = ""
            while target.endswith("."):
                target, trail = target[:-1], trail + "."
            canon = mapping.get(target.lower()) or mapping.get(f"{target.lower()}.md")
            if canon is None:
                return m.group(0)
            new = f"memory://{canon.permalink}{trail}"
            if new != m.group(0):
                hits += 1
            return new

        def markdown(m: re.Match[str]) -> str:
            nonlocal hits
            canon = _md_target(m.group(2), mapping, here)
            if canon is None:
                return m.group(0)
            to = posixpath.relpath(canon.path, here or ".")
            # (a space or a bracket ends a link's path: written encoded, as is the rest
            # where the link was)
            to = quote(to, safe="/._-~") if "%" in m.group(2) else \
                to.replace(" ", "%20").replace("(", "%28").replace(")", "%29")
            new = f"{m.group(1)}({to}{m.group(3) or ''}{m.group(4) or ''})"
            if new != m.group(0):
                hits += 1
            return new

        def links(part: str) -> str:
            part = MEMORY_URL_RE.sub(memory, WIKILINK_RE.sub(wiki, part))
            return MD_LINK_RE.sub(markdown, part) if here is not None else part

        new_line, in_comment = _comment_lines(line, in_comment, links)
        if hits and self_note is not None:
            target = relation_target(new_line)
            self_rel = target is not None and target.lower() in note_keys(self_note)
        count += hits
        if self_rel:
            continue  # a relation of the merged note to itself
        if _repeated_relation(new_line, bool(hits), rels):
            continue  # two names of one note became one: the relation is written once
        out.append(new_line)
    return "\n".join(out), count


# [text](path.md#anchor "title"): a link by file path, relative to the linking note
MD_LINK_RE = re.compile(r"(\[[^\]\n]*\])\(([^()\s<>]+?\.md)(#[^()\s]*)?(\s+\"[^\"]*\")?\)",
                        re.IGNORECASE)
_LINK_UNSAFE = re.compile(r"[\[\]|#]")


def link_name(note: Note) -> str:
    """The name a rewritten [[link]] gives `note`: its title, or its permalink where the
    title holds what a link cannot ("Build | Deploy", "Pricing [EU]": basic-memory
    resolved neither once written into a link)."""
    return note.permalink if _LINK_UNSAFE.search(note.title) and note.permalink \
        else note.title


def _md_target(target: str, mapping: dict[str, Note], here: str | None) -> Note | None:
    """The retired note a Markdown link's path names (relative to the linking note's
    folder `here`); None for a URL, a path leaving the project or another file."""
    if here is None or re.match(r"[a-z][a-z0-9+.-]*:", target, re.I) \
            or target.startswith("/"):
        return None
    path = posixpath.normpath(posixpath.join(here, unquote(target)))
    if path == ".." or path.startswith("../"):
        return None
    return mapping.get(path.lower())


_COMMENT = re.compile(r"<!--.*?-->")
_COMMENT_CLOSE = "-->"


def _comment_lines(line: str, inside: bool, rewrite: Callable[[str], str]
                   ) -> tuple[str, bool]:
    """`line` with `rewrite` applied outside HTML comments, and whether the next line
    opens inside one (`inside`: this one does). A comment is a `<!-- ... -->` pair
    outside code spans, or a `<!--` opening the line (an HTML block, which may run over
    lines); a `<!--` alone elsewhere (in a code span, a URL) is text. A link in a
    comment is no link: basic-memory indexes none."""
    head = ""
    if inside:
        end = line.find(_COMMENT_CLOSE)
        if end < 0:
            return line, True
        head, line = line[:end + len(_COMMENT_CLOSE)], line[end + len(_COMMENT_CLOSE):]
    if line.lstrip(" ").startswith("<!--") and len(line) - len(line.lstrip(" ")) <= 3 \
            and _COMMENT_CLOSE not in line[line.index("<!--") + 4:]:
        return head + line, True
    return head + _outside(_CODE_SPAN, line, lambda part: _outside(_COMMENT, part, rewrite)), \
        False


# an inline code span: a link written as code (`` `[[Old title]]` `` in a how-to) is
# text, quoted, not a link
_CODE_SPAN = re.compile(r"(`+)(?!`).*?(?<!`)\1(?!`)")


def _outside(pattern: re.Pattern[str], line: str, rewrite: Callable[[str], str]) -> str:
    """`line` with `rewrite` applied outside the matches of `pattern` (left as written)."""
    out, at = [], 0
    for m in pattern.finditer(line):
        out += [rewrite(line[at:m.start()]), m.group(0)]
        at = m.end()
    out.append(rewrite(line[at:]))
    return "".join(out)


def _repeated_relation(line: str, rewritten: bool, seen: dict[str, bool]) -> bool:
    """A relation line the note already has, once a retired note's links name its kept
    note (`relates_to [[Old name]]` beside `relates_to [[Kept]]`): written once. Only the
    same relation (one type, one target) made one by a rewrite, and only a bare one: a
    note's own lines are its own, another type says another thing (`manages` is no
    `audits`), and a line with a "(context)" says more than the one before it (two
    fuzzing passes found such lines deleted from notes outside the group, basic-memory
    then reading relations fewer). A list item with links in its prose ("- See [[A]]
    and [[B]]") is no relation."""
    rel = parse_relation(line)
    if rel is None:
        return False
    key = relation_key(rel.type, target_key(rel.target))
    if rel.context is None and key in seen and (rewritten or seen[key]):
        return True
    seen[key] = seen.get(key, False) or rewritten
    return False


def link_mapping(retired: dict[str, Note], canonical_of: dict[str, Note],
                 protected: set[str] = frozenset(),  # type: ignore[assignment]
                 permalinks: set[str] = frozenset()) -> dict[str, Note]:  # type: ignore[assignment]
    """Lower-case link key -> canonical note, for every retired note.

    `protected` holds keys naming notes that stay (other than the canonical):
    such an ambiguous key is never rewritten. `permalinks`: the staying notes'
    permalinks (lower case), which basic-memory matches a link's slug against first.
    """
    mapping: dict[str, Note] = {}
    for path, note in retired.items():
        canon = canonical_of[path]
        mine = note_keys(canon)
        for key in note_keys(note):
            if key in protected and key not in mine:
                continue
            # a name basic-memory reads as another note's permalink first ("Kiln
            # Firing Schedule" -> kiln-firing-schedule, a note that stays): that note's
            # link, not the retired one's (a fuzzing pass)
            slug = target_key(key) if "/" not in key and not key.endswith(".md") else ""
            if slug and slug != key and slug in permalinks and slug not in mine:
                continue
            mapping[key] = canon
    return mapping


def title_keys(note: Note) -> set[str]:
    """The link names that name `note` by its title (`Title`, `folder/Title`), lower case:
    the names that stop naming it when it is written under another title."""
    parent = str(PurePosixPath(note.path).parent)
    keys = {note.title.strip().lower()}
    if parent != ".":
        keys.add(f"{parent}/{note.title}".strip().lower())
    return keys - {""}


def retitled_mapping(mapping: dict[str, Note], kept: Note, title: str | None,
                     protected: set[str] = frozenset()) -> dict[str, Note]:  # type: ignore[assignment]
    """`mapping` (link_mapping) once the kept file is written under `title`
    (merge/title.py): links to the retired notes name the new title, and so do links to
    the kept file's old title, which would otherwise name no note. `protected`: names
    another note that stays answers to, left alone. Its path and permalink stay, so
    links by them still resolve and are not touched."""
    if not title or title == kept.title:
        return mapping
    new = replace(kept, title=title)
    out = {k: (new if v.path == kept.path else v) for k, v in mapping.items()}
    for key in title_keys(kept) - title_keys(new) - protected:
        out.setdefault(key, new)
    return out


def rewrite_links_text(text: str, mapping: dict[str, Note], self_note: Note | None = None
                       ) -> tuple[str, int]:
    """Links in the body of `text` rewritten by `mapping`; frontmatter is left alone."""
    if not mapping:
        return text, 0
    head, body = split_frontmatter(text)
    new_body, count = _rewrite_body(body, mapping, self_note)
    return (head + new_body if count else text), count


def rewrite_links(note: Note, retired: dict[str, Note], canonical: Note) -> tuple[str, int]:
    """`note`'s text with links to any retired note pointing at `canonical` instead.

    Covers `[[Title]]`, `[[Title|alias]]` (alias kept), `[[folder/Title]]`,
    `[[permalink]]`, `[[path.md]]`, `memory://permalink` and relation lines. When
    `note` is the canonical itself, relations that would point at itself are removed.
    """
    mapping = link_mapping(retired, {p: canonical for p in retired})
    self_note = canonical if note.path == canonical.path else None
    return rewrite_links_text(note.text, mapping, self_note)


# ------------------------------------------------------- the one write API

def prefetch_texts(notes: Iterable[Note]) -> list[str]:
    """Every text of `notes` a compose of their group may embed (units and headings),
    each once: the versions of one note repeat most of their sentences, and a unit is
    often its own said and unnamed text (a 3 x 600-word group lists ~450 texts, ~200
    of them distinct), so a budget counted in this list's length is a budget of texts
    to embed, not of repeats."""
    from .merge.document import parse
    from .merge.facts import unnamed
    from .merge.lexicon import ENGLISH
    from .merge.older_only import clauses
    from .merge.pass_units import said
    from .merge.said_in_frame import row_as_read

    texts: list[str] = []
    docs = [parse(n.path, split_frontmatter(n.text)[1]) for n in notes]
    for doc in docs:
        texts += [u.text for u in doc.units if u.kind != "code"]
        # older_only.said_again compares with the base's clauses as well as its units
        texts += [c for u in doc.units if u.kind != "code" for c in clauses(u.text)[1:]]
        texts += [said(u) for u in doc.units if u.kind == "obs"]
        texts += [s.title for s in doc.sections if s.title]
    # pass_said_over compares older observations, sentences and items with the newest's
    # units, values and names taken out
    texts += [unnamed(said(u), ENGLISH) for doc in docs for u in doc.units
              if u.kind not in ("code", "rel")]
    # ... and with a newest table row read cell by cell after its heading (said_in_frame)
    texts += [unnamed(row_as_read(doc.blocks[u.block].header, u.text), ENGLISH)
              for doc in docs for u in doc.units if u.kind == "row"]
    # A compose embeds at most embed_budget texts (beyond it, it judges by words), so
    # warming a huge group's thousands of units would only spend minutes of CPU.
    return list(dict.fromkeys(texts)) if len(texts) <= DEFAULT.embed_budget else []


def prefetch_units(notes: Iterable[Note], vectors: UnitVectors | None = None, *,
                   priority: int = PREVIEW, cancelled: Callable[[], bool] | None = None
                   ) -> int:
    """Embed, in one batch, every text of `notes` a compose may embed (prefetch_texts),
    so that a later compose (a preview) of their group runs on cached vectors. The
    console calls it in workers once a scan has found the groups, for the group on
    screen and those the person meets next, at a lower `priority` (see
    UnitVectors.ensure), then composes them to make the few texts left (clauses).
    Returns how many texts this call embedded."""
    vectors = vectors or shared_vectors()
    before = vectors.embedded
    vectors.ensure(prefetch_texts(notes), priority=priority, cancelled=cancelled)
    return vectors.embedded - before


def compose(action: str, canonical: Note, others: list[Note], *, kept: Note | None = None,
            now: Any = None, vectors: UnitVectors | WarmVectors | None = None,
            targets: Mapping[str, str] | None = None,
            choices: Mapping[str, Choice] | None = None, text: str | None = None,
            carry_model: Any = "shipped", memo: Memo | None = None,
            stale_renames: bool = True) -> Composed:
    """What `action` (update | merge) writes for a group: core.merge.compose (its
    docstring is the API) with the group's names, so links among the members are
    not facts. `canonical` is the base for both actions. `memo`: results kept by their
    inputs (core/merge/memo.py; the console passes the process's)."""
    group = [canonical, *others] + ([kept] if kept is not None else [])
    group_keys: set[str] = set()
    for n in group:
        for k in note_keys(n) | {a.lower() for a in note_aliases(n)}:
            group_keys |= {k, normalise(k), target_key(k)}
        group_keys.add(f"note:{n.path}")
    return _compose(action, canonical, others, kept=kept, now=now, vectors=vectors,
                    targets=targets, choices=choices, text=text, group_keys=group_keys,
                    carry_model=carry_model, memo=memo, stale_renames=stale_renames)

"""Link lines: a sentence or list item whose point is a link ("See also [[Reed
Sourcing and Prices]] for the yard.", "Ties in with [[First Ferment Procedure]].",
"Update to [[Fabric Supplier Arrangements]] after the spring terms letter."). Found
by structure, not by its words: its first link comes within
Thresholds.link_lead_words words, and it states no fact but its links and names.
Such a line is the prose form of a relation, so it is judged as one (link_line_verdict,
which pass 3 asks first, with relation_of and what names only the group's members):
to a member of the group it links the merged note itself; to a note the newest
already links, or one its own note relates to (that relation's verdict accounts for
the link), it says nothing more; else it is carried, and written beside the
newest's intro when it came from an older intro (pass_lead), not as a loose
paragraph in whatever body section is nearest in meaning (issue 18)."""

from __future__ import annotations

import re

from ..links import WIKILINK_RE, resolve
from ..notes import parse_relation
from .context import MergeContext, Ref
from .ledger import LedgerEntry
from .older_only import new_facts
from .pass_units import as_written, entry_for

_LINKED = frozenset({"sentence", "item"})
_WORD = re.compile(r"[^\W\d_]+")


def _link(value: str) -> bool:
    """A fact that is a link (an email address is a contact the line gives, no link)."""
    return value.startswith("link:") and not value.startswith("link:mailto:")


def link_targets(ctx: MergeContext, r: Ref) -> list[str] | None:
    """The notes a link line names (resolved: one note under two names is one), None
    when `r` is no link line. A line giving a number, a code span, a label or a
    decision besides its links states a fact of its own: no link line."""
    if r.unit.kind not in _LINKED:
        return None
    text = r.unit.text
    first = WIKILINK_RE.search(text)
    if first is None or len(_WORD.findall(text[:first.start()])) > \
            ctx.thresholds.link_lead_words:
        return None
    if r.facts.decision or r.facts.label is not None or any(
            not _link(v) and not v.startswith("name:") for v in r.facts.values):
        return None
    return [resolve(t.split("|", 1)[0].split("#", 1)[0], ctx.targets)
            for t in WIKILINK_RE.findall(text)]


def linked_by(ctx: MergeContext, refs: list[Ref]) -> dict[str, Ref]:
    """Resolved link target -> the first of `refs` (body units and relations) linking
    it."""
    out: dict[str, Ref] = {}
    for r in refs:
        text = "\n".join(r.unit.raw) if r.unit.kind == "rel" else r.unit.text
        for t in WIKILINK_RE.findall(text):
            out.setdefault(resolve(t.split("|", 1)[0].split("#", 1)[0], ctx.targets), r)
    return out


def alone_on_its_lines(ctx: MergeContext, r: Ref) -> bool:
    """No other unit of the base shares the lines of base unit `r` (render leaves out
    a dropped base unit by its lines)."""
    return not any(b.key != r.key and b.unit.start < r.unit.end and r.unit.start < b.unit.end
                   for b in ctx.base_refs())


def relation_of(ctx: MergeContext, line: str) -> tuple[str, str] | None:
    """(type, the note it names) of a relation line; one note under two names is one."""
    rel = parse_relation(line)
    if rel is None:
        return None
    return rel.type.strip().lower().replace(" ", "_"), resolve(rel.target, ctx.targets)


def names_only_members(ctx: MergeContext, r: Ref) -> bool:
    """A base sentence or item that only links members ("Replaces [[Rota v1]]."): once
    they are one note it names itself. A few words besides the links (a relation, "see
    also") say nothing else; a longer line has a fact of its own and is kept."""
    if r.unit.kind not in ("sentence", "item"):
        return False
    text = "\n".join(r.unit.raw)
    targets = WIKILINK_RE.findall(text)
    if not targets or any(resolve(t, ctx.targets) not in ctx.group_keys for t in targets):
        return False
    rest = re.findall(r"[^\W\d_]+", WIKILINK_RE.sub(" ", text))
    return len(rest) <= 3


def links_members(ctx: MergeContext, r: Ref) -> bool:
    """A link line (link_lines.link_targets: "Update to [[Rota v1]] after the spring
    letter.") all of whose links name members: once they are one note it names
    itself, and the rest of it says how it related to them."""
    targets = link_targets(ctx, r)
    return bool(targets) and all(t in ctx.group_keys for t in targets or ())


def link_line_verdict(ctx: MergeContext, r: Ref, stated: set[str],
               base_links: dict[str, Ref]) -> LedgerEntry | None:
    """The verdict on an older link line, judged as the relation it is the prose of:
    to members only, dropped (it names the merged note itself); when every other note
    it links the newest links too (a body link or a relation), present; when its own
    note relates to each of those the newest does not link, present in that relation
    (whose verdict stands for the link: kept once, as a relation). A line naming
    anything the newest states nowhere besides its links is judged as prose."""
    targets = link_targets(ctx, r)
    if not targets or any(not _link(v) for v in new_facts(ctx, r, stated)):
        return None
    if all(t in ctx.group_keys for t in targets):
        return entry_for(r, "dropped", why="a link to the merged note itself")
    others = [t for t in dict.fromkeys(targets) if t not in ctx.group_keys]
    own = linked_by(ctx, [o for o in ctx.refs[r.path] if o.unit.kind == "rel"])
    if any(t not in base_links and t not in own for t in others):
        return None
    by = next((base_links[t] for t in others if t in base_links), None)
    if by is not None and all(t in base_links for t in others):
        return entry_for(r, "present", by=by.key, by_text=as_written(by),
                         why="a link line: the newest links that note already")
    rel = next(own[t] for t in others if t not in base_links)
    return entry_for(r, "present", by=rel.key, by_text=as_written(rel),
                     why="a link line: its note's relation to that note stands for it")

"""Link lines: a sentence or list item whose point is a link ("See also [[Reed
Sourcing and Prices]] for the yard.", "Ties in with [[First Ferment Procedure]].",
"Update to [[Fabric Supplier Arrangements]] after the spring terms letter."). Found
by structure, not by its words: its first link comes within
Thresholds.link_lead_words words, and it states no fact but its links and names.
Such a line is the prose form of a relation, so it is judged as one (pass_verdicts):
to a member of the group it links the merged note itself; to a note the newest
already links, or one its own note relates to (that relation's verdict accounts for
the link), it says nothing more; else it is carried, and written beside the
newest's intro when it came from an older intro (pass_lead), not as a loose
paragraph in whatever body section is nearest in meaning (issue 18)."""

from __future__ import annotations

import re

from ..links import WIKILINK_RE, resolve
from .context import MergeContext, Ref

_LINKED = frozenset({"sentence", "item"})
_WORD = re.compile(r"[^\W\d_]+")


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
            not v.startswith(("link:", "name:")) for v in r.facts.values):
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

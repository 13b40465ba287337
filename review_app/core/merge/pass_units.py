"""Pass 1: every unit of every member gets its ledger key and its facts; the base's
units are entered as stated."""

from __future__ import annotations

from .context import MergeContext, Ref
from .document import Unit
from .facts import Facts, facts_of
from .ledger import LedgerEntry, entry_key


def run(ctx: MergeContext) -> None:
    for doc in [ctx.base, *(d for _, d in ctx.older)]:
        seen: dict[str, int] = {}
        refs: list[Ref] = []
        for k, sec in enumerate(doc.sections):
            for b in sec.blocks:
                for u in doc.blocks[b].units:
                    key = entry_key(doc.path, u.kind, u.norm, seen)
                    facts = facts_of(said(u), ctx.lexicon, ctx.thresholds.label_chars,
                                     label_words=ctx.thresholds.label_words)
                    if facts.decision or decisions_heading(sec.title, ctx):  # a decision is a
                        facts = Facts(facts.values | {"decision:" + u.norm}, facts.label, True)
                    if u.kind == "code":  # a command or a listing is a fact as a whole
                        facts = Facts(frozenset({"code:" + " ".join(u.text.split())}),
                                      None, False)
                    refs.append(Ref(key, doc.path, u, facts, k, sec.title))
        ctx.refs[doc.path] = refs
    for r in ctx.base_refs():
        ctx.entries[r.key] = LedgerEntry(r.key, "stated", r.path, r.unit.kind, as_written(r),
                                         r.section_title, tuple(sorted(r.facts.values)))


def decisions_heading(title: str, ctx: MergeContext) -> bool:
    """A section of decisions ("Decisions", "Not doing (yet)", "Out of scope")."""
    low = " ".join(title.lower().replace("(", " ").replace(")", " ").split())
    return any(h in low for h in ctx.lexicon.decision_headings)


def said(u: Unit) -> str:
    """What a unit says: an observation's category names a kind of fact, it is not one."""
    return u.text.split("]", 1)[-1].strip() if u.kind == "obs" else u.text


def as_written(r: Ref) -> str:
    """The unit's text as the note has it: a sentence alone, any other unit its lines."""
    return r.unit.text if r.unit.kind == "sentence" else "\n".join(r.unit.raw).strip()


def entry_for(r: Ref, status: str, **kw) -> LedgerEntry:  # noqa: ANN003
    if kw.get("by_text") is not None:
        kw["by_text"] = kw["by_text"].strip()
    return LedgerEntry(r.key, status, r.path, r.unit.kind, as_written(r),  # type: ignore[arg-type]
                       r.section_title, tuple(sorted(r.facts.values)), **kw)

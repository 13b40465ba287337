"""The fact ledger compose returns: what became of every unit of every member.

Each entry has a stable `key` (the member's path, the unit's kind and a hash of its
normalised text, plus `~N` for a repeat within one note), so a person's choice made
on one preview still names the same unit when the group is composed again (by apply,
by `apply --plan`, in another session) as long as that note is unchanged.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Literal

Status = Literal["stated", "present", "superseded", "carried", "dropped"]
UnitKind = Literal["sentence", "item", "step", "check", "row", "code", "obs", "rel",
                   "footnote", "other"]
BlockKind = Literal["para", "list", "numbered", "checklist", "table", "fence", "code",
                    "footnotes", "other"]
# carried/dropped entries take "carry" | "drop"; superseded entries "newer" | "older"
Choice = Literal["carry", "drop", "newer", "older"]
ORDERED: frozenset[str] = frozenset({"numbered", "checklist", "table", "fence", "code"})
# A step or row is read by its place in its block: the newest's is never rewritten from
# an older note (issue 18 item 3), an older one saying it with more is held back; save
# a step or item the older one says word for word and then goes on from (pass_extended).
NEVER_REWRITTEN: frozenset[str] = frozenset({"step", "row"})


OPEN_QUESTION = "an older draft's open question"  # pass_questions' verdict


def entry_key(source: str, kind: str, norm_text: str, seen: dict[str, int]) -> str:
    digest = hashlib.sha1(f"{kind}\n{norm_text}".encode()).hexdigest()[:10]
    key = f"{source}:{kind}:{digest}"
    seen[key] = seen.get(key, 0) + 1
    return key if seen[key] == 1 else f"{key}~{seen[key]}"


@dataclass
class LedgerEntry:
    """One unit of one member and its verdict.

    stated: the base says it (it is written as the base has it); present: an older
    unit whose facts (or, without facts, whose meaning) the base states; superseded:
    the base states another value of the same thing (`by`: the base entry's key);
    carried: an older fact nothing in the base speaks to, written at the end of its
    aligned section; dropped: not written (wording only, or an ordered block's step,
    row or item the base's own block lacks: a carry-over candidate, `block` names it).
    """

    key: str
    status: Status
    source: str  # path of the member the unit comes from
    kind: UnitKind
    text: str  # the unit as written in its note
    section: str  # its section's heading ("" for the title/intro section)
    facts: tuple[str, ...] = ()
    by: str | None = None  # superseded/present: the base entry that states it
    by_text: str | None = None
    block: str | None = None  # the ordered block a unit belongs to, as a reader names it
    why: str = ""
    chosen: bool = False  # the verdict is the person's choice, not the engine's
    flips: tuple[Choice, ...] = ()  # the choices this entry accepts
    held: bool = False  # dropped because the engine is unsure: the person settles it
    # carried: the sentence as written when a clause of it is stale (pass_trimmed);
    # `text` stays the whole unit, which the person's "carry" restores
    written: str | None = None

    @property
    def awaits_person(self) -> bool:
        """Left out only until a person says: held back for them, or an older draft's
        open question (in an upsert, the matched note's own open items)."""
        return self.status == "dropped" and not self.chosen and (
            self.held or self.why == OPEN_QUESTION)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"key": self.key, "status": self.status, "source": self.source,
                               "kind": self.kind, "text": self.text, "section": self.section}
        for name in ("by", "by_text", "block", "why", "written"):
            if getattr(self, name):
                out[name] = getattr(self, name)
        if self.facts:
            out["facts"] = list(self.facts)
        if self.chosen:
            out["chosen"] = True
        if self.flips:
            out["flips"] = list(self.flips)
        if self.held:
            out["held"] = True
        return out


@dataclass
class Ledger:
    base: str  # path of the note whose body is the base
    base_reason: str
    entries: list[LedgerEntry] = field(default_factory=list)
    edited: bool = False  # the person's edited text replaced the composed one
    bounded: list[str] = field(default_factory=list)  # parts judged under a budget
    # (old, new) when the kept file is written under another title (merge/title.py)
    title: tuple[str, str] | None = None
    # whose title the written note carries and why, when the body is not the kept
    # file's own (title.title_choice): one title over one body, said
    title_why: str = ""

    def by_status(self, status: Status) -> list[LedgerEntry]:
        return [e for e in self.entries if e.status == status]

    def get(self, key: str) -> LedgerEntry | None:
        return next((e for e in self.entries if e.key == key), None)

    def choosable(self) -> list[LedgerEntry]:
        """The rows a person can flip: carried and dropped older units, superseded pairs."""
        return [e for e in self.entries if e.flips]

    def to_json(self) -> dict[str, Any]:
        return {"base": self.base, "base_reason": self.base_reason, "edited": self.edited,
                "entries": [e.to_json() for e in self.entries if e.status != "stated"],
                "stated": len(self.by_status("stated"))} | (
                    {"bounded": self.bounded} if self.bounded else {}) | (
                    {"title": list(self.title)} if self.title else {}) | (
                    {"title_why": self.title_why} if self.title_why else {})

    def lines(self) -> list[str]:
        """The ledger as `v`, `apply --dry-run` and the apply report print it."""
        return ledger_lines(self.to_json())


ROLE_REPLACED = "the newest names another person in that role"
"""The verdicts pass's reason for an older unit whose role the newest gives another."""
WORDING_ONLY = "wording only"
"""The verdicts pass's reason for an older unit that states no fact the newest lacks."""
LEANS_ON_REPLACED = "it goes on about what the sentence before it said, now replaced"
ANOTHER_VALUE = "the newest note states another value"
"""Its reason for an older sentence with no new fact that leans on the superseded
sentence before it ("Rooms at the Hilton. The hotel is ..."): it shares that
sentence's fate, so alone_facts carries it when it carries that sentence."""
SAID_ITS_WAY = "the newest note says it its way"
"""Its reason for an older statement with no new fact that a base unit speaks of in
other words (superseded by it; older_only.said_again may find it said again)."""


def title_line(title: list[str] | tuple[str, str]) -> str:
    """The retitle as the preview, the confirmation and the apply report say it."""
    return f"title: {title[0]} -> {title[1]}"


def title_why_line(why: str) -> str:
    """Whose title the written note carries, and why."""
    return f"title written: {why}"


def ledger_lines(doc: dict[str, Any]) -> list[str]:
    """Ledger.to_json() as text lines (the apply report has only the JSON)."""
    entries = doc.get("entries", [])
    out = [f"base: {doc.get('base')} ({doc.get('base_reason')})"
           + ("; text edited by you" if doc.get("edited") else "")]
    counts = {"stated": doc.get("stated", 0)}
    for s in ("present", "superseded", "carried", "dropped"):
        counts[s] = sum(1 for e in entries if e["status"] == s)
    out.append("facts: " + ", ".join(f"{n} {s}" for s, n in counts.items()))
    if doc.get("title"):
        out.append(title_line(doc["title"]))
    if doc.get("title_why"):
        out.append(title_why_line(doc["title_why"]))
    out += [f"budget: {b}" for b in doc.get("bounded", [])]
    mark = {"carried": "+", "superseded": "~", "dropped": "-", "present": "="}
    for e in entries:
        # A unit left out for adding no fact (often the base says it in other words) is
        # not "dropped" to a reader: it is not carried.
        wording = e["status"] == "dropped" and WORDING_ONLY in (e.get("why") or "")
        label = "not carried" if wording and not e.get("chosen") else e["status"]
        if e.get("held") and e["status"] == "dropped" and not e.get("chosen"):
            label = "held back"
        line = f"{mark[e['status']]} {label}: {e['text']}  ({e['source']}"
        if e.get("section"):
            line += f", {e['section']}"
        line += ")"
        if e["status"] == "superseded" and e.get("by_text"):
            line += f"  by: {e['by_text']}"
        if e.get("block"):
            line += f"  [{e['block']}]"
        if e.get("why"):
            line += f"  - {e['why']}"
        if e.get("chosen"):
            line += "  (your choice)"
        if e.get("flips"):
            line += f"  key {e['key']}"
        out.append(line)
    return out

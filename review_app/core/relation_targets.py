"""Relation targets as notes, and when two relations of one type are two values of one fact.

Relations are merged one per (type, resolved target). A resolved target is a note
where the caller knows the notes (title, permalink, path and alias forms of one note
are one target), else the name's `target_key`. Two relations of one type to two
targets are two facts ("relates_to [[X]]", "relates_to [[Y]]") unless the notes say
the value changed; see `changed_value`.
"""

from __future__ import annotations

import re
from collections import ChainMap
from collections.abc import Mapping, MutableMapping, Sequence
from typing import cast

from rapidfuzz import fuzz

from .align import CLAIM_MASKED_FUZZ, target_key
from .notes import _MEMORY_URL_RE, _WIKILINK_RE


def _slug(text: str) -> str:
    return "-" + re.sub(r"[^\w]+", "-", text.lower()).replace("_", "-").strip("-") + "-"


class Targets:
    """Relation targets as note identities: the name forms (title, permalink, path,
    aliases) of one note are one target, where the caller knows the notes (`index`:
    lower-case name form -> note id); any other name is its `target_key`."""

    def __init__(self, index: Mapping[str, str], overlay: Mapping[str, str] | None = None
                 ) -> None:
        """`overlay` (the group's own names) wins over `index` (the project's). The project
        index is read in place and its name forms are gathered once per index, not on
        every compose (~30 ms on a 10k-note project)."""
        # ChainMap wants mutable maps but only reads them here: the index is never written.
        self.index = ChainMap(dict(overlay or {}), cast(MutableMapping[str, str], index))
        self._forms = (_forms_of(overlay or {}), _cached_forms(index))

    def forms(self, nid: str) -> set[str]:
        """The name forms naming note `nid`."""
        over, project = self._forms
        return over.get(nid, set()) | {n for n in project.get(nid, ()) if self.index[n] == nid}

    def id(self, name: str) -> str:
        raw = name.strip().lower().split("|", 1)[0].split("#", 1)[0].strip()
        for k in (raw, raw.removesuffix(".md"), target_key(raw)):
            if k in self.index:
                return "note:" + self.index[k]
        return target_key(raw)

    def mentions(self, text: str, name: str) -> bool:
        """`text` names the target: a link to it, or one of its names in its words."""
        nid = self.id(name)
        if any(self.id(link) == nid for link in _link_targets(text)):
            return True
        hay = _plain_slug(text)
        return any(s in hay for s in self._name_slugs(name))

    def _name_slugs(self, name: str) -> list[str]:
        nid = self.id(name)
        names = {name.split("|", 1)[0].split("#", 1)[0].rsplit("/", 1)[-1]}
        if nid.startswith("note:"):
            names |= {n.rsplit("/", 1)[-1] for n in self.forms(nid[5:])}
        slugs = [s for s in map(_slug, names) if len(s.strip("-")) >= 3]
        return sorted(slugs, key=len, reverse=True)

    def masked(self, text: str, name: str) -> str:
        """`text`'s words with the target's names (and links to it) as "target"."""
        hay = _plain_slug(text)
        for s in self._name_slugs(name):
            hay = hay.replace(s, "-target-")
        return hay.strip("-").replace("-", " ")


def _forms_of(index: Mapping[str, str]) -> dict[str, set[str]]:
    forms: dict[str, set[str]] = {}
    for name, nid in index.items():
        forms.setdefault(nid, set()).add(name)
    return forms


_recent: list[tuple[Mapping[str, str], dict[str, set[str]]]] = []
"""The name forms of the last few project indexes (a console session's, a plan's), held
with the index itself so its identity stays its own; callers never change an index they
have passed."""


def _cached_forms(index: Mapping[str, str]) -> dict[str, set[str]]:
    for seen, forms in _recent:
        if seen is index:
            return forms
    forms = _forms_of(index)
    _recent.insert(0, (index, forms))
    del _recent[4:]
    return forms


def _plain_slug(text: str) -> str:
    return _slug(_WIKILINK_RE.sub(lambda m: " " + m.group(1).split("|")[-1] + " ", text))


def same_claim_but_target(new: str, base: str, ours: str, theirs: str, targets: Targets
                          ) -> bool:
    """`new` names our target where `base` names theirs, in the same words otherwise:
    one claim with another value ("coordinates the volunteers at the Northside food
    bank" / "... at the Riverside pantry")."""
    said = targets.mentions
    if not (said(new, ours) and said(base, theirs)) or said(new, theirs) or said(base, ours):
        return False
    a, b = targets.masked(new, ours), targets.masked(base, theirs)
    return min(len(a.split()), len(b.split())) >= 3 and fuzz.token_set_ratio(
        a, b) >= CLAIM_MASKED_FUZZ


def _link_targets(text: str) -> list[str]:
    return [m.group(1) for m in _WIKILINK_RE.finditer(text)] + [
        m.group(1).rstrip(".") for m in _MEMORY_URL_RE.finditer(text)]



# Words that say a value was replaced ("instead of", "when Sam moved", "took over").
_CHANGE_CUE = re.compile(
    r"\b(?:instead|replac\w*|switch\w*|migrat\w*|moved|left|leaving|stepped|took over|"
    r"taken over|handed|previously|formerly|former|no longer|succeed\w*|successor)\b", re.I)


def changed_value(mine: Sequence[str], written: Sequence[str],
                  pairs: Sequence[tuple[str, str, bool]], targets: Targets) -> bool | None:
    """Whether the member's relation is the newer value of the written one: True
    (newer), False (older), None (not one fact: keep both).

    `mine` / `written`: the targets of this relation type in the member and in the
    note being written. `pairs`: (older text, newer text, the newer restates all of
    the older) for each unit of the member aligned with a written one. One fact only
    when each note holds exactly one relation of the type, and an aligned pair names
    the older target in the older text and the newer target in the newer text: "Senior
    Backend Engineer on the Core API team" / "Staff Engineer on the Platform team"
    beside member_of [[Core API team]] / member_of [[Platform team]]. A newer text that
    names the older target too and restates the older text whole is two values that
    both hold ("We use X" / "We use X and Y"), unless it says the value was replaced
    ("..., when Sam moved to the enterprise team", "instead of X").
    """
    if len(mine) != 1 or len(written) != 1:
        return None
    ours, theirs = mine[0], written[0]
    said = targets.mentions
    for old, new, restates in pairs:
        for was, now, member_newer in ((ours, theirs, False), (theirs, ours, True)):
            if (said(old, was) and not said(old, now) and said(new, now)
                    and not (restates and said(new, was) and not _CHANGE_CUE.search(new))):
                return member_newer
    return None


def _name_words(name: str) -> set[str]:
    name = name.split("|", 1)[0].split("#", 1)[0].rsplit("/", 1)[-1].lower()
    return set(re.findall(r"[^\W_]+", name.replace("&", " and ")))


def one_target_renamed(a: str, b: str, targets: Targets) -> bool:
    """`a` and `b` name one target in two forms: "Mapbox SDK" / "Mapbox Maps SDK",
    "Ferreira & Filhos" / "Ferreira and Filhos" (the words of one within the other's,
    at most one word more). Two notes the caller knows are two targets."""
    ida, idb = targets.id(a), targets.id(b)
    if ida == idb:
        return True
    if ida.startswith("note:") and idb.startswith("note:"):
        return False
    wa, wb = _name_words(a), _name_words(b)
    small, big = (wa, wb) if len(wa) <= len(wb) else (wb, wa)
    return bool(small) and small <= big and len(big - small) <= 1

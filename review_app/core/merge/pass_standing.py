"""After the carry decision: what a newer version says of an older list's items by
their number or code: that they still stand, or what they are now.

"D1 and D2 still apply", "Decisions 2 and 3 stand exactly as drafted", "Decision 1 (two
orange wines) ... unchanged": a newer version names items of an older note's list by their
number or code and says they hold. Such an item is current by the newer version's own
word: the sentence naming it is no other value of it, and a list that leaves it out does
not end it. It is carried, unless a figure it states is one the newest gives another value
of ("4. Gross margin target is 72%" under "decision 4 (70% margin) unchanged": the newer
value stands), and an item named for another number ("Decision 3 (revised): ...") is no
other value of it. Carried after the newest's list, such items keep their own numbers (the
newest names them by those; no "Also from an earlier version:" line). An older version's
own "Decisions 1 to 3 still stand" line states nothing once those items are written or
reported themselves (and is stale where the newest changed one of them): it is dropped.

A newer version naming an item as its subject without saying it holds ("**Decision 2**
changed: we now buy quarterly", "D4 has ended.", a status table's "| 3 | Changed |") says
it anew: the older item is superseded by the latest such line, whatever the rules judged
from the base alone (in a v1/v2/v3 chain v1's item otherwise stood beside v2's change).
"""

from __future__ import annotations

import re
from dataclasses import replace

from .context import MergeContext, Ref
from .document import Document
from .facts import value_kind
from .ledger import ANOTHER_VALUE
from .lexicon import Lexicon, phrase_cues
from .list_items import MARKER, item_nouns, singular
from .older_only import content_prefixes

_CLAUSE = re.compile(r"[^.;]+")
_CLAUSE_END = re.compile(r"[.;]")
_CODE = re.compile(r"\b([A-Z]{1,2})(\d{1,3})\b")
_NUMBERED = re.compile(
    r"\b([A-Za-z]+)\s+(\d{1,3}(?:\s*(?:,|and|&|or|to|through|-|–)\s*\d{1,3})*)\b")
# "D1: ...", "**Decision 2** changed: ...", "Decision 5 (revised): ...", "D4 has ended."
_AFTER_LABEL = r"(?:\*\*|__)?(?=\s*(?:\([^)]{0,20}\)\s*)?[:.)–-]|\s+[a-z])"
# (after a bullet or a list's own number: "3. D3: Deposit of 30% ..." is D3)
_LEAD_CODE = re.compile(r"^\s*(?:[-*+]\s+|\d{1,3}[.)]\s+)?(?:\*\*|__)?([A-Z]{1,2})(\d{1,3})"
                        + _AFTER_LABEL)
_LEAD_NOUN = re.compile(r"^\s*(?:[-*+]\s+)?(?:\*\*|__)?([A-Za-z]+)\s+(\d{1,3})" + _AFTER_LABEL)
# what follows a replacing cue: "(replaces) old decision 5", "(instead of) D3"
_LEAD_REPLACED_CODE = re.compile(r"\s*(?:the\s+|old\s+|original\s+)*([A-Z]{1,2})(\d{1,3})\b")
_LEAD_REPLACED_NOUN = re.compile(
    r"\s*(?:the\s+|old\s+|original\s+|earlier\s+|former\s+)*([A-Za-z]+)\s+"
    r"(\d{1,3}(?:\s*(?:,|and|&)\s*\d{1,3})*)\b")
_ROW_LABEL = re.compile(r"^\s*(?:([A-Z]{1,2})(\d{1,3})|(\d{1,3}))\s*$")
_RANGE = re.compile(r"(\d+)\s*(?:to|through|-|–)\s*(\d+)")
ANY = "*"  # a label's number for "every item not named anew"


def _numbers(spec: str) -> set[int]:
    out = {int(n) for n in re.findall(r"\d+", spec)}
    for a, b in _RANGE.findall(spec):
        if 0 < int(b) - int(a) <= 20:
            out |= set(range(int(a), int(b) + 1))
    return out


def _standing(clause: str, lexicon: Lexicon) -> bool:
    if phrase_cues(clause, lexicon.standing_cues):
        return True
    # "Decision 1 stands.": a standing verb right after the item's label
    m = _LEAD_CODE.match(clause) or _LEAD_NOUN.match(clause)
    if m is None:
        return False
    after = re.findall(r"[a-z]+", clause[m.end():].lower())[:1]
    return bool(after) and after[0] in lexicon.standing_verbs


def _standing_row(r: Ref, lexicon: Lexicon) -> bool:
    """A table row whose cell after the item's number opens with a word saying it holds
    (Lexicon.standing_cells: "| 2 | Kept (quarterly since June) |")."""
    cells = r.unit.text.split(" | ")
    words = re.findall(r"[a-z]+", cells[1].lower()) if r.unit.kind == "row" and \
        len(cells) > 1 else []
    return bool(words) and words[0] in lexicon.standing_cells


def standing_labels(text: str, lexicon: Lexicon) -> set[str]:
    """The list items `text` says still hold, as labels ("d1", "decision 2")."""
    out: set[str] = set()
    for m in _CLAUSE.finditer(text):
        clause = m.group(0)
        if not _standing(clause, lexicon):
            continue
        out |= {f"{a.lower()}{int(n)}" for a, n in _CODE.findall(clause)}
        for noun, spec in _NUMBERED.findall(clause):
            if singular(noun) in lexicon.numbered_item_nouns:
                out |= {f"{singular(noun)} {n}" for n in _numbers(spec)}
        if phrase_cues(clause, lexicon.unnamed_cues):
            # "Decisions not mentioned below still stand": every one not named anew
            out |= {f"{singular(w)} {ANY}" for w in re.findall(r"[a-z]+", clause.lower())
                    if w.endswith("s") and singular(w) in lexicon.numbered_item_nouns}
    return out


def replaced_labels(text: str, lexicon: Lexicon) -> set[str]:
    """The list items `text` says it replaces ("The first two slots are reserved for
    first-timers (replaces old decision 5)", "instead of D3"): named anew by it. One
    pass over the text for all cues (a 60 KB run of abbreviations is thousands of
    clauses)."""
    out: set[str] = set()
    for m in _replacing(lexicon).finditer(text):
        end = _CLAUSE_END.search(text, m.end())
        after = text[m.end():end.start() if end else len(text)]
        if (c := _LEAD_REPLACED_CODE.match(after)) is not None:
            out.add(f"{c.group(1).lower()}{int(c.group(2))}")
        elif (n := _LEAD_REPLACED_NOUN.match(after)) is not None and \
                singular(n.group(1).lower()) in lexicon.numbered_item_nouns:
            out |= {f"{singular(n.group(1).lower())} {k}" for k in _numbers(n.group(2))}
    return out


def _replacing(lexicon: Lexicon) -> re.Pattern[str]:
    """Lexicon.replaced_cues as one pattern, longest first (built once a lexicon)."""
    memo = lexicon.memo("replacing_cues")
    found = memo.get(None)
    if found is None:
        cues = sorted((re.escape(c.replace("_", " ")) for c in lexicon.replaced_cues),
                      key=len, reverse=True)
        found = memo[None] = re.compile(rf"\b(?:{'|'.join(cues)})\b", re.IGNORECASE)
    return found


def own_labels(ctx: MergeContext, doc: Document, r: Ref) -> set[str]:
    """The item a unit names as its subject, by its words: its code ("D1: ...", "D4 has
    ended"), "Decision 2:" / "**Decision 2** changed: ...", or a table row whose first
    cell is a number or code under a heading naming items ("Status of each decision":
    | 2 | Kept |). A list's own numbering is no such name (procedures are renumbered)."""
    first = r.unit.raw[0] if r.unit.raw else r.unit.text
    out: set[str] = set()
    if r.unit.kind == "row":
        m = _ROW_LABEL.match(r.unit.text.split(" | ")[0])
        nouns = {singular(w) for w in re.findall(
            r"[A-Za-z]+", doc.sections[r.section].title)} & ctx.lexicon.numbered_item_nouns
        if m and m.group(1):
            out.add(f"{m.group(1).lower()}{int(m.group(2))}")
        elif m and nouns:
            out |= {f"{noun} {int(m.group(3))}" for noun in nouns}
        return out
    if m := _LEAD_CODE.match(first):
        out.add(f"{m.group(1).lower()}{int(m.group(2))}")
    if (m := _LEAD_NOUN.match(first)) and singular(m.group(1)) in \
            ctx.lexicon.numbered_item_nouns and not m.group(1).lower().endswith("s"):
        out.add(f"{singular(m.group(1))} {int(m.group(2))}")
    return out


def _item_labels(ctx: MergeContext, doc: Document, r: Ref) -> set[str]:
    """How a newer version may name this older list item: as it names itself
    (own_labels), or by its number in a numbered list under the list's nouns."""
    out = own_labels(ctx, doc, r)
    first = r.unit.raw[0] if r.unit.raw else r.unit.text
    if r.unit.kind == "step" and (m := MARKER.match(first)):
        out |= {f"{noun} {int(m.group(1))}" for noun in item_nouns(ctx, doc, r.section)}
    return out


def _other_item(ctx: MergeContext, key: str | None, mine: set[str], *,
                named: bool = False) -> bool:
    """The base unit `key` is an item named for another number or code ("Decision 3
    (revised): ..." is no other value of decision 1). `named`: by its own words only
    ("Decision 2 is changed: ...", "D4 has ended"), not by a list's own numbering (a
    renumbered list's item 2 may be the older item 1 with a new value)."""
    if key is None or key not in ctx.entries or ctx.entries[key].source != ctx.base.path:
        return False
    theirs = (own_labels if named else _item_labels)(ctx, ctx.base, ctx.ref(key))
    return bool(theirs) and not theirs & mine


def _noun(label: str) -> str:
    """What a label names items by: "decision" of "decision 2", "d" of "d4"."""
    return label.rsplit(" ", 1)[0] if " " in label else label.rstrip("0123456789")


def _changes_list(ctx: MergeContext, r: Ref, mine: set[str]) -> bool:
    """The newest's block the older list item `r` was held back with names items of its
    list by number ("- Decision 3 stands: ...", "- Decision 5 is replaced: ...") and not
    `r`'s: a list of changes to the older list, which leaves the items it does not name."""
    bi = ctx.held_with.get(r.key)
    if bi is None:
        return False
    nouns = {_noun(label) for label in mine}
    theirs = [label for b in ctx.base_refs() if b.unit.block == bi
              for label in own_labels(ctx, ctx.base, b)]
    return bool(theirs) and not set(theirs) & mine and all(_noun(t) in nouns for t in theirs)


def _with_siblings(ctx: MergeContext, doc: Document, r: Ref) -> None:
    """Carried with its siblings where the newest's list holds them after it."""
    sib = next((ctx.held_with[x.key] for x in ctx.refs[doc.path]
                if x.unit.block == r.unit.block and x.key in ctx.held_with), None)
    if sib is not None:
        ctx.held_with[r.key] = sib


def _says_whole(ctx: MergeContext, r: Ref, s: Ref) -> bool:
    """`s`, naming item `r` as still standing, states it too: every content word and
    figure of the item (its label's aside)."""
    words = content_prefixes(ctx, _LEAD_CODE.sub("", r.unit.text, count=1))
    return bool(words) and words <= content_prefixes(ctx, s.unit.text) \
        and _figures(r.facts.values) <= _figures(s.facts.values)


def _once(ctx: MergeContext, labelled: list[tuple[int, Ref, set[str]]]) -> None:
    """One item per label across versions: where two older versions both hold a standing
    item ("| D1 | Quotes valid for 30 days |" in March's table, "1. D1 - All quotes valid
    for 30 days." in January's list), the latest version's is written; the other, when
    that one says all it says (its label aside), is left out with a "carry" flip. One
    saying more (a name, a figure) stays: its facts would be lost."""
    kept: dict[str, Ref] = {}
    for _, r, mine in sorted(labelled, key=lambda x: x[0]):
        e = ctx.entries[r.key]
        if e.status != "carried" or e.chosen or not mine:
            continue
        first = next((kept[label] for label in sorted(mine) if label in kept), None)
        if first is None:
            kept.update(dict.fromkeys(mine, r))
            continue
        if first.path == r.path or not content_prefixes(ctx, r.unit.text) <= (
                content_prefixes(ctx, first.unit.text) | content_prefixes(ctx, " ".join(mine))) \
                or not _figures(r.facts.values) <= _figures(first.facts.values):
            continue
        ctx.entries[r.key] = replace(
            e, status="dropped", by=None, by_text=None, flips=("carry", "drop"), held=False,
            why=f"a later version's item of the same number says it: "
                f"{first.unit.text.strip()[:80]}")


def _itself(ctx: MergeContext, doc: Document, r: Ref, mine: set[str]) -> set[str]:
    """The labels of `mine` the list item, step or row is the item of, by its own lead
    ("D5 - ...", "| D5 | ..."): none for a line naming items ("Decision 3 stands.", a
    sentence "D1 and D2 are meant to stop that.") or an item known by its list's
    numbering alone."""
    if r.unit.kind not in ("item", "step", "row", "check") or (
            r.unit.kind != "row" and standing_labels(r.unit.text, ctx.lexicon)):
        return set()  # (a row's "unchanged" is its status column)
    own = own_labels(ctx, doc, r)
    if r.unit.kind == "row" and (m := _ROW_LABEL.match(r.unit.text.split(" | ")[0])) \
            and m.group(1):  # "| D5 | ... |", whatever heading the table is under
        own.add(f"{m.group(1).lower()}{int(m.group(2))}")
    return own & mine


def _newest_keeps(ctx: MergeContext, item: Ref, by: list[tuple[Ref, set[str]]],
                  key: str | None, unstated: set[str]) -> bool:
    """The newest itself says the item stands ("D1 and D5 stand as agreed in March"),
    and the newest unit taken for its other value gives no figure of a kind the item's
    own figures are ("New trade accounts under D5 are now approved by Ruth" over "D5 |
    Trade customers get 10% off list"): that unit speaks of it, it does not change it.
    Not where the line names what the item names: it may change just that."""
    if key is None or not unstated or not any(s.path == ctx.base.path for s, _ in by):
        return False
    line = ctx.ref(key)
    if {v for v in item.facts.values if v.startswith("name:")} & line.facts.values:
        return False  # the line names what it names: it may change just that ("Halden
        # delivers on Tuesdays" / "Halden now delivers on Thursdays")
    theirs = {value_kind(v) for v in _figures(line.facts.values)}
    return not {value_kind(v) for v in unstated} & theirs


def _figures(values: frozenset[str] | set[str]) -> set[str]:
    return {v for v in values if v.startswith("n:")}


def run(ctx: MergeContext) -> None:
    if ctx.action != "merge":
        return
    # (rank, unit, labels): the base is 0, older notes 1.. newest first. A unit naming
    # items says they hold (a cue in its clause) or says them anew ("Decision 2 changed:
    # we now buy quarterly", "| 6 | Ended |")
    saying: list[tuple[int, Ref, set[str]]] = []
    anew: list[tuple[int, Ref, set[str]]] = []
    docs = [ctx.base] + [d for _, d in ctx.older]
    for rank, doc in enumerate(docs):
        for r in ctx.base_refs() if rank == 0 else ctx.refs[doc.path]:
            if r.unit.kind in ("obs", "rel"):
                continue
            labels = standing_labels(r.unit.text, ctx.lexicon)
            own = (own_labels(ctx, doc, r) | replaced_labels(r.unit.text, ctx.lexicon)) \
                - labels
            # (the clause naming it: "Decision 1 amended: ...; league night hours unchanged"
            # says decision 1 anew)
            first = next(iter(_CLAUSE.findall(r.unit.text)), "")
            if own and (_standing(first, ctx.lexicon) or _standing_row(r, ctx.lexicon)):
                labels |= own
            elif own:
                anew.append((rank, r, own))
            if labels:
                saying.append((rank, r, labels))
    if not saying and not anew:
        return
    stated = {v for r in ctx.base_refs() for v in r.facts.values}
    said = {s.key: labels for _, s, labels in saying}

    def own_figures(s: Ref) -> set[str]:
        """Its figures but the numbers naming the items."""
        return _figures(s.facts.values) - {
            f"n:{n}" for label in said[s.key] for n in re.findall(r"\d+", label)}

    named: set[str] = set()  # keys of affirming units whose items were found
    labelled: list[tuple[int, Ref, set[str]]] = []  # items found standing, by version
    for rank, (_, doc) in enumerate(ctx.older, start=1):
        for r in ctx.refs[doc.path]:
            if r.unit.kind in ("obs", "rel"):
                continue
            mine = _item_labels(ctx, doc, r)
            e = ctx.entries[r.key]
            changed = [u for k, u, labels in sorted(anew, key=lambda x: x[0])
                       if k < rank and labels & mine]
            if changed:
                ctx.named_by_number.add(r.key)
            if changed and not e.chosen:
                named |= {s.key for k, s, labels in saying if k < rank and labels & mine}
                if e.status in ("carried", "dropped"):
                    u = changed[0]  # the latest version saying it anew
                    ctx.entries[r.key] = replace(
                        e, status="superseded", by=u.key, by_text=u.unit.text.strip(),
                        flips=("newer", "older"), held=False,
                        why=f"a newer version names it and says it anew: "
                            f"'{u.unit.text.strip()[:80]}'")
                continue
            wild = {f"{label.rsplit(' ', 1)[0]} {ANY}" for label in mine if " " in label}
            by = [(s, labels & (mine | wild)) for k, s, labels in saying
                  if k < rank and labels & (mine | wild)]
            if not by:
                if not e.chosen and mine and (
                        (e.status == "superseded" and _other_item(ctx, e.by, mine, named=True))
                        or (e.status == "dropped" and e.held and _changes_list(ctx, r, mine))):
                    # "Decision 2 is changed: ten stamps now earn a £12 voucher" speaks of
                    # decision 2 alone: it is no other value of decision 1, and a list of such
                    # lines is a list of changes to the older one, not its newer version
                    ctx.standing.add(r.key)
                    labelled.append((rank, r, _itself(ctx, doc, r, mine)))
                    _with_siblings(ctx, doc, r)
                    ctx.entries[r.key] = replace(
                        e, status="carried", by=None, by_text=None, held=False,
                        flips=("carry", "drop"),
                        why="a newer version names other items of its list by number and "
                            "leaves it as it was")
                continue
            named |= {s.key for s, _ in by}
            ctx.standing.add(r.key)
            ctx.named_by_number.add(r.key)
            labelled.append((rank, r, _itself(ctx, doc, r, mine)))
            if e.chosen:
                continue
            s, which = by[0]
            # a figure the sentence saying it stands gives another value of (its label
            # numbers aside): "decision 4 (70% margin) unchanged" over "72%"
            unstated = _figures(r.facts.values) - stated
            if {value_kind(v) for v in unstated} & {value_kind(v) for v in own_figures(s)}:
                if e.status == "carried" and ctx.entries[s.key].status in ("stated", "carried"):
                    ctx.entries[r.key] = replace(  # judged against the base alone before
                        e, status="superseded", by=s.key, by_text=s.unit.text.strip(),
                        flips=("newer", "older"), held=False,
                        why="a newer version gives it another value")
                continue
            affirming = {s.key for s, _ in by}
            # (the newest's own line: an older version's may itself be dropped below)
            whole = next((s for s, _ in by if s.path == ctx.base.path
                          and _says_whole(ctx, r, s)), None)
            if whole is not None and e.status in ("superseded", "dropped"):
                # "D3 (unchanged). Keep 3 months of common gaskets in stock." names D3,
                # says it holds and says it: written beside it, D3 is listed twice
                ctx.entries[r.key] = replace(
                    e, status="present", by=whole.key, by_text=whole.unit.text.strip(),
                    flips=(), held=False,
                    why="a newer version says it still stands and states it")
                continue
            # superseded by a newest unit giving it another value: the newest is the
            # latest word, however it numbers its list ("3. ... stop 30 minutes" over v1's
            # "5. ... 45 minutes", which a middle version called unchanged); only an item
            # named in its own words for another number is no other value of it
            if e.status not in ("superseded", "dropped") or (
                    e.status == "superseded" and e.by not in affirming
                    and not _other_item(ctx, e.by, mine, named=True)
                    and not (e.why == ANOTHER_VALUE
                             and _newest_keeps(ctx, r, by, e.by, unstated))):
                continue  # written already, or another unit of the newest replaced it
            _with_siblings(ctx, doc, r)
            ctx.entries[r.key] = replace(
                e, status="carried", by=None, by_text=None, held=False,
                flips=("carry", "drop"),
                why=f"a newer version says it still stands ({', '.join(sorted(which))}): "
                    f"'{s.unit.text.strip()[:80]}'")
    _once(ctx, labelled)
    for _, s, _ in saying:
        line = ctx.entries.get(s.key)
        if line is None or s.key not in named or line.source == ctx.base.path or line.chosen:
            continue
        if line.status == "carried" and not own_figures(s):  # it states nothing itself
            ctx.entries[s.key] = replace(
                line, status="dropped", flips=("carry", "drop"),
                why="it says which items of an older list still stand; they are written "
                    "or reported themselves")

"""Pass 3: the verdict on every older unit, newest older note first.

present: every fact it states the base states (or, with no fact, the base says it);
superseded: it states a value the base does not and a unit of the aligned base
section (any base unit, for observations and relations) states another value of the
same thing - the same label, the same table row, the same checklist item, or the
same wording once values are masked; carried: a fact nothing in the base speaks to
(update carries only observations and relations; in merge a sentence with no value
whose content words no base unit says is one); dropped: wording with no fact.
Older notes are judged against the base only, so of two older notes the newer one's
wording is not preferred over the base's, and nothing older ever wins a value. (What
the newest contradicts in words, or with another value for the thing a value
measures, is pass_said_over's, after pass 4 has placed the older blocks.)
"""

from __future__ import annotations

import re
from functools import lru_cache

from rapidfuzz import fuzz, process

from ..links import relation_target
from ..units import normalise
from .context import MergeContext, Ref
from .document import cells
from .facts import (
    condition_kept,
    facts_of,
    kinds_meet,
    label_of,
    list_number,
    masked,
    plain_name,
    same_kind,
    thing_frames,
    value_frames,
    weekdays_named,
    word_names,
)
from .ledger import (
    ANOTHER_VALUE,
    LEANS_ON_REPLACED,
    ORDERED,
    ROLE_REPLACED,
    SAID_ITS_WAY,
    WORDING_ONLY,
    LedgerEntry,
)
from .link_lines import (
    alone_on_its_lines,
    link_line_verdict,
    linked_by,
    links_members,
    names_only_members,
    relation_of,
)
from .older_only import (
    heads_apart,
    label_unsaid,
    unsaid_words,
)
from .other_value import (
    STRUCTURED,
    category,
    in_intro,
    is_history,
    named_otherwise,
    one_valued,
    recounted,
    target_words,
)
from .overtaken import overtaken_by
from .pass_questions import drop_open_questions
from .pass_units import as_written, entry_for, said
from .past_events import lapsed, past_event
from .pool import pools
from .restated_observations import restated_observations
from .roles import moved as role_moved
from .roles import replaced as role_replaced
from .slot_fillers import listed, refill
from .version_talk import (
    DATED_READINGS,
    only_dated,
    only_when,
    says_only_its_version,
    version_labels,
    version_talk,
)
from .word_overlap import content_words, name_roles, overlap, share, shared_words
from .worded_values import spelled_numbers

_FLIP_CARRY = ("carry", "drop")
_FLIP_PAIR = ("newer", "older")


def run(ctx: MergeContext) -> None:
    base_refs = ctx.base_refs()
    for r in base_refs:  # the base's relation to a member: after the merge, to itself
        t = relation_of(ctx, r.unit.raw[0]) if r.unit.kind == "rel" else None
        if (t is not None and t[1] in ctx.group_keys) or names_only_members(ctx, r) or (
                links_members(ctx, r) and alone_on_its_lines(ctx, r)):
            ctx.entries[r.key] = entry_for(r, "dropped", why="a link to the merged note itself")
    stated: set[str] = set()
    for r in base_refs:
        stated |= r.facts.values
    for r in base_refs:  # a name at the start of a base sentence is still stated
        stated |= facts_of(r.unit.text, ctx.lexicon, all_names=True).values
    for r in base_refs:  # a name inside a compound is stated too ("non-EU": EU)
        stated |= {f"name:{m.lower()}" for m in re.findall(
            r"(?<=[a-z]-)([A-Z][\w]*)", r.unit.text)}
    for sec in ctx.base.sections:  # a heading names things too
        stated |= {f"name:{w.lower()}" for w in sec.title.split()}
    codes = [v for v in stated if v.startswith("code:")]
    base_links = linked_by(ctx, [r for r in base_refs if ctx.entries[r.key].status == "stated"])
    base_norms = {r.unit.norm for r in base_refs}
    base_rels = [(r, relation_of(ctx, r.unit.raw[0])) for r in base_refs if r.unit.kind == "rel"]
    base_texts = [r.unit.text for r in base_refs]  # once: _quick asks per older unit
    todo: list[tuple[Ref, frozenset[str], list[Ref]]] = []
    pool_of = pools(ctx)
    for _note, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            pool = pool_of[r.key]
            entry = link_line_verdict(ctx, r, stated, base_links) or _quick(
                ctx, r, stated, base_norms, base_rels, pool, codes, base_texts)
            if entry is not None:
                ctx.entries[r.key] = entry
                continue
            new = frozenset(v for v in r.facts.values if v not in stated
                            and plain_name(v) not in stated and not (
                v.startswith("code:") and any(v[5:] in c for c in codes)))
            if any(v.startswith("name:") for v in new):
                new -= _lower_names(ctx, r, new, pool)
            if any(v.startswith("label:") for v in new):
                new -= _labels_stated(r, new, base_refs)
            if not new and r.unit.kind not in STRUCTURED:
                new = _stated_apart(ctx, r, pool)
            elif r.unit.kind == "check" and r.unit.box != " " and all(
                    v.startswith("decision:") for v in new) and any(
                    v.startswith("n:") for v in r.facts.values):
                # a settled to-do whose figures the newest states ("[x] Gold rate agreed
                # at 3.5%" / "Interest: 3.5% per month"): done, and what was settled is
                # the newest's to say
                ctx.entries[r.key] = entry_for(r, "present", why="a settled to-do whose "
                                               "figures the newest states")
                continue
            todo.append((r, new, pool))
    _by_meaning(ctx, todo)
    restated_observations(ctx)
    drop_open_questions(ctx)


def _labels_stated(r: Ref, new: frozenset[str], base: list[Ref]) -> set[str]:
    """The unit's "Label: value" facts a base table row states whole: its first cell is
    the label and it gives every other fact of the unit ("- Baritone: Simon Reyes, 07700
    900561" / "| Baritone | Simon Reyes | 07700 900561 |": the same line as a row)."""
    labels = {v for v in new if v.startswith("label:")}
    rest = r.facts.values - labels
    if new - labels or not rest:
        return set()
    heads = {normalise(cells(b.unit.text)[0]): b for b in base
             if b.unit.kind == "row"}
    out = set()
    for v in labels:
        b = heads.get(normalise(v[6:].split("=", 1)[0].lstrip("-*+ ")))
        if b is not None and rest <= b.facts.values:  # (a row heading it, not a line
            out.add(v)  # that names the label and the old holder: "Coxswain from
            # March: Declan Orr (Morag Reid now trains new crew)")
    return out


def _lower_names(ctx: MergeContext, r: Ref, new: frozenset[str], pool: list[Ref]
                 ) -> set[str]:
    """The names of `new` a base unit speaking of the same thing (its content words:
    Thresholds.stated_near_overlap) writes in lower case ("Keys are at Reception" /
    "the keys are kept at reception"): a capital is the writer's, not another fact.
    Only there: "backend" in another line does not state "Senior Backend Engineer"."""
    near = [b for b in pool if overlap(ctx, r.unit.norm, b.unit.norm)
            >= ctx.thresholds.stated_near_overlap]
    said = set().union(*(word_names(b.unit.text, ctx.lexicon) for b in near)) if near \
        else set()
    return {v for v in new if v.startswith("name:") and plain_name(v) in said}


@lru_cache(maxsize=1 << 12)
def _text_words(text: str) -> frozenset[str]:
    """The words a unit writes with a capital, first words too, lower case: the names it
    writes ("Millbrook" opening "Millbrook & District Flying Club was founded ..."; not
    the "will" of "who will open up")."""
    return frozenset(w.lower() for w in re.findall(r"\b[A-Z][\w'’-]*", text))


@lru_cache(maxsize=1 << 16)
def _label(text: str, chars: int) -> tuple[str, str] | None:
    return label_of(text, chars)  # cached: each base unit's label is asked per older unit


def _quick(ctx: MergeContext, r: Ref, stated: set[str], base_norms: set[str],
           base_rels: list, pool: list[Ref], code_facts: list[str],
           base_texts: list[str]) -> LedgerEntry | None:
    """The verdicts that need no vectors."""
    u = r.unit
    if names_only_members(ctx, r):
        return entry_for(r, "dropped", why="a link to the merged note itself")
    if u.kind == "rel":
        t = relation_of(ctx, u.raw[0])
        if t is not None and t[1] in ctx.group_keys:
            return entry_for(r, "dropped", why="a link to the merged note itself")
        if t is not None and any(bt == t for _, bt in base_rels):
            return entry_for(r, "present")
        if t is not None and (b := next((b for b, bt in base_rels if bt is not None
                                         and bt[1] == t[1]), None)) is not None:
            # one note related twice ("part_of [[X]]" / "relates_to [[X]]"): the newest
            # says how the two relate now
            return entry_for(r, "superseded", by=b.key, by_text=as_written(b),
                             why="the newest relates to that note another way",
                             flips=_FLIP_PAIR)
        same_type = [(b, bt) for b, bt in base_rels if bt is not None and t is not None
                     and bt[0] == t[0]]
        mine = target_words(relation_target(u.raw[0]))
        renamed = [x for x in same_type if fuzz.token_set_ratio(
            target_words(relation_target(x[0].unit.raw[0])), mine)
            >= ctx.thresholds.relation_fuzz]
        if renamed:  # "uses [[Taq master mix]]" -> "uses [[Q5 Hot Start master mix]]"
            same_type = renamed
        if t is not None and same_type and (renamed or t[0] in
                                            ctx.lexicon.one_valued_relations):
            b = max(same_type, key=lambda x: fuzz.ratio(x[1][1], t[1]))[0]
            return entry_for(r, "superseded", by=b.key, by_text=as_written(b),
                          why="the newest note relates it to another note",
                          flips=_FLIP_PAIR)
        if (b := named_otherwise(ctx, u.raw[0], pool)) is not None:
            return entry_for(r, "superseded", by=b.key, by_text=as_written(b),
                             why="the newest note names that thing otherwise",
                             flips=_FLIP_PAIR)
        return entry_for(r, "carried", why="a relation the newest lacks", flips=_FLIP_CARRY)
    member = ctx.older_member(r.path) if u.kind in ("sentence", "item") else None
    own = member[0] if member is not None else None
    if own is not None and past_event(u.text, own, ctx.base_note):
        return entry_for(r, "dropped", flips=_FLIP_CARRY,
                         why="an event of the older note's period, over before the newest")
    if own is not None and lapsed(u.text, own, ctx.base_note):
        return entry_for(r, "dropped", flips=_FLIP_CARRY,
                         why="held until a day before the newest note was written")
    if own is not None and u.kind == "sentence" and (b := overtaken_by(ctx, r, own)) is not None:
        ctx.over.add(r.key)  # history: its date and reason went with the change
        return entry_for(r, "superseded", by=b.key, by_text=as_written(b), flips=_FLIP_PAIR,
                         why="a change its version announced, in effect before the newest "
                             "note was written: the newest says what holds now")
    if u.kind in ("sentence", "item") and is_history(ctx, r):
        return entry_for(r, "dropped", flips=_FLIP_CARRY,
                         why="the history of an older version, not a fact of now")
    labels = ctx.once("version_talk.labels", lambda: version_labels(
        [ctx.base_note.title] + [n.title for n, _ in ctx.older]))
    if u.kind == "sentence" and (talk := version_talk(u.text, ctx.lexicon, in_intro(
            ctx, r), labels)) is not None and (only_when(
            (v for v in r.facts.values if v not in stated), ctx.lexicon) or (
            talk in DATED_READINGS and in_intro(ctx, r)
            and says_only_its_version(u.text, ctx.lexicon, talk) and only_dated(
                (v for v in r.facts.values if v not in stated), u.text, ctx.lexicon,
                own.modified.year if own is not None else None))):
        return entry_for(r, "dropped", flips=_FLIP_CARRY,
                         why=f"about an older version ({talk}), not a fact of now")
    if u.kind == "sentence" and (hit := recounted(ctx, r, pool)) is not None:
        return entry_for(r, "superseded", by=hit.key, by_text=as_written(hit),
                         why="the newest note counts it anew", flips=_FLIP_PAIR)
    if u.kind == "obs" and (hit := one_valued(ctx, r, pool)) is not None:
        return entry_for(r, "superseded", by=hit.key, by_text=as_written(hit),
                         why="the newest note states another one", flips=_FLIP_PAIR)
    for b in pool if u.kind == "check" else ():
        if u.kind == "check" == b.unit.kind and u.norm == b.unit.norm:
            return entry_for(r, "superseded" if u.box != b.unit.box else "present", by=b.key,
                          by_text=as_written(b), flips=_FLIP_PAIR if u.box != b.unit.box
                          else (), why="its box changed" if u.box != b.unit.box else "")
    if u.kind == "code":
        codes = [(fuzz.ratio(u.text, b.unit.text), b) for b in pool if b.unit.kind == "code"]
        score, b = max(codes, key=lambda x: x[0], default=(0, None))
        if b is not None and score >= ctx.thresholds.same_fuzz:
            return entry_for(r, "present", by=b.key, by_text=as_written(b))
        if b is not None and score >= ctx.thresholds.code_fuzz:
            return entry_for(r, "superseded", by=b.key, by_text=as_written(b),
                          why="the newest note's code block replaces it", flips=_FLIP_PAIR)
        if ctx.action == "update":  # a code block is body: update writes the newest's
            return entry_for(r, "dropped", why="update writes the newest note's body",
                             flips=_FLIP_CARRY)
        return entry_for(r, "carried", why="a code block the newest lacks", flips=_FLIP_CARRY)
    if u.norm in base_norms:
        return entry_for(r, "present")
    base = ctx.base_refs()
    if (k := role_replaced(u.text, base_texts, ctx.lexicon)) is not None:
        return entry_for(r, "superseded", by=base[k].key, by_text=as_written(base[k]),
                         why=ROLE_REPLACED,
                         flips=_FLIP_PAIR)
    if (k := role_moved(u.text, base_texts, ctx.lexicon)) is not None:
        return entry_for(r, "superseded", by=base[k].key, by_text=as_written(base[k]),
                         why="the newest gives this person another role",
                         flips=_FLIP_PAIR)
    fresh = [v for v in r.facts.values if v not in stated and not (
        v.startswith("code:") and any(v[5:] in c for c in code_facts))]
    label = label_of(u.text, ctx.thresholds.label_chars)
    if label is not None and label[0].startswith("[^") and fresh:
        # one id, one definition: the older one is written in its place only when it
        # says all the newest's does and just names more ("a Yamaha C3, tuned by ...")
        b = next((b for b in pool
                  if (bl := _label(b.unit.text, ctx.thresholds.label_chars)) is not None
                  and bl[0] == label[0]), None)
        if b is not None and all(v.startswith("name:") for v in fresh) \
                and _fuller(ctx, r, b, frozenset(fresh)):
            ctx.fuller[r.key] = b.key
            return entry_for(r, "superseded", by=b.key, by_text=as_written(b),
                             flips=_FLIP_PAIR,
                             why="the newest says it without the names this one adds")
    for b in pool if fresh else ():  # the same label or row with another value
        if label is not None and u.kind not in ("code",) and (
                bl := _label(b.unit.text, ctx.thresholds.label_chars)) is not None \
                and bl[0] == label[0] and fresh:
            names = frozenset(v for v in fresh if v.startswith("name:"))
            if names and all(v.startswith(("name:", "label:")) for v in fresh) and \
                    normalise(bl[1]) in normalise(label[1]) and _fuller(ctx, r, b, names):
                ctx.fuller[r.key] = b.key  # "fish fingers (fish is MSC-certified)"
                return entry_for(r, "superseded", by=b.key, by_text=as_written(b),
                                 flips=_FLIP_PAIR,
                                 why="the newest says it without the names this one adds")
            return entry_for(r, "superseded", by=b.key, by_text=as_written(b),
                          why=f"'{label[0]}' has another value now", flips=_FLIP_PAIR)
        if u.kind == "row" == b.unit.kind and fresh and _row_key(ctx, r) == _row_key(ctx, b):
            return entry_for(r, "superseded", by=b.key, by_text=as_written(b),
                          why="the same row has other values now", flips=_FLIP_PAIR)
    if not fresh and r.facts.values and u.kind not in STRUCTURED \
            and _stated_apart(ctx, r, pool):
        return None  # its facts are in the newest, but said of other things
    if not fresh:
        if r.facts.values and (u.kind in STRUCTURED or in_intro(ctx, r) or not all(
                v.startswith("name:") for v in r.facts.values) or ctx.action == "update"
                or not u.text.rstrip("*_ ").endswith((".", "!", "?"))):  # a name, no claim
            return entry_for(r, "present", why="its facts are in the newest note")
        if r.facts.values:
            return None  # a body rule on things the newest names: judged by meaning
        norms = [b.unit.norm for b in pool] if ctx.thresholds.same_fuzz <= 100 else []
        found = [match for scorer in (fuzz.token_sort_ratio, fuzz.token_set_ratio)
                 if (match := process.extractOne(u.norm, norms, scorer=scorer,
                                                 processor=None, score_cutoff=max(
                                                     ctx.thresholds.same_fuzz, 0)))
                 is not None]
        if found:
            # the same words on another day: another value of when ("Meetings are on
            # the first Monday of the month" / "... first Tuesday ...")
            b = pool[found[0][2]]
            days, theirs = weekdays_named(u.text, ctx.lexicon), weekdays_named(
                b.unit.text, ctx.lexicon)
            if days and theirs and not days & theirs:
                return entry_for(r, "superseded", by=b.key, by_text=as_written(b),
                                 flips=_FLIP_PAIR, why="the newest gives it another day")
            return entry_for(r, "present")
        if u.kind in STRUCTURED or (u.kind == "item" and not in_intro(ctx, r)):
            return None  # an observation or a rule of a list: judged by meaning
        if ctx.action == "merge" and (words := unsaid_words(
                ctx, u.text, pool if len(base) > ctx.thresholds.pool_budget else base)):
            # what it says is its fact, numbers or none: pass_carry weighs its meaning
            return entry_for(r, "carried", flips=_FLIP_CARRY,
                             why="what it says the newest does not: "
                                 + ", ".join(sorted(words)[:4]))
        return entry_for(r, "dropped", why=f"{WORDING_ONLY}, no fact the newest lacks",
                      flips=_FLIP_CARRY)
    return None


def _stated_apart(ctx: MergeContext, r: Ref, pool: list[Ref]) -> frozenset[str]:
    """The values of a prose unit that no base unit speaking of the same thing states
    ("free of labour within 12 months" / "| Puncture repair | 12 |"): each is stated in
    the newest, but not of this. A name is one thing wherever the newest names it."""
    near: set[str] = set()
    for b in pool:
        if overlap(ctx, r.unit.norm, b.unit.norm) >= ctx.thresholds.stated_near_overlap:
            near |= b.facts.values | spelled_numbers(b.unit.text, ctx.lexicon)
    return frozenset(v for v in r.facts.values if v not in near
                     and not v.startswith(("label:", "decision:", "name:")))


def _fuller(ctx: MergeContext, r: Ref, b: Ref, new: frozenset[str]) -> bool:
    """The older unit says all the base unit says and names who or what it leaves
    unnamed, and no other base unit gives that role another name: merge writes the
    older wording in its place."""
    if ctx.action != "merge" or r.unit.kind in STRUCTURED or b.unit.kind != r.unit.kind \
            or b.key in ctx.fuller.values() or not {
                v for v in b.facts.values if not v.startswith("label:")} <= r.facts.values:
        return False
    roles = name_roles(ctx, r.unit.text, {v[5:] for v in new if v.startswith("name:")})
    for o in ctx.base_refs():
        others = {v[5:] for v in o.facts.values if v.startswith("name:")} - {
            v[5:] for v in r.facts.values if v.startswith("name:")} - ctx.lexicon.currencies
        if o.key != b.key and others and roles & name_roles(ctx, o.unit.text, others):
            return False  # the newest gives that role another name
    return bool(new)


def _replaced_before(ctx: MergeContext, r: Ref) -> LedgerEntry | None:
    """The entry of the sentence just before `r` in its section, when the newest
    superseded it."""
    refs = ctx.refs[r.path]
    k = next(i for i, o in enumerate(refs) if o.key == r.key)
    prev = refs[k - 1] if k else None
    e = ctx.entries.get(prev.key) if prev is not None and prev.section == r.section else None
    if e is None or e.status != "superseded" or prev is None or r.unit.kind != "sentence":
        return None  # (an entry of a list is one of its own: step 4 does not go on
        # about step 3)
    # a sentence opening with a name the line before does not give speaks of its own
    # subject ("Simon Reyes also runs the Monday quartet club" after "- Bass: Phil
    # Gardner"), unlike "The hotel is ..." after "Rooms at the Hilton"
    first = re.match(r"\W*([A-Z][\w'’-]*)", r.unit.text)
    if first is not None and first.group(1).lower() not in ctx.lexicon.function_words \
            and f"name:{first.group(1).lower()}" in facts_of(
                r.unit.text, ctx.lexicon, all_names=True).values \
            and first.group(1).lower() not in prev.unit.text.lower() \
            and not set(re.findall(r"[a-z]+", r.unit.text.lower())) & (
                ctx.lexicon.person_pointers - {"his"}):  # ("... and passes it to her":
        return None  # the old holder; "at his garage" is the subject's)
    return e


def _row_key(ctx: MergeContext, r: Ref) -> str:
    cells = r.unit.text.split(" | ")
    return normalise(cells[0]) if cells else ""


def _sibling(ctx: MergeContext, r: Ref, b: Ref) -> bool:
    """`r` fills the slot of base unit `b` otherwise, and the newest lists that slot's
    fillers side by side (slot_fillers.siblings): one more of the list, not an old value."""
    th = ctx.thresholds
    return refill(said(r.unit), said(b.unit), ctx.lexicon, th.filler_words,
                  th.label_chars) is not None and listed(ctx, b, ctx.base_refs())


def _by_meaning(ctx: MergeContext, todo: list[tuple[Ref, frozenset[str], list[Ref]]]
                ) -> None:
    """Units with a fact the base lacks: superseded when a base unit of the aligned
    section speaks of the same thing (values masked), else carried."""
    th = ctx.thresholds
    # Only pairs with some words or a value frame in common are worth a vector: the
    # model is the slow part of a preview nobody has seen yet.
    lexical: dict[tuple[int, str], float] = {}
    wanted: set[str] = set()
    frames_of = [value_frames(r.unit.text, ctx.lexicon) if any(
        v.startswith(("n:", "name:")) for v in new) else set() for r, new, _ in todo]
    words: dict[str, frozenset[str]] = {}  # a base unit's words, once, not per pair
    base_frames: dict[str, set[str]] = {}

    def words_of(text: str) -> frozenset[str]:
        if text not in words:
            words[text] = content_words(ctx, normalise(masked(text)))
        return words[text]

    def frames_in(text: str) -> set[str]:
        if text not in base_frames:
            base_frames[text] = value_frames(text, ctx.lexicon)
        return base_frames[text]

    for i, (r, _new, pool) in enumerate(todo):
        mu = words_of(r.unit.text)
        for b in pool:
            if b.unit.kind == "code" and r.unit.kind != "code":
                continue
            score = share(mu, words_of(b.unit.text))
            lexical[(i, b.key)] = score
            if score >= th.embed_overlap or (
                    frames_of[i] and frames_of[i] & frames_in(b.unit.text)):
                wanted |= {r.unit.text, b.unit.text}
    rows = {}
    if len(wanted) > th.embed_budget:
        ctx.bounded.append(f"{len(wanted)} texts to compare by meaning, so units with a "
                           f"new fact were compared by their words only (budget "
                           f"{th.embed_budget})")
        wanted = set()
    if wanted:
        texts = sorted(wanted)
        rows = dict(zip(texts, ctx.vectors.matrix(texts), strict=True))
    for i, (r, new, pool) in enumerate(todo):
        u = r.unit
        best: tuple[float, Ref] | None = None
        frames = frames_of[i]
        said_anew: tuple[float, Ref] | None = None
        for b in pool:
            if (i, b.key) not in lexical or heads_apart(ctx, r, b) or label_unsaid(ctx, r, b):
                continue
            score = lexical[(i, b.key)]
            cos = float(rows[u.text] @ rows[b.unit.text]) if (
                u.text in rows and b.unit.text in rows) else 0.0
            if cos >= th.same_cosine and u.kind != "obs" and (
                    said_anew is None or cos > said_anew[0]):
                said_anew = (cos, b)
            # (a step's or item's number is its place in its list, no value: "3. Wash
            # the blender jars" gives no other value of "soak 10 minutes")
            theirs = b.facts.values - r.facts.values - list_number(b.unit.text)
            if any(v.startswith("name:") for v in theirs):  # a name both write is one
                # ("Millbrook & District Flying Club was founded ..." opens with it)
                theirs = frozenset(v for v in theirs if not v.startswith("name:")
                                   or v[5:] not in _text_words(u.text))
            if not theirs and new and cos < th.restated_cosine:
                continue  # it says nothing u does not: not another value
            if new and not same_kind(new, theirs):
                continue  # "420 pupils" / "autumn term 2025": a year is no other count
            if new and not kinds_meet(new, theirs):
                continue  # "at No. 3 Church Row" / "09:15–10:00": no other time
            if new and condition_kept(new, u.text, theirs,
                                      b.unit.text, ctx.lexicon):
                continue  # "Trees over £500 get a repot" / "Specimen trees from £180"
            shared = thing_frames(frames & frames_in(b.unit.text), ctx.lexicon) \
                if frames else set()
            ok = score * 100 >= th.thing_fuzz or cos >= th.thing_cosine or (
                shared and max(score, cos) >= th.frame_similarity) or any(
                "=" in f for f in shared) or (
                u.kind == "obs" == b.unit.kind and category(u.text) == category(b.unit.text)
                and max(score, cos) >= th.same_category_similarity) or (
                r.facts.decision and b.facts.decision and shared_words(
                    ctx, u.text, b.unit.text) >= th.decision_subject_words)
            if ok and (best is None or max(score, cos) > best[0]):
                best = (max(score, cos), b)
        if said_anew is not None and new and all(
                v.startswith("name:") and v[5:].removesuffix("s") not in ctx.lexicon.weekdays
                and v[5:] not in ctx.lexicon.months for v in new):  # (a day is when)
            # the newest says it; the older adds only a name ("Keller & Shaw techs must
            # hold EPA 608" / "Techs must hold EPA 608")
            b = said_anew[1]
            if _fuller(ctx, r, b, new):  # "the treasurer, Olu Adeyemi" / "the treasurer"
                ctx.fuller[r.key] = b.key
                ctx.entries[r.key] = entry_for(
                    r, "superseded", by=b.key, by_text=as_written(b), flips=_FLIP_PAIR,
                    why="the newest says it without the name this one adds")
                continue
            ctx.entries[r.key] = entry_for(r, "present", by=b.key, by_text=as_written(b),
                                           why="the newest says it; only a name differs")
            continue
        if best is not None and new and not _sibling(ctx, r, best[1]):
            b = best[1]
            ctx.entries[r.key] = entry_for(r, "superseded", by=b.key, by_text=as_written(b),
                                        why=ANOTHER_VALUE,
                                        flips=_FLIP_PAIR)
            continue
        if not new and u.kind == "item":  # a list's rule with no value in it
            if best is not None or said_anew is not None:
                ctx.entries[r.key] = entry_for(r, "dropped", flips=_FLIP_CARRY,
                                               why=f"{WORDING_ONLY}; the newest speaks to it")
            elif ctx.action == "update":
                ctx.entries[r.key] = entry_for(r, "dropped", flips=_FLIP_CARRY,
                                               why="update writes the newest note's prose")
            else:
                ctx.entries[r.key] = entry_for(r, "carried", flips=_FLIP_CARRY,
                                               why="a rule nothing in the newest speaks to")
            continue
        if not new and u.kind not in STRUCTURED:  # a statement about named things
            said = said_anew is not None or (best is not None and best[0] >= th.same_cosine)
            if not said and best is not None:  # the newest speaks of it its own way
                ctx.entries[r.key] = entry_for(r, "superseded", by=best[1].key,
                                               by_text=as_written(best[1]), flips=_FLIP_PAIR,
                                               why=SAID_ITS_WAY)
                continue
            if not said and (prev := _replaced_before(ctx, r)) is not None:
                ctx.entries[r.key] = entry_for(  # "Rooms at the Hilton. The hotel is ..."
                    r, "superseded", by=prev.by, by_text=prev.by_text, flips=_FLIP_PAIR,
                    why=LEANS_ON_REPLACED)
                continue
            status = "present" if said else "dropped" if ctx.action == "update" else "carried"
            ctx.entries[r.key] = entry_for(
                r, status, flips=() if said else _FLIP_CARRY,
                why="the newest says it" if said else "update writes the newest note's "
                "prose" if status == "dropped" else "what it says of them the newest lacks")
            continue
        if not new:  # an observation without facts
            if best is not None and best[0] >= th.same_cosine:
                # the newest says it in other words, or with one word changed: the
                # newest's wording is written and the older reported against it
                b = best[1]
                ctx.entries[r.key] = entry_for(r, "superseded", by=b.key,
                                               by_text=as_written(b), flips=_FLIP_PAIR,
                                               why=SAID_ITS_WAY)
            else:
                ctx.entries[r.key] = entry_for(r, "carried", flips=_FLIP_CARRY,
                                               why="an observation the newest lacks")
            continue
        if ctx.action == "update" and u.kind not in STRUCTURED:
            ctx.entries[r.key] = entry_for(r, "dropped", why="update writes the newest "
                                        "note's prose", flips=_FLIP_CARRY)
            continue
        ctx.entries[r.key] = entry_for(r, "carried", why="a fact the newest lacks: "
                                    + ", ".join(sorted(v.split(":", 1)[1] for v in new)[:3]),
                                    flips=_FLIP_CARRY)


__all__ = ["run", "ORDERED"]
